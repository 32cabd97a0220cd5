/**
 * The satisfaction guarantee through the receipt's form: the window after a reading's end, once in
 * 30 days, the cap, one claim under racing posts, nobody else's claim, and the balance and the
 * reader's ledger agreeing with the claim; the reader told by e-mail and by push; the receipt's
 * section and the published terms.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { formatMoney } from "../../app/lib/format";
import { listOutbox } from "../../app/mail/mail.server";
import {
  GUARANTEE_CAP_CENTS,
  GUARANTEE_MESSAGES,
  GUARANTEE_ONCE_IN_DAYS,
  GUARANTEE_TERMS,
  GUARANTEE_WHO_PAYS,
  GUARANTEE_WINDOW_HOURS,
  guaranteeClaimedText,
} from "../../app/paid-readings/guarantee";
import { decryptMessage, fromBase64Url, toBase64Url } from "../../app/push/web-push.server";
import { STAFF_MEMBER_ID } from "../../scripts/seed/seed-data";
import { guaranteeClaims, paidReadings, sellerLedger, walletEntries } from "../../db/schema";
import worker from "../../workers/app";
import { get, ORIGIN, post, signInAs, visit } from "./helpers";
import { balance, ledgerSum, topUp } from "./wallet-fixtures";
import { endedReading, HOUR, newPerson } from "./ended-reading-fixtures";

const db = () => createDatabase(env.DB);

const claim = (readingId: string, cookie: string, words = "The reading never touched my question at all.") =>
  post(`/readings/${readingId}`, { intent: "guarantee", reason: "not-engaged", words }, { cookie });

/** A page's text with the entities React writes for quotes and ampersands read back. */
const textOf = async (response: Response) =>
  (await response.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

const claimsOn = (readingId: string) => db().select().from(guaranteeClaims).where(eq(guaranteeClaims.paidReadingId, readingId));
const guaranteeLines = (userId: string) =>
  db()
    .select()
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), eq(walletEntries.kind, "guarantee")));
const readerLines = (readingId: string) =>
  db()
    .select()
    .from(sellerLedger)
    .where(and(eq(sellerLedger.paidReadingId, readingId), eq(sellerLedger.kind, "guarantee")));

/** Nothing of a claim was written for the reading or the client. */
async function nothingWritten(readingId: string, clientId: string) {
  expect(await claimsOn(readingId)).toEqual([]);
  expect(await guaranteeLines(clientId)).toEqual([]);
  expect(await readerLines(readingId)).toEqual([]);
  const reading = await db().query.paidReadings.findFirst({ where: eq(paidReadings.id, readingId) });
  expect(reading?.refundedCents).toBe(0);
}

describe("the satisfaction guarantee", () => {
  it(`is claimed within ${GUARANTEE_WINDOW_HOURS} hours of the reading's end, and refused after, writing nothing`, async () => {
    const reader = await newPerson("reader", true);
    const late = await newPerson("late");
    const lateReading = await endedReading(late, reader, { endedAgo: (GUARANTEE_WINDOW_HOURS + 1) * HOUR });
    const refused = await claim(lateReading, late.cookie);
    expect(refused.status).toBe(409);
    expect(await textOf(refused)).toContain(GUARANTEE_MESSAGES.windowOver);
    await nothingWritten(lateReading, late.id);
    expect(await balance(late.id)).toBe(0);

    const inTime = await newPerson("in-time");
    const readingId = await endedReading(inTime, reader, { endedAgo: (GUARANTEE_WINDOW_HOURS - 1) * HOUR, charged: 1000 });
    const done = await claim(readingId, inTime.cookie);
    expect(done.status).toBe(200);
    expect(await textOf(done)).toContain(guaranteeClaimedText(1000));
    expect(await balance(inTime.id)).toBe(1000);
    expect(await claimsOn(readingId)).toMatchObject([
      { clientId: inTime.id, readerId: reader.id, reason: "not-engaged", creditCents: 1000, readerShareCents: 700 },
    ]);

    // The reader is told by e-mail.
    await expect
      .poll(async () => (await listOutbox(db(), reader.email)).map((m) => m.subject))
      .toContain(`${inTime.id.slice(0, 30)} claimed the satisfaction guarantee on a reading`);
  });

  it(`is claimed once in ${GUARANTEE_ONCE_IN_DAYS} days, whichever reading and reader`, async () => {
    const client = await newPerson("client");
    const first = await endedReading(client, await newPerson("reader", true));
    const second = await endedReading(client, await newPerson("reader", true));
    expect((await claim(first, client.cookie)).status).toBe(200);
    const again = await claim(second, client.cookie);
    expect(again.status).toBe(409);
    expect(await textOf(again)).toContain(GUARANTEE_MESSAGES.recently);
    expect(await claimsOn(second)).toEqual([]);
    expect(await readerLines(second)).toEqual([]);
    expect(await guaranteeLines(client.id)).toHaveLength(1);

    // The same reading twice is refused as claimed.
    const twice = await claim(first, client.cookie);
    expect(twice.status).toBe(409);
    expect(await textOf(twice)).toContain(GUARANTEE_MESSAGES.claimed);

    // Once the first claim is older than the period, the next reading can be claimed.
    await db()
      .update(guaranteeClaims)
      .set({ createdAt: Date.now() - (GUARANTEE_ONCE_IN_DAYS + 1) * 24 * HOUR })
      .where(eq(guaranteeClaims.paidReadingId, first));
    expect((await claim(second, client.cookie)).status).toBe(200);
    expect(await guaranteeLines(client.id)).toHaveLength(2);
  });

  it(`credits what the reading charged up to ${formatMoney(GUARANTEE_CAP_CENTS)}: the platform's fee first, the reader's earning the rest`, async () => {
    const client = await newPerson("client");
    const reader = await newPerson("reader", true);
    await topUp(client.id, 500);
    const readingId = await endedReading(client, reader, { charged: 4000 });
    const done = await claim(readingId, client.cookie);
    expect(done.status).toBe(200);
    expect(await textOf(done)).toContain(`Claimed: ${formatMoney(GUARANTEE_CAP_CENTS)} credited to your balance`);

    // The balance is the sum of its lines, the claim's line among them.
    expect(await balance(client.id)).toBe(500 + GUARANTEE_CAP_CENTS);
    expect(await ledgerSum(client.id)).toBe(await balance(client.id));
    expect(await guaranteeLines(client.id)).toMatchObject([
      { amountCents: GUARANTEE_CAP_CENTS, paidReadingId: readingId, description: "Satisfaction guarantee: reading with Vera Night" },
    ]);

    // The platform gave up its whole fee ($12.00), the reader's earning the rest ($13.00): the ledger line is minus the reader's share.
    const [line] = await readerLines(readingId);
    expect(line).toMatchObject({ sellerId: reader.id, grossCents: -2500, feeCents: -1200, netCents: -1300 });
    expect((await claimsOn(readingId))[0]).toMatchObject({ creditCents: 2500, readerShareCents: 1300 });
    expect(line!.netCents).toBe(-(await claimsOn(readingId))[0]!.readerShareCents);
    const earnings = await db().select().from(sellerLedger).where(eq(sellerLedger.paidReadingId, readingId));
    expect(earnings.reduce((sum, entry) => sum + entry.netCents, 0)).toBe(2800 - 1300);
    expect(earnings.reduce((sum, entry) => sum + entry.feeCents, 0)).toBe(0);

    // The reader's dashboard counts the claim in what is theirs, and says who pays for one.
    const dashboard = await textOf(await visit("/reader-dashboard", { cookie: reader.cookie }));
    expect(dashboard).toContain(`data-testid="earnings-net">${formatMoney(2800 - 1300)}<`);
    expect(dashboard).toContain(GUARANTEE_WHO_PAYS);

    // What the claim gave back counts as refunded on the reading.
    const reading = await db().query.paidReadings.findFirst({ where: eq(paidReadings.id, readingId) });
    expect(reading?.refundedCents).toBe(2500);
  });

  it("makes one claim of two sent at once for the same reading", async () => {
    const client = await newPerson("client");
    const readingId = await endedReading(client, await newPerson("reader", true), { charged: 1500 });
    const answers = await Promise.all([claim(readingId, client.cookie), claim(readingId, client.cookie)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await claimsOn(readingId)).toHaveLength(1);
    expect(await guaranteeLines(client.id)).toHaveLength(1);
    expect(await readerLines(readingId)).toHaveLength(1);
    expect(await balance(client.id)).toBe(1500);
    expect(await ledgerSum(client.id)).toBe(1500);
  });

  it("is the client's alone: a stranger and the reader are told the reading is not found", async () => {
    const client = await newPerson("client");
    const reader = await newPerson("reader", true);
    const stranger = await newPerson("stranger");
    const readingId = await endedReading(client, reader);
    expect((await claim(readingId, stranger.cookie)).status).toBe(404);
    expect((await claim(readingId, reader.cookie)).status).toBe(404);
    await nothingWritten(readingId, client.id);
    expect(await balance(stranger.id)).toBe(0);
    expect(await balance(reader.id)).toBe(0);
  });

  it("refuses a claim without a reason or a few words, and a reading with nothing charged", async () => {
    const client = await newPerson("client");
    const reader = await newPerson("reader", true);
    const readingId = await endedReading(client, reader);
    expect((await claim(readingId, client.cookie, "bad")).status).toBe(400);
    const noReason = await post(
      `/readings/${readingId}`,
      { intent: "guarantee", reason: "refund-me", words: "Long enough words here." },
      { cookie: client.cookie },
    );
    expect(noReason.status).toBe(400);
    await nothingWritten(readingId, client.id);

    const free = await endedReading(client, reader, { charged: 0 });
    const nothing = await claim(free, client.cookie);
    expect(nothing.status).toBe(409);
    expect(await textOf(nothing)).toContain(GUARANTEE_MESSAGES.nothingCharged);
  });

  it("shows on the receipt: the form while it can be claimed, what was credited after, and why not when it cannot", async () => {
    const client = await newPerson("client");
    const reader = await newPerson("reader", true);
    const readingId = await endedReading(client, reader, { charged: 1200 });
    const open = await (await visit(`/readings/${readingId}`, { cookie: client.cookie })).text();
    expect(open).toContain('data-testid="guarantee-form"');
    expect(open).toContain('value="guarantee"');
    expect(open).toContain('href="/guarantee"');

    expect((await claim(readingId, client.cookie)).status).toBe(200);
    const claimed = await (await visit(`/readings/${readingId}`, { cookie: client.cookie })).text();
    expect(claimed).not.toContain('data-testid="guarantee-form"');
    expect(claimed).toContain(guaranteeClaimedText(1200));

    // Another reading of theirs now says why it cannot be claimed; the reader sees the claim and their share.
    const next = await endedReading(client, reader);
    const closed = await (await visit(`/readings/${next}`, { cookie: client.cookie })).text();
    expect(closed).not.toContain('data-testid="guarantee-form"');
    expect(closed.replace(/&#x27;/g, "'")).toContain(GUARANTEE_MESSAGES.recently);
    const readersView = await (await visit(`/readings/${readingId}`, { cookie: reader.cookie })).text();
    expect(readersView).toContain('data-testid="guarantee-claimed"');
    expect(readersView).toContain(formatMoney(1200 - 360));
  });

  it("is listed for staff with the reader's count of claims, and for nobody else", async () => {
    const reader = await newPerson("reader", true);
    for (const name of ["first", "second"]) {
      const client = await newPerson(name);
      const readingId = await endedReading(client, reader);
      expect((await claim(readingId, client.cookie, `Claim number ${name}: the cards were never explained.`)).status).toBe(200);
    }
    const staffPage = await textOf(await visit("/staff/readings", { cookie: await signInAs(STAFF_MEMBER_ID) }));
    expect(staffPage).toContain("Claim number first: the cards were never explained.");
    expect(staffPage).toContain("Claim number second: the cards were never explained.");
    expect(staffPage).toContain("2 claims against this reader in 90 days");
    expect((await visit("/staff/readings", { cookie: reader.cookie })).status).toBe(404);
  });

  it("is linked from the readers list and the terms", async () => {
    expect(await textOf(await visit("/readers"))).toContain('href="/guarantee"');
    expect(await textOf(await visit("/terms"))).toContain('href="/guarantee"');
  });

  it("publishes its terms from the rule module on /guarantee, for anyone", async () => {
    const response = await get("/guarantee");
    expect(response.status).toBe(200);
    const page = await textOf(response);
    expect(page).toContain(formatMoney(GUARANTEE_CAP_CENTS));
    expect(page).toContain(`${GUARANTEE_WINDOW_HOURS} hours`);
    expect(page).toContain(`once in ${GUARANTEE_ONCE_IN_DAYS} days`);
    for (const line of GUARANTEE_TERMS) expect(page).toContain(line);
    expect(page).toContain(GUARANTEE_WHO_PAYS);
  });
});

describe("the reader's push of a claim", () => {
  afterEach(() => vi.restoreAllMocks());

  /** A browser's push subscription for the signed-in person, with the private key only the browser holds. */
  async function subscribeDevice(cookie: string) {
    const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
    const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
    const privateKey = fromBase64Url(((await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey).d!);
    const auth = crypto.getRandomValues(new Uint8Array(16));
    const endpoint = `https://push.test/send/${newId()}`;
    const form = { intent: "subscribe", endpoint, p256dh: toBase64Url(publicKey), auth: toBase64Url(auth) };
    expect((await post("/push/subscription", form, { cookie })).status).toBe(200);
    return { endpoint, secret: { privateKey, publicKey, auth } };
  }

  /** The tests' push service: every request to https://push.test is recorded and accepted. */
  function pushService() {
    const hits: { endpoint: string; body: Uint8Array }[] = [];
    const real = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (new URL(request.url).origin !== "https://push.test") return real(input as RequestInfo, init);
      hits.push({ endpoint: request.url, body: new Uint8Array(await request.arrayBuffer()) });
      return new Response(null, { status: 201 });
    });
    return hits;
  }

  /** The claim through the Worker, waited on to the end of its after-the-answer work. */
  async function claimAndSettle(readingId: string, cookie: string) {
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}/readings/${readingId}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ intent: "guarantee", reason: "not-engaged", words: "The reading never touched my question at all." }),
      headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost", origin: ORIGIN, cookie },
    });
    const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("goes to the reader's devices only, saying what was credited, and not once they turned paid reading news off", async () => {
    const reader = await newPerson("reader", true);
    const client = await newPerson("client");
    const bystander = await newPerson("bystander");
    const readerDevice = await subscribeDevice(reader.cookie);
    const clientDevice = await subscribeDevice(client.cookie);
    const bystanderDevice = await subscribeDevice(bystander.cookie);
    const hits = pushService();

    const readingId = await endedReading(client, reader, { charged: 1000 });
    expect((await claimAndSettle(readingId, client.cookie)).status).toBe(200);
    expect(hits.map((hit) => hit.endpoint)).toEqual([readerDevice.endpoint]);
    expect(hits.map((hit) => hit.endpoint)).not.toContain(clientDevice.endpoint);
    expect(hits.map((hit) => hit.endpoint)).not.toContain(bystanderDevice.endpoint);
    const message = JSON.parse(new TextDecoder().decode(await decryptMessage(hits[0]!.body, readerDevice.secret)));
    expect(message).toEqual({
      kind: "reading-request",
      title: "A client claimed the satisfaction guarantee",
      body: `${client.id.slice(0, 30)} was credited $10.00; your earning gave back $7.00.`,
      url: `/readings/${readingId}`,
      tag: `guarantee-${readingId}`,
    });

    // A reader who turned paid reading news off hears of the next claim by e-mail only.
    expect((await post("/push/settings", { "deck-ready": "on", sale: "on" }, { cookie: reader.cookie })).status).toBe(302);
    const other = await newPerson("other-client");
    const next = await endedReading(other, reader, { charged: 500 });
    expect((await claimAndSettle(next, other.cookie)).status).toBe(200);
    expect(hits).toHaveLength(1);
    await expect
      .poll(async () => (await listOutbox(db(), reader.email)).map((m) => m.subject))
      .toContain(`${other.id.slice(0, 30)} claimed the satisfaction guarantee on a reading`);
  });
});
