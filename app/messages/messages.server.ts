/**
 * Messages after a reading (decision 0105). A conversation is a reading: a paid live reading that
 * ended or an answered written reading; its client and its reader may write to each other about it
 * for 30 days. Every write is one statement that checks who is writing, the window, the pace and a
 * reader's block in its own WHERE, so a refused message writes nothing.
 */
import { and, desc, eq, isNull, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { readingMessages, users } from "../../db/schema";
import { personNameSql } from "../auth/person-name.server";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { readShape, type Slots } from "../lib/page-reads.server";
import { blockedSql } from "../paid-readings/blocks.server";
import { MESSAGE_LIMITS, MESSAGE_TEXTS, MESSAGE_WINDOW_MS, type MessageReportReason } from "./rules";

export type Done<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Every reading one can write about: its id, kind, two people and when the window opened. */
const THREADS = sql`(SELECT p.id AS id, 'live' AS kind, p.client_id AS client_id, p.reader_id AS reader_id, p.ended_at AS opened_at
    FROM paid_readings p WHERE p.status = 'ended' AND p.started_at IS NOT NULL AND p.ended_at IS NOT NULL
  UNION ALL
  SELECT w.id, 'written', w.client_id, w.reader_id, w.answered_at FROM written_requests w WHERE w.status = 'answered' AND w.answered_at IS NOT NULL)`;

const nameOf = (id: SQL) => personNameSql(id, "A member");
const readerUsernameOf = (id: SQL) => sql<string | null>`(SELECT u.username FROM ${users} u WHERE u.id = ${id} AND u.is_reader = 1)`;

/**
 * One conversation as one of its two people sees it, with the messages sent to them marked read in
 * the same batch; null for anyone else. `fresh` names the messages this visit marked read.
 */
export async function conversationFor(db: Database, viewerId: string, threadId: string, now = Date.now()) {
  const id = threadId.slice(0, 64);
  const [marked, [thread], messages] = await db.batch([
    db
      .update(readingMessages)
      .set({ readAt: now })
      .where(
        and(
          eq(readingMessages.threadId, id),
          sql`${readingMessages.senderId} <> ${viewerId}`,
          or(eq(readingMessages.clientId, viewerId), eq(readingMessages.readerId, viewerId)),
          isNull(readingMessages.readAt),
        ),
      )
      .returning({ id: readingMessages.id }),
    db
      .select({
        id: sql<string>`t.id`,
        kind: sql<"live" | "written">`t.kind`,
        clientId: sql<string>`t.client_id`,
        readerId: sql<string>`t.reader_id`,
        openedAt: sql<number>`t.opened_at`,
        otherName: nameOf(sql`CASE WHEN t.client_id = ${viewerId} THEN t.reader_id ELSE t.client_id END`),
        readerUsername: readerUsernameOf(sql`t.reader_id`),
        blocked: sql<number>`${blockedSql(sql`t.reader_id`, sql`t.client_id`)}`,
      })
      .from(sql`${THREADS} t`)
      .where(sql`t.id = ${id} AND (t.client_id = ${viewerId} OR t.reader_id = ${viewerId})`),
    db
      .select({
        id: readingMessages.id,
        senderId: readingMessages.senderId,
        body: readingMessages.body,
        createdAt: readingMessages.createdAt,
        readAt: readingMessages.readAt,
        reportedAt: readingMessages.reportedAt,
      })
      .from(readingMessages)
      .where(and(eq(readingMessages.threadId, id), or(eq(readingMessages.clientId, viewerId), eq(readingMessages.readerId, viewerId))))
      .orderBy(readingMessages.createdAt, readingMessages.id),
  ]);
  if (!thread) return null;
  const closesAt = Number(thread.openedAt) + MESSAGE_WINDOW_MS;
  return {
    id: thread.id,
    kind: thread.kind,
    role: thread.clientId === viewerId ? ("client" as const) : ("reader" as const),
    otherName: thread.otherName,
    readerUsername: thread.readerUsername,
    openedAt: Number(thread.openedAt),
    closesAt,
    open: closesAt > now && !thread.blocked,
    blocked: Boolean(thread.blocked),
    messages: messages.map((message) => ({ ...message, mine: message.senderId === viewerId })),
    fresh: marked.map((row) => row.id),
  };
}

export type Conversation = NonNullable<Awaited<ReturnType<typeof conversationFor>>>;

/**
 * Sends a message: written only when the sender is one of the reading's two people, within the
 * window, within the pace and not between a reader and a client they blocked; then the reason a
 * refused one was refused, read in the same batch.
 */
export async function sendMessage(
  db: Database,
  senderId: string,
  threadId: string,
  body: string,
  now = Date.now(),
): Promise<Done<{ messageId: string; recipientId: string; senderName: string }>> {
  const id = newId();
  const thread = threadId.slice(0, 64);
  const sentHere = sql<number>`(SELECT count(*) FROM ${readingMessages} m WHERE m.sender_id = ${senderId} AND m.thread_id = t.id AND m.created_at > ${now - HOUR_MS})`;
  const sentToday = sql<number>`(SELECT count(*) FROM ${readingMessages} m WHERE m.sender_id = ${senderId} AND m.created_at > ${now - DAY_MS})`;
  const [, [row]] = await db.batch([
    db.insert(readingMessages).select(
      sql`SELECT ${id}, t.id, t.kind, t.client_id, t.reader_id, ${senderId}, ${body}, ${now}, NULL, NULL, NULL FROM ${THREADS} t
            WHERE t.id = ${thread} AND (t.client_id = ${senderId} OR t.reader_id = ${senderId}) AND t.opened_at > ${now - MESSAGE_WINDOW_MS}
              AND ${sentHere} < ${MESSAGE_LIMITS.perConversationPerHour} AND ${sentToday} < ${MESSAGE_LIMITS.perDay}
              AND NOT ${blockedSql(sql`t.reader_id`, sql`t.client_id`)}`,
    ),
    db
      .select({
        sent: sql<number>`EXISTS (SELECT 1 FROM ${readingMessages} WHERE ${readingMessages.id} = ${id})`,
        recipientId: sql<string>`CASE WHEN t.client_id = ${senderId} THEN t.reader_id ELSE t.client_id END`,
        senderName: nameOf(sql`${senderId}`),
        openedAt: sql<number>`t.opened_at`,
        sentHere,
        sentToday,
        blocked: sql<number>`${blockedSql(sql`t.reader_id`, sql`t.client_id`)}`,
      })
      .from(sql`${THREADS} t`)
      .where(sql`t.id = ${thread} AND (t.client_id = ${senderId} OR t.reader_id = ${senderId})`),
  ]);
  if (!row) return { ok: false, status: 404, message: MESSAGE_TEXTS.notFound };
  if (row.sent) return { ok: true, value: { messageId: id, recipientId: row.recipientId, senderName: row.senderName } };
  if (Number(row.openedAt) <= now - MESSAGE_WINDOW_MS) return { ok: false, status: 409, message: MESSAGE_TEXTS.closed };
  if (row.blocked) return { ok: false, status: 403, message: MESSAGE_TEXTS.unavailable };
  if (Number(row.sentHere) >= MESSAGE_LIMITS.perConversationPerHour) return { ok: false, status: 429, message: MESSAGE_TEXTS.tooManyHere };
  return { ok: false, status: 429, message: MESSAGE_TEXTS.tooMany };
}

/**
 * The person's conversations, the latest first, each with its last message and how many wait
 * unread; and the readings whose window opened after `since` they have not written about yet.
 * `who` is the person, or `me` (the session's person) in a page's reads.
 */
function conversationQueries(db: Database, who: string | SQL, since: number | Placeholder) {
  const mine = or(eq(readingMessages.clientId, who), eq(readingMessages.readerId, who));
  const otherId = sql`CASE WHEN ${readingMessages.clientId} = ${who} THEN ${readingMessages.readerId} ELSE ${readingMessages.clientId} END`;
  const last = (column: string) =>
    sql.raw(`(SELECT l.${column} FROM reading_messages l WHERE l.thread_id = reading_messages.thread_id ORDER BY l.created_at DESC, l.id DESC LIMIT 1)`);
  return [
    db
      .select({
        id: readingMessages.threadId,
        kind: readingMessages.threadKind,
        // The two people are the same on every message of a conversation.
        otherName: nameOf(otherId),
        lastAt: sql<number>`max(${readingMessages.createdAt})`,
        lastBody: sql<string>`${last("body")}`,
        lastSenderId: sql<string>`${last("sender_id")}`,
        unread: sql<number>`sum(CASE WHEN ${readingMessages.senderId} <> ${who} AND ${readingMessages.readAt} IS NULL THEN 1 ELSE 0 END)`,
        openedAt: sql<number>`(SELECT t.opened_at FROM ${THREADS} t WHERE t.id = ${readingMessages.threadId})`,
      })
      .from(readingMessages)
      .where(mine)
      .groupBy(readingMessages.threadId)
      .orderBy(desc(sql`max(${readingMessages.createdAt})`))
      .limit(50),
    db
      .select({
        id: sql<string>`t.id`,
        kind: sql<"live" | "written">`t.kind`,
        openedAt: sql<number>`t.opened_at`,
        otherName: nameOf(sql`CASE WHEN t.client_id = ${who} THEN t.reader_id ELSE t.client_id END`),
      })
      .from(sql`${THREADS} t`)
      .where(
        sql`(t.client_id = ${who} OR t.reader_id = ${who}) AND t.opened_at > ${since}
            AND NOT EXISTS (SELECT 1 FROM ${readingMessages} m WHERE m.thread_id = t.id)`,
      )
      .orderBy(sql`t.opened_at DESC`)
      .limit(10),
  ] as const;
}

/** The messages page's reads of the session's person, beside the session's check; `since` is the oldest window still open. */
export const CONVERSATIONS_PAGE = readShape((db, me, { since }: Slots<{ since: number }>) => conversationQueries(db, me, since));

/** The reads of `CONVERSATIONS_PAGE` with the values they need at `now`. */
export const conversationsValues = (now: number) => ({ since: now - MESSAGE_WINDOW_MS });

type ConversationRows = Awaited<ReturnType<typeof conversationQueries>[0]>;
type UnwrittenRows = Awaited<ReturnType<typeof conversationQueries>[1]>;

/** The conversations and the readings not written about yet, as the messages page lists them, for `userId`. */
export function conversationsFrom([threads, readings]: readonly [ConversationRows, UnwrittenRows], userId: string) {
  return {
    conversations: threads.map((thread) => ({
      ...thread,
      unread: Number(thread.unread),
      lastFromMe: thread.lastSenderId === userId,
      closesAt: Number(thread.openedAt) + MESSAGE_WINDOW_MS,
    })),
    readings: readings.map((reading) => ({ ...reading, closesAt: Number(reading.openedAt) + MESSAGE_WINDOW_MS })),
  };
}

/**
 * The person reports a message sent to them; reporting one already reported says the same. Their own
 * message cannot be reported, and nobody else's conversation can be touched.
 */
export async function reportMessage(db: Database, reporterId: string, messageId: string, reason: MessageReportReason, now = Date.now()): Promise<Done<null>> {
  const id = messageId.slice(0, 64);
  const party = or(eq(readingMessages.clientId, reporterId), eq(readingMessages.readerId, reporterId));
  const [, [row]] = await db.batch([
    db
      .update(readingMessages)
      .set({ reportedAt: now, reportReason: reason })
      .where(and(eq(readingMessages.id, id), party, sql`${readingMessages.senderId} <> ${reporterId}`, isNull(readingMessages.reportedAt))),
    db
      .select({ senderId: readingMessages.senderId, reportedAt: readingMessages.reportedAt })
      .from(readingMessages)
      .where(and(eq(readingMessages.id, id), party)),
  ]);
  if (!row) return { ok: false, status: 404, message: MESSAGE_TEXTS.notFound };
  if (row.senderId === reporterId) return { ok: false, status: 403, message: MESSAGE_TEXTS.reportOwn };
  return { ok: true, value: null };
}

/** The reported messages for staff, the latest reported first, with who wrote them to whom. */
export async function reportedMessages(db: Database, limit = 50) {
  const recipient = sql`CASE WHEN ${readingMessages.senderId} = ${readingMessages.clientId} THEN ${readingMessages.readerId} ELSE ${readingMessages.clientId} END`;
  return db
    .select({
      id: readingMessages.id,
      body: readingMessages.body,
      reason: readingMessages.reportReason,
      reportedAt: sql<number>`${readingMessages.reportedAt}`,
      createdAt: readingMessages.createdAt,
      senderId: readingMessages.senderId,
      senderName: nameOf(sql`${readingMessages.senderId}`),
      senderIsReader: sql<boolean>`${readingMessages.senderId} = ${readingMessages.readerId}`,
      recipientName: nameOf(recipient),
      // How many of this sender's messages were reported in all: a pattern is what staff act on.
      senderReports: sql<number>`(SELECT count(*) FROM ${readingMessages} r WHERE r.sender_id = ${readingMessages.senderId} AND r.reported_at IS NOT NULL)`,
    })
    .from(readingMessages)
    .where(sql`${readingMessages.reportedAt} IS NOT NULL`)
    .orderBy(desc(readingMessages.reportedAt))
    .limit(limit);
}
