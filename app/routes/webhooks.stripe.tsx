import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receivePaymentWebhook } from "~/payments/payments.server";
import type { PageHandle } from "~/lib/page-handle";

/** Round trips: a payment event is verified, recorded once, and applied in order: what it changes depends on what it finds. */
export const handle: PageHandle = { actionRoundTrips: 11 };

/** Stripe's deliveries, and the local checkout's, which are signed and shaped the same way. */
export async function action({ request, context }: ActionFunctionArgs) {
  return receivePaymentWebhook(context, request);
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { allow: "POST" } });
}
