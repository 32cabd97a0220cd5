/**
 * Written readings through the real stack: a reader's offer, a client paying for it from the balance
 * (once per form key), the private table whose cards become the answer's, the reader's earning at
 * the fee rule, the journal entry, tips, and the refund of one left unanswered, once even when the
 * periodic job runs twice at once. After each test every balance touched still sums its ledger.
 */
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { runPeriodicJobs } from "../../app/jobs/periodic.server";
import { newId } from "../../app/lib/crypto";
import { listOutbox } from "../../app/mail/mail.server";
import { readingFeeCents } from "../../app/paid-readings/rules";
import { WRITTEN_LIMITS, WRITTEN_MESSAGES } from "../../app/paid-readings/written";
import { placeHoldStatements, releaseHoldStatements } from "../../app/paid-readings/wallet.server";
import { readingJournal, walletEntries, writtenOffers, writtenRequests } from "../../db/schema";
import { get, post } from "./helpers";
import { topUp, balance, ledgerSum, earnings } from "./wallet-fixtures";
import { ANSWER, ask, asked as askedOf, drawAtTable, newMember as aMember, newReader, offer, QUESTION, requestIdOf } from "./written-fixtures";

const db = () => createDatabase(env.DB);
const touched = new Set<string>();

/** A new member whose ledger is checked after the test. */
async function newMember(name?: string) {
  const member = await aMember(name);
  touched.add(member.id);
  return member;
}

/** A client who asked a reader for a written reading; the client's ledger is checked after the test. */
async function asked() {
  const made = await askedOf();
  touched.add(made.client.id);
  return made;
}

const request = async (id: string) => (await db().query.writtenRequests.findFirst({ where: eq(writtenRequests.id, id) }))!;
const subjects = async (userId: string) => (await listOutbox(db(), `${userId}@example.test`)).map((m) => m.subject);

// Every ledger still sums to its balance, whatever the test did.
afterEach(async () => {
  for (const id of touched) expect(await ledgerSum(id), `ledger of ${id}`).toBe(await balance(id));
  touched.clear();
});

describe("written readings", () => {
  it("pays once from the balance however often the form is sent, and tells the reader", async () => {
    const reader = await newReader();
    const client = await newMember();
    await topUp(client.id, 4000);
    const offerId = await offer(reader);
    const profile = await (await get(`/readers/${reader.username}`, { cookie: client.cookie })).text();
    expect(profile).toContain("Three-card reading");
    expect(profile).toContain("answered within 48 hours");
    const key = newId();
    const [first, second] = await Promise.all([ask(client, reader, offerId, key), ask(client, reader, offerId, key)]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(requestIdOf(first)).toBe(requestIdOf(second));
    const again = await ask(client, reader, offerId, key);
    expect(requestIdOf(again)).toBe(requestIdOf(first));
    expect(await db().select().from(writtenRequests).where(eq(writtenRequests.clientId, client.id))).toHaveLength(1);
    expect(await balance(client.id)).toBe(2500);
    const made = await request(requestIdOf(first));
    expect(made).toMatchObject({ status: "asked", priceCents: 1500, answerHours: 48, question: QUESTION, spreadId: "three-card" });
    expect(made.deadlineAt - made.askedAt).toBe(48 * 3_600_000);
    // Nothing reaches the reader's earnings before the answer.
    expect(await earnings(reader.id)).toHaveLength(0);
    await expect.poll(() => subjects(reader.id)).toContain("New written reading: Three-card reading");
    const page = await (await get(`/written/${made.id}`, { cookie: client.cookie })).text();
    expect(page).toContain("Waiting for the reader&#x27;s answer");
  });

  it("refuses a balance that does not cover it, one's own offer and a withdrawn one, moving nothing", async () => {
    const reader = await newReader();
    const client = await newMember();
    await topUp(client.id, 1000);
    const offerId = await offer(reader);
    const poor = await ask(client, reader, offerId);
    expect(poor.status).toBe(402);
    expect(await poor.text()).toContain("Your balance does not cover this reading.");
    expect((await ask({ cookie: reader.cookie }, reader, offerId)).status).toBe(403);
    await topUp(client.id, 1000);
    expect((await post("/reader-dashboard/written", { intent: "withdraw", offerId }, { cookie: reader.cookie })).status).toBe(200);
    expect((await ask(client, reader, offerId)).status).toBe(404);
    const tooShort = await post(`/readers/${reader.username}/written`, { offerId, question: "Hm?", key: newId() }, { cookie: client.cookie });
    expect(tooShort.status).toBe(400);
    expect(await balance(client.id)).toBe(2000);
    expect(await db().select().from(writtenRequests).where(eq(writtenRequests.clientId, client.id))).toHaveLength(0);
    // A bad offer form is a 400 with its reason.
    const badOffer = await post(
      "/reader-dashboard/written",
      { intent: "add", title: "Cards", spreadId: "free", price: "15", hours: "48" },
      { cookie: reader.cookie },
    );
    expect(badOffer.status).toBe(400);
    expect(await badOffer.text()).toContain("Choose one of the spreads.");
  });

  it("spends only what is not held for a booked reading, when asking and when tipping", async () => {
    const reader = await newReader();
    const client = await newMember();
    await topUp(client.id, 2000);
    const booking = `booking-${newId()}`;
    await db().batch(placeHoldStatements(db(), { id: newId(), userId: client.id, kind: "booking", subjectId: booking, cents: 1000 }, Date.now()) as [never]);
    const offerId = await offer(reader);
    // $20.00 on the balance, $10.00 of it held: the page offers $10.00, and a $15.00 reading is not covered.
    expect(await (await get(`/readers/${reader.username}/written`, { cookie: client.cookie })).text()).toContain(
      "Your balance available: <strong>$10.00</strong>",
    );
    const held = await ask(client, reader, offerId);
    expect(held.status).toBe(402);
    expect(await held.text()).toContain("Your balance does not cover this reading.");
    expect(await balance(client.id)).toBe(2000);
    await db().batch(releaseHoldStatements(db(), "booking", booking, Date.now()) as [never]);
    const asked = await ask(client, reader, offerId);
    expect(asked.status).toBe(302);
    const requestId = requestIdOf(asked);
    await drawAtTable(reader, requestId);
    expect((await post(`/written/${requestId}`, { intent: "answer", answer: ANSWER }, { cookie: reader.cookie })).status).toBe(200);
    // $5.00 left, all of it held again: a $2.00 tip is refused and nothing moves.
    await db().batch(
      placeHoldStatements(db(), { id: newId(), userId: client.id, kind: "booking", subjectId: `booking-${newId()}`, cents: 500 }, Date.now()) as [never],
    );
    const tip = await post(`/written/${requestId}`, { intent: "tip", amount: "200", key: `tip${newId()}`.slice(0, 40) }, { cookie: client.cookie });
    expect(tip.status).toBe(409);
    expect(await balance(client.id)).toBe(500);
    expect((await earnings(reader.id)).filter((line) => line.kind === "tip")).toHaveLength(0);
  });

  it("answers with the cards of the private table: the reader earns it at the fee rule, the client reads it and finds it in the journal", async () => {
    const { reader, client, requestId } = await asked();
    // No answer before the cards are on the table and turned over.
    const early = await post(`/written/${requestId}`, { intent: "answer", answer: ANSWER }, { cookie: reader.cookie });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain("Draw the cards at the private table");
    const table = await drawAtTable(reader, requestId);
    // The client cannot answer, nor open the table; the answer must be long enough.
    expect((await post(`/written/${requestId}`, { intent: "answer", answer: ANSWER }, { cookie: client.cookie })).status).toBe(404);
    expect((await post(`/written/${requestId}`, { intent: "table" }, { cookie: client.cookie })).status).toBe(404);
    expect((await post(`/written/${requestId}`, { intent: "answer", answer: "Too short." }, { cookie: reader.cookie })).status).toBe(400);
    // Cards sent with the form are not the reading's: the room's are.
    const sent = await post(`/written/${requestId}`, { intent: "answer", answer: ANSWER, cards: "major-00" }, { cookie: reader.cookie });
    expect(sent.status).toBe(200);
    const done = await request(requestId);
    const drawn = [...table.table].sort((a, b) => a.position - b.position).map((card) => ({ key: card.key, reversed: card.reversed }));
    expect(done.status).toBe("answered");
    expect(done.cards!.map((card) => ({ key: card.key, reversed: card.reversed }))).toEqual(drawn);
    expect(done.answer).toBe(ANSWER);
    const fee = readingFeeCents(1500);
    expect(await earnings(reader.id)).toEqual([
      expect.objectContaining({ kind: "written", grossCents: 1500, feeCents: fee, netCents: 1500 - fee, referenceId: `written:${requestId}` }),
    ]);
    const [entry] = await db()
      .select()
      .from(readingJournal)
      .where(and(eq(readingJournal.userId, client.id), eq(readingJournal.sessionId, done.roomId!)));
    expect(entry).toMatchObject({ question: QUESTION, interpretation: ANSWER, spreadId: "three-card" });
    expect(entry!.cards.map((card) => card.key)).toEqual(drawn.map((card) => card.key));
    const page = await (await get(`/written/${requestId}`, { cookie: client.cookie })).text();
    expect(page).toContain("Answered");
    expect(page).toContain(`/journal/${entry!.id}`);
    for (const card of entry!.cards) expect(page).toContain(card.name);
    await expect.poll(() => subjects(client.id)).toContain("Your written reading is answered");
    // Once answered, it is answered: a second answer changes nothing, and the job refunds nothing.
    expect((await post(`/written/${requestId}`, { intent: "answer", answer: `${ANSWER} Again.` }, { cookie: reader.cookie })).status).toBe(409);
    await runPeriodicJobs(db(), done.deadlineAt + 1, null, readConfig(env));
    expect((await request(requestId)).status).toBe("answered");
    expect(await balance(client.id)).toBe(2500);
    touched.add(reader.id);
  });

  it("takes a tip after the answer once per form key, to the reader's earnings at the same fee", async () => {
    const { reader, client, requestId } = await asked();
    // No tip before the answer.
    expect((await post(`/written/${requestId}`, { intent: "tip", amount: "500", key: "written-tip-early" }, { cookie: client.cookie })).status).toBe(409);
    await drawAtTable(reader, requestId);
    expect((await post(`/written/${requestId}`, { intent: "answer", answer: ANSWER }, { cookie: reader.cookie })).status).toBe(200);
    const key = `tip${newId()}`.slice(0, 40);
    const [one, two] = await Promise.all([
      post(`/written/${requestId}`, { intent: "tip", amount: "500", key }, { cookie: client.cookie }),
      post(`/written/${requestId}`, { intent: "tip", amount: "500", key }, { cookie: client.cookie }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(await balance(client.id)).toBe(4000 - 1500 - 500);
    const tips = (await earnings(reader.id)).filter((line) => line.kind === "tip");
    expect(tips).toEqual([expect.objectContaining({ grossCents: 500, feeCents: readingFeeCents(500), netCents: 500 - readingFeeCents(500) })]);
    // More than the balance holds is refused; someone else's request is not found.
    expect(
      (await post(`/written/${requestId}`, { intent: "tip", amount: "custom", custom: "100", key: `tip${newId()}`.slice(0, 40) }, { cookie: client.cookie }))
        .status,
    ).toBe(409);
    const stranger = await newMember("stranger");
    expect((await post(`/written/${requestId}`, { intent: "tip", amount: "500", key: `tip${newId()}`.slice(0, 40) }, { cookie: stranger.cookie })).status).toBe(
      404,
    );
    const page = await (await get(`/written/${requestId}`, { cookie: client.cookie })).text();
    expect(page).toContain('data-testid="written-row-tip">$5.00</dd>');
  });

  it("refunds one left unanswered past its deadline exactly once, even when the periodic job runs twice at once", async () => {
    const { reader, client, requestId } = await asked();
    const late = (await request(requestId)).deadlineAt + 1;
    // Before the deadline the job leaves it alone.
    await runPeriodicJobs(db(), late - 2, null, readConfig(env));
    expect((await request(requestId)).status).toBe("asked");
    await Promise.all([runPeriodicJobs(db(), late, null, readConfig(env)), runPeriodicJobs(db(), late, null, readConfig(env))]);
    const refunded = await request(requestId);
    expect(refunded).toMatchObject({ status: "refunded", refundedAt: late });
    expect(await balance(client.id)).toBe(4000);
    const lines = await db()
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, client.id), eq(walletEntries.kind, "written-refund")));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.amountCents).toBe(1500);
    await expect.poll(() => subjects(client.id)).toContain("Refunded: your written reading was not answered in time");
    expect((await subjects(client.id)).filter((s) => s.startsWith("Refunded"))).toHaveLength(1);
    // A third run changes nothing; the reader can no longer answer, and sees it expired.
    await runPeriodicJobs(db(), late + 60_000, null, readConfig(env));
    expect(await balance(client.id)).toBe(4000);
    expect((await post(`/written/${requestId}`, { intent: "answer", answer: ANSWER }, { cookie: reader.cookie })).status).toBe(409);
    expect(await earnings(reader.id)).toHaveLength(0);
    const readerPage = await (await get("/reader-dashboard/written", { cookie: reader.cookie })).text();
    expect(readerPage).toContain("Expired: not answered in time");
  });

  it("holds a client to 3 written readings of one reader a day, each told to the reader, and a fourth is refused", async () => {
    const reader = await newReader();
    const client = await newMember();
    await topUp(client.id, 10_000);
    const offerId = await offer(reader, { price: "1" });
    const answers = [];
    for (let n = 0; n < 5; n++) answers.push(await ask(client, reader, offerId));
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 429, 429]);
    expect(await answers[3]!.text()).toContain(WRITTEN_MESSAGES.tooManyWithReader);
    expect(await db().select().from(writtenRequests).where(eq(writtenRequests.clientId, client.id))).toHaveLength(WRITTEN_LIMITS.perReader);
    expect(await balance(client.id)).toBe(10_000 - WRITTEN_LIMITS.perReader * 100);
    // A form sent again still leads to the request it made.
    const first = answers[0]!.headers.get("location");
    const key = (await request(requestIdOf(answers[0]!))).formKey;
    expect((await ask(client, reader, offerId, key)).headers.get("location")).toBe(first);
    await expect.poll(async () => (await subjects(reader.id)).length).toBe(WRITTEN_LIMITS.perReader);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await subjects(reader.id)).toHaveLength(WRITTEN_LIMITS.perReader);
  });

  it("holds a client to 10 written readings a day across readers", async () => {
    const client = await newMember();
    await topUp(client.id, 10_000);
    const statuses: number[] = [];
    for (let n = 0; n < 4; n++) {
      const reader = await newReader();
      const offerId = await offer(reader, { price: "1" });
      for (let k = 0; k < 3; k++) {
        const answer = await ask(client, reader, offerId);
        statuses.push(answer.status);
        if (answer.status === 429) expect(await answer.text()).toContain(WRITTEN_MESSAGES.tooMany);
      }
    }
    expect(statuses).toEqual([...Array<number>(WRITTEN_LIMITS.inAll).fill(302), 429, 429]);
    expect(await balance(client.id)).toBe(10_000 - WRITTEN_LIMITS.inAll * 100);
  });

  it("shows the average answer time on the profile once three were answered", async () => {
    const reader = await newReader();
    const client = await newMember();
    const offerId = await offer(reader);
    const askedAt = Date.now() - 10 * 3_600_000;
    const row = (n: number, status: "answered" | "refunded", hours: number) => ({
      id: `avg-${newId()}`,
      offerId,
      clientId: client.id,
      readerId: reader.id,
      title: "Three-card reading",
      spreadId: "three-card",
      priceCents: 1500,
      answerHours: 48,
      question: QUESTION,
      status,
      formKey: `avg-${n}`,
      deadlineAt: askedAt + 48 * 3_600_000,
      askedAt,
      answeredAt: status === "answered" ? askedAt + hours * 3_600_000 : null,
    });
    await db()
      .insert(writtenRequests)
      .values([row(1, "answered", 4), row(2, "answered", 8), row(3, "refunded", 0)]);
    expect(await (await get(`/readers/${reader.username}`, { cookie: client.cookie })).text()).not.toContain("Average answer time");
    await db()
      .insert(writtenRequests)
      .values(row(4, "answered", 6));
    const profile = async () => (await get(`/readers/${reader.username}`, { cookie: client.cookie })).text();
    expect(await profile()).toContain("Average answer time for written readings");
    expect(await profile()).toContain('data-testid="written-average">6 hours<');
    // It is part of the reader's record: it stays when they offer no written reading for now.
    await db().update(writtenOffers).set({ active: false }).where(eq(writtenOffers.readerId, reader.id));
    const withoutOffers = await profile();
    expect(withoutOffers).not.toContain('data-testid="written-offers"');
    expect(withoutOffers).toContain('data-testid="written-average">6 hours<');
  });
});
