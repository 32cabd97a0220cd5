import { and, asc, eq, not, sql, type Placeholder } from "drizzle-orm";
import { cardPictureViews, cardPicturesQuery } from "./card-pictures.server";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { cards, deckListings, decks, users } from "../../db/schema";
import { paidCopyCount, paidCopyExists } from "../marketplace/paid-copies.server";
import { selectRecord, settleQuota } from "../credits/credits.server";
import { repaintsUsedSql } from "../entitlements/entitlements.server";
import type { BatchResponse } from "drizzle-orm/batch";
import type { Database } from "../db.server";
import { readShape, type Me, type Slots } from "../lib/page-reads.server";
import { meaningOf } from "../tarot/meanings";
import { FULL_DECK } from "../tarot/cards";
import { cardImageUrl } from "./images";
import { deckBackOf, deckBackUrl } from "./card-back";
import { deleteMediaUnder } from "../media/media.server";
import { sharePicturePrefix } from "../media/picture-style";

export const renameForm = lazySchema(() =>
  z.object({
    title: z.string().trim().min(1, "Give the deck a title").max(80, "Keep the title under 80 characters"),
  }),
);

const CARD_ORDER = new Map(FULL_DECK.map((card, index) => [card.key, index]));

/** The owner's deck with every card, its description, meanings and status; null for anyone else. */
export async function getOwnDeck(db: Database, deckId: string, ownerId: string) {
  const deck = await db.query.decks.findFirst({ where: and(eq(decks.id, deckId), eq(decks.creatorId, ownerId)) });
  return deck ? deckWithCards(deck, await cardsOf(db, deckId)) : null;
}

/** What a deck's pages show of each card. */
const cardColumns = {
  cardKey: cards.cardKey,
  name: cards.name,
  status: cards.status,
  description: cards.description,
  imageKey: cards.imageKey,
  updatedAt: cards.updatedAt,
  editedName: cards.editedName,
  editedDescription: cards.editedDescription,
  prompt: cards.prompt,
};

function cardsOf(db: Database, deckId: string | Placeholder) {
  return db.select(cardColumns).from(cards).where(eq(cards.deckId, deckId)).orderBy(asc(cards.number));
}

/**
 * What a deck's own page reads, for the page's one round trip (lib/page-reads): the deck with its
 * creator, whether `me` bought it, how many bought it and the repaints it has used; its cards; the
 * person's quota record; and the deck's listing. `deckPage` makes the page of the answers.
 */
function deckPageQueries(db: Database, deckId: string | Placeholder, me: Me) {
  return [
    db
      .select({
        deck: decks,
        creator: users.username,
        bought: sql<number>`${paidCopyExists(decks.id, me)}`,
        buyers: paidCopyCount(decks.id),
        repaintsUsed: repaintsUsedSql(deckId),
      })
      .from(decks)
      .innerJoin(users, eq(users.id, decks.creatorId))
      .where(eq(decks.id, deckId))
      .limit(1),
    cardsOf(db, deckId),
    selectRecord(db, me),
    db.select().from(deckListings).where(eq(deckListings.deckId, deckId)).limit(1),
  ] as const;
}

/** The deck page's reads, written once for the isolate: `context.read(DECK_PAGE_READS, { deckId })`. */
export const DECK_PAGE_READS = readShape((db, me, { deckId }: Slots<{ deckId: string }>) => deckPageQueries(db, deckId, me));

type DeckPageAnswers = BatchResponse<ReturnType<typeof deckPageQueries>>;

/**
 * The deck's page for `userId` from what `deckPageQueries` read: null unless the deck is theirs
 * or bought (the cards are handed out only then).
 */
export async function deckPage(db: Database, [deckRows, cardRows, quotaRows, listingRows]: DeckPageAnswers, userId: string, now = Date.now()) {
  const row = deckRows[0];
  if (!row) return null;
  const own = row.deck.creatorId === userId;
  if (!own && !row.bought) return null;
  return {
    deck: deckWithCards(row.deck, cardRows),
    own,
    creator: row.creator,
    buyers: Number(row.buyers),
    repaintsUsed: Number(row.repaintsUsed),
    quota: await settleQuota(db, userId, quotaRows, now),
    listing: listingRows[0] ?? null,
  };
}

/**
 * One card of a deck the person made or bought, with its neighbours' keys for the way through the
 * deck (the deck page's card, as a page of its own); null for a deck they may not open.
 */
export async function readDeckCard(db: Database, deckId: string, cardKey: string, userId: string) {
  const [deckRows, cardRows, pictureRows] = await db.batch([
    db
      .select({
        deck: decks,
        bought: sql<number>`${paidCopyExists(decks.id, userId)}`,
      })
      .from(decks)
      .where(eq(decks.id, deckId))
      .limit(1),
    cardsOf(db, deckId),
    cardPicturesQuery(db, deckId, cardKey),
  ]);
  const row = deckRows[0];
  if (!row || (row.deck.creatorId !== userId && !row.bought)) return null;
  const deck = deckWithCards(row.deck, cardRows);
  const at = deck.cards.findIndex((card) => card.key === cardKey);
  if (at < 0) return null;
  const card = deck.cards[at]!;
  const own = row.deck.creatorId === userId;
  return {
    deck: { id: deck.id, title: deck.title, cardCount: deck.cards.length, own },
    // The owner's words for the card's painting are theirs alone: a buyer sees the picture, not what was asked of it.
    card: { ...card, ...meaningOf({ key: card.key }), prompt: own ? (cardRows.find((r) => r.cardKey === cardKey)?.prompt ?? null) : null },
    // The card's other pictures, to keep one instead, and the one it shows, which the choice names: the owner's alone.
    pictures: own ? cardPictureViews(pictureRows) : [],
    shownImageKey: own ? (cardRows.find((r) => r.cardKey === cardKey)?.imageKey ?? null) : null,
    previous: deck.cards[at - 1]?.key ?? null,
    next: deck.cards[at + 1]?.key ?? null,
  };
}

type CardRow = Awaited<ReturnType<typeof cardsOf>>[number];

function deckWithCards(deck: typeof decks.$inferSelect, rows: CardRow[]) {
  const sorted = [...rows].sort((a, b) => (CARD_ORDER.get(a.cardKey) ?? 0) - (CARD_ORDER.get(b.cardKey) ?? 0));
  return {
    id: deck.id,
    title: deck.title,
    theme: deck.theme,
    description: deck.description,
    artStyle: deck.artStyle,
    kind: deck.kind,
    quality: deck.quality,
    status: deck.status,
    isPublic: deck.isPublic,
    createdAt: deck.createdAt,
    back: deckBackOf(deck),
    backUrl: deckBackUrl(deck, deckBackOf(deck)),
    // The classic meanings are not sent with every card: the page loads them once, when a card is opened.
    // The owner's words when they gave some (buyers see them too), with the originals kept for undo.
    cards: sorted.map((card) => ({
      key: card.cardKey,
      name: card.editedName ?? card.name,
      status: card.status,
      description: card.editedDescription ?? card.description,
      // The writer's words are labelled as such; the owner's own are not.
      descriptionByAi: card.editedDescription === null,
      imageUrl: cardImageUrl(card.imageKey, card.updatedAt),
      original: card.editedName !== null || card.editedDescription !== null ? { name: card.name, description: card.description } : null,
    })),
  };
}

export async function renameDeck(db: Database, deckId: string, ownerId: string, title: string) {
  const result = await db
    .update(decks)
    .set({ title, updatedAt: Date.now() })
    .where(and(eq(decks.id, deckId), eq(decks.creatorId, ownerId)))
    .returning({ id: decks.id });
  return result.length === 1;
}

/**
 * Deletes the owner's deck and its pictures, unless someone holds a paid copy: a bought deck is
 * never deleted, its buyers keep it (the owner can take it out of the marketplace instead). The
 * check and the delete are one statement, so a purchase completed in between cannot go with the deck.
 */
export async function deleteDeck(db: Database, bucket: R2Bucket, deckId: string, ownerId: string): Promise<"deleted" | "has-buyers" | "not-found"> {
  const gone = await db
    .delete(decks)
    .where(and(eq(decks.id, deckId), eq(decks.creatorId, ownerId), not(paidCopyExists(decks.id))))
    .returning({ id: decks.id });
  if (gone.length === 0) return (await getOwnDeck(db, deckId, ownerId)) ? "has-buyers" : "not-found";
  await deleteMediaUnder(bucket, `card-images/${deckId}/`);
  await deleteMediaUnder(bucket, `card-backs/${deckId}/`);
  await deleteMediaUnder(bucket, `prints/${deckId}/`);
  await deleteMediaUnder(bucket, sharePicturePrefix(`decks/${deckId}`));
  return "deleted";
}
