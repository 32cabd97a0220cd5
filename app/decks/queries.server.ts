import { and, asc, desc, eq, not, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { cards, deckPurchases, decks, users } from "../../db/schema";
import type { Database } from "../db.server";
import type { Me } from "../lib/page-reads.server";
import { hiddenByStaff } from "../marketplace/ownership.server";
import { paidCopy, paidCopyExists } from "../marketplace/paid-copies.server";
import { cardImageUrl } from "./images";
import { verifiedCreatorSql } from "../entitlements/entitlements.server";

const coverCard = alias(cards, "cover_card");

const deckSummaryColumns = {
  id: decks.id,
  title: decks.title,
  theme: decks.theme,
  description: decks.description,
  artStyle: decks.artStyle,
  kind: decks.kind,
  status: decks.status,
  isPublic: decks.isPublic,
  priceCents: decks.priceCents,
  createdAt: decks.createdAt,
  creatorUsername: users.username,
  creatorName: users.fullName,
  /** The creator's verified-creator badge, from their live plan. */
  creatorVerified: verifiedCreatorSql(sql`${decks.creatorId}`).mapWith((value) => Number(value) === 1),
  coverImageKey: coverCard.imageKey,
  coverUpdatedAt: coverCard.updatedAt,
  coverName: coverCard.name,
  cardCount: sql<number>`(select count(*) from ${cards} where ${cards.deckId} = ${decks.id})`,
};

function toSummary<T extends { coverImageKey: string | null; coverUpdatedAt: number | null }>(row: T) {
  const { coverImageKey, coverUpdatedAt, ...rest } = row;
  return { ...rest, coverUrl: cardImageUrl(coverImageKey, coverUpdatedAt ?? 0) };
}

export type DeckSummary = ReturnType<typeof toSummary<Awaited<ReturnType<typeof userDecksQuery>>[number]>>;

function summaries(db: Database) {
  return db.select(deckSummaryColumns).from(decks).innerJoin(users, eq(users.id, decks.creatorId)).leftJoin(coverCard, eq(coverCard.id, decks.coverCardId));
}

/** A person's own decks, newest first (the query; `toSummaries` shapes its rows). */
export function userDecksQuery(db: Database, owner: string | Me) {
  return summaries(db).where(eq(decks.creatorId, owner)).orderBy(desc(decks.createdAt));
}

/** Decks the person bought (a paid purchase), newest purchase first, with their creator (the query; `toSummaries` shapes its rows). */
export function boughtDecksQuery(db: Database, buyer: string | Me) {
  return summaries(db).innerJoin(deckPurchases, paidCopy(decks.id, buyer)).orderBy(desc(deckPurchases.createdAt));
}

export const toSummaries = <T extends { coverImageKey: string | null; coverUpdatedAt: number | null }>(rows: T[]) => rows.map(toSummary);

/** A public deck with its cards in order, or null when it does not exist or is private. */
export function getPublicDeck(db: Database, deckId: string) {
  return getViewableDeck(db, deckId, null);
}

/** A deck the viewer may see (public and not hidden by staff, their own, or bought) with its cards in order; null otherwise. */
export async function getViewableDeck(db: Database, deckId: string, viewerId: string | null) {
  const isPublic = and(eq(decks.isPublic, true), not(hiddenByStaff(decks.id)));
  const visible = viewerId ? or(isPublic, eq(decks.creatorId, viewerId), paidCopyExists(decks.id, viewerId)) : isPublic;
  // The deck and its cards in one round trip; the cards are dropped unread when the deck is not the viewer's to see.
  const [[deck], deckCards] = await db.batch([
    summaries(db)
      .where(and(eq(decks.id, deckId), visible))
      .limit(1),
    db
      .select({
        id: cards.id,
        name: cards.name,
        cardKey: cards.cardKey,
        arcana: cards.arcana,
        number: cards.number,
        imageKey: cards.imageKey,
        updatedAt: cards.updatedAt,
      })
      .from(cards)
      .where(eq(cards.deckId, deckId))
      .orderBy(
        asc(cards.arcana),
        sql`case ${cards.suit} when 'wands' then 1 when 'cups' then 2 when 'swords' then 3 when 'pentacles' then 4 else 0 end`,
        asc(cards.number),
      ),
  ]);
  if (!deck) return null;
  return {
    ...toSummary(deck),
    cards: deckCards.map(({ imageKey, updatedAt, ...card }) => ({ ...card, imageUrl: cardImageUrl(imageKey, updatedAt) })),
  };
}

/** A finished deck in the person's collection, every picture theirs to see: one they made or one they bought. */
export const collectionDeck = (person: Me | string): SQL => and(eq(decks.status, "ready"), or(eq(decks.creatorId, person), paidCopyExists(decks.id, person)))!;
