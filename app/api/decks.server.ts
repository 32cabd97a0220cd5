/**
 * The caller's decks as the API shows them: a page of them, one with its cards, and its progress.
 * Only the caller's own decks are found; anyone else's is not found.
 */
import { and, asc, desc, eq, lt, or, sql } from "drizzle-orm";
import { cards, decks } from "../../db/schema";
import type { Database } from "../db.server";
import { cardImageUrl } from "../decks/images";
import type { DeckCard, DeckProgress, DeckSummary } from "./schemas.server";

// Written out with an alias: in a select from one table drizzle leaves columns unqualified, and
// `id` inside the subquery would be the card's own.
const cardsWith = (status: string | null) =>
  sql<number>`(SELECT count(*) FROM cards AS counted WHERE counted.deck_id = "decks"."id"${status ? sql` AND counted.status = ${status}` : sql``})`;

const cardCounts = { cardsTotal: cardsWith(null), cardsReady: cardsWith("ready") };

const summaryColumns = {
  id: decks.id,
  title: decks.title,
  theme: decks.theme,
  description: decks.description,
  style: decks.artStyle,
  kind: decks.kind,
  quality: decks.quality,
  status: decks.status,
  isPublic: decks.isPublic,
  createdAt: decks.createdAt,
  ...cardCounts,
};

type SummaryRow = {
  cardsTotal: number;
  cardsReady: number;
  id: string;
  title: string;
  theme: string;
  description: string | null;
  style: string | null;
  kind: DeckSummary["kind"];
  quality: DeckSummary["quality"];
  status: DeckSummary["status"];
  isPublic: boolean;
  createdAt: number;
};

function toSummary(row: SummaryRow, origin: string): DeckSummary {
  return {
    id: row.id,
    title: row.title,
    theme: row.theme,
    description: row.description,
    style: row.style,
    kind: row.kind,
    quality: row.quality,
    status: row.status,
    isPublic: row.isPublic,
    cardsReady: Number(row.cardsReady),
    cardsTotal: Number(row.cardsTotal),
    createdAt: new Date(row.createdAt).toISOString(),
    url: new URL(`/collection/${row.id}`, origin).toString(),
  };
}

/** A page position: the last deck's creation time and id, so a deck made meanwhile moves nothing. */
function encodeCursor(row: { createdAt: number; id: string }) {
  return btoa(`${row.createdAt}:${row.id}`).replace(/=+$/, "");
}

function decodeCursor(cursor: string): { createdAt: number; id: string } | null {
  try {
    const [time, ...rest] = atob(cursor).split(":");
    const createdAt = Number(time);
    const id = rest.join(":");
    return Number.isSafeInteger(createdAt) && id ? { createdAt, id } : null;
  } catch {
    return null;
  }
}

/** A page of the caller's decks, newest first; null when the cursor is not one this API gave. */
export async function listDecks(db: Database, userId: string, page: { limit: number; cursor?: string }, origin: string) {
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  if (page.cursor && !after) return null;
  const rows = (await db
    .select(summaryColumns)
    .from(decks)
    .where(
      and(
        eq(decks.creatorId, userId),
        after ? or(lt(decks.createdAt, after.createdAt), and(eq(decks.createdAt, after.createdAt), lt(decks.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(decks.createdAt), desc(decks.id))
    .limit(page.limit + 1)) as SummaryRow[];
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return { decks: shown.map((row) => toSummary(row, origin)), nextCursor: rows.length > page.limit && last ? encodeCursor(last) : null };
}

/** One of the caller's decks as a summary; null when it is not theirs. */
export async function deckSummaryOf(db: Database, userId: string, deckId: string, origin: string): Promise<DeckSummary | null> {
  const [row] = (await db
    .select(summaryColumns)
    .from(decks)
    .where(and(eq(decks.id, deckId), eq(decks.creatorId, userId)))
    .limit(1)) as SummaryRow[];
  return row ? toSummary(row, origin) : null;
}

/** One of the caller's decks with its cards in order, pictures as absolute URLs; null when it is not theirs. */
export async function deckWithCards(db: Database, userId: string, deckId: string, origin: string) {
  const [rows, deckCards] = await db.batch([
    db
      .select(summaryColumns)
      .from(decks)
      .where(and(eq(decks.id, deckId), eq(decks.creatorId, userId)))
      .limit(1),
    db
      .select({
        key: cards.cardKey,
        name: cards.name,
        arcana: cards.arcana,
        suit: cards.suit,
        number: cards.number,
        description: cards.description,
        status: cards.status,
        imageKey: cards.imageKey,
        updatedAt: cards.updatedAt,
      })
      .from(cards)
      .innerJoin(decks, and(eq(decks.id, cards.deckId), eq(decks.creatorId, userId)))
      .where(eq(cards.deckId, deckId))
      .orderBy(
        asc(cards.arcana),
        sql`case ${cards.suit} when 'wands' then 1 when 'cups' then 2 when 'swords' then 3 when 'pentacles' then 4 else 0 end`,
        asc(cards.number),
      ),
  ]);
  const row = rows[0] as SummaryRow | undefined;
  if (!row) return null;
  const list: DeckCard[] = deckCards.map(({ imageKey, updatedAt, ...card }) => {
    const path = card.status === "ready" ? cardImageUrl(imageKey, updatedAt) : null;
    return { ...card, imageUrl: path ? new URL(path, origin).toString() : null };
  });
  return { ...toSummary(row, origin), cards: list };
}

/** How far the painting of one of the caller's decks has come; null when it is not theirs. */
export async function deckProgressOf(db: Database, userId: string, deckId: string): Promise<DeckProgress | null> {
  const [row] = await db
    .select({
      id: decks.id,
      status: decks.status,
      cardsTotal: cardCounts.cardsTotal,
      cardsReady: cardCounts.cardsReady,
      cardsFailed: cardsWith("failed"),
    })
    .from(decks)
    .where(and(eq(decks.id, deckId), eq(decks.creatorId, userId)))
    .limit(1);
  return row
    ? { id: row.id, status: row.status, cardsReady: Number(row.cardsReady), cardsFailed: Number(row.cardsFailed), cardsTotal: Number(row.cardsTotal) }
    : null;
}
