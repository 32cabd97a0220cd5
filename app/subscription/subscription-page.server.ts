/** What the subscription pages show and do, from the server's records, never from the URL alone. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { checkoutSessions, paymentReceipts, subscriptions } from "../../db/schema";
import { requireUser } from "../auth/guard.server";
import { loginPath } from "../auth/redirect";
import { getQuota } from "../credits/credits.server";
import { creditsLeft } from "../plans/cost";
import { creditsMakeSentence, planDeckKind, planGrantSentence } from "../plans/plan-credits";
import { findPlanByKey, findPlanByPriceId, formatPlanPrice } from "../plans/catalogue";
import { isSubscribed } from "../plans/subscription";
import { createPayments, startSubscriptionCheckout } from "../payments/payments.server";
import { NOT_AUTHENTICATED_MESSAGE, PaymentsError } from "../payments/provider.server";
import { readForm } from "../lib/read-form.server";

async function currentSubscription(context: LoaderFunctionArgs["context"], userId: string) {
  const row = await context.db.query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) });
  const plan = row ? findPlanByPriceId(row.priceId) : undefined;
  if (!row || !plan) return null;
  const scheduled = row.scheduledPriceId ? findPlanByPriceId(row.scheduledPriceId) : undefined;
  return {
    name: plan.name,
    key: plan.key,
    price: formatPlanPrice(plan),
    interval: plan.interval,
    status: row.subscriptionStatus,
    active: isSubscribed(row.subscriptionStatus),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    periodEnd: row.currentPeriodEnd * 1000,
    scheduledPlan: scheduled ? `${scheduled.name} (${scheduled.interval === "year" ? "yearly" : "monthly"})` : null,
  };
}

/** The person's payments, newest first, with what was refunded of each. */
async function receiptsOf(context: LoaderFunctionArgs["context"], userId: string) {
  const rows = await context.db.select().from(paymentReceipts).where(eq(paymentReceipts.userId, userId)).orderBy(desc(paymentReceipts.paidAt)).limit(24);
  return rows.map((r) => ({
    id: r.id,
    description: r.description,
    amountCents: r.amountCents,
    refundedCents: r.refundedCents,
    currency: r.currency,
    paidAt: r.paidAt,
    receiptUrl: r.receiptUrl,
  }));
}

export async function subscriptionLoader({ request, context }: LoaderFunctionArgs) {
  const user = await context.currentUser();
  const chosenKey = new URL(request.url).searchParams.get("plan");
  const chosen = chosenKey ? (findPlanByKey(chosenKey) ?? null) : null;
  const member = user && !user.isGuest ? user : null;
  const [current, receipts] = member ? await Promise.all([currentSubscription(context, member.id), receiptsOf(context, member.id)]) : [null, []];
  return {
    receipts,
    signedIn: Boolean(member),
    signInPath: loginPath(`/subscription${chosen ? `?plan=${chosen.key}` : ""}`),
    current,
    chosen: chosen
      ? {
          key: chosen.key,
          name: chosen.name,
          price: formatPlanPrice(chosen),
          interval: chosen.interval,
          mode: chosen.mode,
          grant: chosen.mode === "subscription" ? planGrantSentence(chosen) : null,
        }
      : null,
  };
}

const subscriptionForm = lazySchema(() =>
  z.discriminatedUnion("intent", [z.object({ intent: z.literal("checkout"), plan: z.string().max(60) }), z.object({ intent: z.literal("manage") })]),
);

export type SubscriptionActionData = { error: string };

/** Starts the checkout of the chosen plan, or opens the customer portal, and sends the person there. */
export async function subscriptionAction({ request, context }: ActionFunctionArgs) {
  const user = await context.currentUser();
  if (!user || user.isGuest) return data<SubscriptionActionData>({ error: NOT_AUTHENTICATED_MESSAGE }, { status: 401 });
  const read = await readForm(request, subscriptionForm);
  if (!read.ok) return data<SubscriptionActionData>({ error: "Choose one of the plans on the pricing page." }, { status: 400 });
  const origin = new URL(request.url).origin;
  try {
    if (read.data.intent === "manage") {
      const row = await context.db.query.subscriptions.findFirst({ where: eq(subscriptions.userId, user.id) });
      const payments = createPayments(context.config, context.db);
      if (!row?.providerCustomerId || !payments) return data<SubscriptionActionData>({ error: "There is no subscription to manage." }, { status: 404 });
      const { url } = await payments.createPortal(row.providerCustomerId, `${origin}/subscription`);
      throw redirect(url);
    }
    const current = await currentSubscription(context, user.id);
    if (current?.active) {
      return data<SubscriptionActionData>({ error: `You already have the ${current.name} plan: one subscription at a time.` }, { status: 409 });
    }
    const { url } = await startSubscriptionCheckout(context, user, read.data.plan, origin);
    throw redirect(url);
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    return data<SubscriptionActionData>({ error: error.message }, { status: error.status });
  }
}

/**
 * The page after paying: what was bought, from the checkout's own record. The link names the
 * checkout (someone else's is not found); without one, the person's latest purchase, if any.
 */
export async function subscriptionSuccessLoader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const checkoutId = new URL(request.url).searchParams.get("checkout");
  // The purchase, the plan and the credits are read at once: one wait after the person's.
  const [checkout, current, quota] = await Promise.all([
    context.db.query.checkoutSessions.findFirst({
      where:
        checkoutId === null
          ? eq(checkoutSessions.userId, user.id)
          : and(eq(checkoutSessions.id, checkoutId.slice(0, 64)), eq(checkoutSessions.userId, user.id)),
      orderBy: desc(checkoutSessions.createdAt),
    }),
    currentSubscription(context, user.id),
    getQuota(context.db, user.id),
  ]);
  if (!checkout && checkoutId !== null) throw new Response("This purchase was not found.", { status: 404 });
  if (!checkout)
    return {
      status: "none" as const,
      planName: null,
      amountCents: 0,
      currency: "usd",
      completedAt: null,
      periodEnd: null,
      completeDeckCredits: 0,
      creditsMake: null,
    };
  const plan = checkout.planKey ? findPlanByKey(checkout.planKey) : undefined;
  return {
    status: checkout.status,
    planName: plan?.name ?? null,
    amountCents: checkout.amountCents,
    currency: checkout.currency,
    completedAt: checkout.completedAt,
    periodEnd: current && current.key === plan?.key ? current.periodEnd : null,
    completeDeckCredits: creditsLeft(quota).completeDeck,
    creditsMake: plan ? creditsMakeSentence(creditsLeft(quota), planDeckKind(plan), plan.cardImageQuality) : null,
  };
}
