/**
 * The Stripe adapter at its HTTP boundary: what it sends to Stripe's API, and what it makes of
 * Stripe's answers (constructed here in Stripe's documented shapes), including its error paths.
 */
import { describe, expect, it } from "vitest";
import { EventAheadError, PaymentsError, type CheckoutRequest } from "../../app/payments/provider.server";
import { stripeClient, StripePayments, subtleCrypto } from "../../app/payments/stripe.server";
import { recordingFetch, type StripeCall } from "./stripe-boundary";

type Call = StripeCall;

function fakeStripe(answer: (call: Call) => Response | Promise<Response>) {
  const { calls, fetchImpl } = recordingFetch(answer);
  return { calls, payments: new StripePayments("sk_test_boundary", "whsec_boundary", fetchImpl) };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "request-id": "req_test" } });

const request: CheckoutRequest = {
  checkoutId: "checkout-123",
  userId: "user-1",
  email: "payer@example.com",
  mode: "subscription",
  priceId: "price_creator_monthly",
  description: "Creator — monthly",
  amountCents: 2999,
  currency: "usd",
  metadata: { checkoutId: "checkout-123", userId: "user-1", kind: "subscription", planKey: "creator-monthly" },
  successUrl: "https://arcanum.test/subscription/success?checkout=checkout-123",
  cancelUrl: "https://arcanum.test/pricing",
  customerId: null,
};

describe("the Stripe adapter", () => {
  it("creates a Checkout Session with the price, the buyer, the metadata and the checkout's idempotency key", async () => {
    const { calls, payments } = fakeStripe(() => json({ id: "cs_test_1", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_1" }));
    const result = await payments.createCheckout(request);
    expect(result).toEqual({ sessionId: "cs_test_1", url: "https://checkout.stripe.com/c/pay/cs_test_1" });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.method).toBe("POST");
    expect(call!.url.href).toBe("https://api.stripe.com/v1/checkout/sessions");
    expect(call!.headers.get("authorization")).toBe("Bearer sk_test_boundary");
    expect(call!.headers.get("idempotency-key")).toBe("checkout-123");
    const body = Object.fromEntries(call!.body);
    expect(body).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_creator_monthly",
      "line_items[0][quantity]": "1",
      client_reference_id: "user-1",
      customer_email: "payer@example.com",
      "metadata[checkoutId]": "checkout-123",
      "subscription_data[metadata][userId]": "user-1",
      "subscription_data[metadata][planKey]": "creator-monthly",
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
  });

  it("sends a known customer instead of an e-mail, and payment mode carries its metadata on the payment", async () => {
    const { calls, payments } = fakeStripe(() => json({ id: "cs_test_2", url: "https://checkout.stripe.com/c/pay/cs_test_2" }));
    await payments.createCheckout({ ...request, mode: "payment", customerId: "cus_123" });
    const body = Object.fromEntries(calls[0]!.body);
    expect(body.customer).toBe("cus_123");
    expect(body.customer_email).toBeUndefined();
    expect(body["payment_intent_data[metadata][checkoutId]"]).toBe("checkout-123");
  });

  it("charges a price set per purchase (a marketplace deck, a top-up) inline, under its description", async () => {
    const { calls, payments } = fakeStripe(() => json({ id: "cs_test_3", url: "https://checkout.stripe.com/c/pay/cs_test_3" }));
    await payments.createCheckout({ ...request, mode: "payment", priceId: null, amountCents: 1500, description: "Reading balance: $15" });
    const body = Object.fromEntries(calls[0]!.body);
    expect(body).toMatchObject({
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "1500",
      "line_items[0][price_data][product_data][name]": "Reading balance: $15",
      "line_items[0][quantity]": "1",
    });
    expect(body["line_items[0][price]"]).toBeUndefined();
  });

  it("passes on Stripe's own message when it refuses, and a general one when it cannot be reached", async () => {
    const refused = fakeStripe(() =>
      json({ error: { type: "invalid_request_error", message: "No such price: 'price_creator_monthly'", param: "line_items[0][price]" } }, 400),
    );
    await expect(refused.payments.createCheckout(request)).rejects.toThrow(new PaymentsError("No such price: 'price_creator_monthly'"));

    const unreachable = fakeStripe(() => {
      throw new TypeError("fetch failed");
    });
    const error = await unreachable.payments.createCheckout(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentsError);
    expect((error as Error).message.length).toBeGreaterThan(0);

    const noUrl = fakeStripe(() => json({ id: "cs_test_3", url: null }));
    await expect(noUrl.payments.createCheckout(request)).rejects.toThrow("Failed to create checkout session");
  });

  it("reads a subscription in the current API shape (period on its item), and a missing one as null", async () => {
    const { calls, payments } = fakeStripe((call) =>
      call.url.pathname.endsWith("/sub_missing")
        ? json({ error: { type: "invalid_request_error", message: "No such subscription: 'sub_missing'", code: "resource_missing" } }, 404)
        : json({
            id: "sub_1",
            object: "subscription",
            status: "active",
            customer: "cus_9",
            cancel_at_period_end: true,
            metadata: { userId: "user-1" },
            items: {
              object: "list",
              data: [{ id: "si_1", object: "subscription_item", price: { id: "price_mystic_yearly", object: "price" }, current_period_end: 1_800_000_000 }],
            },
          }),
    );
    expect(await payments.retrieveSubscription("sub_1")).toEqual({
      id: "sub_1",
      status: "active",
      customer: "cus_9",
      cancel_at_period_end: true,
      metadata: { userId: "user-1" },
      priceId: "price_mystic_yearly",
      currentPeriodEnd: 1_800_000_000,
      scheduledPriceId: null,
    });
    expect(calls[0]!.method).toBe("GET");
    expect(calls[0]!.url.pathname).toBe("/v1/subscriptions/sub_1");
    // The schedule comes with it, so a change of plan that waits for the period's end is seen.
    expect([...calls[0]!.url.searchParams.values()]).toEqual(["schedule"]);
    expect([...calls[0]!.url.searchParams.keys()][0]).toMatch(/^expand/);
    expect(await payments.retrieveSubscription("sub_missing")).toBeNull();
  });

  it("reads a downgrade that waits for the period's end from the subscription's schedule", async () => {
    const { payments } = fakeStripe(() =>
      json({
        id: "sub_2",
        object: "subscription",
        status: "active",
        customer: "cus_9",
        cancel_at_period_end: false,
        metadata: { userId: "user-1" },
        items: {
          object: "list",
          data: [{ id: "si_2", object: "subscription_item", price: { id: "price_creator_monthly", object: "price" }, current_period_end: 1_800_000_000 }],
        },
        schedule: {
          id: "sub_sched_1",
          object: "subscription_schedule",
          phases: [
            { start_date: 1_797_400_000, end_date: 1_800_000_000, items: [{ price: "price_creator_monthly", quantity: 1 }] },
            { start_date: 1_800_000_000, end_date: 1_802_600_000, items: [{ price: "price_mystic_monthly", quantity: 1 }] },
          ],
        },
      }),
    );
    expect(await payments.retrieveSubscription("sub_2")).toMatchObject({ priceId: "price_creator_monthly", scheduledPriceId: "price_mystic_monthly" });
  });

  it("refunds a payment with an idempotency key, all of it or a part, and passes on Stripe's refusal", async () => {
    const { calls, payments } = fakeStripe((call) =>
      call.body.get("payment_intent") === "pi_done"
        ? json({ error: { type: "invalid_request_error", message: "Charge ch_1 has already been refunded.", code: "charge_already_refunded" } }, 400)
        : json({ id: "re_1", object: "refund", amount: 500, payment_intent: call.body.get("payment_intent"), status: "succeeded" }),
    );
    // Stripe reports the refund to the webhook route; nothing is delivered from here.
    expect(await payments.refund({ paymentIntentId: "pi_1", idempotencyKey: "receipt-1-0-500" })).toEqual([]);
    expect(await payments.refund({ paymentIntentId: "pi_1", amountCents: 200, idempotencyKey: "receipt-1-0-200" })).toEqual([]);
    expect(calls[0]!.url.pathname).toBe("/v1/refunds");
    expect(Object.fromEntries(calls[0]!.body)).toEqual({ payment_intent: "pi_1" });
    expect(calls[0]!.headers.get("idempotency-key")).toBe("receipt-1-0-500");
    expect(Object.fromEntries(calls[1]!.body)).toEqual({ payment_intent: "pi_1", amount: "200" });
    const refused = payments.refund({ paymentIntentId: "pi_done", idempotencyKey: "receipt-2-0-500" });
    await expect(refused).rejects.toThrow("Charge ch_1 has already been refunded.");
    await expect(refused).rejects.toBeInstanceOf(PaymentsError);
  });

  it("opens the billing portal for the customer with the way back, and passes on Stripe's refusal", async () => {
    const { calls, payments } = fakeStripe((call) =>
      call.body.get("customer") === "cus_gone"
        ? json({ error: { type: "invalid_request_error", message: "No such customer: 'cus_gone'", code: "resource_missing" } }, 400)
        : json({ id: "bps_1", object: "billing_portal.session", url: "https://billing.stripe.com/p/session/test_1" }),
    );
    expect(await payments.createPortal("cus_1", "https://arcanum.test/account")).toEqual({ url: "https://billing.stripe.com/p/session/test_1" });
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.url.pathname).toBe("/v1/billing_portal/sessions");
    expect(Object.fromEntries(calls[0]!.body)).toEqual({ customer: "cus_1", return_url: "https://arcanum.test/account" });
    await expect(payments.createPortal("cus_gone", "https://arcanum.test/account")).rejects.toThrow("No such customer: 'cus_gone'");
  });

  it("reads the fingerprint of the card that paid from the payment's latest charge, and none when there is no card", async () => {
    const { calls, payments } = fakeStripe((call) =>
      json({
        id: call.url.pathname.split("/").pop(),
        object: "payment_intent",
        latest_charge: call.url.pathname.endsWith("pi_card")
          ? { id: "ch_1", object: "charge", payment_method_details: { type: "card", card: { brand: "visa", last4: "4242", fingerprint: "Xt5EWLLDS7FJjR1c" } } }
          : { id: "ch_2", object: "charge", payment_method_details: { type: "link", link: {} } },
      }),
    );
    expect(await payments.cardFingerprint("pi_card")).toBe("Xt5EWLLDS7FJjR1c");
    expect(await payments.cardFingerprint("pi_link")).toBeNull();
    expect(calls[0]!.method).toBe("GET");
    expect(calls[0]!.url.pathname).toBe("/v1/payment_intents/pi_card");
    expect([...calls[0]!.url.searchParams].filter(([key]) => key.startsWith("expand")).map(([, value]) => value)).toEqual(["latest_charge"]);
  });

  it("verifies a delivery signed with its webhook secret, and refuses another secret, a changed body or no signature", async () => {
    const { payments } = fakeStripe(() => json({}));
    const payload = JSON.stringify({ id: "evt_1", object: "event", type: "invoice.paid", created: 1, data: { object: { id: "in_1" } } });
    const sign = (secret: string, body = payload) =>
      stripeClient("sk_test_x").webhooks.generateTestHeaderStringAsync({
        payload: body,
        secret,
        timestamp: Math.floor(Date.now() / 1000),
        cryptoProvider: subtleCrypto,
      });
    expect((await payments.verifyEvent(payload, await sign("whsec_boundary"))).id).toBe("evt_1");
    await expect(payments.verifyEvent(payload, await sign("whsec_other"))).rejects.toThrow();
    await expect(payments.verifyEvent(payload.replace("in_1", "in_2"), await sign("whsec_boundary"))).rejects.toThrow();
    await expect(payments.verifyEvent(payload, null)).rejects.toThrow();
    // Signed correctly but dated an hour ahead: the signature's own check would let it through.
    const ahead = JSON.stringify({
      id: "evt_2",
      object: "event",
      type: "invoice.paid",
      created: Math.floor(Date.now() / 1000) + 3600,
      data: { object: { id: "in_1" } },
    });
    await expect(payments.verifyEvent(ahead, await sign("whsec_boundary", ahead))).rejects.toBeInstanceOf(EventAheadError);
  });
});
