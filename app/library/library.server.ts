// The library's reads: the card as painted in decks anyone may see whole.
import { and, desc, eq, isNotNull, not, or, sql } from "drizzle-orm";
import { cards, deckListings, decks } from "../../db/schema";
import type { Database } from "../db.server";
import { cardImageUrl } from "../decks/images";
import { collectionDeck } from "../decks/queries.server";
import { readShape, type Slots } from "../lib/page-reads.server";
import { hiddenByStaff } from "../marketplace/ownership.server";

/** How many public decks a card page shows the card from. */
export const PAINTED_IN_DECKS = 4;

/**
 * The card as painted in the newest public decks whose every picture is open to anyone: public,
 * not sold for a price, not hidden by staff (the same decks the reading table offers everyone).
 */
export function paintedInPublicDecksQuery(db: Database, key: string) {
  const priced = sql`exists (select 1 from ${deckListings} where ${deckListings.deckId} = ${decks.id} and ${deckListings.priceCents} > 0)`;
  return db
    .select({ deckId: decks.id, title: decks.title, imageKey: cards.imageKey, updatedAt: cards.updatedAt })
    .from(cards)
    .innerJoin(decks, eq(decks.id, cards.deckId))
    .where(
      and(
        eq(cards.cardKey, key),
        eq(cards.status, "ready"),
        isNotNull(cards.imageKey),
        eq(decks.status, "ready"),
        eq(decks.isPublic, true),
        not(priced),
        not(hiddenByStaff(decks.id)),
      ),
    )
    .orderBy(desc(decks.createdAt))
    .limit(PAINTED_IN_DECKS);
}

/** The painted cards as the page shows them. */
export function toPaintings(rows: { deckId: string; title: string; imageKey: string | null; updatedAt: number }[]) {
  return rows.map((row) => ({ deckId: row.deckId, title: row.title, imageUrl: cardImageUrl(row.imageKey, row.updatedAt)! }));
}

/**
 * The library in the person's chosen deck (decision 0108): the decks of their collection they may
 * choose, and the painted cards of the chosen one (nothing when it is not theirs to see whole).
 * Asked only with a session: a visitor reads the classic deck, written in the code.
 */
export const LIBRARY_DECK = readShape((db, me, slots: Slots<{ deckId: string; cardKey: string }>) => [
  db.select({ id: decks.id, title: decks.title }).from(decks).where(collectionDeck(me)).orderBy(desc(decks.createdAt)).limit(100),
  db
    .select({
      deckId: decks.id,
      title: decks.title,
      key: cards.cardKey,
      name: sql<string>`coalesce(${cards.editedName}, ${cards.name})`,
      description: sql<string | null>`coalesce(${cards.editedDescription}, ${cards.description})`,
      imageKey: cards.imageKey,
      updatedAt: cards.updatedAt,
    })
    .from(cards)
    .innerJoin(decks, eq(decks.id, cards.deckId))
    .where(
      and(
        eq(decks.id, slots.deckId),
        collectionDeck(me),
        eq(cards.status, "ready"),
        isNotNull(cards.imageKey),
        // One card for a card's page, every card for the index.
        or(eq(slots.cardKey, ""), eq(cards.cardKey, slots.cardKey)),
      ),
    ),
]);

export type LibraryPicture = { url: string; alt: string };

/** The first sentence of a painting's description, for its `alt`: enough to picture it, short enough for a grid. */
export function firstSentence(text: string, max = 180): string {
  const sentence = /^.*?[.!?](?=\s|$)/s.exec(text.trim())?.[0] ?? text.trim();
  return sentence.length <= max ? sentence : `${sentence.slice(0, max - 1).trimEnd()}…`;
}

/** The chosen deck's pictures by card key, each with its alt text, or null to show the classic deck. */
export function chosenDeckPictures(
  rows: { deckId: string; title: string; key: string; name: string; description: string | null; imageKey: string | null; updatedAt: number }[],
) {
  const first = rows[0];
  if (!first) return null;
  const pictures: Record<string, LibraryPicture> = {};
  for (const row of rows) {
    const url = cardImageUrl(row.imageKey, row.updatedAt);
    if (!url) continue;
    const about = row.description ? `: ${firstSentence(row.description)}` : "";
    pictures[row.key] = { url, alt: `${row.name}, from ${first.title}${about}` };
  }
  return { deck: { id: first.deckId, title: first.title }, pictures };
}
