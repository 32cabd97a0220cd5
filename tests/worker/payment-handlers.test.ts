import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { newId } from "../../app/lib/crypto";
import { dispatchPaymentEvent } from "../../app/payments/dispatch.server";
import { paymentHandlers } from "../../app/payments/handlers.server";
import { LocalPayments } from "../../app/payments/local.server";
import { localWebhookSecret } from "../../app/payments/payments.server";
import { UnknownPurchaseKindError, type PaymentHandlers } from "../../app/payments/registry.server";
import { checkoutKinds, checkoutSessions, paymentEvents, paymentReceipts, users, walletEntries } from "../../db/schema";
import { app, ORIGIN } from "./helpers";

const db = () => createDatabase(env.DB);
const local = () => new LocalPayments(db(), localWebhookSecret(readConfig(env)));

async function newMember() {
  const id = newId();
  await db().insert(users).values({ id, email: `${id}@example.com`, username: `kind_${id.slice(0, 8)}` });
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
    await expect(dispatchPaymentEvent(withoutTopUp, db(), local(), completed)).rejects.toThrow(`No payment handler for the purchase kind “top-up” (checkout ${checkoutId})`);
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
});
