import Stripe from "stripe";
import {
  CHECKOUT_FAILED_MESSAGE,
  EventAheadError,
  PaymentsError,
  toProviderSubscription,
  WEBHOOK_AHEAD_LIMIT_S,
  WEBHOOK_TOLERANCE_S,
  type CheckoutRequest,
  type PaymentsProvider,
  type ProviderSubscription,
  type RefundRequest,
} from "./provider.server";

/** Stripe's client for Workers: its fetch transport and Web Crypto signatures. */
export function stripeClient(secretKey: string, fetchImpl?: typeof fetch): Stripe {
  return new Stripe(secretKey, {
    httpClient: fetchImpl ? Stripe.createFetchHttpClient(fetchImpl) : Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
  });
}

export const subtleCrypto = Stripe.createSubtleCryptoProvider();

/** The `t=` timestamp of a Stripe-Signature header, in seconds; NaN when there is none. */
const signedAt = (signature: string) => Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1] ?? Number.NaN);

/**
 * Verifies a signed delivery with the stripe package's own check (the same for local events), then
 * refuses one signed or dated ahead of now: the package bounds only a signature's age.
 */
export async function verifyStripeSignature(stripe: Stripe, rawBody: string, signature: string | null, secret: string, now = Date.now()) {
  if (!signature) throw new PaymentsError("Missing Stripe-Signature header");
  const event = await stripe.webhooks.constructEventAsync(rawBody, signature, secret, WEBHOOK_TOLERANCE_S, subtleCrypto, now);
  const latest = Math.floor(now / 1000) + WEBHOOK_AHEAD_LIMIT_S;
  if (!(signedAt(signature) <= latest) || (typeof event.created === "number" && event.created > latest)) throw new EventAheadError();
  return event;
}

/** The real provider: Stripe Checkout, chosen when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. */
export class StripePayments implements PaymentsProvider {
  readonly name = "stripe" as const;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    /** The account endpoint's signing secret, and the Connect endpoint's when that is a separate endpoint. */
    private readonly webhookSecret: string | readonly string[],
    fetchImpl?: typeof fetch,
  ) {
    this.stripe = stripeClient(secretKey, fetchImpl);
  }

  async createCheckout(request: CheckoutRequest) {
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: request.mode,
          line_items: [
            request.priceId
              ? { price: request.priceId, quantity: 1 }
              : { price_data: { currency: request.currency, unit_amount: request.amountCents, product_data: { name: request.description } }, quantity: 1 },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.userId,
          ...(request.customerId ? { customer: request.customerId } : request.email ? { customer_email: request.email } : {}),
          metadata: request.metadata,
          ...(request.mode === "subscription"
            ? { subscription_data: { metadata: request.metadata } }
            : { payment_intent_data: { metadata: request.metadata } }),
        },
        { idempotencyKey: request.checkoutId },
      );
      if (!session.url) throw new PaymentsError(CHECKOUT_FAILED_MESSAGE);
      return { sessionId: session.id, url: session.url };
    } catch (error) {
      if (error instanceof PaymentsError) throw error;
      // Stripe's own message says what was wrong (a price that does not exist, a closed account…).
      const message = error instanceof Stripe.errors.StripeError && error.message ? error.message : CHECKOUT_FAILED_MESSAGE;
      throw new PaymentsError(message);
    }
  }

  async verifyEvent(rawBody: string, signature: string | null) {
    const [first, ...others] = typeof this.webhookSecret === "string" ? [this.webhookSecret] : this.webhookSecret;
    try {
      return await verifyStripeSignature(this.stripe, rawBody, signature, first!);
    } catch (error) {
      // A delivery from the Connect endpoint is signed with that endpoint's own secret.
      for (const secret of others) {
        const event = await verifyStripeSignature(this.stripe, rawBody, signature, secret).catch(() => null);
        if (event) return event;
      }
      throw error;
    }
  }

  async createPortal(customerId: string, returnUrl: string) {
    try {
      const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    } catch (error) {
      const message = error instanceof Stripe.errors.StripeError && error.message ? error.message : "The subscription settings could not be opened just now.";
      throw new PaymentsError(message);
    }
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    try {
      // The schedule says whether a change of plan waits for the period's end.
      return toProviderSubscription(await this.stripe.subscriptions.retrieve(id, { expand: ["schedule"] }));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async cardFingerprint(paymentIntentId: string): Promise<string | null> {
    const payment = await this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] });
    const charge = payment.latest_charge;
    return typeof charge === "object" && charge ? (charge.payment_method_details?.card?.fingerprint ?? null) : null;
  }

  async refund(request: RefundRequest) {
    try {
      await this.stripe.refunds.create(
        { payment_intent: request.paymentIntentId, ...(request.amountCents === undefined ? {} : { amount: request.amountCents }) },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      const message = error instanceof Stripe.errors.StripeError && error.message ? error.message : "The refund could not be made just now.";
      throw new PaymentsError(message, 502);
    }
    // Stripe tells the webhook route with `charge.refunded`.
    return [];
  }
}
