import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receivePaymentWebhook } from "~/payments/payments.server";

/** Stripe's deliveries, and the local checkout's, which are signed and shaped the same way. */
export async function action({ request, context }: ActionFunctionArgs) {
  return receivePaymentWebhook(context, request);
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { allow: "POST" } });
}
