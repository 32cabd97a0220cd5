/**
 * A paid reading's journal record belongs to the client and the reader alike: its read-only link
 * shows the client's question only once both have agreed, and stops when either withdraws. A free
 * reading's entry is shared by its owner alone, as before.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { paidReadings, readingJournal, readingSessions, users } from "../../db/schema";
import { get, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);

const QUESTION = "Will my brother forgive me for the loan?";

async function person(name: string) {
  const id = newId();
  await db()
    .insert(users)
    .values({
      id,
      email: `${id}@example.com`,
      username: `j_${id
        .slice(0, 10)
        .toLowerCase()
        .replace(/[^a-z0-9_]/g, "")}`,
      fullName: name,
    });
  return { id, cookie: await signInAs(id) };
}

/** An ended paid reading kept in both journals, as the room leaves it. */
async function paidReadingInJournals() {
  const client = await person("Cleo Client");
  const reader = await person("Rafe Reader");
  const sessionId = newId();
  const now = Date.now();
  await db()
    .insert(readingSessions)
    .values({ id: sessionId, hostUserId: reader.id, originalHostUserId: reader.id, createdAt: now, updatedAt: now, lastActivityAt: now });
  await db().insert(paidReadings).values({
    id: sessionId,
    requestId: newId(),
    clientId: client.id,
    readerId: reader.id,
    mode: "chat",
    pricePerMinuteCents: 100,
    freeMinutes: 0,
    status: "ended",
    minutesBilled: 5,
    chargedCents: 500,
    feePercent: 30,
    feeCents: 150,
    netCents: 350,
    createdAt: now,
    endedAt: now,
  });
  const entry = (userId: string) => ({
    id: newId(),
    userId,
    sessionId,
    spreadId: "single",
    spreadName: "Single card",
    question: QUESTION,
    cards: [{ key: "major-06", name: "The Lovers", position: 0, positionName: "The answer", reversed: false }],
  });
  const clientEntry = entry(client.id);
  const readerEntry = entry(reader.id);
  await db().insert(readingJournal).values([clientEntry, readerEntry]);
  return { client: { ...client, entryId: clientEntry.id }, reader: { ...reader, entryId: readerEntry.id } };
}

const share = (who: { cookie: string; entryId: string }, intent: "share" | "unshare") => post(`/journal/${who.entryId}`, { intent }, { cookie: who.cookie });

async function shareIdOf(entryId: string) {
  return (await db().query.readingJournal.findFirst({ columns: { shareId: true }, where: eq(readingJournal.id, entryId) }))!.shareId;
}

const page = async (path: string, cookie?: string) => (await (await visit(path, cookie ? { cookie } : {})).text()).replaceAll("<!-- -->", "");

describe("sharing a paid reading from the journal", () => {
  it("keeps the client's question off the reader's link until the client agrees, and off both links once either withdraws", async () => {
    const { client, reader } = await paidReadingInJournals();

    // The reader shares first: that is a request, not a link anyone can read.
    const asked = await share(reader, "share");
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("The link works once the other side agrees.");
    const readerLink = await shareIdOf(reader.entryId);
    expect(readerLink).not.toBeNull();
    for (const path of [`/shared/${readerLink}`, `/shared/${readerLink}.data`, `/shared/${readerLink}/share.png`]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain(QUESTION);
    }
    expect(await page(`/journal/${reader.entryId}`, reader.cookie)).toContain("You asked to share this reading. Its link works once your client agrees");
    expect(await page(`/journal/${reader.entryId}`, reader.cookie)).not.toContain('data-testid="share-link"');

    // The client sees the request and agrees by sharing too: now both links work.
    const clientPage = await page(`/journal/${client.entryId}`, client.cookie);
    expect(clientPage).toContain("Your reader asked to share this reading by a link");
    expect(clientPage).toContain("Agree and make a read-only link");
    const agreed = await share(client, "share");
    expect(await agreed.text()).toContain("Anyone with the link can now read this");
    const clientLink = await shareIdOf(client.entryId);
    for (const link of [readerLink, clientLink]) expect(await page(`/shared/${link}`)).toContain(QUESTION);
    expect(await page(`/journal/${reader.entryId}`, reader.cookie)).toContain("You and your client both agreed to share this reading");

    // The client withdraws: neither link shows the reading any more.
    const withdrawn = await share(client, "unshare");
    expect(await withdrawn.text()).toContain("the link no longer works, for either of you");
    for (const link of [readerLink, clientLink]) {
      const response = await get(`/shared/${link}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(QUESTION);
    }
    expect(await page(`/journal/${client.entryId}`, client.cookie)).toContain("Your reader asked to share this reading by a link");
    // The journal lists it as shared only while its link works.
    expect(await page("/journal", reader.cookie)).not.toContain("· shared");
  });

  it("leaves a free reading's entry to its owner alone", async () => {
    const owner = await person("Free Reader");
    const entryId = newId();
    await db()
      .insert(readingJournal)
      .values({ id: entryId, userId: owner.id, spreadId: "single", spreadName: "Single card", question: "A free question", cards: [] });
    const shared = await share({ cookie: owner.cookie, entryId }, "share");
    expect(await shared.text()).toContain("Anyone with the link can now read this");
    expect(await page(`/shared/${await shareIdOf(entryId)}`)).toContain("A free question");
    expect(await page(`/journal/${entryId}`, owner.cookie)).not.toContain('data-testid="share-state"');
  });
});
