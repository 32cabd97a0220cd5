/**
 * A client's reading balance: top-ups through the payments adapter, a charge per started minute of
 * a paid reading, refunds. Every change writes its ledger line and moves the balance in one batch,
 * guarded by the line's unique reference, so a repeated delivery or a retried minute changes nothing.
 */
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { and, desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { checkoutSessions, paidReadings, paymentReceipts, readerBookings, readingWallets, walletEntries, walletHolds } from "../../db/schema";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { formatMoney } from "../lib/format";
import { log } from "../observe/log.server";
import { METRICS, recordMetric } from "../observe/metrics.server";

type Statement = BatchItem<"sqlite">;

export async function balanceOf(db: Database, userId: string): Promise<number> {
  return balanceFrom(await balanceQuery(db, userId));
}

/** The statement behind `balanceOf`, for a page that reads it beside others (`me` for the session's person). */
export const balanceQuery = (db: Database, userId: string | SQL) =>
  db.select({ balance: readingWallets.balanceCents }).from(readingWallets).where(eq(readingWallets.userId, userId)).limit(1);

/** The balance `balanceQuery` read: none stored is nothing. */
export const balanceFrom = ([row]: { balance: number }[]) => row?.balance ?? 0;

/*
 * Holds (decision 0081): money set aside from a balance for something still to come. The balance
 * and its ledger do not move when money is held; what can be spent is the balance less its open
 * holds. A hold ends once: released (nothing charged) or converted (a part charged, as a `hold` line,
 * the rest released), each a conditional statement on `status = 'held'`.
 */

/**
 * The cents a person has on hold, as SQL. A reading's own booking hold is left out for that reading:
 * its minutes are what the hold was for.
 */
export function heldCentsSql(userId: string | SQLWrapper, exceptReadingId?: string | SQLWrapper): SQL<number> {
  const own = exceptReadingId
    ? sql` AND NOT (${walletHolds.kind} = 'booking' AND ${walletHolds.subjectId} IN (SELECT ${readerBookings.id} FROM ${readerBookings} WHERE ${readerBookings.readingId} = ${exceptReadingId}))`
    : sql``;
  return sql<number>`COALESCE((SELECT sum(${walletHolds.amountCents}) FROM ${walletHolds} WHERE ${walletHolds.userId} = ${userId} AND ${walletHolds.status} = 'held'${own}), 0)`;
}

/** What a person can spend, as SQL: the balance less the open holds (see `heldCentsSql`). */
export function availableCentsSql(userId: string | SQLWrapper, exceptReadingId?: string | SQLWrapper): SQL<number> {
  return sql<number>`(COALESCE((SELECT ${readingWallets.balanceCents} FROM ${readingWallets} WHERE ${readingWallets.userId} = ${userId}), 0) - ${heldCentsSql(userId, exceptReadingId)})`;
}

/** What a person can spend now: their balance less what is on hold. */
export async function availableBalanceOf(db: Database, userId: string, exceptReadingId?: string): Promise<number> {
  const [row] = await db.select({ cents: availableCentsSql(userId, exceptReadingId) }).from(sql`(SELECT 1)`);
  return Number(row?.cents ?? 0);
}

export type HoldKind = (typeof walletHolds.$inferSelect)["kind"];

/** Sets `cents` aside for a thing, only while the available balance covers it (and `when` holds); at most one hold per thing. */
export function placeHoldStatements(
  db: Database,
  hold: { id: string; userId: string; kind: HoldKind; subjectId: string; cents: number },
  now: number,
  when: SQL = sql`1`,
): Statement[] {
  return [
    db
      .insert(walletHolds)
      .select(
        sql`SELECT ${hold.id}, ${hold.userId}, ${hold.kind}, ${hold.subjectId}, ${hold.cents}, 'held', 0, ${now}, NULL
            WHERE ${hold.cents} > 0 AND ${availableCentsSql(hold.userId)} >= ${hold.cents} AND ${when}`,
      )
      .onConflictDoNothing(),
  ];
}

const openHold = (kind: HoldKind, subjectId: string) => and(eq(walletHolds.kind, kind), eq(walletHolds.subjectId, subjectId), eq(walletHolds.status, "held"));

/**
 * Releases a thing's hold whole, once (nothing when it is settled already, or while `when` is false):
 * batch it with the thing's own change.
 */
export function releaseHoldStatements(db: Database, kind: HoldKind, subjectId: string, now: number, when: SQL = sql`1`): Statement[] {
  return [
    db
      .update(walletHolds)
      .set({ status: "released", settledAt: now })
      .where(and(openHold(kind, subjectId), when)),
  ];
}

/**
 * Converts a thing's hold, once: `cents` of it (at most the hold and the balance) leave the balance as
 * one `hold` line and the rest is released. The line is written only while the hold is open, the
 * balance moves only with that line and the hold closes after it; `after` adds statements that go
 * with the line (they may test `EXISTS` of `entryId`, such as the reader's earning). Batch them
 * with the thing's own guarded change, so a second run finds the hold settled and writes nothing;
 * nothing moves while `when` is false.
 */
export function convertHoldStatements(
  db: Database,
  hold: { kind: HoldKind; subjectId: string; cents: number; description: string },
  now: number,
  after: (entryId: string) => Statement[] = () => [],
  when: SQL = sql`1`,
): Statement[] {
  const entryId = newId();
  const open = and(openHold(hold.kind, hold.subjectId), when);
  const balance = sql`COALESCE((SELECT ${readingWallets.balanceCents} FROM ${readingWallets} WHERE ${readingWallets.userId} = ${walletHolds.userId}), 0)`;
  const taken = sql`MIN(${walletHolds.amountCents}, ${Math.max(0, Math.round(hold.cents))}, ${balance})`;
  const written = sql`EXISTS (SELECT 1 FROM ${walletEntries} WHERE ${walletEntries.id} = ${entryId})`;
  return [
    db
      .insert(walletEntries)
      .select(
        sql`SELECT ${entryId}, ${walletHolds.userId}, 'hold', -${taken}, NULL, NULL, NULL, ${`hold:${hold.kind}:${hold.subjectId}`}, ${hold.description}, ${now}
            FROM ${walletHolds} WHERE ${open} AND ${taken} > 0`,
      )
      .onConflictDoNothing(),
    db
      .update(readingWallets)
      .set({
        balanceCents: sql`${readingWallets.balanceCents} + (SELECT ${walletEntries.amountCents} FROM ${walletEntries} WHERE ${walletEntries.id} = ${entryId})`,
        updatedAt: now,
      })
      .where(sql`${written} AND ${readingWallets.userId} = (SELECT ${walletEntries.userId} FROM ${walletEntries} WHERE ${walletEntries.id} = ${entryId})`),
    ...after(entryId),
    db
      .update(walletHolds)
      .set({
        status: "converted",
        convertedCents: sql`COALESCE((SELECT -${walletEntries.amountCents} FROM ${walletEntries} WHERE ${walletEntries.id} = ${entryId}), 0)`,
        settledAt: now,
      })
      .where(open),
  ];
}

/**
 * Closes a thing's hold as spent for `cents` already charged line by line elsewhere (a scheduled
 * reading's minutes): nothing more leaves the balance, the rest is released. Once.
 */
export function spentHoldStatements(db: Database, kind: HoldKind, subjectId: string, cents: number | SQL, now: number): Statement[] {
  return [
    db
      .update(walletHolds)
      .set({ status: "converted", convertedCents: sql`MAX(0, MIN(${walletHolds.amountCents}, ${cents}))`, settledAt: now })
      .where(openHold(kind, subjectId)),
  ];
}

/**
 * The reads of a balance, its open holds and its history, newest first: top-ups and refunds line by
 * line, and each reading's charged minutes as one line (the minutes are in its receipt). `who` is a
 * user id, or `me` when the balance page reads them beside the session (app/lib/page-reads.server.ts).
 */
export function walletReads(db: Database, who: string | SQLWrapper, limit = 50) {
  const line = sql`CASE WHEN ${walletEntries.kind} = 'charge' THEN 'reading:' || ${walletEntries.paidReadingId} ELSE ${walletEntries.id} END`;
  const latest = sql<number>`max(${walletEntries.createdAt})`;
  return [
    db.select({ balance: readingWallets.balanceCents }).from(readingWallets).where(eq(readingWallets.userId, who)).limit(1),
    db
      .select({
        id: walletHolds.id,
        kind: walletHolds.kind,
        subjectId: walletHolds.subjectId,
        amountCents: walletHolds.amountCents,
        startAt: readerBookings.startAt,
        readerName: sql<string | null>`(SELECT coalesce(nullif(u.full_name, ''), u.username) FROM users u WHERE u.id = ${readerBookings.readerId})`,
      })
      .from(walletHolds)
      .leftJoin(readerBookings, and(eq(walletHolds.kind, "booking"), eq(readerBookings.id, walletHolds.subjectId)))
      .where(and(eq(walletHolds.userId, who), eq(walletHolds.status, "held")))
      .orderBy(walletHolds.createdAt)
      .limit(50),
    db
      .select({
        id: sql<string>`min(${walletEntries.id})`,
        kind: walletEntries.kind,
        amountCents: sql<number>`sum(${walletEntries.amountCents})`,
        lines: sql<number>`count(*)`,
        description: sql<string>`min(${walletEntries.description})`,
        paidReadingId: walletEntries.paidReadingId,
        readerName: sql<
          string | null
        >`(SELECT coalesce(nullif(u.full_name, ''), u.username) FROM paid_readings p JOIN users u ON u.id = p.reader_id WHERE p.id = wallet_entries.paid_reading_id)`,
        createdAt: latest,
      })
      .from(walletEntries)
      .where(eq(walletEntries.userId, who))
      .groupBy(line)
      .orderBy(desc(latest), desc(sql`min(${walletEntries.id})`))
      .limit(limit),
  ] as const;
}

type WalletRows = BatchResponse<ReturnType<typeof walletReads>>;

/** The balance page's wallet from the answers of `walletReads`. */
export function walletFrom([balance, holds, rows]: WalletRows) {
  const entries = rows.map(({ lines, readerName, ...entry }) => ({
    ...entry,
    description: entry.kind === "charge" ? `Reading with ${readerName ?? "a reader"} · ${lines} paid minute${lines === 1 ? "" : "s"}` : entry.description,
  }));
  const heldCents = holds.reduce((sum, hold) => sum + hold.amountCents, 0);
  return { balanceCents: balance[0]?.balance ?? 0, heldCents, availableCents: (balance[0]?.balance ?? 0) - heldCents, holds, entries };
}

/** The balance line and move of a paid top-up checkout, once per checkout; nothing for another kind. */
export function topUpStatements(db: Database, checkout: { id: string; userId: string; kind: string; amountCents: number }, now: number): Statement[] {
  if (checkout.kind !== "top-up" || checkout.amountCents <= 0) return [];
  const entryId = newId();
  return [
    db.insert(readingWallets).values({ userId: checkout.userId, balanceCents: 0, updatedAt: now }).onConflictDoNothing(),
    db
      .insert(walletEntries)
      .values({
        id: entryId,
        userId: checkout.userId,
        kind: "top-up",
        amountCents: checkout.amountCents,
        checkoutId: checkout.id,
        referenceId: `top-up:${checkout.id}`,
        description: `Top-up of ${formatMoney(checkout.amountCents)}`,
        createdAt: now,
      })
      .onConflictDoNothing(),
    db
      .update(readingWallets)
      .set({ balanceCents: sql`${readingWallets.balanceCents} + ${checkout.amountCents}`, updatedAt: now })
      .where(and(eq(readingWallets.userId, checkout.userId), sql`EXISTS (SELECT 1 FROM ${walletEntries} WHERE ${walletEntries.id} = ${entryId})`)),
  ];
}

/**
 * A top-up paid back to the card by the provider: what this refund adds to the receipt's refunded
 * total leaves the balance, at most what is left of it (what was spent on readings stays spent).
 * Must run in the refund's batch before the receipt records the new total; once per total.
 */
export function topUpRefundStatements(
  db: Database,
  refund: { userId: string; receiptId: string; checkoutId: string | null; refundedTotalCents: number },
  now: number,
): Statement[] {
  const entryId = newId();
  const newlyRefunded = sql`(${refund.refundedTotalCents} - (SELECT ${paymentReceipts.refundedCents} FROM ${paymentReceipts} WHERE ${paymentReceipts.id} = ${refund.receiptId}))`;
  const balance = sql`COALESCE((SELECT ${readingWallets.balanceCents} FROM ${readingWallets} WHERE ${readingWallets.userId} = ${refund.userId}), 0)`;
  const taken = sql`MIN(${balance}, ${newlyRefunded})`;
  return [
    db
      .insert(walletEntries)
      .select(
        sql`SELECT ${entryId}, ${refund.userId}, 'top-up-refund', -${taken}, NULL, NULL, ${refund.checkoutId}, ${`top-up-refund:${refund.receiptId}:${refund.refundedTotalCents}`}, 'Top-up refunded to your card', ${now}
            WHERE ${taken} > 0`,
      )
      .onConflictDoNothing(),
    db
      .update(readingWallets)
      .set({
        balanceCents: sql`${readingWallets.balanceCents} + (SELECT ${walletEntries.amountCents} FROM ${walletEntries} WHERE ${walletEntries.id} = ${entryId})`,
        updatedAt: now,
      })
      .where(and(eq(readingWallets.userId, refund.userId), sql`EXISTS (SELECT 1 FROM ${walletEntries} WHERE ${walletEntries.id} = ${entryId})`)),
  ];
}

/** The read of a person's top-up checkout and the balance line it made, if any; `who` may be `me`. */
export function topUpRead(db: Database, who: string | SQLWrapper, checkoutId: string | SQLWrapper) {
  return db
    .select({ status: checkoutSessions.status, entry: walletEntries.id })
    .from(checkoutSessions)
    .leftJoin(walletEntries, eq(walletEntries.referenceId, sql`'top-up:' || ${checkoutSessions.id}`))
    .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.userId, who), eq(checkoutSessions.kind, "top-up")))
    .limit(1);
}

/** From `topUpRead`: whether the top-up has reached the balance yet (the page after checkout waits for it), or null when there is no such checkout of theirs. */
export const topUpArrivedFrom = ([row]: { entry: string | null }[]) => (row ? Boolean(row.entry) : null);

export type MinuteFigures = { minutesBilled: number; chargedCents: number; balanceCents: number };

/**
 * Charges minute `minute` of a live paid reading, once: the line is written only while the
 * reading's next minute is this one and the balance covers it, and the balance and the reading's
 * totals move only with that line. Returns the database's figures afterwards: a minute charged
 * before (a retry after a restart) is found charged; a minute the balance cannot pay leaves
 * `minutesBilled` where it was.
 */
export async function chargeMinute(
  db: Database,
  reading: { id: string; clientId: string },
  minute: number,
  cents: number,
  now: number,
): Promise<MinuteFigures> {
  const entryId = newId();
  const isNext = sql`(SELECT ${paidReadings.minutesBilled} FROM ${paidReadings} WHERE ${paidReadings.id} = ${reading.id} AND ${paidReadings.status} = 'live') = ${minute}`;
  const statements: Statement[] = [];
  if (cents > 0) {
    statements.push(
      db
        .insert(walletEntries)
        .select(
          sql`SELECT ${entryId}, ${reading.clientId}, 'charge', ${-cents}, ${reading.id}, ${minute}, NULL, ${`reading:${reading.id}:minute:${minute}`}, ${`Reading minute ${minute + 1}`}, ${now}
              WHERE ${isNext} AND ${availableCentsSql(reading.clientId, reading.id)} >= ${cents}`,
        )
        .onConflictDoNothing(),
      db
        .update(readingWallets)
        .set({ balanceCents: sql`${readingWallets.balanceCents} - ${cents}`, updatedAt: now })
        .where(and(eq(readingWallets.userId, reading.clientId), sql`EXISTS (SELECT 1 FROM ${walletEntries} WHERE ${walletEntries.id} = ${entryId})`)),
      db
        .update(paidReadings)
        .set({ minutesBilled: minute + 1, chargedCents: sql`${paidReadings.chargedCents} + ${cents}` })
        .where(and(eq(paidReadings.id, reading.id), sql`EXISTS (SELECT 1 FROM ${walletEntries} WHERE ${walletEntries.id} = ${entryId})`)),
    );
  } else {
    statements.push(
      db
        .update(paidReadings)
        .set({ minutesBilled: minute + 1 })
        .where(and(eq(paidReadings.id, reading.id), eq(paidReadings.status, "live"), eq(paidReadings.minutesBilled, minute))),
    );
  }
  const results = await db.batch([
    ...statements,
    db
      .select({
        minutesBilled: paidReadings.minutesBilled,
        chargedCents: paidReadings.chargedCents,
        balanceCents: availableCentsSql(reading.clientId, reading.id),
      })
      .from(paidReadings)
      .where(eq(paidReadings.id, reading.id)),
  ] as unknown as [Statement, ...Statement[]]);
  const figures = (results.at(-1) as MinuteFigures[])[0];
  if (!figures) throw new Error(`Paid reading ${reading.id} is gone`);
  const charged = figures.minutesBilled > minute;
  log.info("reading minute", { readingId: reading.id, minute, outcome: charged ? "charged" : "unpaid" });
  if (charged) recordMetric(METRICS.minuteBilled, "charged", 1);
  return figures;
}

/** The lines and moves that give a client back what a reading charged (less what was already given back). */
export function readingRefundStatements(db: Database, reading: { id: string; clientId: string }, cents: number, now: number): Statement[] {
  const entryId = newId();
  return [
    db.insert(readingWallets).values({ userId: reading.clientId, balanceCents: 0, updatedAt: now }).onConflictDoNothing(),
    db
      .insert(walletEntries)
      .values({
        id: entryId,
        userId: reading.clientId,
        kind: "refund",
        amountCents: cents,
        paidReadingId: reading.id,
        referenceId: `reading-refund:${reading.id}`,
        description: `Refund of a reading`,
        createdAt: now,
      })
      .onConflictDoNothing(),
    db
      .update(readingWallets)
      .set({ balanceCents: sql`${readingWallets.balanceCents} + ${cents}`, updatedAt: now })
      .where(and(eq(readingWallets.userId, reading.clientId), sql`EXISTS (SELECT 1 FROM ${walletEntries} WHERE ${walletEntries.id} = ${entryId})`)),
  ];
}

/**
 * A written reading's price leaves the client's balance (decision 0082): the line and the move are
 * written only when `paid` holds inside the same batch (the request was just made, and the balance
 * covered it), and only once per request.
 */
export function writtenPaymentStatements(
  db: Database,
  payment: { requestId: string; clientId: string; cents: number | SQL; paid: SQL },
  now: number,
): Statement[] {
  const entryId = newId();
  return [
    db
      .insert(walletEntries)
      .select(
        sql`SELECT ${entryId}, ${payment.clientId}, 'written', 0 - (${payment.cents}), NULL, NULL, NULL, ${`written:${payment.requestId}`}, 'Written reading', ${now}
            WHERE ${payment.paid}`,
      )
      .onConflictDoNothing(),
    db
      .update(readingWallets)
      .set({ balanceCents: sql`${readingWallets.balanceCents} - (${payment.cents})`, updatedAt: now })
      .where(and(eq(readingWallets.userId, payment.clientId), sql`EXISTS (SELECT 1 FROM ${walletEntries} WHERE ${walletEntries.id} = ${entryId})`)),
  ];
}

/** A written reading's price back to the client, once per request, when `refunded` holds inside the same batch. */
export function writtenRefundStatements(
  db: Database,
  refund: { requestId: string; clientId: string; cents: number; refunded: SQL; entryId?: string; description?: string },
  now: number,
): Statement[] {
  const entryId = refund.entryId ?? newId();
  return [
    db.insert(readingWallets).values({ userId: refund.clientId, balanceCents: 0, updatedAt: now }).onConflictDoNothing(),
    db
      .insert(walletEntries)
      .select(
        sql`SELECT ${entryId}, ${refund.clientId}, 'written-refund', ${refund.cents}, NULL, NULL, NULL, ${`written-refund:${refund.requestId}`}, ${refund.description ?? "Written reading not answered in time: refunded"}, ${now}
            WHERE ${refund.refunded}`,
      )
      .onConflictDoNothing(),
    db
      .update(readingWallets)
      .set({ balanceCents: sql`${readingWallets.balanceCents} + ${refund.cents}`, updatedAt: now })
      .where(and(eq(readingWallets.userId, refund.clientId), sql`EXISTS (SELECT 1 FROM ${walletEntries} WHERE ${walletEntries.id} = ${entryId})`)),
  ];
}
