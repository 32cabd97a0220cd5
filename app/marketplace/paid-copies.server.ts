/**
 * A paid copy: what makes someone a deck's buyer, written once as SQL conditions. A purchase that
 * was refunded, or whose checkout never completed, is not one. The deck pages, ownership, the
 * reading room's seating, reviews, deleting a deck and deleting an account all ask through these.
 *
 * Each operand is a value (bound as a parameter), a placeholder of a prepared query, or a column
 * of the surrounding query, such as `decks.id`.
 */
import { and, eq, ne, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import { deckPurchases } from "../../db/schema";

type Operand = string | Placeholder | SQLWrapper;

/** A `deck_purchases` row that is a paid copy of the deck (held by `buyerId`, when one is named). */
export function paidCopy(deckId: Operand, buyerId?: Operand): SQL {
  const copy = and(eq(deckPurchases.deckId, deckId), eq(deckPurchases.status, "paid"));
  return (buyerId === undefined ? copy : and(copy, eq(deckPurchases.buyerId, buyerId)))!;
}

/** Somebody (or `buyerId`, when named) holds a paid copy of the deck. */
export const paidCopyExists = (deckId: Operand, buyerId?: Operand): SQL => sql`exists (select 1 from ${deckPurchases} where ${paidCopy(deckId, buyerId)})`;

/** Somebody other than `personId` holds a paid copy of the deck. */
export const paidCopyHeldByOthers = (deckId: Operand, personId: Operand): SQL =>
  sql`exists (select 1 from ${deckPurchases} where ${paidCopy(deckId)} and ${ne(deckPurchases.buyerId, personId)})`;

/** How many paid copies of the deck there are. */
export const paidCopyCount = (deckId: Operand) => sql<number>`(select count(*) from ${deckPurchases} where ${paidCopy(deckId)})`;
