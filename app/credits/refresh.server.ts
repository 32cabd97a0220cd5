// The monthly refresh with its rollover, and a paid renewal's, each record with its ledger line in
// the same batch (credits.server.ts has the rules).
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { deckQuotaLedger, userDeckQuotas } from "../../db/schema";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { addOneMonth, grantSql, REFRESH_BATCH_SIZE, REFRESH_MAX_BATCHES, REFRESH_DESCRIPTION } from "./quota-record.server";

/**
 * The two statements of a refresh: a ledger line per due record (id `<runId>:<userId>`, changes =
 * credits left after minus before), then the new quotas for the records whose line was written.
 * Scoped to one user, or to the `limit` records due longest.
 */
export function refreshStatements(db: Database, now: number, runId: string, scope: { userId?: string; limit?: number }, dueBy = now) {
  const q = userDeckQuotas;
  const leftMajor = sql<number>`MAX(${q.majorArcanaQuota} - ${q.majorArcanaUsed}, 0)`;
  const leftComplete = sql<number>`MAX(${q.completeDeckQuota} - ${q.completeDeckUsed}, 0)`;
  const cap = sql<number>`MAX(${q.maxRolloverQuota}, 0)`;
  const dueMajor = sql<number>`(${grantSql("majorArcana")} + MIN(${leftMajor}, ${cap}))`;
  const dueComplete = sql<number>`(${grantSql("completeDeck")} + MIN(${leftComplete}, ${cap}))`;
  // What a merged guest spent beyond the account's credits comes off the grant, until it is paid.
  const newMajor = sql<number>`MAX(${dueMajor} - ${q.majorArcanaOwed}, 0)`;
  const newComplete = sql<number>`MAX(${dueComplete} - ${q.completeDeckOwed}, 0)`;
  const due = and(lte(q.nextRefreshDate, dueBy), scope.userId === undefined ? undefined : eq(q.userId, scope.userId));
  const lineId = sql<string>`${runId} || ':' || ${q.userId}`;

  const candidates = db
    .select({
      id: lineId.as("id"),
      userId: q.userId,
      majorArcanaChange: sql<number>`${newMajor} - ${leftMajor}`.as("major_arcana_change"),
      completeDeckChange: sql<number>`${newComplete} - ${leftComplete}`.as("complete_deck_change"),
      description: sql<string>`${REFRESH_DESCRIPTION}`.as("description"),
      referenceId: sql<string>`${`refresh:${runId}`}`.as("reference_id"),
      createdAt: sql<number>`${now}`.as("created_at"),
    })
    .from(q)
    .where(due)
    .orderBy(asc(q.nextRefreshDate))
    .limit(scope.limit ?? 1);

  return [
    db.insert(deckQuotaLedger).select(candidates).onConflictDoNothing(),
    db
      .update(q)
      .set({
        majorArcanaQuota: newMajor,
        completeDeckQuota: newComplete,
        majorArcanaUsed: 0,
        completeDeckUsed: 0,
        majorArcanaOwed: sql<number>`MAX(${q.majorArcanaOwed} - ${dueMajor}, 0)`,
        completeDeckOwed: sql<number>`MAX(${q.completeDeckOwed} - ${dueComplete}, 0)`,
        lastRefreshDate: now,
        nextRefreshDate: addOneMonth(dueBy),
        updatedAt: now,
      })
      .where(and(due, sql`EXISTS (SELECT 1 FROM ${deckQuotaLedger} WHERE ${deckQuotaLedger.id} = ${lineId})`))
      .returning({ userId: q.userId }),
  ] as const;
}

/**
 * The statements of a renewal paid for: the user's refresh, if it is due by the time the new period
 * starts (`periodStart`, ms; a renewal paid a little early still refreshes, one the monthly job
 * already refreshed does not again), under the renewal's own reference (so a repeated delivery
 * refreshes nothing twice), for the caller's batch. The next refresh is a month after the period starts.
 */
export function renewalStatements(db: Database, userId: string, reference: string, now: number, periodStart = now) {
  return refreshStatements(db, now, reference, { userId }, Math.max(now, periodStart));
}

/** Refreshes one user's record if its refresh is due; true when it was refreshed. */

export async function refreshQuotaIfDue(db: Database, userId: string, now = Date.now()): Promise<boolean> {
  const [, refreshed] = await db.batch(refreshStatements(db, now, newId(), { userId }));
  return refreshed.length > 0;
}

/**
 * The periodic job: refreshes every due record, `batchSize` records per D1 batch, at most
 * `maxBatches` batches per run (whatever is left waits for the next run).
 */
export async function refreshDeckQuotas(
  db: Database,
  now = Date.now(),
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<{ refreshed: number; batches: number }> {
  const batchSize = Math.max(1, options.batchSize ?? REFRESH_BATCH_SIZE);
  const maxBatches = Math.max(1, options.maxBatches ?? REFRESH_MAX_BATCHES);
  let refreshed = 0;
  let batches = 0;
  while (batches < maxBatches) {
    const [, rows] = await db.batch(refreshStatements(db, now, newId(), { limit: batchSize }));
    batches++;
    refreshed += rows.length;
    if (rows.length < batchSize) break;
  }
  return { refreshed, batches };
}
