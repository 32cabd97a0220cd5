import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import {
  BROWSE_PAGE_SIZE,
  browseMarketplace,
  curatedDecksQuery,
  marketplaceMatchQuery,
  refreshListingScores,
  toTiles,
} from "../../app/marketplace/browse.server";
import { deckListings, decks, users } from "../../db/schema";
import { get } from "./helpers";

const db = () => createDatabase(env.DB);
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.now();
/** A word only this file's decks carry in their tags, so each search sees exactly them. */
const MARK = "quillfern";

type Fixture = {
  id: string;
  title: string;
  theme?: string;
  description?: string;
  tags?: string[];
  style?: string;
  kind?: "major_arcana" | "complete";
  price?: number;
  featured?: boolean;
  sales?: number;
  ratings?: [sum: number, count: number];
  listedDaysAgo?: number;
  status?: "listed" | "unlisted";
  hidden?: boolean;
  deckStatus?: "ready" | "generating";
};

const CREATOR = "browse-user-marlowe";

const FIXTURES: Fixture[] = [
  { id: "browse-a", title: "Amber Harbour", theme: "Fishing boats at dusk", style: "watercolour", price: 500, sales: 2, ratings: [8, 2], listedDaysAgo: 2 },
  {
    id: "browse-b",
    title: "Basalt Hymns",
    theme: "Volcanic islands",
    style: "woodcut",
    kind: "complete",
    price: 1500,
    sales: 40,
    ratings: [190, 40],
    listedDaysAgo: 90,
  },
  {
    id: "browse-c",
    title: "Copper Saints",
    theme: "Icons in a chapel",
    description: "Gilded halos and candle smoke",
    style: "oil painting",
    price: 0,
    sales: 0,
    listedDaysAgo: 1,
  },
  {
    id: "browse-d",
    title: "Dune Psalter",
    theme: "Caravans and wells",
    style: "art nouveau",
    price: 900,
    featured: true,
    sales: 1,
    ratings: [3, 1],
    listedDaysAgo: 200,
  },
  {
    id: "browse-e",
    title: "Ember Choir",
    theme: "Forge songs",
    tags: [MARK, "blacksmith"],
    style: "pixel art",
    price: 300,
    sales: 12,
    ratings: [60, 12],
    listedDaysAgo: 40,
  },
  { id: "browse-f", title: "Frost Ledger", theme: "Winter accounts", style: "minimalist", price: 2500, sales: 5, ratings: [5, 1], listedDaysAgo: 10 },
  { id: "browse-hidden", title: "Hidden Orchard", status: "listed", hidden: true, sales: 100, ratings: [500, 100] },
  { id: "browse-unlisted", title: "Unlisted Orchard", status: "unlisted", sales: 100 },
  { id: "browse-painting", title: "Painting Orchard", deckStatus: "generating", sales: 100 },
];

async function insertFixture(f: Fixture) {
  await db()
    .insert(decks)
    .values({
      id: f.id,
      creatorId: CREATOR,
      title: f.title,
      theme: f.theme ?? "Orchards",
      artStyle: f.style ?? "watercolour",
      kind: f.kind ?? "major_arcana",
      status: f.deckStatus ?? "ready",
      isPublic: true,
      createdAt: NOW - (f.listedDaysAgo ?? 5) * DAY,
    });
  await db()
    .insert(deckListings)
    .values({
      deckId: f.id,
      sellerId: CREATOR,
      priceCents: f.price ?? 700,
      description: f.description ?? "",
      tags: f.tags ?? [MARK],
      status: f.status ?? "listed",
      hiddenAt: f.hidden ? NOW : null,
      hiddenReason: f.hidden ? "Reported" : null,
      featured: f.featured ?? false,
      salesCount: f.sales ?? 0,
      listedAt: NOW - (f.listedDaysAgo ?? 5) * DAY,
    });
  // A new listing counts the reviews its deck has (none here); the fixture's counters stand in for many reviews.
  if (f.ratings) await db().update(deckListings).set({ ratingSum: f.ratings[0], ratingCount: f.ratings[1] }).where(eq(deckListings.deckId, f.id));
}

beforeAll(async () => {
  await db().insert(users).values({ id: CREATOR, email: "marlowe@example.com", username: "marlowe_ink", fullName: "Marlowe Ink" }).onConflictDoNothing();
  for (const f of FIXTURES) await insertFixture(f);
});

const ids = async (params: Parameters<typeof browseMarketplace>[1]) => (await browseMarketplace(db(), { q: MARK, ...params })).tiles.map((t) => t.id);

describe("the marketplace search index", () => {
  it("finds a listing by title, theme, description, tags and creator, with prefixes and without accents", async () => {
    expect(await ids({ q: "amber harbour" })).toEqual(["browse-a"]);
    expect(await ids({ q: "volcanic" })).toEqual(["browse-b"]);
    expect(await ids({ q: "candle smoke" })).toEqual(["browse-c"]);
    expect(await ids({ q: "blacksmith" })).toEqual(["browse-e"]);
    expect(await ids({ q: "marlowe_ink" })).toHaveLength(6);
    expect(await ids({ q: "Marlowe Ink" })).toHaveLength(6);
    expect(await ids({ q: "Frost Led" })).toEqual(["browse-f"]);
    expect(await ids({ q: "dûne psälter" })).toEqual(["browse-d"]);
  });

  it("follows a renamed deck, edited tags, a renamed creator, and drops unlisted and deleted listings", async () => {
    await insertFixture({ id: "browse-g", title: "Glass Meridian", tags: ["prism"] });
    expect(await ids({ q: "glass" })).toEqual(["browse-g"]);

    await db().update(decks).set({ title: "Opal Meridian", theme: "Rainbow light" }).where(eq(decks.id, "browse-g"));
    expect(await ids({ q: "glass" })).toEqual([]);
    expect(await ids({ q: "opal" })).toEqual(["browse-g"]);
    expect(await ids({ q: "rainbow" })).toEqual(["browse-g"]);

    await db()
      .update(deckListings)
      .set({ tags: [MARK, "spectrum"] })
      .where(eq(deckListings.deckId, "browse-g"));
    expect(await ids({ q: "prism" })).toEqual([]);
    expect(await ids({ q: "spectrum" })).toEqual(["browse-g"]);

    expect(await ids({ q: "zephyr" })).toEqual([]);
    await db().update(users).set({ username: "marlowe_zephyr" }).where(eq(users.id, CREATOR));
    expect(await ids({ q: "zephyr opal" })).toEqual(["browse-g"]);
    await db().update(users).set({ username: "marlowe_ink" }).where(eq(users.id, CREATOR));
    expect(await ids({ q: "zephyr" })).toEqual([]);

    await db().update(deckListings).set({ status: "unlisted" }).where(eq(deckListings.deckId, "browse-g"));
    expect(await ids({ q: "opal" })).toEqual([]);
    await db().update(deckListings).set({ status: "listed" }).where(eq(deckListings.deckId, "browse-g"));
    expect(await ids({ q: "opal" })).toEqual(["browse-g"]);

    await db().delete(deckListings).where(eq(deckListings.deckId, "browse-g"));
    const rows = await db().all<{ n: number }>(sql`select count(*) as n from marketplace_search where deck_id = 'browse-g'`);
    expect(rows[0]!.n).toBe(0);
    await db().delete(decks).where(eq(decks.id, "browse-g"));
  });

  it("filters by the deck's kind and style as they are now, and gives each listing its own place in the index", async () => {
    await insertFixture({ id: "browse-h", title: "Heron Vigil", style: "Woodcut", kind: "major_arcana" });
    await insertFixture({ id: "browse-i", title: "Heron Tide", style: "watercolour", kind: "major_arcana" });
    expect(await ids({ q: "heron", kind: "complete" })).toEqual([]);
    expect(await ids({ q: "heron", style: "woodcut" })).toEqual(["browse-h"]);

    // The deck grows to 78 cards and is repainted in another style: the filters follow at once.
    await db().update(decks).set({ kind: "complete", artStyle: "pixel art" }).where(eq(decks.id, "browse-h"));
    expect(await ids({ q: "heron", kind: "complete" })).toEqual(["browse-h"]);
    expect(await ids({ q: "heron", style: "woodcut" })).toEqual([]);
    expect(await ids({ q: "heron", style: "pixel art", kind: "complete" })).toEqual(["browse-h"]);
    expect((await browseMarketplace(db(), { kind: "complete", style: "pixel art" })).tiles.map((t) => t.id)).toContain("browse-h");

    // Every listing has its own number in the index, and the index holds exactly one row per listing.
    const numbers = await db().all<{ listings: number; numbered: number; distinct_numbers: number; indexed: number }>(sql`
      select count(*) as listings, count(search_id) as numbered, count(distinct search_id) as distinct_numbers,
        (select count(*) from marketplace_search) as indexed
      from deck_listings`);
    const { listings, numbered, distinct_numbers, indexed } = numbers[0]!;
    expect(numbered).toBe(listings);
    expect(distinct_numbers).toBe(listings);
    expect(indexed).toBe(listings);

    for (const id of ["browse-h", "browse-i"]) {
      await db().delete(deckListings).where(eq(deckListings.deckId, id));
      await db().delete(decks).where(eq(decks.id, id));
    }
    expect(await ids({ q: "heron" })).toEqual([]);
  });

  it("turns any text into a query that cannot fail", async () => {
    expect(marketplaceMatchQuery('moon "AND" star*')).toBe('"moon" "and" "star"*');
    expect(marketplaceMatchQuery("🔮✨")).toBeNull();
    const odd = [
      '"',
      "*",
      "AND",
      "OR",
      "NOT",
      "NEAR(",
      "NEAR(a b",
      "-",
      "^",
      ":",
      "title:",
      "(",
      ")",
      "{}",
      "a AND",
      "'",
      "\\",
      "%",
      "_",
      "🔮 moon",
      "ﬁre",
      "x".repeat(100),
      "a\u0000b",
      "--",
      "; drop table decks",
      "\u202e",
    ];
    for (const q of odd) {
      await expect(browseMarketplace(db(), { q }), q).resolves.toBeDefined();
      const response = await get(`/marketplace?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
  });
});

describe("filters and sorts", () => {
  it("hides hidden, unlisted and unfinished decks", async () => {
    const all = await ids({});
    expect(all).toHaveLength(6);
    expect(all).not.toContain("browse-hidden");
    expect(all).not.toContain("browse-unlisted");
    expect(all).not.toContain("browse-painting");
  });

  it("filters by price range, free, kind, style and minimum rating", async () => {
    expect((await ids({ minPriceCents: 500, maxPriceCents: 1500 })).sort()).toEqual(["browse-a", "browse-b", "browse-d"]);
    expect(await ids({ free: true })).toEqual(["browse-c"]);
    expect(await ids({ kind: "complete" })).toEqual(["browse-b"]);
    expect(await ids({ style: "Pixel Art" })).toEqual(["browse-e"]);
    expect((await ids({ minRating: 4 })).sort()).toEqual(["browse-a", "browse-b", "browse-e", "browse-f"]);
    expect(await ids({ minRating: 4, maxPriceCents: 400 })).toEqual(["browse-e"]);
  });

  it("sorts featured first then by quality, and by newest, sales, rating and price", async () => {
    const featured = await ids({ sort: "featured" });
    expect(featured[0]).toBe("browse-d");
    // Many good ratings and sales beat the newest deck with none.
    expect(featured.indexOf("browse-b")).toBeLessThan(featured.indexOf("browse-c"));
    // One 5-star rating does not outrank forty good ones.
    expect(featured.indexOf("browse-b")).toBeLessThan(featured.indexOf("browse-f"));
    expect(await ids({})).toEqual(featured);

    expect(await ids({ sort: "newest" })).toEqual(["browse-c", "browse-a", "browse-f", "browse-e", "browse-b", "browse-d"]);
    expect(await ids({ sort: "best-selling" })).toEqual(["browse-b", "browse-e", "browse-f", "browse-a", "browse-d", "browse-c"]);
    const topRated = await ids({ sort: "top-rated" });
    expect(topRated.slice(0, 2)).toEqual(["browse-b", "browse-e"]);
    expect(await ids({ sort: "price-low" })).toEqual(
      ["browse-c", "browse-e", "browse-a", "browse-f", "browse-d", "browse-b"].sort((a, b) => priceOf(a) - priceOf(b)),
    );
    expect((await ids({ sort: "price-high" }))[0]).toBe("browse-f");
  });

  it("keeps the stored score in step with sales, ratings and the deck, and lets the newness bonus fade", async () => {
    await insertFixture({ id: "browse-score", title: "Quartz Vigil", tags: ["scoreprobe"], listedDaysAgo: 0 });
    const score = async () => (await db().select().from(deckListings).where(eq(deckListings.deckId, "browse-score")))[0]!;
    const fresh = await score();
    // Nothing sold or rated: the rating sits at the prior, and a deck listed today gets the whole newness bonus.
    expect(fresh.ratingScore).toBeCloseTo(3.5, 5);
    expect(fresh.qualityScore).toBeCloseTo(0.5, 2);

    await db().update(deckListings).set({ salesCount: 10, ratingSum: 25, ratingCount: 5 }).where(eq(deckListings.deckId, "browse-score"));
    const sold = await score();
    expect(sold.ratingScore).toBeCloseTo((25 + 17.5) / 10, 5);
    expect(sold.qualityScore).toBeCloseTo(2 * ((25 + 17.5) / 10 - 3.5) + 2 * 0.5 + 0.5, 2);

    await db().update(decks).set({ kind: "complete", description: "Crystal watches" }).where(eq(decks.id, "browse-score"));
    expect((await score()).qualityScore).toBeCloseTo(sold.qualityScore + 0.5 + 0.2, 2);

    // A listing fifteen days old has half the bonus; after thirty it is gone.
    await db()
      .update(deckListings)
      .set({ listedAt: NOW - 15 * DAY })
      .where(eq(deckListings.deckId, "browse-score"));
    expect((await score()).qualityScore).toBeCloseTo(sold.qualityScore + 0.7 - 0.25, 2);
    await db()
      .update(deckListings)
      .set({ listedAt: NOW - 40 * DAY })
      .where(eq(deckListings.deckId, "browse-score"));
    const settled = (await score()).qualityScore;
    expect(settled).toBeCloseTo(sold.qualityScore + 0.7 - 0.5, 2);

    // As days pass nothing writes the listing, so the periodic job recomputes the young ones (a
    // stale value stands in for yesterday's), and leaves the ones whose bonus is long gone alone.
    await db()
      .update(deckListings)
      .set({ listedAt: NOW - 2 * DAY })
      .where(eq(deckListings.deckId, "browse-score"));
    const young = (await score()).qualityScore;
    await db().run(sql`update deck_listings set quality_score = 99 where deck_id in ('browse-score', 'browse-d')`);
    await refreshListingScores(db(), NOW);
    expect((await score()).qualityScore).toBeCloseTo(young, 5);
    expect((await db().select().from(deckListings).where(eq(deckListings.deckId, "browse-d")))[0]!.qualityScore).toBe(99);
    await db().run(
      sql`update deck_listings set quality_score = (select quality_score from deck_listing_quality where deck_id = 'browse-d') where deck_id = 'browse-d'`,
    );
    await db().delete(decks).where(eq(decks.id, "browse-score"));
  });

  it("drops a listing while its deck is being painted or staff hide it, and brings it back after", async () => {
    await insertFixture({ id: "browse-vis", title: "Velvet Almanac", tags: ["visprobe"] });
    const found = async () => (await browseMarketplace(db(), { q: "velvet almanac" })).total;
    expect(await found()).toBe(1);
    await db().update(decks).set({ status: "generating" }).where(eq(decks.id, "browse-vis"));
    expect(await found()).toBe(0);
    await db().update(decks).set({ status: "ready" }).where(eq(decks.id, "browse-vis"));
    expect(await found()).toBe(1);
    await db().update(deckListings).set({ hiddenAt: NOW, hiddenReason: "Copied art" }).where(eq(deckListings.deckId, "browse-vis"));
    expect(await found()).toBe(0);
    await db().update(deckListings).set({ hiddenAt: null, hiddenReason: null, status: "unlisted" }).where(eq(deckListings.deckId, "browse-vis"));
    expect(await found()).toBe(0);
    await db().update(deckListings).set({ status: "listed" }).where(eq(deckListings.deckId, "browse-vis"));
    expect(await found()).toBe(1);
    await db().delete(decks).where(eq(decks.id, "browse-vis"));
  });

  it("shows the same curation on the home page's row", async () => {
    const curated = toTiles(await curatedDecksQuery(db(), 4));
    expect(curated[0]!.featured).toBe(true);
    const page = await browseMarketplace(db(), {});
    expect(curated.map((t) => t.id)).toEqual(page.tiles.slice(0, 4).map((t) => t.id));
  });

  it("returns tiles with cover, creator, rating and card count, and the total", async () => {
    const { tiles, total } = await browseMarketplace(db(), { q: "amber" });
    expect(total).toBe(1);
    expect(tiles[0]).toMatchObject({ title: "Amber Harbour", creatorUsername: "marlowe_ink", priceCents: 500, ratingAverage: 4, ratingCount: 2, cardCount: 0 });
  });
});

function priceOf(id: string) {
  return FIXTURES.find((f) => f.id === id)!.price ?? 700;
}

describe("pagination", () => {
  it("pages through many listings in a stable order with no repeats", async () => {
    const extra = Array.from({ length: 30 }, (_, i) => ({
      id: `browse-page-${String(i).padStart(2, "0")}`,
      title: `Lantern ${i}`,
      tags: ["pagewalk"],
      sales: i % 3,
    }));
    for (const f of extra) await insertFixture(f);
    const first = await browseMarketplace(db(), { q: "pagewalk" });
    const second = await browseMarketplace(db(), { q: "pagewalk", page: 2 });
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(2);
    expect(first.tiles).toHaveLength(BROWSE_PAGE_SIZE);
    expect(second.tiles).toHaveLength(30 - BROWSE_PAGE_SIZE);
    const seen = [...first.tiles, ...second.tiles].map((t) => t.id);
    expect(new Set(seen).size).toBe(30);
    expect((await browseMarketplace(db(), { q: "pagewalk" })).tiles.map((t) => t.id)).toEqual(first.tiles.map((t) => t.id));
    expect((await browseMarketplace(db(), { q: "pagewalk", page: 9 })).tiles).toEqual([]);
  });
});

describe("the /marketplace page", () => {
  it("renders tiles, the count, and page links that keep the query", async () => {
    const html = await (await get("/marketplace?q=pagewalk&sort=newest&max=20")).text();
    expect(html).toContain("30 decks matching “pagewalk”");
    expect(html).toMatch(/href="\/marketplace\?q=pagewalk&amp;max=20&amp;sort=newest&amp;page=2"/);
    expect(html).toContain("Next →");
    const second = await (await get("/marketplace?q=pagewalk&sort=newest&max=20&page=2")).text();
    expect(second).toContain("← Previous");
    expect(second).toContain('aria-current="page"');
  });

  it("shows a friendly empty state with a way out", async () => {
    const html = await (await get(`/marketplace?q=${MARK}&kind=complete&free=1`)).text();
    expect(html).toContain("No decks found");
    expect(html).toContain("Clear search and filters");
  });

  it("ignores parameters it cannot read instead of failing", async () => {
    for (const query of ["sort=cheapest", "page=-3", "page=abc", "min=lots", "max=-1", "rating=9", "kind=tarot", "style=crayon", "free=maybe", "page=1e9"]) {
      const response = await get(`/marketplace?q=${MARK}&${query}`);
      expect(response.status, query).toBe(200);
      expect(await response.text(), query).toContain("6 decks matching");
    }
    expect(await (await get(`/marketplace?q=${MARK}&min=20&max=5`)).text()).toContain("3 decks matching");
  });

  it("puts the featured, well-rated decks first, not the newest", async () => {
    const html = await (await get("/marketplace")).text();
    const featured = html.indexOf("Dune Psalter");
    expect(featured).toBeGreaterThan(-1);
    expect(featured).toBeLessThan(html.indexOf("Copper Saints") === -1 ? Infinity : html.indexOf("Copper Saints"));
  });
});
