/**
 * A reader's level and rating come only from real readings (decision 0051): a price floor per level,
 * a least length in paid minutes, different clients rather than readings for the ladder, one weighing
 * review a client every 30 days, and nothing at all between accounts that were used on one browser.
 * Readings go through the real stack: booking, acceptance, the room's clock and its end.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rememberDevice } from "../../app/auth/accounts.server";
import { deviceCookieName } from "../../app/auth/session-cookie";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { newId } from "../../app/lib/crypto";
import type { Meter } from "../../app/paid-readings/clock";
import { topUpStatements } from "../../app/paid-readings/wallet.server";
import type { ServerMessage } from "../../app/reading-room/messages";
import { LocalPayments, TEST_CARDS } from "../../app/payments/local.server";
import { localWebhookSecret } from "../../app/payments/payments.server";
import { LEVELS } from "../../app/readers/levels";
import { REPUTATION_MESSAGES } from "../../app/readers/reputation";
import { paidReadings, quizAttempts, readerProfiles, readingReviews, users } from "../../db/schema";
import { app, get, ORIGIN, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);
const MINUTE = readConfig(env).paidReadings.minuteMs;
const [APPRENTICE, ADEPT] = LEVELS as [(typeof LEVELS)[0], (typeof LEVELS)[0]];

type Person = { id: string; cookie: string };
type Reader = Person & { username: string };

async function member(name: string): Promise<Person> {
  const id = `${name}-${newId()}`;
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.test`, username: id.slice(0, 30) });
  await db().batch(topUpStatements(db(), { id: newId(), userId: id, kind: "top-up", amountCents: 10_000 }, Date.now()) as [never]);
  return { id, cookie: await signInAs(id) };
}

/**
 * An Apprentice one client short of the Adept's 25, rated 4.5 by 24 counted reviews, with an 85% quiz
 * mark: the next counted client would make them an Adept. `price` may be one set before the floor existed.
 */
async function readerOneShort(price: number): Promise<Reader> {
  const id = `reader-${newId()}`;
  const username = `r${newId().slice(0, 12)}`.toLowerCase();
  await db()
    .insert(users)
    .values({
      id,
      email: `${id}@example.test`,
      username,
      fullName: "Ivy Reed",
      isReader: true,
      levelId: APPRENTICE.id,
      customPricePerMinute: price,
      isOnline: true,
      lastSeenAt: Date.now(),
    });
  await db().insert(readerProfiles).values({ userId: id, available: true, completedReadings: 24, countedClients: 24, ratingSum: 108, ratingCount: 24 });
  const startedAt = Date.now() - 30 * 86_400_000;
  const questions = JSON.stringify(Array.from({ length: 20 }, () => ({ prompt: "?", choices: ["a", "b"], correct: 0, topic: "test" })));
  await db()
    .insert(quizAttempts)
    .values({
      id: newId(),
      userId: id,
      questions,
      startedAt,
      deadlineAt: startedAt + 900_000,
      submittedAt: startedAt + 60_000,
      score: 17,
      passed: true,
      answers: "[]",
    });
  return { id, username, cookie: await signInAs(id) };
}

/** Both accounts signed in on one browser, as the sign-in records it. */
async function onOneBrowser(...people: Person[]) {
  const key = crypto.randomUUID().replaceAll("-", "");
  const request = new Request(ORIGIN, { headers: { cookie: `${deviceCookieName(false)}=${key}` } });
  for (const person of people) await rememberDevice(db(), request, person.id);
}

async function enter(readingId: string, cookie: string) {
  const response = await app.fetch(`${ORIGIN}/parties/reading-room/${readingId}`, { headers: { upgrade: "websocket", origin: ORIGIN, cookie } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const messages: ServerMessage[] = [];
  socket.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data)) as ServerMessage));
  socket.accept();
  const until = async (test: (m: ServerMessage) => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!messages.some(test)) {
      if (Date.now() > deadline) throw new Error(`no such message in ${JSON.stringify(messages.map((m) => m.type))}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { socket, until };
}

const room = (readingId: string) => env.ReadingRoom.get(env.ReadingRoom.idFromName(readingId));

/** The clock as it would read had `ms` more gone by: every instant it holds (epoch milliseconds), that much earlier. */
function movedBack(value: unknown, ms: number): unknown {
  if (typeof value === "number") return value > 1e12 ? value - ms : value;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, movedBack(inner, ms)]));
  return value;
}

/** Moves the room's clock `ms` into the past and runs its alarm, as if that much time had gone by. */
async function timePasses(readingId: string, ms: number) {
  await runInDurableObject(room(readingId), async (instance, state) => {
    const holder = instance as unknown as { meter: Meter | null };
    const meter = holder.meter ?? (await state.storage.get<Meter>("meter"))!;
    const shifted = movedBack(meter, ms) as Meter;
    holder.meter = shifted;
    await state.storage.put("meter", shifted);
    await state.storage.setAlarm(Date.now() + 60_000);
  });
  await runDurableObjectAlarm(room(readingId));
}

/** A whole paid reading: booked, accepted, both in the room for `minutes` minutes, ended by the client. Its id. */
async function reading(reader: Reader, client: Person, minutes: number) {
  await db().update(users).set({ isOnline: true, lastSeenAt: Date.now() }).where(eq(users.id, reader.id));
  const asked = await post(`/readers/${reader.username}/book`, { mode: "chat", question: "What should I know this month?" }, { cookie: client.cookie });
  expect(asked.status).toBe(302);
  const accepted = await post(`/readings/requests/${asked.headers.get("location")!.split("/").pop()}`, { intent: "accept" }, { cookie: reader.cookie });
  expect(accepted.status).toBe(302);
  const readingId = new URL(accepted.headers.get("location")!, ORIGIN).searchParams.get("session")!;
  const readerSide = await enter(readingId, reader.cookie);
  const clientSide = await enter(readingId, client.cookie);
  await clientSide.until((m) => m.type === "meter" && m.meter.status === "running");
  if (minutes > 0) await timePasses(readingId, minutes * MINUTE + 10);
  clientSide.socket.send(JSON.stringify({ type: "endReading" }));
  await clientSide.until((m) => m.type === "closed");
  clientSide.socket.close();
  readerSide.socket.close();
  return readingId;
}

/** Tops up the person's balance through the local checkout, paying with `card`, and delivers the payment's event. */
async function topUpWithCard(person: Person, card: string) {
  const started = await post("/balance", { amount: "1000", returnTo: "/balance" }, { cookie: person.cookie });
  expect(started.status).toBe(302);
  const local = new LocalPayments(db(), localWebhookSecret(readConfig(env)));
  const [completed] = await local.pay(started.headers.get("location")!.split("/").pop()!, card);
  const signed = await local.sign(completed!);
  const delivered = await app.fetch(`${ORIGIN}/webhooks/stripe`, {
    method: "POST",
    body: signed.payload,
    headers: { "content-type": "application/json", "stripe-signature": signed.signature },
  });
  expect(delivered.status).toBe(200);
}

const review = (readingId: string, client: Person, rating = 5) =>
  post(`/readings/${readingId}`, { intent: "review", rating: String(rating), body: "Wonderful, spot on." }, { cookie: client.cookie });
const profileOf = async (id: string) => (await db().query.readerProfiles.findFirst({ where: eq(readerProfiles.userId, id) }))!;
const levelOf = async (id: string) => (await db().query.users.findFirst({ where: eq(users.id, id), columns: { levelId: true, customPricePerMinute: true } }))!;
const standing = async (id: string) => {
  const profile = await profileOf(id);
  return { readings: profile.completedReadings, clients: profile.countedClients, ratingSum: profile.ratingSum, ratingCount: profile.ratingCount };
};
const UNCHANGED = { readings: 24, clients: 24, ratingSum: 108, ratingCount: 24 };

describe("a reader's reputation", () => {
  it("cannot be bought by a second account on the same browser booking a one-cent reader, ending at once and rating five stars", async () => {
    const reader = await readerOneShort(1);
    const sock = await member("sock");
    await onOneBrowser(reader, sock);
    for (let i = 0; i < 3; i++) {
      const id = await reading(reader, sock, 0);
      const answer = await review(id, sock);
      expect(answer.status).toBe(409);
      // The first reading was free minutes alone; the others were paid for, but between one person's accounts.
      expect(await answer.text()).toContain(i === 0 ? "Only a reading with paid minutes can be reviewed." : REPUTATION_MESSAGES.onePerson);
    }
    expect(await standing(reader.id)).toEqual(UNCHANGED);
    expect(await levelOf(reader.id)).toMatchObject({ levelId: APPRENTICE.id });
    expect(await db().query.readingReviews.findMany({ where: eq(readingReviews.readerId, reader.id) })).toHaveLength(0);
    expect((await db().query.paidReadings.findMany({ where: eq(paidReadings.readerId, reader.id) })).map((r) => r.counted)).toEqual([false, false, false]);
    // The receipt says why before the client writes anything.
    const [last] = await db()
      .select({ id: paidReadings.id })
      .from(paidReadings)
      .where(and(eq(paidReadings.readerId, reader.id), eq(paidReadings.freeMinutes, 0)))
      .limit(1);
    expect((await (await get(`/readings/${last!.id}`, { cookie: sock.cookie })).text()).replaceAll("&#x27;", "'")).toContain(REPUTATION_MESSAGES.onePerson);
  });

  it("does not count long readings at a fair price between accounts used on one browser either", async () => {
    const reader = await readerOneShort(150);
    const sock = await member("sock");
    await onOneBrowser(sock, reader);
    const id = await reading(reader, sock, 5);
    expect(await db().query.paidReadings.findFirst({ where: eq(paidReadings.id, id) })).toMatchObject({ chargedCents: 450, counted: false });
    expect((await review(id, sock)).status).toBe(409);
    expect(await standing(reader.id)).toEqual(UNCHANGED);
    expect(await levelOf(reader.id)).toMatchObject({ levelId: APPRENTICE.id });
  });

  it("does not count readings between accounts that paid with the same card, even from different browsers", async () => {
    const reader = await readerOneShort(150);
    const sock = await member("sock");
    const stranger = await member("stranger");
    await topUpWithCard(reader, TEST_CARDS.succeeds);
    await topUpWithCard(sock, TEST_CARDS.succeeds);
    await topUpWithCard(stranger, TEST_CARDS.confirms);

    const id = await reading(reader, sock, 5);
    expect(await db().query.paidReadings.findFirst({ where: eq(paidReadings.id, id) })).toMatchObject({ chargedCents: 450, counted: false });
    const answer = await review(id, sock);
    expect(answer.status).toBe(409);
    expect((await answer.text()).replaceAll("&#x27;", "'")).toContain(REPUTATION_MESSAGES.onePerson);
    expect(await standing(reader.id)).toEqual(UNCHANGED);

    // Another card is another person: their reading counts.
    const fair = await reading(reader, stranger, 5);
    expect(await db().query.paidReadings.findFirst({ where: eq(paidReadings.id, fair) })).toMatchObject({ counted: true });
  });

  it("does not count a reading below the price floor, whose review is published without weighing", async () => {
    const reader = await readerOneShort(5);
    const stranger = await member("stranger");
    const id = await reading(reader, stranger, 5);
    expect(await db().query.paidReadings.findFirst({ where: eq(paidReadings.id, id) })).toMatchObject({ chargedCents: 15, counted: false });
    const answer = await review(id, stranger);
    expect(answer.status).toBe(200);
    expect((await answer.text()).replaceAll("&#x27;", "'")).toContain(REPUTATION_MESSAGES.tooSmall);
    expect(await db().query.readingReviews.findFirst({ where: eq(readingReviews.paidReadingId, id) })).toMatchObject({ rating: 5, counted: false });
    expect(await standing(reader.id)).toEqual(UNCHANGED);
    expect(await levelOf(reader.id)).toMatchObject({ levelId: APPRENTICE.id });
  });

  it("climbs when a real client's reading counts: at least 3 paid minutes at the floor or more, the review weighing", async () => {
    const reader = await readerOneShort(150);
    const regular = await member("regular");

    // The regular's first reading: 3 free minutes and 3 paid, counted; the review weighs.
    const first = await reading(reader, regular, 5);
    expect(await db().query.paidReadings.findFirst({ where: eq(paidReadings.id, first) })).toMatchObject({ minutesBilled: 6, freeMinutes: 3, counted: true });
    expect((await review(first, regular)).status).toBe(200);
    expect(await standing(reader.id)).toEqual({ readings: 25, clients: 25, ratingSum: 113, ratingCount: 25 });
    expect(await levelOf(reader.id)).toMatchObject({ levelId: ADEPT.id, customPricePerMinute: ADEPT.minPricePerMinute });
  });

  it("counts a returning client once toward the ladder, and their second review in 30 days does not weigh", async () => {
    const reader = await readerOneShort(150);
    await db().update(readerProfiles).set({ completedReadings: 23, countedClients: 23 }).where(eq(readerProfiles.userId, reader.id));
    const regular = await member("regular");
    const newcomer = await member("newcomer");

    const first = await reading(reader, regular, 5);
    expect((await review(first, regular)).status).toBe(200);
    expect(await standing(reader.id)).toEqual({ readings: 24, clients: 24, ratingSum: 113, ratingCount: 25 });

    // The same client again: a counted reading, but not a new client; the review is shown and does not weigh.
    const second = await reading(reader, regular, 3);
    expect(await db().query.paidReadings.findFirst({ where: eq(paidReadings.id, second) })).toMatchObject({ freeMinutes: 0, counted: true });
    const again = await review(second, regular, 1);
    expect(again.status).toBe(200);
    expect((await again.text()).replaceAll("&#x27;", "'")).toContain(REPUTATION_MESSAGES.recent);
    expect(await db().query.readingReviews.findFirst({ where: eq(readingReviews.paidReadingId, second) })).toMatchObject({ rating: 1, counted: false });
    expect(await standing(reader.id)).toEqual({ readings: 25, clients: 24, ratingSum: 113, ratingCount: 25 });
    expect(await levelOf(reader.id)).toMatchObject({ levelId: APPRENTICE.id });

    // Thirty days on, the regular's next review weighs again.
    await db()
      .update(readingReviews)
      .set({ createdAt: Date.now() - 31 * 86_400_000 })
      .where(eq(readingReviews.paidReadingId, first));
    const third = await reading(reader, regular, 3);
    expect((await review(third, regular, 4)).status).toBe(200);
    expect(await standing(reader.id)).toEqual({ readings: 26, clients: 24, ratingSum: 117, ratingCount: 26 });

    // A new client is the 25th: the reader becomes an Adept, at the Adept's floor price at least.
    const fresh = await reading(reader, newcomer, 5);
    expect((await review(fresh, newcomer)).status).toBe(200);
    expect(await standing(reader.id)).toEqual({ readings: 27, clients: 25, ratingSum: 122, ratingCount: 27 });
    expect(await levelOf(reader.id)).toMatchObject({ levelId: ADEPT.id, customPricePerMinute: ADEPT.minPricePerMinute });
  });
});
