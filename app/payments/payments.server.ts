/**
 * Payments for the rest of the app: which provider serves this deployment, starting a checkout
 * for something the catalogue sells, and taking the provider's webhook deliveries.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type Stripe from "stripe";
import type { CurrentUser } from "../auth/user.server";
import { EXPLORER_PLUS, findPlanByKey } from "../plans/catalogue";
import { PAYMENT_WEBHOOK_PATH } from "./paths";
import { createPayments, openCheckout, PAYMENTS_UNAVAILABLE_MESSAGE } from "./checkout.server";
import { recordDeliveryFailure } from "./delivery-failures.server";
import { applyPaymentEvent, UnusedDeckRefundError } from "./events.server";
import { paymentHandlers } from "./handlers.server";
import { LocalPayments } from "./local.server";
import { EventAheadError, PaymentsError } from "./provider.server";
import { sendReceipts } from "./receipts.server";
import { purchaseHandlerOf, UnknownPurchaseKindError } from "./registry.server";
import { log } from "../observe/log.server";
import { METRICS, recordMetric } from "../observe/metrics.server";

export { createPayments, localWebhookSecret, openCheckout, PAYMENTS_UNAVAILABLE_MESSAGE, type Purchase } from "./checkout.server";

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
    const ahead = error instanceof EventAheadError;
    log.warn("payment event", { outcome: "refused", reason: ahead ? "ahead" : "signature" });
    recordMetric(METRICS.webhook, "failed");
    await recordDeliveryFailure(
      db,
      ahead
        ? { failure: "ahead", message: error.message }
        : { failure: "signature", message: "The signature did not match this deployment's webhook secret, or was missing or stale." },
    );
    return Response.json({ error: error instanceof EventAheadError ? error.message : "Invalid signature" }, { status: 400 });
  }
  let result;
  try {
    result = await applyPaymentEvent(db, payments, event);
  } catch (error) {
    // The event is recorded but a refund it owes was not made: an error status makes the provider deliver it again.
    if (error instanceof UnusedDeckRefundError) {
      log.error("payment event", {
        eventId: event.id,
        type: event.type,
        outcome: "refund-pending",
        error,
        cause: error.cause instanceof Error ? error.cause.message : String(error.cause),
      });
      recordMetric(METRICS.webhook, "failed");
      await recordDeliveryFailure(db, {
        failure: "refund-pending",
        eventId: event.id,
        type: event.type,
        message: `The payment bought nothing and its refund failed: ${error.cause instanceof Error ? error.cause.message : String(error.cause)}`,
      });
      return Response.json({ error: "The refund could not be made yet; deliver the event again." }, { status: 503 });
    }
    // A purchase this version does not know (nothing was written): refused and logged, so a later delivery can apply it.
    if (error instanceof UnknownPurchaseKindError) {
      log.error("payment event", { event: "payment-kind-unknown", kind: error.kind, checkoutId: error.checkoutId, eventId: event.id, outcome: "unknown-kind" });
      recordMetric(METRICS.webhook, "failed");
      await recordDeliveryFailure(db, { failure: "unknown-kind", eventId: event.id, type: event.type, message: error.message });
      return Response.json({ error: error.message }, { status: 422 });
    }
    recordMetric(METRICS.webhook, "failed");
    await recordDeliveryFailure(db, { failure: "error", eventId: event.id, type: event.type, message: error instanceof Error ? error.message : String(error) });
    throw error;
  }
  const { outcome, userId, followUps = [], refundedInFull = false, receipts = [] } = result;
  log.info("payment event", { eventId: event.id, type: event.type, outcome });
  recordMetric(METRICS.webhook, outcome === "applied" || outcome === "duplicate" ? "ok" : outcome);
  const origin = new URL(request.url).origin;
  // The buyer's receipts for what this delivery wrote, off the request path; a repeated delivery wrote nothing and owes none.
  sendReceipts(context, paymentHandlers, receipts, origin);
  // What the purchase's domain does once its payment is written: a sale's notice, a top-up reaching a live reading, an upgrade started.
  for (const followUp of followUps) await followUp(context, { origin, refundedInFull });
  if (userId) await paymentHandlers.accountChanged(context, userId);
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
  // A kind may give back less than is left of the payment (a top-up: only the balance not spent).
  const { refundable } = purchaseHandlerOf(paymentHandlers, receipt.kind, receipt.checkoutId ?? receipt.id);
  if (refundable) amount = Math.min(amount, await refundable(context.db, receipt, left));
  const events = await payments.refund({
    paymentIntentId: receipt.paymentIntentId,
    amountCents: amount,
    idempotencyKey: `${receipt.id}-${receipt.refundedCents}-${amount}`,
  });
  if (__LOCAL_BUILD__ && payments instanceof LocalPayments) await deliverLocalEvents(context, payments, events, origin);
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
