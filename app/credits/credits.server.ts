/**
 * Deck credits: every rule about quotas lives here.
 *
 * A user's quota record holds, per credit type (Major Arcana, complete deck), a quota and a used
 * count, plus the refresh dates and the rollover cap. A user without a record has the free plan's
 * defaults, and the record is created on first use. Every change to the counts writes a line to
 * `deck_quota_ledger` with a description; the same D1 batch (one transaction) writes both, and the
 * counts only change where that batch's ledger line was written. That makes each change atomic,
 * idempotent per reference id, and safe under any number of concurrent requests: the database's
 * CHECK keeps used counts within 0..quota as a last line of defence.
 *
 * Plan quotas, from the catalogue through `planCredits` (decision 0055: a plan grants what its decks
 * cost at its finest quality):
 * - free: 1 Major Arcana credit a month, no rollover;
 * - mystic, creator, visionary: complete-deck credits for the tier's monthly decks at its finest
 *   quality (Mystic 2 at medium, Creator 4 and Visionary 8 at high, 3 credits each) and no Major
 *   Arcana credits (a subscription's decks are full decks); up to half a month's credits roll
 *   over. Yearly plans get the same monthly allotment (a twelfth of their yearly deck count);
 * - explorer (the one-off Explorer Plus): its deck count as complete-deck credits, added once to
 *   what the user has. It brings no monthly grant; its rollover cap equals the credits bought, so
 *   they do not lapse at a refresh.
 *
 * A move up to a higher plan within a period adds the difference between the two plans' monthly
 * grants and keeps what was used and the refresh date: a period never holds more than the highest
 * plan's month, however many moves it sees. A move down waits for the period's end.
 *
 * Monthly refresh: once `next_refresh_date` has passed, per type the new quota is the plan's grant
 * plus min(unused, max_rollover_quota), less what the account owes, used counts go back to 0, and
 * the next refresh is the same day next month (clamped to the month's last day).
 *
 * The free allowance belongs to a person, not to a browser session (decision 0016): a guest made on
 * a browser that has been signed in to an account starts with no credits, and a guest merged into
 * an account brings its spending along: what fits in the account's credits left is counted now,
 * the rest is owed and taken from the next refreshes.
 */
// The rules above are kept in these modules: the record and the plans' quotas (quota-record.server.ts),
// reading a person's credits (quotas.server.ts), and the changes to them, each with its ledger line
// (ledger-line.server.ts): consumption and refunds (consumption.server.ts), the monthly refresh
// (refresh.server.ts), the free allowance of guests and new members (allowances.server.ts), and what
// payments give and take (plan-grants.server.ts). Callers import from here.
export {
  addOneMonth,
  DEFAULT_CONSUMPTION_DESCRIPTION,
  DEFAULT_REFRESH_PERIOD_MS,
  DEFAULT_REFUND_DESCRIPTION,
  defaultQuota,
  monthlyGrant,
  quotasForPlan,
  REFRESH_BATCH_SIZE,
  REFRESH_DESCRIPTION,
  REFRESH_MAX_BATCHES,
  selectRecord,
  type PlanQuota,
  type PlanType,
  type QuotaRecord,
} from "./quota-record.server";
export { getQuota, settleQuota } from "./quotas.server";
export { consumeCredits, refundCredits, refundReference, type ConsumeOptions, type ConsumeResult, type RefundResult } from "./consumption.server";
export { refreshDeckQuotas, refreshQuotaIfDue, renewalStatements } from "./refresh.server";
export { guestStartingQuota, mergeQuotaStatements, newMemberAllowanceStatements } from "./allowances.server";
export {
  EXPLORER_REFUND_SPENT,
  EXPLORER_REFUND_TAKEN_BACK,
  explorerRefundStatements,
  grantCreditStatements,
  initializeQuotaForPlan,
  planAllocationStatements,
  planMoveUpStatements,
  type AllocationResult,
} from "./plan-grants.server";
