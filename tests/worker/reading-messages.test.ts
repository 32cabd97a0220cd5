/**
 * Messages after a reading through the real stack: only the client and the reader of a finished
 * reading can read or write its conversation, for 30 days after it; a writer is paced; contact
 * details are refused; a message received can be reported and staff see it; the other person is
 * told by e-mail once while messages wait unread; a reader's block closes it.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { listOutbox } from "../../app/mail/mail.server";
import { carriesContactDetails, MESSAGE_LIMITS, MESSAGE_TEXTS, MESSAGE_WINDOW_DAYS } from "../../app/messages/rules";
import { STAFF_MEMBER_ID } from "../../scripts/seed/seed-data";
import { paidReadings, readerBlocks, readingMessages } from "../../db/schema";
import { endedReading, HOUR, newPerson } from "./ended-reading-fixtures";
import { get, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);
const DAY = 24 * HOUR;

/** A page's text with the entities React writes for quotes read back. */
const textOf = async (response: Response) =>
  (await response.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
const send = (threadId: string, cookie: string, body: string) => post(`/messages/${threadId}`, { intent: "send", body }, { cookie });
const stored = (threadId: string) => db().select().from(readingMessages).where(eq(readingMessages.threadId, threadId)).orderBy(readingMessages.createdAt);

async function pair() {
  const client = await newPerson("client");
  const reader = await newPerson("reader", true);
  return { client, reader, readingId: await endedReading(client, reader) };
}

describe("messages after a reading", () => {
  it("go between the client and the reader, listed with what waits unread, and are marked seen once opened", async () => {
    const { client, reader, readingId } = await pair();
    expect((await send(readingId, client.cookie, "Thank you! What did the last card mean for my sister?")).status).toBe(200);

    const list = await textOf(await get("/messages", { cookie: reader.cookie }));
    expect(list).toContain("What did the last card mean for my sister?");
    expect(list).toContain("1 new");

    const opened = await textOf(await get(`/messages/${readingId}`, { cookie: reader.cookie }));
    expect(opened).toContain("What did the last card mean for my sister?");
    expect((await stored(readingId))[0]!.readAt).not.toBeNull();
    expect(await textOf(await get("/messages", { cookie: reader.cookie }))).not.toContain("1 new");

    expect((await send(readingId, reader.cookie, "It spoke of her choice, not yours: give her room.")).status).toBe(200);
    const back = await textOf(await get(`/messages/${readingId}`, { cookie: client.cookie }));
    expect(back).toContain("It spoke of her choice, not yours: give her room.");
    expect(back).toContain("seen");
    expect((await stored(readingId)).map((m) => m.senderId)).toEqual([client.id, reader.id]);
  });

  it("are for the reading's two people only: anyone else reads nothing and writes nothing", async () => {
    const { client, readingId } = await pair();
    await send(readingId, client.cookie, "A question about the Tower.");
    const stranger = await newPerson("stranger");
    const otherReader = await newPerson("other-reader", true);
    for (const cookie of [stranger.cookie, otherReader.cookie]) {
      expect((await get(`/messages/${readingId}`, { cookie })).status).toBe(404);
      expect((await send(readingId, cookie, "Let me in")).status).toBe(404);
      expect(await textOf(await get("/messages", { cookie }))).not.toContain("A question about the Tower.");
    }
    // Nor can they report it.
    const [message] = await stored(readingId);
    expect((await post(`/messages/${readingId}`, { intent: "report", messageId: message!.id, reason: "abuse" }, { cookie: stranger.cookie })).status).toBe(404);
    expect(await stored(readingId)).toHaveLength(1);
    // A reading that never began is no conversation.
    const unstarted = await endedReading(client, await newPerson("reader", true));
    await db().update(paidReadings).set({ startedAt: null }).where(eq(paidReadings.id, unstarted));
    expect((await send(unstarted, client.cookie, "Hello?")).status).toBe(404);
  });

  it(`stay open for ${MESSAGE_WINDOW_DAYS} days after the reading, then close`, async () => {
    const client = await newPerson("client");
    const reader = await newPerson("reader", true);
    const open = await endedReading(client, reader, { endedAgo: (MESSAGE_WINDOW_DAYS - 1) * DAY });
    const closed = await endedReading(client, reader, { endedAgo: (MESSAGE_WINDOW_DAYS + 1) * DAY });
    expect((await send(open, client.cookie, "Still thinking about it.")).status).toBe(200);
    const refused = await send(closed, client.cookie, "Still thinking about it.");
    expect(refused.status).toBe(409);
    expect(await textOf(refused)).toContain(MESSAGE_TEXTS.closed);
    expect(await stored(closed)).toHaveLength(0);
    const page = await textOf(await get(`/messages/${closed}`, { cookie: reader.cookie }));
    expect(page).toContain(MESSAGE_TEXTS.closed);
    expect(page).not.toContain('name="body"');
  });

  it(`hold a writer to ${MESSAGE_LIMITS.perConversationPerHour} messages an hour in one conversation`, async () => {
    const { client, reader, readingId } = await pair();
    for (let i = 0; i < MESSAGE_LIMITS.perConversationPerHour; i++) expect((await send(readingId, client.cookie, `Thought number ${i + 1}`)).status).toBe(200);
    const refused = await send(readingId, client.cookie, "One more thought");
    expect(refused.status).toBe(429);
    expect(await textOf(refused)).toContain(MESSAGE_TEXTS.tooManyHere);
    expect(await stored(readingId)).toHaveLength(MESSAGE_LIMITS.perConversationPerHour);
    // The pace is the writer's own: the reader can still answer.
    expect((await send(readingId, reader.cookie, "Take a breath, then tell me the one that matters.")).status).toBe(200);
  });

  it("refuse contact details, links and other apps, keeping nothing", async () => {
    const { client, readingId } = await pair();
    for (const body of [
      "Write me at luna.star@example.com",
      "Call me on +1 415 555 0137",
      "Let's talk on WhatsApp instead",
      "See lunareads.com",
      "luna at example dot com",
    ]) {
      const refused = await send(readingId, client.cookie, body);
      expect(refused.status, body).toBe(400);
      expect(await textOf(refused)).toContain(MESSAGE_TEXTS.contact);
    }
    expect(await stored(readingId)).toHaveLength(0);
    for (const fine of ["I paid $12.50 on 29.11.2026 and it was worth it", "There is discord in my family", "Let's zoom out and look at the whole spread"]) {
      expect(carriesContactDetails(fine), fine).toBe(false);
    }
  });

  it("can be reported by the one who received them, and staff see it with the sender's count", async () => {
    const { client, reader, readingId } = await pair();
    await send(readingId, reader.cookie, "You should book me again tonight, it is urgent.");
    const [message] = await stored(readingId);
    // The sender cannot report their own message.
    expect((await post(`/messages/${readingId}`, { intent: "report", messageId: message!.id, reason: "spam" }, { cookie: reader.cookie })).status).toBe(403);
    const reported = await post(`/messages/${readingId}`, { intent: "report", messageId: message!.id, reason: "spam" }, { cookie: client.cookie });
    expect(reported.status).toBe(200);
    expect(await textOf(reported)).toContain(MESSAGE_TEXTS.reported);
    expect((await stored(readingId))[0]).toMatchObject({ reportReason: "spam" });
    const staff = await textOf(await get("/staff/reports", { cookie: await signInAs(STAFF_MEMBER_ID) }));
    expect(staff).toContain("You should book me again tonight, it is urgent.");
    expect(staff).toContain("Spam or advertising");
    expect(staff).toContain("1 of this sender's messages reported in all");
  });

  it("tell the other person by e-mail once while messages wait unread, and close when the reader blocks the client", async () => {
    const { client, reader, readingId } = await pair();
    await send(readingId, client.cookie, "First question about the reading.");
    const subject = `${client.id.slice(0, 30)} wrote to you about your reading`;
    await expect.poll(async () => (await listOutbox(db(), reader.email)).map((m) => m.subject)).toContain(subject);
    await send(readingId, client.cookie, "And a second one.");
    // Give a second e-mail the time the first took, then count.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await listOutbox(db(), reader.email)).filter((m) => m.subject === subject)).toHaveLength(1);
    // The client was not mailed about their own messages.
    expect((await listOutbox(db(), client.email)).map((m) => m.subject)).not.toContain(subject);

    await db().insert(readerBlocks).values({ readerId: reader.id, clientId: client.id });
    const blocked = await send(readingId, client.cookie, "Are you there?");
    expect(blocked.status).toBe(403);
    expect(await textOf(blocked)).toContain(MESSAGE_TEXTS.unavailable);
    expect(await stored(readingId)).toHaveLength(2);
  });
});
