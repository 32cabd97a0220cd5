// The library's reads: the card as painted in decks anyone may see whole.
import { and, desc, eq, isNotNull, not, sql } from "drizzle-orm";
import { cards, deckListings, decks } from "../../db/schema";
import type { Database } from "../db.server";
import { cardImageUrl } from "../decks/images";
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
