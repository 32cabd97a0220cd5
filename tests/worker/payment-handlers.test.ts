import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { newId } from "../../app/lib/crypto";
import { dispatchPaymentEvent } from "../../app/payments/dispatch.server";
import { paymentHandlers } from "../../app/payments/handlers.server";
import { LocalPayments } from "../../app/payments/local.server";
import { localWebhookSecret } from "../../app/payments/payments.server";
import { UnknownPurchaseKindError, type PaymentHandlers } from "../../app/payments/registry.server";
import { checkoutKinds, checkoutSessions, paymentEventFailures, paymentEvents, paymentReceipts, users, walletEntries } from "../../db/schema";
import { STAFF_MEMBER_ID } from "../../scripts/seed/seed-data";
import { app, ORIGIN, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);
const local = () => new LocalPayments(db(), localWebhookSecret(readConfig(env)));

async function newMember() {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com`, username: `kind_${id.slice(0, 8)}` });
  return id;
}

/** A one-off checkout recorded with `kind`, paid at the local provider: its completed event. */
async function paidCheckout(userId: string, kind: string, amountCents = 1500) {
  const checkoutId = newId();
  // Written as raw SQL so a kind the schema's type does not know can be recorded, as an older or newer version might have.
  await db().run(sql`INSERT INTO ${checkoutSessions} (id, user_id, kind, amount_cents, currency, description, status, created_at)
    VALUES (${checkoutId}, ${userId}, ${kind}, ${amountCents}, 'usd', 'Something', 'open', ${Date.now()})`);
  const { sessionId } = await local().createCheckout({
    checkoutId,
    userId,
    email: null,
    mode: "payment",
    priceId: null,
    description: "Something",
    amountCents,
    currency: "usd",
    metadata: { checkoutId, userId, kind },
    successUrl: `${ORIGIN}/balance`,
    cancelUrl: `${ORIGIN}/balance`,
    customerId: null,
  });
  const events = await local().pay(sessionId);
  const completed = events.find((event) => event.type === "checkout.session.completed")!;
  return { checkoutId, completed };
}

describe("payment handlers", () => {
  it("has exactly one handler for every kind the checkout can create", () => {
    expect(Object.keys(paymentHandlers.purchases).sort()).toEqual([...checkoutKinds].sort());
    for (const kind of checkoutKinds) expect(paymentHandlers.purchases[kind], kind).toBeTypeOf("object");
  });

  it("refuses a checkout whose kind has no handler, names it, and writes nothing, so a later delivery can still apply it", async () => {
    const userId = await newMember();
    const { checkoutId, completed } = await paidCheckout(userId, "top-up");
    const { "top-up": _topUp, ...others } = paymentHandlers.purchases;
    const withoutTopUp = { ...paymentHandlers, purchases: others } as unknown as PaymentHandlers;

    const refused = dispatchPaymentEvent(withoutTopUp, db(), local(), completed);
    await expect(refused).rejects.toBeInstanceOf(UnknownPurchaseKindError);
    await expect(dispatchPaymentEvent(withoutTopUp, db(), local(), completed)).rejects.toThrow(
      `No payment handler for the purchase kind “top-up” (checkout ${checkoutId})`,
    );
    expect(await db().query.paymentEvents.findFirst({ where: eq(paymentEvents.id, completed.id) })).toBeUndefined();
    expect(await db().query.paymentReceipts.findFirst({ where: eq(paymentReceipts.checkoutId, checkoutId) })).toBeUndefined();

    // With every handler in place the same delivery is applied: the balance takes the top-up once.
    expect((await dispatchPaymentEvent(paymentHandlers, db(), local(), completed)).outcome).toBe("applied");
    const lines = await db().select().from(walletEntries).where(eq(walletEntries.userId, userId));
    expect(lines.map((line) => line.amountCents)).toEqual([1500]);
  });

  it("answers the provider's delivery of an unknown purchase kind with 422 and a logged line, never a 500", async () => {
    const userId = await newMember();
    const { checkoutId, completed } = await paidCheckout(userId, "gift-card");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const signed = await local().sign(completed);
      const response = await app.fetch(`${ORIGIN}/webhooks/stripe`, {
        method: "POST",
        body: signed.payload,
        headers: { "content-type": "application/json", "stripe-signature": signed.signature },
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ error: `No payment handler for the purchase kind “gift-card” (checkout ${checkoutId})` });
      const lines = logged.mock.calls.map((call) => String(call[0]));
      expect(lines.some((line) => line.includes('"event":"payment-kind-unknown"') && line.includes('"kind":"gift-card"'))).toBe(true);
    } finally {
      logged.mockRestore();
    }
    expect(await db().query.paymentEvents.findFirst({ where: eq(paymentEvents.id, completed.id) })).toBeUndefined();
  });

  it("keeps what each event did and every delivery that failed, and shows both on the staff payments page", async () => {
    const userId = await newMember();
    const deliver = async (payload: string, signature: string) =>
      app.fetch(`${ORIGIN}/webhooks/stripe`, { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": signature } });
    const signedAndDelivered = async (event: Stripe.Event) => {
      const signed = await local().sign(event);
      return deliver(signed.payload, signed.signature);
    };
    const failuresOf = (eventId: string) => db().select().from(paymentEventFailures).where(eq(paymentEventFailures.eventId, eventId));

    // Applied: a top-up reaches the balance.
    const { completed } = await paidCheckout(userId, "top-up");
    expect((await signedAndDelivered(completed)).status).toBe(200);
    expect((await db().query.paymentEvents.findFirst({ where: eq(paymentEvents.id, completed.id) }))?.outcome).toBe("applied");
    // Nothing of ours: an event type the app does not act on is recorded as such.
    const unrelated = { ...completed, id: `evt_${newId()}`, type: "customer.created" } as unknown as Stripe.Event;
    expect((await signedAndDelivered(unrelated)).status).toBe(200);
    expect((await db().query.paymentEvents.findFirst({ where: eq(paymentEvents.id, unrelated.id) }))?.outcome).toBe("ignored");

    // Failed: a purchase of a kind this version does not know, twice (the provider delivers it again).
    const gift = await paidCheckout(userId, "gift-card");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect((await signedAndDelivered(gift.completed)).status).toBe(422);
      expect((await signedAndDelivered(gift.completed)).status).toBe(422);
    } finally {
      logged.mockRestore();
    }
    const giftFailures = await failuresOf(gift.completed.id);
    expect(giftFailures).toHaveLength(2);
    expect(giftFailures[0]).toMatchObject({
      failure: "unknown-kind",
      type: "checkout.session.completed",
      message: `No payment handler for the purchase kind “gift-card” (checkout ${gift.checkoutId})`,
    });
    // Failed: a forged signature, which names no event.
    const signatureFailures = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)` })
          .from(paymentEventFailures)
          .where(eq(paymentEventFailures.failure, "signature"))
      )[0]!.n;
    const before = await signatureFailures();
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const forged = await new LocalPayments(db(), "whsec_someone_else").sign(completed);
      expect((await deliver(forged.payload, forged.signature)).status).toBe(400);
    } finally {
      warned.mockRestore();
    }
    expect(await signatureFailures()).toBe(before + 1);

    const page = await (await visit("/staff/payments", { cookie: await signInAs(STAFF_MEMBER_ID) })).text();
    expect(page).toContain("Deliveries that failed");
    expect(page).toContain("Purchase of an unknown kind");
    expect(page).toContain(gift.completed.id);
    expect(page).toContain("Signature refused");
    expect(page).toContain("nothing of ours to change");
  });
});
