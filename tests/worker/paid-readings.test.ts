/**
 * Paid readings through the real stack: the balance and its top-ups, requests and their single
 * acceptance, the billing clock in the reading room's Durable Object (moved through time by
 * shifting its saved timestamps, never by waiting), the ending, refunds and reviews.
 */
import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import type { Meter } from "../../app/paid-readings/clock";
import { acceptRequest, quoteReading } from "../../app/paid-readings/requests.server";
import type { CurrentUser } from "../../app/auth/user.server";
import { PAID_NEEDS_LIVE, type ServerMessage } from "../../app/reading-room/messages";
import { LocalPayments } from "../../app/payments/local.server";
import { localWebhookSecret } from "../../app/payments/payments.server";
import { readConfig } from "../../app/env.server";
import { listOutbox } from "../../app/mail/mail.server";
import { FUNDS_HOLD_MS, LIVE_REQUEST_COOLDOWN_MS } from "../../app/paid-readings/rules";
import {
  localPaymentObjects,
  paidReadings,
  readerProfiles,
  readingJournal,
  readingRequests,
  readingReviews,
  readingSessions,
  readingWallets,
  sellerLedger,
  sessionParticipants,
  users,
  walletEntries,
} from "../../db/schema";
import { app, get, ORIGIN, post, signInAs } from "./helpers";
import { topUp, balance, ledgerSum } from "./wallet-fixtures";

const db = () => createDatabase(env.DB);
const MINUTE = readConfig(env).paidReadings.minuteMs;
const GRACE = readConfig(env).paidReadings.graceMs;

async function newMember(name = "client") {
  const id = `${name}-${newId()}`;
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.test`, username: id.slice(0, 30) });
  return { id, cookie: await signInAs(id) };
}

/** A reader online now, with a price in cents a minute. */
async function newReader(priceCents = 100) {
  const id = `reader-${newId()}`;
  const username = `r${newId().slice(0, 12)}`.toLowerCase();
  await db()
    .insert(users)
    .values({
      id,
      email: `${id}@example.test`,
      username,
      fullName: "Vera Night",
      isReader: true,
      customPricePerMinute: priceCents,
      isOnline: true,
      lastSeenAt: Date.now(),
    });
  await db().insert(readerProfiles).values({ userId: id, available: true });
  return { id, username, cookie: await signInAs(id) };
}

async function requestReading(client: { cookie: string }, reader: { username: string }, mode = "video") {
  const response = await post(`/readers/${reader.username}/book`, { mode, question: "Where is my path leading?" }, { cookie: client.cookie });
  return response;
}

const requestIdOf = (response: Response) => response.headers.get("location")!.split("/").pop()!;

/** A client with a balance asks a reader, who accepts: the paid reading's id. */
async function acceptedReading(options: { price?: number; balance?: number } = {}) {
  const reader = await newReader(options.price ?? 100);
  const client = await newMember();
  await topUp(client.id, options.balance ?? 450);
  const asked = await requestReading(client, reader);
  expect(asked.status).toBe(302);
  const accepted = await post(`/readings/requests/${requestIdOf(asked)}`, { intent: "accept" }, { cookie: reader.cookie });
  expect(accepted.status).toBe(302);
  const readingId = new URL(accepted.headers.get("location")!, ORIGIN).searchParams.get("session")!;
  return { reader, client, readingId };
}

type Socket = {
  socket: WebSocket;
  messages: ServerMessage[];
  meter(): Extract<ServerMessage, { type: "meter" }>["meter"] | null;
  until(test: (m: ServerMessage) => boolean): Promise<ServerMessage>;
};

async function enter(readingId: string, cookie: string): Promise<Socket | Response> {
  const response = await app.fetch(`${ORIGIN}/parties/reading-room/${readingId}`, { headers: { upgrade: "websocket", origin: ORIGIN, cookie } });
  if (response.status !== 101) return response;
  const socket = response.webSocket!;
  const messages: ServerMessage[] = [];
  socket.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data)) as ServerMessage));
  socket.accept();
  return {
    socket,
    messages,
    meter: () => {
      const last = messages.filter((m) => m.type === "meter").at(-1);
      return last?.type === "meter" ? last.meter : null;
    },
    async until(test) {
      const deadline = Date.now() + 3000;
      for (;;) {
        const found = messages.find(test);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such message in ${JSON.stringify(messages.map((m) => m.type))}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

async function enterBoth(readingId: string, client: { cookie: string }, reader: { cookie: string }) {
  const readerSocket = (await enter(readingId, reader.cookie)) as Socket;
  const clientSocket = (await enter(readingId, client.cookie)) as Socket;
  await clientSocket.until((m) => m.type === "meter" && m.meter.status === "running");
  return { readerSocket, clientSocket };
}

/** The next message matching `test` that arrives after `mark` (a count of messages seen before). */
async function nextMessage(socket: Socket, mark: number, test: (m: ServerMessage) => boolean) {
  const deadline = Date.now() + 3000;
  for (;;) {
    const found = socket.messages.slice(mark).find(test);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such message after ${mark} in ${JSON.stringify(socket.messages.map((m) => m.type))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const room = (readingId: string) => env.ReadingRoom.get(env.ReadingRoom.idFromName(readingId));

/** Moves the room's clock `ms` into the past, as if that much time had gone by, and runs its alarm. */
async function timePasses(readingId: string, ms: number) {
  await runInDurableObject(room(readingId), async (instance, state) => {
    const holder = instance as unknown as { meter: Meter | null };
    const meter = holder.meter ?? (await state.storage.get<Meter>("meter"))!;
    const shifted = movedBack(meter, ms);
    holder.meter = shifted;
    await state.storage.put("meter", shifted);
    await state.storage.setAlarm(Date.now() + 60_000);
  });
  await runDurableObjectAlarm(room(readingId));
}

/** The clock as it would read had `ms` more gone by: every instant it holds, that much earlier. */
function movedBack(meter: Meter, ms: number): Meter {
  const back = (t: number | null) => (t === null ? null : t - ms);
  const each = (r: Record<"client" | "reader", number | null>) => ({ client: back(r.client), reader: back(r.reader) });
  return {
    ...meter,
    createdAt: meter.createdAt - ms,
    startedAt: back(meter.startedAt),
    runningSince: back(meter.runningSince),
    graceFrom: each(meter.graceFrom),
    backAt: each(meter.backAt),
    pausedAt: back(meter.pausedAt),
    fundingSince: back(meter.fundingSince),
    seenAt: meter.seenAt - ms,
    recoveredAt: back(meter.recoveredAt),
  };
}

/**
 * The room goes down (a restart, a deploy) and comes back `ms` later: its sockets are gone, and
 * what it saved is `ms` old. `wake` brings it back by its alarm or by both people reconnecting.
 */
async function roomDownFor(readingId: string, ms: number) {
  await runInDurableObject(room(readingId), async (_instance, state) => {
    await state.storage.put("meter", movedBack((await state.storage.get<Meter>("meter"))!, ms));
    await state.storage.setAlarm(Date.now() + 60_000);
  });
  await abortAllDurableObjects();
}

const storedMeter = (readingId: string) => runInDurableObject(room(readingId), async (_i, state) => (await state.storage.get<Meter>("meter"))!);

// No clock of this file runs on into the files after it (a paused reading ends by its alarm minutes later).
// The demo's seeded readings ended long ago and never had a room: only this file's own are stopped.
afterAll(async () => {
  for (const { id } of await db()
    .select({ id: paidReadings.id })
    .from(paidReadings)
    .where(sql`${paidReadings.id} NOT LIKE 'seed-%'`)) {
    await runInDurableObject(room(id), async (instance, state) => {
      // The instance forgets its clock too, so a socket closing afterwards sets no alarm again.
      Object.assign(instance as object, { meter: null, over: true });
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
    });
  }
});

const paid = async (id: string) => (await db().query.paidReadings.findFirst({ where: eq(paidReadings.id, id) }))!;
const charges = (id: string) =>
  db()
    .select()
    .from(walletEntries)
    .where(and(eq(walletEntries.paidReadingId, id), eq(walletEntries.kind, "charge")));

describe("the reading balance", () => {
  it("is topped up through the local checkout once, however often the payment is delivered, and its lines add up to it", async () => {
    const client = await newMember();
    const started = await post("/balance", { amount: "2500", returnTo: "/balance" }, { cookie: client.cookie });
    expect(started.status).toBe(302);
    const sessionId = started.headers.get("location")!.split("/").pop()!;
    const local = new LocalPayments(db(), localWebhookSecret(readConfig(env)));
    const [completed] = await local.pay(sessionId);
    const deliver = async (evt: typeof completed) => {
      const signed = await local.sign(evt!);
      return app.fetch(`${ORIGIN}/webhooks/stripe`, {
        method: "POST",
        body: signed.payload,
        headers: { "content-type": "application/json", "stripe-signature": signed.signature },
      });
    };
    expect((await deliver(completed)).status).toBe(200);
    expect((await deliver(completed)).status).toBe(200);
    expect(await balance(client.id)).toBe(2500);
    expect(await ledgerSum(client.id)).toBe(2500);
    const page = await (await get("/balance", { cookie: client.cookie })).text();
    expect(page).toContain("$25.00");
    expect(page).toContain("Top-up of $25.00");
  });

  it("gives up what a top-up refunded to the card adds, at most what is left, once per refund, its lines still adding up", async () => {
    const client = await newMember();
    const local = new LocalPayments(db(), localWebhookSecret(readConfig(env)));
    const deliver = async (evt: Awaited<ReturnType<typeof local.pay>>[number]) => {
      const signed = await local.sign(evt);
      return app.fetch(`${ORIGIN}/webhooks/stripe`, {
        method: "POST",
        body: signed.payload,
        headers: { "content-type": "application/json", "stripe-signature": signed.signature },
      });
    };
    const started = await post("/balance", { amount: "2500", returnTo: "/balance" }, { cookie: client.cookie });
    const [completed] = await local.pay(started.headers.get("location")!.split("/").pop()!);
    expect((await deliver(completed!)).status).toBe(200);
    const paymentIntentId = (completed!.data.object as { payment_intent: string }).payment_intent;

    // $10.00 of it back to the card: the balance gives up $10.00; the same delivery again changes nothing.
    const [partly] = await local.refund({ paymentIntentId, amountCents: 1000, idempotencyKey: "part" });
    expect((await deliver(partly!)).status).toBe(200);
    expect((await deliver(partly!)).status).toBe(200);
    expect(await balance(client.id)).toBe(1500);
    // $14.00 is spent on readings; the rest of the payment comes back: only the $1.00 left can go.
    await db().batch([
      db()
        .insert(walletEntries)
        .values({ id: newId(), userId: client.id, kind: "charge", amountCents: -1400, referenceId: `spent:${newId()}`, description: "Readings" }),
      db()
        .update(readingWallets)
        .set({ balanceCents: sql`${readingWallets.balanceCents} - 1400` })
        .where(eq(readingWallets.userId, client.id)),
    ]);
    const [rest] = await local.refund({ paymentIntentId, idempotencyKey: "rest" });
    expect((await deliver(rest!)).status).toBe(200);
    expect(await balance(client.id)).toBe(0);
    expect(await ledgerSum(client.id)).toBe(0);
    const lines = await db()
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, client.id), eq(walletEntries.kind, "top-up-refund")));
    expect(lines.map((line) => line.amountCents).sort((a, b) => a - b)).toEqual([-1000, -100]);
    expect(await (await get("/balance", { cookie: client.cookie })).text()).toContain("Top-up refunded to your card");
  });

  it("keeps a refund that arrives before its top-up and applies it when the top-up does, in full or in part", async () => {
    const local = new LocalPayments(db(), localWebhookSecret(readConfig(env)));
    const deliver = async (evt: Awaited<ReturnType<typeof local.pay>>[number]) => {
      const signed = await local.sign(evt);
      return app.fetch(`${ORIGIN}/webhooks/stripe`, {
        method: "POST",
        body: signed.payload,
        headers: { "content-type": "application/json", "stripe-signature": signed.signature },
      });
    };
    for (const { refundCents, left } of [
      { refundCents: undefined, left: 0 },
      { refundCents: 1000, left: 1500 },
    ]) {
      const client = await newMember();
      const started = await post("/balance", { amount: "2500", returnTo: "/balance" }, { cookie: client.cookie });
      const [completed] = await local.pay(started.headers.get("location")!.split("/").pop()!);
      const paymentIntentId = (completed!.data.object as { payment_intent: string }).payment_intent;
      const [refunded] = await local.refund({ paymentIntentId, amountCents: refundCents, idempotencyKey: `early-${newId()}` });

      // The refund's event overtakes the payment's: nothing to apply it to yet, so it is kept.
      const early = await deliver(refunded!);
      expect(early.status).toBe(200);
      expect(await early.json()).toMatchObject({ outcome: "held" });
      expect((await deliver(completed!)).status).toBe(200);
      expect((await deliver(completed!)).status).toBe(200);
      expect((await deliver(refunded!)).status).toBe(200);
      expect(await balance(client.id)).toBe(left);
      expect(await ledgerSum(client.id)).toBe(left);
      const receipt = await db().query.paymentReceipts.findFirst({ where: (r, { eq }) => eq(r.paymentIntentId, paymentIntentId) });
      expect(receipt).toMatchObject({ amountCents: 2500, refundedCents: 2500 - left });
    }
  });

  it("refunds a top-up to the card only as far as its balance is unspent", async () => {
    const client = await newMember();
    const local = new LocalPayments(db(), localWebhookSecret(readConfig(env)));
    const started = await post("/balance", { amount: "2500", returnTo: "/balance" }, { cookie: client.cookie });
    for (const evt of await local.pay(started.headers.get("location")!.split("/").pop()!)) {
      const signed = await local.sign(evt);
      await app.fetch(`${ORIGIN}/webhooks/stripe`, {
        method: "POST",
        body: signed.payload,
        headers: { "content-type": "application/json", "stripe-signature": signed.signature },
      });
    }
    // $14.00 of the $25.00 is spent on readings.
    await db().batch([
      db()
        .insert(walletEntries)
        .values({ id: newId(), userId: client.id, kind: "charge", amountCents: -1400, referenceId: `spent:${newId()}`, description: "Readings" }),
      db()
        .update(readingWallets)
        .set({ balanceCents: sql`${readingWallets.balanceCents} - 1400` })
        .where(eq(readingWallets.userId, client.id)),
    ]);
    const [receipt] = await db().query.paymentReceipts.findMany({ where: (r, { eq }) => eq(r.userId, client.id) });
    const portal = "/billing/local?return=%2Fbalance";
    expect((await post(portal, { intent: "refund", receipt: receipt!.id }, { cookie: client.cookie })).status).toBe(200);
    // The card gets back the $11.00 left, not the $25.00 paid.
    expect(await db().query.paymentReceipts.findFirst({ where: (r, { eq }) => eq(r.id, receipt!.id) })).toMatchObject({ refundedCents: 1100 });
    const [charge] = await db()
      .select()
      .from(localPaymentObjects)
      .where(and(eq(localPaymentObjects.object, "charge"), sql`json_extract(data, '$.payment_intent') = ${receipt!.paymentIntentId}`));
    expect(charge!.data).toMatchObject({ amount: 2500, amount_refunded: 1100 });
    expect(await balance(client.id)).toBe(0);
    expect(await ledgerSum(client.id)).toBe(0);
    const again = await post(portal, { intent: "refund", receipt: receipt!.id }, { cookie: client.cookie });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Nothing of this top-up is left to refund");
  });

  it("takes only the amounts offered", async () => {
    const client = await newMember();
    const response = await post("/balance", { amount: "777" }, { cookie: client.cookie });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose one of the amounts offered.");
  });
});

describe("asking a reader", () => {
  it("needs an account, an online reader, enough balance, and one open request at a time", async () => {
    const reader = await newReader(200);
    const client = await newMember();

    const poor = await requestReading(client, reader);
    expect(poor.status).toBe(402);
    expect(await poor.text()).toContain("Your balance does not cover the minimum for this reader.");

    await topUp(client.id, 1000);
    const self = await post(`/readers/${reader.username}/book`, { mode: "chat" }, { cookie: reader.cookie });
    expect(self.status).toBe(400);
    expect(await self.text()).toContain("You cannot book a reading with yourself.");
    const badMode = await post(`/readers/${reader.username}/book`, { mode: "telepathy" }, { cookie: client.cookie });
    expect(badMode.status).toBe(400);
    expect(await badMode.text()).toContain("Choose cards and chat, cards and voice, or cards and video.");

    await db().update(users).set({ isOnline: false }).where(eq(users.id, reader.id));
    expect((await requestReading(client, reader)).status).toBe(409);
    await db().update(users).set({ isOnline: true, lastSeenAt: Date.now() }).where(eq(users.id, reader.id));

    const first = await requestReading(client, reader);
    expect(first.status).toBe(302);
    const second = await requestReading(client, reader);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("You already have a request waiting");

    // The quote: first reading with this reader, so three free minutes; $10 at $2 a minute covers 3 + 5.
    const page = await (await get(`/readers/${reader.username}/book`, { cookie: client.cookie })).text();
    expect(page).toContain("First 3 free");
    expect(page).toMatch(/8(<!-- -->)? minutes/);
  });

  it("opens one reading when the reader accepts twice at once, and none for a lapsed request", async () => {
    const reader = await newReader(100);
    const client = await newMember();
    await topUp(client.id, 500);
    const requestId = requestIdOf(await requestReading(client, reader));

    const answers = await Promise.all([
      post(`/readings/requests/${requestId}`, { intent: "accept" }, { cookie: reader.cookie }),
      post(`/readings/requests/${requestId}`, { intent: "accept" }, { cookie: reader.cookie }),
    ]);
    // The losing answer is refused, and its page then follows the request into the one room.
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    expect(answers[0]!.headers.get("location")).toBe(answers[1]!.headers.get("location"));
    expect(await db().select().from(paidReadings).where(eq(paidReadings.requestId, requestId))).toHaveLength(1);
    const readingId = (await db().query.readingRequests.findFirst({ where: eq(readingRequests.id, requestId) }))!.paidReadingId!;
    const seats = await db().select().from(sessionParticipants).where(eq(sessionParticipants.sessionId, readingId));
    expect(seats.map((s) => s.userId).sort()).toEqual([client.id, reader.id].sort());
    // No stray rooms of the losing answer.
    expect(await db().select().from(readingSessions).where(eq(readingSessions.hostUserId, reader.id))).toHaveLength(1);
    expect(await db().select().from(sessionParticipants).where(eq(sessionParticipants.userId, client.id))).toHaveLength(1);

    // The client's page follows into the room.
    const waiting = await get(`/readings/requests/${requestId}`, { cookie: client.cookie });
    expect(waiting.status).toBe(302);
    expect(waiting.headers.get("location")).toBe(`/reading-room?session=${readingId}&video=1`);

    // Answered at once in the domain: exactly one accept wins. (The first reading has ended: a reader gives one at a time.)
    await db().update(paidReadings).set({ status: "ended" }).where(eq(paidReadings.id, readingId));
    const again = await newMember();
    await topUp(again.id, 500);
    const raceId = requestIdOf(await requestReading(again, reader));
    const readerUser = { id: reader.id, username: reader.username, email: null, isGuest: false } as unknown as CurrentUser;
    const outcomes = await Promise.all([
      acceptRequest(db(), readerUser, raceId),
      acceptRequest(db(), readerUser, raceId),
      acceptRequest(db(), readerUser, raceId),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.status)).toEqual([409, 409]);
    expect(await db().select().from(paidReadings).where(eq(paidReadings.requestId, raceId))).toHaveLength(1);

    // A request past its time cannot be accepted, and the client is told it lapsed.
    await db().update(paidReadings).set({ status: "ended" }).where(eq(paidReadings.readerId, reader.id));
    const other = await newMember();
    await topUp(other.id, 500);
    const lateId = requestIdOf(await requestReading(other, reader));
    await db()
      .update(readingRequests)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(readingRequests.id, lateId));
    const late = await post(`/readings/requests/${lateId}`, { intent: "accept" }, { cookie: reader.cookie });
    expect(late.status).toBe(410);
    expect(await late.text()).toContain("This request was not answered in time.");
    const told = await (await get(`/readings/requests/${lateId}`, { cookie: other.cookie })).text();
    expect(told).toContain("No answer in time");
    expect(await db().select().from(paidReadings).where(eq(paidReadings.requestId, lateId))).toHaveLength(0);

    // Strangers see nothing of a request.
    const stranger = await newMember();
    expect((await get(`/readings/requests/${requestId}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await post(`/readings/requests/${lateId}`, { intent: "accept" }, { cookie: stranger.cookie })).status).toBe(403);
  });

  it("gives the free minutes once: a reading accepted but not begun already claims them", async () => {
    const { reader, client } = await acceptedReading({ price: 100, balance: 900 });
    const page = await (await get(`/readers/${reader.username}/book`, { cookie: client.cookie })).text();
    expect(page).not.toContain("First 3 free");
    // A request raced in before the acceptance was written is quoted without them too.
    const quote = await quoteReading(db(), { id: client.id, isGuest: false } as CurrentUser, reader.username);
    expect(quote).toMatchObject({ freeMinutes: 0 });
  });

  it("lets a reader give one paid reading at a time: asking is refused while one runs, and of two accepted at once one wins", async () => {
    const reader = await newReader(100);
    const [first, second, third] = [await newMember(), await newMember(), await newMember()];
    for (const client of [first, second, third]) await topUp(client.id, 900);
    const firstId = requestIdOf(await requestReading(first, reader));
    const secondId = requestIdOf(await requestReading(second, reader));

    // Two requests waiting, both accepted at the same moment (two tabs): one reading opens.
    const answers = await Promise.all([
      post(`/readings/requests/${firstId}`, { intent: "accept" }, { cookie: reader.cookie }),
      post(`/readings/requests/${secondId}`, { intent: "accept" }, { cookie: reader.cookie }),
    ]);
    const live = await db()
      .select()
      .from(paidReadings)
      .where(and(eq(paidReadings.readerId, reader.id), eq(paidReadings.status, "live")));
    expect(live).toHaveLength(1);
    const refused = answers.find((a) => a.status === 409)!;
    expect(await refused.text()).toContain("You are giving a paid reading now. End it before you accept another.");

    // While it runs, nobody else can ask, and the booking page says why.
    const asked = await requestReading(third, reader);
    expect(asked.status).toBe(409);
    expect(await asked.text()).toContain("This reader is in a reading right now. Ask again when it ends.");
    expect(await (await get(`/readers/${reader.username}/book`, { cookie: third.cookie })).text()).toContain("is in a reading right now");

    // When it ends, the reader is free again.
    const { readerSocket } = await enterBoth(live[0]!.id, live[0]!.clientId === first.id ? first : second, reader);
    readerSocket.socket.send(JSON.stringify({ type: "endReading" }));
    await readerSocket.until((m) => m.type === "closed");
    expect((await requestReading(third, reader)).status).toBe(302);
  });

  it("lets the reader decline and the client cancel, each telling the other", async () => {
    const reader = await newReader(100);
    const client = await newMember();
    await topUp(client.id, 500);
    const declined = requestIdOf(await requestReading(client, reader));
    expect((await post(`/readings/requests/${declined}`, { intent: "decline" }, { cookie: reader.cookie })).status).toBe(302);
    expect(await (await get(`/readings/requests/${declined}`, { cookie: client.cookie })).text()).toContain("The reader declined");
    // Asking the same reader again waits a pause (asking-a-reader.test.ts): as if it had gone by.
    await db()
      .update(readingRequests)
      .set({ createdAt: Date.now() - LIVE_REQUEST_COOLDOWN_MS - 1 })
      .where(eq(readingRequests.id, declined));
    const cancelled = requestIdOf(await requestReading(client, reader));
    expect((await post(`/readings/requests/${cancelled}`, { intent: "cancel" }, { cookie: client.cookie })).status).toBe(200);
    expect((await post(`/readings/requests/${cancelled}`, { intent: "accept" }, { cookie: reader.cookie })).status).toBe(409);
  });
});

describe("the paid reading's room", () => {
  it("is for its client and reader alone", async () => {
    const { readingId, client, reader } = await acceptedReading();
    const stranger = await newMember();
    const refused = (await enter(readingId, stranger.cookie)) as Response;
    expect(refused.status).toBe(403);
    const invite = await post(`/reading-room?session=${readingId}`, { intent: "invite", type: "participant" }, { cookie: reader.cookie });
    expect(invite.status).toBe(403);
    expect(await invite.text()).toContain("A paid reading is private to its client and reader");
    expect((await get(`/reading-room?session=${readingId}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await get(`/readings/${readingId}`, { cookie: stranger.cookie })).status).toBe(404);
    const both = await enterBoth(readingId, client, reader);
    both.clientSocket.socket.close();
    both.readerSocket.socket.close();
  });

  it("says without JavaScript that it is held live, and its room takes no form", async () => {
    const { readingId, client, reader } = await acceptedReading();
    const page = await (await get(`/reading-room?session=${readingId}`, { cookie: reader.cookie })).text();
    expect(page).toContain(PAID_NEEDS_LIVE);
    // Its leader's controls and its chat box are for the live page only: hidden without JavaScript.
    expect(page).toMatch(/<div class="needs-script"><section aria-labelledby="controls-heading"/);
    expect(page).not.toContain('data-testid="deck-form"');
    for (const [who, form] of [
      [reader, { intent: "shuffle" }],
      [client, { intent: "say", text: "Hello" }],
    ] as const) {
      const refused = await post(`/reading-room?session=${readingId}`, form, { cookie: who.cookie });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(PAID_NEEDS_LIVE);
    }
    const both = await enterBoth(readingId, client, reader);
    expect(both.clientSocket.messages.some((m) => m.type === "chat")).toBe(false);
    both.clientSocket.socket.close();
    both.readerSocket.socket.close();
  });

  it("charges the free minutes at nothing, then each started minute, never past the balance, and ends when it runs out", async () => {
    const { readingId, client, reader } = await acceptedReading({ price: 100, balance: 450 });
    const { clientSocket, readerSocket } = await enterBoth(readingId, client, reader);
    // Minute 1 starts as the two meet: free.
    expect(clientSocket.meter()).toMatchObject({ status: "running", minutesBilled: 1, chargedCents: 0, balanceCents: 450, role: "client" });
    expect(readerSocket.meter()).toMatchObject({ balanceCents: null, role: "reader" });

    await timePasses(readingId, 4 * MINUTE + 10);
    // Minutes 2 and 3 free, 4 and 5 at $1.
    expect(await paid(readingId)).toMatchObject({ minutesBilled: 5, chargedCents: 200 });
    expect(await balance(client.id)).toBe(250);
    expect(clientSocket.meter()).toMatchObject({ minutesBilled: 5, chargedCents: 200, lowBalance: false });

    await timePasses(readingId, 2 * MINUTE);
    // Minutes 6 and 7: $0.50 left, which pays for no minute: the warning is up.
    expect(await balance(client.id)).toBe(50);
    expect(clientSocket.meter()).toMatchObject({ minutesBilled: 7, lowBalance: true });

    await timePasses(readingId, MINUTE);
    const ended = await paid(readingId);
    expect(ended).toMatchObject({ status: "ended", endReason: "balance", minutesBilled: 7, chargedCents: 400, feeCents: 120, netCents: 280 });
    expect(await balance(client.id)).toBe(50);
    expect(await ledgerSum(client.id)).toBe(50);
    expect((await charges(readingId)).map((c) => c.minute).sort()).toEqual([3, 4, 5, 6]);
    await clientSocket.until((m) => m.type === "meter" && m.meter.status === "ended");
    await clientSocket.until((m) => m.type === "closed");

    // The reader's earning, once; the room is closed; the receipt adds up to the cent.
    const earning = await db().select().from(sellerLedger).where(eq(sellerLedger.paidReadingId, readingId));
    expect(earning).toMatchObject([{ kind: "reading", grossCents: 400, feeCents: 120, netCents: 280 }]);
    expect((await db().query.readingSessions.findFirst({ where: eq(readingSessions.id, readingId) }))!.isActive).toBe(false);
    const receipt = await (await get(`/readings/${readingId}`, { cookie: client.cookie })).text();
    expect(receipt).toContain("4 × $1.00");
    expect(receipt).toContain("$4.00");
    expect(receipt).not.toContain("Platform fee");
    const readerReceipt = await (await get(`/readings/${readingId}`, { cookie: reader.cookie })).text();
    expect(readerReceipt).toContain("$2.80");
    // The reading is kept in both journals.
    const kept = await db().select({ userId: readingJournal.userId }).from(readingJournal).where(eq(readingJournal.sessionId, readingId));
    expect(kept.map((row) => row.userId).sort()).toEqual([client.id, reader.id].sort());
    // The client's balance page shows the reading's charges as one line, beside the top-up.
    const wallet = await (await get("/balance", { cookie: client.cookie })).text();
    expect(wallet).toMatch(/Reading with Vera Night · 4 paid minutes/);
    expect(wallet.match(/<tr>/g)?.length).toBe(3);
    // The next reading with this reader has no free minutes.
    expect(await (await get(`/readers/${reader.username}/book`, { cookie: client.cookie })).text()).toContain("None");
  });

  it("never charges a minute twice, even when the room restarts after charging and before saving its clock", async () => {
    const { readingId, client, reader } = await acceptedReading({ price: 100, balance: 900 });
    await enterBoth(readingId, client, reader);
    const before = await runInDurableObject(room(readingId), async (_instance, state) => (await state.storage.get<Meter>("meter"))!);
    await timePasses(readingId, 5 * MINUTE + 10);
    expect(await paid(readingId)).toMatchObject({ minutesBilled: 6, chargedCents: 300 });

    // The room lost its last save: its clock says one minute was billed; time has moved on as before.
    await runInDurableObject(room(readingId), async (_instance, state) => {
      const now = (await state.storage.get<Meter>("meter"))!;
      await state.storage.put("meter", { ...before, runningSince: now.runningSince, startedAt: now.startedAt, createdAt: now.createdAt });
    });
    await abortAllDurableObjects();
    await runInDurableObject(room(readingId), async (_instance, state) => state.storage.setAlarm(Date.now() + 60_000));
    await runDurableObjectAlarm(room(readingId));

    expect(await paid(readingId)).toMatchObject({ minutesBilled: 6, chargedCents: 300 });
    expect(await charges(readingId)).toHaveLength(3);
    expect(await balance(client.id)).toBe(600);
    expect(await ledgerSum(client.id)).toBe(600);
    // Both sockets went with the restart: the clock counts them gone and pauses after the grace period.
    const meter = await runInDurableObject(room(readingId), async (_instance, state) => (await state.storage.get<Meter>("meter"))!);
    expect(meter.minutesBilled).toBe(6);
    expect(meter.present).toEqual({ client: false, reader: false });
    await timePasses(readingId, GRACE + 1);
    expect((await runInDurableObject(room(readingId), async (_i, state) => (await state.storage.get<Meter>("meter"))!)).status).toBe("paused");
  });

  it("never charges a paid minute twice when a restarted room replays it from an older clock", async () => {
    const { readingId, client, reader } = await acceptedReading({ price: 100, balance: 900 });
    await enterBoth(readingId, client, reader);
    await timePasses(readingId, 3 * MINUTE + 10);
    // Minute 4 is the first paid one; the room's clock as it stood then is kept.
    expect(await paid(readingId)).toMatchObject({ minutesBilled: 4, chargedCents: 100 });
    const afterFirstPaid = await runInDurableObject(room(readingId), async (_instance, state) => (await state.storage.get<Meter>("meter"))!);
    await timePasses(readingId, 2 * MINUTE);
    expect(await paid(readingId)).toMatchObject({ minutesBilled: 6, chargedCents: 300 });

    // The room comes back with the older clock, which believes minute 5 is still to charge.
    await runInDurableObject(room(readingId), async (_instance, state) => {
      const now = (await state.storage.get<Meter>("meter"))!;
      await state.storage.put("meter", { ...afterFirstPaid, runningSince: now.runningSince, startedAt: now.startedAt, createdAt: now.createdAt });
    });
    await abortAllDurableObjects();
    await runInDurableObject(room(readingId), async (_instance, state) => state.storage.setAlarm(Date.now() + 60_000));
    await runDurableObjectAlarm(room(readingId));

    expect(await paid(readingId)).toMatchObject({ minutesBilled: 6, chargedCents: 300 });
    expect((await charges(readingId)).map((c) => c.minute).sort()).toEqual([3, 4, 5]);
    expect(await balance(client.id)).toBe(600);
    expect(await ledgerSum(client.id)).toBe(600);
  });

  it("bills at most one grace period for the time the room was down: a 40 s restart woken by its alarm, then both back", async () => {
    const { readingId, client, reader } = await acceptedReading({ price: 100, balance: 900 });
    await enterBoth(readingId, client, reader);
    await timePasses(readingId, 3 * MINUTE + 10);
    // Minutes 1 to 3 free, minute 4 paid; minute 5 would start 50 s from now.
    expect(await paid(readingId)).toMatchObject({ minutesBilled: 4, chargedCents: 100 });

    await roomDownFor(readingId, 40_000);
    await runDurableObjectAlarm(room(readingId));
    // Gone since the room last ran, not since it woke: their grace ran out 10 s ago, before minute 5.
    const woken = await storedMeter(readingId);
    expect(woken).toMatchObject({ status: "paused", minutesBilled: 4, present: { client: false, reader: false } });
    expect(woken.activeMsBefore).toBeLessThanOrEqual(3 * MINUTE + 10 + GRACE + 1000);
    expect(woken.interruptedMs).toBeGreaterThanOrEqual(40_000);
    expect(woken.interruptedMs).toBeLessThan(45_000);
    expect(await paid(readingId)).toMatchObject({ minutesBilled: 4, chargedCents: 100 });

    // Both come back at once: the reading runs on, nothing billed for the outage.
    const [readerBack, clientBack] = (await Promise.all([enter(readingId, reader.cookie), enter(readingId, client.cookie)])) as [Socket, Socket];
    await clientBack.until((m) => m.type === "meter" && m.meter.status === "running");
    expect(await paid(readingId)).toMatchObject({ minutesBilled: 4, chargedCents: 100 });
    expect(await balance(client.id)).toBe(800);

    // In the room, the reader sits under the name the receipt and the request give them.
    const snapshot = clientBack.messages.find((m) => m.type === "snapshot");
    expect(snapshot?.type === "snapshot" && snapshot.state.members.find((m) => m.id === reader.id)?.name).toBe("Vera Night");
    readerBack.socket.send(JSON.stringify({ type: "endReading" }));
    // Each is told who ended it: the reader did it, the client hears it by the reader's name.
    expect(await readerBack.until((m) => m.type === "closed")).toEqual({ type: "closed", reason: "You ended the reading." });
    expect(await clientBack.until((m) => m.type === "closed")).toEqual({ type: "closed", reason: "Vera Night ended the reading." });
    expect(await paid(readingId)).toMatchObject({ status: "ended", minutesBilled: 4, chargedCents: 100 });
    expect(await (await get(`/readings/${readingId}`, { cookie: reader.cookie })).text()).toContain("You ended the reading.");
    // The receipt says the time was not billed.
    const receipt = await (await get(`/readings/${readingId}`, { cookie: client.cookie })).text();
    expect(receipt).toContain("Your reading with Vera Night");
    expect(receipt).toContain("Vera Night ended the reading.");
    expect(receipt).toMatch(/Arcanum was interrupted for about 4\d seconds during this reading\. That time was not billed beyond the 30 seconds of grace/);
  });

  it("bills nothing of a ten-minute outage when both reconnect at once as the room wakes", async () => {
    const { readingId, client, reader } = await acceptedReading({ price: 100, balance: 2000 });
    await enterBoth(readingId, client, reader);
    await timePasses(readingId, 3 * MINUTE + 10);
    expect(await paid(readingId)).toMatchObject({ minutesBilled: 4, chargedCents: 100 });

    await roomDownFor(readingId, 10 * MINUTE);
    // No alarm first: the two reconnecting sockets wake the room.
    const [readerBack, clientBack] = (await Promise.all([enter(readingId, reader.cookie), enter(readingId, client.cookie)])) as [Socket, Socket];
    await clientBack.until((m) => m.type === "meter" && m.meter.status === "running" && m.meter.waitingFor === null);
    expect(await paid(readingId)).toMatchObject({ minutesBilled: 4, chargedCents: 100 });
    expect(await balance(client.id)).toBe(1900);
    const meter = await storedMeter(readingId);
    expect(meter.activeMsBefore).toBeLessThanOrEqual(3 * MINUTE + 10 + GRACE + 1000);
    expect(meter.interruptedMs).toBeGreaterThanOrEqual(10 * MINUTE);
    // The next minute comes after the rest of the paid one, counted from now, not from before the outage.
    await timePasses(readingId, MINUTE);
    expect(await paid(readingId)).toMatchObject({ minutesBilled: 5, chargedCents: 200 });
    // Ended here, so no clock of this test is left to run into the files after it.
    readerBack.socket.send(JSON.stringify({ type: "endReading" }));
    await clientBack.until((m) => m.type === "closed");
  });

  it("bills a blinking connection by presence: a brief return does not renew the grace, a settled one does", async () => {
    const { readingId, client, reader } = await acceptedReading({ price: 100, balance: 2000 });
    const { readerSocket, clientSocket } = await enterBoth(readingId, client, reader);
    const start = (await storedMeter(readingId)).activeMsBefore;

    // Gone 20 s of a 30 s grace, back for 1 s, gone again: 10 s of grace are left, not 30.
    const clientGone = async (close: () => void) => {
      const mark = readerSocket.messages.length;
      close();
      await nextMessage(readerSocket, mark, (m) => m.type === "meter" && m.meter.waitingFor === "client");
    };
    const clientBack = async () => {
      const mark = readerSocket.messages.length;
      const socket = (await enter(readingId, client.cookie)) as Socket;
      await nextMessage(readerSocket, mark, (m) => m.type === "meter" && m.meter.waitingFor === null && m.meter.status === "running");
      return socket;
    };
    await clientGone(() => clientSocket.socket.close());
    await timePasses(readingId, 20_000);
    let blink = await clientBack();
    await timePasses(readingId, 1000);
    await clientGone(() => blink.socket.close());
    await timePasses(readingId, 20_000);
    const paused = await storedMeter(readingId);
    expect(paused.status).toBe("paused");
    // 20 s counted by the grace, 1 s together, the 10 s of grace left: 31 s, give or take the test's own time.
    expect(paused.activeMsBefore - start).toBeGreaterThanOrEqual(31_000);
    expect(paused.activeMsBefore - start).toBeLessThan(33_000);

    // Back, and this time for longer than a grace period: the next absence has the whole grace again.
    blink = await clientBack();
    await timePasses(readingId, GRACE + 1000);
    await clientGone(() => blink.socket.close());
    await timePasses(readingId, GRACE - 5000);
    expect((await storedMeter(readingId)).status).toBe("running");
    await timePasses(readingId, 6000);
    expect((await storedMeter(readingId)).status).toBe("paused");
    readerSocket.socket.send(JSON.stringify({ type: "endReading" }));
    await readerSocket.until((m) => m.type === "closed");
  });

  it("keeps a departure that comes while a minute is being charged", async () => {
    const { readingId, client, reader } = await acceptedReading({ price: 100, balance: 900 });
    await enterBoth(readingId, client, reader);
    // A minute falls due and the alarm charges it; while that charge is out at the database, the
    // client's last tab closes (and whatever the room does about it has time to run) before the
    // charge comes back.
    await runInDurableObject(room(readingId), async (instance, state) => {
      type Holder = {
        env: Env;
        meter: Meter;
        onAlarm(): Promise<void>;
        onClose(connection: unknown): Promise<void>;
        getConnections(): Iterable<{ state?: { memberId: string } }>;
      };
      const holder = instance as unknown as Holder;
      const shifted = { ...holder.meter, runningSince: holder.meter.runningSince! - MINUTE - 10, startedAt: holder.meter.startedAt! - MINUTE - 10 };
      holder.meter = shifted;
      await state.storage.put("meter", shifted);
      const clientConnection = [...holder.getConnections()].find((connection) => connection.state?.memberId === client.id)!;
      const realEnv = holder.env;
      let held = false;
      const heldDatabase = new Proxy(realEnv.DB, {
        get(target, property) {
          if (property === "batch" && !held) {
            return async (statements: D1PreparedStatement[]) => {
              held = true;
              void holder.onClose(clientConnection);
              await new Promise((resolve) => setTimeout(resolve, 300));
              return target.batch(statements);
            };
          }
          const value = Reflect.get(target, property) as unknown;
          return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
      holder.env = { ...realEnv, DB: heldDatabase };
      try {
        await holder.onAlarm();
        // The departure's own turn, queued behind the charge.
        await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        holder.env = realEnv;
      }
    });
    const meter = await runInDurableObject(room(readingId), async (instance) => (instance as unknown as { meter: Meter }).meter);
    expect(meter.minutesBilled).toBe(2);
    expect(meter.present).toEqual({ client: false, reader: true });
    expect(meter.graceFrom.client).not.toBeNull();
    expect((await runInDurableObject(room(readingId), async (_i, state) => (await state.storage.get<Meter>("meter"))!)).present.client).toBe(false);
  });

  it("is never closed for quiet while its clock runs: the clock ends it and its figures are written", async () => {
    const { readingId, client, reader } = await acceptedReading({ price: 100, balance: 900 });
    const { clientSocket, readerSocket } = await enterBoth(readingId, client, reader);
    await timePasses(readingId, 4 * MINUTE + 10);
    clientSocket.socket.close();
    readerSocket.socket.close();
    // Nothing was done on the table for two hours (a reading by video alone), and nobody is connected.
    await runInDurableObject(room(readingId), async (instance, state) => {
      const holder = instance as unknown as { state: { lastActivityAt: number } };
      holder.state = { ...holder.state, lastActivityAt: Date.now() - 2 * 60 * 60 * 1000 };
      await state.storage.put("state", holder.state);
    });
    await timePasses(readingId, GRACE + 1);
    expect(await paid(readingId)).toMatchObject({ status: "live", minutesBilled: 5 });
    expect((await runInDurableObject(room(readingId), async (_i, state) => (await state.storage.get<Meter>("meter"))!)).status).toBe("paused");
    await timePasses(readingId, readConfig(env).paidReadings.pauseLimitMs + 1);
    expect(await paid(readingId)).toMatchObject({ status: "ended", endReason: "left", chargedCents: 200, netCents: 140 });
    expect(await db().select().from(sellerLedger).where(eq(sellerLedger.paidReadingId, readingId))).toHaveLength(1);
  });

  it("is started when the request is accepted, so a reading nobody opens is called off without a charge", async () => {
    const { readingId, client } = await acceptedReading({ price: 100, balance: 900 });
    const stored = await runInDurableObject(room(readingId), async (_instance, state) => ({
      meter: await state.storage.get<Meter>("meter"),
      alarm: await state.storage.getAlarm(),
    }));
    expect(stored.meter).toMatchObject({ status: "waiting", readingId });
    expect(stored.alarm).not.toBeNull();
    await timePasses(readingId, readConfig(env).paidReadings.joinLimitMs + 1);
    expect(await paid(readingId)).toMatchObject({ status: "ended", endReason: "never-started", chargedCents: 0 });
    expect(await balance(client.id)).toBe(900);
  });

  it("pauses billing when a connection drops past the grace period, resumes on return, and ends after a long absence", async () => {
    const { readingId, client, reader } = await acceptedReading({ price: 100, balance: 900 });
    const { readerSocket, clientSocket } = await enterBoth(readingId, client, reader);
    clientSocket.socket.close();
    await readerSocket.until((m) => m.type === "meter" && m.meter.waitingFor === "client");

    // Within the grace period the clock runs; after it, it stops where the grace period ended.
    await timePasses(readingId, GRACE + 5);
    const paused = readerSocket.meter()!;
    expect(paused.status).toBe("paused");
    const billed = (await paid(readingId)).minutesBilled;
    await timePasses(readingId, 3 * MINUTE);
    expect((await paid(readingId)).minutesBilled).toBe(billed);

    const back = (await enter(readingId, client.cookie)) as Socket;
    await back.until((m) => m.type === "meter" && m.meter.status === "running");
    back.socket.close();
    await readerSocket.until((m) => m.type === "meter" && m.meter.waitingFor === "client" && m.meter.status === "running");
    await timePasses(readingId, GRACE + 1);
    await timePasses(readingId, readConfig(env).paidReadings.pauseLimitMs + 1);
    expect(await paid(readingId)).toMatchObject({ status: "ended", endReason: "left" });
    expect(await ledgerSum(client.id)).toBe(await balance(client.id));
  });

  it("carries the chat between the two, named by the room, and gives a returning tab the lines said so far", async () => {
    const { readingId, client, reader } = await acceptedReading();
    const { readerSocket, clientSocket } = await enterBoth(readingId, client, reader);
    clientSocket.socket.send(JSON.stringify({ type: "say", text: "  Is the Tower always bad news?  ", from: reader.id, name: "Someone else" }));
    const heard = await readerSocket.until((m) => m.type === "chat");
    expect(heard.type === "chat" && heard.entries).toMatchObject([{ from: client.id, text: "Is the Tower always bad news?" }]);
    expect(heard.type === "chat" && heard.entries[0]!.name).not.toBe("Someone else");
    readerSocket.socket.send(JSON.stringify({ type: "say", text: "x".repeat(501) }));
    await readerSocket.until((m) => m.type === "refused");
    const again = (await enter(readingId, client.cookie)) as Socket;
    const history = await again.until((m) => m.type === "chat");
    expect(history.type === "chat" && history.replace && history.entries.map((e) => e.text)).toEqual(["Is the Tower always bad news?"]);
  });

  it("ends when either of the two ends it, and refuses the end from anyone else", async () => {
    const { readingId, client, reader } = await acceptedReading();
    const { readerSocket } = await enterBoth(readingId, client, reader);
    readerSocket.socket.send(JSON.stringify({ type: "endReading" }));
    await readerSocket.until((m) => m.type === "closed");
    expect(await paid(readingId)).toMatchObject({ status: "ended", endReason: "reader-ended", chargedCents: 0, minutesBilled: 1 });
    // An ended reading's room redirects to its receipt.
    const page = await get(`/reading-room?session=${readingId}`, { cookie: client.cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`/readings/${readingId}`);
  });
});

describe("a voice reading", () => {
  it("is refused for a mode not offered, then asked for, shown as voice to both, opened with the voice call and billed like any other", async () => {
    const reader = await newReader(100);
    const client = await newMember();
    await topUp(client.id, 450);
    for (const mode of ["hologram", ""]) {
      const refused = await requestReading(client, reader, mode);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Choose cards and chat, cards and voice, or cards and video.");
    }
    expect(await db().select().from(readingRequests).where(eq(readingRequests.clientId, client.id))).toHaveLength(0);

    const asked = await requestReading(client, reader, "voice");
    expect(asked.status).toBe(302);
    const requestId = requestIdOf(asked);
    expect((await db().query.readingRequests.findFirst({ where: eq(readingRequests.id, requestId) }))?.mode).toBe("voice");
    // The waiting page, the reader's answer page and the reader's dashboard all say how they will meet.
    for (const person of [client, reader])
      expect(await (await get(`/readings/requests/${requestId}`, { cookie: person.cookie })).text()).toContain("Cards and voice");
    expect(await (await get("/reader-dashboard", { cookie: reader.cookie })).text()).toContain("Cards and voice");

    const accepted = await post(`/readings/requests/${requestId}`, { intent: "accept" }, { cookie: reader.cookie });
    expect(accepted.status).toBe(302);
    const readingId = (await db().query.readingRequests.findFirst({ where: eq(readingRequests.id, requestId) }))!.paidReadingId!;
    expect(accepted.headers.get("location")).toBe(`/reading-room?session=${readingId}&voice=1`);
    expect((await get(`/readings/requests/${requestId}`, { cookie: client.cookie })).headers.get("location")).toBe(
      `/reading-room?session=${readingId}&voice=1`,
    );
    expect(await paid(readingId)).toMatchObject({ mode: "voice", status: "live" });
    // The room offers a call by voice alone, whatever its address asks: no video call, no camera.
    for (const path of [`/reading-room?session=${readingId}&voice=1`, `/reading-room?session=${readingId}&video=1`]) {
      const page = await get(path, { cookie: client.cookie });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('data-testid="voice-call"');
      expect(html).toContain("Join voice call");
      expect(html).not.toContain("Join video call");
    }

    // The clock is the same as for chat and video: three free minutes, then $1 a started minute.
    const { clientSocket } = await enterBoth(readingId, client, reader);
    expect(clientSocket.meter()).toMatchObject({ status: "running", minutesBilled: 1, chargedCents: 0, balanceCents: 450 });
    await timePasses(readingId, 4 * MINUTE + 10);
    expect(await paid(readingId)).toMatchObject({ minutesBilled: 5, chargedCents: 200 });
    expect(await balance(client.id)).toBe(250);
    clientSocket.socket.send(JSON.stringify({ type: "endReading" }));
    await clientSocket.until((m) => m.type === "closed");
    expect(await paid(readingId)).toMatchObject({ status: "ended", endReason: "client-ended", chargedCents: 200, feeCents: 60, netCents: 140 });
    expect((await charges(readingId)).map((c) => c.minute).sort()).toEqual([3, 4]);
    expect(await ledgerSum(client.id)).toBe(250);
    for (const person of [client, reader]) {
      const receipt = await (await get(`/readings/${readingId}`, { cookie: person.cookie })).text();
      expect(receipt).toContain("Cards and voice");
      expect(receipt).toContain("2 × $1.00");
    }
  });
});

describe("after the reading", () => {
  async function endedReading() {
    const setup = await acceptedReading({ price: 100, balance: 900 });
    const { clientSocket } = await enterBoth(setup.readingId, setup.client, setup.reader);
    await timePasses(setup.readingId, 5 * MINUTE + 10);
    clientSocket.socket.send(JSON.stringify({ type: "endReading" }));
    await clientSocket.until((m) => m.type === "closed");
    return setup;
  }

  it("takes one review from the client and one answer from the reader, and counts the rating", async () => {
    const { readingId, client, reader } = await endedReading();
    const profileBefore = (await db().query.readerProfiles.findFirst({ where: eq(readerProfiles.userId, reader.id) }))!;
    expect(profileBefore.completedReadings).toBe(1);
    expect((await post(`/readings/${readingId}`, { intent: "review", rating: "9" }, { cookie: client.cookie })).status).toBe(400);
    expect((await post(`/readings/${readingId}`, { intent: "review", rating: "5", body: "Clear and kind." }, { cookie: reader.cookie })).status).toBe(404);
    expect((await post(`/readings/${readingId}`, { intent: "review", rating: "5", body: "Clear and kind." }, { cookie: client.cookie })).status).toBe(200);
    expect((await post(`/readings/${readingId}`, { intent: "review", rating: "1" }, { cookie: client.cookie })).status).toBe(409);
    const profile = (await db().query.readerProfiles.findFirst({ where: eq(readerProfiles.userId, reader.id) }))!;
    expect({ sum: profile.ratingSum, count: profile.ratingCount }).toEqual({ sum: 5, count: 1 });
    expect((await post(`/readings/${readingId}`, { intent: "reply", reply: "Thank you." }, { cookie: client.cookie })).status).toBe(404);
    expect((await post(`/readings/${readingId}`, { intent: "reply", reply: "Thank you." }, { cookie: reader.cookie })).status).toBe(200);
    expect((await post(`/readings/${readingId}`, { intent: "reply", reply: "Again." }, { cookie: reader.cookie })).status).toBe(409);
    expect((await db().query.readingReviews.findFirst({ where: eq(readingReviews.paidReadingId, readingId) }))!.reply).toBe("Thank you.");
    const dashboard = await (await get("/reader-dashboard", { cookie: reader.cookie })).text();
    expect(dashboard).toContain("Clear and kind.");
    expect(dashboard).toContain("$2.10");
  });

  it("takes no review of a reading of free minutes alone, which also does not count toward the reader's level", async () => {
    const { readingId, client, reader } = await acceptedReading({ price: 100, balance: 900 });
    const { clientSocket } = await enterBoth(readingId, client, reader);
    await timePasses(readingId, 2 * MINUTE + 10);
    clientSocket.socket.send(JSON.stringify({ type: "endReading" }));
    await clientSocket.until((m) => m.type === "closed");
    expect(await paid(readingId)).toMatchObject({ status: "ended", minutesBilled: 3, chargedCents: 0 });
    const refused = await post(`/readings/${readingId}`, { intent: "review", rating: "5" }, { cookie: client.cookie });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Only a reading with paid minutes can be reviewed.");
    expect((await db().query.readerProfiles.findFirst({ where: eq(readerProfiles.userId, reader.id) }))!.completedReadings).toBe(0);
  });

  it("counts a review sent twice at once a single time", async () => {
    const { readingId, client, reader } = await endedReading();
    const answers = await Promise.all([1, 2, 3].map(() => post(`/readings/${readingId}`, { intent: "review", rating: "4" }, { cookie: client.cookie })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const profile = (await db().query.readerProfiles.findFirst({ where: eq(readerProfiles.userId, reader.id) }))!;
    expect({ sum: profile.ratingSum, count: profile.ratingCount }).toEqual({ sum: 4, count: 1 });
  });

  it("is refunded by staff once: the client's balance back, the reader's earning taken back, the sums still equal", async () => {
    const { readingId, client, reader } = await endedReading();
    expect(await paid(readingId)).toMatchObject({ chargedCents: 300, feeCents: 90, netCents: 210 });
    expect((await post(`/readings/${readingId}`, { intent: "report", reason: "The video never worked for me." }, { cookie: client.cookie })).status).toBe(200);
    expect((await post("/staff/readings", { intent: "refund", readingId }, { cookie: client.cookie })).status).toBe(404);
    const staff = await signInAs("seed-user-staff");
    const list = await (await get("/staff/readings", { cookie: staff })).text();
    expect(list).toContain("The video never worked for me.");
    expect((await post("/staff/readings", { intent: "refund", readingId }, { cookie: staff })).status).toBe(200);
    expect((await post("/staff/readings", { intent: "refund", readingId }, { cookie: staff })).status).toBe(409);
    expect(await balance(client.id)).toBe(900);
    expect(await ledgerSum(client.id)).toBe(900);
    const lines = await db().select().from(sellerLedger).where(eq(sellerLedger.paidReadingId, readingId));
    expect(lines.reduce((sum, line) => sum + line.netCents, 0)).toBe(0);
    expect(lines.reduce((sum, line) => sum + line.feeCents, 0)).toBe(0);
    expect(lines.map((l) => l.kind).sort()).toEqual(["reading", "reading-refund"]);
    expect((await paid(readingId)).refundedCents).toBe(300);
    expect(await (await get(`/readings/${readingId}`, { cookie: reader.cookie })).text()).toContain("Refunded");
  });
});

/** The local checkout behind a `/balance` answer, paid; its events, signed, ready to deliver to the webhook. */
async function paidCheckout(started: Response) {
  expect(started.status).toBe(302);
  const local = new LocalPayments(db(), localWebhookSecret(readConfig(env)));
  const events = await local.pay(started.headers.get("location")!.split("/").pop()!);
  return async () => {
    for (const evt of events) {
      const signed = await local.sign(evt);
      const response = await app.fetch(`${ORIGIN}/webhooks/stripe`, {
        method: "POST",
        body: signed.payload,
        headers: { "content-type": "application/json", "stripe-signature": signed.signature },
      });
      expect(response.status).toBe(200);
    }
  };
}

/** Funds added from the room: the clock holds and the checkout opens. */
const addFunds = (readingId: string, cookie: string, amount = 1000) => post("/balance", { amount: String(amount), reading: readingId }, { cookie });

/** A live reading whose balance pays only the running minute: seven minutes billed (three free, four at $1), $0.50 left. */
async function readingOnItsLastMinute() {
  const { readingId, client, reader } = await acceptedReading({ price: 100, balance: 450 });
  const sockets = await enterBoth(readingId, client, reader);
  await timePasses(readingId, 6 * MINUTE + 10);
  expect(await paid(readingId)).toMatchObject({ minutesBilled: 7, chargedCents: 400 });
  expect(sockets.clientSocket.meter()).toMatchObject({ lowBalance: true, balanceCents: 50 });
  return { readingId, client, reader, ...sockets };
}

/** Every minute charged once, the balance never below zero, and the client's ledger summing to it. */
async function ledgerHolds(readingId: string, clientId: string) {
  const minutes = (await charges(readingId)).map((c) => c.minute);
  expect(new Set(minutes).size).toBe(minutes.length);
  const [reading, left] = await Promise.all([paid(readingId), balance(clientId)]);
  expect(minutes).toHaveLength(reading.minutesBilled - reading.freeMinutes);
  expect(left).toBeGreaterThanOrEqual(0);
  expect(await ledgerSum(clientId)).toBe(left);
}

describe("adding funds during a reading", () => {
  it("holds the clock while the client pays, then bills on the new balance without ending the room or charging a minute twice", async () => {
    const { readingId, client, reader, clientSocket, readerSocket } = await readingOnItsLastMinute();
    // Someone else cannot hold this reading's clock, nor can the reader.
    const stranger = await newMember("stranger");
    expect((await addFunds(readingId, stranger.cookie)).status).toBe(404);
    expect((await addFunds(readingId, reader.cookie)).status).toBe(404);

    const mark = readerSocket.messages.length;
    const started = await addFunds(readingId, client.cookie);
    expect(started.headers.get("location")).toMatch(/\/checkout\/local\//);
    await nextMessage(readerSocket, mark, (m) => m.type === "meter" && m.meter.status === "funding");
    expect(clientSocket.meter()).toMatchObject({ status: "funding", running: false, minutesBilled: 7 });

    // Two minutes in the checkout: nothing is charged while the clock holds.
    await timePasses(readingId, 2 * MINUTE);
    expect(await paid(readingId)).toMatchObject({ status: "live", minutesBilled: 7, chargedCents: 400 });

    const clientMark = clientSocket.messages.length;
    await (
      await paidCheckout(started)
    )();
    await nextMessage(clientSocket, clientMark, (m) => m.type === "meter" && m.meter.status === "running");
    expect(clientSocket.meter()).toMatchObject({ status: "running", balanceCents: 1050, minutesBilled: 7, lowBalance: false });
    expect(await balance(client.id)).toBe(1050);

    // The rest of the paid minute, then the next one on the new balance.
    await timePasses(readingId, MINUTE);
    expect(await paid(readingId)).toMatchObject({ status: "live", minutesBilled: 8, chargedCents: 500 });
    expect(await balance(client.id)).toBe(950);
    await ledgerHolds(readingId, client.id);

    // The receipt of the top-up, by e-mail: the amount and the balance, in plain words.
    await expect
      .poll(async () => (await listOutbox(db(), `${client.id}@example.test`)).map((m) => m.subject))
      .toContain("Your receipt: Reading balance top-up — $10.00");
    const [topUpMail] = await listOutbox(db(), `${client.id}@example.test`, 1);
    expect(topUpMail!.text).toContain("Your reading goes on with the new balance.");

    // The reading ends; its receipt shows the minutes and the top-up made during it, on the page and by e-mail.
    clientSocket.socket.send(JSON.stringify({ type: "endReading" }));
    await clientSocket.until((m) => m.type === "closed");
    const receipt = await (await get(`/readings/${readingId}`, { cookie: client.cookie })).text();
    expect(receipt).toContain("5 × $1.00");
    expect(receipt).toContain("Top-up during the reading");
    expect(await (await get(`/readings/${readingId}`, { cookie: reader.cookie })).text()).not.toContain("Top-up during the reading");
    await expect.poll(async () => (await listOutbox(db(), `${client.id}@example.test`)).map((m) => m.subject)).toContain("Your reading with Vera Night");
    const [readingMail] = await listOutbox(db(), `${client.id}@example.test`, 1);
    expect(readingMail!.text).toMatch(/Minutes: 8[\s\S]*Price per minute: \$1\.00[\s\S]*Total: \$5\.00[\s\S]*Top-up during the reading: \$10\.00/);
    await ledgerHolds(readingId, client.id);
  });

  it("takes two top-ups paid at once as one hold: both reach the balance and the next minute is charged once", async () => {
    const { readingId, client, clientSocket } = await readingOnItsLastMinute();
    const first = await addFunds(readingId, client.cookie, 1000);
    const second = await addFunds(readingId, client.cookie, 2500);
    const [payFirst, paySecond] = await Promise.all([paidCheckout(first), paidCheckout(second)]);
    await Promise.all([payFirst(), paySecond()]);
    await clientSocket.until((m) => m.type === "meter" && m.meter.status === "running" && m.meter.balanceCents === 3550);
    expect(await balance(client.id)).toBe(3550);
    await timePasses(readingId, MINUTE);
    expect(await paid(readingId)).toMatchObject({ status: "live", minutesBilled: 8, chargedCents: 500 });
    expect(await balance(client.id)).toBe(3450);
    await ledgerHolds(readingId, client.id);
  });

  it("never bills a minute twice nor below zero when a top-up races the minute that would end the reading", async () => {
    const { readingId, client } = await readingOnItsLastMinute();
    // Paid from the balance page, with no hold: it arrives just as the next minute comes due.
    const deliver = await paidCheckout(await post("/balance", { amount: "1000", returnTo: "/balance" }, { cookie: client.cookie }));
    await Promise.all([timePasses(readingId, MINUTE), deliver()]);
    const reading = await paid(readingId);
    if (reading.status === "ended") {
      // The minute came first: the reading ended billed for the seven minutes had, the top-up kept whole.
      expect(reading).toMatchObject({ endReason: "balance", minutesBilled: 7, chargedCents: 400 });
      expect(await balance(client.id)).toBe(1050);
    } else {
      // The top-up came first: the minute was charged from it, once.
      expect(reading).toMatchObject({ minutesBilled: 8, chargedCents: 500 });
      expect(await balance(client.id)).toBe(950);
    }
    await ledgerHolds(readingId, client.id);
  });

  it("never bills twice when the top-up arrives as the hold runs out", async () => {
    const { readingId, client, clientSocket } = await readingOnItsLastMinute();
    const deliver = await paidCheckout(await addFunds(readingId, client.cookie));
    await clientSocket.until((m) => m.type === "meter" && m.meter.status === "funding");
    // A minute past the paid one: only the hold kept the reading on until now.
    await timePasses(readingId, MINUTE);
    expect(await paid(readingId)).toMatchObject({ status: "live", minutesBilled: 7 });
    await Promise.all([timePasses(readingId, FUNDS_HOLD_MS - MINUTE + 1), deliver()]);
    const reading = await paid(readingId);
    expect(reading.minutesBilled).toBe(7);
    expect(reading.chargedCents).toBe(400);
    expect(await balance(client.id)).toBe(1050);
    await ledgerHolds(readingId, client.id);
  });

  it("ends the reading billed for exactly the minutes had when the payment fails and the hold runs out", async () => {
    const { readingId, client, clientSocket } = await readingOnItsLastMinute();
    const started = await addFunds(readingId, client.cookie);
    const checkout = new URL(started.headers.get("location")!, ORIGIN).pathname;
    const failed = await post(checkout, { intent: "pay", card: "4000 0000 0000 0002", expiry: "12 / 40", cvc: "123" }, { cookie: client.cookie });
    expect(failed.status).toBe(402);
    await timePasses(readingId, FUNDS_HOLD_MS - 1000);
    expect(await paid(readingId)).toMatchObject({ status: "live", minutesBilled: 7 });
    await timePasses(readingId, 1001);
    expect(await paid(readingId)).toMatchObject({ status: "ended", endReason: "balance", minutesBilled: 7, chargedCents: 400, feeCents: 120, netCents: 280 });
    expect(await balance(client.id)).toBe(50);
    await clientSocket.until((m) => m.type === "closed");
    await ledgerHolds(readingId, client.id);
    // The hold is over with the reading: asking again opens nothing.
    expect((await addFunds(readingId, client.cookie)).status).toBe(404);
  });
});

describe("tips on a paid reading", () => {
  async function endedReading() {
    const { readingId, client, reader, clientSocket } = await readingOnItsLastMinute();
    await topUp(client.id, 1000);
    clientSocket.socket.send(JSON.stringify({ type: "endReading" }));
    await clientSocket.until((m) => m.type === "closed");
    return { readingId, client, reader };
  }

  it("gives one tip per click from the balance, at the reading's fee, even when the form is sent twice at once", async () => {
    const { readingId, client, reader } = await endedReading();
    const page = await (await get(`/readings/${readingId}`, { cookie: client.cookie })).text();
    const key = /name="key" value="([^"]+)"/.exec(page)![1]!;
    const tip = (amount: string, custom = "", form = key) =>
      post(`/readings/${readingId}`, { intent: "tip", amount, custom, key: form }, { cookie: client.cookie });
    const [once, twice] = await Promise.all([tip("500"), tip("500")]);
    expect([once.status, twice.status]).toEqual([200, 200]);
    expect(await balance(client.id)).toBe(550);
    expect(
      await db()
        .select()
        .from(sellerLedger)
        .where(and(eq(sellerLedger.paidReadingId, readingId), eq(sellerLedger.kind, "tip"))),
    ).toMatchObject([{ grossCents: 500, feeCents: 150, netCents: 350, sellerId: reader.id }]);

    // Another click is another tip; a typed amount is bounded, and never more than the balance.
    expect((await tip("custom", "2.50", "second-click-key")).status).toBe(200);
    expect(await balance(client.id)).toBe(300);
    expect((await tip("custom", "0.50", "third-click-key")).status).toBe(400);
    expect((await tip("custom", "500", "fourth-click-key")).status).toBe(400);
    expect((await tip("700", "", "fifth-click-key")).status).toBe(400);
    const tooMuch = await tip("1000", "", "sixth-click-key");
    expect(tooMuch.status).toBe(409);
    expect(await tooMuch.text()).toContain("Your balance does not cover this tip.");
    expect(await balance(client.id)).toBe(300);
    await ledgerHolds(readingId, client.id);

    // Nobody else can tip this reading; the reader sees the tip and their share on the receipt and in their earnings.
    const stranger = await newMember("stranger");
    await topUp(stranger.id, 1000);
    expect((await post(`/readings/${readingId}`, { intent: "tip", amount: "500", key: "stranger-key-1" }, { cookie: stranger.cookie })).status).toBe(404);
    expect(await balance(stranger.id)).toBe(1000);
    const readerReceipt = await (await get(`/readings/${readingId}`, { cookie: reader.cookie })).text();
    expect(readerReceipt).toContain("$7.50");
    expect(readerReceipt).toContain("$5.25");
    const dashboard = await (await get("/reader-dashboard", { cookie: reader.cookie })).text();
    expect(dashboard).toContain("$8.05");
    await expect
      .poll(async () => (await listOutbox(db(), `${client.id}@example.test`)).map((m) => m.subject))
      .toContain("Your reading with Vera Night, with your tip");
  });

  it("is refused before the clock has started, and to anyone but the client", async () => {
    const { readingId, client, reader } = await acceptedReading({ price: 100, balance: 450 });
    const refused = await post(`/readings/${readingId}`, { intent: "tip", amount: "200", key: "early-tip-key" }, { cookie: client.cookie });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("You can tip once the reading has begun");
    expect(await balance(client.id)).toBe(450);
    await topUp(reader.id, 1000);
    expect((await post(`/readings/${readingId}`, { intent: "tip", amount: "200", key: "reader-tip-key" }, { cookie: reader.cookie })).status).toBe(404);
    expect(await balance(reader.id)).toBe(1000);
  });

  it("is taken during the free minutes, once per form, to the reader's earnings at the reading's fee, and never from the reader", async () => {
    const { readingId, client, reader } = await acceptedReading({ price: 100, balance: 450 });
    const { clientSocket, readerSocket } = await enterBoth(readingId, client, reader);
    await expect.poll(async () => (await paid(readingId)).startedAt).not.toBeNull();
    expect(clientSocket.meter()).toMatchObject({ status: "running", freeMinutes: 3, minutesBilled: 1, chargedCents: 0, balanceCents: 450 });

    // The client's page of the open reading offers the tip; the reader's never does.
    const page = await (await get(`/readings/${readingId}`, { cookie: client.cookie })).text();
    const key = /name="key" value="([^"]+)"/.exec(page)![1]!;
    expect(await (await get(`/readings/${readingId}`, { cookie: reader.cookie })).text()).not.toContain('name="intent" value="tip"');

    const clientMark = clientSocket.messages.length;
    const tip = () => post(`/readings/${readingId}`, { intent: "tip", amount: "200", key }, { cookie: client.cookie });
    const [once, twice] = await Promise.all([tip(), tip()]);
    expect([once.status, twice.status]).toEqual([200, 200]);
    expect(await once.text()).toContain("Thank you: your tip of $2.00 went to your reader.");
    expect(await balance(client.id)).toBe(250);
    expect(await ledgerSum(client.id)).toBe(250);
    expect(
      await db()
        .select()
        .from(sellerLedger)
        .where(and(eq(sellerLedger.paidReadingId, readingId), eq(sellerLedger.kind, "tip"))),
    ).toMatchObject([{ grossCents: 200, feeCents: 60, netCents: 140, sellerId: reader.id, referenceId: `tip:${readingId}:${key}` }]);
    // Still a free minute: nothing charged, and the room's bar shows the balance the tip left.
    expect(await paid(readingId)).toMatchObject({ status: "live", minutesBilled: 1, chargedCents: 0 });
    await nextMessage(clientSocket, clientMark, (m) => m.type === "meter" && m.meter.balanceCents === 250);

    // The reader cannot tip their own reading, even with a balance of their own.
    await topUp(reader.id, 1000);
    const byReader = await post(`/readings/${readingId}`, { intent: "tip", amount: "200", key: "reader-own-tip" }, { cookie: reader.cookie });
    expect(byReader.status).toBe(404);
    expect(await balance(reader.id)).toBe(1000);
    expect(
      await db()
        .select()
        .from(walletEntries)
        .where(and(eq(walletEntries.paidReadingId, readingId), eq(walletEntries.kind, "tip"))),
    ).toHaveLength(1);

    // The minutes after the free ones are billed from what the tip left, and the receipt names the tip.
    await timePasses(readingId, 3 * MINUTE + 10);
    expect(await paid(readingId)).toMatchObject({ minutesBilled: 4, chargedCents: 100 });
    clientSocket.socket.send(JSON.stringify({ type: "endReading" }));
    await clientSocket.until((m) => m.type === "closed");
    await readerSocket.until((m) => m.type === "closed");
    await ledgerHolds(readingId, client.id);
    expect(await balance(client.id)).toBe(150);
    const readerReceipt = await (await get(`/readings/${readingId}`, { cookie: reader.cookie })).text();
    expect(readerReceipt).toContain("$1.40");
    await expect
      .poll(async () => (await listOutbox(db(), `${client.id}@example.test`)).map((m) => m.subject))
      .toContain("Your reading with Vera Night, with your tip");
  });
});
