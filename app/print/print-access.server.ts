/**
 * Who may print a deck: its owner, or a buyer holding a paid copy, whether or not the deck is still
 * in the marketplace (a bought deck stays the buyer's, as the Terms say; a refund ends it: decision
 * 0097). A buyer's files name them and the licence
 * the listing sold; the version covers the deck's cards, back and holder, so a changed card makes a
 * new print (decision 0071).
 */
import { eq } from "drizzle-orm";
import { cards, deckListings, deckPurchases, decks, users } from "../../db/schema";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { commercialRightsLabel } from "../entitlements/entitlements";
import { LICENCES } from "../marketplace/licences";
import { paidCopy } from "../marketplace/paid-copies.server";
import { hashOf } from "./renders.server";
import { FULL_DECK } from "../tarot/cards";
import { backVersion, deckBackOf } from "../decks/card-back";
import type { PrintCard, PrintDeck } from "./card-art.server";
import { backRenderKey, cardRenderKey } from "./renders.server";

const TAROT_ORDER = new Map(FULL_DECK.map((card, i) => [card.key, i]));

export type PrintAccess = {
  deck: PrintDeck & { title: string; creator: string };
  /** Each card with the key of its stored render. */
  cards: (PrintCard & { render: string })[];
  /** The key of the back's stored render. */
  backRender: string;
  holder: { id: string; name: string };
  role: "owner" | "buyer";
  /** The licence the holder has, as the title page and the README name it. */
  licence: string;
  version: string;
  /** The deck's own words for its guidebook, read only when asked for (they are never part of a print job). */
  words?: GuideWords;
};

/** What a guidebook says besides the tarot's meanings: the deck's description and each card's, as the owner left them. */
export type GuideWords = {
  description: string | null;
  artStyle: string | null;
  /** The deck's cover card (its key), shown on the box's front. */
  coverKey: string | null;
  /** Each card's description (the owner's words, or the original), by card key. */
  cards: Record<string, string | null>;
};
export type PrintRefusal = { status: 404 | 409; message: string };

const NOT_YOURS = "Only the deck's owner and its buyers can download it.";

/**
 * What the person may print of the deck, read in one round trip: the deck and its maker, its
 * listing, their paid copy and the cards. Refused: no such deck or not theirs (404: a refunded copy
 * is no longer theirs), a deck still being painted (409).
 */
export async function printAccess(db: Database, deckId: string, user: CurrentUser, options: { words?: boolean } = {}): Promise<PrintAccess | PrintRefusal> {
  const [deckRows, listing, copy, cardRows] = await db.batch([
    db
      .select({ deck: decks, creatorName: users.fullName, creatorUsername: users.username })
      .from(decks)
      .innerJoin(users, eq(users.id, decks.creatorId))
      .where(eq(decks.id, deckId)),
    db.select({ licence: deckListings.licence }).from(deckListings).where(eq(deckListings.deckId, deckId)),
    db.select({ id: deckPurchases.id }).from(deckPurchases).where(paidCopy(deckId, user.id)),
    db.select().from(cards).where(eq(cards.deckId, deckId)),
  ]);
  const row = deckRows[0];
  if (!row) return { status: 404, message: "Deck not found" };
  const { deck } = row;
  const own = deck.creatorId === user.id;
  if (!own && !copy[0]) return { status: 404, message: NOT_YOURS };
  // The licence the listing sold, whether the deck is still listed or not: taking it out of the
  // marketplace takes nothing from those who bought it.
  const sold = listing[0];
  if (deck.status !== "ready") return { status: 409, message: "The deck can be printed once every card is painted." };
  const licence = own ? `${commercialRightsLabel(user.plan.tier)} (your own deck)` : LICENCES[sold?.licence === "commercial" ? "commercial" : "personal"].short;
  const holderName = user.fullName ?? (user.username ? `@${user.username}` : own ? "The deck's creator" : "The buyer");
  const painter = { id: deck.id, theme: deck.theme, artStyle: deck.artStyle, paintingSecret: deck.paintingSecret };
  const printCards = await Promise.all(
    cardRows
      .sort((a, b) => (TAROT_ORDER.get(a.cardKey) ?? 0) - (TAROT_ORDER.get(b.cardKey) ?? 0))
      .map(async (card) => {
        const printCard: PrintCard = {
          key: card.cardKey,
          name: card.name,
          title: card.editedName ?? card.name,
          imageKey: card.imageKey,
          regenerations: card.regenerations,
        };
        return { ...printCard, render: await cardRenderKey(painter, { ...printCard, updatedAt: card.updatedAt }) };
      }),
  );
  const back = deckBackOf(deck);
  const version = await hashOf([
    deck.title,
    backVersion(back),
    holderName,
    licence,
    ...cardRows.map((card) => `${card.cardKey}:${card.imageKey}:${card.updatedAt}:${card.editedName ?? ""}`),
  ]);
  return {
    deck: { ...painter, title: deck.title, back, creator: row.creatorName ?? (row.creatorUsername ? `@${row.creatorUsername}` : "an Arcanum creator") },
    cards: printCards,
    backRender: await backRenderKey(painter, backVersion(back)),
    holder: { id: user.id, name: holderName },
    role: own ? "owner" : "buyer",
    licence,
    version,
    ...(options.words
      ? {
          words: {
            description: deck.description,
            artStyle: deck.artStyle,
            coverKey: cardRows.find((card) => card.id === deck.coverCardId)?.cardKey ?? null,
            cards: Object.fromEntries(cardRows.map((card) => [card.cardKey, card.editedDescription ?? card.description])),
          },
        }
      : {}),
  };
}

export const isRefusal = (access: PrintAccess | PrintRefusal): access is PrintRefusal => "status" in access;
