/**
 * The local customer portal, what Stripe's portal and dashboard do offline: a subscriber cancels,
 * resumes, changes plan or card; the test clock ends a period (a renewal, or a payment that fails);
 * and a payment can be refunded as the shop's staff would. Every change reaches the app as signed
 * events through the webhook route.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { paymentReceipts, subscriptions } from "../../db/schema";
import { requireUser } from "../auth/guard.server";
import { safeRedirect } from "../auth/redirect";
import { findPlanByPriceId, formatPlanPrice, PLANS } from "../plans/catalogue";
import { planChangeTiming } from "../plans/subscription";
import { cardErrors, digits } from "./local-checkout.server";
import { changeCharge, LocalPayments, TEST_CARDS } from "./local.server";
import { createPayments, deliverLocalEvents, refundReceipt } from "./payments.server";
import { PaymentsError } from "./provider.server";
import { readForm } from "../lib/read-form.server";

async function portalOf({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const payments = createPayments(context.config, context.db);
  // A guest has bought nothing: payments need an account.
  if (!(payments instanceof LocalPayments) || user.isGuest) throw new Response("Not found", { status: 404 });
  const row = await context.db.query.subscriptions.findFirst({ where: eq(subscriptions.userId, user.id) });
  const subscription = row?.providerCustomerId ? await payments.subscriptionOf(row.providerCustomerId) : null;
  return { user, payments, subscription, returnTo: safeRedirect(new URL(request.url).searchParams.get("return"), "/subscription") };
}

const cardName = (card: string) => (card === TEST_CARDS.failsLater ? "test card ending 0341 (its charges fail)" : `test card ending ${card.slice(-4)}`);

export async function localPortalLoader(args: LoaderFunctionArgs) {
  const { user, subscription, returnTo } = await portalOf(args);
  const receipts = await args.context.db
    .select()
    .from(paymentReceipts)
    .where(eq(paymentReceipts.userId, user.id))
    .orderBy(desc(paymentReceipts.paidAt))
    .limit(50);
  const item = subscription?.items.data[0];
  const plan = item ? findPlanByPriceId(item.price.id) : undefined;
  const scheduled = subscription?.local.scheduledPrice ? findPlanByPriceId(subscription.local.scheduledPrice) : undefined;
  return {
    returnTo,
    subscription:
      subscription && item && plan
        ? {
            planName: plan.name,
            price: formatPlanPrice(plan),
            interval: plan.interval,
            status: subscription.status,
            cancelAtPeriodEnd: subscription.cancel_at_period_end,
            periodEnd: item.current_period_end * 1000,
            card: cardName(subscription.local.card),
            scheduledPlan: scheduled ? `${scheduled.name} (${scheduled.interval === "year" ? "yearly" : "monthly"})` : null,
            plans: PLANS.filter((p) => p.mode === "subscription").map((p) => ({
              priceId: p.priceId,
              name: p.name,
              price: formatPlanPrice(p),
              interval: p.interval,
              current: p.priceId === plan.priceId,
              timing: p.priceId === plan.priceId ? null : planChangeTiming(plan, p),
              chargeToday: p.priceId !== plan.priceId && planChangeTiming(plan, p) === "now" ? changeCharge(plan, p, item) : 0,
            })),
          }
        : null,
    receipts: receipts.map((r) => ({
      id: r.id,
      description: r.description,
      amountCents: r.amountCents,
      refundedCents: r.refundedCents,
      currency: r.currency,
      paidAt: r.paidAt,
    })),
  };
}

const portalForm = lazySchema(() =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("cancel") }),
    z.object({ intent: z.literal("resume") }),
    z.object({ intent: z.literal("change-plan"), price: z.string().max(80) }),
    z.object({ intent: z.literal("card"), card: z.string().max(40), expiry: z.string().max(10), cvc: z.string().max(10) }),
    z.object({ intent: z.literal("end-period") }),
    z.object({ intent: z.literal("refund"), receipt: z.string().max(120) }),
  ]),
);

export type LocalPortalActionData = { error?: string; errors?: Record<string, string>; notice?: string };

export async function localPortalAction(args: ActionFunctionArgs) {
  const { user, payments, subscription, returnTo } = await portalOf(args);
  const { context, request } = args;
  const origin = new URL(request.url).origin;
  const read = await readForm(request, portalForm);
  if (!read.ok) return data<LocalPortalActionData>({ error: "Choose one of the actions on this page." }, { status: 400 });
  const form = read.data;
  try {
    if (form.intent === "refund") {
      const receipt = await context.db.query.paymentReceipts.findFirst({ where: eq(paymentReceipts.id, form.receipt) });
      if (!receipt || receipt.userId !== user.id) return data<LocalPortalActionData>({ error: "No such payment." }, { status: 404 });
      await refundReceipt(context, receipt.id, origin);
      return { notice: "The payment was refunded." };
    }
    if (!subscription) return data<LocalPortalActionData>({ error: "There is no subscription to manage." }, { status: 404 });
    switch (form.intent) {
      case "cancel":
      case "resume":
        await deliverLocalEvents(context, payments, await payments.setCancelAtPeriodEnd(subscription.id, form.intent === "cancel"), origin);
        throw redirect(returnTo);
      case "change-plan":
        await deliverLocalEvents(context, payments, await payments.changePlan(subscription.id, form.price), origin);
        return { notice: "Your plan was changed." };
      case "card": {
        const errors = cardErrors(form, new Date());
        if (Object.keys(errors).length > 0) return data<LocalPortalActionData>({ errors }, { status: 400 });
        await deliverLocalEvents(context, payments, await payments.updateCard(subscription.id, digits(form.card)), origin);
        return { notice: subscription.status === "past_due" ? "Your card was saved and the payment went through." : "Your card was saved." };
      }
      case "end-period":
        await deliverLocalEvents(context, payments, await payments.endPeriod(subscription.id), origin);
        return { notice: "The test clock moved to the end of the period." };
    }
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    return data<LocalPortalActionData>({ error: error.message }, { status: error.status });
  }
}
