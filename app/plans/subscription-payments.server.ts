/**
 * What a subscription's payments change: the subscription row follows the provider's current state
 * and the quotas follow the plan (allocation on a new plan, the difference between the plans on a
 * move up within the period, the refresh on a renewal, the free plan when it ends). The payments
 * module calls this through its handler registry (docs/decisions/0074).
 */
import { eq, lte } from "drizzle-orm";
import type Stripe from "stripe";
import { subscriptions, subscriptionStatuses, users } from "../../db/schema";
import { planAllocationStatements, planMoveUpStatements, renewalStatements } from "../credits/credits.server";
import type { Database } from "../db.server";
import { formatDate } from "../lib/format";
import type { ProviderSubscription } from "../payments/provider.server";
import type { PurchaseHandler, Statement, SubscriptionHandler } from "../payments/registry.server";
import { findPlanByPriceId, FREE_PLAN } from "./catalogue";
import { isSubscribed, planChangeTiming } from "./subscription";

const ENDED: readonly string[] = ["canceled", "incomplete_expired", "unpaid"];

type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** A status the provider may add later is stored as incomplete: never subscribed, never ended. */
const knownStatus = (status: string): SubscriptionStatus =>
  (subscriptionStatuses as readonly string[]).includes(status) ? (status as SubscriptionStatus) : "incomplete";

const accountExists = async (db: Database, userId: string) => Boolean(await db.query.users.findFirst({ columns: { id: true }, where: eq(users.id, userId) }));

/** The subscription row and the quota change that follow the provider's current state of it. */
async function subscriptionStatements(db: Database, subscription: ProviderSubscription, now: number): Promise<Statement[]> {
  const userId = subscription.metadata?.userId;
  if (!userId || !(await accountExists(db, userId))) return [];
  const previous = await db.query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) });
  const row = {
    userId,
    subscriptionStatus: knownStatus(subscription.status),
    priceId: subscription.priceId,
    currentPeriodEnd: subscription.currentPeriodEnd,
    providerCustomerId: subscription.customer,
    providerSubscriptionId: subscription.id,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    scheduledPriceId: subscription.scheduledPriceId,
    providerStateAt: now,
    updatedAt: now,
  };
  const statements: Statement[] = [
    db
      .insert(subscriptions)
      .values(row)
      .onConflictDoUpdate({ target: subscriptions.userId, set: row, setWhere: lte(subscriptions.providerStateAt, now) }),
  ];

  const plan = findPlanByPriceId(subscription.priceId);
  const periodEndMs = subscription.currentPeriodEnd * 1000;
  const samePlan = previous?.providerSubscriptionId === subscription.id && previous.priceId === subscription.priceId;
  const previousPlan = previous ? findPlanByPriceId(previous.priceId) : undefined;
  // The same subscription, paid up before and now, on a higher plan: a move up within the period.
  const movedUp =
    previous?.providerSubscriptionId === subscription.id &&
    isSubscribed(previous.subscriptionStatus) &&
    !samePlan &&
    previousPlan?.mode === "subscription" &&
    plan?.mode === "subscription" &&
    planChangeTiming(previousPlan, plan) === "now";
  if (isSubscribed(subscription.status) && plan) {
    if (movedUp) {
      // The difference between the plans for the rest of the period, never a fresh month.
      statements.push(
        ...planMoveUpStatements(db, userId, plan.key, now, `subscription:${subscription.id}:${subscription.priceId}:${subscription.currentPeriodEnd}`),
      );
    } else if (!samePlan || !isSubscribed(previous?.subscriptionStatus)) {
      // A new subscription, a change of plan, or a return from past due: the plan's quotas, once per period.
      statements.push(
        ...planAllocationStatements(db, userId, plan.key, now, {
          periodEnd: periodEndMs,
          referenceId: `subscription:${subscription.id}:${subscription.priceId}:${subscription.currentPeriodEnd}`,
        }),
      );
    } else if (previous && previous.currentPeriodEnd < subscription.currentPeriodEnd) {
      // A renewal: the monthly refresh with its rollover cap, once per period.
      statements.push(...renewalStatements(db, userId, `renewal:${subscription.id}:${subscription.currentPeriodEnd}`, now, previous.currentPeriodEnd * 1000));
    }
  } else if (ENDED.includes(subscription.status) && previous?.providerSubscriptionId === subscription.id) {
    // The subscription is over: back to the free plan's quotas, once.
    statements.push(...planAllocationStatements(db, userId, FREE_PLAN.key, now, { referenceId: `subscription:${subscription.id}:ended` }));
  }
  return statements;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

const shortDate = (s: number, withYear: boolean) => formatDate(s * 1000, withYear ? "medium" : "dayMonth");

/** "Creator, monthly · Nov 23 – Dec 23, 2026": what a subscription invoice paid for. */
function invoiceDescription(invoice: Stripe.Invoice, subscription: ProviderSubscription): string {
  const line = invoice.lines?.data?.[0] as (Stripe.InvoiceLineItem & { price?: { id: string } | null }) | undefined;
  const linePrice = line?.price?.id ?? idOf(line?.pricing?.price_details?.price as string | { id: string } | undefined);
  const plan = findPlanByPriceId(linePrice ?? subscription.priceId) ?? findPlanByPriceId(subscription.priceId);
  const name = plan ? `${plan.name}, ${plan.interval === "year" ? "yearly" : "monthly"}` : "Subscription";
  const change = invoice.billing_reason === "subscription_update" ? " (change of plan)" : "";
  const period = line?.period ? ` · ${shortDate(line.period.start, false)} – ${shortDate(line.period.end, true)}` : "";
  return `${name}${change}${period}`;
}

export const subscriptionPayments: SubscriptionHandler = { statements: subscriptionStatements, describeInvoice: invoiceDescription };

/** A subscription's checkout changes nothing itself: its subscription and invoice events do. */
export const subscriptionPurchase: PurchaseHandler = {};
