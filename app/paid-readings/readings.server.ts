/**
 * A paid reading after its clock: the ending written once (totals, the platform's fee, the
 * reader's earning, the reader's count of readings), the receipt, the client's review and the
 * reader's answer, reports, and a staff refund that gives the client their balance back.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { and, desc, eq, isNull, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { paidReadings, readerProfiles, readingReports, readingReviews, sellerLedger, users } from "../../db/schema";
import { personNameSql } from "../auth/person-name.server";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import type { EndReason, EndReasonViewer } from "./clock";
import { availableCentsSql, readingRefundStatements } from "./wallet.server";
import { tipCentsOf, topUpList, topUpsDuring } from "./receipts.server";
import { guaranteeStatus } from "./guarantee";
import { claimCreditSql, claimReaderShareSql, lastClaimAtSql } from "./guarantee.server";
import { paidReadingTakesTips, READING_FEE_PERCENT, REPLY_MAX, REPORT_REASON_MAX, REPORT_REASON_MIN, REVIEW_MAX } from "./rules";
import { REPUTATION_MESSAGES } from "../readers/reputation";
import { metCountedBefore, readingCounts, reviewWeighs, likelyOnePerson } from "../readers/reputation.server";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

type Statement = BatchItem<"sqlite">;

/** What a paid reading's room needs to start its clock; null when the reading is not a paid one. */
export async function paidReadingForRoom(db: Database, id: string) {
  const [row] = await db
    .select({
      id: paidReadings.id,
      clientId: paidReadings.clientId,
      readerId: paidReadings.readerId,
      pricePerMinuteCents: paidReadings.pricePerMinuteCents,
      freeMinutes: paidReadings.freeMinutes,
      status: paidReadings.status,
      minutesBilled: paidReadings.minutesBilled,
      chargedCents: paidReadings.chargedCents,
      createdAt: paidReadings.createdAt,
      balanceCents: availableCentsSql(paidReadings.clientId, paidReadings.id),
    })
    .from(paidReadings)
    .where(eq(paidReadings.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Ends a paid reading once: the reader's earning (gross, the platform's fee, net) goes to their
 * ledger, a reading that counts (decision 0051) adds to their readings and, for a client's first,
 * to their clients, and the reading is marked ended with its totals, all in one batch whose every
 * statement holds only while the reading is not yet ended. The charged total is the database's own,
 * never the room's copy.
 */
export async function finishPaidReading(
  db: Database,
  id: string,
  details: { startedAt: number | null; reason: EndReason; interruptedMs?: number },
  now: number,
) {
  const open = and(eq(paidReadings.id, id), ne(paidReadings.status, "ended"));
  const fee = sql`CAST(ROUND(${paidReadings.chargedCents} * ${READING_FEE_PERCENT} / 100.0) AS INTEGER)`;
  const statements: Statement[] = [
    db
      .insert(sellerLedger)
      .select(
        sql`SELECT ${newId()}, ${paidReadings.readerId}, 'reading', NULL, NULL, ${paidReadings.chargedCents}, ${fee}, ${paidReadings.chargedCents} - ${fee}, ${`reading:${id}`}, ${now}, ${paidReadings.id}
            FROM ${paidReadings} WHERE ${open} AND ${paidReadings.chargedCents} > 0`,
      )
      .onConflictDoNothing(),
    db.update(paidReadings).set({ counted: true }).where(and(open, readingCounts)),
    db
      .update(readerProfiles)
      .set({
        completedReadings: sql`${readerProfiles.completedReadings} + 1`,
        countedClients: sql`${readerProfiles.countedClients} + (SELECT NOT ${metCountedBefore(id)} FROM ${paidReadings} WHERE ${paidReadings.id} = ${id})`,
        updatedAt: now,
      })
      .where(sql`${readerProfiles.userId} = (SELECT ${paidReadings.readerId} FROM ${paidReadings} WHERE ${open} AND ${paidReadings.counted} = 1)`),
    db
      .update(paidReadings)
      .set({
        status: "ended",
        feeCents: fee,
        netCents: sql`${paidReadings.chargedCents} - ${fee}`,
        endReason: details.reason,
        startedAt: details.startedAt,
        interruptedMs: Math.max(0, Math.round(details.interruptedMs ?? 0)),
        endedAt: now,
      })
      .where(open),
  ];
  await db.batch(statements as [Statement, ...Statement[]]);
}

export async function markPaidReadingStarted(db: Database, id: string, at: number) {
  await db
    .update(paidReadings)
    .set({ startedAt: at })
    .where(and(eq(paidReadings.id, id), isNull(paidReadings.startedAt)));
}

const personName = (column: SQL | SQLiteColumn) => personNameSql(column, "A client");

/** A paid reading's receipt and review, for its client, its reader or staff; null for anyone else. */
export async function getPaidReading(db: Database, viewerId: string, id: string, { staff = false, now = Date.now() } = {}) {
  const [row] = await db
    .select({
      reading: paidReadings,
      clientName: personName(paidReadings.clientId),
      readerName: personName(paidReadings.readerId),
      readerUsername: sql<string | null>`(SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${paidReadings.readerId})`,
      review: {
        rating: readingReviews.rating,
        body: readingReviews.body,
        reply: readingReviews.reply,
        createdAt: readingReviews.createdAt,
        repliedAt: readingReviews.repliedAt,
      },
      reported: sql<number>`EXISTS (SELECT 1 FROM ${readingReports} WHERE ${readingReports.paidReadingId} = ${paidReadings.id} AND ${readingReports.reporterId} = ${viewerId})`,
      onePerson: likelyOnePerson(paidReadings.clientId, paidReadings.readerId),
      tipCents: tipCentsOf(sql`${paidReadings.id}`),
      tipNetCents: sql<number>`coalesce((SELECT sum(${sellerLedger.netCents}) FROM ${sellerLedger} WHERE ${sellerLedger.paidReadingId} = ${paidReadings.id} AND ${sellerLedger.kind} = 'tip'), 0)`,
      topUps: topUpsDuring,
      clientBalanceCents: sql<number>`coalesce((SELECT balance_cents FROM reading_wallets WHERE user_id = ${paidReadings.clientId}), 0)`,
      guaranteeCents: claimCreditSql(sql`${paidReadings.id}`),
      guaranteeReaderShareCents: claimReaderShareSql(sql`${paidReadings.id}`),
      clientLastClaimAt: lastClaimAtSql(sql`${paidReadings.clientId}`),
    })
    .from(paidReadings)
    .leftJoin(readingReviews, eq(readingReviews.paidReadingId, paidReadings.id))
    .where(eq(paidReadings.id, id.slice(0, 64)))
    .limit(1);
  if (!row) return null;
  const { reading } = row;
  const role: EndReasonViewer["role"] | null = reading.clientId === viewerId ? "client" : reading.readerId === viewerId ? "reader" : staff ? "staff" : null;
  if (!role) return null;
  const paidMinutes = Math.max(0, reading.minutesBilled - reading.freeMinutes);
  return {
    id: reading.id,
    role,
    status: reading.status,
    mode: reading.mode,
    clientName: row.clientName,
    readerName: row.readerName,
    readerUsername: row.readerUsername,
    pricePerMinuteCents: reading.pricePerMinuteCents,
    minutes: reading.minutesBilled,
    freeMinutesUsed: Math.min(reading.minutesBilled, reading.freeMinutes),
    paidMinutes,
    chargedCents: reading.chargedCents,
    refundedCents: reading.refundedCents,
    // The reader's side of the receipt; the client is not shown the split.
    feeCents: role === "client" ? null : reading.feeCents,
    netCents: role === "client" ? null : reading.netCents,
    endReason: reading.endReason as EndReason | null,
    /** Time the room was down during the reading (what the receipt says was not billed). */
    interruptedMs: reading.interruptedMs,
    startedAt: reading.startedAt,
    endedAt: reading.endedAt,
    review: row.review?.rating ? row.review : null,
    /** For the client: null when they may review, else why not. */
    reviewRefusal: role === "client" ? reviewRefusal({ ...reading, onePerson: row.onePerson === 1 }) : null,
    reported: row.reported === 1,
    tipCents: Number(row.tipCents),
    /** The reader's share of the tips, after the same fee as the minutes. */
    tipNetCents: role === "client" ? null : Number(row.tipNetCents),
    /** The client's own top-ups while the reading ran; the reader is not shown them. */
    topUps: role === "reader" ? [] : topUpList(row.topUps),
    /** For the client: their balance, which bounds a tip; null for anyone else. */
    balanceCents: role === "client" ? Number(row.clientBalanceCents) : null,
    mayTip: role === "client" && paidReadingTakesTips(reading),
    /** For the client: where the reading stands with the satisfaction guarantee; null for anyone else. */
    guarantee:
      role === "client"
        ? guaranteeStatus(
            reading,
            { thisReadingCents: row.guaranteeCents === null ? null : Number(row.guaranteeCents), lastClaimAt: row.clientLastClaimAt },
            now,
          )
        : null,
    /** A claim on the reading as its reader and staff see it: the credit and what the reader's earning gave back. */
    claim:
      role !== "client" && row.guaranteeCents !== null
        ? { creditCents: Number(row.guaranteeCents), readerShareCents: Number(row.guaranteeReaderShareCents ?? 0) }
        : null,
  };
}

export type PaidReadingView = NonNullable<Awaited<ReturnType<typeof getPaidReading>>>;

export const reviewForm = lazySchema(() =>
  z.object({
    rating: z.coerce
      .number({ error: "Choose a rating from 1 to 5 stars." })
      .int()
      .min(1, "Choose a rating from 1 to 5 stars.")
      .max(5, "Choose a rating from 1 to 5 stars."),
    body: z.string().trim().max(REVIEW_MAX, `Keep the review under ${REVIEW_MAX} characters.`).default(""),
  }),
);
export const replyForm = lazySchema(() =>
  z.object({
    reply: z.string().trim().min(1, "Write an answer first.").max(REPLY_MAX, `Keep the answer under ${REPLY_MAX} characters.`),
  }),
);
export const reportForm = lazySchema(() =>
  z.object({
    reason: z
      .string()
      .trim()
      .min(REPORT_REASON_MIN, `Tell us what happened in at least ${REPORT_REASON_MIN} characters.`)
      .max(REPORT_REASON_MAX, `Keep it under ${REPORT_REASON_MAX} characters.`),
  }),
);

type Done = { ok: true; message: string; readerId?: string } | { ok: false; status: number; message: string };

/**
 * Why a client may not review this reading yet, or null when they may: it ended, minutes were paid
 * for, and the two accounts were never used on one device (decision 0051).
 */
function reviewRefusal(reading: { status: string; minutesBilled: number; chargedCents: number; onePerson: boolean }): string | null {
  if (reading.status !== "ended" || reading.minutesBilled === 0) return "A reading can be reviewed once it has taken place and ended.";
  if (reading.chargedCents === 0) return "Only a reading with paid minutes can be reviewed.";
  if (reading.onePerson) return REPUTATION_MESSAGES.onePerson;
  return null;
}

/**
 * The client rates a finished reading that was paid for, once (free minutes alone buy no rating, and
 * accounts that shared a device review nothing of each other). Every review is published; it weighs
 * in the reader's rating only by the rules of decision 0051, decided inside the batch, where the
 * rating counters move only while no review of this reading exists yet.
 */
export async function reviewReading(db: Database, clientId: string, id: string, input: z.infer<typeof reviewForm>, now = Date.now()): Promise<Done> {
  const [row] = await db
    .select({ reading: paidReadings, onePerson: likelyOnePerson(paidReadings.clientId, paidReadings.readerId) })
    .from(paidReadings)
    .where(and(eq(paidReadings.id, id), eq(paidReadings.clientId, clientId)))
    .limit(1);
  if (!row) return { ok: false, status: 404, message: "Reading not found" };
  const reading = row.reading;
  const refusal = reviewRefusal({ ...reading, onePerson: row.onePerson === 1 });
  if (refusal) return { ok: false, status: 409, message: refusal };
  const weighs = reviewWeighs(reading, now);
  const [, inserted] = await db.batch([
    db
      .update(readerProfiles)
      .set({ ratingSum: sql`${readerProfiles.ratingSum} + ${input.rating}`, ratingCount: sql`${readerProfiles.ratingCount} + 1`, updatedAt: now })
      .where(
        and(
          eq(readerProfiles.userId, reading.readerId),
          sql`NOT EXISTS (SELECT 1 FROM ${readingReviews} WHERE ${readingReviews.paidReadingId} = ${id})`,
          weighs,
        ),
      ),
    db
      .insert(readingReviews)
      .values({ paidReadingId: id, clientId, readerId: reading.readerId, rating: input.rating, body: input.body, createdAt: now, counted: sql`${weighs}` })
      .onConflictDoNothing()
      .returning({ id: readingReviews.paidReadingId, counted: readingReviews.counted }),
  ]);
  const [review] = inserted;
  if (!review) return { ok: false, status: 409, message: "You have already reviewed this reading." };
  const message = review.counted ? REPUTATION_MESSAGES.weighs : reading.counted ? REPUTATION_MESSAGES.recent : REPUTATION_MESSAGES.tooSmall;
  return { ok: true, message, readerId: reading.readerId };
}

/** The reader answers a review of one of their readings, once. */
export async function replyToReview(db: Database, readerId: string, id: string, reply: string, now = Date.now()): Promise<Done> {
  const [row] = await db
    .update(readingReviews)
    .set({ reply, repliedAt: now })
    .where(and(eq(readingReviews.paidReadingId, id), eq(readingReviews.readerId, readerId), isNull(readingReviews.reply)))
    .returning({ id: readingReviews.paidReadingId });
  if (row) return { ok: true, message: "Your answer is published." };
  const review = await db.query.readingReviews.findFirst({
    columns: { reply: true },
    where: and(eq(readingReviews.paidReadingId, id), eq(readingReviews.readerId, readerId)),
  });
  return review ? { ok: false, status: 409, message: "You have already answered this review." } : { ok: false, status: 404, message: "Review not found" };
}

/** The client reports a reading to staff, once. */
export async function reportReading(db: Database, clientId: string, id: string, reason: string, now = Date.now()): Promise<Done> {
  const reading = await db.query.paidReadings.findFirst({ columns: { id: true }, where: and(eq(paidReadings.id, id), eq(paidReadings.clientId, clientId)) });
  if (!reading) return { ok: false, status: 404, message: "Reading not found" };
  const [row] = await db
    .insert(readingReports)
    .values({ id: newId(), paidReadingId: id, reporterId: clientId, reason, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: readingReports.id });
  return row
    ? { ok: true, message: "Thank you: staff will look at this reading." }
    : { ok: false, status: 409, message: "You have already reported this reading." };
}

/**
 * Staff refund a finished reading in full: the client's balance gets back what was charged and not
 * yet given back, the reader's earning is taken back, and open reports on it are closed, once.
 */
export async function refundReading(db: Database, id: string, now = Date.now()): Promise<Done & { clientId?: string }> {
  const reading = await db.query.paidReadings.findFirst({ where: eq(paidReadings.id, id.slice(0, 64)) });
  if (!reading) return { ok: false, status: 404, message: "Reading not found" };
  if (reading.status !== "ended") return { ok: false, status: 409, message: "A reading can be refunded once it has ended." };
  const cents = reading.chargedCents - reading.refundedCents;
  if (cents <= 0) return { ok: false, status: 409, message: "Nothing is left to refund on this reading." };
  const share = reading.chargedCents > 0 ? cents / reading.chargedCents : 0;
  const fee = Math.round(reading.feeCents * share);
  const guard = and(eq(paidReadings.id, reading.id), eq(paidReadings.refundedCents, reading.refundedCents));
  const statements: Statement[] = [
    // The reader's earning back first: its unique reference makes a second refund fail here, whole.
    db.insert(sellerLedger).values({
      id: newId(),
      sellerId: reading.readerId,
      kind: "reading-refund",
      paidReadingId: reading.id,
      grossCents: -cents,
      feeCents: -fee,
      netCents: -(cents - fee),
      referenceId: `reading-refund:${reading.id}`,
      createdAt: now,
    }),
    db.update(paidReadings).set({ refundedCents: reading.chargedCents, refundedAt: now }).where(guard),
    ...readingRefundStatements(db, reading, cents, now),
    db
      .update(readingReports)
      .set({ resolvedAt: now })
      .where(and(eq(readingReports.paidReadingId, reading.id), isNull(readingReports.resolvedAt))),
  ];
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
  } catch {
    return { ok: false, status: 409, message: "This reading has already been refunded." };
  }
  return { ok: true, message: `Refunded: the client's balance got back ${(cents / 100).toFixed(2)}.`, clientId: reading.clientId, readerId: reading.readerId };
}

/**
 * Finished readings of a reader or a client, newest first: awaited, or sent in a page's batch with
 * `who` as `me` (app/lib/page-reads.server.ts).
 */
export function readingHistory(db: Database, who: string | SQLWrapper, as: "reader" | "client", limit = 30) {
  const mine = as === "reader" ? paidReadings.readerId : paidReadings.clientId;
  const other = as === "reader" ? paidReadings.clientId : paidReadings.readerId;
  return db
    .select({
      id: paidReadings.id,
      otherName: personName(other),
      status: paidReadings.status,
      minutes: paidReadings.minutesBilled,
      freeMinutes: paidReadings.freeMinutes,
      chargedCents: paidReadings.chargedCents,
      netCents: paidReadings.netCents,
      refundedCents: paidReadings.refundedCents,
      endedAt: paidReadings.endedAt,
      createdAt: paidReadings.createdAt,
      rating: readingReviews.rating,
      review: readingReviews.body,
      reply: readingReviews.reply,
    })
    .from(paidReadings)
    .leftJoin(readingReviews, eq(readingReviews.paidReadingId, paidReadings.id))
    .where(eq(mine, who))
    .orderBy(desc(paidReadings.createdAt))
    .limit(limit);
}

/** Open reports on readings, for staff. */
export async function openReadingReports(db: Database) {
  return db
    .select({
      id: readingReports.id,
      paidReadingId: readingReports.paidReadingId,
      reason: readingReports.reason,
      createdAt: readingReports.createdAt,
      reporterName: personName(readingReports.reporterId),
      readerName: personName(paidReadings.readerId),
      chargedCents: paidReadings.chargedCents,
      refundedCents: paidReadings.refundedCents,
      minutes: paidReadings.minutesBilled,
    })
    .from(readingReports)
    .innerJoin(paidReadings, eq(paidReadings.id, readingReports.paidReadingId))
    .where(isNull(readingReports.resolvedAt))
    .orderBy(desc(readingReports.createdAt))
    .limit(100);
}

/** What the reader dashboard shows of paid readings: earnings from readings, the shared balance, and the history with its reviews. */
export async function readerEarnings(db: Database, readerId: string) {
  const [[totals], [balance], history] = await Promise.all([
    db
      .select({
        grossCents: sql<number>`coalesce(sum(${sellerLedger.grossCents}), 0)`,
        feeCents: sql<number>`coalesce(sum(${sellerLedger.feeCents}), 0)`,
        netCents: sql<number>`coalesce(sum(${sellerLedger.netCents}), 0)`,
      })
      .from(sellerLedger)
      .where(and(eq(sellerLedger.sellerId, readerId), sql`${sellerLedger.kind} IN ('reading', 'reading-refund', 'written', 'guarantee')`)),
    db
      .select({ cents: sql<number>`coalesce(sum(${sellerLedger.netCents}), 0)` })
      .from(sellerLedger)
      .where(eq(sellerLedger.sellerId, readerId)),
    readingHistory(db, readerId, "reader", 30),
  ]);
  return {
    totals: { grossCents: Number(totals?.grossCents ?? 0), feeCents: Number(totals?.feeCents ?? 0), netCents: Number(totals?.netCents ?? 0) },
    balanceCents: Number(balance?.cents ?? 0),
    history,
  };
}

/** The latest reviews of a reader's paid readings, for their public profile: rating, words, the reader's answer, and the client's username only. */
/** How many reviews a reader has had in all: the number beside the newest few their page shows. */
export async function reviewCountOf(db: Database, username: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(readingReviews)
    .innerJoin(users, eq(users.id, readingReviews.readerId))
    .where(eq(users.username, username));
  return row?.count ?? 0;
}

export async function publicReviewsOf(db: Database, username: string, limit = 10) {
  return db
    .select({
      rating: readingReviews.rating,
      body: readingReviews.body,
      reply: readingReviews.reply,
      createdAt: readingReviews.createdAt,
      clientName: sql<string>`coalesce((SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${readingReviews.clientId}), 'A client')`,
    })
    .from(readingReviews)
    .innerJoin(users, eq(users.id, readingReviews.readerId))
    .where(eq(users.username, username))
    .orderBy(desc(readingReviews.createdAt))
    .limit(limit);
}
