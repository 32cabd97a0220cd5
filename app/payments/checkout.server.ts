/**
 * Which provider serves this deployment, and opening a checkout for something the app sells: what
 * the domains that sell something need of payments, without the event handling that reaches back
 * into them.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { type checkoutKinds, checkoutSessions } from "../../db/schema";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { newId } from "../lib/crypto";
import type { Plan } from "../plans/catalogue";
import { LocalPayments } from "./local.server";
import { CHECKOUT_FAILED_MESSAGE, PaymentsError, type PaymentsProvider } from "./provider.server";
import { StripePayments } from "./stripe.server";

/** The local provider's signing secret: fixed per deployment secret, and never used in production. */
export function localWebhookSecret(config: AppConfig) {
  return `whsec_local_${config.authSecret.slice(0, 32)}`;
}

/**
 * Stripe when configured; otherwise the local checkout, in a local build outside production. The
 * production build has no local checkout pages, and leaves the local provider out of the Worker.
 */
export function createPayments(config: AppConfig, db: Database): PaymentsProvider | null {
  if (config.stripe) {
    const { secretKey, webhookSecret, connectWebhookSecret } = config.stripe;
    return new StripePayments(secretKey, connectWebhookSecret ? [webhookSecret, connectWebhookSecret] : webhookSecret);
  }
  if (!__LOCAL_BUILD__ || config.isProduction) return null;
  return new LocalPayments(db, localWebhookSecret(config));
}

export const PAYMENTS_UNAVAILABLE_MESSAGE = "Payments are not available right now. Please try again later.";

/** Something to sell: a catalogue plan, or a thing priced per purchase (a marketplace deck, a top-up). */
export type Purchase = {
  kind: (typeof checkoutKinds)[number];
  mode: "subscription" | "payment";
  /** The catalogue plan bought, if it is one (its provider price is used). */
  plan?: Plan;
  /** Without a plan: the price, in the currency's smallest unit. */
  amountCents?: number;
  currency?: string;
  deckId?: string;
  /** The offer code that lowered the price, and the bundle bought (decision 0114). */
  offerCodeId?: string;
  bundleId?: string;
  description: string;
  successPath: (checkoutId: string) => string;
  cancelPath: string;
};

/**
 * Records a purchase and opens its checkout at the provider; returns where to send the person.
 * The checkout's id is the idempotency key and, in the metadata, names buyer and purchase.
 */
export async function openCheckout(context: AppLoadContext, user: CurrentUser, purchase: Purchase, origin: string) {
  const payments = createPayments(context.config, context.db);
  if (!payments) throw new PaymentsError(PAYMENTS_UNAVAILABLE_MESSAGE, 503);
  const { plan, kind, deckId, offerCodeId, bundleId } = purchase;
  const amountCents = plan ? Math.round(plan.price * 100) : (purchase.amountCents ?? 0);
  const currency = plan?.currency ?? purchase.currency ?? "usd";
  if (!Number.isInteger(amountCents) || amountCents <= 0 || (purchase.mode === "subscription" && !plan)) throw new PaymentsError(CHECKOUT_FAILED_MESSAGE);
  const checkoutId = newId();
  await context.db.insert(checkoutSessions).values({
    id: checkoutId,
    userId: user.id,
    kind,
    planKey: plan?.key,
    deckId,
    offerCodeId,
    bundleId,
    amountCents,
    currency,
    description: purchase.description,
  });
  // A subscriber's later purchases stay with the customer the provider already knows.
  const existing = await context.db.query.subscriptions.findFirst({ columns: { providerCustomerId: true }, where: (s, { eq }) => eq(s.userId, user.id) });
  try {
    const opened = await payments.createCheckout({
      checkoutId,
      userId: user.id,
      email: user.email,
      mode: purchase.mode,
      priceId: plan?.priceId ?? null,
      description: purchase.description,
      amountCents,
      currency,
      metadata: { checkoutId, userId: user.id, kind, ...(plan ? { planKey: plan.key } : {}), ...(deckId ? { deckId } : {}) },
      successUrl: `${origin}${purchase.successPath(checkoutId)}`,
      cancelUrl: `${origin}${purchase.cancelPath}`,
      customerId: existing?.providerCustomerId ?? null,
    });
    return { ...opened, checkoutId };
  } catch (error) {
    throw error instanceof PaymentsError ? error : new PaymentsError(CHECKOUT_FAILED_MESSAGE);
  }
}
