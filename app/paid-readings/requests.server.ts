/**
 * Asking a reader for a paid reading and their answer. A request carries the price and free
 * minutes shown when it was made; it lapses unanswered at `expiresAt`; accepting it opens the
 * private reading room and its paid reading in one batch that only one answer can win.
 */
import { and, desc, eq, gt, lte, or, sql, type SQL } from "drizzle-orm";
import { paidReadings, readingJournal, readingRequests, readingSessions, sessionParticipants, users } from "../../db/schema";
import type { AboutEntry } from "./written.server";
import { SECOND_OPINION_MESSAGES } from "./written";
import { notSuspended } from "../auth/suspension.server";
import { personName } from "../auth/display-name";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { readerOnlineSql } from "../readers/presence.server";
import { availableBalanceOf } from "./wallet.server";
import { blockedSql } from "./blocks.server";
import {
  FIRST_READING_FREE_MINUTES,
  LIVE_REQUEST_COOLDOWN_MS,
  LIVE_REQUEST_WINDOW_MS,
  LIVE_REQUESTS_PER_HOUR,
  minimumBalanceCents,
  minutesCovered,
  PAID_READING_MESSAGES,
  READING_FEE_PERCENT,
  type ReadingMode,
} from "./rules";

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** "A reader with this username", as a condition on `users`. */
const readerNamed = (username: string) => and(eq(users.isReader, true), eq(users.username, username), notSuspended);

/** The reader behind a username, as booking needs them; null for anyone who is not a reader. */
async function readerByUsername(db: Database, username: string, now: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName, price: users.customPricePerMinute, online: readerOnlineSql(now) })
    .from(users)
    .where(readerNamed(username))
    .limit(1);
  return row ? { ...row, online: row.online === 1 } : null;
}

/**
 * Whether the client has had a reading with this reader that started, or has one open now: free
 * minutes are for the first, and a reading accepted but not yet begun already claims them.
 */
async function metBefore(db: Database, clientId: string, readerId: string | SQL<string>) {
  const [row] = await db
    .select({ id: paidReadings.id })
    .from(paidReadings)
    .where(
      and(eq(paidReadings.clientId, clientId), eq(paidReadings.readerId, readerId), or(gt(paidReadings.minutesBilled, 0), eq(paidReadings.status, "live"))),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether the reader is giving a paid reading now (accepted and not ended): one at a time. */
async function readerInReading(db: Database, readerId: string | SQL<string>) {
  const [row] = await db
    .select({ id: paidReadings.id })
    .from(paidReadings)
    .where(and(eq(paidReadings.readerId, readerId), eq(paidReadings.status, "live")))
    .limit(1);
  return Boolean(row);
}

export type Quote = {
  readerOnline: boolean;
  /** The reader is in another paid reading: nobody can ask until it ends. */
  readerBusy: boolean;
  pricePerMinuteCents: number;
  freeMinutes: number;
  balanceCents: number;
  minimumCents: number;
  minutesCovered: number;
  enough: boolean;
};

/** What a reading with this reader would cost the client now, and whether their balance allows asking. */
export async function quoteReading(db: Database, client: CurrentUser, username: string, now = Date.now()): Promise<(Quote & { readerId: string }) | null> {
  // The reader, the balance and the earlier readings at once: the reader is named by username in the query.
  const readerId = sql<string>`(select ${users.id} from ${users} where ${readerNamed(username)})`;
  const [reader, balanceCents, before, busy] = await Promise.all([
    readerByUsername(db, username, now),
    availableBalanceOf(db, client.id),
    metBefore(db, client.id, readerId),
    readerInReading(db, readerId),
  ]);
  if (!reader || reader.price === null) return null;
  const freeMinutes = before ? 0 : FIRST_READING_FREE_MINUTES;
  const minimumCents = minimumBalanceCents(reader.price);
  return {
    readerId: reader.id,
    readerOnline: reader.online,
    readerBusy: busy,
    pricePerMinuteCents: reader.price,
    freeMinutes,
    balanceCents,
    minimumCents,
    minutesCovered: minutesCovered(balanceCents, reader.price, freeMinutes),
    enough: balanceCents >= minimumCents,
  };
}

/** Pending requests of this client whose time ran out are marked lapsed. */
function lapseClientRequests(db: Database, clientId: string, now: number) {
  return db
    .update(readingRequests)
    .set({ status: "lapsed" })
    .where(and(eq(readingRequests.clientId, clientId), eq(readingRequests.status, "pending"), lte(readingRequests.expiresAt, now)));
}

/**
 * The client asks the reader. The request is written by one statement, only while the reader has
 * not blocked the client, the client's last request to this reader is older than the pause, and
 * their requests to this reader in the last hour are fewer than allowed (accepted ones aside); a
 * second request while one waits breaks the unique index on a client's pending request. So two
 * requests sent at once cannot both slip past a rule, and each refused one rings nobody.
 */
export async function createRequest(
  db: Database,
  client: CurrentUser,
  input: { username: string; mode: ReadingMode; question: string; about?: AboutEntry | null },
  ttlMs: number,
  now = Date.now(),
): Promise<Outcome<{ id: string; readerId: string; pricePerMinuteCents: number }>> {
  if (client.isGuest) return { ok: false, status: 401, message: PAID_READING_MESSAGES.guest };
  const quote = await quoteReading(db, client, input.username, now);
  if (!quote) return { ok: false, status: 404, message: "Reader not found" };
  if (quote.readerId === client.id) return { ok: false, status: 400, message: PAID_READING_MESSAGES.self };
  if (!quote.readerOnline) return { ok: false, status: 409, message: PAID_READING_MESSAGES.offline };
  if (quote.readerBusy) return { ok: false, status: 409, message: PAID_READING_MESSAGES.busy };
  if (!quote.enough) return { ok: false, status: 402, message: PAID_READING_MESSAGES.balance };
  const id = newId();
  const { readerId } = quote;
  const mine = sql`r.client_id = ${client.id} AND r.reader_id = ${readerId} AND r.status <> 'accepted'`;
  const recent = sql`EXISTS (SELECT 1 FROM ${readingRequests} r WHERE ${mine} AND r.created_at > ${now - LIVE_REQUEST_COOLDOWN_MS})`;
  const lastHour = sql`(SELECT count(*) FROM ${readingRequests} r WHERE ${mine} AND r.created_at > ${now - LIVE_REQUEST_WINDOW_MS})`;
  let made: { id: string }[];
  let why: { pending: number; blocked: number; recent: number; entryHeld: number } | undefined;
  // A second opinion names an entry of the client's own, with cards (decision 0104).
  const about = input.about ?? null;
  const entryHeld = about
    ? sql`EXISTS (SELECT 1 FROM ${readingJournal} j WHERE j.id = ${about.entryId} AND j.user_id = ${client.id} AND json_array_length(j.cards) > 0)`
    : sql`1`;
  try {
    // One round trip: the client's lapsed requests marked, the request, and what refused it if anything did.
    [, made, [why]] = await db.batch([
      lapseClientRequests(db, client.id, now),
      db
        .insert(readingRequests)
        .select(
          sql`SELECT ${id}, ${client.id}, ${readerId}, ${input.mode}, ${quote.pricePerMinuteCents}, ${quote.freeMinutes}, ${input.question}, 'pending', NULL, ${now + ttlMs}, ${now}, NULL,
                ${about?.entryId ?? null}, ${about?.shareQuestion ? 1 : 0}, ${about?.shareInterpretation ? 1 : 0}
              WHERE NOT ${blockedSql(readerId, client.id)} AND NOT ${recent} AND ${lastHour} < ${LIVE_REQUESTS_PER_HOUR} AND ${entryHeld}`,
        )
        .returning({ id: readingRequests.id }),
      db
        .select({
          pending: sql<number>`EXISTS (SELECT 1 FROM ${readingRequests} r WHERE r.client_id = ${client.id} AND r.status = 'pending' AND r.id <> ${id})`,
          blocked: sql<number>`${blockedSql(readerId, client.id)}`,
          recent: sql<number>`EXISTS (SELECT 1 FROM ${readingRequests} r WHERE ${mine} AND r.created_at > ${now - LIVE_REQUEST_COOLDOWN_MS} AND r.id <> ${id})`,
          // Named: D1 hands rows back keyed by column, and a column named "1" would be read first.
          entryHeld: sql<number>`${entryHeld}`.as("entry_held"),
        })
        .from(sql`(SELECT 1)`),
    ]);
  } catch {
    // The unique index on a client's pending request: one is still waiting.
    return { ok: false, status: 409, message: PAID_READING_MESSAGES.pending };
  }
  if (made.length === 0) {
    // Refused by a rule: say which (a request still waiting first, as the index would).
    if (why?.pending) return { ok: false, status: 409, message: PAID_READING_MESSAGES.pending };
    if (why?.blocked) return { ok: false, status: 403, message: PAID_READING_MESSAGES.unavailable };
    if (why && !why.entryHeld) return { ok: false, status: 404, message: SECOND_OPINION_MESSAGES.entry };
    return { ok: false, status: 429, message: why?.recent ? PAID_READING_MESSAGES.cooldown : PAID_READING_MESSAGES.hourly };
  }
  return { ok: true, value: { id, readerId, pricePerMinuteCents: quote.pricePerMinuteCents } };
}

export type RequestView = {
  id: string;
  status: "pending" | "accepted" | "declined" | "lapsed" | "cancelled";
  mode: ReadingMode;
  question: string;
  pricePerMinuteCents: number;
  freeMinutes: number;
  expiresAt: number;
  paidReadingId: string | null;
  readerUsername: string | null;
  readerName: string;
  clientName: string;
  isClient: boolean;
};

/** A request as its client or its reader sees it (a pending one past its time reads as lapsed); null for anyone else. */
export async function getRequest(db: Database, viewerId: string, id: string, now = Date.now()): Promise<RequestView | null> {
  const reader = sql<string>`(SELECT coalesce(nullif(${users.fullName}, ''), ${users.username}) FROM ${users} WHERE ${users.id} = ${readingRequests.readerId})`;
  const [row] = await db
    .select({
      id: readingRequests.id,
      clientId: readingRequests.clientId,
      readerId: readingRequests.readerId,
      status: readingRequests.status,
      mode: readingRequests.mode,
      question: readingRequests.question,
      pricePerMinuteCents: readingRequests.pricePerMinuteCents,
      freeMinutes: readingRequests.freeMinutes,
      expiresAt: readingRequests.expiresAt,
      paidReadingId: readingRequests.paidReadingId,
      readerName: reader,
      readerUsername: sql<string | null>`(SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${readingRequests.readerId})`,
      clientName: sql<string>`(SELECT coalesce(nullif(${users.fullName}, ''), ${users.username}, 'A client') FROM ${users} WHERE ${users.id} = ${readingRequests.clientId})`,
    })
    .from(readingRequests)
    .where(eq(readingRequests.id, id.slice(0, 64)))
    .limit(1);
  if (!row || (row.clientId !== viewerId && row.readerId !== viewerId)) return null;
  if (row.status === "pending" && row.expiresAt <= now) {
    await db
      .update(readingRequests)
      .set({ status: "lapsed" })
      .where(and(eq(readingRequests.id, row.id), eq(readingRequests.status, "pending"), lte(readingRequests.expiresAt, now)));
    row.status = "lapsed";
  }
  const { clientId, readerId: _reader, ...view } = row;
  return { ...view, isClient: clientId === viewerId };
}

/** The requests waiting for this reader's answer, newest first. */
export async function pendingRequestsFor(db: Database, readerId: string, now = Date.now()) {
  return db
    .select({
      id: readingRequests.id,
      mode: readingRequests.mode,
      question: readingRequests.question,
      pricePerMinuteCents: readingRequests.pricePerMinuteCents,
      freeMinutes: readingRequests.freeMinutes,
      expiresAt: readingRequests.expiresAt,
      createdAt: readingRequests.createdAt,
      clientName: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username}, 'A client')`,
    })
    .from(readingRequests)
    .innerJoin(users, eq(users.id, readingRequests.clientId))
    .where(and(eq(readingRequests.readerId, readerId), eq(readingRequests.status, "pending"), gt(readingRequests.expiresAt, now)))
    .orderBy(desc(readingRequests.createdAt))
    .limit(20);
}

export type PendingRequest = Awaited<ReturnType<typeof pendingRequestsFor>>[number];

/** Why a request can no longer be answered, from its current row. */
function closedMessage(status: string | undefined, expiresAt: number | undefined, now: number) {
  if (!status) return { status: 404, message: PAID_READING_MESSAGES.notFound };
  if (status === "cancelled") return { status: 409, message: PAID_READING_MESSAGES.cancelled };
  if (status === "lapsed" || (status === "pending" && (expiresAt ?? 0) <= now)) return { status: 410, message: PAID_READING_MESSAGES.lapsed };
  return { status: 409, message: PAID_READING_MESSAGES.answered };
}

/**
 * The reader accepts: the request turns accepted, and the reading room (reader hosting, the
 * client seated) and its paid reading are made, all in one batch. The paid reading's unique
 * request id and the guarded update make a second accept (another tab, a double click) fail
 * whole, so one request opens one reading; a reader's one live reading at a time is a unique index,
 * so accepting a second while one runs fails whole too. Returns the reading's id.
 */
export async function acceptRequest(
  db: Database,
  reader: CurrentUser,
  requestId: string,
  now = Date.now(),
): Promise<Outcome<{ paidReadingId: string; clientId: string; mode: ReadingMode }>> {
  const request = await db.query.readingRequests.findFirst({
    where: and(eq(readingRequests.id, requestId.slice(0, 64)), eq(readingRequests.readerId, reader.id)),
  });
  if (!request) return { ok: false, status: 404, message: PAID_READING_MESSAGES.notFound };
  if (request.status !== "pending" || request.expiresAt <= now) return { ok: false, ...closedMessage(request.status, request.expiresAt, now) };
  const [client, busy] = await Promise.all([
    db.query.users.findFirst({ columns: { id: true, fullName: true, username: true, email: true }, where: eq(users.id, request.clientId) }),
    readerInReading(db, reader.id),
  ]);
  if (busy) return { ok: false, status: 409, message: PAID_READING_MESSAGES.inReading };
  if (!client) return { ok: false, status: 404, message: PAID_READING_MESSAGES.notFound };
  const id = newId();
  const won = sql`EXISTS (SELECT 1 FROM ${readingRequests} WHERE ${readingRequests.id} = ${request.id} AND ${readingRequests.paidReadingId} = ${id})`;
  try {
    await db.batch([
      db
        .update(readingRequests)
        .set({ status: "accepted", paidReadingId: id, answeredAt: now })
        .where(and(eq(readingRequests.id, request.id), eq(readingRequests.status, "pending"), gt(readingRequests.expiresAt, now))),
      db.insert(readingSessions).values({
        id,
        hostUserId: reader.id,
        originalHostUserId: reader.id,
        question: request.question || null,
        createdAt: now,
        updatedAt: now,
        lastActivityAt: now,
      }),
      db.insert(sessionParticipants).values([
        { id: newId(), sessionId: id, userId: reader.id, name: personName(reader), isHost: true, role: "host", joinedAt: now, lastSeenAt: now },
        { id: newId(), sessionId: id, userId: client.id, name: personName(client), isHost: false, role: "participant", joinedAt: now, lastSeenAt: now },
      ]),
      db.insert(paidReadings).values({
        id,
        requestId: request.id,
        clientId: client.id,
        readerId: reader.id,
        mode: request.mode,
        pricePerMinuteCents: request.pricePerMinuteCents,
        freeMinutes: request.freeMinutes,
        status: "live",
        feePercent: READING_FEE_PERCENT,
        createdAt: now,
      }),
      // Lost the race: nothing of this attempt stays (the room's seats and paid reading go with it).
      db.delete(readingSessions).where(and(eq(readingSessions.id, id), sql`NOT ${won}`)),
    ]);
  } catch {
    // A paid reading for this request exists already: another answer won.
  }
  const after = await db.query.readingRequests.findFirst({
    columns: { status: true, paidReadingId: true, expiresAt: true },
    where: eq(readingRequests.id, request.id),
  });
  if (after?.paidReadingId !== id) {
    // Still waiting, yet not ours: another of this reader's requests was accepted at the same moment.
    if (after?.status === "pending" && after.expiresAt > now) return { ok: false, status: 409, message: PAID_READING_MESSAGES.inReading };
    return { ok: false, ...closedMessage(after?.status, after?.expiresAt, now) };
  }
  return { ok: true, value: { paidReadingId: id, clientId: client.id, mode: request.mode } };
}

/** The reader declines, or the client cancels, a request still waiting. */
export async function closeRequest(
  db: Database,
  viewer: CurrentUser,
  requestId: string,
  how: "decline" | "cancel",
  now = Date.now(),
): Promise<Outcome<{ otherId: string }>> {
  const who = how === "decline" ? readingRequests.readerId : readingRequests.clientId;
  const [row] = await db
    .update(readingRequests)
    .set({ status: how === "decline" ? "declined" : "cancelled", answeredAt: now })
    .where(and(eq(readingRequests.id, requestId.slice(0, 64)), eq(who, viewer.id), eq(readingRequests.status, "pending"), gt(readingRequests.expiresAt, now)))
    .returning({ clientId: readingRequests.clientId, readerId: readingRequests.readerId });
  if (row) return { ok: true, value: { otherId: how === "decline" ? row.clientId : row.readerId } };
  const current = await db.query.readingRequests.findFirst({
    columns: { status: true, expiresAt: true },
    where: and(eq(readingRequests.id, requestId.slice(0, 64)), eq(who, viewer.id)),
  });
  return { ok: false, ...closedMessage(current?.status, current?.expiresAt, now) };
}
