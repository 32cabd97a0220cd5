/**
 * What a shared reading's link preview shows, for anyone: the question and the cards beside the
 * first card a stranger may see (a private deck's cards are named, never shown).
 */
import type { Database } from "../db.server";
import type { ShareSource } from "../media/share-picture.server";
import { cardsLine } from "./cards-line";
import { recordFaces } from "./deck-art.server";
import { getSharedReading } from "./journal.server";

/** The preview's picture source, or null when the share is gone or no card of it may be shown to a stranger. */
export async function readingShareSource(db: Database, shareId: string): Promise<ShareSource | null> {
  const reading = await getSharedReading(db, shareId);
  if (!reading) return null;
  const open = await recordFaces(
    db,
    reading.deckId,
    reading.cards.map((card) => card.key),
    null,
  );
  const first = reading.cards.find((card) => open[card.key]);
  if (!first) return null;
  return {
    scope: `readings/${shareId.slice(0, 64)}`,
    face: open[first.key]!,
    eyebrow: `A tarot reading · ${reading.spreadName}`,
    title: reading.question ? `“${reading.question}”` : "A tarot reading",
    lines: [cardsLine(reading.cards)],
  };
}
