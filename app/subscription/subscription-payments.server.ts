/**
 * What a subscription's payments change: the subscription row follows the provider's current state
 * and the quotas follow the plan (allocation on a new plan, the difference between the plans on a
 * move up within the period, the refresh on a renewal, the free plan when it ends); a change the
 * subscriber made or met (a move, a waiting move, a cancellation, the end) is described for their
 * receipt. The payments module calls this through its handler registry (docs/decisions/0074, 0100).
 */
import { eq, lte } from "drizzle-orm";
import type Stripe from "stripe";
import { subscriptions, subscriptionStatuses, users } from "../../db/schema";
import { planAllocationStatements, planMoveUpStatements, renewalStatements } from "../credits/credits.server";
import type { Database } from "../db.server";
import { formatDate, longDate } from "../lib/format";
import type { ProviderSubscription } from "../payments/provider.server";
import type { PurchaseHandler, Statement, SubscriptionChange, SubscriptionHandler } from "../payments/registry.server";
import { findPlanByPriceId, formatPlanPrice, FREE_PLAN, type Plan } from "../plans/catalogue";
import { isSubscribed, planChangeTiming } from "../plans/subscription";

const ENDED: readonly string[] = ["canceled", "incomplete_expired", "unpaid"];

type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** A status the provider may add later is stored as incomplete: never subscribed, never ended. */
const knownStatus = (status: string): SubscriptionStatus =>
  (subscriptionStatuses as readonly string[]).includes(status) ? (status as SubscriptionStatus) : "incomplete";

const accountExists = async (db: Database, userId: string) => Boolean(await db.query.users.findFirst({ columns: { id: true }, where: eq(users.id, userId) }));

/** The subscription row and the quota change that follow the provider's current state of it, and the change its subscriber hears of. */
async function subscriptionStatements(
  db: Database,
  subscription: ProviderSubscription,
  now: number,
): Promise<{ statements: Statement[]; change?: SubscriptionChange }> {
  const userId = subscription.metadata?.userId;
  if (!userId || !(await accountExists(db, userId))) return { statements: [] };
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
  const change = previous && previous.providerStateAt <= now ? changeOf(userId, previous, subscription) : undefined;
  return change ? { statements, change } : { statements };
}

const planName = (plan: Plan) => `${plan.name}, ${plan.interval === "year" ? "yearly" : "monthly"}`;
const perPeriod = (plan: Plan) => `${formatPlanPrice(plan)} ${plan.interval === "year" ? "a year" : "a month"}`;

/**
 * What changed between the stored state of a subscription and the provider's, as its subscriber is
 * told: the end, a move made now, a move set for the period's end or called off, a cancellation or
 * its withdrawal. A new subscription and a renewal are told by their invoice's receipt, and a
 * waiting move that takes effect at a renewal was told when it was chosen.
 */
function changeOf(userId: string, previous: typeof subscriptions.$inferSelect, current: ProviderSubscription): SubscriptionChange | undefined {
  if (previous.providerSubscriptionId !== current.id) return undefined;
  const plan = findPlanByPriceId(current.priceId);
  const before = findPlanByPriceId(previous.priceId);
  if (!plan || plan.mode !== "subscription") return undefined;
  const periodEnd = longDate(current.currentPeriodEnd * 1000);
  const name = planName(plan);
  if (ENDED.includes(current.status)) {
    if (ENDED.includes(previous.subscriptionStatus)) return undefined;
    return {
      userId,
      headline: `Your ${plan.name} plan has ended`,
      plan: name,
      paragraphs: ["You are on the free plan now, and nothing more will be charged."],
      rows: [{ label: "Charged from now on", value: "Nothing" }],
    };
  }
  if (previous.priceId !== current.priceId) {
    // The move chosen for the period's end, now made: it was told when chosen, and its invoice's receipt tells the payment.
    if (previous.scheduledPriceId === current.priceId) return undefined;
    const up = before?.mode === "subscription" && planChangeTiming(before, plan) === "now";
    return {
      userId,
      headline: `Your plan is now ${name}`,
      plan: name,
      paragraphs: [
        before ? `You moved from ${planName(before)} to ${name}.` : `You moved to ${name}.`,
        ...(up ? ["What is charged today for the rest of this period comes on a receipt of its own."] : []),
      ],
      rows: [
        { label: "Price", value: perPeriod(plan) },
        { label: "Next renewal", value: periodEnd },
      ],
    };
  }
  if (previous.scheduledPriceId !== current.scheduledPriceId) {
    const next = current.scheduledPriceId ? findPlanByPriceId(current.scheduledPriceId) : undefined;
    if (next) {
      return {
        userId,
        headline: `Your plan changes to ${planName(next)} on ${periodEnd}`,
        plan: planName(next),
        paragraphs: [`Until then you keep ${name}, which is paid for. Nothing is charged today.`],
        rows: [
          { label: "Price", value: perPeriod(next) },
          { label: "From", value: periodEnd },
        ],
      };
    }
    return {
      userId,
      headline: `You keep your ${plan.name} plan`,
      plan: name,
      paragraphs: ["The change of plan you had chosen is called off."],
      rows: [
        { label: "Price", value: perPeriod(plan) },
        { label: "Next renewal", value: periodEnd },
      ],
    };
  }
  if (previous.cancelAtPeriodEnd !== current.cancel_at_period_end) {
    if (current.cancel_at_period_end) {
      return {
        userId,
        headline: `Your ${plan.name} plan is cancelled`,
        plan: name,
        paragraphs: [`It ends on ${periodEnd}, and nothing more will be charged. Until then you keep everything it gives.`],
        rows: [
          { label: "Charged from now on", value: "Nothing" },
          { label: "Ends on", value: periodEnd },
        ],
      };
    }
    return {
      userId,
      headline: `Your ${plan.name} plan goes on`,
      plan: name,
      paragraphs: ["You took back your cancellation: the plan renews as before."],
      rows: [
        { label: "Price", value: perPeriod(plan) },
        { label: "Next renewal", value: periodEnd },
      ],
    };
  }
  return undefined;
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
