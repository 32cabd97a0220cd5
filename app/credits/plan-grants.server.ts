// Credits a payment gives or takes: a plan's allocation and a move up, grants, and the refund of
// Explorer Plus, each with its ledger line (credits.server.ts has the rules).
import { and, eq, sql } from "drizzle-orm";
import { paymentReceipts, userDeckQuotas } from "../../db/schema";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { findPlanByKey } from "../plans/catalogue";
import { describeCredits, type CreditAmounts } from "../plans/cost";
import {
  addOneMonth,
  ensureRecord,
  grantSql,
  quotasForPlan,
  selectRecord,
  SUBSCRIPTION_PLAN_TYPES,
  type PlanType,
  type QuotaRecord,
} from "./quota-record.server";
import { ledgerRowWithId, ledgerLineStatement } from "./ledger-line.server";

export type AllocationResult = { status: "allocated" | "already_allocated"; quota: QuotaRecord };

/**
 * Sets a user's quotas from a plan, as one D1 batch with its ledger line ("Deck quotas allocated
 * for {plan} plan subscription").
 * - free and subscription plans replace the quotas: the plan's counts, used counts back to 0,
 *   rollover cap from the plan, next refresh at `periodEnd` (ms) when given, else one month ahead;
 *   a yearly plan still refreshes monthly, so its next refresh is at most one month ahead;
 * - Explorer Plus (one-off) adds its credits to what the user has and keeps the dates; a
 *   subscriber keeps their plan type, anyone else becomes `explorer`.
 * With a `referenceId` (say, the payment's id) a repeated call changes nothing and reports
 * `already_allocated`.
 */
export function planAllocationStatements(
  db: Database,
  userId: string,
  planKey: string,
  now: number,
  options: { periodEnd?: number; referenceId?: string } = {},
) {
  const plan = findPlanByKey(planKey);
  if (!plan) throw new Error(`Unknown plan: ${planKey}`);
  const target = quotasForPlan(planKey);
  const ledgerId = newId();
  const q = userDeckQuotas;
  const oneMonth = addOneMonth(now);
  const nextRefresh = options.periodEnd === undefined ? oneMonth : plan.interval === "year" ? Math.min(options.periodEnd, oneMonth) : options.periodEnd;
  const oneOff = plan.mode === "payment";

  const leftMajor = sql<number>`MAX(${q.majorArcanaQuota} - ${q.majorArcanaUsed}, 0)`;
  const leftComplete = sql<number>`MAX(${q.completeDeckQuota} - ${q.completeDeckUsed}, 0)`;
  const subscriberTypes = sql.join(
    SUBSCRIPTION_PLAN_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  // Ledger changes are credits left after minus before.
  const majorChange = oneOff ? sql<number>`${target.majorArcanaQuota}` : sql<number>`${target.majorArcanaQuota} - ${leftMajor}`;
  const completeChange = oneOff ? sql<number>`${target.completeDeckQuota}` : sql<number>`${target.completeDeckQuota} - ${leftComplete}`;
  const update = oneOff
    ? {
        planType: sql<PlanType>`CASE WHEN ${q.planType} IN (${subscriberTypes}) THEN ${q.planType} ELSE ${target.planType} END`,
        majorArcanaQuota: sql<number>`${q.majorArcanaQuota} + ${target.majorArcanaQuota}`,
        completeDeckQuota: sql<number>`${q.completeDeckQuota} + ${target.completeDeckQuota}`,
        maxRolloverQuota: sql<number>`MAX(${q.maxRolloverQuota}, ${target.maxRolloverQuota})`,
        updatedAt: now,
      }
    : {
        planType: target.planType,
        majorArcanaQuota: target.majorArcanaQuota,
        completeDeckQuota: target.completeDeckQuota,
        majorArcanaUsed: 0,
        completeDeckUsed: 0,
        maxRolloverQuota: target.maxRolloverQuota,
        lastRefreshDate: now,
        nextRefreshDate: nextRefresh,
        updatedAt: now,
      };
  return [
    ensureRecord(db, userId, now),
    ledgerLineStatement(db, userId, {
      id: ledgerId,
      majorArcana: majorChange,
      completeDeck: completeChange,
      description: oneOff
        ? `${plan.name} bought: ${describeCredits({ majorArcana: target.majorArcanaQuota, completeDeck: target.completeDeckQuota })}`
        : `Deck quotas allocated for ${plan.name} plan subscription`,
      referenceId: options.referenceId ?? null,
      now,
    }),
    db
      .update(q)
      .set(update)
      .where(and(eq(q.userId, userId), ledgerRowWithId(ledgerId)))
      .returning({ userId: q.userId }),
  ] as const;
}

/**
 * A move up to a higher subscription plan within a period: the quotas grow by the difference
 * between the new plan's monthly grant and the grant of the plan the record is on now, never
 * below it; used counts, rollover, Explorer Plus credits and the refresh date stay, so the period
 * never holds more than the highest plan's month. Read from the record in the batch, so moves
 * applied in any order, or at once, add up to the last plan's grant. Once per `referenceId`.
 */
export function planMoveUpStatements(db: Database, userId: string, planKey: string, now: number, referenceId: string) {
  const plan = findPlanByKey(planKey);
  if (!plan || plan.mode !== "subscription") throw new Error(`Not a subscription plan: ${planKey}`);
  const target = quotasForPlan(planKey);
  const q = userDeckQuotas;
  const ledgerId = newId();
  const moreMajor = sql<number>`MAX(${target.majorArcanaQuota} - ${grantSql("majorArcana")}, 0)`;
  const moreComplete = sql<number>`MAX(${target.completeDeckQuota} - ${grantSql("completeDeck")}, 0)`;
  return [
    ensureRecord(db, userId, now),
    ledgerLineStatement(db, userId, {
      id: ledgerId,
      majorArcana: moreMajor,
      completeDeck: moreComplete,
      description: `Moved up to the ${plan.name} plan: the difference from the previous plan for the rest of this month`,
      referenceId,
      now,
    }),
    db
      .update(q)
      .set({
        planType: target.planType,
        majorArcanaQuota: sql<number>`${q.majorArcanaQuota} + ${moreMajor}`,
        completeDeckQuota: sql<number>`${q.completeDeckQuota} + ${moreComplete}`,
        maxRolloverQuota: sql<number>`MAX(${q.maxRolloverQuota}, ${target.maxRolloverQuota})`,
        updatedAt: now,
      })
      .where(and(eq(q.userId, userId), ledgerRowWithId(ledgerId))),
  ] as const;
}

/** `planAllocationStatements` as a batch of its own; for payments, the statements go into the event's batch. */
export async function initializeQuotaForPlan(
  db: Database,
  userId: string,
  planKey: string,
  now = Date.now(),
  options: { periodEnd?: number; referenceId?: string } = {},
): Promise<AllocationResult> {
  const [ensure, ledger, update] = planAllocationStatements(db, userId, planKey, now, options);
  const [, , updated, records] = await db.batch([ensure, ledger, update, selectRecord(db, userId)]);
  const quota = records[0];
  if (!quota) throw new Error(`The quota record of ${userId} could not be written`);
  return { status: updated.length > 0 ? "allocated" : "already_allocated", quota };
}

/* ------------------------------------------------------------------------------------------------
 * Refunds of Explorer Plus
 * --------------------------------------------------------------------------------------------- */

export const EXPLORER_REFUND_TAKEN_BACK = "Explorer Plus refunded: its complete-deck credit was taken back";
export const EXPLORER_REFUND_SPENT = "Explorer Plus refunded: the deck it completed keeps its cards";

/**
 * Takes back what a refunded Explorer Plus gave, once per `referenceId`: its complete-deck credit
 * while it is unspent. A credit already spent on a deck is not taken back: that deck keeps the cards
 * it has, and the ledger says so. Someone left with no Explorer Plus that was not refunded goes back
 * to the free plan type (a subscriber keeps theirs). Run after the refund is recorded on the receipt.
 */
export function explorerRefundStatements(db: Database, userId: string, referenceId: string, now: number) {
  const q = userDeckQuotas;
  const ledgerId = newId();
  const unspent = sql`${q.completeDeckQuota} - ${q.completeDeckUsed} > 0`;
  const anotherExplorer = sql`EXISTS (SELECT 1 FROM ${paymentReceipts} WHERE ${paymentReceipts.userId} = ${userId}
    AND ${paymentReceipts.kind} = 'explorer-plus' AND ${paymentReceipts.refundedCents} < ${paymentReceipts.amountCents})`;
  return [
    ensureRecord(db, userId, now),
    ledgerLineStatement(db, userId, {
      id: ledgerId,
      majorArcana: 0,
      completeDeck: sql<number>`CASE WHEN ${unspent} THEN -1 ELSE 0 END`,
      description: sql<string>`CASE WHEN ${unspent} THEN ${EXPLORER_REFUND_TAKEN_BACK} ELSE ${EXPLORER_REFUND_SPENT} END`,
      referenceId,
      now,
    }),
    db
      .update(q)
      .set({
        completeDeckQuota: sql<number>`CASE WHEN ${unspent} THEN ${q.completeDeckQuota} - 1 ELSE ${q.completeDeckQuota} END`,
        planType: sql<PlanType>`CASE WHEN ${q.planType} = 'explorer' AND NOT ${anotherExplorer} THEN 'free' ELSE ${q.planType} END`,
        updatedAt: now,
      })
      .where(and(eq(q.userId, userId), ledgerRowWithId(ledgerId))),
  ] as const;
}

/**
 * Credits given by hand (staff, with a reason): the amounts are added to the user's quotas with a
 * ledger line carrying `description`, once per `referenceId`, for the caller's batch. Like any
 * credits left, they roll over at a refresh only up to the plan's cap.
 */
export function grantCreditStatements(db: Database, userId: string, amounts: CreditAmounts, line: { description: string; referenceId: string; now: number }) {
  const q = userDeckQuotas;
  const ledgerId = newId();
  return [
    ensureRecord(db, userId, line.now),
    ledgerLineStatement(db, userId, {
      id: ledgerId,
      majorArcana: amounts.majorArcana,
      completeDeck: amounts.completeDeck,
      description: line.description,
      referenceId: line.referenceId,
      now: line.now,
    }),
    db
      .update(q)
      .set({
        majorArcanaQuota: sql<number>`${q.majorArcanaQuota} + ${amounts.majorArcana}`,
        completeDeckQuota: sql<number>`${q.completeDeckQuota} + ${amounts.completeDeck}`,
        updatedAt: line.now,
      })
      .where(and(eq(q.userId, userId), ledgerRowWithId(ledgerId)))
      .returning({ userId: q.userId }),
  ] as const;
}
