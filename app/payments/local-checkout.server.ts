/**
 * The local checkout page's rules: only the buyer sees their checkout; test cards decide what
 * happens, as in Stripe's test mode; a paid checkout delivers its events through the webhook
 * handler before the person is sent on.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { checkoutSessions } from "../../db/schema";
import { findPlanByKey } from "../plans/catalogue";
import { requireUser } from "../auth/guard.server";
import { localCheckoutSession, LocalPayments, TEST_CARDS } from "./local.server";
import { createPayments, deliverLocalEvents } from "./payments.server";
import { readForm } from "../lib/read-form.server";

export const CARD_MESSAGES = {
  declined: "Your card was declined. Try another card.",
  notTest: "This checkout charges no real card: use one of the test cards listed above.",
  authentication: "We could not authenticate your payment method. Choose another card and try again.",
  closed: "This checkout is no longer open.",
} as const;

const cardForm = lazySchema(() =>
  z.object({
    intent: z.enum(["pay", "confirm", "fail", "cancel"]),
    card: z.string().max(40).optional().default(""),
    expiry: z.string().max(10).optional().default(""),
    cvc: z.string().max(10).optional().default(""),
  }),
);

export type LocalCheckoutActionData = { step: "card"; errors: Record<string, string>; card: string } | { step: "confirm"; card: string };

/** The buyer's own open checkout at the local provider, or 404 for anyone and anything else. */
async function ownCheckout(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const user = await requireUser(args.request, args.context);
  const payments = createPayments(args.context.config, args.context.db);
  if (!(payments instanceof LocalPayments)) throw new Response("Not found", { status: 404 });
  const session = await localCheckoutSession(args.context.db, args.params.sessionId ?? "");
  if (!session || session.client_reference_id !== user.id) throw new Response("Not found", { status: 404 });
  return { user, payments, session };
}

export async function localCheckoutLoader(args: LoaderFunctionArgs) {
  const { session } = await ownCheckout(args);
  return {
    id: session.id,
    status: session.status,
    description: session.line.description,
    amountCents: session.amount_total,
    currency: session.currency,
    mode: session.mode,
    interval: findPlanByKey(session.metadata.planKey ?? "")?.interval ?? "once",
    cancelUrl: session.cancel_url,
    successUrl: session.success_url,
  };
}

export const digits = (value: string) => value.replace(/[\s-]/g, "");

export function cardErrors(form: { card: string; expiry: string; cvc: string }, now: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!/^\d{13,19}$/.test(digits(form.card))) errors.card = "Enter the card number.";
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  if (!expiry || month < 1 || month > 12) errors.expiry = "Enter the expiry date as MM / YY.";
  else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) errors.expiry = "This card has expired.";
  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = "Enter the 3 or 4 digit security code.";
  return errors;
}

export async function localCheckoutAction(args: ActionFunctionArgs) {
  const { payments, session } = await ownCheckout(args);
  const { context, request } = args;
  const read = await readForm(request, cardForm);
  if (!read.ok) return data<LocalCheckoutActionData>({ step: "card", errors: { form: "Choose to pay or to cancel." }, card: "" }, { status: 400 });
  const form = read.data;
  if (session.status !== "open") return data<LocalCheckoutActionData>({ step: "card", errors: { form: CARD_MESSAGES.closed }, card: "" }, { status: 409 });

  if (form.intent === "cancel") {
    await payments.expire(session.id);
    await context.db
      .update(checkoutSessions)
      .set({ status: "expired" })
      .where(and(eq(checkoutSessions.id, session.metadata.checkoutId ?? ""), eq(checkoutSessions.status, "open")));
    throw redirect(session.cancel_url);
  }
  if (form.intent === "fail") return data<LocalCheckoutActionData>({ step: "card", errors: { form: CARD_MESSAGES.authentication }, card: "" }, { status: 402 });

  const card = digits(form.card);
  if (form.intent === "pay") {
    const errors = cardErrors(form, new Date());
    if (Object.keys(errors).length > 0) return data<LocalCheckoutActionData>({ step: "card", errors, card: form.card }, { status: 400 });
    // A card that can only be saved for later fails its first charge like any declined card.
    if (card === TEST_CARDS.declined || card === TEST_CARDS.failsLater)
      return data<LocalCheckoutActionData>({ step: "card", errors: { card: CARD_MESSAGES.declined }, card: form.card }, { status: 402 });
    if (card === TEST_CARDS.confirms) return data<LocalCheckoutActionData>({ step: "confirm", card });
    if (card !== TEST_CARDS.succeeds)
      return data<LocalCheckoutActionData>({ step: "card", errors: { card: CARD_MESSAGES.notTest }, card: form.card }, { status: 400 });
  } else if (card !== TEST_CARDS.confirms) {
    // Only the card that asked for confirmation can be confirmed.
    return data<LocalCheckoutActionData>({ step: "card", errors: { form: CARD_MESSAGES.authentication }, card: "" }, { status: 402 });
  }

  const events = await payments.pay(session.id, card);
  await deliverLocalEvents(context, payments, events, new URL(request.url).origin);
  throw redirect(session.success_url);
}
