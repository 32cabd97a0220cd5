/**
 * Deleting one's account from the profile page: the typed confirmation, what goes (rows and
 * pictures), what stays (decks others bought, money records), the cookie, and who may ask.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONFIRMATION_MISMATCH, DELETED_NAME, PAID_READING_STILL_LIVE, SUBSCRIPTION_STILL_RUNNING } from "../../app/accounts/delete.server";
import { mayUseWholeDeck } from "../../app/marketplace/ownership.server";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import {
  authSessions,
  cards,
  deckListings,
  deckPurchases,
  decks,
  paidReadings,
  quizAttempts,
  readerApplications,
  readerCertificates,
  readerProfiles,
  readingJournal,
  readingSessions,
  subscriptions,
  users,
  walletEntries,
} from "../../db/schema";
import { get, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);

async function newPerson() {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com`, username: `d_${id.slice(0, 10)}` });
  return { id, email: `${id}@example.com`, cookie: await signInAs(id) };
}

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

    expect((await deleteAccount(seller.cookie, seller.email)).status).toBe(302);

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

    const refused = await deleteAccount(reader.cookie, "DELETE");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(PAID_READING_STILL_LIVE.slice(0, 40));
    await db().update(paidReadings).set({ status: "ended" }).where(eq(paidReadings.id, live));

    expect((await deleteAccount(reader.cookie, "DELETE")).status).toBe(302);
    expect((await db().query.users.findFirst({ where: eq(users.id, reader.id) }))!.fullName).toBe(DELETED_NAME);
    expect(await db().select().from(paidReadings).where(eq(paidReadings.clientId, client.id))).toHaveLength(2);
    expect(await db().query.readingSessions.findFirst({ where: eq(readingSessions.id, ended) })).toBeDefined();
    expect((await get(`/readings/${ended}`, { cookie: client.cookie })).status).toBe(200);

    expect((await deleteAccount(client.cookie, "DELETE")).status).toBe(302);
    expect((await db().query.users.findFirst({ where: eq(users.id, client.id) }))!.email).toBeNull();
    expect(await db().select().from(walletEntries).where(eq(walletEntries.userId, client.id))).toHaveLength(2);
    expect(await db().select().from(paidReadings).where(eq(paidReadings.readerId, reader.id))).toHaveLength(2);
  });
});
