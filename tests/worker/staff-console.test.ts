/**
 * The staff console: staff reach every page of it and nobody else does (the matrix tries visitor,
 * guest, member and readers); credits granted by staff land in the person's ledger with the reason;
 * a suspended member cannot sign in, loses their sessions, cannot be booked and their listings
 * leave browse and search; a refund asked twice at once is made once; each action is in the record;
 * each periodic job's run is recorded.
 */
import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { runPeriodicJobs } from "../../app/jobs/periodic.server";
import { newId } from "../../app/lib/crypto";
import { listOutbox } from "../../app/mail/mail.server";
import { deckQuotaLedger, jobRuns, paymentEvents, paymentReceipts, refundClaims, staffActions, subscriptions, userDeckQuotas, users } from "../../db/schema";
import { STAFF_MEMBER_ID } from "../../scripts/seed/seed-data";
import { app, CookieJar, get, oneCardDeck, ORIGIN, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);
let staffCookie: string;

async function newMember(options: { reader?: boolean } = {}) {
  const id = newId();
  const username = `s_${id.slice(0, 10)}`;
  const email = `${id}@example.com`;
  await db()
    .insert(users)
    .values({ id, email, username, isReader: options.reader ?? false, customPricePerMinute: options.reader ? 100 : null });
  return { id, username, email, cookie: await signInAs(id) };
}

const auditOf = (target: string) => db().select().from(staffActions).where(eq(staffActions.target, target));

beforeAll(async () => {
  staffCookie = await signInAs(STAFF_MEMBER_ID);
});

describe("the console's pages", () => {
  it("opens every section for staff", async () => {
    const person = await newMember();
    for (const path of [
      "/staff",
      "/staff/people",
      `/staff/people?q=${person.username}`,
      `/staff/people/${person.id}`,
      "/staff/payments",
      "/staff/readers",
      "/staff/reports",
      "/staff/listings",
      "/staff/readings",
    ]) {
      const response = await visit(path, { cookie: staffCookie });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain('aria-label="Staff"');
      expect(html, path).toContain('href="/staff/health"');
    }
    const found = await (await visit(`/staff/people?q=${person.email.slice(0, 12)}`, { cookie: staffCookie })).text();
    expect(found).toContain(`/staff/people/${person.id}`);
    expect((await visit("/staff/people/nobody-at-all", { cookie: staffCookie })).status).toBe(404);
    expect((await post("/staff/people/nobody-at-all", { intent: "suspend", reason: "Testing" }, { cookie: staffCookie })).status).toBe(404);
  });

  it("answers bad input with a 400 and words, never a 500", async () => {
    const person = await newMember();
    const cases: [string, Record<string, string>][] = [
      [`/staff/people/${person.id}`, { intent: "grant", kind: "completeDeck", amount: "0", reason: "Too few", key: newId() }],
      [`/staff/people/${person.id}`, { intent: "grant", kind: "completeDeck", amount: "2", reason: "", key: newId() }],
      [`/staff/people/${person.id}`, { intent: "grant", kind: "gold", amount: "2", reason: "Odd kind", key: newId() }],
      [`/staff/people/${person.id}`, { intent: "suspend" }],
      [`/staff/people/${person.id}`, { intent: "nothing" }],
      ["/staff/payments", { intent: "refund", receiptId: "", reason: "Why not" }],
      ["/staff/payments", { intent: "retry-payout", payoutId: "x", reason: "" }],
      ["/staff/readers", { intent: "revoke", certificateId: "demo-theo-adept", reason: "no" }],
    ];
    for (const [path, form] of cases) {
      const response = await post(path, form, { cookie: staffCookie });
      expect(response.status, `${path} ${JSON.stringify(form)}`).toBe(400);
    }
    expect((await post("/staff/payments", { intent: "refund", receiptId: "in_nothing", reason: "No such payment" }, { cookie: staffCookie })).status).toBe(404);
  });
});

describe("credits granted by staff", () => {
  it("adds them with the reason to the person's ledger, once per form, and keeps the action in the record", async () => {
    const person = await newMember();
    const before = await (await visit("/credits", { cookie: person.cookie })).text();
    const key = newId();
    const form = { intent: "grant", kind: "completeDeck", amount: "3", reason: "Sorry for the failed deck", key };
    const granted = await post(`/staff/people/${person.id}`, form, { cookie: staffCookie });
    expect(granted.status).toBe(200);
    expect(await granted.text()).toContain("3 complete-deck credits granted.");
    // The same form again (a double click) grants nothing more.
    expect((await post(`/staff/people/${person.id}`, form, { cookie: staffCookie })).status).toBe(409);
    const lines = await db().select().from(deckQuotaLedger).where(eq(deckQuotaLedger.userId, person.id));
    const grant = lines.filter((line) => line.referenceId === `staff-grant:${key}`);
    expect(grant).toMatchObject([{ completeDeckChange: 3, majorArcanaChange: 0, description: "Granted by Arcanum staff: Sorry for the failed deck" }]);
    const after = await (await visit("/credits", { cookie: person.cookie })).text();
    expect(before).not.toContain("Granted by Arcanum staff");
    expect(after).toContain("Granted by Arcanum staff: Sorry for the failed deck");
    expect(await auditOf(`user:${person.id}`)).toMatchObject([{ staffId: STAFF_MEMBER_ID, action: "grant-credits", reason: "Sorry for the failed deck" }]);
    const page = await (await visit(`/staff/people/${person.id}`, { cookie: staffCookie })).text();
    expect(page).toContain("3 complete-deck credits");
  });
});

describe("a suspended member", () => {
  it("is signed out, cannot sign in by link or code, cannot be booked, and their listings leave browse and search; restoring lets them back", async () => {
    const reader = await newMember({ reader: true });
    // A listed deck of theirs, found by a word of its title.
    const word = `zq${newId()
      .replace(/[^a-z]/g, "")
      .slice(0, 10)}`;
    const title = `Lantern ${word}`;
    const deckId = await oneCardDeck(reader.id, title);
    expect((await post(`/collection/${deckId}`, { intent: "list", price: "0", description: "Warm light" }, { cookie: reader.cookie })).status).toBe(200);
    const client = await newMember();
    expect(await (await visit(`/marketplace?q=${word}`, { cookie: client.cookie })).text()).toContain(title);
    expect(await (await visit("/marketplace?sort=newest", { cookie: client.cookie })).text()).toContain(title);
    expect((await visit(`/readers/${reader.username}`, { cookie: client.cookie })).status).toBe(200);

    const suspended = await post(`/staff/people/${reader.id}`, { intent: "suspend", reason: "Chargebacks from stolen cards" }, { cookie: staffCookie });
    expect(suspended.status).toBe(200);

    // Their session ended: the same cookie is nobody now.
    const profile = await visit("/profile", { cookie: reader.cookie });
    expect(profile.status).toBe(302);
    expect(profile.headers.get("location")).toMatch(/^\/login/);
    // Their listing is out of browse and search.
    expect(await (await visit(`/marketplace?q=${word}`, { cookie: client.cookie })).text()).not.toContain(title);
    expect(await (await visit("/marketplace?sort=newest", { cookie: client.cookie })).text()).not.toContain(title);
    // Nobody can book them.
    expect((await visit(`/readers/${reader.username}/book`, { cookie: client.cookie })).status).toBe(404);
    expect((await post(`/readers/${reader.username}/book`, { mode: "chat" }, { cookie: client.cookie })).status).toBe(404);
    // Signing in by the link (or the code, the same credential) is refused with words.
    const browser = new CookieJar();
    browser.take(await visit("/", { headers: { "cf-connecting-ip": "198.51.100.201" } }));
    browser.take(await post("/login", { email: reader.email }, { cookie: browser.header(), headers: { "cf-connecting-ip": "198.51.100.201" } }));
    const [message] = await listOutbox(db(), reader.email, 1);
    const link = new URL(message!.link!);
    const refused = browser.take(await visit(link.pathname + link.search, { cookie: browser.header() }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This account is suspended");
    expect(await auditOf(`user:${reader.id}`)).toMatchObject([{ action: "suspend", reason: "Chargebacks from stolen cards" }]);

    expect((await post(`/staff/people/${reader.id}`, { intent: "restore", reason: "Cleared by the bank" }, { cookie: staffCookie })).status).toBe(200);
    expect(await (await visit(`/marketplace?q=${word}`, { cookie: client.cookie })).text()).toContain(title);
    expect((await visit(`/readers/${reader.username}/book`, { cookie: client.cookie })).status).toBe(200);
    const again = new CookieJar();
    again.take(await visit("/", { headers: { "cf-connecting-ip": "198.51.100.202" } }));
    again.take(await post("/login", { email: reader.email }, { cookie: again.header(), headers: { "cf-connecting-ip": "198.51.100.202" } }));
    const [second] = await listOutbox(db(), reader.email, 1);
    const secondLink = new URL(second!.link!);
    expect((await visit(secondLink.pathname + secondLink.search, { cookie: again.header() })).status).toBe(302);
  });

  it("cannot use the API with a token made before, until restored", async () => {
    const person = await newMember();
    const DAY = 24 * 60 * 60 * 1000;
    await db()
      .insert(userDeckQuotas)
      .values({ userId: person.id, planType: "visionary", majorArcanaQuota: 5, completeDeckQuota: 10, nextRefreshDate: Date.now() + 10 * DAY });
    await db()
      .insert(subscriptions)
      .values({
        userId: person.id,
        subscriptionStatus: "active",
        priceId: "price_visionary_monthly",
        currentPeriodEnd: Math.floor((Date.now() + 20 * DAY) / 1000),
      });
    const made = await (await post("/profile", { intent: "create-token", name: "Backup script", scope: "read" }, { cookie: person.cookie })).text();
    const token = /arcanum_pat_[A-Za-z0-9_-]{43}/.exec(made)?.[0];
    expect(token).toBeTruthy();
    const decksWith = (bearer: string) => app.fetch(`${ORIGIN}/api/v1/decks`, { headers: { authorization: `Bearer ${bearer}` } });
    expect((await decksWith(token!)).status).toBe(200);

    expect((await post(`/staff/people/${person.id}`, { intent: "suspend", reason: "Scraping other people's decks" }, { cookie: staffCookie })).status).toBe(
      200,
    );
    const refused = await decksWith(token!);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("unauthorized");

    expect((await post(`/staff/people/${person.id}`, { intent: "restore", reason: "Explained and stopped" }, { cookie: staffCookie })).status).toBe(200);
    expect((await decksWith(token!)).status).toBe(200);
  });
});

describe("a refund from the console", () => {
  it("is made once when two staff clicks arrive at the same moment", async () => {
    const member = await newMember();
    const checkout = await post("/subscription", { intent: "checkout", plan: "mystic-monthly" }, { cookie: member.cookie });
    expect(checkout.status).toBe(302);
    const paid = await post(
      checkout.headers.get("location")!,
      { intent: "pay", card: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" },
      { cookie: member.cookie },
    );
    expect(paid.status).toBe(302);
    const [receipt] = await db().select().from(paymentReceipts).where(eq(paymentReceipts.userId, member.id));
    expect(receipt!.refundedCents).toBe(0);
    const refundsBefore = await db()
      .select({ n: sql<number>`count(*)` })
      .from(paymentEvents)
      .where(eq(paymentEvents.type, "charge.refunded"));

    const form = { intent: "refund", receiptId: receipt!.id, reason: "Charged twice by mistake" };
    const answers = await Promise.all([post("/staff/payments", form, { cookie: staffCookie }), post("/staff/payments", form, { cookie: staffCookie })]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));

    const [after] = await db().select().from(paymentReceipts).where(eq(paymentReceipts.id, receipt!.id));
    expect(after!.refundedCents).toBe(receipt!.amountCents);
    const refundsAfter = await db()
      .select({ n: sql<number>`count(*)` })
      .from(paymentEvents)
      .where(eq(paymentEvents.type, "charge.refunded"));
    expect(refundsAfter[0]!.n - refundsBefore[0]!.n).toBe(1);
    expect(await db().select().from(refundClaims).where(eq(refundClaims.receiptId, receipt!.id))).toHaveLength(1);
    expect(await auditOf(`receipt:${receipt!.id}`)).toMatchObject([{ action: "refund", reason: "Charged twice by mistake", staffId: STAFF_MEMBER_ID }]);
    // A third click finds nothing left to refund.
    expect((await post("/staff/payments", form, { cookie: staffCookie })).status).toBe(409);
    const page = await (await visit("/staff/payments", { cookie: staffCookie })).text();
    expect(page).toContain("charge.refunded");
  });
});

describe("certificates", () => {
  it("revoked from the console say so on their public page, and the revocation is in the record", async () => {
    const response = await post(
      "/staff/readers",
      { intent: "revoke", certificateId: "demo-theo-adept", reason: "The quiz answers were shared" },
      { cookie: staffCookie },
    );
    expect(response.status).toBe(200);
    const page = await (await get("/certificate/demo-theo-adept")).text();
    expect(page).toContain("The quiz answers were shared");
    expect(page).toMatch(/revoked/i);
    expect(await auditOf("certificate:demo-theo-adept")).toMatchObject([{ action: "revoke-certificate" }]);
  });
});

describe("the periodic job's record", () => {
  it("records each job's run with its outcome and counts, and shows it on the console", async () => {
    const started = Date.now();
    const { failed } = await runPeriodicJobs(db(), Date.now());
    expect(failed).toEqual([]);
    const runs = await db()
      .select()
      .from(jobRuns)
      .where(sql`${jobRuns.startedAt} >= ${started}`);
    const jobs = new Set(runs.map((run) => run.job));
    expect(jobs).toContain("refreshDeckQuotas");
    expect(jobs).toContain("retryUnconfirmedPayouts");
    for (const run of runs) {
      expect(run.outcome, run.job).toBe("ok");
      expect(run.finishedAt, run.job).toBeGreaterThanOrEqual(run.startedAt);
    }
    const quotas = runs.find((run) => run.job === "refreshDeckQuotas")!;
    expect(quotas.changes).toEqual({ refreshed: expect.any(Number), batches: expect.any(Number) });
    const console = await (await visit("/staff", { cookie: staffCookie })).text();
    expect(console).toContain("refreshDeckQuotas");
    const [row] = await db()
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, "refreshDeckQuotas"), sql`${jobRuns.startedAt} >= ${started}`));
    expect(row).toBeTruthy();
  });
});
