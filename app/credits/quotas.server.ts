// Reading a person's credits: their quota record, made when missing and refreshed when due.
import { newId } from "../lib/crypto";
import type { Database } from "../db.server";
import { refreshStatements } from "./refresh.server";
import { ensureRecord, selectRecord, type QuotaRecord } from "./quota-record.server";

/**
 * A user's quota record. A missing record is created with the defaults; a record whose refresh is
 * due is refreshed first.
 */
export async function getQuota(db: Database, userId: string, now = Date.now()): Promise<QuotaRecord> {
  return settleQuota(db, userId, await selectRecord(db, userId), now);
}

/** The record from what `selectRecord` read: made when missing, refreshed when due (each one more round trip, rarely). */
export async function settleQuota(db: Database, userId: string, read: QuotaRecord[], now = Date.now()): Promise<QuotaRecord> {
  let [row] = read;
  if (!row) {
    const [, rows] = await db.batch([ensureRecord(db, userId, now), selectRecord(db, userId)]);
    row = rows[0];
  } else if (row.nextRefreshDate <= now) {
    const runId = newId();
    const [, , rows] = await db.batch([...refreshStatements(db, now, runId, { userId }), selectRecord(db, userId)]);
    row = rows[0];
  }
  if (!row) throw new Error(`The quota record of ${userId} could not be created`);
  return row;
}
