/**
 * What a payment event changes, every rule in one place: the event id and all its effects are
 * written in one D1 batch, so a repeated or concurrent delivery changes nothing, and a
 * subscription is always taken from the provider's current state, so events may arrive in any order.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, lte } from "drizzle-orm";
import type Stripe from "stripe";
import { checkoutSessions, paymentEvents, subscriptions, subscriptionStatuses, users } from "../../db/schema";
import { planAllocationStatements, renewalStatements } from "../credits/credits.server";
import type { Database } from "../db.server";
import { EXPLORER_PLUS, findPlanByPriceId, FREE_PLAN } from "../plans/catalogue";
import { isSubscribed } from "../plans/subscription";
import type { PaymentsProvider, ProviderSubscription } from "./provider.server";

export type EventOutcome = "applied" | "duplicate" | "ignored";

/** What an event did, and whose account it changed (their open tabs are told). */
export type EventResult = {
  outcome: EventOutcome;
  userId: string | null;
  /** A paid Explorer Plus: the deck whose 56 cards are to be made now that its credit is in place. */
  upgrade?: { userId: string; deckId: string };
};

type Statement = BatchItem<"sqlite">;

const ENDED: readonly string[] = ["canceled", "incomplete_expired", "unpaid"];

type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** A status the provider may add later is stored as incomplete: never subscribed, never ended. */
const knownStatus = (status: string): SubscriptionStatus =>
  (subscriptionStatuses as readonly string[]).includes(status) ? (status as SubscriptionStatus) : "incomplete";

function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith("customer.subscription.")) return typeof object.id === "string" ? object.id : null;
  if (event.type === "checkout.session.completed") return typeof object.subscription === "string" ? object.subscription : null;
  if (event.type.startsWith("invoice.")) {
    // Invoices name their subscription at the top level (older API versions) or under `parent`.
    const direct = object.subscription;
    const parent = (object.parent as { subscription_details?: { subscription?: string } } | undefined)?.subscription_details?.subscription;
    return typeof direct === "string" ? direct : (parent ?? null);
  }
  return null;
}

/** The subscription row and the quota change that follow the provider's current state of it. */
async function subscriptionStatements(db: Database, subscription: ProviderSubscription, now: number): Promise<Statement[]> {
  const userId = subscription.metadata?.userId;
  if (!userId) return [];
  const owner = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.id, userId) });
  if (!owner) return [];
  const previous = await db.query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) });
  const row = {
    userId,
    subscriptionStatus: knownStatus(subscription.status),
    priceId: subscription.priceId,
    currentPeriodEnd: subscription.currentPeriodEnd,
    providerCustomerId: subscription.customer,
    providerSubscriptionId: subscription.id,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
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
  if (isSubscribed(subscription.status) && plan) {
    if (!samePlan || !isSubscribed(previous?.subscriptionStatus)) {
      // A new subscription, a change of plan, or a return from past due: the plan's quotas, once per period.
      statements.push(
        ...planAllocationStatements(db, userId, plan.key, now, {
          periodEnd: periodEndMs,
          referenceId: `subscription:${subscription.id}:${subscription.priceId}:${subscription.currentPeriodEnd}`,
        }),
      );
    } else if (previous && previous.currentPeriodEnd < subscription.currentPeriodEnd) {
      // A renewal: the monthly refresh with its rollover cap, once per period.
      statements.push(...renewalStatements(db, userId, `renewal:${subscription.id}:${subscription.currentPeriodEnd}`, now));
    }
  } else if (ENDED.includes(subscription.status) && previous?.providerSubscriptionId === subscription.id) {
    // The subscription is over: back to the free plan's quotas, once.
    statements.push(...planAllocationStatements(db, userId, FREE_PLAN.key, now, { referenceId: `subscription:${subscription.id}:ended` }));
  }
  return statements;
}

function checkoutStatements(db: Database, event: Stripe.Event, now: number): Statement[] {
  const session = event.data.object as Stripe.Checkout.Session;
  const checkoutId = session.metadata?.checkoutId;
  const userId = session.metadata?.userId;
  if (!checkoutId || !userId || session.payment_status === "unpaid") return [];
  const statements: Statement[] = [
    db
      .update(checkoutSessions)
      .set({ status: "complete", providerSessionId: session.id, completedAt: now })
      .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, "open"))),
  ];
  // Explorer Plus: one complete-deck credit, once per checkout; the upgrade it pays for follows.
  if (session.metadata?.kind === "explorer-plus") {
    statements.push(...planAllocationStatements(db, userId, EXPLORER_PLUS.key, now, { referenceId: `checkout:${checkoutId}` }));
  }
  return statements;
}

const alreadyApplied = async (db: Database, id: string) =>
  Boolean(await db.query.paymentEvents.findFirst({ columns: { id: true }, where: eq(paymentEvents.id, id) }));

/** Applies a verified event once. */
export async function applyPaymentEvent(db: Database, provider: PaymentsProvider, event: Stripe.Event, now = Date.now()): Promise<EventResult> {
  if (await alreadyApplied(db, event.id)) return { outcome: "duplicate", userId: null };
  const effects: Statement[] = [];
  let userId: string | null = null;
  let upgrade: EventResult["upgrade"];
  if (event.type === "checkout.session.completed") {
    effects.push(...checkoutStatements(db, event, now));
    const metadata = (event.data.object as Stripe.Checkout.Session).metadata;
    userId = metadata?.userId ?? null;
    if (metadata?.kind === "explorer-plus" && metadata.deckId && userId && effects.length > 0) upgrade = { userId, deckId: metadata.deckId };
  }
  const subscriptionId = subscriptionIdOf(event);
  if (subscriptionId) {
    const current = await provider.retrieveSubscription(subscriptionId);
    if (current) {
      effects.push(...(await subscriptionStatements(db, current, now)));
      userId ??= current.metadata?.userId ?? null;
    }
  }
  const record = db.insert(paymentEvents).values({ id: event.id, type: event.type, receivedAt: now });
  try {
    await db.batch([record, ...effects]);
  } catch (error) {
    // Another delivery of the same event won the race: its batch wrote everything, this one nothing.
    if (await alreadyApplied(db, event.id)) return { outcome: "duplicate", userId: null };
    throw error;
  }
  return effects.length > 0 ? { outcome: "applied", userId, upgrade } : { outcome: "ignored", userId: null };
}
