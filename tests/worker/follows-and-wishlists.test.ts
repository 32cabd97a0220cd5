/**
 * Following creators and keeping a wishlist (decision 0113) through the real stack: following and
 * unfollowing a shop, never one's own; the follower count; a new listing told to each follower once
 * a day, by push or by e-mail as their settings say; saving decks and the wishlist page; a price drop
 * told to those who wished for the deck; and each person's follows and wishlist seen by them alone.
 */
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { newId } from "../../app/lib/crypto";
import { listOutbox } from "../../app/mail/mail.server";
import { CANNOT_FOLLOW_YOURSELF } from "../../app/marketplace/follows.server";
import { FOLLOW_NOTICE_GAP_MS, newDeckNews, wishedDeckNews } from "../../app/marketplace/news.server";
import { sendPushNow } from "../../app/push/notify.server";
import { toBase64Url } from "../../app/push/web-push.server";
import { creatorFollows, deckListings, deckPurchases, pushSettings, users, wishlistItems } from "../../db/schema";
import { get, oneCardDeck, ORIGIN, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);
const config = () => readConfig(env as unknown as Env);

afterEach(() => vi.restoreAllMocks());

/** A page's text with the entities React writes for quotes read back. */
const textOf = async (response: Response) =>
  (await response.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

type Person = { id: string; username: string; email: string; name: string; cookie: string };

async function newPerson(fullName = "Ada Lake"): Promise<Person> {
  const id = `p-${newId()}`;
  const username = `m${newId().slice(0, 12)}`.toLowerCase();
  const email = `${id}@example.test`;
  await db().insert(users).values({ id, email, username, fullName });
  return { id, username, email, name: fullName, cookie: await signInAs(id) };
}

async function newGuest() {
  const id = `g-${newId()}`;
  // A guest is a person without an e-mail address.
  await db().insert(users).values({ id });
  return { id, cookie: await signInAs(id) };
}

const follow = (creator: Person, intent: "follow" | "unfollow", cookie: string) =>
  post(`/shop/${creator.username}/follow`, { intent, redirectTo: `/shop/${creator.username}` }, { cookie });
const wish = (deckId: string, intent: "wish" | "unwish", cookie: string, redirectTo = `/marketplace/${deckId}`) =>
  post(`/marketplace/${deckId}/wish`, { intent, redirectTo }, { cookie });
const followsOf = (followerId: string) => db().select().from(creatorFollows).where(eq(creatorFollows.followerId, followerId));
const wishesOf = (userId: string) => db().select().from(wishlistItems).where(eq(wishlistItems.userId, userId));

/** A new one-card deck of the creator's, listed for free through the deck page's form. */
async function listNewDeck(creator: Person, title: string) {
  const deckId = await oneCardDeck(creator.id, title);
  expect((await post(`/collection/${deckId}`, { intent: "list", price: "0" }, { cookie: creator.cookie })).status).toBe(200);
  return deckId;
}

const newDeckSubject = (creator: Person, title: string) => `New from ${creator.name}: “${title}”`;
const subjectsTo = async (person: Person) => (await listOutbox(db(), person.email)).map((mail) => mail.subject);
const tellFollowers = (creator: Person, deckId: string, now?: number) =>
  sendPushNow({ db: db(), config: config() }, newDeckNews({ deckId, creatorId: creator.id, origin: ORIGIN }), now);

/** Every request to https://push.test is counted and accepted. */
function pushService() {
  const hits: string[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (new URL(request.url).origin !== "https://push.test") return real(input as RequestInfo, init);
    hits.push(request.url);
    return new Response(null, { status: 201 });
  });
  return hits;
}

async function subscribeDevice(cookie: string) {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const p256dh = toBase64Url(new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer));
  const endpoint = `https://push.test/send/${newId()}`;
  const form = { intent: "subscribe", endpoint, p256dh, auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) };
  expect((await post("/push/subscription", form, { cookie })).status).toBe(200);
  return endpoint;
}

describe("following a creator", () => {
  it("follows and unfollows, each as often as sent, back to the page it was sent from, and the shop counts its followers", async () => {
    const creator = await newPerson("Luz Marin");
    const [ada, ben] = [await newPerson(), await newPerson("Ben Ode")];
    const shopCount = async (cookie: string) => (await textOf(await get(`/shop/${creator.username}`, { cookie }))).match(/(\d+) followers?/)?.[1];
    expect(await shopCount(ada.cookie)).toBe("0");

    const followed = await follow(creator, "follow", ada.cookie);
    expect(followed.status).toBe(303);
    expect(followed.headers.get("location")).toBe(`/shop/${creator.username}`);
    expect((await follow(creator, "follow", ada.cookie)).status).toBe(303);
    expect((await follow(creator, "follow", ben.cookie)).status).toBe(303);
    expect(await followsOf(ada.id)).toHaveLength(1);
    expect(await shopCount(ada.cookie)).toBe("2");
    // The follower sees "Following"; someone else sees "Follow".
    const adas = await textOf(await get(`/shop/${creator.username}`, { cookie: ada.cookie }));
    expect(adas).toMatch(/aria-pressed="true"[^>]*data-testid="follow-button"/);
    expect(adas).toContain("Following");
    const stranger = await newPerson("Cy Dunn");
    expect(await textOf(await get(`/shop/${creator.username}`, { cookie: stranger.cookie }))).toMatch(/aria-pressed="false"[^>]*data-testid="follow-button"/);

    expect((await follow(creator, "unfollow", ada.cookie)).status).toBe(303);
    expect((await follow(creator, "unfollow", ada.cookie)).status).toBe(303);
    expect(await followsOf(ada.id)).toEqual([]);
    expect(await shopCount(ada.cookie)).toBe("1");
    // A page of another site is not where the form goes back to.
    const elsewhere = await post(`/shop/${creator.username}/follow`, { intent: "follow", redirectTo: "https://evil.test/" }, { cookie: ada.cookie });
    expect(elsewhere.headers.get("location")).toBe(`/shop/${creator.username}`);
    // A deck page of the creator's offers the same button.
    const deckId = await listNewDeck(creator, "Tidewater");
    expect(await textOf(await get(`/marketplace/${deckId}`, { cookie: ada.cookie }))).toMatch(/aria-pressed="true"[^>]*data-testid="follow-button"/);
  });

  it("is not for oneself, nor for a shop that does not exist; a visitor is asked to sign in and a guest to sign up", async () => {
    const creator = await newPerson("Luz Marin");
    const own = await follow(creator, "follow", creator.cookie);
    expect(own.status).toBe(400);
    expect(await own.text()).toBe(CANNOT_FOLLOW_YOURSELF);
    expect(await followsOf(creator.id)).toEqual([]);
    // The creator's own shop and deck pages have no follow button.
    expect(await textOf(await get(`/shop/${creator.username}`, { cookie: creator.cookie }))).not.toContain('data-testid="follow-button"');
    const deckId = await listNewDeck(creator, "Own Deck");
    expect(await textOf(await get(`/marketplace/${deckId}`, { cookie: creator.cookie }))).not.toContain('data-testid="follow-button"');

    const ada = await newPerson();
    expect((await post("/shop/nobody_by_that_name/follow", { intent: "follow" }, { cookie: ada.cookie })).status).toBe(404);
    expect((await post(`/shop/${creator.username}/follow`, { intent: "befriend" }, { cookie: ada.cookie })).status).toBe(400);
    expect(await followsOf(ada.id)).toEqual([]);

    const visitor = await post(`/shop/${creator.username}/follow`, { intent: "follow" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const guest = await newGuest();
    const asGuest = await follow(creator, "follow", guest.cookie);
    expect(asGuest.status).toBe(303);
    expect(asGuest.headers.get("location")).toBe(`/signup?redirectTo=${encodeURIComponent(`/shop/${creator.username}`)}`);
    expect(await followsOf(guest.id)).toEqual([]);
    const suspended = await newPerson("Gone Away");
    await db().update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, suspended.id));
    expect((await follow(suspended, "follow", ada.cookie)).status).toBe(404);
  });

  it("tells each follower of a new deck once, by e-mail without a device, and nothing more that day; a day later, again", async () => {
    const creator = await newPerson("Luz Marin");
    const [ada, ben] = [await newPerson(), await newPerson("Ben Ode")];
    const outsider = await newPerson("Cy Dunn");
    for (const person of [ada, ben]) expect((await follow(creator, "follow", person.cookie)).status).toBe(303);

    const first = await listNewDeck(creator, "Tidewater");
    for (const person of [ada, ben]) await expect.poll(() => subjectsTo(person)).toContain(newDeckSubject(creator, "Tidewater"));
    const mail = (await listOutbox(db(), ada.email)).find((m) => m.subject === newDeckSubject(creator, "Tidewater"))!;
    expect(mail.text).toContain(`${ORIGIN}/marketplace/${first}`);
    expect(mail.text).toContain("New decks from creators I follow");
    expect(await subjectsTo(outsider)).toEqual([]);
    expect(await subjectsTo(creator)).not.toContain(newDeckSubject(creator, "Tidewater"));

    // A second deck the same day: the follow was claimed for a day, so its notice (the route's and this one) tells nobody.
    const second = await listNewDeck(creator, "Saltmarsh");
    await tellFollowers(creator, second);
    for (const person of [ada, ben]) expect(await subjectsTo(person)).not.toContain(newDeckSubject(creator, "Saltmarsh"));
    // Updating a listed deck is no news for followers.
    expect((await post(`/collection/${first}`, { intent: "list", price: "0", description: "Now with a description" }, { cookie: creator.cookie })).status).toBe(
      200,
    );
    // A day later, the same deck's notice goes out.
    await tellFollowers(creator, second, Date.now() + FOLLOW_NOTICE_GAP_MS + 1);
    for (const person of [ada, ben]) expect((await subjectsTo(person)).filter((s) => s === newDeckSubject(creator, "Saltmarsh"))).toHaveLength(1);
    for (const person of [ada, ben]) expect((await subjectsTo(person)).filter((s) => s === newDeckSubject(creator, "Tidewater"))).toHaveLength(1);
  });

  it("follows each follower's settings: a push to a device when on, nothing when turned off, and an unlisted deck tells nobody", async () => {
    const hits = pushService();
    const creator = await newPerson("Luz Marin");
    const [phone, off] = [await newPerson("Pia Phone"), await newPerson("Otto Off")];
    for (const person of [phone, off]) expect((await follow(creator, "follow", person.cookie)).status).toBe(303);
    const endpoint = await subscribeDevice(phone.cookie);
    await db().insert(pushSettings).values({ userId: off.id, newDecks: false });

    const deckId = await oneCardDeck(creator.id, "Lanternlight");
    // Taken out again before the notice runs: nobody hears of a deck that is not in the marketplace.
    await db().insert(deckListings).values({ deckId, sellerId: creator.id, status: "unlisted", listedAt: Date.now() });
    await tellFollowers(creator, deckId);
    expect(hits).toEqual([]);
    expect(
      await db()
        .select()
        .from(creatorFollows)
        .where(and(eq(creatorFollows.creatorId, creator.id), eq(creatorFollows.followerId, phone.id))),
    ).toMatchObject([{ lastNotifiedAt: null }]);

    await db().update(deckListings).set({ status: "listed" }).where(eq(deckListings.deckId, deckId));
    await tellFollowers(creator, deckId);
    // The follower with a device hears by push, not by e-mail; the one who turned the kind off hears nothing, and keeps no claim.
    expect(hits).toEqual([endpoint]);
    expect(await subjectsTo(phone)).not.toContain(newDeckSubject(creator, "Lanternlight"));
    expect(await subjectsTo(off)).toEqual([]);
    const offRow = await db()
      .select()
      .from(creatorFollows)
      .where(and(eq(creatorFollows.creatorId, creator.id), eq(creatorFollows.followerId, off.id)));
    expect(offRow).toMatchObject([{ lastNotifiedAt: null }]);
    // The setting is a box on the profile's notifications, next to the others.
    expect(await textOf(await get("/profile", { cookie: phone.cookie }))).toContain('name="new-deck"');
  });
});

describe("a wishlist", () => {
  it("saves and removes a deck from its page and its tile, back to the page, and lists saved decks at their current price", async () => {
    const creator = await newPerson("Luz Marin");
    const ada = await newPerson();
    const deckId = await listNewDeck(creator, "Emberfall");
    await db().update(deckListings).set({ priceCents: 700 }).where(eq(deckListings.deckId, deckId));

    expect(await textOf(await get("/wishlist", { cookie: ada.cookie }))).toContain('data-testid="wishlist-empty"');
    const saved = await wish(deckId, "wish", ada.cookie, "/marketplace?q=emberfall");
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/marketplace?q=emberfall");
    expect((await wish(deckId, "wish", ada.cookie)).status).toBe(303);
    expect(await wishesOf(ada.id)).toHaveLength(1);

    const list = await textOf(await get("/wishlist", { cookie: ada.cookie }));
    expect(list).toContain("Emberfall");
    expect(list).toContain("$7.00");
    expect(list).toContain("Prices in US dollars (USD)");
    // The deck's page and its tile show it saved.
    expect(await textOf(await get(`/marketplace/${deckId}`, { cookie: ada.cookie }))).toMatch(/aria-pressed="true"[^>]*data-testid="wish-button"/);
    const tiles = await textOf(await get(`/marketplace?sort=newest`, { cookie: ada.cookie }));
    expect(tiles).toMatch(new RegExp(`action="/marketplace/${deckId}/wish"[^]*?aria-pressed="true"[^>]*data-testid="wish-heart"`));
    // The price on the wishlist is today's.
    await db().update(deckListings).set({ priceCents: 450 }).where(eq(deckListings.deckId, deckId));
    expect(await textOf(await get("/wishlist", { cookie: ada.cookie }))).toContain("$4.50");

    // Taken out of the marketplace, it stays saved but leaves the list, which says so.
    await db().update(deckListings).set({ status: "unlisted" }).where(eq(deckListings.deckId, deckId));
    const away = await textOf(await get("/wishlist", { cookie: ada.cookie }));
    expect(away).not.toContain("Emberfall");
    expect(away).toContain("One deck you saved is out of the marketplace for now");
    // It can still be removed.
    const removed = await wish(deckId, "unwish", ada.cookie, "/wishlist");
    expect(removed.headers.get("location")).toBe("/wishlist");
    expect(await wishesOf(ada.id)).toEqual([]);
  });

  it("holds only others' decks in the marketplace; a visitor is asked to sign in and a guest to sign up", async () => {
    const creator = await newPerson("Luz Marin");
    const deckId = await listNewDeck(creator, "Own Work");
    const own = await wish(deckId, "wish", creator.cookie);
    expect(own.status).toBe(400);
    expect(await wishesOf(creator.id)).toEqual([]);
    expect(await textOf(await get(`/marketplace/${deckId}`, { cookie: creator.cookie }))).not.toContain('data-testid="wish-button"');

    const ada = await newPerson();
    const privateDeck = await oneCardDeck(creator.id, "Drawer Deck");
    expect((await wish(privateDeck, "wish", ada.cookie)).status).toBe(404);
    expect((await wish("no-such-deck", "wish", ada.cookie)).status).toBe(404);
    expect((await post(`/marketplace/${deckId}/wish`, { intent: "covet" }, { cookie: ada.cookie })).status).toBe(400);
    expect(await wishesOf(ada.id)).toEqual([]);

    const visitor = await post(`/marketplace/${deckId}/wish`, { intent: "wish" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const guest = await newGuest();
    const asGuest = await wish(deckId, "wish", guest.cookie);
    expect(asGuest.status).toBe(303);
    expect(asGuest.headers.get("location")).toMatch(/^\/signup\?redirectTo=/);
    expect(await wishesOf(guest.id)).toEqual([]);
  });

  it("tells those who wished for a deck when its price drops, once a day, by their settings, and not those who hold it", async () => {
    const creator = await newPerson("Luz Marin");
    const [ada, off, holder] = [await newPerson(), await newPerson("Otto Off"), await newPerson("Hal Holder")];
    const deckId = await listNewDeck(creator, "Brightwater");
    await db().update(deckListings).set({ priceCents: 900 }).where(eq(deckListings.deckId, deckId));
    for (const person of [ada, off, holder]) expect((await wish(deckId, "wish", person.cookie)).status).toBe(303);
    await db().insert(pushSettings).values({ userId: off.id, wishlist: false });
    await db()
      .insert(deckPurchases)
      .values({ id: newId(), deckId, buyerId: holder.id, sellerId: creator.id, grossCents: 900, feePercent: 30, feeCents: 270, netCents: 630 });

    // The creator makes it free (any member may list for free): a drop from $9.00.
    expect((await post(`/collection/${deckId}`, { intent: "list", price: "0" }, { cookie: creator.cookie })).status).toBe(200);
    const subject = "A deck on your wishlist costs less";
    await expect.poll(() => subjectsTo(ada)).toContain(subject);
    const mail = (await listOutbox(db(), ada.email)).find((m) => m.subject === subject)!;
    expect(mail.text).toContain("“Brightwater” is free now (it was $9.00).");
    expect(mail.text).toContain(`${ORIGIN}/marketplace/${deckId}`);

    // Another drop the same day tells nobody again; the one who turned the kind off and the one who holds the deck hear nothing.
    const again = wishedDeckNews({ deckIds: [deckId], news: { reason: "price-drop", fromCents: 500, toCents: 0 }, origin: ORIGIN });
    await sendPushNow({ db: db(), config: config() }, again);
    expect((await subjectsTo(ada)).filter((s) => s === subject)).toHaveLength(1);
    expect(await subjectsTo(off)).toEqual([]);
    expect(await subjectsTo(holder)).toEqual([]);
    // A day later it would.
    await sendPushNow({ db: db(), config: config() }, again, Date.now() + FOLLOW_NOTICE_GAP_MS + 1);
    expect((await subjectsTo(ada)).filter((s) => s === subject)).toHaveLength(2);
  });

  it("tells those who wished for a deck when a new offer code takes money off it, and nobody else", async () => {
    const creator = await newPerson("Ona Code");
    const [ada, bea, cy] = [await newPerson(), await newPerson("Bea Elsewhere"), await newPerson("Cy Both")];
    const wished = await listNewDeck(creator, "Saltmarsh");
    const other = await listNewDeck(creator, "Ferrylight");
    const third = await listNewDeck(creator, "Kelp Hollow");
    await db().update(deckListings).set({ priceCents: 1200 }).where(eq(deckListings.sellerId, creator.id));
    expect((await wish(wished, "wish", ada.cookie)).status).toBe(303);
    expect((await wish(other, "wish", bea.cookie)).status).toBe(303);
    for (const deckId of [other, third]) expect((await wish(deckId, "wish", cy.cookie)).status).toBe(303);
    const code = (form: Record<string, string>) =>
      post("/sales/codes", { intent: "create", kind: "percent", amount: "25", deckId: "", expires: "", maxUses: "", ...form }, { cookie: creator.cookie });
    const subject = "An offer code for a deck on your wishlist";

    // A code for the one deck: its wisher hears of it, with the code, what it takes off and its last day; the other deck's does not.
    expect((await code({ code: "SALT25", deckId: wished, expires: "2099-06-30" })).status).toBe(200);
    await expect.poll(() => subjectsTo(ada)).toContain(subject);
    const mail = (await listOutbox(db(), ada.email)).find((m) => m.subject === subject)!;
    expect(mail.text).toContain("The code SALT25 takes 25% off “Saltmarsh” at the checkout, until the end of");
    expect(mail.text).toContain(`${ORIGIN}/marketplace/${wished}`);
    expect(await subjectsTo(bea)).toEqual([]);

    // A code for the whole shop reaches the wishers of every deck it takes money off.
    expect((await code({ code: "SHOP-2", kind: "amount", amount: "2" })).status).toBe(200);
    await expect.poll(() => subjectsTo(bea)).toContain(subject);
    expect((await listOutbox(db(), bea.email)).find((m) => m.subject === subject)!.text).toContain(
      "The code SHOP-2 takes $2.00 off “Ferrylight” at the checkout.",
    );
    // One who wished for two of the shop's decks hears once, of both, and is sent to their wishlist.
    const both = "An offer code for decks on your wishlist";
    await expect.poll(() => subjectsTo(cy)).toContain(both);
    expect(await subjectsTo(cy)).toEqual([both]);
    const bothMail = (await listOutbox(db(), cy.email)).find((m) => m.subject === both)!;
    expect(bothMail.text).toContain("The code SHOP-2 takes $2.00 off “Ferrylight” and “Kelp Hollow” at the checkout.");
    expect(bothMail.text).toContain(`${ORIGIN}/wishlist`);
    // Ada heard of Saltmarsh today already: the shop's code tells her nothing more.
    expect((await subjectsTo(ada)).filter((s) => s === subject)).toHaveLength(1);
  });
});

describe("follows and wishlists", () => {
  it("are seen by their owner alone: another person, and the shop, show nothing of them", async () => {
    const creator = await newPerson("Luz Marin");
    const deckId = await listNewDeck(creator, "Quietwood");
    const [ada, ben] = [await newPerson(), await newPerson("Ben Ode")];
    expect((await follow(creator, "follow", ada.cookie)).status).toBe(303);
    expect((await wish(deckId, "wish", ada.cookie)).status).toBe(303);

    const adasFollowing = await textOf(await get("/following", { cookie: ada.cookie }));
    expect(adasFollowing).toContain(`data-followed="${creator.username}"`);
    expect(adasFollowing).toContain("Luz Marin");
    expect(await textOf(await get("/wishlist", { cookie: ada.cookie }))).toContain(`data-wished="${deckId}"`);

    const bensFollowing = await textOf(await get("/following", { cookie: ben.cookie }));
    expect(bensFollowing).not.toContain(creator.username);
    expect(bensFollowing).toContain('data-testid="following-empty"');
    const bensWishlist = await textOf(await get("/wishlist", { cookie: ben.cookie }));
    expect(bensWishlist).not.toContain(deckId);
    expect(bensWishlist).toContain('data-testid="wishlist-empty"');
    // The shop and the deck page show a count and the viewer's own state, never who follows or wished.
    for (const cookie of [ben.cookie, creator.cookie]) {
      for (const path of [`/shop/${creator.username}`, `/marketplace/${deckId}`]) {
        const page = await textOf(await get(path, { cookie }));
        expect(page).not.toContain(ada.username);
        expect(page).not.toContain(ada.name);
      }
    }
    expect(await textOf(await get(`/shop/${creator.username}`, { cookie: ben.cookie }))).toContain("1 follower");
    // Ben's own wishes leave Ada's alone.
    expect((await wish(deckId, "unwish", ben.cookie)).status).toBe(303);
    expect((await follow(creator, "unfollow", ben.cookie)).status).toBe(303);
    expect(await wishesOf(ada.id)).toHaveLength(1);
    expect(await followsOf(ada.id)).toHaveLength(1);
  });
});
