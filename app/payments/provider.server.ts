/**
 * The payments adapter: one interface for everything the product sells, with Stripe behind it when
 * it is configured and the local provider (a checkout page of our own) otherwise. Both hand the
 * webhook handler the same Stripe-shaped events and objects.
 */
import type Stripe from "stripe";

/** What a checkout sells; its metadata names the buyer, the thing bought and the checkout row. */
export type CheckoutRequest = {
  checkoutId: string;
  userId: string;
  email: string | null;
  mode: "subscription" | "payment";
  /**
   * The provider's price for a catalogue plan; null for a price set per purchase (a marketplace
   * deck, a balance top-up), charged as `amountCents` under `description`. Subscriptions need one.
   */
  priceId: string | null;
  /** Shown on the checkout page and the receipt. */
  description: string;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  /** A customer the person already has at the provider, so their subscriptions stay together. */
  customerId: string | null;
};

export type ProviderSubscription = Pick<Stripe.Subscription, "id" | "status" | "cancel_at_period_end" | "metadata"> & {
  customer: string;
  priceId: string;
  /** Seconds since the epoch. */
  currentPeriodEnd: number;
  /** The price the subscription moves to when this period ends (a downgrade waits for it), if any. */
  scheduledPriceId: string | null;
};

/** A refund to make: all of a payment, or `amountCents` of it. */
export type RefundRequest = { paymentIntentId: string; amountCents?: number; idempotencyKey: string };

export interface PaymentsProvider {
  readonly name: "stripe" | "local";
  /** Starts a checkout; the person is sent to `url`. The checkout id is the idempotency key. */
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Verifies a webhook delivery's signature on its raw body; throws when it does not hold. */
  verifyEvent(rawBody: string, signature: string | null): Promise<Stripe.Event>;
  /** The customer portal, where a subscriber cancels, resumes or changes their payment method; `returnUrl` brings them back. */
  createPortal(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** The subscription as the provider holds it now, whatever order events arrived in. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /**
   * Refunds a payment. The provider reports it as a `charge.refunded` event: Stripe by its webhook,
   * the local provider by returning the event for the caller to deliver through the same route.
   */
  refund(request: RefundRequest): Promise<Stripe.Event[]>;
  /** The fingerprint of the card that made a payment (the same for the same card, whoever holds it), when the provider says. */
  cardFingerprint(paymentIntentId: string): Promise<string | null>;
}

/** Thrown for a refusal the person should read (the provider's own message where it has one). */
export class PaymentsError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const CHECKOUT_FAILED_MESSAGE = "Failed to create checkout session";
export const NOT_AUTHENTICATED_MESSAGE = "User not authenticated";

/** Webhook signatures older than this are refused (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_S = 300;
/** A delivery signed or dated further ahead of this server's clock than this is refused. */
export const WEBHOOK_AHEAD_LIMIT_S = 300;

/** A correctly signed delivery dated in the future: refused, so a signature made ahead of time never becomes valid later. */
export class EventAheadError extends PaymentsError {
  constructor() {
    super("The event is dated in the future: check the sender's clock and deliver it again.");
  }
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** The price of the phase a subscription schedule starts after `periodEnd`: a change that waits for the period's end. */
function scheduledPrice(schedule: Stripe.Subscription["schedule"], periodEnd: number): string | null {
  if (!schedule || typeof schedule === "string") return null;
  const next = schedule.phases.find((phase) => phase.start_date >= periodEnd);
  return idOf(next?.items[0]?.price as string | { id: string } | undefined);
}

/** Reads the fields the app relies on from a Stripe subscription of any recent API version (its schedule expanded). */
export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const legacyEnd = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const currentPeriodEnd = item?.current_period_end ?? legacyEnd ?? 0;
  const scheduledPriceId = scheduledPrice(subscription.schedule, currentPeriodEnd);
  return {
    id: subscription.id,
    status: subscription.status,
    cancel_at_period_end: subscription.cancel_at_period_end,
    metadata: subscription.metadata,
    customer: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    priceId: item?.price.id ?? "",
    currentPeriodEnd,
    scheduledPriceId: scheduledPriceId && scheduledPriceId !== item?.price.id ? scheduledPriceId : null,
  };
}

/** The subscription an invoice bills: named at the top level (older API versions) or under `parent`. */
export function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const parent = (invoice.parent as { subscription_details?: { subscription?: string | { id: string } } } | undefined)?.subscription_details;
  return idOf(invoice.subscription as string | { id: string } | undefined) ?? idOf(parent?.subscription);
}

/** The payment an invoice was paid with: top-level `payment_intent` (older API versions) or its first payment. */
export function invoicePaymentIntentId(invoice: Record<string, unknown>): string | null {
  const payments = invoice.payments as { data?: { payment?: { payment_intent?: string | { id: string } } }[] } | undefined;
  return idOf(invoice.payment_intent as string | { id: string } | undefined) ?? idOf(payments?.data?.[0]?.payment?.payment_intent);
}
