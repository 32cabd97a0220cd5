/**
 * What the marketplace says is what is true: a public deck is a deck in the marketplace (listed
 * for free unless "Sell" sets a price), ratings are counted from the reviews that exist (seeded
 * ones included), a creator's other decks show their real faces, and listing a deck makes its
 * maker a creator.
 */
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { cards, deckListings, deckReviews, decks, subscriptions, users } from "../../db/schema";
import { SEED_LISTINGS } from "../../scripts/seed/seed-data";
import { get, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);

async function newPerson(options: { guest?: boolean } = {}) {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: options.guest ? null : `${id}@example.com`, username: `t_${id.slice(0, 10)}` });
  return { id, cookie: await signInAs(id) };
}

/** A finished private deck of three painted cards, with a theme no other deck has. */
async function readyDeck(ownerId: string, word: string) {
  const deckId = newId();
  await db()
    .insert(decks)
    .values({ id: deckId, creatorId: ownerId, title: `Deck of ${word}`, theme: `Lanterns of ${word}`, status: "ready" });
  for (const [number, key] of ["major-00", "major-01", "major-02"].entries()) {
    await db()
      .insert(cards)
      .values({
        id: newId(),
        deckId,
        cardKey: key,
        name: `Card ${number}`,
        arcana: "major",
        number,
        status: "ready",
        imageKey: `card-images/${deckId}/${key}.svg`,
      });
  }
  return deckId;
}

const word = () => `quillmoth${newId().replace(/-/g, "").slice(0, 8)}`;

describe("making a deck public", () => {
  it("puts it in the marketplace for free, where search finds it, and making it private takes it out", async () => {
    const owner = await newPerson();
    const w = word();
    const deckId = await readyDeck(owner.id, w);
    const page = await (await get(`/collection/${deckId}`, { cookie: owner.cookie })).text();
    expect(page).toContain("A public deck is in the Marketplace for free");

    const published = await post(`/collection/${deckId}`, { intent: "publish" }, { cookie: owner.cookie });
    expect(published.status).toBe(200);
    const html = await published.text();
    expect(html).toContain("it is in the Marketplace for free");
    expect(html).toContain(`href="/marketplace/${deckId}"`);
    expect(await db().query.deckListings.findFirst({ where: eq(deckListings.deckId, deckId) })).toMatchObject({ status: "listed", priceCents: 0 });
    // The shop and its search list it, as the words promised.
    expect(await (await get("/marketplace?sort=newest")).text()).toContain(`Deck of ${w}`);
    expect(await (await get(`/marketplace?q=${w}`)).text()).toContain(`Deck of ${w}`);

    const hidden = await post(`/collection/${deckId}`, { intent: "unpublish" }, { cookie: owner.cookie });
    expect(hidden.status).toBe(200);
    expect(await hidden.text()).toContain("The deck is private now: it is out of the marketplace");
    expect((await db().query.decks.findFirst({ where: eq(decks.id, deckId) }))?.isPublic).toBe(false);
    // A member's page is rendered afresh (a visitor's may be a shared copy up to 15 seconds old).
    const member = await newPerson();
    expect(await (await get(`/marketplace?q=${w}`, { cookie: member.cookie })).text()).not.toContain(`Deck of ${w}`);
    expect((await get(`/marketplace/${deckId}`, { cookie: member.cookie })).status).toBe(404);
  });

  it("brings a priced deck back at its price, and takes it out with the listing panel as well", async () => {
    const owner = await newPerson();
    await db()
      .insert(subscriptions)
      .values({ userId: owner.id, subscriptionStatus: "active", priceId: "price_creator_monthly", currentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400 });
    const deckId = await readyDeck(owner.id, word());
    await db()
      .insert(deckListings)
      .values({ deckId, sellerId: owner.id, priceCents: 700, status: "unlisted", previewCardKeys: ["major-00"] });
    const published = await (await post(`/collection/${deckId}`, { intent: "publish" }, { cookie: owner.cookie })).text();
    expect(published).toContain("in the Marketplace again at its price");
    expect(await db().query.deckListings.findFirst({ where: eq(deckListings.deckId, deckId) })).toMatchObject({
      status: "listed",
      priceCents: 700,
      previewCardKeys: ["major-00"],
    });
    expect((await post(`/collection/${deckId}`, { intent: "unlist" }, { cookie: owner.cookie })).status).toBe(200);
    expect((await db().query.decks.findFirst({ where: eq(decks.id, deckId) }))?.isPublic).toBe(false);
  });

  it("asks a guest for an account, and leaves the deck private", async () => {
    const guest = await newPerson({ guest: true });
    const deckId = await readyDeck(guest.id, word());
    const page = await (await get(`/collection/${deckId}`, { cookie: guest.cookie })).text();
    expect(page).toContain("Putting a deck in the Marketplace needs an account.");
    const refused = await post(`/collection/${deckId}`, { intent: "publish" }, { cookie: guest.cookie });
    expect(refused.status).toBe(403);
    // The refusal is inside the panel the guest used, which comes back open.
    expect(await refused.text()).toMatch(
      /<details open="" class="group\/menu" data-testid="publish-menu">[\s\S]*Create an account to put a deck in the marketplace/,
    );
    expect((await db().query.decks.findFirst({ where: eq(decks.id, deckId) }))?.isPublic).toBe(false);
  });
});

describe("listing a deck", () => {
  it("makes its maker a creator, marked as one on the marketplace page", async () => {
    const owner = await newPerson();
    const deckId = await readyDeck(owner.id, word());
    expect((await db().query.users.findFirst({ where: eq(users.id, owner.id) }))?.isCreator).toBe(false);
    expect((await post(`/collection/${deckId}`, { intent: "list", price: "0" }, { cookie: owner.cookie })).status).toBe(200);
    expect((await db().query.users.findFirst({ where: eq(users.id, owner.id) }))?.isCreator).toBe(true);
    const page = await (await get(`/marketplace/${deckId}`)).text();
    expect(page.match(/data-testid="creator-mark"/g)?.length).toBe(2);
  });
});

describe("ratings", () => {
  it("are counted from the reviews that exist, for every seeded listing", async () => {
    const rows = await db().all<{ deckId: string; ratingSum: number; ratingCount: number; sum: number; count: number }>(sql`
      select l.deck_id as deckId, l.rating_sum as ratingSum, l.rating_count as ratingCount,
        (select coalesce(sum(rating), 0) from deck_reviews where deck_id = l.deck_id) as sum,
        (select count(*) from deck_reviews where deck_id = l.deck_id) as count
      from deck_listings as l where l.deck_id like 'seed-deck-%'`);
    expect(rows.map((row) => row.deckId).sort()).toEqual(Object.keys(SEED_LISTINGS).sort());
    for (const row of rows) expect([row.ratingSum, row.ratingCount]).toEqual([row.sum, row.count]);
    expect(rows.some((row) => row.count > 0)).toBe(true);

    // A deck page's summary and its list of reviews tell the same story.
    for (const row of rows) {
      const html = await (await get(`/marketplace/${row.deckId}`)).text();
      if (row.count === 0) {
        expect(html).toContain("No reviews yet");
        expect(html).not.toMatch(/Rated [\d.]+ out of 5/);
      } else {
        expect(html).toContain(`by ${row.count} buyers`);
        expect(html).not.toContain("No reviews yet");
      }
    }
  });

  it("follow a review that is removed", async () => {
    const before = await db().query.deckListings.findFirst({ where: eq(deckListings.deckId, "seed-deck-verdant-grove") });
    const [review] = await db().select().from(deckReviews).where(eq(deckReviews.deckId, "seed-deck-verdant-grove")).limit(1);
    await db().delete(deckReviews).where(eq(deckReviews.id, review!.id));
    const after = await db().query.deckListings.findFirst({ where: eq(deckListings.deckId, "seed-deck-verdant-grove") });
    expect([after!.ratingSum, after!.ratingCount]).toEqual([before!.ratingSum - review!.rating, before!.ratingCount - 1]);
    await db().insert(deckReviews).values(review!);
  });
});

describe("a creator's other decks", () => {
  it("show the face their listing shows, not a blank", async () => {
    // Luna's other deck is priced, its cover locked: its tile shows its first preview card, as in the shop.
    const html = await (await get("/marketplace/seed-deck-celestial-tides")).text();
    const block = html.slice(html.indexOf('id="creator-heading"'));
    const tile = block.slice(block.indexOf('href="/marketplace/seed-deck-desert-mirage"'));
    expect(tile.slice(0, tile.indexOf("</a>"))).toMatch(/<img src="\/media\/card-images\/seed-deck-desert-mirage\/the_fool\.svg/);
  });
});
