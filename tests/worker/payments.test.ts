import { createExecutionContext, env } from "cloudflare:test";
import { and, eq, like, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { consumeCredits, getQuota } from "../../app/credits/credits.server";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { newId } from "../../app/lib/crypto";
import { applyPaymentEvent } from "../../app/payments/events.server";
import { event, LocalPayments } from "../../app/payments/local.server";
import { localWebhookSecret } from "../../app/payments/payments.server";
import { findPlanByKey } from "../../app/plans/catalogue";
import { MINOR_ARCANA } from "../../app/tarot/cards";
import {
  cards,
  checkoutSessions,
  deckQuotaLedger,
  decks,
  localPaymentObjects,
  paymentEvents,
  paymentReceipts,
  readingWallets,
  subscriptions,
  userDeckQuotas,
  users,
} from "../../db/schema";
import { app, get, ORIGIN, post, signInAs, waitForDeck } from "./helpers";

const db = () => createDatabase(env.DB);
const local = () => new LocalPayments(db(), localWebhookSecret(readConfig(env)));

async function newMember() {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com`, username: `payer_${id.slice(0, 8)}` });
  return id;
}

/** A member's open subscription checkout at the local provider, as the pricing page starts one. */
async function openCheckout(userId: string, planKey = "creator-monthly") {
  const plan = findPlanByKey(planKey)!;
  const checkoutId = newId();
  await db()
    .insert(checkoutSessions)
    .values({ id: checkoutId, userId, kind: "subscription", planKey, amountCents: Math.round(plan.price * 100) });
  const { sessionId } = await local().createCheckout({
    checkoutId,
    userId,
    email: null,
    mode: "subscription",
    priceId: plan.priceId,
    description: plan.name,
    amountCents: Math.round(plan.price * 100),
    currency: "usd",
    metadata: { checkoutId, userId, kind: "subscription", planKey },
    successUrl: `${ORIGIN}/subscription/success?checkout=${checkoutId}`,
    cancelUrl: `${ORIGIN}/pricing`,
    customerId: null,
  });
  return { checkoutId, sessionId };
}

async function deliver(evt: Stripe.Event, options: { timestamp?: number; secret?: string; signature?: string } = {}) {
  const provider = options.secret ? new LocalPayments(db(), options.secret) : local();
  const signed = await provider.sign(evt, options.timestamp);
  return app.fetch(`${ORIGIN}/webhooks/stripe`, {
    method: "POST",
    body: signed.payload,
    headers: { "content-type": "application/json", "stripe-signature": options.signature ?? signed.signature },
  });
}

const allocationLines = (userId: string) =>
  db()
    .select()
    .from(deckQuotaLedger)
    .where(and(eq(deckQuotaLedger.userId, userId), like(deckQuotaLedger.referenceId, "subscription:%")));

const eventCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)` })
      .from(paymentEvents)
  )[0]!.n;

describe("payment webhooks", () => {
  it("refuses a bad signature and a stale one with 400, and writes nothing", async () => {
    const userId = await newMember();
    const { sessionId } = await openCheckout(userId);
    const [completed] = await local().pay(sessionId);
    const before = await eventCount();

    const forged = await deliver(completed!, { secret: "whsec_someone_else" });
    expect(forged.status).toBe(400);
    const missing = await app.fetch(`${ORIGIN}/webhooks/stripe`, {
      method: "POST",
      body: JSON.stringify(completed),
      headers: { "content-type": "application/json" },
    });
    expect(missing.status).toBe(400);
    const stale = await deliver(completed!, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(400);
    // A valid signature over another body does not carry over.
    const signed = await local().sign(completed!);
    const tampered = await app.fetch(`${ORIGIN}/webhooks/stripe`, {
      method: "POST",
      body: signed.payload.replace(userId, "someone-else"),
      headers: { "content-type": "application/json", "stripe-signature": signed.signature },
    });
    expect(tampered.status).toBe(400);

    expect(await eventCount()).toBe(before);
    expect(await db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) })).toBeUndefined();
    expect(await allocationLines(userId)).toHaveLength(0);
  });

  it("refuses a signed event dated ahead of now with 400 and a reason, and writes nothing", async () => {
    const userId = await newMember();
    const { sessionId } = await openCheckout(userId);
    const [completed] = await local().pay(sessionId);
    const before = await eventCount();
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;

    const datedAhead = await deliver({ ...completed!, created: inAnHour });
    expect(datedAhead.status).toBe(400);
    expect(await datedAhead.json()).toEqual({ error: "The event is dated in the future: check the sender's clock and deliver it again." });
    // A signature made ahead of time is refused too, not kept until its hour comes.
    expect((await deliver(completed!, { timestamp: inAnHour })).status).toBe(400);
    expect(await eventCount()).toBe(before);
    expect(await db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) })).toBeUndefined();
    expect(await allocationLines(userId)).toHaveLength(0);

    // A clock a minute fast is within the bound.
    expect((await deliver({ ...completed!, created: Math.floor(Date.now() / 1000) + 60 }, { timestamp: Math.floor(Date.now() / 1000) + 60 })).status).toBe(200);
  });

  it("grants Explorer Plus only to a checkout recorded as Explorer Plus, whatever the event's label says", async () => {
    const userId = await newMember();
    const topUpId = newId();
    await db().insert(checkoutSessions).values({ id: topUpId, userId, kind: "top-up", amountCents: 500, description: "Reading balance top-up" });
    for (const checkoutId of [topUpId, newId()]) {
      const { sessionId } = await local().createCheckout({
        checkoutId,
        userId,
        email: null,
        mode: "payment",
        priceId: null,
        description: "Explorer Plus",
        amountCents: 500,
        currency: "usd",
        metadata: { checkoutId, userId, kind: "explorer-plus", planKey: "explorer-plus" },
        successUrl: `${ORIGIN}/collection`,
        cancelUrl: `${ORIGIN}/collection`,
        customerId: null,
      });
      for (const evt of await local().pay(sessionId)) expect((await deliver(evt)).status).toBe(200);
    }
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "free", completeDeckQuota: 0 });
    expect(
      await db()
        .select()
        .from(deckQuotaLedger)
        .where(and(eq(deckQuotaLedger.userId, userId), like(deckQuotaLedger.referenceId, "checkout:%"))),
    ).toHaveLength(0);
    // The checkout recorded as a top-up is a top-up: its receipt says so.
    expect(await db().select({ kind: paymentReceipts.kind }).from(paymentReceipts).where(eq(paymentReceipts.userId, userId))).toEqual([{ kind: "top-up" }]);
  });

  it("grants a subscription's credits once, however often and however concurrently its events arrive", async () => {
    const userId = await newMember();
    const { checkoutId, sessionId } = await openCheckout(userId, "creator-monthly");
    const events = await local().pay(sessionId);
    expect(events.map((e) => e.type)).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);

    const first = await deliver(events[0]!);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ outcome: "applied" });
    const again = await deliver(events[0]!);
    expect(await again.json()).toMatchObject({ outcome: "duplicate" });
    const storm = await Promise.all(Array.from({ length: 10 }, () => deliver(events[1]!)));
    expect(storm.every((response) => response.status === 200)).toBe(true);
    const invoiceStorm = await Promise.all(Array.from({ length: 3 }, () => deliver(events[2]!)));
    expect(invoiceStorm.every((response) => response.status === 200)).toBe(true);
    // One receipt for the first invoice.
    expect(await db().select().from(paymentReceipts).where(eq(paymentReceipts.userId, userId))).toMatchObject([
      { kind: "subscription", amountCents: 2999, refundedCents: 0 },
    ]);

    expect(await allocationLines(userId)).toHaveLength(1);
    const quota = await getQuota(db(), userId);
    expect(quota).toMatchObject({ planType: "creator", completeDeckQuota: 12, completeDeckUsed: 0, majorArcanaQuota: 0 });
    const row = await db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) });
    expect(row).toMatchObject({ subscriptionStatus: "active", priceId: findPlanByKey("creator-monthly")!.priceId, cancelAtPeriodEnd: false });
    expect((await db().query.checkoutSessions.findFirst({ where: eq(checkoutSessions.id, checkoutId) }))?.status).toBe("complete");
    const ids = events.map((e) => e.id);
    const recorded = await db().select({ id: paymentEvents.id }).from(paymentEvents);
    expect(ids.every((id) => recorded.some((r) => r.id === id))).toBe(true);
  });

  it("ends in the right state when events arrive out of order", async () => {
    const userId = await newMember();
    const { sessionId } = await openCheckout(userId, "mystic-monthly");
    const [completed, created] = await local().pay(sessionId);
    // The subscription is cancelled at the provider before any event reached us.
    const [stored] = await db()
      .select()
      .from(localPaymentObjects)
      .where(eq(localPaymentObjects.object, "subscription"))
      .orderBy(sql`updated_at DESC`)
      .limit(1);
    const subscription = stored!.data as { id: string; cancel_at_period_end: boolean };
    await db()
      .update(localPaymentObjects)
      .set({ data: { ...stored!.data, cancel_at_period_end: true } })
      .where(eq(localPaymentObjects.id, subscription.id));
    const updated = event("customer.subscription.updated", { ...stored!.data, cancel_at_period_end: true });

    // Newest first, oldest last: the stored state is the provider's current one all the same.
    for (const evt of [updated, created!, completed!]) expect((await deliver(evt)).status).toBe(200);
    const row = await db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) });
    expect(row).toMatchObject({ subscriptionStatus: "active", cancelAtPeriodEnd: true, providerSubscriptionId: subscription.id });
    expect(await allocationLines(userId)).toHaveLength(1);
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "mystic", completeDeckQuota: 2 });
  });

  it("marks a failed payment past due, and a deleted subscription returns the person to the free plan once", async () => {
    const userId = await newMember();
    const { sessionId } = await openCheckout(userId, "visionary-monthly");
    for (const evt of await local().pay(sessionId)) await deliver(evt);
    const [stored] = await db()
      .select()
      .from(localPaymentObjects)
      .where(eq(localPaymentObjects.object, "subscription"))
      .orderBy(sql`updated_at DESC`)
      .limit(1);
    const id = (stored!.data as { id: string }).id;

    await db()
      .update(localPaymentObjects)
      .set({ data: { ...stored!.data, status: "past_due" } })
      .where(eq(localPaymentObjects.id, id));
    await deliver(event("invoice.payment_failed", { id: `in_${newId()}`, object: "invoice", subscription: id }));
    expect((await db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) }))?.subscriptionStatus).toBe("past_due");
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "visionary" });
    // Past due: paid generation is refused, with the way to fix the payment, and nothing is charged.
    const refused = await post(
      "/create-deck",
      { intent: "create", theme: "Paid lanterns", style: "woodcut", kind: "complete", quality: "high" },
      { cookie: await signInAs(userId) },
    );
    expect(refused.status).toBe(402);
    expect(await refused.text()).toContain("/subscription");
    expect(await getQuota(db(), userId)).toMatchObject({ completeDeckUsed: 0 });

    await db()
      .update(localPaymentObjects)
      .set({ data: { ...stored!.data, status: "canceled" } })
      .where(eq(localPaymentObjects.id, id));
    const deleted = event("customer.subscription.deleted", { ...stored!.data, status: "canceled" });
    await deliver(deleted);
    await deliver(event("customer.subscription.deleted", { ...stored!.data, status: "canceled" }));
    expect((await db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) }))?.subscriptionStatus).toBe("canceled");
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "free", majorArcanaQuota: 1, completeDeckQuota: 0 });
    const ended = (await allocationLines(userId)).filter((line) => line.referenceId?.endsWith(":ended"));
    expect(ended).toHaveLength(1);
  });

  it("refreshes with the rollover cap on renewal, once per period", async () => {
    const userId = await newMember();
    const { sessionId } = await openCheckout(userId, "creator-monthly");
    for (const evt of await local().pay(sessionId)) await deliver(evt);
    // One of twelve credits used: eleven left, of which the cap (six) carries over.
    await db().update(userDeckQuotas).set({ completeDeckUsed: 1 }).where(eq(userDeckQuotas.userId, userId));
    const [stored] = await db()
      .select()
      .from(localPaymentObjects)
      .where(eq(localPaymentObjects.object, "subscription"))
      .orderBy(sql`updated_at DESC`)
      .limit(1);
    const data = stored!.data as { id: string; items: { data: { current_period_end: number }[] } };
    const oldEnd = data.items.data[0]!.current_period_end;
    const newEnd = oldEnd + 31 * 24 * 3600;
    const renewed = { ...data, items: { ...data.items, data: [{ ...data.items.data[0]!, current_period_start: oldEnd, current_period_end: newEnd }] } };
    await db().update(localPaymentObjects).set({ data: renewed }).where(eq(localPaymentObjects.id, data.id));
    // The renewal is processed once the old period is over.
    const paid = event("invoice.paid", { id: `in_${newId()}`, object: "invoice", billing_reason: "subscription_cycle", subscription: data.id });
    const at = oldEnd * 1000 + 60_000;
    expect(await applyPaymentEvent(db(), local(), paid, at)).toEqual({ outcome: "applied", userId });
    expect((await applyPaymentEvent(db(), local(), event("customer.subscription.updated", renewed), at + 1000)).outcome).toBe("applied");
    const quota = await getQuota(db(), userId, at + 2000);
    // Twelve new credits plus min(eleven left, cap of six).
    expect(quota).toMatchObject({ planType: "creator", completeDeckQuota: 18, completeDeckUsed: 0 });
    const renewals = await db()
      .select()
      .from(deckQuotaLedger)
      .where(and(eq(deckQuotaLedger.userId, userId), like(deckQuotaLedger.referenceId, "refresh:renewal:%")));
    expect(renewals).toHaveLength(1);
  });
});

describe("the local checkout", () => {
  const card = (number: string) => ({ intent: "pay", card: number, expiry: "12 / 40", cvc: "123" });

  async function startCheckout(cookie: string, plan = "creator-monthly") {
    const response = await post("/subscription", { intent: "checkout", plan }, { cookie });
    expect(response.status).toBe(302);
    return response.headers.get("location")!;
  }

  it("sells a subscription through the same webhook: test card, success page from the server's record", async () => {
    const userId = await newMember();
    const cookie = await signInAs(userId);
    const path = await startCheckout(cookie);
    const page = await get(path, { cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("This is a local test checkout.");
    expect(html).toContain("$29.99");

    const declined = await post(path, card("4000 0000 0000 0002"), { cookie });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    expect(await db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) })).toBeUndefined();

    const paid = await post(path, card("4242 4242 4242 4242"), { cookie });
    expect(paid.status).toBe(302);
    const success = paid.headers.get("location")!;
    expect(success).toMatch(/\/subscription\/success\?checkout=/);
    const confirmed = await (await get(new URL(success).pathname + new URL(success).search, { cookie })).text();
    expect(confirmed).toContain("You are now on the <strong>Creator</strong> plan");
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "creator", completeDeckQuota: 12 });
    // Paying twice is not possible: the checkout is closed.
    expect((await post(path, card("4242 4242 4242 4242"), { cookie })).status).toBe(409);
    // One subscription at a time.
    expect((await post("/subscription", { intent: "checkout", plan: "mystic-monthly" }, { cookie })).status).toBe(409);
  });

  it("pays once when the same checkout is paid from two tabs at the same moment", async () => {
    const userId = await newMember();
    const { sessionId } = await openCheckout(userId, "mystic-monthly");
    const results = await Promise.all(Array.from({ length: 5 }, () => local().pay(sessionId)));
    expect(results.filter((events) => events.length > 0)).toHaveLength(1);
    const subscriptionsMade = await db()
      .select()
      .from(localPaymentObjects)
      .where(and(eq(localPaymentObjects.object, "subscription"), sql`json_extract(data, '$.metadata.userId') = ${userId}`));
    expect(subscriptionsMade).toHaveLength(1);
  });

  it("asks for confirmation with the 3-D Secure test card, and a failed confirmation charges nothing", async () => {
    const userId = await newMember();
    const cookie = await signInAs(userId);
    const path = await startCheckout(cookie, "mystic-yearly");
    const asked = await post(path, card("4000 0027 6000 3184"), { cookie });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Confirm this payment");
    const failed = await post(path, { intent: "fail" }, { cookie });
    expect(failed.status).toBe(402);
    expect(await db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) })).toBeUndefined();
    const confirmed = await post(path, { intent: "confirm", card: "4000002760003184" }, { cookie });
    expect(confirmed.status).toBe(302);
    expect((await db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) }))?.subscriptionStatus).toBe("active");
  });

  it("cancels without charging, and refuses guests and other people", async () => {
    const userId = await newMember();
    const cookie = await signInAs(userId);
    const path = await startCheckout(cookie);
    const stranger = await signInAs(await newMember());
    expect((await get(path, { cookie: stranger })).status).toBe(404);
    expect((await post(path, card("4242 4242 4242 4242"), { cookie: stranger })).status).toBe(404);
    const cancelled = await post(path, { intent: "cancel" }, { cookie });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("location")).toMatch(/\/pricing$/);
    expect(await db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) })).toBeUndefined();
    const guest = await post("/subscription", { intent: "checkout", plan: "creator-monthly" });
    expect(guest.status).toBe(401);
    expect(await guest.text()).toContain("User not authenticated");
  });
});

describe("the local customer portal", () => {
  it("cancels at the period's end and resumes, through the webhook, and the subscription page says when it ends", async () => {
    const userId = await newMember();
    const cookie = await signInAs(userId);
    const start = await post("/subscription", { intent: "checkout", plan: "mystic-monthly" }, { cookie });
    await post(start.headers.get("location")!, { intent: "pay", card: "4242424242424242", expiry: "12 / 40", cvc: "123" }, { cookie });

    const portal = await post("/subscription", { intent: "manage" }, { cookie });
    expect(portal.status).toBe(302);
    const portalPath = portal.headers.get("location")!;
    expect(portalPath).toMatch(/^\/billing\/local\?return=/);
    expect(await (await get(portalPath, { cookie })).text()).toContain("Cancel subscription");

    const cancelled = await post(portalPath, { intent: "cancel" }, { cookie });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("location")).toBe("/subscription");
    const row = await db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) });
    expect(row).toMatchObject({ subscriptionStatus: "active", cancelAtPeriodEnd: true });
    const page = await (await get("/subscription", { cookie })).text();
    const end = new Date(row!.currentPeriodEnd * 1000).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
    expect(page).toContain(`Cancelled: it ends on ${end}, and nothing more will be charged.`);
    // The plan's credits stay until the end.
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "mystic", completeDeckQuota: 2 });

    await post(portalPath, { intent: "resume" }, { cookie });
    expect((await db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) }))?.cancelAtPeriodEnd).toBe(false);
    expect(await (await get("/subscription", { cookie })).text()).toContain("Renews on");
    // Someone else's billing page shows their own account, not this subscription.
    const theirs = await get("/billing/local", { cookie: await signInAs(await newMember()) });
    expect(theirs.status).toBe(200);
    const theirPage = await theirs.text();
    expect(theirPage).toContain("You have no subscription.");
    expect(theirPage).not.toContain("Mystic");
    expect((await post(portalPath, { intent: "cancel" }, { cookie: await signInAs(await newMember()) })).status).toBe(404);
  });
});

describe("every open tab of the buyer", () => {
  it("hears that the account changed when a purchase completes, and nobody else can listen", async () => {
    const userId = await newMember();
    const cookie = await signInAs(userId);
    const open = await app.fetch(`${ORIGIN}/parties/user-channel/${userId}`, { headers: { upgrade: "websocket", origin: ORIGIN, cookie } });
    expect(open.status).toBe(101);
    const socket = open.webSocket!;
    const messages: unknown[] = [];
    socket.addEventListener("message", (message) => messages.push(JSON.parse(String(message.data))));
    socket.accept();
    const other = await app.fetch(`${ORIGIN}/parties/user-channel/${userId}`, {
      headers: { upgrade: "websocket", origin: ORIGIN, cookie: await signInAs(await newMember()) },
    });
    expect(other.status).toBe(403);

    const start = await post("/subscription", { intent: "checkout", plan: "creator-monthly" }, { cookie });
    await post(start.headers.get("location")!, { intent: "pay", card: "4242424242424242", expiry: "12 / 40", cvc: "123" }, { cookie });
    const deadline = Date.now() + 3000;
    while (messages.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(messages).toContainEqual({ type: "account-changed", reason: "plan" });
    socket.close();
  });
});

describe("Explorer Plus", () => {
  it("completes a finished Major Arcana deck with exactly its 56 Minor Arcana, paid through the local checkout", async () => {
    const userId = await newMember();
    const cookie = await signInAs(userId);
    // The free credit is spent on the deck itself, so no complete-deck credit is left.
    const made = await post(
      "/create-deck",
      { intent: "create", theme: "Lanterns on a winter sea", style: "woodcut", kind: "major_arcana", quality: "medium" },
      { cookie },
    );
    expect(made.status).toBe(302);
    const deckId = made.headers.get("location")!.split("/").pop()!;
    await waitForDeck(deckId);
    const page = await (await get(`/collection/${deckId}`, { cookie })).text();
    expect(page).toContain("Complete it with Explorer Plus");

    const start = await post(`/collection/${deckId}`, { intent: "buy-explorer" }, { cookie });
    expect(start.status).toBe(302);
    const checkoutPath = start.headers.get("location")!;
    expect(await (await get(checkoutPath, { cookie })).text()).toContain("Explorer Plus");
    const paid = await post(checkoutPath, { intent: "pay", card: "4242424242424242", expiry: "12 / 40", cvc: "123" }, { cookie });
    expect(paid.status).toBe(302);
    expect(new URL(paid.headers.get("location")!).pathname).toBe(`/collection/${deckId}`);

    const deck = await waitForDeck(deckId);
    expect(deck).toMatchObject({ kind: "complete", status: "ready" });
    const rows = await db().select({ key: cards.cardKey }).from(cards).where(eq(cards.deckId, deckId));
    expect(rows).toHaveLength(78);
    const minor = new Set(MINOR_ARCANA.map((card) => card.key));
    expect(rows.filter((row) => minor.has(row.key))).toHaveLength(56);
    // The credit it brought was spent on this deck, once.
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "explorer", completeDeckQuota: 1, completeDeckUsed: 1 });
    expect(
      await db()
        .select()
        .from(deckQuotaLedger)
        .where(and(eq(deckQuotaLedger.userId, userId), like(deckQuotaLedger.referenceId, "checkout:%"))),
    ).toHaveLength(1);
  });

  it("is refused for someone else's deck or a deck that is already complete", async () => {
    const owner = await newMember();
    const made = await post(
      "/create-deck",
      { intent: "create", theme: "Foxes in birch snow", style: "watercolour", kind: "major_arcana", quality: "medium" },
      { cookie: await signInAs(owner) },
    );
    const deckId = made.headers.get("location")!.split("/").pop()!;
    await waitForDeck(deckId);
    expect((await post(`/collection/${deckId}`, { intent: "buy-explorer" }, { cookie: await signInAs(await newMember()) })).status).toBe(404);
    await db().update(decks).set({ kind: "complete" }).where(eq(decks.id, deckId));
    const complete = await post(`/collection/${deckId}`, { intent: "buy-explorer" }, { cookie: await signInAs(owner) });
    expect(complete.status).toBe(400);
    expect(await complete.text()).toContain("Explorer Plus completes a finished Major Arcana deck.");
  });
});

describe("a subscription over time, offline", () => {
  const PORTAL = "/billing/local?return=%2Fsubscription";
  const cardForm = (number: string) => ({ intent: "card", card: number, expiry: "12 / 40", cvc: "123" });
  const subscriptionOf = (userId: string) => db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) });
  const receiptsOf = (userId: string) => db().select().from(paymentReceipts).where(eq(paymentReceipts.userId, userId)).orderBy(paymentReceipts.paidAt);

  async function subscribe(planKey: string) {
    const userId = await newMember();
    const cookie = await signInAs(userId);
    const start = await post("/subscription", { intent: "checkout", plan: planKey }, { cookie });
    const paid = await post(start.headers.get("location")!, { intent: "pay", card: "4242424242424242", expiry: "12 / 40", cvc: "123" }, { cookie });
    expect(paid.status).toBe(302);
    return { userId, cookie };
  }

  it("renews at the period's end with the rollover cap and a receipt; a failing card leaves it past due until a working one pays", async () => {
    const { userId, cookie } = await subscribe("creator-monthly");
    await db().update(userDeckQuotas).set({ completeDeckUsed: 1 }).where(eq(userDeckQuotas.userId, userId));
    const first = await subscriptionOf(userId);

    const renewed = await post(PORTAL, { intent: "end-period" }, { cookie });
    expect(renewed.status).toBe(200);
    const second = await subscriptionOf(userId);
    expect(second).toMatchObject({ subscriptionStatus: "active" });
    expect(second!.currentPeriodEnd).toBeGreaterThan(first!.currentPeriodEnd);
    // Twelve new credits plus min(eleven left, cap of six), once.
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "creator", completeDeckQuota: 18, completeDeckUsed: 0 });
    expect(
      await db()
        .select()
        .from(deckQuotaLedger)
        .where(and(eq(deckQuotaLedger.userId, userId), like(deckQuotaLedger.referenceId, "refresh:renewal:%"))),
    ).toHaveLength(1);
    expect((await receiptsOf(userId)).map((r) => r.amountCents)).toEqual([2999, 2999]);

    // A card that can be saved but not charged: the next renewal fails.
    expect((await post(PORTAL, cardForm("4000 0000 0000 0341"), { cookie })).status).toBe(200);
    expect((await post(PORTAL, { intent: "end-period" }, { cookie })).status).toBe(200);
    expect(await subscriptionOf(userId)).toMatchObject({ subscriptionStatus: "past_due" });
    expect(await receiptsOf(userId)).toHaveLength(2);
    const refused = await post("/create-deck", { intent: "create", theme: "Overdue owls", style: "woodcut", kind: "complete", quality: "high" }, { cookie });
    expect(refused.status).toBe(402);
    expect(await (await get("/subscription", { cookie })).text()).toContain("Your last payment did not go through.");

    // A declined card is not saved; a working one pays the open invoice at once.
    const declined = await post(PORTAL, cardForm("4000 0000 0000 0002"), { cookie });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    const fixed = await post(PORTAL, cardForm("4242 4242 4242 4242"), { cookie });
    expect(fixed.status).toBe(200);
    expect(await fixed.text()).toContain("the payment went through");
    expect(await subscriptionOf(userId)).toMatchObject({ subscriptionStatus: "active" });
    expect(await receiptsOf(userId)).toHaveLength(3);
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "creator", completeDeckQuota: 12, completeDeckUsed: 0 });
    const page = await (await get("/subscription", { cookie })).text();
    expect(page).toContain("Payments");
    expect(page.match(/\$29\.99/g)!.length).toBeGreaterThanOrEqual(3);
  });

  it("moves up at once with the difference charged, and a move down waits for the period's end", async () => {
    const { userId, cookie } = await subscribe("mystic-monthly");
    const creator = findPlanByKey("creator-monthly")!;
    const mystic = findPlanByKey("mystic-monthly")!;

    // The billing page says what each move charges today, before it is made (plans in catalogue order).
    const offers = [...(await (await get(PORTAL, { cookie })).text()).matchAll(/Starts (now · \$([\d.]+) today|[A-Z][a-z]+ \d+, \d{4} · nothing today)/g)];
    // From Mystic monthly every other plan is a move up: Mystic yearly, Creator and Visionary.
    expect(offers.map((o) => (o[2] === undefined ? "later" : "now"))).toEqual(["now", "now", "now", "now", "now"]);
    const shownForCreator = Number(offers[1]![2]) * 100;
    const up = await post(PORTAL, { intent: "change-plan", price: creator.priceId }, { cookie });
    expect(up.status).toBe(200);
    expect(await subscriptionOf(userId)).toMatchObject({ priceId: creator.priceId, scheduledPriceId: null });
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "creator", completeDeckQuota: 12 });
    const change = (await receiptsOf(userId)).find((r) => r.description.includes("(change of plan)"));
    // Nearly the whole month is left: nearly the whole difference is charged, never more.
    expect(change!.amountCents).toBeGreaterThan(0);
    expect(change!.amountCents).toBeLessThanOrEqual(2999 - 1299);
    expect(Math.abs(change!.amountCents - shownForCreator)).toBeLessThanOrEqual(1);

    const fromCreator = [...(await (await get(PORTAL, { cookie })).text()).matchAll(/Starts (now · \$[\d.]+ today|[A-Z][a-z]+ \d+, \d{4} · nothing today)/g)];
    // Mystic (both), then Creator yearly and Visionary (both): the moves down wait and charge nothing today.
    expect(fromCreator.map((o) => (o[1]!.endsWith("nothing today") ? "later" : "now"))).toEqual(["later", "later", "now", "now", "now"]);
    const down = await post(PORTAL, { intent: "change-plan", price: mystic.priceId }, { cookie });
    expect(down.status).toBe(200);
    const waiting = await subscriptionOf(userId);
    expect(waiting).toMatchObject({ priceId: creator.priceId, scheduledPriceId: mystic.priceId });
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "creator" });
    const end = new Date(waiting!.currentPeriodEnd * 1000).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
    expect(await (await get("/subscription", { cookie })).text()).toContain(`Changes to Mystic (monthly) on ${end}`);

    expect((await post(PORTAL, { intent: "end-period" }, { cookie })).status).toBe(200);
    expect(await subscriptionOf(userId)).toMatchObject({ priceId: mystic.priceId, scheduledPriceId: null, subscriptionStatus: "active" });
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "mystic", completeDeckQuota: 2 });

    const same = await post(PORTAL, { intent: "change-plan", price: mystic.priceId }, { cookie });
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("That is already your plan.");
    expect((await post(PORTAL, { intent: "change-plan", price: "price_free_lunch" }, { cookie })).status).toBe(400);
  });

  it("grants only the difference between the plans on a move up, never a fresh month, and renews as usual after", async () => {
    const { userId, cookie } = await subscribe("mystic-monthly");
    const spend = (completeDeck: number) => consumeCredits(db(), userId, { majorArcana: 0, completeDeck }, { referenceId: `spend:${newId()}` });
    const moveTo = async (planKey: string) =>
      expect((await post(PORTAL, { intent: "change-plan", price: findPlanByKey(planKey)!.priceId }, { cookie })).status).toBe(200);

    expect((await spend(2)).ok).toBe(true);
    await moveTo("creator-monthly");
    // Creator's twelve for the month, of which the two spent on Mystic are gone.
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "creator", completeDeckQuota: 12, completeDeckUsed: 2, maxRolloverQuota: 6 });
    expect((await spend(11)).ok).toBe(false);
    expect((await spend(10)).ok).toBe(true);
    await moveTo("visionary-monthly");
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "visionary", completeDeckQuota: 24, completeDeckUsed: 12 });
    expect((await spend(13)).ok).toBe(false);
    expect((await spend(12)).ok).toBe(true);
    // The whole period: Visionary's twenty-four, however the moves went.
    const spent = await db()
      .select()
      .from(deckQuotaLedger)
      .where(and(eq(deckQuotaLedger.userId, userId), like(deckQuotaLedger.referenceId, "spend:%")));
    expect(spent.reduce((sum, line) => sum - line.completeDeckChange, 0)).toBe(24);
    const moves = await db()
      .select()
      .from(deckQuotaLedger)
      .where(and(eq(deckQuotaLedger.userId, userId), like(deckQuotaLedger.description, "Moved up%")))
      .orderBy(deckQuotaLedger.createdAt);
    expect(moves.map((line) => [line.completeDeckChange, line.description])).toEqual([
      [10, "Moved up to the Creator plan: the difference from the previous plan for the rest of this month"],
      [12, "Moved up to the Visionary plan: the difference from the previous plan for the rest of this month"],
    ]);

    // The period ends: Visionary's month, nothing left to roll over.
    expect((await post(PORTAL, { intent: "end-period" }, { cookie })).status).toBe(200);
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "visionary", completeDeckQuota: 24, completeDeckUsed: 0 });
  });

  it("ends a cancelled subscription at the period's end and the person is on the free plan", async () => {
    const { userId, cookie } = await subscribe("visionary-yearly");
    await post(PORTAL, { intent: "cancel" }, { cookie });
    expect((await post(PORTAL, { intent: "end-period" }, { cookie })).status).toBe(200);
    expect(await subscriptionOf(userId)).toMatchObject({ subscriptionStatus: "canceled" });
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "free", completeDeckQuota: 0 });
    expect(await (await get("/subscription", { cookie })).text()).toContain("It ended. You are on the free plan.");
  });
});

describe("refunds", () => {
  const PORTAL = "/billing/local?return=%2Fsubscription";

  /** An Explorer Plus paid without a deck to upgrade, so its credit stays unspent. */
  async function buyExplorerCredit(userId: string) {
    const plan = findPlanByKey("explorer-plus")!;
    const checkoutId = newId();
    await db()
      .insert(checkoutSessions)
      .values({ id: checkoutId, userId, kind: "explorer-plus", planKey: plan.key, amountCents: 500, description: "Explorer Plus" });
    const { sessionId } = await local().createCheckout({
      checkoutId,
      userId,
      email: null,
      mode: "payment",
      priceId: plan.priceId,
      description: "Explorer Plus",
      amountCents: 500,
      currency: "usd",
      metadata: { checkoutId, userId, kind: "explorer-plus", planKey: plan.key },
      successUrl: `${ORIGIN}/collection`,
      cancelUrl: `${ORIGIN}/collection`,
      customerId: null,
    });
    for (const evt of await local().pay(sessionId)) expect((await deliver(evt)).status).toBe(200);
  }

  it("takes back an unspent Explorer Plus credit once, and records the refund on the receipt", async () => {
    const userId = await newMember();
    const cookie = await signInAs(userId);
    await buyExplorerCredit(userId);
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "explorer", completeDeckQuota: 1, completeDeckUsed: 0 });
    const [receipt] = await db().select().from(paymentReceipts).where(eq(paymentReceipts.userId, userId));
    expect(receipt).toMatchObject({ kind: "explorer-plus", amountCents: 500, refundedCents: 0 });

    const refunded = await post(PORTAL, { intent: "refund", receipt: receipt!.id }, { cookie });
    expect(refunded.status).toBe(200);
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "free", completeDeckQuota: 0, completeDeckUsed: 0 });
    expect((await db().query.paymentReceipts.findFirst({ where: eq(paymentReceipts.id, receipt!.id) }))?.refundedCents).toBe(500);
    const lines = await db()
      .select()
      .from(deckQuotaLedger)
      .where(and(eq(deckQuotaLedger.userId, userId), like(deckQuotaLedger.referenceId, "refund:checkout:%")));
    expect(lines).toMatchObject([{ completeDeckChange: -1, description: "Explorer Plus refunded: its complete-deck credit was taken back" }]);

    // Refunding again is refused, and the same event delivered again changes nothing.
    expect((await post(PORTAL, { intent: "refund", receipt: receipt!.id }, { cookie })).status).toBe(409);
    const [charge] = await db()
      .select()
      .from(localPaymentObjects)
      .where(and(eq(localPaymentObjects.object, "charge"), sql`json_extract(data, '$.payment_intent') = ${receipt!.paymentIntentId}`));
    expect((await deliver(event("charge.refunded", charge!.data))).status).toBe(200);
    expect(
      await db()
        .select()
        .from(deckQuotaLedger)
        .where(and(eq(deckQuotaLedger.userId, userId), like(deckQuotaLedger.referenceId, "refund:checkout:%"))),
    ).toHaveLength(1);
    // Nobody refunds someone else's payment.
    expect((await post(PORTAL, { intent: "refund", receipt: receipt!.id }, { cookie: await signInAs(await newMember()) })).status).toBe(404);
    // A refund of a payment this app never took changes nothing.
    const stray = await deliver(
      event("charge.refunded", { id: "ch_elsewhere", object: "charge", amount: 900, amount_refunded: 900, payment_intent: "pi_elsewhere" }),
    );
    expect(await stray.json()).toMatchObject({ outcome: "held" });
  });

  it("leaves a deck Explorer Plus completed with all its cards when it is refunded", async () => {
    const userId = await newMember();
    const cookie = await signInAs(userId);
    const made = await post(
      "/create-deck",
      { intent: "create", theme: "Moths around a lamp", style: "woodcut", kind: "major_arcana", quality: "medium" },
      { cookie },
    );
    const deckId = made.headers.get("location")!.split("/").pop()!;
    await waitForDeck(deckId);
    const start = await post(`/collection/${deckId}`, { intent: "buy-explorer" }, { cookie });
    await post(start.headers.get("location")!, { intent: "pay", card: "4242424242424242", expiry: "12 / 40", cvc: "123" }, { cookie });
    await waitForDeck(deckId);
    const [receipt] = await db().select().from(paymentReceipts).where(eq(paymentReceipts.userId, userId));

    expect((await post(PORTAL, { intent: "refund", receipt: receipt!.id }, { cookie })).status).toBe(200);
    expect(await db().select({ key: cards.cardKey }).from(cards).where(eq(cards.deckId, deckId))).toHaveLength(78);
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "free", completeDeckQuota: 1, completeDeckUsed: 1 });
    const lines = await db()
      .select()
      .from(deckQuotaLedger)
      .where(and(eq(deckQuotaLedger.userId, userId), like(deckQuotaLedger.referenceId, "refund:checkout:%")));
    expect(lines).toMatchObject([{ completeDeckChange: 0, description: "Explorer Plus refunded: the deck it completed keeps its cards" }]);
  });

  it("keeps an Explorer Plus refund that arrives before its payment: the credit it would give is taken back at once", async () => {
    const userId = await newMember();
    const plan = findPlanByKey("explorer-plus")!;
    const checkoutId = newId();
    await db()
      .insert(checkoutSessions)
      .values({ id: checkoutId, userId, kind: "explorer-plus", planKey: plan.key, amountCents: 500, description: "Explorer Plus" });
    const metadata = { checkoutId, userId, kind: "explorer-plus", planKey: plan.key };
    const { sessionId } = await local().createCheckout({
      checkoutId,
      userId,
      email: null,
      mode: "payment",
      priceId: plan.priceId,
      description: "Explorer Plus",
      amountCents: 500,
      currency: "usd",
      metadata,
      successUrl: ORIGIN,
      cancelUrl: ORIGIN,
      customerId: null,
    });
    const [completed] = await local().pay(sessionId);
    const [refunded] = await local().refund({
      paymentIntentId: (completed!.data.object as { payment_intent: string }).payment_intent,
      idempotencyKey: `early-${checkoutId}`,
    });

    expect(await (await deliver(refunded!)).json()).toMatchObject({ outcome: "held" });
    expect((await deliver(completed!)).status).toBe(200);
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "free", completeDeckQuota: 0, completeDeckUsed: 0 });
    const lines = await db()
      .select()
      .from(deckQuotaLedger)
      .where(and(eq(deckQuotaLedger.userId, userId), like(deckQuotaLedger.referenceId, "%checkout:%")));
    expect(lines.map((line) => line.completeDeckChange).sort()).toEqual([-1, 1]);
    expect(await db().query.paymentReceipts.findFirst({ where: eq(paymentReceipts.userId, userId) })).toMatchObject({
      kind: "explorer-plus",
      refundedCents: 500,
    });
  });

  it("applies a refund whose delivery crosses its payment's: each read before the other wrote", async () => {
    const userId = await newMember();
    const checkoutId = newId();
    await db().insert(checkoutSessions).values({ id: checkoutId, userId, kind: "top-up", amountCents: 2500, description: "Reading balance top-up" });
    const metadata = { checkoutId, userId, kind: "top-up" };
    const { sessionId } = await local().createCheckout({
      checkoutId,
      userId,
      email: null,
      mode: "payment",
      priceId: null,
      description: "Top-up",
      amountCents: 2500,
      currency: "usd",
      metadata,
      successUrl: ORIGIN,
      cancelUrl: ORIGIN,
      customerId: null,
    });
    const [completed] = await local().pay(sessionId);
    const paymentIntentId = (completed!.data.object as { payment_intent: string }).payment_intent;
    const [refunded] = await local().refund({ paymentIntentId, amountCents: 1000, idempotencyKey: `crossing-${checkoutId}` });
    let batches = 0;
    // The refund is delivered and held once the payment's delivery has read, before it writes.
    const crossing = new Proxy(db(), {
      get(target, property, receiver) {
        if (property !== "batch") return Reflect.get(target, property, receiver);
        return async (statements: Parameters<typeof target.batch>[0]) => {
          const result = await target.batch(statements);
          if (++batches === 1) expect(await applyPaymentEvent(db(), local(), refunded!)).toMatchObject({ outcome: "held" });
          return result;
        };
      },
    });
    expect(await applyPaymentEvent(crossing, local(), completed!)).toMatchObject({ outcome: "applied", userId });
    expect(await db().query.paymentReceipts.findFirst({ where: eq(paymentReceipts.paymentIntentId, paymentIntentId) })).toMatchObject({
      amountCents: 2500,
      refundedCents: 1000,
    });
    expect((await db().query.readingWallets.findFirst({ where: eq(readingWallets.userId, userId) }))?.balanceCents).toBe(1500);
  });

  it("refunds a subscription payment in part without touching the plan", async () => {
    const userId = await newMember();
    const cookie = await signInAs(userId);
    const start = await post("/subscription", { intent: "checkout", plan: "mystic-monthly" }, { cookie });
    await post(start.headers.get("location")!, { intent: "pay", card: "4242424242424242", expiry: "12 / 40", cvc: "123" }, { cookie });
    const [receipt] = await db().select().from(paymentReceipts).where(eq(paymentReceipts.userId, userId));
    const { refundReceipt } = await import("../../app/payments/payments.server");
    await refundReceipt({ db: db(), config: readConfig(env), cloudflare: { env, ctx: createExecutionContext() } } as never, receipt!.id, ORIGIN, 300);
    expect((await db().query.paymentReceipts.findFirst({ where: eq(paymentReceipts.id, receipt!.id) }))?.refundedCents).toBe(300);
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "mystic", completeDeckQuota: 2 });
    expect(await (await get("/subscription", { cookie })).text()).toContain("$3.00 refunded");
  });
});

describe("a purchase priced on its own", () => {
  it("goes through the same checkout and webhook, and gets a receipt without touching the plan", async () => {
    const userId = await newMember();
    const cookie = await signInAs(userId);
    const user = { id: userId, email: `${userId}@example.com`, isGuest: false } as never;
    const { openCheckout } = await import("../../app/payments/payments.server");
    const context = { db: db(), config: readConfig(env), cloudflare: { env } } as never;
    const purchase = {
      kind: "top-up",
      mode: "payment",
      amountCents: 1500,
      description: "Reading balance: $15",
      successPath: () => "/",
      cancelPath: "/",
    } as const;
    const { url } = await openCheckout(context, user, purchase, ORIGIN);
    expect(await (await get(url, { cookie })).text()).toContain("Reading balance: $15");
    expect((await post(url, { intent: "pay", card: "4242424242424242", expiry: "12 / 40", cvc: "123" }, { cookie })).status).toBe(302);
    const [receipt] = await db().select().from(paymentReceipts).where(eq(paymentReceipts.userId, userId));
    expect(receipt).toMatchObject({ kind: "top-up", amountCents: 1500, description: "Reading balance: $15" });
    expect(await getQuota(db(), userId)).toMatchObject({ planType: "free" });
    // A price of nothing, or a subscription without a plan, opens no checkout.
    await expect(openCheckout(context, user, { ...purchase, amountCents: 0 }, ORIGIN)).rejects.toThrow("Failed to create checkout session");
    await expect(openCheckout(context, user, { ...purchase, mode: "subscription" }, ORIGIN)).rejects.toThrow("Failed to create checkout session");
  });
});
