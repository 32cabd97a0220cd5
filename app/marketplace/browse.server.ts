import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db.server";
import { cardImageUrl } from "../decks/images";
import type { DeckKind } from "../../db/columns";
import { verifiedCreatorSql } from "../entitlements/entitlements.server";
import { isolateCopy, SHARED_COPY_TTL_S } from "../lib/isolate-copy.server";
import { matchQuery } from "../lib/full-text";
import { BROWSE_PAGE_SIZE, type BrowseSort } from "./browse";

export { BROWSE_PAGE_SIZE, browseSorts, type BrowseSort } from "./browse";

export type BrowseParams = {
  q?: string;
  /** Inclusive price bounds in cents. */
  minPriceCents?: number;
  maxPriceCents?: number;
  free?: boolean;
  kind?: DeckKind;
  style?: string;
  /** Lowest average rating, 1 to 5. */
  minRating?: number;
  sort?: BrowseSort;
  /** 1-based. */
  page?: number;
};

/** The marketplace's search words as an FTS5 query (the rule is shared with the journal's search). */
export { matchQuery as marketplaceMatchQuery } from "../lib/full-text";

/**
 * The orders of the marketplace. The quality score and the rating pulled toward the middle are
 * kept on the listing (see the view `deck_listing_quality`, migration 0012), so the default and
 * top-rated orders read one page from an index instead of scoring every listing. Every order ends
 * with the deck id, so pages never repeat or skip a deck.
 */
function orderBy(sort: BrowseSort): SQL {
  switch (sort) {
    case "newest":
      return sql`l.listed_at desc, l.deck_id desc`;
    case "best-selling":
      return sql`l.sales_count desc, l.quality_score desc, l.deck_id desc`;
    case "top-rated":
      return sql`l.rating_score desc, l.rating_count desc, l.deck_id desc`;
    case "price-low":
      return sql`l.price_cents asc, l.quality_score desc, l.deck_id desc`;
    case "price-high":
      return sql`l.price_cents desc, l.quality_score desc, l.deck_id desc`;
    case "featured":
      return sql`l.featured desc, l.quality_score desc, l.deck_id desc`;
  }
}

/**
 * Listings anyone may see in the marketplace, narrowed by the person's filters. The search words
 * are not here: a search starts from the full-text index instead (see `fromMatches`).
 */
function whereClause(params: BrowseParams): SQL {
  const conditions: SQL[] = [sql`l.visible = 1`];
  if (params.free) conditions.push(sql`l.price_cents = 0`);
  if (params.minPriceCents !== undefined) conditions.push(sql`l.price_cents >= ${params.minPriceCents}`);
  if (params.maxPriceCents !== undefined) conditions.push(sql`l.price_cents <= ${params.maxPriceCents}`);
  // The deck's kind and style are copied onto the listing (migration 0013), so no filter reads the deck.
  if (params.kind) conditions.push(sql`l.deck_kind = ${params.kind}`);
  if (params.style) conditions.push(sql`l.art_style = ${params.style.toLowerCase()}`);
  if (params.minRating !== undefined) {
    conditions.push(sql`l.rating_count > 0 and l.rating_sum >= ${params.minRating} * l.rating_count`);
  }
  return sql.join(conditions, sql` and `);
}

/**
 * The listings a page is chosen from: every listing, or, for a search, the index's matches joined to
 * their listings by number (the index's row id is the listing's `search_id`). The cross join keeps
 * that order, so the words narrow the listings first and the filters read only the matches.
 */
function fromMatches(match: string | null): SQL {
  return match === null
    ? sql`deck_listings as l`
    : sql`marketplace_search as s cross join deck_listings as l on l.search_id = s.rowid and s.marketplace_search match ${match}`;
}

type TileRow = {
  id: string;
  title: string;
  theme: string;
  kind: DeckKind;
  artStyle: string | null;
  creatorUsername: string | null;
  creatorVerified: number;
  coverName: string | null;
  coverImageKey: string | null;
  coverUpdatedAt: number | null;
  priceCents: number;
  currency: string;
  featured: number;
  salesCount: number;
  ratingSum: number;
  ratingCount: number;
  cardCount: number;
};

export type MarketplaceTile = ReturnType<typeof toTile>;

function toTile({ coverImageKey, coverUpdatedAt, ratingSum, featured, creatorVerified, ...row }: TileRow) {
  return {
    ...row,
    creatorVerified: Number(creatorVerified) === 1,
    featured: featured === 1,
    coverUrl: cardImageUrl(coverImageKey, coverUpdatedAt ?? 0),
    ratingAverage: row.ratingCount > 0 ? Math.round((ratingSum / row.ratingCount) * 10) / 10 : null,
  };
}

const countOf = (from: SQL, where: SQL) => sql`(select count(*) from ${from} where ${where})`;

/**
 * Ranks the matching listings first, then reads creator, cover and card count for the page's rows
 * only; with `withTotal`, every row also carries the number of listings that match.
 */
function tilesQuery(from: SQL, where: SQL, order: SQL, limit: number, offset: number, withTotal = false): SQL {
  return sql`
    select l.deck_id as id, d.title as title, d.theme as theme, d.kind as kind, d.art_style as artStyle,
      u.username as creatorUsername, ${verifiedCreatorSql(sql`d.creator_id`)} as creatorVerified, c.name as coverName, c.image_key as coverImageKey, c.updated_at as coverUpdatedAt,
      l.price_cents as priceCents, l.currency as currency, l.featured as featured, l.sales_count as salesCount,
      l.rating_sum as ratingSum, l.rating_count as ratingCount,
      (select count(*) from cards as n where n.deck_id = l.deck_id) as cardCount
      ${withTotal ? sql`, ${countOf(from, where)} as total` : sql``}
    from deck_listings as l
    join decks as d on d.id = l.deck_id
    join users as u on u.id = d.creator_id
    -- The face of the tile: the cover when anyone may see it, else the first preview card (the
    -- cover is looked up once, not beside each of the deck's cards).
    left join cards as c on c.id = coalesce(
      (select v.id from cards as v
        where v.id = d.cover_card_id and v.deck_id = l.deck_id and (l.price_cents = 0 or v.card_key in (select value from json_each(l.preview_card_keys)))),
      (select f.id from cards as f
        where f.deck_id = l.deck_id and (l.price_cents = 0 or f.card_key in (select value from json_each(l.preview_card_keys)))
        order by f.arcana, f.number
        limit 1)
    )
    where l.deck_id in (
      select l.deck_id from ${from}
      where ${where} order by ${order} limit ${limit} offset ${offset}
    )
    order by ${order}`;
}

/**
 * A page of the marketplace: the tiles (cover, title, creator, price, rating, card count) and the
 * number of listings that match. One statement reads both; only a page past the last one needs a
 * second to count.
 */
export async function browseMarketplace(db: Database, params: BrowseParams) {
  const query = browseQuery(db, params);
  return browseResult(db, params, query ? await query : []);
}

/** The statement that reads a page of the marketplace with its total, or null when the search can match nothing. */
export function browseQuery(db: Database, params: BrowseParams) {
  const match = params.q ? matchQuery(params.q) : null;
  if (params.q?.trim() && match === null) return null;
  const page = pageOf(params);
  const from = fromMatches(match);
  const where = whereClause(params);
  return db.all<TileRow & { total: number }>(
    tilesQuery(from, where, orderBy(params.sort ?? "featured"), BROWSE_PAGE_SIZE, (page - 1) * BROWSE_PAGE_SIZE, true),
  );
}

/** The page of the marketplace from the rows `browseQuery` read; a page past the last one asks for the total once more. */
export async function browseResult(db: Database, params: BrowseParams, rows: (TileRow & { total: number })[]) {
  const page = pageOf(params);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const match = params.q ? matchQuery(params.q) : null;
    total = (await db.all<{ total: number }>(sql`select ${countOf(fromMatches(match), whereClause(params))} as total`))[0]?.total ?? 0;
  }
  return {
    tiles: rows.map(({ total: _, ...row }) => toTile(row)),
    total,
    page,
    pageCount: Math.ceil(total / BROWSE_PAGE_SIZE),
    pageSize: BROWSE_PAGE_SIZE,
  };
}

const pageOf = (params: BrowseParams) => Math.max(1, Math.floor(params.page ?? 1));

/** The shop window on the home page: the same order as the marketplace's default (the statement; `toTiles` shapes its rows). */
export function curatedDecksQuery(db: Database, limit: number) {
  return db.all<TileRow>(tilesQuery(fromMatches(null), whereClause({}), orderBy("featured"), limit, 0));
}

export const toTiles = (rows: TileRow[]) => rows.map(toTile);

/** The home page's row of curated decks. */
export const CURATED_ROW_SIZE = 4;

/**
 * The curated row is the same for everyone, and visitors see it in the shared copy of the home page
 * that lives SHARED_COPY_TTL_S seconds. Members' home pages take it from the copy this isolate read
 * last, as old at most, rather than reading it with every visit (decision 0129); a listing changed
 * through this isolate (listed, taken out, priced, featured, hidden) drops the copy at once.
 */
const curatedRow = isolateCopy<MarketplaceTile[]>("curated-row", SHARED_COPY_TTL_S * 1000);

/** The curated row this isolate keeps, while it is fresh enough; otherwise undefined, and the page reads it (`keepCuratedRow`). */
export const sharedCuratedRow = (now: number) => curatedRow.get(now);
export const keepCuratedRow = (rows: TileRow[], now: number) => curatedRow.keep(toTiles(rows), now);
export const forgetCuratedRow = () => curatedRow.forget();

/**
 * The other decks the maker of `deckId` has in the marketplace, newest listing first, as the shop's
 * tiles: the same face (the cover when anyone may see it, else the first preview card) and counts.
 */
export function otherDecksByCreatorQuery(db: Database, deckId: string, limit: number) {
  const where = sql`l.visible = 1 and l.seller_id = (select creator_id from decks where id = ${deckId}) and l.deck_id <> ${deckId}`;
  return db.all<TileRow>(tilesQuery(fromMatches(null), where, sql`l.listed_at desc, l.deck_id desc`, limit, 0));
}

/** Every deck a creator has in the marketplace (listed, visible), newest listing first: their shop's window. */
export function shopDecksQuery(db: Database, creatorId: string, limit: number) {
  return db.all<TileRow>(tilesQuery(fromMatches(null), sql`l.visible = 1 and l.seller_id = ${creatorId}`, sql`l.listed_at desc, l.deck_id desc`, limit, 0));
}

/** The decks on a person's wishlist that are in the marketplace, newest wish first. */
export function wishlistDecksQuery(db: Database, userId: string, limit: number) {
  const wishedAt = sql`(select w.created_at from wishlist_items as w where w.user_id = ${userId} and w.deck_id = l.deck_id)`;
  return db.all<TileRow>(tilesQuery(fromMatches(null), sql`l.visible = 1 and ${wishedAt} is not null`, sql`${wishedAt} desc, l.deck_id desc`, limit, 0));
}

/** Listings younger than this still carry a newness bonus that fades day by day. */
const NEWNESS_WINDOW_MS = 31 * 24 * 60 * 60 * 1000;

/**
 * Recomputes the stored score of listings whose newness bonus is still fading (run by the periodic
 * job); sales, ratings and deck changes recompute it at once through triggers.
 */
export async function refreshListingScores(db: Database, now: number) {
  await db.run(sql`
    update deck_listings set quality_score =
      (select q.quality_score from deck_listing_quality as q where q.deck_id = deck_listings.deck_id)
    where listed_at > ${now - NEWNESS_WINDOW_MS}`);
}
