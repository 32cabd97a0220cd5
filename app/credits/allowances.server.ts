// The free allowance is a person's, not a browser session's: a new guest's starting record, a new
// member's allowance, and a guest merged into an account (credits.server.ts has the rules).
import { and, eq, sql } from "drizzle-orm";
import { deckQuotaLedger, deviceMembers, userDeckQuotas } from "../../db/schema";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { FREE_PLAN_QUOTA } from "./badge";
import { defaultQuota, ensureRecord, type PlanType } from "./quota-record.server";
import { ledgerRowWithId } from "./ledger-line.server";

/**
 * The statement that gives a new guest its starting record: none (so the free defaults) on a
 * browser never signed in to an account, an empty record on one that was, whose account has the
 * allowance. Run in the batch that creates the guest, so no request sees it with the defaults.
 */
export function guestStartingQuota(db: Database, guestId: string, deviceKeyHash: string, now: number) {
  const empty = { ...defaultQuota(guestId, now), majorArcanaQuota: 0, completeDeckQuota: 0 };
  const q = userDeckQuotas;
  return db
    .insert(q)
    .select(
      db
        .select({
          userId: sql<string>`${empty.userId}`.as("user_id"),
          planType: sql<PlanType>`${empty.planType}`.as("plan_type"),
          majorArcanaQuota: sql<number>`${empty.majorArcanaQuota}`.as("major_arcana_quota"),
          completeDeckQuota: sql<number>`${empty.completeDeckQuota}`.as("complete_deck_quota"),
          majorArcanaUsed: sql<number>`${empty.majorArcanaUsed}`.as("major_arcana_used"),
          completeDeckUsed: sql<number>`${empty.completeDeckUsed}`.as("complete_deck_used"),
          lastRefreshDate: sql<number>`${empty.lastRefreshDate}`.as("last_refresh_date"),
          nextRefreshDate: sql<number>`${empty.nextRefreshDate}`.as("next_refresh_date"),
          maxRolloverQuota: sql<number>`${empty.maxRolloverQuota}`.as("max_rollover_quota"),
          majorArcanaOwed: sql<number>`${empty.majorArcanaOwed}`.as("major_arcana_owed"),
          completeDeckOwed: sql<number>`${empty.completeDeckOwed}`.as("complete_deck_owed"),
          updatedAt: sql<number>`${empty.updatedAt}`.as("updated_at"),
        })
        .from(deviceMembers)
        .where(eq(deviceMembers.deviceKeyHash, deviceKeyHash))
        .limit(1),
    )
    .onConflictDoNothing();
}

/**
 * The statements that give a guest becoming a new member (a new e-mail, same id) the free plan's
 * allowance, when it started without one on a browser that another account had used: the
 * allowance is per account. A record that already has it, or any paid plan, is left alone.
 */
export function newMemberAllowanceStatements(db: Database, userId: string, now: number) {
  const q = userDeckQuotas;
  const ledgerId = newId();
  const missingMajor = sql<number>`MAX(${FREE_PLAN_QUOTA.majorArcanaQuota} - ${q.majorArcanaQuota}, 0)`;
  const missingComplete = sql<number>`MAX(${FREE_PLAN_QUOTA.completeDeckQuota} - ${q.completeDeckQuota}, 0)`;
  return [
    db
      .insert(deckQuotaLedger)
      .select(
        db
          .select({
            id: sql<string>`${ledgerId}`.as("id"),
            userId: q.userId,
            majorArcanaChange: missingMajor.as("major_arcana_change"),
            completeDeckChange: missingComplete.as("complete_deck_change"),
            description: sql<string>`${"Free plan credits for a new account"}`.as("description"),
            referenceId: sql<string>`${`new-member:${userId}`}`.as("reference_id"),
            createdAt: sql<number>`${now}`.as("created_at"),
          })
          .from(q)
          .where(and(eq(q.userId, userId), eq(q.planType, "free"), sql`(${missingMajor} > 0 OR ${missingComplete} > 0)`)),
      )
      .onConflictDoNothing(),
    db
      .update(q)
      .set({
        majorArcanaQuota: sql`${q.majorArcanaQuota} + ${missingMajor}`,
        completeDeckQuota: sql`${q.completeDeckQuota} + ${missingComplete}`,
        updatedAt: now,
      })
      .where(and(eq(q.userId, userId), ledgerRowWithId(ledgerId))),
  ] as const;
}

/**
 * The statements that merge a guest's credits into an account, for the caller's merge batch:
 * per type the guest's used credits are counted against what the account has left now, and what
 * does not fit (plus anything the guest owed) is owed by the account and taken from its next
 * refreshes. The account's credits left never grow, so a merge cannot hand out a free deck; the
 * guest's decks stay. One ledger line (`merge:<guest id>`) records the change; the guest's own
 * lines move unless the account has one with the same reference; the guest's record goes.
 */
export function mergeQuotaStatements(db: Database, guestId: string, targetId: string, guestName: string, now: number) {
  const q = userDeckQuotas;
  const ledgerId = newId();
  const guest = (column: string) => sql<number>`COALESCE((SELECT ${sql.raw(column)} FROM user_deck_quotas WHERE user_id = ${guestId}), 0)`;
  const carriedMajor = sql<number>`MIN(MAX(${q.majorArcanaQuota} - ${q.majorArcanaUsed}, 0), ${guest("major_arcana_used")})`;
  const carriedComplete = sql<number>`MIN(MAX(${q.completeDeckQuota} - ${q.completeDeckUsed}, 0), ${guest("complete_deck_used")})`;
  return [
    ensureRecord(db, targetId, now),
    db.insert(deckQuotaLedger).select(
      db
        .select({
          id: sql<string>`${ledgerId}`.as("id"),
          userId: q.userId,
          majorArcanaChange: sql<number>`-${carriedMajor}`.as("major_arcana_change"),
          completeDeckChange: sql<number>`-${carriedComplete}`.as("complete_deck_change"),
          description: sql<string>`${`Merged guest account ${guestName}`}`.as("description"),
          referenceId: sql<string>`${`merge:${guestId}`}`.as("reference_id"),
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(q)
        .where(eq(q.userId, targetId)),
    ),
    db
      .update(q)
      .set({
        majorArcanaUsed: sql`${q.majorArcanaUsed} + ${carriedMajor}`,
        completeDeckUsed: sql`${q.completeDeckUsed} + ${carriedComplete}`,
        majorArcanaOwed: sql`${q.majorArcanaOwed} + ${guest("major_arcana_used")} - ${carriedMajor} + ${guest("major_arcana_owed")}`,
        completeDeckOwed: sql`${q.completeDeckOwed} + ${guest("complete_deck_used")} - ${carriedComplete} + ${guest("complete_deck_owed")}`,
        updatedAt: now,
      })
      .where(and(eq(q.userId, targetId), ledgerRowWithId(ledgerId))),
    db.delete(q).where(eq(q.userId, guestId)),
    db
      .update(deckQuotaLedger)
      .set({ userId: targetId })
      .where(
        and(
          eq(deckQuotaLedger.userId, guestId),
          sql`NOT EXISTS (SELECT 1 FROM deck_quota_ledger AS theirs
            WHERE theirs.user_id = ${targetId} AND theirs.reference_id = ${deckQuotaLedger.referenceId})`,
        ),
      ),
  ] as const;
}
