import { CHAT_KEPT, type ChatEntry } from "../../app/reading-room/messages";
import type { RoomState } from "../../app/reading-room/state";

/** The table's chat, the latest `CHAT_KEPT` lines. */
const CHAT_KEY = "chat";

/** The table's chat, kept in the room's own storage. */
export class TableChat {
  constructor(private readonly storage: DurableObjectStorage) {}

  /** The lines a tab that joins or comes back gets. */
  async lines(): Promise<ChatEntry[]> {
    return (await this.storage.get<ChatEntry[]>(CHAT_KEY)) ?? [];
  }

  /** Keeps a line from someone at the table, named by the room; the line to tell everyone, or null for someone not seated. */
  async say(state: RoomState | null, memberId: string, text: string): Promise<ChatEntry | null> {
    const member = state?.members.find((m) => m.id === memberId);
    if (!member) return null;
    const entry: ChatEntry = { id: crypto.randomUUID(), from: memberId, name: member.name, text, at: Date.now() };
    const chat = [...((await this.storage.get<ChatEntry[]>(CHAT_KEY)) ?? []), entry].slice(-CHAT_KEPT);
    await this.storage.put(CHAT_KEY, chat);
    return entry;
  }
}
