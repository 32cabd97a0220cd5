/**
 * What a payment event changes, every rule in one place: the event id and all its effects are
 * written in one D1 batch, so a repeated or concurrent delivery changes nothing, and a
 * subscription is always taken from the provider's current state, so events may arrive in any order.
 *
 * - `checkout.session.completed`: the checkout is complete; a one-off payment gets its receipt, and
 *   Explorer Plus its complete-deck credit (the deck's upgrade follows, outside the batch);
 * - `customer.subscription.*` and `invoice.*`: the subscription row follows the provider's state and
 *   the quotas follow the plan (allocation on a new plan, the difference between the plans on a move
 *   up within the period, the refresh on a renewal, the free plan when it ends); a paid invoice gets
 *   its receipt; a failed one leaves the subscription past due;
 * - a completed checkout of a marketplace deck: the purchase, the seller's sale line, the count;
 * - a completed top-up: the reading balance's line and the balance, once;
 * - `charge.refunded`: the receipt records the refund; a refunded Explorer Plus takes back its
 *   credit, a refunded deck its purchase (access ends) and its sale; a refund that comes before its
 *   payment is held and applied in the payment's own batch;
 * - a completed checkout of a deck that bought nothing is refunded; a failed refund call fails the
 *   delivery, and the provider's redelivery of the same event tries the refund again;
 * - `account.updated`: a creator's payout account follows the provider's state (payouts enabled).
 */
import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, lte, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { type checkoutKinds, checkoutSessions, paymentCards, paymentEvents, paymentReceipts, pendingRefunds, subscriptions, subscriptionStatuses, users } from "../../db/schema";
import { payoutAccountEventStatements } from "../marketplace/earnings.server";
import { boughtNothing, deckCheckoutStatements, deckRefundStatements } from "../marketplace/purchase.server";
import { topUpRefundStatements, topUpStatements } from "../paid-readings/wallet.server";
import { explorerRefundStatements, planAllocationStatements, planMoveUpStatements, renewalStatements } from "../credits/credits.server";
import type { Database } from "../db.server";
import { EXPLORER_PLUS, findPlanByPriceId, FREE_PLAN } from "../plans/catalogue";
import { isSubscribed, planChangeTiming } from "../plans/subscription";
import { invoicePaymentIntentId, invoiceSubscriptionId, type PaymentsProvider, type ProviderSubscription } from "./provider.server";
import { formatDate } from "../lib/format";

/** `held`: a refund of a payment not seen yet, kept until the payment arrives. */
export type EventOutcome = "applied" | "duplicate" | "ignored" | "held";

/** What an event did, and whose account it changed (their open tabs are told). */
export type EventResult = {
  outcome: EventOutcome;
  userId: string | null;
  /** A paid Explorer Plus: the deck whose 56 cards are to be made now that its credit is in place. */
  upgrade?: { userId: string; deckId: string };
  /** A marketplace deck bought with money: its seller hears of it. */
  sale?: { deckId: string; grossCents: number; currency: string };
  /** A reading balance top-up reached the balance: its owner's live reading and receipt follow. */
  topUp?: { userId: string; amountCents: number };
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
      statements.push(...planMoveUpStatements(db, userId, plan.key, now, `subscription:${subscription.id}:${subscription.priceId}:${subscription.currentPeriodEnd}`));
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

/** What a completed checkout changes, and the Explorer Plus upgrade it pays for, if any. */
type CheckoutEffects = { statements: Statement[]; paymentIntentId: string | null; upgrade?: EventResult["upgrade"]; sale?: EventResult["sale"]; topUp?: EventResult["topUp"] };

/**
 * A completed checkout. What it bought is the checkout's own record (its kind, deck and amount),
 * never the event's label; a refund the provider reported before the payment is applied with it.
 */
async function checkoutStatements(db: Database, provider: PaymentsProvider, event: Stripe.Event, now: number): Promise<CheckoutEffects> {
  const session = event.data.object as Stripe.Checkout.Session;
  const checkoutId = session.metadata?.checkoutId;
  const userId = session.metadata?.userId;
  const paymentIntentId = session.mode === "payment" ? idOf(session.payment_intent) : null;
  if (!checkoutId || !userId || session.payment_status === "unpaid") return { statements: [], paymentIntentId: null };
  const statements: Statement[] = [
    db
      .update(checkoutSessions)
      .set({ status: "complete", providerSessionId: session.id, completedAt: now })
      .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, "open"))),
  ];
  if (session.mode !== "payment") return { statements, paymentIntentId };
  const [[[checkout], held], card] = await Promise.all([
    db.batch([
      db
        .select()
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.userId, userId)))
        .limit(1),
      heldRefundQuery(db, paymentIntentId),
    ]),
    // The card that paid, so a reader's reputation can tell two accounts of one person (decision 0051); never a reason to fail the payment.
    paymentIntentId ? provider.cardFingerprint(paymentIntentId).catch(() => null) : null,
  ]);
  if (!checkout) return { statements, paymentIntentId };
  if (card) statements.push(db.insert(paymentCards).values({ userId, fingerprint: card, seenAt: now }).onConflictDoNothing());
  const refund = held[0];
  const refundedInFull = refund !== undefined && refund.refundedCents >= refund.amountCents;
  // A one-off payment's receipt, from the checkout's own record; refunds find it by its payment.
  statements.push(
    db
      .insert(paymentReceipts)
      .values({
        id: session.id,
        userId,
        kind: checkout.kind,
        description: checkout.description,
        amountCents: session.amount_total ?? 0,
        currency: checkout.currency,
        paymentIntentId,
        checkoutId,
        paidAt: now,
      })
      .onConflictDoNothing(),
  );
  let upgrade: EventResult["upgrade"];
  // Explorer Plus: one complete-deck credit, once per checkout; the upgrade it pays for follows unless refunded.
  if (checkout.kind === "explorer-plus") {
    statements.push(...planAllocationStatements(db, userId, EXPLORER_PLUS.key, now, { referenceId: `checkout:${checkoutId}` }));
    if (checkout.deckId && !refundedInFull) upgrade = { userId, deckId: checkout.deckId };
  }
  // A marketplace deck: the purchase, the seller's sale at their plan's fee now, once; none when already refunded.
  let sale: EventResult["sale"];
  if (checkout.kind === "deck" && !refundedInFull) {
    const deckStatements = await deckCheckoutStatements(db, { id: checkout.id, userId, deckId: checkout.deckId, amountCents: checkout.amountCents ?? 0, currency: checkout.currency }, now);
    statements.push(...deckStatements);
    if (checkout.deckId && deckStatements.length > 0 && (checkout.amountCents ?? 0) > 0) sale = { deckId: checkout.deckId, grossCents: checkout.amountCents ?? 0, currency: checkout.currency };
  }
  // A reading balance top-up: the amount the checkout recorded, once per checkout.
  const topUp = checkout.kind === "top-up" ? topUpStatements(db, checkout, now) : [];
  statements.push(...topUp);
  if (refund) statements.push(...(await refundEffects(db, { id: session.id, userId, kind: checkout.kind, checkoutId }, refund, now)));
  return { statements, paymentIntentId, upgrade, sale, topUp: topUp.length > 0 ? { userId, amountCents: checkout.amountCents ?? 0 } : undefined };
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

/** A paid subscription invoice's receipt, once per invoice, with what a refund reported before it took back. */
function invoiceReceiptStatements(db: Database, invoice: Stripe.Invoice, subscription: ProviderSubscription, now: number): { statements: Statement[]; paymentIntentId: string | null } {
  const userId = subscription.metadata?.userId;
  if (!userId || !invoice.id || !(invoice.amount_paid > 0)) return { statements: [], paymentIntentId: null };
  const paidAt = invoice.status_transitions?.paid_at;
  const paymentIntentId = invoicePaymentIntentId(invoice as unknown as Record<string, unknown>);
  const held = sql`(SELECT ${pendingRefunds.refundedCents} FROM ${pendingRefunds} WHERE ${pendingRefunds.paymentIntentId} = ${paymentIntentId})`;
  return {
    paymentIntentId,
    statements: [
      db
        .insert(paymentReceipts)
        .values({
          id: invoice.id,
          userId,
          kind: "subscription",
          description: invoiceDescription(invoice, subscription),
          amountCents: invoice.amount_paid,
          currency: invoice.currency,
          paymentIntentId,
          receiptUrl: invoice.hosted_invoice_url ?? null,
          paidAt: paidAt ? paidAt * 1000 : now,
        })
        .onConflictDoNothing(),
      // A subscription's refund changes only its receipt, so one reported earlier is recorded here.
      db
        .update(paymentReceipts)
        .set({ refundedCents: sql`MAX(${paymentReceipts.refundedCents}, ${held})`, refundedAt: now })
        .where(and(eq(paymentReceipts.id, invoice.id), sql`${held} IS NOT NULL`)),
    ],
  };
}

/** What a payment's refunds add up to, as the provider reports them: of `amountCents`, `refundedCents` came back. */
type RefundTotal = { amountCents: number; refundedCents: number };
type RefundedReceipt = { id: string; userId: string; kind: (typeof checkoutKinds)[number]; checkoutId: string | null };

/** The refund the provider reported for a payment before its receipt was written, if any. */
const heldRefundQuery = (db: Database, paymentIntentId: string | null) =>
  db.select().from(pendingRefunds).where(eq(pendingRefunds.paymentIntentId, paymentIntentId ?? "")).limit(1);

/**
 * A refund's effects on a receipt: the receipt records how much of the payment came back, a
 * refunded top-up leaves the reading balance, a fully refunded Explorer Plus takes back what it gave
 * (`explorerRefundStatements`), a fully refunded deck its purchase and sale. Each once per total.
 */
async function refundEffects(db: Database, receipt: RefundedReceipt, refund: RefundTotal, now: number): Promise<Statement[]> {
  const inFull = refund.refundedCents >= refund.amountCents;
  const statements: Statement[] = [
    // A refunded top-up leaves the reading balance; read against the receipt's total before this refund.
    ...(receipt.kind === "top-up"
      ? topUpRefundStatements(db, { userId: receipt.userId, receiptId: receipt.id, checkoutId: receipt.checkoutId, refundedTotalCents: refund.refundedCents }, now)
      : []),
    db
      .update(paymentReceipts)
      .set({ refundedCents: sql`MAX(${paymentReceipts.refundedCents}, ${refund.refundedCents})`, refundedAt: now })
      .where(eq(paymentReceipts.id, receipt.id)),
  ];
  if (receipt.kind === "explorer-plus" && inFull) {
    statements.push(...explorerRefundStatements(db, receipt.userId, `refund:checkout:${receipt.checkoutId ?? receipt.id}`, now));
  }
  // A refunded deck is no longer the buyer's: access ends, the sale is taken back, once.
  if (receipt.kind === "deck" && receipt.checkoutId && inFull) {
    statements.push(...(await deckRefundStatements(db, receipt.checkoutId, now)));
  }
  return statements;
}

/**
 * A `charge.refunded`: applied to the payment's receipt; a refund of a payment not seen yet (the
 * provider does not promise order) is held by its payment's id, the highest total kept, until the
 * payment's own event writes the receipt. A refund of a payment this app never takes stays held
 * and changes nothing.
 */
async function refundStatements(db: Database, charge: Stripe.Charge, now: number): Promise<{ userId: string | null; statements: Statement[]; held: boolean }> {
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId) return { userId: null, statements: [], held: false };
  const receipt = await db.query.paymentReceipts.findFirst({ where: eq(paymentReceipts.paymentIntentId, paymentIntentId) });
  const total = { amountCents: charge.amount, refundedCents: charge.amount_refunded };
  if (receipt) return { userId: receipt.userId, statements: await refundEffects(db, receipt, total, now), held: false };
  const hold = db
    .insert(pendingRefunds)
    .values({ paymentIntentId, ...total, receivedAt: now })
    .onConflictDoUpdate({
      target: pendingRefunds.paymentIntentId,
      set: { amountCents: total.amountCents, refundedCents: sql`MAX(${pendingRefunds.refundedCents}, ${total.refundedCents})`, receivedAt: now },
    });
  return { userId: null, statements: [hold], held: true };
}

/**
 * A payment's receipt beside the refund held for it: read at the end of a batch that wrote either.
 * Columns the two tables share are named apart, as a batch's rows are keyed by column name.
 */
const receiptAndHeldRefund = (db: Database, paymentIntentId: string) =>
  db
    .select({
      id: paymentReceipts.id,
      userId: paymentReceipts.userId,
      kind: paymentReceipts.kind,
      checkoutId: paymentReceipts.checkoutId,
      receiptRefundedCents: sql<number>`${paymentReceipts.refundedCents}`.as("receipt_refunded_cents"),
      amountCents: sql<number>`${pendingRefunds.amountCents}`.as("held_amount_cents"),
      refundedCents: sql<number>`${pendingRefunds.refundedCents}`.as("held_refunded_cents"),
    })
    .from(paymentReceipts)
    .innerJoin(pendingRefunds, eq(pendingRefunds.paymentIntentId, paymentReceipts.paymentIntentId))
    .where(eq(paymentReceipts.paymentIntentId, paymentIntentId))
    .limit(1);

type ReceiptAndHeldRefund = Awaited<ReturnType<typeof receiptAndHeldRefund>>[number];

/**
 * A held refund whose payment's receipt was written by another delivery at the same moment (each
 * batch read before the other wrote): the later batch finds both, and the refund is applied now.
 */
async function settleHeldRefund(db: Database, found: ReceiptAndHeldRefund | undefined, now: number) {
  if (!found || found.refundedCents <= found.receiptRefundedCents) return false;
  const [first, ...rest] = await refundEffects(db, found, found, now);
  await db.batch([first!, ...rest]);
  return true;
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
  let sale: EventResult["sale"];
  let topUp: EventResult["topUp"];
  let held = false;
  // The payment whose receipt and held refund are read back at the end of the batch.
  let payment: string | null = null;
  if (event.type === "checkout.session.completed") {
    const checkout = await checkoutStatements(db, provider, event, now);
    effects.push(...checkout.statements);
    payment = checkout.paymentIntentId;
    upgrade = checkout.upgrade;
    sale = checkout.sale;
    topUp = checkout.topUp;
    userId = (event.data.object as Stripe.Checkout.Session).metadata?.userId ?? null;
  }
  if (event.type === "charge.refunded") {
    const refund = await refundStatements(db, event.data.object as Stripe.Charge, now);
    effects.push(...refund.statements);
    userId = refund.userId;
    held = refund.held;
    if (held) payment = idOf((event.data.object as Stripe.Charge).payment_intent);
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
      if (event.type === "invoice.paid" && statements.length > 0) {
        const receipt = invoiceReceiptStatements(db, event.data.object as Stripe.Invoice, current, now);
        effects.push(...receipt.statements);
        payment ??= receipt.paymentIntentId;
      }
      userId ??= current.metadata?.userId ?? null;
    }
  }
  const record = db.insert(paymentEvents).values({ id: event.id, type: event.type, receivedAt: now });
  let found: ReceiptAndHeldRefund | undefined;
  try {
    if (payment && effects.length > 0) {
      const results = await db.batch([record, ...effects, receiptAndHeldRefund(db, payment)]);
      found = (results.at(-1) as ReceiptAndHeldRefund[])[0];
    } else {
      await db.batch([record, ...effects]);
    }
  } catch (error) {
    // Another delivery of the same event won the race: its batch wrote everything, this one nothing.
    if (await alreadyApplied(db, event.id)) return { outcome: "duplicate", userId: null };
    throw error;
  }
  if (await settleHeldRefund(db, found, now)) {
    held = false;
    userId ??= found!.userId;
  }
  // A payment refunded in full before it arrived pays for no upgrade.
  if (found && found.kind === "explorer-plus" && found.refundedCents >= found.amountCents) upgrade = undefined;
  if (event.type === "checkout.session.completed" && effects.length > 0) await refundUnusedDeckPayment(db, provider, event.data.object as Stripe.Checkout.Session, now);
  if (held) return { outcome: "held", userId: null };
  return effects.length > 0 ? { outcome: "applied", userId, upgrade, sale, topUp } : { outcome: "ignored", userId: null };
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
  const [nothing, receipt] = await Promise.all([
    boughtNothing(db, checkoutId),
    db.query.paymentReceipts.findFirst({
      columns: { kind: true, checkoutId: true, amountCents: true, refundedCents: true },
      where: eq(paymentReceipts.paymentIntentId, paymentIntentId),
    }),
  ]);
  // Only a payment recorded as this deck checkout's is given back, whatever the event's label says.
  if (!nothing || !receipt || receipt.kind !== "deck" || receipt.checkoutId !== checkoutId) return;
  if (receipt.refundedCents >= receipt.amountCents) return;
  let events: Stripe.Event[];
  try {
    events = await provider.refund({ paymentIntentId, idempotencyKey: `unused-deck:${checkoutId}` });
  } catch (error) {
    throw new UnusedDeckRefundError(checkoutId, error);
  }
  for (const refunded of events) await applyPaymentEvent(db, provider, refunded, now);
}
