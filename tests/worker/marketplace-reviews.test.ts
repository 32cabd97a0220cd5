/**
 * Reviews on a marketplace deck page: who may review (buyers only, never the creator), once and
 * then by changing it, the listing's rating counted right even when two reviews arrive at once,
 * the creator's one answer per review, a refunded buyer's review, and the share preview's
 * picture (never a locked card).
 */
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { cards, deckListings, deckPurchases, deckReviews, decks, subscriptions, users } from "../../db/schema";
import { paintCardSvg } from "../../app/art/local-art";
import { deckShareSource } from "../../app/marketplace/share.server";
import { MAJOR_ARCANA } from "../../app/tarot/cards";
import { app, get, ORIGIN, pngSize, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);

async function newPerson(options: { plan?: "creator"; guest?: boolean; bio?: string } = {}) {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: options.guest ? null : `${id}@example.com`, username: `r_${id.slice(0, 10)}`, bio: options.bio ?? null });
  if (options.plan) {
    const row = {
      userId: id,
      subscriptionStatus: "active" as const,
      priceId: `price_${options.plan}_monthly`,
      currentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400,
    };
    await db().insert(subscriptions).values(row);
  }
  return { id, cookie: await signInAs(id) };
}

const KEYS = ["major-00", "major-01", "major-02", "major-03", "major-04"];

/** A finished deck of five painted cards; `cover` names the cover card. */
async function readyDeck(ownerId: string, options: { title?: string; cover?: string } = {}) {
  const deckId = newId();
  await db()
    .insert(decks)
    .values({ id: deckId, creatorId: ownerId, title: options.title ?? "Moths and candles", theme: "Moths", status: "ready" });
  for (const [number, key] of KEYS.entries()) {
    const id = `${deckId}-${key}`;
    await db()
      .insert(cards)
      .values({
        id,
        deckId,
        cardKey: key,
        name: `Card ${number}`,
        arcana: "major",
        number,
        status: "ready",
        imageKey: `card-images/${deckId}/${key.replace("-", "_")}.svg`,
      });
  }
  if (options.cover)
    await db()
      .update(decks)
      .set({ coverCardId: `${deckId}-${options.cover}` })
      .where(eq(decks.id, deckId));
  return deckId;
}

const imagePath = (deckId: string, key: string) => `/media/card-images/${deckId}/${key.replace("-", "_")}.svg`;

async function listedDeck(seller: { id: string; cookie: string }, price = "0", options: { title?: string; cover?: string } = {}) {
  const deckId = await readyDeck(seller.id, options);
  expect((await post(`/collection/${deckId}`, { intent: "list", price }, { cookie: seller.cookie })).status).toBe(200);
  return deckId;
}

/** A member who added the free deck to their collection through the checkout. */
async function buyerOf(deckId: string) {
  const buyer = await newPerson();
  expect((await post(`/checkout/${deckId}`, {}, { cookie: buyer.cookie })).status).toBe(302);
  return buyer;
}

const review = (deckId: string, cookie: string | undefined, form: Record<string, string>) =>
  post(`/marketplace/${deckId}`, { intent: "review", ...form }, { cookie });
const edit = (deckId: string, cookie: string, form: Record<string, string>) => post(`/marketplace/${deckId}`, { intent: "edit-review", ...form }, { cookie });
const reply = (deckId: string, cookie: string, form: Record<string, string>) => post(`/marketplace/${deckId}`, { intent: "reply", ...form }, { cookie });

const reviewsOf = (deckId: string) => db().select().from(deckReviews).where(eq(deckReviews.deckId, deckId));
const counters = async (deckId: string) => {
  const listing = (await db().query.deckListings.findFirst({ where: eq(deckListings.deckId, deckId) }))!;
  return { sum: listing.ratingSum, count: listing.ratingCount };
};

describe("who may review a deck", () => {
  it("refuses nobody, a guest, a member who has not bought it, and its creator", async () => {
    const seller = await newPerson();
    const deckId = await listedDeck(seller);

    const nobody = await review(deckId, undefined, { rating: "5" });
    expect(nobody.status).toBe(302);
    expect(nobody.headers.get("location")).toMatch(/^\/login/);

    const guest = await newPerson({ guest: true });
    expect((await review(deckId, guest.cookie, { rating: "5" })).status).toBe(403);

    const stranger = await newPerson();
    const refused = await review(deckId, stranger.cookie, { rating: "5", body: "Lovely" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Only people who bought this deck can review it.");

    const own = await review(deckId, seller.cookie, { rating: "5" });
    expect(own.status).toBe(403);
    expect(await own.text()).toContain("cannot review it");

    expect(await reviewsOf(deckId)).toEqual([]);
    expect(await counters(deckId)).toEqual({ sum: 0, count: 0 });
    // Nobody is offered the form they may not use.
    expect(await (await get(`/marketplace/${deckId}`, { cookie: stranger.cookie })).text()).not.toContain('value="review"');
  });

  it("refuses a bad rating with 400 and writes nothing", async () => {
    const seller = await newPerson();
    const deckId = await listedDeck(seller);
    const buyer = await buyerOf(deckId);
    for (const rating of ["0", "6", "4.5", "five", ""]) {
      const response = await review(deckId, buyer.cookie, { rating });
      expect(response.status, rating).toBe(400);
      expect(await response.text()).toContain("Choose a rating from 1 to 5 stars.");
    }
    expect((await review(deckId, buyer.cookie, { rating: "4", body: "x".repeat(2001) })).status).toBe(400);
    expect((await post(`/marketplace/${deckId}`, { intent: "nonsense" }, { cookie: buyer.cookie })).status).toBe(400);
    expect(await reviewsOf(deckId)).toEqual([]);
  });

  it("answers hostile bodies with a refusal, never a server error, and writes nothing", async () => {
    const seller = await newPerson();
    const deckId = await listedDeck(seller);
    const buyer = await buyerOf(deckId);
    const bodies: { body: BodyInit; type?: string }[] = [
      { body: JSON.stringify({ intent: "review", rating: "5" }), type: "application/json" },
      { body: new Uint8Array([0xff, 0xfe, 0x00, 0x25, 0x25, 0x3d, 0x26]), type: "application/x-www-form-urlencoded" },
      { body: "intent=review&rating=5&rating=1e309", type: "application/x-www-form-urlencoded" },
      { body: "intent=reply&review=" + "x".repeat(5000) + "&reply=hi", type: "application/x-www-form-urlencoded" },
      { body: "intent=review&rating=%00", type: "application/x-www-form-urlencoded" },
    ];
    for (const { body, type } of bodies) {
      const response = await app.fetch(`${ORIGIN}/marketplace/${deckId}`, {
        method: "POST",
        redirect: "manual",
        body,
        headers: { host: "localhost", origin: ORIGIN, cookie: buyer.cookie, ...(type ? { "content-type": type } : {}) },
      });
      expect(response.status, String(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.status, String(body).slice(0, 40)).toBeLessThan(500);
    }
    expect(await reviewsOf(deckId)).toEqual([]);
  });
});

describe("a buyer's review", () => {
  it("is written once, then changed; the rating counts follow", async () => {
    const seller = await newPerson();
    const deckId = await listedDeck(seller);
    const buyer = await buyerOf(deckId);
    const other = await buyerOf(deckId);

    expect((await review(deckId, buyer.cookie, { rating: "4", body: "  Soft light, calm cards.  " })).status).toBe(200);
    expect(await reviewsOf(deckId)).toMatchObject([{ reviewerId: buyer.id, rating: 4, body: "Soft light, calm cards." }]);
    expect(await counters(deckId)).toEqual({ sum: 4, count: 1 });

    const again = await review(deckId, buyer.cookie, { rating: "1" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already reviewed");
    expect(await counters(deckId)).toEqual({ sum: 4, count: 1 });

    expect((await review(deckId, other.cookie, { rating: "5" })).status).toBe(200);
    expect(await counters(deckId)).toEqual({ sum: 9, count: 2 });

    expect((await edit(deckId, buyer.cookie, { rating: "2", body: "Darker than I hoped." })).status).toBe(200);
    expect(await counters(deckId)).toEqual({ sum: 7, count: 2 });
    const [changed] = await db()
      .select()
      .from(deckReviews)
      .where(and(eq(deckReviews.deckId, deckId), eq(deckReviews.reviewerId, buyer.id)));
    expect(changed).toMatchObject({ rating: 2, body: "Darker than I hoped." });

    // Someone who has not written one has nothing to change.
    const third = await buyerOf(deckId);
    expect((await edit(deckId, third.cookie, { rating: "3" })).status).toBe(404);

    const page = await (await get(`/marketplace/${deckId}`)).text();
    expect(page).toContain("Darker than I hoped.");
    expect(page).toContain(`@r_${buyer.id.slice(0, 10)}`);
    expect(page).toContain("Rated 3.5 out of 5 by 2 buyers");
  });

  it("two reviews sent at once make one review, counted once", async () => {
    const seller = await newPerson();
    const deckId = await listedDeck(seller);
    const buyer = await buyerOf(deckId);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => review(deckId, buyer.cookie, { rating: String(n) })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const rows = await reviewsOf(deckId);
    expect(rows).toHaveLength(1);
    expect(await counters(deckId)).toEqual({ sum: rows[0]!.rating, count: 1 });

    // Edits at once leave the counts equal to the last rating written.
    await Promise.all([5, 1, 3].map((n) => edit(deckId, buyer.cookie, { rating: String(n) })));
    const [last] = await reviewsOf(deckId);
    expect(await counters(deckId)).toEqual({ sum: last!.rating, count: 1 });
  });

  it("stays, and counts, after a refund, but can no longer be changed", async () => {
    const seller = await newPerson();
    const deckId = await listedDeck(seller);
    const buyer = await buyerOf(deckId);
    expect((await review(deckId, buyer.cookie, { rating: "5", body: "Before the refund" })).status).toBe(200);
    await db()
      .update(deckPurchases)
      .set({ status: "refunded", refundedAt: Date.now() })
      .where(and(eq(deckPurchases.deckId, deckId), eq(deckPurchases.buyerId, buyer.id)));

    const changed = await edit(deckId, buyer.cookie, { rating: "1", body: "After" });
    expect(changed.status).toBe(403);
    expect(await changed.text()).toContain("refunded");
    expect((await review(deckId, buyer.cookie, { rating: "1" })).status).toBe(403);
    expect(await reviewsOf(deckId)).toMatchObject([{ rating: 5, body: "Before the refund" }]);
    expect(await counters(deckId)).toEqual({ sum: 5, count: 1 });
    const page = await (await get(`/marketplace/${deckId}`, { cookie: buyer.cookie })).text();
    expect(page).toContain("Before the refund");
    expect(page).toContain("your review stays as you wrote it");
  });
});

describe("the creator's answer", () => {
  it("is the creator's alone, once per review", async () => {
    const seller = await newPerson();
    const deckId = await listedDeck(seller);
    const buyer = await buyerOf(deckId);
    expect((await review(deckId, buyer.cookie, { rating: "3", body: "Fine" })).status).toBe(200);
    const [row] = await reviewsOf(deckId);

    const stranger = await newPerson();
    expect((await reply(deckId, stranger.cookie, { review: row!.id, reply: "Not mine to say" })).status).toBe(403);
    expect((await reply(deckId, buyer.cookie, { review: row!.id, reply: "Answering myself" })).status).toBe(403);
    expect((await reply(deckId, seller.cookie, { review: row!.id, reply: "   " })).status).toBe(400);
    expect((await reply(deckId, seller.cookie, { review: row!.id, reply: "x".repeat(1001) })).status).toBe(400);
    expect((await reply(deckId, seller.cookie, { review: "no-such-review", reply: "Hello" })).status).toBe(404);

    // A review of another deck cannot be answered through this one.
    const otherDeck = await listedDeck(seller, "0", { title: "Other" });
    expect((await reply(otherDeck, seller.cookie, { review: row!.id, reply: "Wrong deck" })).status).toBe(404);

    expect((await reply(deckId, seller.cookie, { review: row!.id, reply: "Thank you for reading with it." })).status).toBe(200);
    const second = await reply(deckId, seller.cookie, { review: row!.id, reply: "Changed my mind" });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("cannot be changed");
    expect(await reviewsOf(deckId)).toMatchObject([{ reply: "Thank you for reading with it." }]);

    const page = await (await get(`/marketplace/${deckId}`)).text();
    expect(page).toContain("The creator answered");
    expect(page).toContain("Thank you for reading with it.");
    // An edit keeps the answer.
    expect((await edit(deckId, buyer.cookie, { rating: "4", body: "Better now" })).status).toBe(200);
    expect(await reviewsOf(deckId)).toMatchObject([{ rating: 4, reply: "Thank you for reading with it." }]);
  });
});

describe("the deck page", () => {
  it("lists reviews newest first, ten at a time, with a link for more", async () => {
    const seller = await newPerson();
    const deckId = await listedDeck(seller);
    const now = Date.now();
    for (let n = 0; n < 12; n++) {
      const buyer = await newPerson();
      await db()
        .insert(deckReviews)
        .values({ id: newId(), deckId, reviewerId: buyer.id, rating: 4, body: `Review number ${n}.`, createdAt: now + n, updatedAt: now + n });
    }
    const first = await (await get(`/marketplace/${deckId}`)).text();
    expect(first).toContain("Review number 11.");
    expect(first).not.toContain("Review number 1.");
    expect(first.indexOf("Review number 11.")).toBeLessThan(first.indexOf("Review number 10."));
    expect(first).toContain("?reviews=2#reviews");
    const more = await (await get(`/marketplace/${deckId}?reviews=2`)).text();
    expect(more).toContain("Review number 0.");
    expect(more).not.toContain("Show more reviews");
    expect((await get(`/marketplace/${deckId}?reviews=nonsense`)).status).toBe(200);
  });

  it("shows the creator, their bio and their other listed decks, and a report link to members who did not make it", async () => {
    const seller = await newPerson({ bio: "I paint with moth wings." });
    const deckId = await listedDeck(seller);
    const other = await listedDeck(seller, "0", { title: "Lamps at dusk" });
    const hidden = await listedDeck(seller, "0", { title: "Hidden lamps" });
    await db().update(deckListings).set({ hiddenAt: Date.now() }).where(eq(deckListings.deckId, hidden));
    const member = await newPerson();

    const page = await (await get(`/marketplace/${deckId}`, { cookie: member.cookie })).text();
    expect(page).toContain("I paint with moth wings.");
    expect(page).toContain(`href="/marketplace/${other}"`);
    expect(page).not.toContain(`href="/marketplace/${hidden}"`);
    expect(page).toContain(`href="/marketplace/${deckId}/report"`);
    expect(await (await get(`/marketplace/${deckId}`, { cookie: seller.cookie })).text()).not.toContain(`/marketplace/${deckId}/report`);
  });

  it("previews a shared link with a PNG of a public card beside the title, never of a locked card", async () => {
    const seller = await newPerson({ plan: "creator" });
    // The cover is a locked card: the share picture is made from the first preview card.
    const locked = await listedDeck(seller, "4.99", { cover: "major-04" });
    const picture = `${ORIGIN}/marketplace/${locked}/share.png`;
    const stranger = await newPerson();
    for (const cookie of [undefined, stranger.cookie, seller.cookie]) {
      const page = await (await get(`/marketplace/${locked}`, { cookie })).text();
      expect(page).toContain(`<meta property="og:image" content="${picture}"`);
      expect(page).toContain('<meta property="og:image:type" content="image/png"');
      expect(page).toContain('<meta property="og:image:width" content="1200"');
      expect(page).not.toContain(`content="${ORIGIN}${imagePath(locked, "major-04")}`);
      expect(page).toContain(`<meta property="og:url" content="${ORIGIN}/marketplace/${locked}"`);
      expect(page).toContain('<meta property="og:type" content="website"');
      expect(page).toContain('<meta name="twitter:card" content="summary_large_image"');
      expect(page).toContain(`<meta name="twitter:image" content="${picture}"`);
      expect(page).toContain('<meta property="og:title" content="Moths and candles"');
    }
    expect((await deckShareSource(db(), locked))!.face).toContain(imagePath(locked, "major-00"));

    // The picture itself: a 1200 × 630 PNG, rendered once, then read from the bucket.
    for (const key of KEYS)
      await env.MEDIA.put(
        `card-images/${locked}/${key.replace("-", "_")}.svg`,
        paintCardSvg({ card: MAJOR_ARCANA.find((c) => c.key === key)!, theme: "Moths", style: "woodcut" }),
        { httpMetadata: { contentType: "image/svg+xml" } },
      );
    const first = await get(`/marketplace/${locked}/share.png`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(pngSize(new Uint8Array(await first.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    const stored = await env.MEDIA.list({ prefix: `share-pictures/decks/${locked}/` });
    expect(stored.objects).toHaveLength(1);
    expect((await get(`/marketplace/${locked}/share.png`)).status).toBe(200);
    expect((await env.MEDIA.list({ prefix: `share-pictures/decks/${locked}/` })).objects).toHaveLength(1);

    // A preview card as the cover is the share picture's card; a deck nobody may see has none.
    const open = await listedDeck(seller, "4.99", { cover: "major-01" });
    expect((await deckShareSource(db(), open))!.face).toContain(imagePath(open, "major-01"));
    const hidden = await readyDeck(seller.id);
    expect((await get(`/marketplace/${hidden}/share.png`)).status).toBe(404);
    // Deleting the deck deletes its preview pictures.
    expect((await post(`/collection/${locked}`, { intent: "delete", confirm: "delete" }, { cookie: seller.cookie })).status).toBe(302);
    expect((await env.MEDIA.list({ prefix: `share-pictures/decks/${locked}/` })).objects).toHaveLength(0);
    // Rendering the preview picture starts its engines in this isolate: seconds, not milliseconds.
  }, 30_000);
});
