/**
 * The record of what staff did (decision 0078): every action the console takes writes one line, in
 * the same batch as the change where the change is a batch of ours, so a change is never without
 * its line. Lines are only added, never changed.
 */
import { desc, eq } from "drizzle-orm";
import { staffActions, users } from "../../db/schema";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";

export type StaffActionName =
  | "grant-credits"
  | "suspend"
  | "restore"
  | "refund"
  | "retry-payout"
  | "revoke-certificate"
  | "hide"
  | "unhide"
  | "feature"
  | "unfeature"
  | "dismiss"
  | "refund-reading";

/** `id` makes the line once-only: a repeated action with the same id (the same form sent twice) writes no second line. */
export type StaffActionLine = { id?: string; staffId: string; action: StaffActionName; target: string; reason: string; outcome: string; now?: number };

/** The statement that writes one line of the record, for the caller's batch. */
export function auditStatement(db: Database, line: StaffActionLine) {
  return db
    .insert(staffActions)
    .values({
      id: line.id ?? newId(),
      staffId: line.staffId,
      action: line.action,
      target: line.target,
      reason: line.reason,
      outcome: line.outcome,
      createdAt: line.now ?? Date.now(),
    })
    .onConflictDoNothing();
}

/** Writes one line on its own, for actions whose change happened elsewhere (at the payment provider, in another module's batch). */
export async function recordStaffAction(db: Database, line: StaffActionLine) {
  await auditStatement(db, line);
}

/** The newest lines, or those about one target (`user:…`), with the staff member's e-mail. */
export function recentStaffActions(db: Database, options: { target?: string; limit?: number } = {}) {
  return db
    .select({
      id: staffActions.id,
      action: staffActions.action,
      target: staffActions.target,
      reason: staffActions.reason,
      outcome: staffActions.outcome,
      createdAt: staffActions.createdAt,
      staffEmail: users.email,
    })
    .from(staffActions)
    .leftJoin(users, eq(users.id, staffActions.staffId))
    .where(options.target ? eq(staffActions.target, options.target) : undefined)
    .orderBy(desc(staffActions.createdAt))
    .limit(options.limit ?? 50);
}
