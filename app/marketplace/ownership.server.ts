/**
 * Ownership: who may see a deck's card pictures. The one answer the media route, the marketplace
 * deck page and the reading room ask.
 *
 * - the owner and a buyer with a paid purchase see every card;
 * - anyone sees a listed deck's preview cards, and every card of a free listed deck;
 * - a deck listed for a price keeps its other cards locked, even when it is public;
 * - otherwise a public deck is seen by anyone, a private one by the people seated at an open
 *   reading where its owner or a buyer laid it;
 * - at such a table, a deck listed for a price shows the people who have not bought it only the
 *   cards turned over there (and its previews): one purchase is not shared with every guest;
 * - a deck the staff hid from the marketplace is seen by its owner and buyers only, as if private.
 */
import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { cards, deckListings, decks } from "../../db/schema";
import type { Database } from "../db.server";
import { tablesWithDeck } from "../reading-room/seats.server";
import { paidCopy } from "./paid-copies.server";

export type DeckRelation = "owner" | "buyer" | null;

type ListingRow = { status: string; hiddenAt: number | null; priceCents: number; previewCardKeys: string[] };

/** The cards a viewer may see beyond the public ones: every card, or these keys. */
export type SeenCards = "all" | Set<string>;

/** Whether a card is among those seen; a picture no card names (`cardKey` null) is only in "all". */
export const sees = (seen: SeenCards, cardKey: string | null) => seen === "all" || (cardKey !== null && seen.has(cardKey));

/** A price on the listing, on sale or not: what locks a deck's cards. */
const isPriced = (listing: ListingRow | null | undefined) => Boolean(listing && listing.priceCents > 0);

/**
 * What the people seated at a table with the deck see of it, beyond the public cards: of a priced
 * deck, only `revealed` (the cards turned over there); of any other, every card (decision 0021).
 */
export function seenAtTable(listing: ListingRow | null | undefined, revealed: Iterable<string>): SeenCards {
  return isPriced(listing) ? new Set(revealed) : "all";
}

/** A listing anyone can find: listed, and not hidden by staff. */
export const isOnSale = (listing: ListingRow | null | undefined): listing is ListingRow =>
  Boolean(listing && listing.status === "listed" && listing.hiddenAt === null);

/** "The staff hid this deck" as a condition on a query's deck id column: such a deck is never public. */
export const hiddenByStaff = (deckId: SQLWrapper): SQL =>
  sql`exists (select 1 from ${deckListings} where ${deckListings.deckId} = ${deckId} and ${deckListings.hiddenAt} is not null)`;

/** The relation from what is known: who made the deck, and whether the viewer holds a paid copy of it. */
export function relationOf(creatorId: string | undefined, viewerId: string | null, bought: boolean): DeckRelation {
  if (!viewerId) return null;
  if (creatorId === viewerId) return "owner";
  return bought ? "buyer" : null;
}

/** Whether the viewer made the deck, bought it (a paid purchase), or neither. */
export async function deckRelation(db: Database, deckId: string, viewerId: string | null, creatorId?: string): Promise<DeckRelation> {
  if (!viewerId) return null;
  if (creatorId === viewerId) return "owner";
  // The deck's maker and the viewer's purchase are asked at once when the maker is not known yet.
  const [deck, bought] = await Promise.all([
    creatorId === undefined ? db.query.decks.findFirst({ columns: { creatorId: true }, where: eq(decks.id, deckId) }) : null,
    hasPaidPurchase(db, deckId, viewerId),
  ]);
  return relationOf(creatorId ?? deck?.creatorId, viewerId, bought);
}

export async function hasPaidPurchase(db: Database, deckId: string, buyerId: string): Promise<boolean> {
  const row = await db.query.deckPurchases.findFirst({
    columns: { id: true },
    where: paidCopy(deckId, buyerId),
  });
  return Boolean(row);
}

/**
 * Which cards of a deck anyone may see without owning it: "all", a set of card keys, or none.
 * A price on the listing locks every card but the previews, whether or not the deck is public.
 */
export function publicCards(deck: { isPublic: boolean }, listing: ListingRow | null | undefined): "all" | Set<string> {
  if (listing && listing.hiddenAt !== null) return new Set();
  if (isPriced(listing)) return new Set(isOnSale(listing) ? listing.previewCardKeys : []);
  if (isOnSale(listing)) return "all";
  return deck.isPublic ? "all" : new Set();
}

/** The deck's maker and visibility, and its listing, read at once. */
function deckAndListing(db: Database, deckId: string) {
  return Promise.all([
    db.query.decks.findFirst({ columns: { isPublic: true, creatorId: true }, where: eq(decks.id, deckId) }),
    db.query.deckListings.findFirst({ where: eq(deckListings.deckId, deckId) }),
  ]);
}

/**
 * What anyone, and what a given viewer, may see of a deck's pictures, asked once for any number of
 * its cards; null when there is no such deck. `isPublic(cardKey)`: anyone may see that card (a
 * picture no card names, `cardKey` null, is never a preview). `seenBy(viewerId)`: the cards the
 * viewer may see beyond those: every card as its owner or a buyer; seated at an open table with
 * it, what that table shows (`seenAtTable`, from the cards the room mirrored as turned over).
 */
export async function deckPictures(db: Database, deckId: string) {
  const [deck, listing] = await deckAndListing(db, deckId);
  if (!deck) return null;
  const open = publicCards(deck, listing);
  return {
    isPublic: (cardKey: string | null) => sees(open, cardKey),
    async seenBy(viewerId: string | null): Promise<SeenCards> {
      if (!viewerId) return new Set();
      if (relationOf(deck.creatorId, viewerId, false) === "owner") return "all";
      const [bought, tables] = await Promise.all([hasPaidPurchase(db, deckId, viewerId), tablesWithDeck(db, viewerId, deckId)]);
      if (relationOf(deck.creatorId, viewerId, bought)) return "all";
      return tables.seated ? seenAtTable(listing, tables.revealed) : new Set();
    },
  };
}

/**
 * What a person seated at a reading sees of the deck on its table, `revealed` being the cards turned
 * over there as the room has them: every card as its owner or a buyer, else the public cards and
 * what the table shows (`seenAtTable`). One round trip: the deck, its listing and the purchase at once.
 */
export async function seenOnTable(db: Database, deckId: string, viewerId: string, revealed: Iterable<string>): Promise<SeenCards> {
  const [[deck, listing], bought] = await Promise.all([deckAndListing(db, deckId), hasPaidPurchase(db, deckId, viewerId)]);
  if (!deck) return new Set();
  if (relationOf(deck.creatorId, viewerId, bought)) return "all";
  const open = publicCards(deck, listing);
  const shown = seenAtTable(listing, revealed);
  return open === "all" || shown === "all" ? "all" : new Set([...open, ...shown]);
}

/**
 * May this viewer see this card's picture: "public" (anyone may), "private" (this viewer may), or
 * null (no such deck, or not this viewer). The card may still be on its way (a promise), read
 * beside the deck; the viewer is only asked for when it matters.
 */
export async function cardPictureAccess(
  db: Database,
  deckId: string,
  cardKey: string | null | Promise<string | null>,
  viewer: () => Promise<string | null>,
): Promise<"public" | "private" | null> {
  const [pictures, key] = await Promise.all([deckPictures(db, deckId), cardKey]);
  if (!pictures) return null;
  if (pictures.isPublic(key)) return "public";
  return sees(await pictures.seenBy(await viewer()), key) ? "private" : null;
}

/** The card (its key) whose picture is stored at `imageKey` in `deckId`. */
export async function cardKeyOfImage(db: Database, deckId: string, imageKey: string): Promise<string | null> {
  const row = await db.query.cards.findFirst({ columns: { cardKey: true }, where: and(eq(cards.deckId, deckId), eq(cards.imageKey, imageKey)) });
  return row?.cardKey ?? null;
}

/** Whether the person may lay the whole deck on a reading table: its owner, a buyer, or anyone when every card is public. */
export async function mayUseWholeDeck(db: Database, deckId: string, userId: string): Promise<boolean> {
  const deck = await db.query.decks.findFirst({ columns: { id: true, isPublic: true }, where: eq(decks.id, deckId) });
  if (!deck) return false;
  return (await viewerCards(db, deck, userId)).open === "all";
}

/**
 * The cards whose pictures this viewer may see in a deck page or a preview: every card for the
 * owner and buyers, else the ones anyone may see. A viewer seated at a table with the deck sees
 * there what the table shows (`seenAtTable`); a page outside the table shows only these.
 */
export async function viewerCards(
  db: Database,
  deck: { id: string; isPublic: boolean },
  viewerId: string | null,
): Promise<{ relation: DeckRelation; open: "all" | Set<string> }> {
  const [relation, listing] = await Promise.all([
    deckRelation(db, deck.id, viewerId),
    db.query.deckListings.findFirst({ where: eq(deckListings.deckId, deck.id) }),
  ]);
  return { relation, open: relation ? "all" : publicCards(deck, listing) };
}
