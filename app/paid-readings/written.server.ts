/**
 * Written readings (decision 0082): a reader offers a spread at a fixed price, answered within a set
 * time. Asking pays the price from the client's balance; the reader draws the cards at a private
 * table (a reading room of their own tied to the request), writes the answer, and the price reaches
 * their earnings at the live readings' fee rule; unanswered by the deadline, the periodic job gives
 * it back once. Each money move is one batch guarded by the request's status.
 */
import { and, asc, desc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getServerByName } from "partyserver";
import { readingJournal, readingSessions, sellerLedger, users, walletEntries, writtenOffers, writtenRequests } from "../../db/schema";
import { notSuspended } from "../auth/suspension.server";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { newId } from "../lib/crypto";
import { formatMoney } from "../lib/format";
import { sendNotice, type NoticeTarget } from "../mail/notices.server";
import { journalContent } from "../reading-room/journal.server";
import { openReading } from "../reading-room/room.server";
import { spreadById, type SpreadId } from "../reading-room/spreads";
import { blockedSql } from "./blocks.server";
import { PAID_READING_MESSAGES, readingFeeCents } from "./rules";
import { tipWrittenReading, writtenTipCentsOf } from "./tips.server";
import { availableCentsSql, writtenPaymentStatements, writtenRefundStatements } from "./wallet.server";
import { SECOND_OPINION_MESSAGES, WRITTEN_AVERAGE_MIN_ANSWERED, WRITTEN_LIMIT_WINDOW_MS, WRITTEN_LIMITS, WRITTEN_MESSAGES, type OfferInput } from "./written";

type BatchStatement = BatchItem<"sqlite">;

export type Done<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** The request's own columns, named with their table: a subquery on another table would otherwise read its own. */
const outer = {
  id: sql.raw(`"written_requests"."id"`),
  readerId: sql.raw(`"written_requests"."reader_id"`),
  clientId: sql.raw(`"written_requests"."client_id"`),
  roomId: sql.raw(`"written_requests"."room_id"`),
};
const nameSql = (id: SQL) => sql<string>`(SELECT coalesce(nullif(u.full_name, ''), u.username, 'A member') FROM ${users} u WHERE u.id = ${id})`;
const emailSql = (id: SQL) => sql<string | null>`(SELECT u.email FROM ${users} u WHERE u.id = ${id})`;

/* Offers ---------------------------------------------------------------------------------------- */

/** A reader's offers, the active ones first. */
export async function offersOf(db: Database, readerId: string) {
  return db.select().from(writtenOffers).where(eq(writtenOffers.readerId, readerId)).orderBy(desc(writtenOffers.active), asc(writtenOffers.priceCents));
}

export async function addOffer(db: Database, readerId: string, input: OfferInput, now = Date.now()) {
  const id = newId();
  await db
    .insert(writtenOffers)
    .values({ id, readerId, title: input.title, spreadId: input.spreadId, priceCents: input.price, answerHours: input.hours, active: true, createdAt: now });
  return id;
}

/** Withdraws or offers again one of the reader's own offers; false when it is not theirs. */
export async function setOfferActive(db: Database, readerId: string, offerId: string, active: boolean) {
  const rows = await db
    .update(writtenOffers)
    .set({ active })
    .where(and(eq(writtenOffers.id, offerId.slice(0, 64)), eq(writtenOffers.readerId, readerId)))
    .returning({ id: writtenOffers.id });
  return rows.length === 1;
}

/**
 * What a reader's profile shows of written readings: the active offers, and the average time
 * from asking to answer once enough were answered, in one query.
 */
export async function writtenOnProfile(db: Database, username: string) {
  const readerId = sql<string>`(SELECT ${users.id} FROM ${users} WHERE ${users.username} = ${username} AND ${users.isReader} = 1)`;
  const [offers, [answered]] = await Promise.all([
    db
      .select({
        id: writtenOffers.id,
        title: writtenOffers.title,
        spreadId: writtenOffers.spreadId,
        priceCents: writtenOffers.priceCents,
        answerHours: writtenOffers.answerHours,
      })
      .from(writtenOffers)
      .where(and(eq(writtenOffers.readerId, readerId), eq(writtenOffers.active, true)))
      .orderBy(asc(writtenOffers.priceCents)),
    db
      .select({ count: sql<number>`count(*)`, averageMs: sql<number | null>`avg(${writtenRequests.answeredAt} - ${writtenRequests.askedAt})` })
      .from(writtenRequests)
      .where(and(eq(writtenRequests.readerId, readerId), eq(writtenRequests.status, "answered"))),
  ]);
  const averageAnswerMs = answered && Number(answered.count) >= WRITTEN_AVERAGE_MIN_ANSWERED && answered.averageMs !== null ? Number(answered.averageMs) : null;
  return { offers: offers.map((offer) => ({ ...offer, spreadName: spreadById(offer.spreadId)?.name ?? offer.spreadId })), averageAnswerMs };
}

/* Asking ---------------------------------------------------------------------------------------- */

/** How many written readings the client asked since `since`, of the reader `readerId` names or of all (null). */
const askedSql = (clientId: string, since: number, readerId: SQL | null) =>
  sql<number>`(SELECT count(*) FROM ${writtenRequests} r WHERE r.client_id = ${clientId} AND r.asked_at > ${since}${readerId === null ? sql`` : sql` AND r.reader_id = ${readerId}`})`;

/**
 * The client asks: the request (with the offer as it stands) and the price leaving the balance are
 * one batch, written only while the offer is active, is not the client's own, the balance covers
 * it and the client is within the day's asks, counted by the insert itself (decision 0090). The
 * same form key gives back the request it made the first time.
 */
export async function askWritten(
  db: Database,
  client: CurrentUser,
  input: { offerId: string; question: string; key: string },
  now = Date.now(),
): Promise<Done<{ id: string; readerId: string; created: boolean }>> {
  if (client.isGuest) return { ok: false, status: 403, message: WRITTEN_MESSAGES.guest };
  return askBatch(db, client, input, now, null);
}

/**
 * What a second opinion takes from the client's journal entry (decision 0104): the spread and the
 * cards always, the question and the interpretation only when the client chose to show them.
 */
export type AboutEntry = { entryId: string; shareQuestion: boolean; shareInterpretation: boolean };

/**
 * The batch behind both kinds of asking. A plain written reading names the offer's spread and leaves
 * the cards to the reader's private table; a second opinion copies the entry's spread and cards
 * (read in the insert itself, so only the client's own entry can be named) and is titled after it.
 */
export async function askBatch(
  db: Database,
  client: CurrentUser,
  input: { offerId: string; question: string; key: string },
  now: number,
  about: AboutEntry | null,
): Promise<Done<{ id: string; readerId: string; created: boolean }>> {
  const id = newId();
  const offerId = input.offerId.slice(0, 64);
  // What the client can spend: the balance less what scheduled readings hold (decision 0081).
  const balance = availableCentsSql(client.id);
  const since = now - WRITTEN_LIMIT_WINDOW_MS;
  const offer = db
    .select({
      readerId: writtenOffers.readerId,
      priceCents: writtenOffers.priceCents,
      active: writtenOffers.active,
      balance: sql<number>`${balance}`,
      withReader: askedSql(client.id, since, sql`${writtenOffers.readerId}`),
      inAll: askedSql(client.id, since, null),
      blocked: sql<number>`${blockedSql(writtenOffers.readerId, client.id)}`,
    })
    .from(writtenOffers)
    .innerJoin(users, and(eq(users.id, writtenOffers.readerId), eq(users.isReader, true), notSuspended))
    .where(eq(writtenOffers.id, offerId));
  // The request's columns after the client's question, in the table's order.
  const row = about
    ? sql`'Second opinion: ' || j.spread_name, j.spread_id, o.price_cents, o.answer_hours, ${input.question}, 'asked', ${input.key}, ${now} + o.answer_hours * 3600000, ${now}, NULL, NULL, j.deck_id, j.cards, NULL, NULL,
          'second-opinion', j.id, j.spread_name, CASE WHEN ${about.shareQuestion ? 1 : 0} = 1 THEN j.question END, CASE WHEN ${about.shareInterpretation ? 1 : 0} = 1 THEN j.interpretation END
          FROM ${writtenOffers} o JOIN ${users} u ON u.id = o.reader_id JOIN ${readingJournal} j ON j.id = ${about.entryId} AND j.user_id = ${client.id} AND json_array_length(j.cards) > 0`
    : sql`o.title, o.spread_id, o.price_cents, o.answer_hours, ${input.question}, 'asked', ${input.key}, ${now} + o.answer_hours * 3600000, ${now}, NULL, NULL, NULL, NULL, NULL, NULL,
          'written', NULL, NULL, NULL, NULL
          FROM ${writtenOffers} o JOIN ${users} u ON u.id = o.reader_id`;
  const results = await db.batch([
    db
      .insert(writtenRequests)
      .select(
        sql`SELECT ${id}, o.id, ${client.id}, o.reader_id, ${row}
            WHERE o.id = ${offerId} AND o.active = 1 AND o.reader_id <> ${client.id} AND u.is_reader = 1 AND u.suspended_at IS NULL AND ${balance} >= o.price_cents
              AND ${askedSql(client.id, since, sql`o.reader_id`)} < ${WRITTEN_LIMITS.perReader} AND ${askedSql(client.id, since, null)} < ${WRITTEN_LIMITS.inAll}
              AND NOT ${blockedSql(sql`o.reader_id`, client.id)}`,
      )
      .onConflictDoNothing(),
    ...writtenPaymentStatements(
      db,
      {
        requestId: id,
        clientId: client.id,
        cents: sql`(SELECT ${writtenRequests.priceCents} FROM ${writtenRequests} WHERE ${writtenRequests.id} = ${id})`,
        paid: sql`EXISTS (SELECT 1 FROM ${writtenRequests} WHERE ${writtenRequests.id} = ${id})`,
      },
      now,
    ),
    db
      .select({ id: writtenRequests.id, readerId: writtenRequests.readerId })
      .from(writtenRequests)
      .where(and(eq(writtenRequests.clientId, client.id), eq(writtenRequests.formKey, input.key))),
    offer,
  ] as unknown as [BatchStatement, ...BatchStatement[]]);
  const made = (results[3] as { id: string; readerId: string }[])[0];
  const found = (
    results[4] as { readerId: string; priceCents: number; active: boolean; balance: number; withReader: number; inAll: number; blocked: number }[]
  )[0];
  if (made) return { ok: true, value: { id: made.id, readerId: made.readerId, created: made.id === id } };
  const reason = found;
  if (!reason || !reason.active) return { ok: false, status: 404, message: WRITTEN_MESSAGES.offerGone };
  if (reason.readerId === client.id) return { ok: false, status: 403, message: WRITTEN_MESSAGES.self };
  if (reason.blocked) return { ok: false, status: 403, message: PAID_READING_MESSAGES.unavailable };
  if (Number(reason.withReader) >= WRITTEN_LIMITS.perReader) return { ok: false, status: 429, message: WRITTEN_MESSAGES.tooManyWithReader };
  if (Number(reason.inAll) >= WRITTEN_LIMITS.inAll) return { ok: false, status: 429, message: WRITTEN_MESSAGES.tooMany };
  if (Number(reason.balance) < reason.priceCents) return { ok: false, status: 402, message: WRITTEN_MESSAGES.balance };
  // Everything about the offer held: for a second opinion, the entry was the one missing (deleted since the page was drawn).
  if (about) return { ok: false, status: 404, message: SECOND_OPINION_MESSAGES.entry };
  return { ok: false, status: 402, message: WRITTEN_MESSAGES.balance };
}

/* Reading one ----------------------------------------------------------------------------------- */

/** A written request as its client or its reader sees it; null for anyone else. */
export async function writtenRequestFor(db: Database, viewerId: string, requestId: string) {
  const [row] = await db
    .select({
      id: writtenRequests.id,
      clientId: writtenRequests.clientId,
      readerId: writtenRequests.readerId,
      title: writtenRequests.title,
      spreadId: writtenRequests.spreadId,
      priceCents: writtenRequests.priceCents,
      answerHours: writtenRequests.answerHours,
      question: writtenRequests.question,
      status: writtenRequests.status,
      deadlineAt: writtenRequests.deadlineAt,
      askedAt: writtenRequests.askedAt,
      answeredAt: writtenRequests.answeredAt,
      answer: writtenRequests.answer,
      deckId: writtenRequests.deckId,
      cards: writtenRequests.cards,
      roomId: writtenRequests.roomId,
      refundedAt: writtenRequests.refundedAt,
      readerName: nameSql(outer.readerId),
      readerUsername: sql<string>`(SELECT u.username FROM ${users} u WHERE u.id = ${outer.readerId})`,
      clientName: nameSql(outer.clientId),
      tipCents: writtenTipCentsOf(outer.id),
      kind: writtenRequests.kind,
      keptSpreadName: writtenRequests.spreadName,
      readingQuestion: writtenRequests.readingQuestion,
      sharedInterpretation: writtenRequests.sharedInterpretation,
      // The client's entry: the one a second opinion was asked about, or the one the answer made.
      journalEntryId: sql<string | null>`(CASE WHEN ${writtenRequests.kind} = 'second-opinion'
        THEN (SELECT j.id FROM ${readingJournal} j WHERE j.user_id = ${viewerId} AND j.id = ${writtenRequests.journalEntryId})
        ELSE (SELECT j.id FROM ${readingJournal} j WHERE j.user_id = ${viewerId} AND j.session_id = ${outer.roomId}) END)`,
    })
    .from(writtenRequests)
    .where(and(eq(writtenRequests.id, requestId.slice(0, 64)), sql`(${writtenRequests.clientId} = ${viewerId} OR ${writtenRequests.readerId} = ${viewerId})`))
    .limit(1);
  if (!row) return null;
  const { keptSpreadName, ...rest } = row;
  return {
    ...rest,
    tipCents: Number(row.tipCents),
    role: row.clientId === viewerId ? ("client" as const) : ("reader" as const),
    spreadName: keptSpreadName ?? spreadById(row.spreadId)?.name ?? row.spreadId,
  };
}

/** The written requests a reader has been asked, those waiting first by their deadline, then the latest others. */
export async function writtenRequestsOfReader(db: Database, readerId: string, limit = 30) {
  return db
    .select({
      id: writtenRequests.id,
      title: writtenRequests.title,
      priceCents: writtenRequests.priceCents,
      status: writtenRequests.status,
      deadlineAt: writtenRequests.deadlineAt,
      askedAt: writtenRequests.askedAt,
      clientName: nameSql(outer.clientId),
    })
    .from(writtenRequests)
    .where(eq(writtenRequests.readerId, readerId))
    .orderBy(
      sql`${writtenRequests.status} = 'asked' DESC`,
      sql`CASE WHEN ${writtenRequests.status} = 'asked' THEN ${writtenRequests.deadlineAt} ELSE -${writtenRequests.askedAt} END`,
    )
    .limit(limit);
}

/* The private table ----------------------------------------------------------------------------- */

/**
 * The reader's private table for a waiting request: a reading room hosted by them alone, with the
 * offer's spread, made the first time and reused after. Nobody can be invited to it.
 */
export async function openWrittenTable(db: Database, reader: CurrentUser, requestId: string, now = Date.now()): Promise<Done<string>> {
  const request = await writtenRequestFor(db, reader.id, requestId);
  if (!request || request.role !== "reader") return { ok: false, status: 404, message: WRITTEN_MESSAGES.notFound };
  if (request.status !== "asked" || request.deadlineAt <= now) return { ok: false, status: 409, message: WRITTEN_MESSAGES.notAsked };
  if (request.kind === "second-opinion") return { ok: false, status: 409, message: SECOND_OPINION_MESSAGES.noTable };
  if (request.roomId) return { ok: true, value: request.roomId };
  const roomId = await openReading(db, reader, null, { spreadId: (spreadById(request.spreadId)?.id ?? null) as SpreadId | null });
  // Two clicks at once may each make a room: the first one tied to the request is the table.
  const [, [tied]] = await db.batch([
    db
      .update(writtenRequests)
      .set({ roomId })
      .where(and(eq(writtenRequests.id, request.id), sql`${writtenRequests.roomId} IS NULL`)),
    db.select({ roomId: writtenRequests.roomId }).from(writtenRequests).where(eq(writtenRequests.id, request.id)),
  ]);
  if (tied?.roomId && tied.roomId !== roomId) await db.delete(readingSessions).where(eq(readingSessions.id, roomId));
  return { ok: true, value: tied?.roomId ?? roomId };
}

/** Whether a reading session is the private table of a written reading (nobody may be invited to it). */
export const isWrittenTable = (sessionId: ReturnType<typeof sql> | typeof readingSessions.id) =>
  sql`EXISTS (SELECT 1 FROM ${writtenRequests} WHERE ${writtenRequests.roomId} = ${sessionId})`;

/* Answering ------------------------------------------------------------------------------------- */

/**
 * The reader sends the answer. The cards are the ones on the private table, read from the room
 * itself; the answer, the reader's earning (at the fee rule of live readings) and the client's
 * journal entry are one batch that only a request still waiting and in time can take.
 */
export async function answerWritten(
  db: Database,
  env: Env,
  reader: CurrentUser,
  requestId: string,
  answer: string,
  now = Date.now(),
): Promise<Done<{ id: string; clientId: string }>> {
  const request = await writtenRequestFor(db, reader.id, requestId);
  if (!request || request.role !== "reader") return { ok: false, status: 404, message: WRITTEN_MESSAGES.notFound };
  if (request.status !== "asked") return { ok: false, status: 409, message: WRITTEN_MESSAGES.notAsked };
  if (request.deadlineAt <= now) return { ok: false, status: 409, message: WRITTEN_MESSAGES.late };
  const fee = readingFeeCents(request.priceCents);
  const answered = sql`EXISTS (SELECT 1 FROM ${writtenRequests} WHERE ${writtenRequests.id} = ${request.id} AND ${writtenRequests.status} = 'answered' AND ${writtenRequests.answeredAt} = ${now})`;
  const stillAsked = and(
    eq(writtenRequests.id, request.id),
    eq(writtenRequests.readerId, reader.id),
    eq(writtenRequests.status, "asked"),
    sql`${writtenRequests.deadlineAt} > ${now}`,
  );
  const earning = db
    .insert(sellerLedger)
    .select(
      sql`SELECT ${newId()}, ${reader.id}, 'written', NULL, NULL, ${request.priceCents}, ${fee}, ${request.priceCents - fee}, ${`written:${request.id}`}, ${now}, NULL WHERE ${answered}`,
    )
    .onConflictDoNothing();
  const status = db
    .select({ status: writtenRequests.status, answeredAt: writtenRequests.answeredAt })
    .from(writtenRequests)
    .where(eq(writtenRequests.id, request.id));
  let after: { status: string; answeredAt: number | null } | undefined;
  if (request.kind === "second-opinion") {
    // The cards were copied from the client's entry when asked; the answer is shown on that entry.
    [, , [after]] = await db.batch([db.update(writtenRequests).set({ status: "answered", answeredAt: now, answer }).where(stillAsked), earning, status]);
  } else {
    if (!request.roomId) return { ok: false, status: 400, message: WRITTEN_MESSAGES.noCards };
    const room = await getServerByName(env.ReadingRoom, request.roomId);
    const state = await room.snapshot(reader.id);
    if (!state || state.table.length === 0 || state.table.some((card) => !card.revealed)) return { ok: false, status: 400, message: WRITTEN_MESSAGES.noCards };
    const content = journalContent(state);
    const cardsJson = JSON.stringify(content.cards);
    const layoutJson = content.layout ? JSON.stringify(content.layout) : null;
    [, , , [after]] = await db.batch([
      db.update(writtenRequests).set({ status: "answered", answeredAt: now, answer, cards: content.cards, deckId: content.deckId }).where(stillAsked),
      earning,
      db
        .insert(readingJournal)
        // Every column of the journal's table, in the order db/schema.ts declares them (drizzle names them all).
        .select(
          sql`SELECT ${newId()}, ${request.clientId}, ${request.roomId}, ${content.deckId}, ${request.question}, ${content.spreadId}, ${content.spreadName}, ${cardsJson}, ${answer}, '', 0, NULL, 0, NULL, '[]', NULL, NULL, ${layoutJson}, ${now}, ${now}
              WHERE ${answered}`,
        )
        .onConflictDoNothing(),
      status,
    ]);
  }
  if (after?.status !== "answered" || after.answeredAt !== now)
    return { ok: false, status: 409, message: after?.status === "refunded" ? WRITTEN_MESSAGES.late : WRITTEN_MESSAGES.notAsked };
  return { ok: true, value: { id: request.id, clientId: request.clientId } };
}

/** The client tips their answered written reading (tips.server.ts holds the rule); null when it is not theirs. */
export async function tipWritten(db: Database, clientId: string, requestId: string, tip: { cents: number; key: string }) {
  const id = requestId.slice(0, 64);
  const [row] = await db
    .select({ readerId: writtenRequests.readerId })
    .from(writtenRequests)
    .where(and(eq(writtenRequests.id, id), eq(writtenRequests.clientId, clientId)))
    .limit(1);
  if (!row) return null;
  const answered = sql`EXISTS (SELECT 1 FROM ${writtenRequests} WHERE ${writtenRequests.id} = ${id} AND ${writtenRequests.clientId} = ${clientId} AND ${writtenRequests.status} = 'answered')`;
  return tipWrittenReading(db, clientId, { id, readerId: row.readerId, answered }, tip);
}

/* Refunds --------------------------------------------------------------------------------------- */

/**
 * Gives back every written reading left unanswered past its deadline, once: the status changes
 * from asked to refunded in the same batch as the balance line, whose reference is the request's,
 * so two runs at once refund each request a single time. Returns the requests this run refunded.
 */
export async function refundOverdueWritten(db: Database, now: number, config: AppConfig | null = null) {
  let refunded = 0;
  // A few dozen at a time keeps each batch's list of lines under D1's bound parameters.
  for (let round = 0; round < 20; round++) {
    const done = await refundSome(db, now, config);
    refunded += done.refunded;
    if (done.seen < REFUND_BATCH) break;
  }
  return { refunded };
}

const REFUND_BATCH = 40;

async function refundSome(db: Database, now: number, config: AppConfig | null) {
  const due = await db
    .select({ id: writtenRequests.id, clientId: writtenRequests.clientId, priceCents: writtenRequests.priceCents })
    .from(writtenRequests)
    .where(and(eq(writtenRequests.status, "asked"), lte(writtenRequests.deadlineAt, now)))
    .limit(REFUND_BATCH);
  if (due.length === 0) return { refunded: 0, seen: 0 };
  const entryIds = new Map(due.map((request) => [newId(), request.id]));
  const entryOf = new Map([...entryIds].map(([entryId, requestId]) => [requestId, entryId]));
  const statements = due.flatMap((request) => [
    db
      .update(writtenRequests)
      .set({ status: "refunded", refundedAt: now })
      .where(and(eq(writtenRequests.id, request.id), eq(writtenRequests.status, "asked"), lte(writtenRequests.deadlineAt, now))),
    ...writtenRefundStatements(
      db,
      {
        requestId: request.id,
        clientId: request.clientId,
        cents: request.priceCents,
        refunded: sql`EXISTS (SELECT 1 FROM ${writtenRequests} WHERE ${writtenRequests.id} = ${request.id} AND ${writtenRequests.status} = 'refunded')`,
        entryId: entryOf.get(request.id),
      },
      now,
    ),
  ]);
  const results = await db.batch([
    ...statements,
    db
      .select({ id: walletEntries.id })
      .from(walletEntries)
      .where(inArray(walletEntries.id, [...entryIds.keys()])),
  ] as unknown as [BatchStatement, ...BatchStatement[]]);
  // The lines this run wrote (a run at the same moment wrote none for the same request: the references are unique).
  const mine = new Set((results.at(-1) as { id: string }[]).map((row) => entryIds.get(row.id)!));
  if (config && mine.size > 0) {
    const pending: Promise<unknown>[] = [];
    const target: NoticeTarget = { db, config, waitUntil: (work) => void pending.push(work) };
    await tellRefunded(target, [...mine]);
    await Promise.all(pending);
  }
  return { refunded: mine.size, seen: due.length };
}

/* Notices --------------------------------------------------------------------------------------- */

async function noticeFacts(db: Database, requestId: string) {
  const [row] = await db
    .select({
      title: writtenRequests.title,
      kind: writtenRequests.kind,
      priceCents: writtenRequests.priceCents,
      deadlineAt: writtenRequests.deadlineAt,
      readerName: nameSql(outer.readerId),
      clientName: nameSql(outer.clientId),
      readerEmail: emailSql(outer.readerId),
      clientEmail: emailSql(outer.clientId),
    })
    .from(writtenRequests)
    .where(eq(writtenRequests.id, requestId))
    .limit(1);
  return row ?? null;
}

const requestPath = (id: string) => `/written/${id}`;

/** Tells the reader a written reading was asked of them. */
export async function tellAsked(target: NoticeTarget, requestId: string, origin: string) {
  const facts = await noticeFacts(target.db, requestId);
  if (!facts?.readerEmail) return;
  sendNotice(target, {
    to: facts.readerEmail,
    subject: `New written reading: ${facts.title}`,
    heading: "A client asked for a written reading",
    paragraphs: [
      `${facts.clientName} asked for “${facts.title}” (${formatMoney(facts.priceCents)}).`,
      facts.kind === "second-opinion"
        ? `They ask for your reading of cards they already drew: answer before ${new Date(facts.deadlineAt).toUTCString()}. Unanswered by then, the client is refunded.`
        : `Answer before ${new Date(facts.deadlineAt).toUTCString()}: draw the cards at your private table and write your answer. Unanswered by then, the client is refunded.`,
    ],
    action: { label: "Open the request", url: `${origin}${requestPath(requestId)}` },
  });
}

/** Tells the client their written reading is answered. */
export async function tellAnswered(target: NoticeTarget, requestId: string, origin: string) {
  const facts = await noticeFacts(target.db, requestId);
  if (!facts?.clientEmail) return;
  sendNotice(target, {
    to: facts.clientEmail,
    subject: `Your written reading is answered`,
    heading: `${facts.readerName} answered your written reading`,
    paragraphs: [
      facts.kind === "second-opinion"
        ? `${facts.readerName} answered “${facts.title}”. The answer is on that reading in your journal too.`
        : `Your reading “${facts.title}” is ready, with the cards ${facts.readerName} drew for you. It is in your journal too.`,
    ],
    action: { label: "Read the answer", url: `${origin}${requestPath(requestId)}` },
  });
}

/** Tells each client a written reading of theirs was refunded, unanswered in time. */
async function tellRefunded(target: NoticeTarget, requestIds: string[]) {
  for (const id of requestIds) {
    const facts = await noticeFacts(target.db, id);
    if (!facts?.clientEmail) continue;
    sendNotice(target, {
      to: facts.clientEmail,
      subject: `Refunded: your written reading was not answered in time`,
      heading: "Your written reading was refunded",
      paragraphs: [
        `${facts.readerName} did not answer “${facts.title}” in time, so its price of ${formatMoney(facts.priceCents)} is back in your reading balance.`,
      ],
      rows: [{ label: "Refunded", value: formatMoney(facts.priceCents) }],
    });
  }
}
