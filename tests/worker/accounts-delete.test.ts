/**
 * Deleting one's account from the profile page: the typed confirmation, what goes (rows and
 * pictures), what stays (decks others bought, money records), the cookie, and who may ask.
 */
import { env } from "cloudflare:test";
import { and, eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONFIRMATION_MISMATCH, DELETED_NAME, PAID_READING_STILL_LIVE, SUBSCRIPTION_STILL_RUNNING } from "../../app/accounts/delete.server";
import { KEPT_RECORDS } from "../../app/accounts/kept-records.server";
import { listOutbox } from "../../app/mail/mail.server";
import { DEPARTURE_MESSAGES } from "../../app/paid-readings/rules";
import { availableBalanceOf } from "../../app/paid-readings/wallet.server";
import { mayUseWholeDeck } from "../../app/marketplace/ownership.server";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import {
  apiTokens,
  authSessions,
  cards,
  creatorFollows,
  deckListings,
  deckPurchases,
  decks,
  guaranteeClaims,
  paidReadings,
  quizAttempts,
  readerAvailability,
  readerApplications,
  readerBookings,
  readerCertificates,
  readerProfiles,
  readingJournal,
  readingMessages,
  readingRequests,
  readingSessions,
  subscriptions,
  users,
  walletEntries,
  walletHolds,
  wishlistItems,
  writtenOffers,
  writtenRequests,
} from "../../db/schema";
import { app, get, ORIGIN, post, signInAs } from "./helpers";
import { balance, ledgerSum, topUp } from "./wallet-fixtures";

const db = () => createDatabase(env.DB);

async function newPerson() {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com`, username: `d_${id.slice(0, 10)}` });
  return { id, email: `${id}@example.com`, cookie: await signInAs(id) };
}

const sellerName = (person: { id: string }) => `d_${person.id.slice(0, 10)}`;

const KEYS = ["major-00", "major-01", "major-02"];

/** A finished deck of three painted cards, their pictures in the bucket; returns the deck and its image keys. */
async function readyDeck(ownerId: string) {
  const deckId = newId();
  await db().insert(decks).values({ id: deckId, creatorId: ownerId, title: "Ashes", theme: "Ashes", status: "ready" });
  const imageKeys: string[] = [];
  for (const [number, key] of KEYS.entries()) {
    const imageKey = `card-images/${deckId}/${key.replace("-", "_")}.svg`;
    await db()
      .insert(cards)
      .values({ id: newId(), deckId, cardKey: key, name: `Card ${number}`, arcana: "major", number, status: "ready", imageKey });
    await env.MEDIA.put(imageKey, "<svg xmlns='http://www.w3.org/2000/svg'/>", { httpMetadata: { contentType: "image/svg+xml" } });
    imageKeys.push(imageKey);
  }
  return { deckId, imageKeys };
}

async function withAvatar(userId: string) {
  const key = `avatars/${userId}/profile-${newId()}.png`;
  await env.MEDIA.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  await db()
    .update(users)
    .set({ avatarUrl: `/media/${key}` })
    .where(eq(users.id, userId));
  return key;
}

async function withReadingAndJournal(userId: string) {
  const readingId = newId();
  await db().insert(readingSessions).values({ id: readingId, hostUserId: userId });
  await db().insert(readingJournal).values({ id: newId(), userId, sessionId: readingId, spreadId: "three-card", spreadName: "Three cards", cards: [] });
  return readingId;
}

const deleteAccount = (cookie: string, confirm: string, init: { origin?: string | null } = {}) =>
  post("/profile", { intent: "delete-account", confirm }, { cookie, ...init });

const stored = async (keys: string[]) => (await Promise.all(keys.map((key) => env.MEDIA.head(key)))).filter(Boolean).length;

describe("deleting an account", () => {
  it("deletes the person's decks, card pictures, avatar, readings, journal and sessions, and clears the session cookie", async () => {
    const person = await newPerson();
    const { deckId, imageKeys } = await readyDeck(person.id);
    const avatarKey = await withAvatar(person.id);
    const readingId = await withReadingAndJournal(person.id);
    expect(await stored([...imageKeys, avatarKey])).toBe(4);

    const response = await deleteAccount(person.cookie, person.email.toUpperCase());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/?account=deleted");
    const cleared = response.headers.getSetCookie().find((cookie) => cookie.startsWith("arcanum_session="));
    expect(cleared).toMatch(/^arcanum_session=;.*Max-Age=0/);

    expect(await db().query.users.findFirst({ where: eq(users.id, person.id) })).toBeUndefined();
    expect(await db().query.decks.findFirst({ where: eq(decks.id, deckId) })).toBeUndefined();
    expect(await db().select().from(cards).where(eq(cards.deckId, deckId))).toEqual([]);
    expect(await db().query.readingSessions.findFirst({ where: eq(readingSessions.id, readingId) })).toBeUndefined();
    expect(await db().select().from(readingJournal).where(eq(readingJournal.userId, person.id))).toEqual([]);
    expect(await db().select().from(authSessions).where(eq(authSessions.userId, person.id))).toEqual([]);
    expect(await stored([...imageKeys, avatarKey])).toBe(0);

    // The old cookie no longer signs anyone in, and the home page says what happened.
    const profile = await get("/profile", { cookie: person.cookie });
    expect(profile.status).not.toBe(200);
    expect(await (await get("/?account=deleted")).text()).toContain("Your account is deleted");
  });

  it("accepts the word DELETE, and refuses anything else with a 400 that changes nothing", async () => {
    const person = await newPerson();
    const { imageKeys } = await readyDeck(person.id);
    for (const wrong of ["", "delete", "someone@example.com", "x".repeat(400)]) {
      const response = await deleteAccount(person.cookie, wrong);
      expect(response.status).toBe(400);
      if (wrong === "delete") expect(await response.text()).toContain(CONFIRMATION_MISMATCH);
    }
    expect(await db().query.users.findFirst({ where: eq(users.id, person.id) })).toBeDefined();
    expect(await stored(imageKeys)).toBe(3);
    expect((await deleteAccount(person.cookie, "DELETE")).status).toBe(302);
    expect(await db().query.users.findFirst({ where: eq(users.id, person.id) })).toBeUndefined();
  });

  it("deletes nobody for a visitor, a request from another site, or another member", async () => {
    const person = await newPerson();
    const other = await newPerson();
    const visitor = await post("/profile", { intent: "delete-account", confirm: person.email });
    expect(visitor.headers.get("location") ?? "").not.toContain("account=deleted");
    expect((await deleteAccount(person.cookie, person.email, { origin: "https://evil.example" })).status).toBe(403);
    // Another member typing this person's e-mail only ever acts on their own account, and is refused.
    expect((await deleteAccount(other.cookie, person.email)).status).toBe(400);
    expect(await db().query.users.findFirst({ where: eq(users.id, person.id) })).toMatchObject({ email: person.email });
    expect(await db().query.users.findFirst({ where: eq(users.id, other.id) })).toMatchObject({ email: other.email });
  });

  it("keeps a deck someone bought for its buyer, out of the marketplace, and keeps the seller's record without their name", async () => {
    const seller = await newPerson();
    const buyer = await newPerson();
    // The seller is also a certified reader: all of that goes, since the certificate carries their name.
    const attemptId = newId();
    await db().update(users).set({ isReader: true, levelId: "level-apprentice", fullName: "Selma Seller" }).where(eq(users.id, seller.id));
    await db().insert(readerProfiles).values({ userId: seller.id, specialties: '["Decisions"]', languages: '["English"]' });
    await db().insert(readerApplications).values({
      userId: seller.id,
      displayName: "Selma Seller",
      bio: "Readings.",
      specialties: "[]",
      languages: "[]",
      yearsOfPractice: 2,
      pricePerMinute: 100,
      updatedAt: Date.now(),
    });
    await db().insert(quizAttempts).values({
      id: attemptId,
      userId: seller.id,
      questions: "[]",
      startedAt: Date.now(),
      deadlineAt: Date.now(),
      submittedAt: Date.now(),
      score: 12,
      passed: true,
    });
    await db()
      .insert(readerCertificates)
      .values({ id: `cert-${attemptId}`, userId: seller.id, attemptId, score: 12, total: 12, holderName: "Selma Seller", issuedAt: Date.now() });
    // Its share card is rendered once and kept in the bucket.
    expect((await get(`/certificate/cert-${attemptId}/og.png`)).status).toBe(200);
    expect((await env.MEDIA.list({ prefix: `certificates/cert-${attemptId}/` })).objects.length).toBeGreaterThan(0);
    const bought = await readyDeck(seller.id);
    const unsold = await readyDeck(seller.id);
    expect((await post(`/collection/${bought.deckId}`, { intent: "list", price: "0" }, { cookie: seller.cookie })).status).toBe(200);
    expect((await post(`/checkout/${bought.deckId}`, {}, { cookie: buyer.cookie })).status).toBe(302);
    expect(await db().select().from(deckPurchases).where(eq(deckPurchases.deckId, bought.deckId))).toHaveLength(1);
    // The buyer follows the seller, who follows the buyer back and keeps a wishlist: all of it goes with the seller.
    expect((await post(`/shop/${sellerName(seller)}/follow`, { intent: "follow" }, { cookie: buyer.cookie })).status).toBe(303);
    await db().insert(creatorFollows).values({ followerId: seller.id, creatorId: buyer.id, createdAt: Date.now() });
    expect((await post("/marketplace/seed-deck-celestial-tides/wish", { intent: "wish" }, { cookie: seller.cookie })).status).toBe(303);
    const follows = () =>
      db()
        .select()
        .from(creatorFollows)
        .where(or(eq(creatorFollows.followerId, seller.id), eq(creatorFollows.creatorId, seller.id)));
    expect(await follows()).toHaveLength(2);
    expect(await db().select().from(wishlistItems).where(eq(wishlistItems.userId, seller.id))).toHaveLength(1);

    expect((await deleteAccount(seller.cookie, seller.email)).status).toBe(302);

    expect(await follows()).toEqual([]);
    expect(await db().select().from(wishlistItems).where(eq(wishlistItems.userId, seller.id))).toEqual([]);

    const kept = await db().query.decks.findFirst({ where: eq(decks.id, bought.deckId) });
    expect(kept).toMatchObject({ isPublic: false });
    expect(await db().query.deckListings.findFirst({ where: eq(deckListings.deckId, bought.deckId) })).toMatchObject({ status: "unlisted" });
    expect(await mayUseWholeDeck(db(), bought.deckId, buyer.id)).toBe(true);
    expect(await stored(bought.imageKeys)).toBe(3);
    expect((await get(`/media/${bought.imageKeys[0]}`, { cookie: buyer.cookie })).status).toBe(200);

    expect(await db().query.decks.findFirst({ where: eq(decks.id, unsold.deckId) })).toBeUndefined();
    expect(await stored(unsold.imageKeys)).toBe(0);

    const row = await db().query.users.findFirst({ where: eq(users.id, seller.id) });
    expect(row).toMatchObject({ email: null, username: null, fullName: DELETED_NAME, avatarUrl: null, bio: null });
    expect(await db().select().from(authSessions).where(eq(authSessions.userId, seller.id))).toEqual([]);
    for (const table of [readerProfiles, readerApplications, readerCertificates, quizAttempts]) {
      expect(await db().select().from(table).where(eq(table.userId, seller.id))).toEqual([]);
    }
    expect((await env.MEDIA.list({ prefix: `certificates/cert-${attemptId}/` })).objects).toEqual([]);
    expect((await get(`/certificate/cert-${attemptId}`)).status).toBe(404);
  });

  it("asks a subscriber to cancel first (409), and goes ahead once the plan is set to end", async () => {
    const person = await newPerson();
    const plan = {
      userId: person.id,
      subscriptionStatus: "active" as const,
      priceId: "price_creator_monthly",
      currentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400,
    };
    await db().insert(subscriptions).values(plan);
    const refused = await deleteAccount(person.cookie, "DELETE");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(SUBSCRIPTION_STILL_RUNNING.slice(0, 40));
    expect(await db().query.users.findFirst({ where: eq(users.id, person.id) })).toBeDefined();

    await db().update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.userId, person.id));
    expect((await deleteAccount(person.cookie, "DELETE")).status).toBe(302);
    expect(await db().query.users.findFirst({ where: eq(users.id, person.id) })).toBeUndefined();
  });

  it("keeps paid readings and balance lines for the other person and the books, and waits for a live reading to end", async () => {
    const reader = await newPerson();
    const client = await newPerson();
    const now = Date.now();
    const reading = async (status: "live" | "ended") => {
      const id = newId();
      await db()
        .insert(readingSessions)
        .values({ id, hostUserId: reader.id, originalHostUserId: reader.id, createdAt: now, updatedAt: now, lastActivityAt: now });
      await db().insert(paidReadings).values({
        id,
        requestId: newId(),
        clientId: client.id,
        readerId: reader.id,
        mode: "video",
        pricePerMinuteCents: 100,
        freeMinutes: 0,
        status,
        minutesBilled: 2,
        chargedCents: 200,
        feePercent: 30,
        feeCents: 60,
        netCents: 140,
        createdAt: now,
      });
      await db()
        .insert(walletEntries)
        .values({
          id: newId(),
          userId: client.id,
          kind: "charge",
          amountCents: -200,
          paidReadingId: id,
          referenceId: `reading:${id}:minutes`,
          description: "Two minutes",
        });
      return id;
    };
    const ended = await reading("ended");
    const live = await reading("live");
    // The ended reading was talked about afterwards, and the client claimed the guarantee on it.
    const message = (senderId: string, body: string) => ({
      id: newId(),
      threadId: ended,
      threadKind: "live" as const,
      clientId: client.id,
      readerId: reader.id,
      senderId,
      body,
      createdAt: now,
    });
    await db()
      .insert(readingMessages)
      .values([message(client.id, "From the client"), message(reader.id, "From the reader")]);
    await db().insert(guaranteeClaims).values({
      id: newId(),
      paidReadingId: ended,
      clientId: client.id,
      readerId: reader.id,
      reason: "generic",
      words: "It missed my question",
      creditCents: 200,
      readerShareCents: 140,
    });
    const bodies = async () => (await db().select().from(readingMessages).where(eq(readingMessages.threadId, ended))).map((row) => row.body);

    const refused = await deleteAccount(reader.cookie, "DELETE");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(PAID_READING_STILL_LIVE.slice(0, 40));
    await db().update(paidReadings).set({ status: "ended" }).where(eq(paidReadings.id, live));

    expect((await deleteAccount(reader.cookie, "DELETE")).status).toBe(302);
    expect((await db().query.users.findFirst({ where: eq(users.id, reader.id) }))!.fullName).toBe(DELETED_NAME);
    expect(await db().select().from(paidReadings).where(eq(paidReadings.clientId, client.id))).toHaveLength(2);
    expect(await db().query.readingSessions.findFirst({ where: eq(readingSessions.id, ended) })).toBeDefined();
    expect((await get(`/readings/${ended}`, { cookie: client.cookie })).status).toBe(200);
    // The leaving reader's messages go; the client's stay theirs.
    expect(await bodies()).toEqual(["From the client"]);

    expect((await deleteAccount(client.cookie, "DELETE")).status).toBe(302);
    expect((await db().query.users.findFirst({ where: eq(users.id, client.id) }))!.email).toBeNull();
    expect(await db().select().from(walletEntries).where(eq(walletEntries.userId, client.id))).toHaveLength(2);
    expect(await db().select().from(paidReadings).where(eq(paidReadings.readerId, reader.id))).toHaveLength(2);
    // The claim is kept for the books, without the client's words.
    expect(await bodies()).toEqual([]);
    expect(
      await db()
        .select({ words: guaranteeClaims.words, creditCents: guaranteeClaims.creditCents })
        .from(guaranteeClaims)
        .where(eq(guaranteeClaims.paidReadingId, ended)),
    ).toEqual([{ words: "", creditCents: 200 }]);
  });
});

/** A reader at $0.25 a minute with every hour of every day open in UTC as 60-minute slots, and a written offer at $5.00. */
async function readerWithHoursAndOffer() {
  const reader = await newPerson();
  await db().update(users).set({ isReader: true, customPricePerMinute: 25, fullName: "Vera Night" }).where(eq(users.id, reader.id));
  await db().insert(readerProfiles).values({ userId: reader.id, available: true });
  await db()
    .insert(readerAvailability)
    .values(
      Array.from({ length: 7 }, (_, weekday) => ({
        id: newId(),
        readerId: reader.id,
        weekday,
        startMinute: 0,
        endMinute: 1440,
        slotMinutes: 60,
        timeZone: "UTC",
      })),
    );
  const offered = await post(
    "/reader-dashboard/written",
    { intent: "add", title: "Three-card reading", spreadId: "three-card", price: "5", hours: "48" },
    { cookie: reader.cookie },
  );
  expect(offered.status).toBe(200);
  const username = (await db().query.users.findFirst({ columns: { username: true }, where: eq(users.id, reader.id) }))!.username!;
  const offer = (await db().query.writtenOffers.findFirst({ where: eq(writtenOffers.readerId, reader.id) }))!;
  return { ...reader, username, offerId: offer.id };
}

/** The client books the reader's slot two days from now through the page: the booking's id. */
async function bookTwoDaysAhead(client: { cookie: string }, reader: { username: string }) {
  const startAt = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 48 * 3_600_000;
  const response = await post(`/readers/${reader.username}/schedule`, { startAt: String(startAt), mode: "chat", timeZone: "UTC" }, { cookie: client.cookie });
  expect(response.status).toBe(302);
  return response.headers.get("location")!.split("/").pop()!.split("?")[0]!;
}

/** The client asks the reader's offer through the page: the request's id. */
async function askWritten(client: { cookie: string }, reader: { username: string; offerId: string }) {
  const response = await post(
    `/readers/${reader.username}/written`,
    { offerId: reader.offerId, question: "Where is my work leading me this season?", key: newId() },
    { cookie: client.cookie },
  );
  expect(response.status).toBe(302);
  return response.headers.get("location")!.split("/").pop()!;
}

describe("deleting an account settles what is open with other people", () => {
  it("a leaving reader's booked hold comes back to the client and an unanswered written reading is refunded, with ledger lines and e-mails", async () => {
    const reader = await readerWithHoursAndOffer();
    const client = await newPerson();
    await topUp(client.id, 2500);
    const bookingId = await bookTwoDaysAhead(client, reader);
    const requestId = await askWritten(client, reader);
    expect(await availableBalanceOf(db(), client.id)).toBe(2500 - 1500 - 500);

    expect((await deleteAccount(reader.cookie, "DELETE")).status).toBe(302);

    // The booking and the request are kept as the client's record, settled: nothing is held, the price came back.
    expect(await db().query.readerBookings.findFirst({ where: eq(readerBookings.id, bookingId) })).toMatchObject({
      status: "cancelled",
      cancelledBy: "reader",
    });
    expect(await db().query.walletHolds.findFirst({ where: eq(walletHolds.subjectId, bookingId) })).toMatchObject({ status: "released", convertedCents: 0 });
    expect(await db().query.writtenRequests.findFirst({ where: eq(writtenRequests.id, requestId) })).toMatchObject({ status: "refunded" });
    expect(await balance(client.id)).toBe(2500);
    expect(await availableBalanceOf(db(), client.id)).toBe(2500);
    expect(await ledgerSum(client.id)).toBe(2500);
    const lines = await db().select().from(walletEntries).where(eq(walletEntries.userId, client.id));
    expect(lines.map((line) => [line.kind, line.amountCents]).sort()).toEqual([
      ["top-up", 2500],
      ["written", -500],
      ["written-refund", 500],
    ]);
    expect(lines.find((line) => line.kind === "written-refund")!.description).toBe(DEPARTURE_MESSAGES.writtenRefundLine);

    // Nothing more can be booked or asked of them; their row stays, naming nobody, for the client's records.
    expect(await db().select().from(readerAvailability).where(eq(readerAvailability.readerId, reader.id))).toEqual([]);
    expect(
      await db()
        .select()
        .from(writtenOffers)
        .where(and(eq(writtenOffers.readerId, reader.id), eq(writtenOffers.active, true))),
    ).toEqual([]);
    expect(await db().query.users.findFirst({ where: eq(users.id, reader.id) })).toMatchObject({ fullName: DELETED_NAME, email: null, isReader: false });

    // The client is told of both, by the name they knew.
    await expect
      .poll(async () => (await listOutbox(db(), client.email)).map((mail) => mail.subject))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^Scheduled reading on .* cancelled$/), "Refunded: your written reading"]));
    const mails = await listOutbox(db(), client.email);
    expect(mails.find((mail) => mail.subject.endsWith("cancelled"))!.text).toContain("Vera Night has closed their account");
    expect(mails.find((mail) => mail.subject === "Refunded: your written reading")!.text).toContain("Vera Night closed their account before answering");
  });

  it("a leaving client's booking is cancelled by the usual rule, their written request refunded to their record, and the reader told", async () => {
    const reader = await readerWithHoursAndOffer();
    const client = await newPerson();
    await topUp(client.id, 2500);
    const bookingId = await bookTwoDaysAhead(client, reader);
    const requestId = await askWritten(client, reader);

    expect((await deleteAccount(client.cookie, "DELETE")).status).toBe(302);
    expect(await db().query.readerBookings.findFirst({ where: eq(readerBookings.id, bookingId) })).toMatchObject({
      status: "cancelled",
      cancelledBy: "client",
    });
    expect(await db().query.walletHolds.findFirst({ where: eq(walletHolds.subjectId, bookingId) })).toMatchObject({ status: "released" });
    expect(await db().query.writtenRequests.findFirst({ where: eq(writtenRequests.id, requestId) })).toMatchObject({ status: "cancelled" });
    expect(await ledgerSum(client.id)).toBe(await balance(client.id));
    await expect.poll(async () => (await listOutbox(db(), reader.email)).map((mail) => mail.subject)).toContainEqual(expect.stringMatching(/cancelled$/));
    // The reader's hours stay theirs: the slot is open again.
    expect((await db().select().from(readerAvailability).where(eq(readerAvailability.readerId, reader.id))).length).toBe(7);
  });

  it("waits while a booked reading's room is open, naming it", async () => {
    const reader = await readerWithHoursAndOffer();
    const client = await newPerson();
    await topUp(client.id, 2500);
    const bookingId = await bookTwoDaysAhead(client, reader);
    await db().update(readerBookings).set({ readingId: newId() }).where(eq(readerBookings.id, bookingId));
    const refused = await deleteAccount(reader.cookie, "DELETE");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(DEPARTURE_MESSAGES.bookingOpen.slice(0, 40));
    expect(await db().query.users.findFirst({ where: eq(users.id, reader.id) })).toMatchObject({ email: reader.email });
    expect(await db().query.walletHolds.findFirst({ where: eq(walletHolds.subjectId, bookingId) })).toMatchObject({ status: "held" });
  });

  it("closes live requests still waiting for the leaving reader's answer, when their row stays", async () => {
    const reader = await readerWithHoursAndOffer();
    const client = await newPerson();
    // A balance line of the reader's own keeps the row, and with it the request's.
    await topUp(reader.id, 100);
    const id = newId();
    await db()
      .insert(readingRequests)
      .values({ id, clientId: client.id, readerId: reader.id, mode: "chat", pricePerMinuteCents: 25, freeMinutes: 0, expiresAt: Date.now() + 60_000 });
    expect((await deleteAccount(reader.cookie, "DELETE")).status).toBe(302);
    expect(await db().query.readingRequests.findFirst({ where: eq(readingRequests.id, id) })).toMatchObject({ status: "declined" });
  });

  it("takes the API tokens with it: a kept row's token answers 401, not 403", async () => {
    const person = await newPerson();
    await db()
      .insert(subscriptions)
      .values({
        userId: person.id,
        subscriptionStatus: "active",
        priceId: "price_visionary_monthly",
        currentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400,
      });
    const made = await post("/profile", { intent: "create-token", name: "Exporter", scope: "read" }, { cookie: person.cookie });
    const token = /arcanum_pat_[A-Za-z0-9_-]{43}/.exec(await made.text())?.[0];
    expect(token).toBeTruthy();
    // A balance line keeps the row; the plan is set to end, as deletion asks.
    await topUp(person.id, 500);
    await db().update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.userId, person.id));

    expect((await deleteAccount(person.cookie, "DELETE")).status).toBe(302);
    expect(await db().query.users.findFirst({ where: eq(users.id, person.id) })).toBeDefined();
    expect(await db().select().from(apiTokens).where(eq(apiTokens.userId, person.id))).toEqual([]);
    const answer = await app.fetch(`${ORIGIN}/api/v1/decks`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(401);
  });
});

describe("kept records", () => {
  it("refuse, in the database itself, the deletion of a user row they name", async () => {
    const reader = await readerWithHoursAndOffer();
    const client = await newPerson();
    await topUp(client.id, 2500);
    await bookTwoDaysAhead(client, reader);
    await expect(env.DB.prepare("DELETE FROM users WHERE id = ?").bind(reader.id).run()).rejects.toThrow(/kept records name this user/);
    await expect(env.DB.prepare("DELETE FROM users WHERE id = ?").bind(client.id).run()).rejects.toThrow(/kept records name this user/);
    expect(await db().select().from(readerBookings).where(eq(readerBookings.readerId, reader.id))).toHaveLength(1);
  });

  it("are every table that names a user without going with them, and the database's trigger names each of them", async () => {
    const { results: triggers } = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'users_keep_money_records'").all<{
      sql: string;
    }>();
    const trigger = triggers[0]!.sql;
    for (const { table, column } of KEPT_RECORDS) expect(trigger, `${table}.${column}`).toContain(`FROM \`${table}\` WHERE \`${column}\` = old.\`id\``);

    // Every foreign key to users is a kept record, or goes with the person (deleted or cascaded by the deletion's batch).
    const { results: tables } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%REFERENCES%users%'").all<{
      name: string;
    }>();
    const references: string[] = [];
    for (const { name } of tables) {
      const { results } = await env.DB.prepare(`SELECT "from", "table" FROM pragma_foreign_key_list('${name}')`).all<{ from: string; table: string }>();
      for (const key of results) if (key.table === "users") references.push(`${name}.${key.from}`);
    }
    const kept = KEPT_RECORDS.map(({ table, column }) => `${table}.${column}`);
    const unclassified = references.filter((reference) => !kept.includes(reference) && !GOES_WITH_THE_PERSON.includes(reference));
    expect(unclassified, "a new table naming a user: a kept record (kept-records.server.ts and a trigger) or one that goes with the person").toEqual([]);
  });
});

/** Rows about the person alone, or whose loss harms nobody else: deleted or cascaded with the account. */
const GOES_WITH_THE_PERSON = [
  "anonymous_users.id",
  "device_members.user_id",
  "user_identities.user_id",
  "auth_sessions.user_id",
  "decks.creator_id",
  "reading_sessions.host_user_id",
  "reading_sessions.original_host_user_id",
  "session_participants.user_id",
  "reading_invites.created_by",
  "reading_journal.user_id",
  "user_deck_quotas.user_id",
  "deck_quota_ledger.user_id",
  "subscriptions.user_id",
  "checkout_sessions.user_id",
  "payment_cards.user_id",
  "deck_listings.seller_id",
  "deck_reviews.reviewer_id",
  "deck_reports.reporter_id",
  "quiz_attempts.user_id",
  "reader_certificates.user_id",
  "reader_applications.user_id",
  "reader_profiles.user_id",
  "reading_wallets.user_id",
  "reading_requests.client_id",
  "reading_requests.reader_id",
  "reader_availability.reader_id",
  "reader_days_off.reader_id",
  "reading_reviews.client_id",
  "reading_reviews.reader_id",
  "reading_reports.reporter_id",
  "api_tokens.user_id",
  "api_idempotency_keys.user_id",
  "submission_keys.user_id",
  "push_subscriptions.user_id",
  "push_settings.user_id",
  "reader_follows.follower_id",
  "reader_follows.reader_id",
  "daily_settings.user_id",
  "daily_cards.user_id",
  "deck_prints.holder_id",
  "custom_spreads.owner_id",
  "written_offers.reader_id",
  "reader_blocks.reader_id",
  "reader_blocks.client_id",
  // A leaving person's messages go; the other person's stay while the row stays (decision 0105).
  "reading_messages.client_id",
  "reading_messages.reader_id",
  "reading_messages.sender_id",
  // Where a person stands with their flashcards, and their grades, are theirs alone (decision 0107).
  "flashcards.user_id",
  "flashcard_reviews.user_id",
  // Whom a person follows, who follows them, and what they wished for are theirs alone (decision 0113).
  "creator_follows.follower_id",
  "creator_follows.creator_id",
  "wishlist_items.user_id",
  // A person's quiz attempts, and with them their questions and answers (decision 0112).
  "learn_quiz_attempts.user_id",
  "lesson_reads.user_id",
  "learning_days.user_id",
  // A creator's offer codes and bundles go with them (their buyers keep the decks bought); a buyer's use of a code stays counted, without its buyer (decision 0114).
  "offer_codes.seller_id",
  "offer_code_uses.buyer_id",
  "bundles.seller_id",
  // A gift the leaving person gave goes with them (the payment's receipt stays, decision 0115); one they claimed stays a purchase, without its claimer.
  "deck_gifts.giver_id",
  "deck_gifts.claimed_by",
];
