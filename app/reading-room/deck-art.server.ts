/** The pictures a reading shows: a deck's painted cards and back, or the classic deck drawn on the fly. */
import { eq } from "drizzle-orm";
import { cards, decks } from "../../db/schema";
import type { Database } from "../db.server";
import { CLASSIC_STYLE, CLASSIC_THEME } from "../art/painted-card";
import { cardBackUrl, cardImageUrl, paintedCardUrl } from "../decks/images";
import { deckBackOf, deckBackUrl } from "../decks/card-back";
import { deckPictures, sees, seenOnTable } from "../marketplace/ownership.server";
import { FULL_DECK } from "../tarot/cards";

export { CLASSIC_STYLE, CLASSIC_THEME };

export type DeckArt = { faces: Record<string, string>; back: string };

/** The classic deck as the table's deck picker shows it. */
export const CLASSIC_CHOICE = {
  title: "Classic deck",
  cards: FULL_DECK.length,
  coverUrl: paintedCardUrl("major-00", CLASSIC_THEME, CLASSIC_STYLE),
  backUrl: cardBackUrl(CLASSIC_THEME, CLASSIC_STYLE),
};

/** Every card's picture, by card key, and the back; the classic deck's when `deckId` is null or gone. */
export async function deckArt(db: Database, deckId: string | null): Promise<DeckArt> {
  if (deckId) {
    const [[deck], rows] = await Promise.all([
      db
        .select({ theme: decks.theme, artStyle: decks.artStyle, cardBack: decks.cardBack, backImageKey: decks.backImageKey, updatedAt: decks.updatedAt })
        .from(decks)
        .where(eq(decks.id, deckId))
        .limit(1),
      db.select({ key: cards.cardKey, imageKey: cards.imageKey, updatedAt: cards.updatedAt }).from(cards).where(eq(cards.deckId, deckId)),
    ]);
    const faces: Record<string, string> = {};
    for (const row of rows) {
      const url = cardImageUrl(row.imageKey, row.updatedAt);
      if (url) faces[row.key] = url;
    }
    // The back the owner chose, painted or their own picture.
    if (deck) return { faces, back: deckBackUrl(deck, deckBackOf(deck)) };
  }
  const faces = Object.fromEntries(FULL_DECK.map((card) => [card.key, paintedCardUrl(card.key, CLASSIC_THEME, CLASSIC_STYLE)]));
  return { faces, back: cardBackUrl(CLASSIC_THEME, CLASSIC_STYLE) };
}

/**
 * The pictures of a kept reading's cards, as this viewer may see them (ownership's rule, card by
 * card): a card they may not see has no picture (the reading is still told by the cards' names).
 */
export async function recordFaces(db: Database, deckId: string | null, keys: string[], viewerId: string | null): Promise<Record<string, string>> {
  const [{ faces }, pictures] = await Promise.all([deckArt(db, deckId), deckId ? deckPictures(db, deckId) : null]);
  const painted = keys.filter((key) => faces[key]);
  // The viewer is asked about once for the whole reading, and only when a card is not public.
  const seen = pictures && painted.some((key) => !pictures.isPublic(key)) ? await pictures.seenBy(viewerId) : new Set<string>();
  const shown = deckId === null ? painted : painted.filter((key) => pictures && (pictures.isPublic(key) || sees(seen, key)));
  return Object.fromEntries(shown.map((key) => [key, faces[key]!]));
}

/**
 * The pictures of the deck on a reading's table as a person seated there may see them: every card
 * for its owner or a buyer (or any deck without a price), else only the previews and `revealed`,
 * the cards turned over on that table; a turned card's picture comes with the next page load.
 */
export async function tableArt(db: Database, deckId: string | null, viewerId: string, revealed: string[]): Promise<DeckArt> {
  const [art, seen] = await Promise.all([deckArt(db, deckId), deckId ? seenOnTable(db, deckId, viewerId, revealed) : ("all" as const)]);
  if (seen === "all") return art;
  return { ...art, faces: Object.fromEntries(Object.entries(art.faces).filter(([key]) => seen.has(key))) };
}
