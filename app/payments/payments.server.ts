/**
 * Payments for the rest of the app: which provider serves this deployment, starting a checkout
 * for something the catalogue sells, and taking the provider's webhook deliveries.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type Stripe from "stripe";
import { type checkoutKinds, checkoutSessions } from "../../db/schema";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { newId } from "../lib/crypto";
import { EXPLORER_PLUS, findPlanByKey, type Plan } from "../plans/catalogue";
import { tellAccountChanged } from "../accounts/channel.server";
import { upgradeDeck } from "../decks/create.server";
import { balanceOf } from "../paid-readings/wallet.server";
import { afterTopUp } from "../paid-readings/top-up.server";
import { applyPaymentEvent, UnusedDeckRefundError } from "./events.server";
import { PAYMENT_WEBHOOK_PATH } from "../security/request-body.server";
import { LocalPayments } from "./local.server";
import { CHECKOUT_FAILED_MESSAGE, EventAheadError, PaymentsError, type PaymentsProvider } from "./provider.server";
import { StripePayments } from "./stripe.server";
import { notify, pushTargetOf } from "../push/notify.server";

/** The local provider's signing secret: fixed per deployment secret, and never used in production. */
export function localWebhookSecret(config: AppConfig) {
  return `whsec_local_${config.authSecret.slice(0, 32)}`;
}

/** Stripe when configured; the local checkout outside production; none in a production without Stripe. */
export function createPayments(config: AppConfig, db: Database): PaymentsProvider | null {
  if (config.stripe) {
    const { secretKey, webhookSecret, connectWebhookSecret } = config.stripe;
    return new StripePayments(secretKey, connectWebhookSecret ? [webhookSecret, connectWebhookSecret] : webhookSecret);
  }
  if (config.isProduction) return null;
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
  const { plan, kind, deckId } = purchase;
  const amountCents = plan ? Math.round(plan.price * 100) : (purchase.amountCents ?? 0);
  const currency = plan?.currency ?? purchase.currency ?? "usd";
  if (!Number.isInteger(amountCents) || amountCents <= 0 || (purchase.mode === "subscription" && !plan)) throw new PaymentsError(CHECKOUT_FAILED_MESSAGE);
  const checkoutId = newId();
  await context.db
    .insert(checkoutSessions)
    .values({ id: checkoutId, userId: user.id, kind, planKey: plan?.key, deckId, amountCents, currency, description: purchase.description });
  // A subscriber's later purchases stay with the customer the provider already knows.
  const existing = await context.db.query.subscriptions.findFirst({ columns: { providerCustomerId: true }, where: (s, { eq }) => eq(s.userId, user.id) });
  try {
    return await payments.createCheckout({
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
  } catch (error) {
    throw error instanceof PaymentsError ? error : new PaymentsError(CHECKOUT_FAILED_MESSAGE);
  }
}

/** Starts the checkout of a subscription plan from the catalogue. */
export async function startSubscriptionCheckout(context: AppLoadContext, user: CurrentUser, planKey: string, origin: string) {
  const plan = findPlanByKey(planKey);
  if (!plan || plan.mode !== "subscription") throw new PaymentsError("Choose one of the plans on the pricing page.");
  return openCheckout(
    context,
    user,
    {
      kind: "subscription",
      mode: "subscription",
      plan,
      description: `${plan.name} — ${plan.interval === "year" ? "yearly" : "monthly"}`,
      successPath: (checkoutId) => `/subscription/success?checkout=${checkoutId}`,
      cancelPath: "/pricing",
    },
    origin,
  );
}

/** Starts the purchase of Explorer Plus for one of the person's finished Major Arcana decks. */
export async function startExplorerCheckout(context: AppLoadContext, user: CurrentUser, deckId: string, origin: string) {
  const deck = await context.db.query.decks.findFirst({ where: (d, { and, eq }) => and(eq(d.id, deckId), eq(d.creatorId, user.id)) });
  if (!deck) throw new PaymentsError("Deck not found", 404);
  if (user.isGuest) throw new PaymentsError("Create an account to buy Explorer Plus: your decks come with you.", 401);
  if (deck.kind !== "major_arcana" || deck.status !== "ready") throw new PaymentsError("Explorer Plus completes a finished Major Arcana deck.");
  return openCheckout(
    context,
    user,
    {
      kind: "explorer-plus",
      mode: "payment",
      plan: EXPLORER_PLUS,
      deckId,
      description: `Explorer Plus — all 78 cards for “${deck.title}”`,
      successPath: () => `/collection/${deckId}`,
      cancelPath: `/collection/${deckId}`,
    },
    origin,
  );
}

/**
 * A webhook delivery: the signature on the raw body first, then the event applied once. Answers
 * 400 for anything unsigned, mis-signed, stale or dated ahead, so nothing unverified is ever written.
 */
export async function receivePaymentWebhook(context: AppLoadContext, request: Request): Promise<Response> {
  const { config, db } = context;
  const payments = createPayments(config, db);
  if (!payments) return new Response("Payments are not configured", { status: 404 });
  const rawBody = await request.text();
  let event;
  try {
    event = await payments.verifyEvent(rawBody, request.headers.get("stripe-signature"));
  } catch (error) {
    return Response.json({ error: error instanceof EventAheadError ? error.message : "Invalid signature" }, { status: 400 });
  }
  let result;
  try {
    result = await applyPaymentEvent(db, payments, event);
  } catch (error) {
    // The event is recorded but a refund it owes was not made: an error status makes the provider deliver it again.
    if (!(error instanceof UnusedDeckRefundError)) throw error;
    console.error(error.message, error.cause);
    return Response.json({ error: "The refund could not be made yet; deliver the event again." }, { status: 503 });
  }
  const { outcome, userId, upgrade, sale, topUp } = result;
  if (sale) notify(pushTargetOf(context), { kind: "sale", ...sale, origin: new URL(request.url).origin });
  // A top-up reached the balance: a reading waiting on it goes on, and its receipt is sent.
  if (topUp) await afterTopUp(context, topUp);
  // Explorer Plus was paid for: its credit is in place, and the deck's 56 cards are started with it.
  if (upgrade) await upgradeDeck(context, { id: upgrade.userId }, upgrade.deckId);
  if (userId) await tellAccountChanged(context.cloudflare.env, userId, "plan");
  return Response.json({ received: true, outcome });
}

/**
 * Refunds a receipt's payment, all that is left of it or `amountCents`, through the provider; what
 * the refund changes follows from its `charge.refunded` event, as for a refund made at Stripe. A
 * top-up gives back at most the reading balance left: minutes already paid from it stay paid. A
 * repeated request for the same refund (a double click) makes one.
 */
export async function refundReceipt(context: AppLoadContext, receiptId: string, origin: string, amountCents?: number) {
  const payments = createPayments(context.config, context.db);
  if (!payments) throw new PaymentsError(PAYMENTS_UNAVAILABLE_MESSAGE, 503);
  const receipt = await context.db.query.paymentReceipts.findFirst({ where: (r, { eq }) => eq(r.id, receiptId) });
  if (!receipt?.paymentIntentId) throw new PaymentsError("No such payment.", 404);
  const left = receipt.amountCents - receipt.refundedCents;
  if (left <= 0) throw new PaymentsError("This payment has already been refunded.", 409);
  let amount = amountCents ?? left;
  if (receipt.kind === "top-up") {
    const unspent = Math.min(left, await balanceOf(context.db, receipt.userId));
    if (unspent <= 0) throw new PaymentsError("Nothing of this top-up is left to refund: the balance was spent on readings.", 409);
    amount = Math.min(amount, unspent);
  }
  const events = await payments.refund({
    paymentIntentId: receipt.paymentIntentId,
    amountCents: amount,
    idempotencyKey: `${receipt.id}-${receipt.refundedCents}-${amount}`,
  });
  if (payments instanceof LocalPayments) await deliverLocalEvents(context, payments, events, origin);
}

/**
 * Delivers the local provider's events, signed, through the same handler Stripe's deliveries
 * reach, one after another as Stripe sends them.
 */
export async function deliverLocalEvents(context: AppLoadContext, local: LocalPayments, events: Stripe.Event[], origin: string) {
  for (const event of events) {
    const { payload, signature } = await local.sign(event);
    const request = new Request(`${origin}${PAYMENT_WEBHOOK_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    const response = await receivePaymentWebhook(context, request);
    if (!response.ok) throw new Error(`The local payment event ${event.type} was refused with ${response.status}`);
  }
}
