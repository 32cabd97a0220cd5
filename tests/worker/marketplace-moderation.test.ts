/**
 * Moderation of the marketplace: the staff (by configuration) and nobody else reach the staff
 * pages; a member reports a deck once; staff hide a reported deck with a reason its creator
 * reads, and it leaves search, the home page's row and its page for strangers while its buyers
 * keep it; unhiding brings it back; the featured flag puts a deck in front.
 */
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { isStaff } from "../../app/auth/staff.server";
import { SHARED_COPY_TTL_S } from "../../app/lib/isolate-copy.server";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { newId } from "../../app/lib/crypto";
import { cards, deckListings, deckReports, decks, users } from "../../db/schema";
import { STAFF_MEMBER_ID } from "../../scripts/seed/seed-data";
import { CookieJar, get, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);

async function newPerson(options: { guest?: boolean } = {}) {
  const id = newId();
  const username = `m_${id.slice(0, 10)}`;
  await db()
    .insert(users)
    .values({ id, email: options.guest ? null : `${id}@example.com`, username });
  return { id, username, cookie: await signInAs(id) };
}

/** A word made of letters only, so a search for it finds exactly one deck. */
function uniqueWord() {
  return `zq${[...crypto.getRandomValues(new Uint8Array(8))].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;
}

/** A finished deck of three cards, listed for free by its owner; returns its id and title. */
async function listedDeck(ownerCookie: string, ownerId: string) {
  const deckId = newId();
  const title = `Lantern ${uniqueWord()}`;
  await db().insert(decks).values({ id: deckId, creatorId: ownerId, title, theme: "Lanterns", status: "ready" });
  for (const [number, key] of ["major-00", "major-01", "major-02"].entries()) {
    const imageKey = `card-images/${deckId}/${key.replace("-", "_")}.svg`;
    await db()
      .insert(cards)
      .values({ id: newId(), deckId, cardKey: key, name: `Card ${number}`, arcana: "major", number, status: "ready", imageKey });
    await env.MEDIA.put(imageKey, `<svg xmlns="http://www.w3.org/2000/svg"><title>${key}</title></svg>`, { httpMetadata: { contentType: "image/svg+xml" } });
  }
  const listed = await post(`/collection/${deckId}`, { intent: "list", price: "0", description: "Warm light" }, { cookie: ownerCookie });
  expect(listed.status).toBe(200);
  return { deckId, title };
}

const report = (deckId: string, cookie: string | undefined, form: Record<string, string> = { reason: "stolen", details: "Copied from a museum catalogue" }) =>
  post(`/marketplace/${deckId}/report`, form, { cookie });

const listingOf = async (deckId: string) => (await db().query.deckListings.findFirst({ where: eq(deckListings.deckId, deckId) }))!;
const reportsOf = (deckId: string) => db().select().from(deckReports).where(eq(deckReports.deckId, deckId));

let staffCookie: string;
let guestCookie: string;

beforeAll(async () => {
  staffCookie = await signInAs(STAFF_MEMBER_ID);
  const jar = new CookieJar();
  jar.take(await visit("/", { headers: { "cf-connecting-ip": "192.0.2.91" } }));
  guestCookie = jar.header();
});

describe("the staff", () => {
  it("is the configured, verified e-mail addresses only", async () => {
    const config = readConfig(env);
    expect(config.staffEmails).toEqual(["staff@arcanum.test"]);
    expect(isStaff({ email: "Staff@Arcanum.test", isGuest: false }, config)).toBe(true);
    expect(isStaff({ email: "someone@arcanum.test", isGuest: false }, config)).toBe(false);
    expect(isStaff({ email: null, isGuest: true }, config)).toBe(false);
    expect(isStaff(null, config)).toBe(false);
    expect(() => readConfig({ ...env, STAFF_EMAILS: "staff@arcanum.test, not-an-address" } as unknown as Cloudflare.Env)).toThrow(/STAFF_EMAILS/);
  });

  it("alone reaches the staff pages and their actions: everyone else gets a 404", async () => {
    const owner = await newPerson();
    const { deckId } = await listedDeck(owner.cookie, owner.id);
    const member = await newPerson();
    const refused: Record<string, string | undefined> = { nobody: undefined, guest: guestCookie, member: member.cookie, owner: owner.cookie };
    const forms: Record<string, string>[] = [
      { intent: "hide", deckId, reason: "Not allowed" },
      { intent: "dismiss", deckId },
      { intent: "unhide", deckId },
      { intent: "feature", deckId },
      { intent: "unfeature", deckId },
    ];
    for (const page of ["/staff/reports", "/staff/listings"]) {
      for (const [who, cookie] of Object.entries(refused)) {
        expect((await visit(page, { cookie })).status, `${page} as ${who}`).toBe(404);
        expect((await get(`${page}.data`, { cookie })).status, `${page}.data as ${who}`).toBe(404);
        for (const form of forms) expect((await post(page, form, { cookie })).status, `${page} ${form.intent} as ${who}`).toBe(404);
      }
      expect((await visit(page, { cookie: staffCookie })).status, `${page} as staff`).toBe(200);
      expect((await get(`${page}.data`, { cookie: staffCookie })).status, `${page}.data as staff`).toBe(200);
    }
    const listing = await listingOf(deckId);
    expect(listing).toMatchObject({ hiddenAt: null, featured: false });
  });

  it("refuses a staff form it cannot read with a 400, and a deck that is not listed with a 404", async () => {
    const owner = await newPerson();
    const { deckId } = await listedDeck(owner.cookie, owner.id);
    expect((await post("/staff/reports", { intent: "hide", deckId, reason: "  " }, { cookie: staffCookie })).status).toBe(400);
    expect((await post("/staff/reports", { intent: "hide", deckId, reason: "x".repeat(501) }, { cookie: staffCookie })).status).toBe(400);
    expect((await post("/staff/reports", { intent: "delete-everything", deckId }, { cookie: staffCookie })).status).toBe(400);
    expect((await post("/staff/reports", { intent: "unhide" }, { cookie: staffCookie })).status).toBe(400);
    expect((await post("/staff/listings", { intent: "feature", deckId: "no-such-deck" }, { cookie: staffCookie })).status).toBe(404);
    expect((await listingOf(deckId)).hiddenAt).toBeNull();
  });
});

describe("reporting a deck", () => {
  it("takes one report per member, refuses the owner's own, and sends a guest to make an account", async () => {
    const owner = await newPerson();
    const { deckId } = await listedDeck(owner.cookie, owner.id);
    const member = await newPerson();

    expect((await visit(`/marketplace/${deckId}/report`, { cookie: member.cookie })).status).toBe(200);
    expect((await report(deckId, member.cookie, { reason: "rude" })).status).toBe(400);
    expect((await report(deckId, member.cookie, { reason: "other" })).status).toBe(400);
    expect((await report(deckId, member.cookie, { reason: "other", details: "x".repeat(1001) })).status).toBe(400);
    expect(await reportsOf(deckId)).toHaveLength(0);

    const first = await report(deckId, member.cookie);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("your report reached the Arcanum staff");
    const second = await report(deckId, member.cookie, { reason: "sexual" });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("already been received");
    expect(await (await visit(`/marketplace/${deckId}/report`, { cookie: member.cookie })).text()).toContain("already been received");
    expect(await reportsOf(deckId)).toMatchObject([{ reporterId: member.id, reason: "Stolen or copied art: Copied from a museum catalogue", status: "open" }]);

    // Two reports sent at once by one person still make one.
    const hasty = await newPerson();
    const both = await Promise.all([report(deckId, hasty.cookie), report(deckId, hasty.cookie)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);

    const own = await report(deckId, owner.cookie);
    expect(own.status).toBe(409);
    expect(await (await visit(`/marketplace/${deckId}/report`, { cookie: owner.cookie })).text()).toContain("you cannot report it");

    const guestPage = await (await visit(`/marketplace/${deckId}/report`, { cookie: guestCookie })).text();
    expect(guestPage).toContain(`/signup?redirectTo=${encodeURIComponent(`/marketplace/${deckId}/report`)}`);
    expect((await report(deckId, guestCookie)).status).toBe(401);
    const nobody = await get(`/marketplace/${deckId}/report`);
    expect(nobody.status).toBe(302);
    expect(nobody.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/marketplace/${deckId}/report`)}`);

    expect((await report("no-such-deck", member.cookie)).status).toBe(404);
    expect((await visit("/marketplace/no-such-deck/report", { cookie: member.cookie })).status).toBe(404);
    expect(await reportsOf(deckId)).toHaveLength(2);
  });
});

describe("hiding, unhiding and featuring", () => {
  it("hides a reported deck from everyone but its owner and buyers, tells the owner why, and brings it back", async () => {
    const owner = await newPerson();
    const { deckId, title } = await listedDeck(owner.cookie, owner.id);
    const word = title.split(" ")[1]!;
    const buyer = await newPerson();
    expect((await post(`/checkout/${deckId}`, {}, { cookie: buyer.cookie })).status).toBe(302);
    const reporters = [await newPerson(), await newPerson()];
    for (const person of reporters) expect((await report(deckId, person.cookie)).status).toBe(200);
    const stranger = await newPerson();

    const queue = await (await visit("/staff/reports", { cookie: staffCookie })).text();
    expect(queue).toContain(title);
    expect(queue).toContain(`@${owner.username}`);
    expect(queue).toContain(`@${reporters[0]!.username}`);
    expect(queue).toContain("Copied from a museum catalogue");
    expect(queue).toMatch(/2(<!-- -->)? (<!-- -->)?reports/);

    expect(await (await visit(`/marketplace?q=${word}`, { cookie: stranger.cookie })).text()).toContain(title);
    const reason = "The pictures are copied from a museum catalogue";
    const hidden = await post("/staff/reports", { intent: "hide", deckId, reason }, { cookie: staffCookie });
    expect(hidden.status).toBe(200);
    const listing = await listingOf(deckId);
    expect(listing).toMatchObject({ hiddenReason: reason, status: "listed" });
    expect(listing.hiddenAt).toEqual(expect.any(Number));
    expect(await reportsOf(deckId)).toMatchObject([
      { status: "actioned", resolvedBy: STAFF_MEMBER_ID },
      { status: "actioned", resolvedBy: STAFF_MEMBER_ID },
    ]);
    // Hiding again changes nothing but the reason.
    expect((await post("/staff/reports", { intent: "hide", deckId, reason }, { cookie: staffCookie })).status).toBe(200);
    expect((await listingOf(deckId)).hiddenAt).toBe(listing.hiddenAt);
    expect(await (await visit("/staff/reports", { cookie: staffCookie })).text()).not.toContain(title);

    const search = await (await visit(`/marketplace?q=${word}`, { cookie: stranger.cookie })).text();
    expect(search).not.toContain(title);
    expect(await (await visit("/", { cookie: stranger.cookie })).text()).not.toContain(title);
    expect((await visit(`/marketplace/${deckId}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await get(`/marketplace/${deckId}`)).status).toBe(404);
    expect((await get(`/media/card-images/${deckId}/major_00.svg`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await visit(`/marketplace/${deckId}/report`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await post(`/checkout/${deckId}`, {}, { cookie: stranger.cookie })).status).toBe(404);

    expect((await visit(`/collection/${deckId}`, { cookie: buyer.cookie })).status).toBe(200);
    expect((await visit(`/marketplace/${deckId}`, { cookie: buyer.cookie })).status).toBe(200);
    expect((await get(`/media/card-images/${deckId}/major_02.svg`, { cookie: buyer.cookie })).status).toBe(200);

    const ownerPage = await (await visit(`/collection/${deckId}`, { cookie: owner.cookie })).text();
    expect(ownerPage).toContain("Hidden from the marketplace by Arcanum staff");
    expect(ownerPage).toContain(reason);
    expect(ownerPage).toContain("Buyers keep it");
    // Listing it again, or taking it out and back, does not undo the staff's decision.
    expect((await post(`/collection/${deckId}`, { intent: "unlist" }, { cookie: owner.cookie })).status).toBe(200);
    expect((await post(`/collection/${deckId}`, { intent: "list", price: "0", description: "Again" }, { cookie: owner.cookie })).status).toBe(200);
    expect(await listingOf(deckId)).toMatchObject({ status: "listed", hiddenAt: listing.hiddenAt, hiddenReason: reason });

    const staffList = await (await visit("/staff/listings", { cookie: staffCookie })).text();
    expect(staffList).toContain(title);
    expect((await post("/staff/listings", { intent: "feature", deckId }, { cookie: staffCookie })).status).toBe(409);

    expect((await post("/staff/listings", { intent: "unhide", deckId }, { cookie: staffCookie })).status).toBe(200);
    expect((await post("/staff/listings", { intent: "unhide", deckId }, { cookie: staffCookie })).status).toBe(200);
    expect(await listingOf(deckId)).toMatchObject({ hiddenAt: null, hiddenReason: null });
    expect(await (await visit(`/marketplace?q=${word}`, { cookie: stranger.cookie })).text()).toContain(title);
    expect((await visit(`/marketplace/${deckId}`, { cookie: stranger.cookie })).status).toBe(200);
    expect(await (await visit(`/collection/${deckId}`, { cookie: owner.cookie })).text()).not.toContain("Hidden from the marketplace by Arcanum staff");
  });

  it("dismisses a deck's reports without touching the deck", async () => {
    const owner = await newPerson();
    const { deckId, title } = await listedDeck(owner.cookie, owner.id);
    const member = await newPerson();
    expect((await report(deckId, member.cookie, { reason: "misleading" })).status).toBe(200);
    expect((await post("/staff/reports", { intent: "dismiss", deckId }, { cookie: staffCookie })).status).toBe(200);
    expect((await post("/staff/reports", { intent: "dismiss", deckId }, { cookie: staffCookie })).status).toBe(200);
    expect(await reportsOf(deckId)).toMatchObject([{ status: "dismissed", resolvedBy: STAFF_MEMBER_ID }]);
    expect((await listingOf(deckId)).hiddenAt).toBeNull();
    expect(await (await visit("/staff/reports", { cookie: staffCookie })).text()).not.toContain(title);
    // The member's one report is spent.
    expect((await report(deckId, member.cookie)).status).toBe(409);
  });

  it("puts a featured deck in front of the default sort and on the home page's row, until it is hidden", async () => {
    const owner = await newPerson();
    const { deckId, title } = await listedDeck(owner.cookie, owner.id);
    const viewer = await newPerson();
    const shop = async () => (await visit("/marketplace", { cookie: viewer.cookie })).text();
    const notFeatured = ["Neon Oracle", "Desert Mirage", "Gilded Clockwork"];

    const before = await shop();
    expect(before.indexOf(title)).toBeGreaterThan(before.indexOf("Desert Mirage"));
    expect(await (await visit("/", { cookie: viewer.cookie })).text()).not.toContain(title);

    expect((await post("/staff/listings", { intent: "feature", deckId }, { cookie: staffCookie })).status).toBe(200);
    expect((await listingOf(deckId)).featured).toBe(true);
    const after = await shop();
    for (const other of notFeatured) expect(after.indexOf(title), other).toBeLessThan(after.indexOf(other));
    expect(await (await visit("/", { cookie: viewer.cookie })).text()).toContain(title);
    expect(await (await visit(`/staff/listings?q=${title.split(" ")[1]}`, { cookie: staffCookie })).text()).toContain("Stop featuring");

    expect((await post("/staff/listings", { intent: "hide", deckId, reason: "Misleading description" }, { cookie: staffCookie })).status).toBe(200);
    expect(await (await visit("/", { cookie: viewer.cookie })).text()).not.toContain(title);
    expect(await listingOf(deckId)).toMatchObject({ featured: false });

    expect((await post("/staff/listings", { intent: "unhide", deckId }, { cookie: staffCookie })).status).toBe(200);
    expect((await post("/staff/listings", { intent: "feature", deckId }, { cookie: staffCookie })).status).toBe(200);
    expect((await post("/staff/listings", { intent: "unfeature", deckId }, { cookie: staffCookie })).status).toBe(200);
    expect((await post("/staff/listings", { intent: "unfeature", deckId }, { cookie: staffCookie })).status).toBe(200);
    const unfeatured = await shop();
    expect(unfeatured.indexOf(title)).toBeGreaterThan(unfeatured.indexOf("Desert Mirage"));
    expect(await db().query.deckReports.findFirst({ where: and(eq(deckReports.deckId, deckId)) })).toBeUndefined();
  });

  it("gives members' home pages the curated row this isolate read last, renewed when a listing changes through it or once the copy is as old as the visitors' shared page", async () => {
    const owner = await newPerson();
    const { deckId, title } = await listedDeck(owner.cookie, owner.id);
    const viewer = await newPerson();
    const home = async () => (await visit("/", { cookie: viewer.cookie })).text();
    const feature = async () => expect((await post("/staff/listings", { intent: "feature", deckId }, { cookie: staffCookie })).status).toBe(200);

    await feature();
    expect(await home()).toContain(title);
    // Unfeatured behind this isolate's back, as another isolate would: its copy of the row still shows the deck.
    await db().update(deckListings).set({ featured: false }).where(eq(deckListings.deckId, deckId));
    expect(await home()).toContain(title);
    // As old as the visitors' shared copy of the page may be, the copy is read again.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + (SHARED_COPY_TTL_S + 1) * 1000);
      expect(await home()).not.toContain(title);
      // A listing changed through this isolate drops its copy at once.
      await feature();
      expect(await home()).toContain(title);
    } finally {
      vi.useRealTimers();
    }
    await post("/staff/listings", { intent: "unfeature", deckId }, { cookie: staffCookie });
  });
});
