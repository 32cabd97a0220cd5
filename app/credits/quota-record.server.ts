// A quota record and the plan rules it follows: what each plan grants, the free defaults, and the
// queries that make and read the record. The reads are in quotas.server.ts, every change to the
// counts in the modules credits.server.ts lists (the rules of all: credits.server.ts).
import { eq, sql, type SQL } from "drizzle-orm";
import { planTypes, userDeckQuotas } from "../../db/schema";
import type { Database } from "../db.server";
import type { Me } from "../lib/page-reads.server";
import { addMonths } from "../lib/months";
import { FREE_REFRESH_DAYS, findPlanByKey, PLANS, type PlanTier } from "../plans/catalogue";
import { FREE_PLAN_QUOTA } from "./badge";
import type { CreditAmounts } from "../plans/cost";
import { planCredits } from "../plans/plan-credits";

export type PlanType = (typeof planTypes)[number];
export type QuotaRecord = typeof userDeckQuotas.$inferSelect;

/** Time from a new record to its first refresh: the free plan's 30 days (2,592,000,000 ms). */
export const DEFAULT_REFRESH_PERIOD_MS = FREE_REFRESH_DAYS * 86_400_000;
export const DEFAULT_CONSUMPTION_DESCRIPTION = "Deck generation";
export const DEFAULT_REFUND_DESCRIPTION = "Refund for a failed deck generation";
export const REFRESH_DESCRIPTION = "Monthly quota refresh";
/** Due records refreshed per batch by the periodic job, and batches per run. */
export const REFRESH_BATCH_SIZE = 100;
export const REFRESH_MAX_BATCHES = 20;

/** The same moment one month later in UTC; the day is clamped to the month's length (Jan 31 → Feb 28/29). */
export function addOneMonth(ms: number): number {
  return addMonths(ms, 1);
}

/* ------------------------------------------------------------------------------------------------
 * Plans
 * --------------------------------------------------------------------------------------------- */

export type PlanQuota = {
  planType: PlanType;
  majorArcanaQuota: number;
  completeDeckQuota: number;
  maxRolloverQuota: number;
};

/**
 * The quotas a plan gives per month (for Explorer Plus: once), from what its decks cost
 * (`planCredits`, decision 0055). Throws for an unknown plan key.
 */
export function quotasForPlan(planKey: string): PlanQuota {
  const plan = findPlanByKey(planKey);
  if (!plan) throw new Error(`Unknown plan: ${planKey}`);
  const credits = planCredits(plan);
  switch (plan.tier) {
    case "free":
      return { planType: "free", majorArcanaQuota: credits.majorArcana, completeDeckQuota: credits.completeDeck, maxRolloverQuota: 0 };
    case "explorer":
      return {
        planType: "explorer",
        majorArcanaQuota: credits.majorArcana,
        completeDeckQuota: credits.completeDeck,
        maxRolloverQuota: credits.majorArcana + credits.completeDeck,
      };
    default:
      return {
        planType: plan.tier,
        majorArcanaQuota: credits.majorArcana,
        completeDeckQuota: credits.completeDeck,
        maxRolloverQuota: Math.floor((credits.majorArcana + credits.completeDeck) / 2),
      };
  }
}

/** Credits a refresh grants each plan type before rollover; explorer (one-off) gets none. */
export function monthlyGrant(planType: PlanType | PlanTier): CreditAmounts {
  if (planType === "explorer") return { majorArcana: 0, completeDeck: 0 };
  const plan = PLANS.find((p) => p.tier === planType && (p.interval === "month" || p.tier === "free"));
  if (!plan) return { majorArcana: 0, completeDeck: 0 };
  const q = quotasForPlan(plan.key);
  return { majorArcana: q.majorArcanaQuota, completeDeck: q.completeDeckQuota };
}

export const SUBSCRIPTION_PLAN_TYPES: readonly PlanType[] = ["mystic", "creator", "visionary"];

/** SQL for the refresh grant of a row's plan type, from `monthlyGrant`. */
export function grantSql(type: keyof CreditAmounts): SQL<number> {
  const cases = planTypes.map((p) => sql`WHEN ${p} THEN ${monthlyGrant(p)[type]}`);
  return sql<number>`(CASE ${userDeckQuotas.planType} ${sql.join(cases, sql` `)} ELSE 0 END)`;
}

/* ------------------------------------------------------------------------------------------------
 * Reading the record
 * --------------------------------------------------------------------------------------------- */

/** The record a user without one gets: the free plan's quotas, first refresh 30 days later. */
export function defaultQuota(userId: string, now: number): QuotaRecord {
  return {
    userId,
    planType: "free",
    majorArcanaQuota: FREE_PLAN_QUOTA.majorArcanaQuota,
    completeDeckQuota: FREE_PLAN_QUOTA.completeDeckQuota,
    majorArcanaUsed: 0,
    completeDeckUsed: 0,
    lastRefreshDate: now,
    nextRefreshDate: now + DEFAULT_REFRESH_PERIOD_MS,
    maxRolloverQuota: 0,
    majorArcanaOwed: 0,
    completeDeckOwed: 0,
    updatedAt: now,
  };
}

/** Creates the default record unless the user has one (`ON CONFLICT DO NOTHING`). */
export function ensureRecord(db: Database, userId: string, now: number) {
  return db.insert(userDeckQuotas).values(defaultQuota(userId, now)).onConflictDoNothing();
}

/** The query of a user's quota record, to read it in a batch with other reads; `settleQuota` finishes it. */
export function selectRecord(db: Database, userId: string | Me) {
  return db.select().from(userDeckQuotas).where(eq(userDeckQuotas.userId, userId));
}
