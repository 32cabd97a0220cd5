import { createAi } from "../../app/ai/ai.server";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { saveToJournals } from "../../app/reading-room/journal.server";
import { deckThemeOf, readingCards } from "../../app/reading-room/room-store.server";
import type { ReadingRequest } from "../../app/ai/service";
import { spreadOf, type RoomEvent, type RoomState } from "../../app/reading-room/state";

/** Pieces of the interpretation are gathered for this long before they go to the table. */
const STREAM_FLUSH_MS = 60;

/** What the table reads when the room restarted while the interpretation was being written. */
export const INTERRUPTED_TEXT = "The interpretation was interrupted. Ask for it again.";

/** What writing the interpretation needs of its room. */
export type InterpretingRoom = {
  env: Env;
  readingId: string;
  /** The table as it stands now. */
  state(): RoomState;
  commit(events: RoomEvent[], options?: { mirror?: "soon" | "now" | false }): Promise<void>;
};

/** What the writer is asked for a table: its question, cards and the spread by its own name (a spread of one's own too). */
export function readingRequest(state: RoomState, theme: string | null, seed: string): ReadingRequest {
  return { question: state.question, spread: spreadOf(state)?.phrase ?? "free layout", cards: readingCards(state), theme, seed };
}

/**
 * Writes the interpretation and streams it to the table as the model writes it, in pieces
 * gathered for at most `STREAM_FLUSH_MS`; the finished text is mirrored and kept in journals.
 */
export async function writeInterpretation(room: InterpretingRoom) {
  const state = room.state();
  const ai = createAi(readConfig(room.env), room.env);
  let text = "";
  let pending = "";
  let flushedAt = Date.now();
  const flush = async () => {
    if (!pending) return;
    const piece = pending;
    pending = "";
    flushedAt = Date.now();
    await room.commit([{ type: "interpretationWritten", text: piece, at: flushedAt }], { mirror: false });
  };
  try {
    const theme = await deckThemeOf(createDatabase(room.env.DB), state.deckId).catch(() => null);
    for await (const piece of ai.streamReading(readingRequest(state, theme, room.readingId))) {
      text += piece;
      pending += piece;
      if (Date.now() - flushedAt >= STREAM_FLUSH_MS) await flush();
    }
    await flush();
  } catch (error) {
    console.error("interpretation failed", error);
    if (!text) text = "The interpretation could not be written just now. Ask for it again in a moment.";
  }
  await room.commit([{ type: "interpretationFinished", text, at: Date.now() }]);
  await saveToJournals(createDatabase(room.env.DB), room.readingId, room.state()).catch((error) => console.error("saving the reading to journals", error));
}
