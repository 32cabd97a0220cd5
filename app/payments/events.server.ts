/**
 * What a payment event changes, every rule in one place: the event id and all its effects are
 * written in one D1 batch, so a repeated or concurrent delivery changes nothing, and a
 * subscription is always taken from the provider's current state, so events may arrive in any order.
 *
 * - `checkout.session.completed`: the checkout is complete; a one-off payment gets its receipt, and
 *   Explorer Plus its complete-deck credit (the deck's upgrade follows, outside the batch);
 * - `customer.subscription.*` and `invoice.*`: the subscription row follows the provider's state and
 *   the quotas follow the plan (allocation on a new plan, the refresh on a renewal, the free plan
 *   when it ends); a paid invoice gets its receipt; a failed one leaves the subscription past due;
 * - a completed checkout of a marketplace deck: the purchase, the seller's sale line, the count;
 * - a completed top-up: the reading balance's line and the balance, once;
 * - `charge.refunded`: the receipt records the refund; a refunded Explorer Plus takes back its
 *   credit, a refunded deck its purchase (access ends) and its sale;
 * - a completed checkout of a deck that bought nothing is refunded; a failed refund call fails the
 *   delivery, and the provider's redelivery of the same event tries the refund again;
 * - `account.updated`: a creator's payout account follows the provider's state (payouts enabled).
 */
import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, lte, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { checkoutSessions, paymentEvents, paymentReceipts, subscriptions, subscriptionStatuses, users } from "../../db/schema";
import { payoutAccountEventStatements } from "../marketplace/earnings.server";
import { boughtNothing, deckCheckoutStatements, deckRefundStatements } from "../marketplace/purchase.server";
import { topUpRefundStatements, topUpStatements } from "../paid-readings/wallet.server";
import { explorerRefundStatements, planAllocationStatements, renewalStatements } from "../credits/credits.server";
import type { Database } from "../db.server";
import { EXPLORER_PLUS, findPlanByPriceId, FREE_PLAN } from "../plans/catalogue";
import { isSubscribed } from "../plans/subscription";
import { invoicePaymentIntentId, invoiceSubscriptionId, type PaymentsProvider, type ProviderSubscription } from "./provider.server";
import { formatDate } from "../lib/format";

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
  if (event.type.startsWith("invoice.")) return invoiceSubscriptionId(object);
  return null;
}

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
      statements.push(...renewalStatements(db, userId, `renewal:${subscription.id}:${subscription.currentPeriodEnd}`, now, previous.currentPeriodEnd * 1000));
    }
  } else if (ENDED.includes(subscription.status) && previous?.providerSubscriptionId === subscription.id) {
    // The subscription is over: back to the free plan's quotas, once.
    statements.push(...planAllocationStatements(db, userId, FREE_PLAN.key, now, { referenceId: `subscription:${subscription.id}:ended` }));
  }
  return statements;
}

async function checkoutStatements(db: Database, event: Stripe.Event, now: number): Promise<Statement[]> {
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
  if (session.mode === "payment") {
    // A one-off payment's receipt, from the checkout's own record; refunds find it by its payment.
    const c = checkoutSessions;
    statements.push(
      db
        .insert(paymentReceipts)
        .select(
          db
            .select({
              id: sql<string>`${session.id}`.as("id"),
              userId: c.userId,
              kind: c.kind,
              description: c.description,
              amountCents: sql<number>`${session.amount_total ?? 0}`.as("amount_cents"),
              refundedCents: sql<number>`0`.as("refunded_cents"),
              currency: c.currency,
              paymentIntentId: sql<string | null>`${idOf(session.payment_intent)}`.as("payment_intent_id"),
              checkoutId: c.id,
              receiptUrl: sql<string | null>`NULL`.as("receipt_url"),
              paidAt: sql<number>`${now}`.as("paid_at"),
              refundedAt: sql<number | null>`NULL`.as("refunded_at"),
            })
            .from(c)
            .where(and(eq(c.id, checkoutId), eq(c.userId, userId))),
        )
        .onConflictDoNothing(),
    );
  }
  // Explorer Plus: one complete-deck credit, once per checkout; the upgrade it pays for follows.
  if (session.metadata?.kind === "explorer-plus") {
    statements.push(...planAllocationStatements(db, userId, EXPLORER_PLUS.key, now, { referenceId: `checkout:${checkoutId}` }));
  }
  // A marketplace deck: the purchase, the seller's sale at their plan's fee now, once.
  if (session.metadata?.kind === "deck") {
    const checkout = await db.query.checkoutSessions.findFirst({ where: and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.userId, userId)) });
    if (checkout?.kind === "deck") {
      statements.push(
        ...(await deckCheckoutStatements(db, { id: checkout.id, userId, deckId: checkout.deckId, amountCents: checkout.amountCents ?? 0, currency: checkout.currency }, now)),
      );
    }
  }
  // A reading balance top-up: the amount the checkout recorded, once per checkout.
  if (session.metadata?.kind === "top-up") {
    const checkout = await db.query.checkoutSessions.findFirst({ where: and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.userId, userId)) });
    if (checkout) statements.push(...topUpStatements(db, checkout, now));
  }
  return statements;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

const accountExists = async (db: Database, userId: string) =>
  Boolean(await db.query.users.findFirst({ columns: { id: true }, where: eq(users.id, userId) }));

const shortDate = (s: number, withYear: boolean) =>
  formatDate(s * 1000, withYear ? "medium" : "dayMonth");

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

/** A paid subscription invoice's receipt, once per invoice. */
function invoiceReceiptStatements(db: Database, invoice: Stripe.Invoice, subscription: ProviderSubscription, now: number): Statement[] {
  const userId = subscription.metadata?.userId;
  if (!userId || !invoice.id || !(invoice.amount_paid > 0)) return [];
  const paidAt = invoice.status_transitions?.paid_at;
  return [
    db
      .insert(paymentReceipts)
      .values({
        id: invoice.id,
        userId,
        kind: "subscription",
        description: invoiceDescription(invoice, subscription),
        amountCents: invoice.amount_paid,
        currency: invoice.currency,
        paymentIntentId: invoicePaymentIntentId(invoice as unknown as Record<string, unknown>),
        receiptUrl: invoice.hosted_invoice_url ?? null,
        paidAt: paidAt ? paidAt * 1000 : now,
      })
      .onConflictDoNothing(),
  ];
}

/**
 * A refund: the receipt records how much of the payment came back, a refunded top-up leaves the
 * reading balance, and a fully refunded Explorer Plus takes back what it gave
 * (`explorerRefundStatements`). A refund of a payment this app did not take (made by hand at the
 * provider) changes nothing.
 */
async function refundStatements(db: Database, charge: Stripe.Charge, now: number): Promise<{ userId: string | null; statements: Statement[] }> {
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId) return { userId: null, statements: [] };
  const receipt = await db.query.paymentReceipts.findFirst({ where: eq(paymentReceipts.paymentIntentId, paymentIntentId) });
  if (!receipt) return { userId: null, statements: [] };
  const statements: Statement[] = [
    // A refunded top-up leaves the reading balance; read against the receipt's total before this refund.
    ...(receipt.kind === "top-up"
      ? topUpRefundStatements(db, { userId: receipt.userId, receiptId: receipt.id, checkoutId: receipt.checkoutId, refundedTotalCents: charge.amount_refunded }, now)
      : []),
    db
      .update(paymentReceipts)
      .set({ refundedCents: sql`MAX(${paymentReceipts.refundedCents}, ${charge.amount_refunded})`, refundedAt: now })
      .where(eq(paymentReceipts.id, receipt.id)),
  ];
  if (receipt.kind === "explorer-plus" && charge.amount_refunded >= charge.amount) {
    statements.push(...explorerRefundStatements(db, receipt.userId, `refund:checkout:${receipt.checkoutId ?? receipt.id}`, now));
  }
  // A refunded deck is no longer the buyer's: access ends, the sale is taken back, once.
  if (receipt.kind === "deck" && receipt.checkoutId && charge.amount_refunded >= charge.amount) {
    statements.push(...(await deckRefundStatements(db, receipt.checkoutId, now)));
  }
  return { userId: receipt.userId, statements };
}

const alreadyApplied = async (db: Database, id: string) =>
  Boolean(await db.query.paymentEvents.findFirst({ columns: { id: true }, where: eq(paymentEvents.id, id) }));

/** Applies a verified event once. */
export async function applyPaymentEvent(db: Database, provider: PaymentsProvider, event: Stripe.Event, now = Date.now()): Promise<EventResult> {
  if (await alreadyApplied(db, event.id)) {
    // A redelivery: the effects are written, but the refund of a payment that bought nothing may have failed.
    if (event.type === "checkout.session.completed") await refundUnusedDeckPayment(db, provider, event.data.object as Stripe.Checkout.Session, now);
    return { outcome: "duplicate", userId: null };
  }
  const effects: Statement[] = [];
  let userId: string | null = null;
  let upgrade: EventResult["upgrade"];
  if (event.type === "checkout.session.completed") {
    effects.push(...(await checkoutStatements(db, event, now)));
    const metadata = (event.data.object as Stripe.Checkout.Session).metadata;
    userId = metadata?.userId ?? null;
    if (metadata?.kind === "explorer-plus" && metadata.deckId && userId && effects.length > 0) upgrade = { userId, deckId: metadata.deckId };
  }
  if (event.type === "charge.refunded") {
    const refund = await refundStatements(db, event.data.object as Stripe.Charge, now);
    effects.push(...refund.statements);
    userId = refund.userId;
  }
  if (event.type === "account.updated") {
    effects.push(...(await payoutAccountEventStatements(db, event, now)).statements);
  }
  const subscriptionId = subscriptionIdOf(event);
  if (subscriptionId) {
    const current = await provider.retrieveSubscription(subscriptionId);
    if (current) {
      const statements = await subscriptionStatements(db, current, now);
      effects.push(...statements);
      if (event.type === "invoice.paid" && statements.length > 0) effects.push(...invoiceReceiptStatements(db, event.data.object as Stripe.Invoice, current, now));
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
  if (event.type === "checkout.session.completed" && effects.length > 0) await refundUnusedDeckPayment(db, provider, event.data.object as Stripe.Checkout.Session, now);
  return effects.length > 0 ? { outcome: "applied", userId, upgrade } : { outcome: "ignored", userId: null };
}

/** The provider's refund call for a deck payment that bought nothing failed; the delivery is to be retried. */
export class UnusedDeckRefundError extends Error {
  constructor(readonly checkoutId: string, cause: unknown) {
    super(`The refund of the unused deck checkout ${checkoutId} failed`, { cause });
  }
}

/**
 * A deck paid for twice (or after its listing went) is refunded in full once, by the provider; the
 * refund comes back as `charge.refunded` (applied here at once when the local provider returns it).
 * Tried on every delivery of the checkout's event until its receipt records the refund: the
 * idempotency key makes a repeated call the same refund, never a second one.
 */
async function refundUnusedDeckPayment(db: Database, provider: PaymentsProvider, session: Stripe.Checkout.Session, now: number) {
  const checkoutId = session.metadata?.checkoutId;
  const paymentIntentId = idOf(session.payment_intent);
  if (session.metadata?.kind !== "deck" || session.payment_status === "unpaid" || !checkoutId || !paymentIntentId) return;
  if (!(await boughtNothing(db, checkoutId))) return;
  const receipt = await db.query.paymentReceipts.findFirst({
    columns: { amountCents: true, refundedCents: true },
    where: eq(paymentReceipts.paymentIntentId, paymentIntentId),
  });
  if (receipt && receipt.refundedCents >= receipt.amountCents) return;
  let events: Stripe.Event[];
  try {
    events = await provider.refund({ paymentIntentId, idempotencyKey: `unused-deck:${checkoutId}` });
  } catch (error) {
    throw new UnusedDeckRefundError(checkoutId, error);
  }
  for (const refunded of events) await applyPaymentEvent(db, provider, refunded, now);
}
