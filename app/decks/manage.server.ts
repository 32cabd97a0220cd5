import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { cards, deckPurchases, decks, users } from "../../db/schema";
import type { Database } from "../db.server";
import { meaningOf } from "../tarot/meanings";
import { FULL_DECK } from "../tarot/cards";
import { cardBackUrl, cardImageUrl } from "./images";
import { deleteMediaUnder } from "../media/media.server";
import { sharePicturePrefix } from "../media/picture-style";

export const renameForm = z.object({
  title: z.string().trim().min(1, "Give the deck a title").max(80, "Keep the title under 80 characters"),
});

const CARD_ORDER = new Map(FULL_DECK.map((card, index) => [card.key, index]));

/** The owner's deck with every card, its description, meanings and status; null for anyone else. */
export async function getOwnDeck(db: Database, deckId: string, ownerId: string) {
  const deck = await db.query.decks.findFirst({ where: and(eq(decks.id, deckId), eq(decks.creatorId, ownerId)) });
  return deck ? withCards(db, deck) : null;
}

/** A deck the user bought (a paid purchase) with every card; null when they hold no paid copy. */
export async function getBoughtDeck(db: Database, deckId: string, buyerId: string) {
  const [row] = await db
    .select({ deck: decks, creator: users.username })
    .from(decks)
    .innerJoin(deckPurchases, and(eq(deckPurchases.deckId, decks.id), eq(deckPurchases.buyerId, buyerId), eq(deckPurchases.status, "paid")))
    .innerJoin(users, eq(users.id, decks.creatorId))
    .where(eq(decks.id, deckId))
    .limit(1);
  return row ? { ...(await withCards(db, row.deck)), creator: row.creator } : null;
}

async function withCards(db: Database, deck: typeof decks.$inferSelect) {
  const deckId = deck.id;
  const rows = await db.select().from(cards).where(eq(cards.deckId, deckId)).orderBy(asc(cards.number));
  rows.sort((a, b) => (CARD_ORDER.get(a.cardKey) ?? 0) - (CARD_ORDER.get(b.cardKey) ?? 0));
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
    backUrl: cardBackUrl(deck.theme, deck.artStyle),
    cards: rows.map((card) => {
      const meaning = meaningOf({ key: card.cardKey });
      return {
        key: card.cardKey,
        name: card.name,
        status: card.status,
        description: card.description,
        imageUrl: cardImageUrl(card.imageKey, card.updatedAt),
        regenerations: card.regenerations,
        upright: meaning.upright,
        reversed: meaning.reversed,
      };
    }),
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

/** Publishing needs a finished deck; making it private again is always allowed. */
export async function setDeckVisibility(db: Database, deckId: string, ownerId: string, isPublic: boolean): Promise<"done" | "not-found" | "not-ready"> {
  const result = await db
    .update(decks)
    .set({ isPublic, updatedAt: Date.now() })
    .where(and(eq(decks.id, deckId), eq(decks.creatorId, ownerId), isPublic ? eq(decks.status, "ready") : sql`1 = 1`))
    .returning({ id: decks.id });
  if (result.length === 1) return "done";
  // Someone else's deck, or none at all, is not found; only the owner learns it is unfinished.
  const own = await db.query.decks.findFirst({ columns: { id: true }, where: and(eq(decks.id, deckId), eq(decks.creatorId, ownerId)) });
  return own ? "not-ready" : "not-found";
}

/** Deletes the deck, its cards (cascade) and their images. */
export async function deleteDeck(db: Database, bucket: R2Bucket, deckId: string, ownerId: string) {
  const deck = await db.query.decks.findFirst({ columns: { id: true }, where: and(eq(decks.id, deckId), eq(decks.creatorId, ownerId)) });
  if (!deck) return false;
  await db.delete(decks).where(eq(decks.id, deckId));
  await deleteMediaUnder(bucket, `card-images/${deckId}/`);
  await deleteMediaUnder(bucket, sharePicturePrefix(`decks/${deckId}`));
  return true;
}
