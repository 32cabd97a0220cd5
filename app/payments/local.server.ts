/**
 * The local payment provider, the default offline: it keeps Stripe-shaped objects in D1, takes
 * test cards on a checkout page of our own, and delivers signed Stripe-shaped events to the same
 * webhook handler Stripe's events go through.
 */
import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { localPaymentObjects } from "../../db/schema";
import { sha256Hex } from "../lib/crypto";
import type { Database } from "../db.server";
import { randomToken } from "../lib/crypto";
import { findPlanByPriceId, type Plan } from "../plans/catalogue";
import { periodEndAfter, planChangeTiming } from "../plans/subscription";
import { PaymentsError, type CheckoutRequest, type PaymentsProvider, type ProviderSubscription, type RefundRequest } from "./provider.server";
import { stripeClient, subtleCrypto, verifyStripeSignature } from "./stripe.server";

/** The local checkout's test cards, as Stripe's test mode knows them. */
export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  /** Asks the person to confirm the payment first, as 3-D Secure would. */
  confirms: "4000002760003184",
  /** Can be saved for later payments, but every charge to it fails: a renewal that does not go through. */
  failsLater: "4000000000000341",
} as const;

export type LocalCheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: "subscription" | "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  client_reference_id: string;
  customer: string;
  customer_email: string | null;
  subscription: string | null;
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
  created: number;
  /** Not in Stripe's shape: what the local page shows and sells. */
  line: { price: string | null; description: string };
};

type SubscriptionItem = { id: string; price: { id: string }; current_period_start: number; current_period_end: number };

export type LocalSubscription = {
  id: string;
  object: "subscription";
  status: Stripe.Subscription.Status;
  customer: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: "list"; data: SubscriptionItem[] };
  created: number;
  /** Not in Stripe's shape: the card on file, a change of plan waiting for the period's end, an unpaid invoice. */
  local: { card: string; scheduledPrice: string | null; openInvoice: string | null };
};

type LocalInvoice = {
  id: string;
  object: "invoice";
  customer: string;
  subscription: string;
  parent: { type: "subscription_details"; subscription_details: { subscription: string; metadata: Record<string, string> } };
  billing_reason: "subscription_create" | "subscription_cycle" | "subscription_update";
  status: "open" | "paid";
  amount_due: number;
  amount_paid: number;
  currency: string;
  payment_intent: string | null;
  hosted_invoice_url: null;
  lines: { object: "list"; data: { price: { id: string }; period: { start: number; end: number } }[] };
  status_transitions: { paid_at: number | null };
  created: number;
};

type LocalCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  customer: string;
  payment_intent: string;
  metadata: Record<string, string>;
  created: number;
  /** As Stripe gives it: the same fingerprint for the same card number. */
  payment_method_details: { card: { fingerprint: string } };
};

/** What the local portal refuses, in the words Stripe's portal would use. */
export const PORTAL_MESSAGES = {
  declined: "Your card was declined. Try another card.",
  notTest: "Use one of the test cards: nothing real is charged here.",
  samePlan: "That is already your plan.",
  unknownPlan: "Choose one of the plans listed.",
  ended: "This subscription has ended.",
} as const;

const seconds = (ms: number) => Math.floor(ms / 1000);
const localId = (prefix: string) => `${prefix}_local_${randomToken(12)}`;
const cents = (plan: Plan) => Math.round(plan.price * 100);

async function read<T>(db: Database, id: string): Promise<T | null> {
  const [row] = await db.select({ data: localPaymentObjects.data }).from(localPaymentObjects).where(eq(localPaymentObjects.id, id)).limit(1);
  return (row?.data as T | undefined) ?? null;
}

async function write(db: Database, object: { id: string; object: string }, now: number) {
  await db
    .insert(localPaymentObjects)
    .values({ id: object.id, object: object.object, data: object as unknown as Record<string, unknown>, updatedAt: now })
    .onConflictDoUpdate({ target: localPaymentObjects.id, set: { data: object as unknown as Record<string, unknown>, updatedAt: now } });
}

export function localCheckoutSession(db: Database, id: string) {
  return read<LocalCheckoutSession>(db, id);
}

function planOfPrice(priceId: string): Plan {
  const plan = findPlanByPriceId(priceId);
  if (!plan) throw new PaymentsError(PORTAL_MESSAGES.unknownPlan);
  return plan;
}

/**
 * What a move up charges today, in cents: on the same billing cycle the difference for the rest of
 * the period; onto another cycle (monthly to yearly), which starts today, the new price less the
 * unused part of the old one.
 */
export function changeCharge(from: Plan, to: Plan, item: Pick<SubscriptionItem, "current_period_start" | "current_period_end">, now = Date.now()) {
  const start = item.current_period_start * 1000;
  const end = item.current_period_end * 1000;
  const left = Math.min(1, Math.max(0, (end - now) / (end - start)));
  if (from.interval === to.interval) return Math.max(0, Math.round((cents(to) - cents(from)) * left));
  return Math.max(0, cents(to) - Math.round(cents(from) * left));
}

export class LocalPayments implements PaymentsProvider {
  readonly name = "local" as const;

  constructor(
    private readonly db: Database,
    readonly webhookSecret: string,
  ) {}

  async createCheckout(request: CheckoutRequest, now = Date.now()) {
    const id = `cs_local_${request.checkoutId}`;
    const existing = await read<LocalCheckoutSession>(this.db, id);
    if (existing) return { sessionId: existing.id, url: existing.url };
    const session: LocalCheckoutSession = {
      id,
      object: "checkout.session",
      mode: request.mode,
      status: "open",
      payment_status: "unpaid",
      client_reference_id: request.userId,
      customer: request.customerId ?? localId("cus"),
      customer_email: request.email,
      subscription: null,
      payment_intent: null,
      amount_total: request.amountCents,
      currency: request.currency,
      metadata: request.metadata,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      url: `/checkout/local/${id}`,
      created: seconds(now),
      line: { price: request.priceId, description: request.description },
    };
    await write(this.db, session, now);
    return { sessionId: id, url: session.url };
  }

  verifyEvent(rawBody: string, signature: string | null) {
    return verifyStripeSignature(stripeClient("sk_test_local"), rawBody, signature, this.webhookSecret);
  }

  async createPortal(_customerId: string, returnUrl: string) {
    return { url: `/billing/local?return=${encodeURIComponent(returnUrl)}` };
  }

  /** The customer's current subscription at the local provider, for its portal page. */
  async subscriptionOf(customerId: string): Promise<LocalSubscription | null> {
    const rows = await this.db
      .select({ data: localPaymentObjects.data })
      .from(localPaymentObjects)
      .where(and(eq(localPaymentObjects.object, "subscription"), sql`json_extract(${localPaymentObjects.data}, '$.customer') = ${customerId}`));
    const mine = rows.map((row) => row.data as unknown as LocalSubscription).filter((sub) => sub.status !== "canceled");
    return mine.sort((a, b) => b.created - a.created)[0] ?? null;
  }

  async cardFingerprint(paymentIntentId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ fingerprint: sql<string | null>`json_extract(${localPaymentObjects.data}, '$.payment_method_details.card.fingerprint')` })
      .from(localPaymentObjects)
      .where(and(eq(localPaymentObjects.object, "charge"), sql`json_extract(${localPaymentObjects.data}, '$.payment_intent') = ${paymentIntentId}`))
      .limit(1);
    return row?.fingerprint ?? null;
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const subscription = await read<LocalSubscription>(this.db, id);
    if (!subscription) return null;
    const item = subscription.items.data[0]!;
    return {
      id: subscription.id,
      status: subscription.status,
      cancel_at_period_end: subscription.cancel_at_period_end,
      metadata: subscription.metadata,
      customer: subscription.customer,
      priceId: item.price.id,
      currentPeriodEnd: item.current_period_end,
      scheduledPriceId: subscription.local.scheduledPrice,
    };
  }

  /**
   * Pays an open local checkout with `card`, as Stripe would after the card succeeds: the session
   * completes, a subscription starts with its first invoice paid (subscription mode), and the
   * events Stripe sends are returned, in Stripe's order, for the caller to sign and deliver.
   */
  async pay(sessionId: string, card: string = TEST_CARDS.succeeds, now = Date.now()): Promise<Stripe.Event[]> {
    const session = await read<LocalCheckoutSession>(this.db, sessionId);
    if (!session || session.status !== "open") return [];
    // One statement claims the open checkout: of two clicks or two tabs paying at once, one pays.
    const claimed = await this.db
      .update(localPaymentObjects)
      .set({ data: sql`json_set(${localPaymentObjects.data}, '$.status', 'complete')`, updatedAt: now })
      .where(and(eq(localPaymentObjects.id, sessionId), sql`json_extract(${localPaymentObjects.data}, '$.status') = 'open'`))
      .returning({ id: localPaymentObjects.id });
    if (claimed.length === 0) return [];
    const events: Stripe.Event[] = [];
    if (session.mode === "subscription") {
      const plan = planOfPrice(session.line.price ?? "");
      const subscription: LocalSubscription = {
        id: localId("sub"),
        object: "subscription",
        status: "active",
        customer: session.customer,
        cancel_at_period_end: false,
        metadata: session.metadata,
        items: {
          object: "list",
          data: [
            {
              id: localId("si"),
              price: { id: plan.priceId },
              current_period_start: seconds(now),
              current_period_end: seconds(periodEndAfter(now, plan.interval)),
            },
          ],
        },
        created: seconds(now),
        local: { card, scheduledPrice: null, openInvoice: null },
      };
      const invoice = await this.invoice(subscription, "subscription_create", session.amount_total, now);
      await write(this.db, subscription, now);
      session.subscription = subscription.id;
      events.push(event("customer.subscription.created", subscription, now), event("invoice.paid", invoice, now));
    } else {
      session.payment_intent = (await this.charge(session.customer, session.amount_total, session.currency, session.metadata, now, card)).payment_intent;
    }
    session.status = "complete";
    session.payment_status = "paid";
    await write(this.db, session, now);
    events.unshift(event("checkout.session.completed", session, now));
    return events;
  }

  /** Closes an open checkout without paying, as leaving Stripe's page by its back link does. */
  async expire(sessionId: string, now = Date.now()) {
    const session = await read<LocalCheckoutSession>(this.db, sessionId);
    if (!session || session.status !== "open") return;
    const expired: LocalCheckoutSession = { ...session, status: "expired" };
    await write(this.db, expired, now);
  }

  /** Cancels at the period's end, or takes that back, as Stripe's portal does; returns the event Stripe sends. */
  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, now = Date.now()): Promise<Stripe.Event[]> {
    const subscription = await read<LocalSubscription>(this.db, subscriptionId);
    if (!subscription || subscription.status === "canceled" || subscription.cancel_at_period_end === cancel) return [];
    const changed: LocalSubscription = { ...subscription, cancel_at_period_end: cancel };
    await write(this.db, changed, now);
    return [event("customer.subscription.updated", changed, now)];
  }

  /**
   * Moves to another plan as Stripe's portal does when it is set to charge a move up at once and
   * keep a move down for the period's end (`planChangeTiming`). A move up is charged to the card on
   * file, less what is left of the period paid for; a declined card changes nothing.
   */
  async changePlan(subscriptionId: string, priceId: string, now = Date.now()): Promise<Stripe.Event[]> {
    const subscription = await this.live(subscriptionId);
    const item = subscription.items.data[0]!;
    const from = planOfPrice(item.price.id);
    const to = planOfPrice(priceId);
    if (to.mode !== "subscription") throw new PaymentsError(PORTAL_MESSAGES.unknownPlan);
    if (to.priceId === from.priceId) {
      if (!subscription.local.scheduledPrice) throw new PaymentsError(PORTAL_MESSAGES.samePlan);
      // Choosing the current plan again calls off the change that was waiting.
      return this.save({ ...subscription, local: { ...subscription.local, scheduledPrice: null } }, now);
    }
    if (planChangeTiming(from, to) === "period-end") {
      return this.save({ ...subscription, local: { ...subscription.local, scheduledPrice: to.priceId } }, now);
    }
    const sameCycle = from.interval === to.interval;
    const amount = changeCharge(from, to, item, now);
    if (subscription.local.card === TEST_CARDS.failsLater) throw new PaymentsError(PORTAL_MESSAGES.declined, 402);
    const changed: LocalSubscription = {
      ...subscription,
      items: {
        object: "list",
        data: [
          sameCycle
            ? { ...item, price: { id: to.priceId } }
            : { ...item, price: { id: to.priceId }, current_period_start: seconds(now), current_period_end: seconds(periodEndAfter(now, to.interval)) },
        ],
      },
      local: { ...subscription.local, scheduledPrice: null },
    };
    const invoice = await this.invoice(changed, "subscription_update", amount, now);
    await write(this.db, changed, now);
    return [event("customer.subscription.updated", changed, now), event("invoice.paid", invoice, now)];
  }

  /**
   * Saves another test card for the subscription's payments; a subscription whose last payment
   * failed is charged again with it at once, as Stripe retries an open invoice.
   */
  async updateCard(subscriptionId: string, card: string, now = Date.now()): Promise<Stripe.Event[]> {
    const subscription = await this.live(subscriptionId);
    if (card === TEST_CARDS.declined) throw new PaymentsError(PORTAL_MESSAGES.declined, 402);
    if (!(Object.values(TEST_CARDS) as string[]).includes(card)) throw new PaymentsError(PORTAL_MESSAGES.notTest);
    const changed: LocalSubscription = { ...subscription, local: { ...subscription.local, card } };
    const open = subscription.local.openInvoice ? await read<LocalInvoice>(this.db, subscription.local.openInvoice) : null;
    if (!open || open.status !== "open" || card === TEST_CARDS.failsLater) {
      await write(this.db, changed, now);
      return [];
    }
    const paid = await this.settle(open, subscription, now);
    const active: LocalSubscription = { ...changed, status: "active", local: { ...changed.local, openInvoice: null } };
    await write(this.db, active, now);
    return [event("invoice.paid", paid, now), event("customer.subscription.updated", active, now)];
  }

  /**
   * The test clock: the current period ends now. A cancelled subscription ends; any other renews
   * (on the waiting plan, if a change waits) and its invoice is charged to the card on file, which
   * leaves it past due when the card fails.
   */
  async endPeriod(subscriptionId: string, now = Date.now()): Promise<Stripe.Event[]> {
    const subscription = await this.live(subscriptionId);
    if (subscription.cancel_at_period_end) {
      const ended: LocalSubscription = { ...subscription, status: "canceled" };
      await write(this.db, ended, now);
      return [event("customer.subscription.deleted", ended, now)];
    }
    const item = subscription.items.data[0]!;
    const plan = planOfPrice(subscription.local.scheduledPrice ?? item.price.id);
    const startMs = item.current_period_end * 1000;
    const renewed: LocalSubscription = {
      ...subscription,
      items: {
        object: "list",
        data: [
          {
            ...item,
            price: { id: plan.priceId },
            current_period_start: item.current_period_end,
            current_period_end: seconds(periodEndAfter(startMs, plan.interval)),
          },
        ],
      },
      local: { ...subscription.local, scheduledPrice: null },
    };
    if (subscription.local.card === TEST_CARDS.failsLater) {
      const invoice = await this.invoice(renewed, "subscription_cycle", cents(plan), now, "open");
      const overdue: LocalSubscription = { ...renewed, status: "past_due", local: { ...renewed.local, openInvoice: invoice.id } };
      await write(this.db, overdue, now);
      return [event("invoice.payment_failed", invoice, now), event("customer.subscription.updated", overdue, now)];
    }
    const invoice = await this.invoice(renewed, "subscription_cycle", cents(plan), now);
    await write(this.db, renewed, now);
    return [event("invoice.paid", invoice, now), event("customer.subscription.updated", renewed, now)];
  }

  /** Refunds a charge, all of it or `amountCents` more of it, once per idempotency key; returns Stripe's `charge.refunded`. */
  async refund(request: RefundRequest, now = Date.now()): Promise<Stripe.Event[]> {
    const refundId = `re_local_${request.idempotencyKey}`;
    if (await read(this.db, refundId)) return [];
    const [row] = await this.db
      .select({ data: localPaymentObjects.data })
      .from(localPaymentObjects)
      .where(and(eq(localPaymentObjects.object, "charge"), sql`json_extract(${localPaymentObjects.data}, '$.payment_intent') = ${request.paymentIntentId}`))
      .limit(1);
    const charge = row?.data as unknown as LocalCharge | undefined;
    if (!charge) throw new PaymentsError("No such payment.", 404);
    const left = charge.amount - charge.amount_refunded;
    const amount = request.amountCents ?? left;
    if (amount <= 0 || amount > left)
      throw new PaymentsError(left === 0 ? "This payment has already been refunded." : "A refund cannot be more than what is left of the payment.");
    const refunded: LocalCharge = { ...charge, amount_refunded: charge.amount_refunded + amount, refunded: charge.amount_refunded + amount === charge.amount };
    await write(this.db, { id: refundId, object: "refund", charge: charge.id, amount, created: seconds(now) } as { id: string; object: string }, now);
    await write(this.db, refunded, now);
    return [event("charge.refunded", refunded, now)];
  }

  /** A signed delivery of `event`, exactly as the webhook route receives one from Stripe. */
  async sign(event: Stripe.Event, timestamp = seconds(Date.now())) {
    const payload = JSON.stringify(event);
    const signature = await stripeClient("sk_test_local").webhooks.generateTestHeaderStringAsync({
      payload,
      secret: this.webhookSecret,
      timestamp,
      cryptoProvider: subtleCrypto,
    });
    return { payload, signature };
  }

  /** A subscription that has not ended, or a refusal. */
  private async live(subscriptionId: string): Promise<LocalSubscription> {
    const subscription = await read<LocalSubscription>(this.db, subscriptionId);
    if (!subscription || subscription.status === "canceled") throw new PaymentsError(PORTAL_MESSAGES.ended, 409);
    return subscription;
  }

  private async save(subscription: LocalSubscription, now: number) {
    await write(this.db, subscription, now);
    return [event("customer.subscription.updated", subscription, now)];
  }

  /** A payment to the customer's card: its charge, which refunds find by the payment's id. */
  private async charge(customer: string, amount: number, currency: string, metadata: Record<string, string>, now: number, card: string) {
    const charge: LocalCharge = {
      payment_method_details: { card: { fingerprint: `local_${(await sha256Hex(card)).slice(0, 16)}` } },
      id: localId("ch"),
      object: "charge",
      amount,
      amount_refunded: 0,
      refunded: false,
      currency,
      customer,
      payment_intent: localId("pi"),
      metadata,
      created: seconds(now),
    };
    await write(this.db, charge, now);
    return charge;
  }

  /** The subscription's invoice for its current period, paid with the card on file unless it is left `open`. */
  private async invoice(
    subscription: LocalSubscription,
    reason: LocalInvoice["billing_reason"],
    amount: number,
    now: number,
    status: LocalInvoice["status"] = "paid",
  ) {
    const item = subscription.items.data[0]!;
    const draft: LocalInvoice = {
      id: localId("in"),
      object: "invoice",
      customer: subscription.customer,
      subscription: subscription.id,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      billing_reason: reason,
      status: "open",
      amount_due: amount,
      amount_paid: 0,
      currency: "usd",
      payment_intent: null,
      hosted_invoice_url: null,
      lines: { object: "list", data: [{ price: { id: item.price.id }, period: { start: item.current_period_start, end: item.current_period_end } }] },
      status_transitions: { paid_at: null },
      created: seconds(now),
    };
    if (status === "open") {
      await write(this.db, draft, now);
      return draft;
    }
    return this.settle(draft, subscription, now);
  }

  private async settle(invoice: LocalInvoice, subscription: LocalSubscription, now: number) {
    const charge = await this.charge(subscription.customer, invoice.amount_due, invoice.currency, subscription.metadata, now, subscription.local.card);
    const paid: LocalInvoice = {
      ...invoice,
      status: "paid",
      amount_paid: invoice.amount_due,
      payment_intent: charge.payment_intent,
      status_transitions: { paid_at: seconds(now) },
    };
    await write(this.db, paid, now);
    return paid;
  }
}

/** A Stripe-shaped event around `object`. */
export function event(type: string, object: object, now = Date.now()): Stripe.Event {
  return {
    id: localId("evt"),
    object: "event",
    api_version: "local",
    created: seconds(now),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  } as unknown as Stripe.Event;
}
