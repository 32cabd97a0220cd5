/** The local customer portal: a subscriber cancels at the period's end or resumes, as in Stripe's portal. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { subscriptions } from "../../db/schema";
import { requireUser } from "../auth/guard.server";
import { safeRedirect } from "../auth/redirect";
import { findPlanByPriceId, formatPlanPrice } from "../plans/catalogue";
import { LocalPayments } from "./local.server";
import { createPayments, deliverLocalEvents } from "./payments.server";

async function ownSubscription({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const payments = createPayments(context.config, context.db);
  if (!(payments instanceof LocalPayments)) throw new Response("Not found", { status: 404 });
  const row = await context.db.query.subscriptions.findFirst({ where: eq(subscriptions.userId, user.id) });
  const subscription = row?.providerCustomerId ? await payments.subscriptionOf(row.providerCustomerId) : null;
  if (!subscription) throw new Response("There is no subscription to manage.", { status: 404 });
  return { payments, subscription, returnTo: safeRedirect(new URL(request.url).searchParams.get("return"), "/subscription") };
}

export async function localPortalLoader(args: LoaderFunctionArgs) {
  const { subscription, returnTo } = await ownSubscription(args);
  const item = subscription.items.data[0]!;
  const plan = findPlanByPriceId(item.price.id);
  return {
    planName: plan?.name ?? "Subscription",
    price: plan ? formatPlanPrice(plan) : "",
    interval: plan?.interval ?? "month",
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    periodEnd: item.current_period_end * 1000,
    returnTo,
  };
}

const portalForm = z.object({ intent: z.enum(["cancel", "resume"]) });

export async function localPortalAction(args: ActionFunctionArgs) {
  const { payments, subscription, returnTo } = await ownSubscription(args);
  const parsed = portalForm.safeParse(Object.fromEntries(await args.request.formData()));
  if (!parsed.success) return data({ error: "Choose to cancel or to resume." }, { status: 400 });
  const event = await payments.setCancelAtPeriodEnd(subscription.id, parsed.data.intent === "cancel");
  if (event) await deliverLocalEvents(args.context, payments, [event], new URL(args.request.url).origin);
  throw redirect(returnTo);
}
