// Every change to a person's credits, each with its ledger line in the same batch: consumption and
// refunds, the monthly refresh with its rollover, the guests' allowance, grants of a plan. The
// rules they keep are described in credits.server.ts.
import { and, asc, eq, lte, sql, type SQL } from "drizzle-orm";
import { deckQuotaLedger, deviceMembers, paymentReceipts, userDeckQuotas } from "../../db/schema";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { findPlanByKey } from "../plans/catalogue";
import { FREE_PLAN_QUOTA } from "./badge";
import { creditsLeft, describeCredits, type CreditAmounts } from "../plans/cost";
import {
  addOneMonth,
  defaultQuota,
  ensureRecord,
  grantSql,
  quotasForPlan,
  REFRESH_BATCH_SIZE,
  REFRESH_MAX_BATCHES,
  selectRecord,
  SUBSCRIPTION_PLAN_TYPES,
  DEFAULT_CONSUMPTION_DESCRIPTION,
  DEFAULT_REFUND_DESCRIPTION,
  REFRESH_DESCRIPTION,
  type PlanType,
  type QuotaRecord,
} from "./quota-record.server";

/* ------------------------------------------------------------------------------------------------
 * Consumption and refunds
 * --------------------------------------------------------------------------------------------- */

export type ConsumeOptions = {
  /** Makes the charge idempotent: a second consumption with the same reference charges nothing. */
  referenceId: string;
  description?: string;
  now?: number;
};

export type ConsumeResult =
  | { ok: true; status: "charged" | "already_charged"; ledgerId: string; remaining: CreditAmounts }
  | { ok: false; status: "refused"; requested: CreditAmounts; remaining: CreditAmounts };

function checkAmounts(amounts: CreditAmounts) {
  for (const value of [amounts.majorArcana, amounts.completeDeck]) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Invalid credit amount: ${value}`);
  }
}

const ledgerRowWithId = (id: string) => sql`EXISTS (SELECT 1 FROM ${deckQuotaLedger} WHERE ${deckQuotaLedger.id} = ${id})`;

function selectLedgerLine(db: Database, userId: string, referenceId: string) {
  return db
    .select()
    .from(deckQuotaLedger)
    .where(and(eq(deckQuotaLedger.userId, userId), eq(deckQuotaLedger.referenceId, referenceId)));
}

/**
 * The ledger line of a change to one user's record, computed from the record as the batch finds
 * it (changes and description may be SQL over it): written only where `where` holds and, with a
 * reference, once per reference. The statements after it change the record only where it exists.
 */
function ledgerLineStatement(
  db: Database,
  userId: string,
  line: { id: string; majorArcana: number | SQL; completeDeck: number | SQL; description: string | SQL; referenceId: string | null; now: number },
  where?: SQL,
) {
  const q = userDeckQuotas;
  const once =
    line.referenceId === null
      ? undefined
      : sql`NOT EXISTS (SELECT 1 FROM ${deckQuotaLedger} WHERE ${deckQuotaLedger.userId} = ${userId} AND ${deckQuotaLedger.referenceId} = ${line.referenceId})`;
  const value = <T>(v: T | SQL) => (typeof v === "object" && v !== null ? (v as SQL) : sql`${v}`);
  return db
    .insert(deckQuotaLedger)
    .select(
      db
        .select({
          id: sql<string>`${line.id}`.as("id"),
          userId: q.userId,
          majorArcanaChange: sql<number>`${value(line.majorArcana)}`.as("major_arcana_change"),
          completeDeckChange: sql<number>`${value(line.completeDeck)}`.as("complete_deck_change"),
          description: sql<string>`${value(line.description)}`.as("description"),
          referenceId: sql<string | null>`${line.referenceId}`.as("reference_id"),
          createdAt: sql<number>`${line.now}`.as("created_at"),
        })
        .from(q)
        .where(and(eq(q.userId, userId), where, once)),
    )
    .onConflictDoNothing();
}

/**
 * Takes `amount` credits from the user, once per `referenceId`, as one D1 batch:
 * 1. the record is created with the defaults if missing, and refreshed if due;
 * 2. the ledger line (negative changes) is inserted only where the record has room for the whole
 *    amount and no line with this reference exists;
 * 3. the used counts grow only where that ledger line now exists.
 * A refusal writes nothing and is returned, never thrown. Repeating a reference that was charged
 * before reports `already_charged`, which counts as success.
 */
export async function consumeCredits(db: Database, userId: string, amount: CreditAmounts, options: ConsumeOptions): Promise<ConsumeResult> {
  checkAmounts(amount);
  const now = options.now ?? Date.now();
  const ledgerId = newId();
  const q = userDeckQuotas;
  const [, , , , , lines, records] = await db.batch([
    ensureRecord(db, userId, now),
    ...refreshStatements(db, now, newId(), { userId }),
    ledgerLineStatement(
      db,
      userId,
      {
        id: ledgerId,
        majorArcana: -amount.majorArcana,
        completeDeck: -amount.completeDeck,
        description: options.description ?? DEFAULT_CONSUMPTION_DESCRIPTION,
        referenceId: options.referenceId,
        now,
      },
      and(
        sql`${q.majorArcanaQuota} - ${q.majorArcanaUsed} >= ${amount.majorArcana}`,
        sql`${q.completeDeckQuota} - ${q.completeDeckUsed} >= ${amount.completeDeck}`,
      ),
    ),
    db
      .update(q)
      .set({
        majorArcanaUsed: sql`${q.majorArcanaUsed} + ${amount.majorArcana}`,
        completeDeckUsed: sql`${q.completeDeckUsed} + ${amount.completeDeck}`,
        updatedAt: now,
      })
      .where(and(eq(q.userId, userId), ledgerRowWithId(ledgerId))),
    selectLedgerLine(db, userId, options.referenceId),
    selectRecord(db, userId),
  ]);
  const line = lines[0];
  const record = records[0];
  const remaining = record ? creditsLeft(record) : { majorArcana: 0, completeDeck: 0 };
  if (line) return { ok: true, status: line.id === ledgerId ? "charged" : "already_charged", ledgerId: line.id, remaining };
  return { ok: false, status: "refused", requested: { ...amount }, remaining };
}

export type RefundResult = {
  status: "refunded" | "already_refunded" | "not_charged";
  /** Credits given back by this call (zero unless `refunded`). */
  refunded: CreditAmounts;
};

/** The reference of the ledger line that refunds the consumption `referenceId`. */
export const refundReference = (referenceId: string) => `refund:${referenceId}`;

/**
 * Gives back the credits a consumption took, for a generation that failed entirely. Once per
 * reference (its own ledger line, reference `refund:<ref>`); used counts never go below zero, so
 * after a refresh has already reset them the refund gives back only what is still counted.
 * The consumption's own line stays, so the same reference is not charged again.
 */
export async function refundCredits(
  db: Database,
  userId: string,
  referenceId: string,
  options: { description?: string; now?: number } = {},
): Promise<RefundResult> {
  const now = options.now ?? Date.now();
  const refundId = newId();
  const reference = refundReference(referenceId);
  const l = deckQuotaLedger;
  const q = userDeckQuotas;
  const changeOf = (column: typeof l.majorArcanaChange | typeof l.completeDeckChange) => sql<number>`(SELECT ${column} FROM ${l} WHERE ${l.id} = ${refundId})`;
  const [, , lines] = await db.batch([
    db
      .insert(l)
      .select(
        db
          .select({
            id: sql<string>`${refundId}`.as("id"),
            userId: l.userId,
            majorArcanaChange: sql<number>`MIN(-${l.majorArcanaChange}, ${q.majorArcanaUsed})`.as("major_arcana_change"),
            completeDeckChange: sql<number>`MIN(-${l.completeDeckChange}, ${q.completeDeckUsed})`.as("complete_deck_change"),
            description: sql<string>`${options.description ?? DEFAULT_REFUND_DESCRIPTION}`.as("description"),
            referenceId: sql<string>`${reference}`.as("reference_id"),
            createdAt: sql<number>`${now}`.as("created_at"),
          })
          .from(l)
          .innerJoin(q, eq(q.userId, l.userId))
          .where(and(eq(l.userId, userId), eq(l.referenceId, referenceId), lte(l.majorArcanaChange, 0), lte(l.completeDeckChange, 0))),
      )
      .onConflictDoNothing(),
    db
      .update(q)
      .set({
        majorArcanaUsed: sql`MAX(0, ${q.majorArcanaUsed} - ${changeOf(l.majorArcanaChange)})`,
        completeDeckUsed: sql`MAX(0, ${q.completeDeckUsed} - ${changeOf(l.completeDeckChange)})`,
        updatedAt: now,
      })
      .where(and(eq(q.userId, userId), ledgerRowWithId(refundId))),
    selectLedgerLine(db, userId, reference),
  ]);
  const line = lines[0];
  if (!line) return { status: "not_charged", refunded: { majorArcana: 0, completeDeck: 0 } };
  if (line.id !== refundId) return { status: "already_refunded", refunded: { majorArcana: 0, completeDeck: 0 } };
  return { status: "refunded", refunded: { majorArcana: line.majorArcanaChange, completeDeck: line.completeDeckChange } };
}

/* ------------------------------------------------------------------------------------------------
 * Monthly refresh
 * --------------------------------------------------------------------------------------------- */

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

/* ------------------------------------------------------------------------------------------------
 * Guests: the free allowance is a person's, not a browser session's
 * --------------------------------------------------------------------------------------------- */

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

/* ------------------------------------------------------------------------------------------------
 * Plan allocation (for payments)
 * --------------------------------------------------------------------------------------------- */

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
