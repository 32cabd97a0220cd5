/**
 * The local payment provider, the default offline: it keeps Stripe-shaped objects in D1, takes
 * test cards on a checkout page of our own, and delivers signed Stripe-shaped events to the same
 * webhook handler Stripe's events go through.
 */
import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { localPaymentObjects } from "../../db/schema";
import type { Database } from "../db.server";
import { addOneMonth } from "../credits/credits.server";
import { randomToken } from "../lib/crypto";
import { type CheckoutRequest, type PaymentsProvider, type ProviderSubscription } from "./provider.server";
import { stripeClient, subtleCrypto, verifyStripeSignature } from "./stripe.server";

/** The local checkout's test cards, as Stripe's test mode knows them. */
export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  /** Asks the person to confirm the payment first, as 3-D Secure would. */
  confirms: "4000002760003184",
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
  line: { price: string; description: string };
};

type LocalSubscription = {
  id: string;
  object: "subscription";
  status: Stripe.Subscription.Status;
  customer: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: "list"; data: { id: string; price: { id: string }; current_period_start: number; current_period_end: number }[] };
  created: number;
};

const seconds = (ms: number) => Math.floor(ms / 1000);
const localId = (prefix: string) => `${prefix}_local_${randomToken(12)}`;

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
    const rows = await this.db.select({ data: localPaymentObjects.data }).from(localPaymentObjects).where(eq(localPaymentObjects.object, "subscription"));
    const mine = rows.map((row) => row.data as unknown as LocalSubscription).filter((sub) => sub.customer === customerId && sub.status !== "canceled");
    return mine.sort((a, b) => b.created - a.created)[0] ?? null;
  }

  /** Cancels at the period's end, or takes that back, as Stripe's portal does; returns the event Stripe sends. */
  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, now = Date.now()): Promise<Stripe.Event | null> {
    const subscription = await read<LocalSubscription>(this.db, subscriptionId);
    if (!subscription || subscription.status === "canceled" || subscription.cancel_at_period_end === cancel) return null;
    const changed: LocalSubscription = { ...subscription, cancel_at_period_end: cancel };
    await write(this.db, changed, now);
    return event("customer.subscription.updated", changed, now);
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
    };
  }

  /**
   * Pays an open local checkout, as Stripe would after a card succeeds: the session completes,
   * a subscription starts (subscription mode), and the events Stripe sends are returned, in
   * Stripe's order, for the caller to sign and deliver.
   */
  async pay(sessionId: string, now = Date.now()): Promise<Stripe.Event[]> {
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
      const start = seconds(now);
      const subscription: LocalSubscription = {
        id: localId("sub"),
        object: "subscription",
        status: "active",
        customer: session.customer,
        cancel_at_period_end: false,
        metadata: session.metadata,
        items: { object: "list", data: [{ id: localId("si"), price: { id: session.line.price }, current_period_start: start, current_period_end: seconds(addOneMonth(now)) }] },
        created: start,
      };
      await write(this.db, subscription, now);
      session.subscription = subscription.id;
      events.push(event("customer.subscription.created", subscription, now));
    } else {
      session.payment_intent = localId("pi");
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
