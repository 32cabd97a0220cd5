/**
 * How often a client may ask a reader for a live reading, and a reader's block: a pause between two
 * requests to the same reader and a number an hour (cancelled, declined and lapsed ones alike), and
 * a blocked client refused a live reading, a booking and a written reading, in words that do not
 * say why, until the reader unblocks them.
 */
import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import * as rules from "../../app/paid-readings/rules";
import { readerAvailability, readerProfiles, readingRequests, users, writtenOffers } from "../../db/schema";
import { get, post, signInAs } from "./helpers";
import { topUp } from "./wallet-fixtures";

const db = () => createDatabase(env.DB);
const HOUR = 60 * 60 * 1000;

async function newMember(name = "client") {
  const id = `${name}-${newId()}`;
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.test`, username: id.slice(0, 30).toLowerCase(), fullName: "Sam Quill" });
  return { id, cookie: await signInAs(id) };
}

/** A reader online now at $1 a minute, with every hour open for booking and one written offer. */
async function newReader() {
  const id = `reader-${newId()}`;
  const username = `r${newId().slice(0, 12)}`.toLowerCase().replace(/[^a-z0-9]/g, "x");
  await db()
    .insert(users)
    .values({
      id,
      email: `${id}@example.test`,
      username,
      fullName: "Vera Night",
      isReader: true,
      customPricePerMinute: 100,
      isOnline: true,
      lastSeenAt: Date.now(),
    });
  await db().insert(readerProfiles).values({ userId: id, available: true });
  await db()
    .insert(readerAvailability)
    .values(
      Array.from({ length: 7 }, (_, weekday) => ({ id: newId(), readerId: id, weekday, startMinute: 0, endMinute: 1440, slotMinutes: 60, timeZone: "UTC" })),
    );
  const offerId = newId();
  await db().insert(writtenOffers).values({ id: offerId, readerId: id, title: "Three cards", spreadId: "three-card", priceCents: 1500, answerHours: 48 });
  return { id, username, offerId, cookie: await signInAs(id) };
}

type Reader = Awaited<ReturnType<typeof newReader>>;
type Member = Awaited<ReturnType<typeof newMember>>;

const ask = (client: Member, reader: Reader) => post(`/readers/${reader.username}/book`, { mode: "chat", question: "" }, { cookie: client.cookie });
const requestIdOf = (response: Response) => response.headers.get("location")!.split("/").pop()!;
const cancel = (client: Member, requestId: string) => post(`/readings/requests/${requestId}`, { intent: "cancel" }, { cookie: client.cookie });

/** The start of the reader's next open slot (the next whole hour). */
const nextSlot = () => Math.floor(Date.now() / HOUR) * HOUR + HOUR;
const book = (client: Member, reader: Reader, startAt = nextSlot()) =>
  post(`/readers/${reader.username}/schedule`, { startAt: String(startAt), mode: "chat", timeZone: "UTC" }, { cookie: client.cookie });
const askWritten = (client: Member, reader: Reader) =>
  post(
    `/readers/${reader.username}/written`,
    { offerId: reader.offerId, question: "Where is my work leading me this season?", key: newId() },
    { cookie: client.cookie },
  );

/** Moves every request of the client to the reader `ms` into the past, as if that time had gone by. */
async function timePasses(client: Member, reader: Reader, ms: number) {
  await db()
    .update(readingRequests)
    .set({ createdAt: sql`${readingRequests.createdAt} - ${ms}`, expiresAt: sql`${readingRequests.expiresAt} - ${ms}` })
    .where(and(eq(readingRequests.clientId, client.id), eq(readingRequests.readerId, reader.id)));
}

const textOf = async (response: Response) => (await response.text()).replaceAll("&#x27;", "'");

describe("asking a reader again", () => {
  it("waits a pause after the last request to the same reader and stops at a number an hour, whatever became of the requests", async () => {
    const reader = await newReader();
    const other = await newReader();
    const client = await newMember();
    await topUp(client.id, 10_000);

    const first = await ask(client, reader);
    expect(first.status).toBe(302);
    expect((await cancel(client, requestIdOf(first))).status).toBe(200);
    const soon = await ask(client, reader);
    expect(soon.status).toBe(429);
    expect(await textOf(soon)).toContain(rules.PAID_READING_MESSAGES.cooldown);
    // Declined counts as much as cancelled.
    await timePasses(client, reader, rules.LIVE_REQUEST_COOLDOWN_MS);
    const second = await ask(client, reader);
    expect(second.status).toBe(302);
    expect((await post(`/readings/requests/${requestIdOf(second)}`, { intent: "decline" }, { cookie: reader.cookie })).status).toBe(302);
    expect((await ask(client, reader)).status).toBe(429);

    // Another reader can be asked at once.
    const elsewhere = await ask(client, other);
    expect(elsewhere.status).toBe(302);
    expect((await cancel(client, requestIdOf(elsewhere))).status).toBe(200);

    // Past each pause, again, up to the hour's number.
    for (let asked = 2; asked < rules.LIVE_REQUESTS_PER_HOUR; asked++) {
      await timePasses(client, reader, rules.LIVE_REQUEST_COOLDOWN_MS);
      const again = await ask(client, reader);
      expect(again.status).toBe(302);
      expect((await cancel(client, requestIdOf(again))).status).toBe(200);
    }
    await timePasses(client, reader, rules.LIVE_REQUEST_COOLDOWN_MS);
    const over = await ask(client, reader);
    expect(over.status).toBe(429);
    expect(await textOf(over)).toContain(rules.PAID_READING_MESSAGES.hourly);
    expect(await db().select().from(readingRequests).where(eq(readingRequests.clientId, client.id))).toHaveLength(rules.LIVE_REQUESTS_PER_HOUR + 1);

    // An hour on, the client may ask again.
    await timePasses(client, reader, HOUR);
    expect((await ask(client, reader)).status).toBe(302);
  });
});

describe("a reader's block", () => {
  it("is set from a request by its reader alone, declines it, and keeps the client from asking, booking or writing until the reader unblocks", async () => {
    const reader = await newReader();
    const client = await newMember();
    const bystander = await newMember("bystander");
    for (const person of [client, bystander]) await topUp(person.id, 10_000);
    const asked = await ask(client, reader);
    expect(asked.status).toBe(302);
    const requestId = requestIdOf(asked);

    // Nobody but the request's reader blocks through it.
    const otherReader = await newReader();
    expect((await post(`/readings/requests/${requestId}`, { intent: "block" }, { cookie: otherReader.cookie })).status).toBe(404);
    expect((await post(`/readings/requests/${requestId}`, { intent: "block" }, { cookie: client.cookie })).status).toBe(403);

    const blocked = await post(`/readings/requests/${requestId}`, { intent: "block" }, { cookie: reader.cookie });
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get("location")).toBe("/reader-dashboard");
    expect((await db().query.readingRequests.findFirst({ where: eq(readingRequests.id, requestId) }))!.status).toBe("declined");

    // Refused everywhere, in words that do not say why; the pause has gone by, so it is the block that refuses.
    await timePasses(client, reader, HOUR);
    expect(rules.PAID_READING_MESSAGES.unavailable.toLowerCase()).not.toContain("block");
    for (const attempt of [await ask(client, reader), await book(client, reader), await askWritten(client, reader)]) {
      expect(attempt.status).toBe(403);
      expect(await textOf(attempt)).toContain(rules.PAID_READING_MESSAGES.unavailable);
    }
    // Others are not touched by it.
    expect((await ask(bystander, reader)).status).toBe(302);

    // The dashboard lists the client, with a form that works without JavaScript.
    const dashboard = await textOf(await get("/reader-dashboard", { cookie: reader.cookie }));
    const list = dashboard.slice(dashboard.indexOf('data-testid="blocked-clients"'));
    expect(list).toContain("Sam Quill");
    expect(list).toMatch(new RegExp(`<form method="post"[^>]*>.*?name="clientId" value="${client.id}"`, "s"));

    // Only the reader's own block can be lifted by them, and lifting it lets the client ask, book and write again.
    expect((await post("/reader-dashboard", { intent: "unblock", clientId: client.id }, { cookie: otherReader.cookie })).status).toBe(200);
    expect((await book(client, reader)).status).toBe(403);
    const lifted = await post("/reader-dashboard", { intent: "unblock", clientId: client.id }, { cookie: reader.cookie });
    expect(lifted.status).toBe(200);
    expect((await book(client, reader)).status).toBe(302);
    expect((await askWritten(client, reader)).status).toBe(302);
    expect((await ask(client, reader)).status).toBe(302);
  });

  it("is set from the dashboard's list of requests too, and refuses bad input", async () => {
    const reader = await newReader();
    const client = await newMember();
    await topUp(client.id, 10_000);
    const requestId = requestIdOf(await ask(client, reader));
    const dashboard = await textOf(await get("/reader-dashboard", { cookie: reader.cookie }));
    const requests = dashboard.slice(dashboard.indexOf('data-testid="dashboard-requests"'));
    expect(requests).toMatch(new RegExp(`action="/readings/requests/${requestId}".*?name="intent" value="block"`, "s"));
    expect((await post("/reader-dashboard", { intent: "unblock", clientId: "" }, { cookie: reader.cookie })).status).toBe(400);
    expect((await post(`/readings/requests/${newId()}`, { intent: "block" }, { cookie: reader.cookie })).status).toBe(404);
  });
});
