/**
 * A receipt for every payment (decision 0100): a deck, a plan's first payment, each renewal, each
 * change of plan and each refund sends the buyer one e-mail with what it was for, the amount and
 * the link to its receipt, through the real webhook route and the local provider's events, and a
 * repeated delivery of any event sends nothing more.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { newId } from "../../app/lib/crypto";
import { LocalPayments } from "../../app/payments/local.server";
import { localWebhookSecret } from "../../app/payments/payments.server";
import { findPlanByKey } from "../../app/plans/catalogue";
import { outboxMessages, paymentReceipts, subscriptions, users } from "../../db/schema";
import worker from "../../workers/app";
import { get, oneCardDeck, ORIGIN, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);
const local = () => new LocalPayments(db(), localWebhookSecret(readConfig(env)));

async function newPerson() {
  const id = `buyer-${newId()}`;
  const email = `${id}@example.test`;
  await db()
    .insert(users)
    .values({ id, email, username: `b${newId().slice(0, 12)}`.toLowerCase(), fullName: "Ada Lake" });
  return { id, email, cookie: await signInAs(id) };
}

/** One webhook delivery through the Worker, waited on to the end of its after-the-answer work (the mail). */
async function deliver(evt: Stripe.Event) {
  const signed = await local().sign(evt);
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}/webhooks/stripe`, {
    method: "POST",
    body: signed.payload,
    headers: { "content-type": "application/json", "stripe-signature": signed.signature },
  });
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env as unknown as Env, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
}

/** Every event delivered twice, as a provider that retries may: the second delivery of each must send nothing. */
async function deliverTwice(events: Stripe.Event[]) {
  expect(events.length).toBeGreaterThan(0);
  for (const evt of events) {
    await deliver(evt);
    await deliver(evt);
  }
}

/** The person's local mailbox, oldest first, in the order the mail was written. */
const mailbox = (email: string) =>
  db()
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, email.toLowerCase()))
    .orderBy(outboxMessages.createdAt, sql`rowid`);
const checkoutSessionOf = (location: string) => new URL(location, ORIGIN).pathname.split("/").pop()!;
const receiptsOf = (userId: string) => db().select().from(paymentReceipts).where(eq(paymentReceipts.userId, userId)).orderBy(paymentReceipts.paidAt);

/** A ready deck on the marketplace at `price`, listed by a creator who may sell. */
async function listedDeck(title: string, price: string) {
  const seller = await newPerson();
  await db()
    .insert(subscriptions)
    .values({ userId: seller.id, subscriptionStatus: "active", priceId: "price_creator_monthly", currentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400 });
  const deckId = await oneCardDeck(seller.id, title);
  const listed = await post(`/collection/${deckId}`, { intent: "list", price, description: "Warm light", tags: "lanterns" }, { cookie: seller.cookie });
  expect(listed.status).toBe(200);
  return { deckId, seller };
}

/** A member on `planKey`, paid through the pricing page's checkout and the local provider; each event delivered twice. */
async function subscribed(planKey: string) {
  const person = await newPerson();
  const start = await post("/subscription", { intent: "checkout", plan: planKey }, { cookie: person.cookie });
  expect(start.status).toBe(302);
  await deliverTwice(await local().pay(checkoutSessionOf(start.headers.get("location")!)));
  const row = await db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, person.id) });
  return { ...person, subscriptionId: row!.providerSubscriptionId! };
}

describe("receipts by e-mail", () => {
  it("sends the buyer of a deck one receipt with the deck, its price and the link to it, however often the payment is delivered", async () => {
    const { deckId, seller } = await listedDeck("Lanterns at dusk", "4.99");
    const buyer = await newPerson();
    const checkout = await post(`/checkout/${deckId}`, {}, { cookie: buyer.cookie });
    expect(checkout.status).toBe(302);
    const sessionId = checkoutSessionOf(checkout.headers.get("location")!);
    await deliverTwice(await local().pay(sessionId));

    const mails = await mailbox(buyer.email);
    expect(mails).toHaveLength(1);
    const [receipt] = mails;
    expect(receipt!.subject).toMatch(/^Your receipt: “Lanterns at dusk” by @/);
    expect(receipt!.text).toContain("Amount paid: $4.99");
    expect(receipt!.text).toMatch(/Item: “Lanterns at dusk” by @/);
    expect(receipt!.text).not.toMatch(/tax/i);
    expect(receipt!.link).toBe(`${ORIGIN}/subscription#receipt-${sessionId}`);
    // The link lands on that payment's line of the buyer's payments.
    const page = await (await get("/subscription", { cookie: buyer.cookie })).text();
    expect(page).toContain(`id="receipt-${sessionId}"`);
    // The seller hears of the sale, and gets no receipt of the buyer's.
    expect((await mailbox(seller.email)).map((m) => m.subject)).toEqual(["You made a sale: “Lanterns at dusk”"]);
  });

  it("sends one receipt for a plan's first payment and one for each renewal, each with its period, amount and link", async () => {
    const member = await subscribed("creator-monthly");
    const [first] = await receiptsOf(member.id);
    let mails = await mailbox(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Your receipt: Creator, monthly · /);
    expect(mails[0]!.text).toContain("Amount paid: $29.99");
    expect(mails[0]!.link).toBe(`${ORIGIN}/subscription#receipt-${first!.id}`);

    // The period ends and the plan renews: its invoice is one more receipt.
    await deliverTwice(await local().endPeriod(member.subscriptionId));
    const receipts = await receiptsOf(member.id);
    expect(receipts).toHaveLength(2);
    mails = await mailbox(member.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`Your receipt: ${receipts[1]!.description}`);
    expect(mails[1]!.text).toContain("Amount paid: $29.99");
    expect(mails[1]!.link).toBe(`${ORIGIN}/subscription#receipt-${receipts[1]!.id}`);
  });

  it("tells a subscriber of each change once: a move up with a receipt for its charge, a move down for later, a cancellation, the end", async () => {
    const member = await subscribed("mystic-monthly");
    const seen = (await mailbox(member.email)).length;
    const newMails = async () => (await mailbox(member.email)).slice(seen);

    await deliverTwice(await local().changePlan(member.subscriptionId, findPlanByKey("creator-monthly")!.priceId));
    const charged = (await receiptsOf(member.id)).find((r) => r.description.includes("(change of plan)"))!;
    let mails = await newMails();
    expect(mails.map((m) => m.subject)).toEqual(["Your plan is now Creator, monthly", `Your receipt: ${charged.description}`]);
    expect(mails[0]!.text).toContain("You moved from Mystic, monthly to Creator, monthly.");
    expect(mails[0]!.text).toContain("Price: $29.99 a month");
    expect(mails[0]!.link).toBe(`${ORIGIN}/subscription`);
    expect(mails[1]!.text).toContain(`Amount paid: $${(charged.amountCents / 100).toFixed(2)}`);
    expect(mails[1]!.link).toBe(`${ORIGIN}/subscription#receipt-${charged.id}`);

    // A move down waits for the period's end and charges nothing today.
    await deliverTwice(await local().changePlan(member.subscriptionId, findPlanByKey("mystic-monthly")!.priceId));
    const row = await db().query.subscriptions.findFirst({ where: eq(subscriptions.userId, member.id) });
    const end = new Date(row!.currentPeriodEnd * 1000).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
    mails = await newMails();
    expect(mails).toHaveLength(3);
    expect(mails[2]!.subject).toBe(`Your plan changes to Mystic, monthly on ${end}`);
    expect(mails[2]!.text).toContain("Price: $12.99 a month");
    expect(mails[2]!.text).toContain("Nothing is charged today.");

    // A cancellation, then the end of the period: one e-mail each.
    await deliverTwice(await local().setCancelAtPeriodEnd(member.subscriptionId, true));
    await deliverTwice(await local().endPeriod(member.subscriptionId));
    mails = await newMails();
    expect(mails.slice(3).map((m) => m.subject)).toEqual(["Your Creator plan is cancelled", "Your Creator plan has ended"]);
    expect(mails[3]!.text).toContain(`Ends on: ${end}`);
    expect(mails[3]!.text).toContain("Charged from now on: Nothing");
  });

  it("sends one refund receipt per refund with what came back, and a top-up's receipts show the balance it left", async () => {
    const buyer = await newPerson();
    const start = await post("/balance", { amount: "2500" }, { cookie: buyer.cookie });
    expect(start.status).toBe(302);
    const sessionId = checkoutSessionOf(start.headers.get("location")!);
    await deliverTwice(await local().pay(sessionId));
    let mails = await mailbox(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your receipt: Reading balance top-up — $25.00");
    expect(mails[0]!.text).toContain("Amount paid: $25.00");
    expect(mails[0]!.text).toContain("Balance now: $25.00");
    expect(mails[0]!.link).toBe(`${ORIGIN}/subscription#receipt-${sessionId}`);

    // Two refunds of parts of it: each its own receipt, each sent once.
    const [receipt] = await receiptsOf(buyer.id);
    await deliverTwice(await local().refund({ paymentIntentId: receipt!.paymentIntentId!, amountCents: 1000, idempotencyKey: `${receipt!.id}-first` }));
    await deliverTwice(await local().refund({ paymentIntentId: receipt!.paymentIntentId!, amountCents: 500, idempotencyKey: `${receipt!.id}-second` }));
    mails = await mailbox(buyer.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Your receipt: Reading balance top-up — $25.00",
      "Your refund: Reading balance top-up — $25.00",
      "Your refund: Reading balance top-up — $25.00",
    ]);
    expect(mails[1]!.text).toContain("We refunded $10.00 of your payment for Reading balance top-up — $25.00.");
    expect(mails[1]!.text).toContain("Refunded now: $10.00");
    expect(mails[1]!.text).toContain("Balance now: $15.00");
    expect(mails[2]!.text).toContain("Refunded now: $5.00");
    expect(mails[2]!.text).toContain("Refunded in all: $15.00");
    expect(mails[2]!.link).toBe(`${ORIGIN}/subscription#receipt-${sessionId}`);
  });
});
