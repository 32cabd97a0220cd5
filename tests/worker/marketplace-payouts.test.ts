/**
 * A creator's earnings and payouts: the sales page with the fee of the seller's plan on each
 * sale, each member seeing only their own, payout account setup (the local stand-in, and
 * `account.updated` from the provider), payouts of the whole balance (once when asked twice at
 * once, refused below the minimum or before setup, put back when the transfer fails), and the
 * Stripe Connect adapter at its HTTP boundary.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { newId } from "../../app/lib/crypto";
import { runPeriodicJobs } from "../../app/jobs/periodic.server";
import { applyPaymentEvent } from "../../app/payments/events.server";
import { event, LocalPayments } from "../../app/payments/local.server";
import { localWebhookSecret } from "../../app/payments/payments.server";
import { PayoutsError } from "../../app/payouts/provider.server";
import { stripeClient, StripePayments, subtleCrypto } from "../../app/payments/stripe.server";
import { LocalPayouts } from "../../app/payouts/local.server";
import { StripePayouts } from "../../app/payouts/stripe.server";
import { cards, decks, payouts, sellerAccounts, sellerLedger, subscriptions, userDeckQuotas, users } from "../../db/schema";
import { app, get, ORIGIN, post, signInAs } from "./helpers";
import { recordingFetch, type StripeCall } from "./stripe-boundary";

const db = () => createDatabase(env.DB);
const local = () => new LocalPayments(db(), localWebhookSecret(readConfig(env)));
type Tier = "mystic" | "creator" | "visionary";

async function newPerson(options: { plan?: Tier; guest?: boolean; name?: string } = {}) {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: options.guest ? null : `${id}@example.com`, username: options.name ?? `p_${id.slice(0, 10)}` });
  if (options.plan) await setPlan(id, options.plan);
  return { id, cookie: await signInAs(id) };
}

async function setPlan(userId: string, tier: Tier) {
  const row = { userId, subscriptionStatus: "active" as const, priceId: `price_${tier}_monthly`, currentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400 };
  await db().insert(subscriptions).values(row).onConflictDoUpdate({ target: subscriptions.userId, set: row });
}

/** A finished deck of one card, listed at `price` dollars. */
async function listedDeck(seller: { id: string; cookie: string }, title: string, price: string) {
  const deckId = newId();
  await db().insert(decks).values({ id: deckId, creatorId: seller.id, title, theme: title, status: "ready" });
  await db().insert(cards).values({ id: newId(), deckId, cardKey: "major-00", name: "The Fool", arcana: "major", number: 0, status: "ready" });
  const listed = await post(`/collection/${deckId}`, { intent: "list", price, description: "For sale" }, { cookie: seller.cookie });
  expect(listed.status).toBe(200);
  return deckId;
}

/** A buyer pays for the deck at the local checkout and its events are applied. */
async function sell(deckId: string, buyer?: { id: string; cookie: string }) {
  const who = buyer ?? (await newPerson());
  const response = await post(`/checkout/${deckId}`, {}, { cookie: who.cookie });
  expect(response.status).toBe(302);
  const sessionId = new URL(response.headers.get("location")!, ORIGIN).pathname.split("/").pop()!;
  for (const evt of await local().pay(sessionId)) await applyPaymentEvent(db(), local(), evt);
  return who;
}

/** The page's text with React's separators between adjacent text pieces removed. */
const pageText = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
const salesPage = async (cookie: string) => {
  const response = await get("/sales", { cookie });
  expect(response.status).toBe(200);
  return pageText(response);
};
const balanceOf = async (sellerId: string) =>
  (await db().select().from(sellerLedger).where(eq(sellerLedger.sellerId, sellerId))).reduce((sum, line) => sum + line.netCents, 0);
const payoutsOf = (sellerId: string) => db().select().from(payouts).where(eq(payouts.sellerId, sellerId));

/** Sets up the seller's payouts through the local onboarding page. */
async function onboard(seller: { cookie: string }, holderName = "Ada Lantern") {
  const start = await post("/sales", { intent: "onboard" }, { cookie: seller.cookie });
  expect(start.status).toBe(302);
  expect(start.headers.get("location")).toBe("/sales/onboarding/local");
  const form = await get("/sales/onboarding/local", { cookie: seller.cookie });
  expect(form.status).toBe(200);
  expect(await form.text()).toContain("Name on the payout account");
  const done = await post("/sales/onboarding/local", { intent: "complete", country: "GB", holderName }, { cookie: seller.cookie });
  expect(done.status).toBe(302);
  expect(done.headers.get("location")).toBe("/sales?onboarding=return");
}

describe("the sales page", () => {
  it.each([
    ["mystic", 30, "$6.00", "$14.00"],
    ["creator", 25, "$5.00", "$15.00"],
    ["visionary", 15, "$3.00", "$17.00"],
  ] as const)("shows a %s seller's sale at their plan's fee (%i%%)", async (tier, percent, fee, net) => {
    const seller = await newPerson({ plan: tier });
    const deckId = await listedDeck(seller, `Moon deck ${tier}`, "20");
    await sell(deckId, await newPerson({ name: `buyer_${tier}` }));
    const page = await salesPage(seller.cookie);
    expect(page).toContain(`Moon deck ${tier}`);
    expect(page).toContain(`@buyer_${tier}`);
    expect(page).toContain("$20.00");
    expect(page).toContain(`−${fee} <span class="text-muted">(${percent}%)</span>`);
    expect(page).toContain(net);
    expect(page).toMatch(new RegExp(`data-testid="balance".*?${net.replace("$", "\\$")}`));
    expect(page).toContain(`the marketplace fee is <strong>${percent}%</strong>`);
    expect(page).toContain("Set up payouts");
    expect(await (await get("/collection", { cookie: seller.cookie })).text()).toContain('href="/sales"');
  });

  it("tells a plan that cannot sell (free, Explorer Plus) which plans can, with their fees from the catalogue", async () => {
    const free = await newPerson();
    const explorer = await newPerson();
    await db()
      .insert(userDeckQuotas)
      .values({ userId: explorer.id, planType: "explorer", nextRefreshDate: Date.now() + 86_400_000 })
      .onConflictDoUpdate({ target: userDeckQuotas.userId, set: { planType: "explorer" } });
    for (const person of [free, explorer]) {
      const page = await salesPage(person.cookie);
      expect(page).toContain("Your plan lists decks for free");
      expect(page).toContain("Mystic (30% fee), Creator (25% fee), Visionary (15% fee)");
      expect(page).toContain("No sales yet");
    }
  });

  it("shows each member only their own sales, and asks guests and visitors to sign in", async () => {
    const seller = await newPerson({ plan: "creator" });
    const deckId = await listedDeck(seller, "Private ledger deck", "20");
    await sell(deckId);
    const other = await newPerson({ plan: "creator" });
    const page = await salesPage(other.cookie);
    expect(page).not.toContain("Private ledger deck");
    expect(page).toMatch(/data-testid="balance".*?\$0\.00/);
    const data = await (await get("/sales.data", { cookie: other.cookie })).text();
    expect(data).not.toContain("Private ledger deck");

    const guest = await newPerson({ guest: true });
    const asGuest = await get("/sales", { cookie: guest.cookie });
    expect(asGuest.status).toBe(302);
    expect(asGuest.headers.get("location")).toBe("/signup?redirectTo=%2Fsales");
    expect((await post("/sales", { intent: "payout" }, { cookie: guest.cookie })).status).toBe(302);
    const nobody = await get("/sales");
    expect(nobody.status).toBe(302);
    expect(nobody.headers.get("location")).toMatch(/^\/login/);
  });

  it("marks a refunded sale and takes it out of the balance", async () => {
    const seller = await newPerson({ plan: "creator" });
    const deckId = await listedDeck(seller, "Refunded deck", "20");
    await sell(deckId);
    const [sale] = await db().select().from(sellerLedger).where(eq(sellerLedger.sellerId, seller.id));
    const checkoutId = sale!.referenceId.replace("sale:", "");
    const receipt = await db().query.paymentReceipts.findFirst({ where: (r, { eq }) => eq(r.checkoutId, checkoutId) });
    await local()
      .refund({ paymentIntentId: receipt!.paymentIntentId!, idempotencyKey: newId() })
      .then((events) => Promise.all(events.map((e) => applyPaymentEvent(db(), local(), e))));
    const page = await salesPage(seller.cookie);
    expect(page).toContain("Refunded");
    expect(page).toMatch(/data-testid="balance".*?\$0\.00/);
  });
});

describe("payouts", () => {
  it("refuses a payout before the payout account is set up, then pays the whole balance once it is", async () => {
    const seller = await newPerson({ plan: "visionary" });
    await sell(await listedDeck(seller, "Payout deck", "20"));
    const early = await post("/sales", { intent: "payout" }, { cookie: seller.cookie });
    expect(early.status).toBe(409);
    expect(await pageText(early)).toContain("Set up payouts first");
    expect(await payoutsOf(seller.id)).toHaveLength(0);

    const invalid = await post("/sales/onboarding/local", { intent: "complete", country: "ZZ", holderName: "" }, { cookie: seller.cookie });
    expect(invalid.status).toBe(400);
    const invalidText = await pageText(invalid);
    expect(invalidText).toContain("Choose the country of your payout account.");
    expect(invalidText).toContain("Enter the name on your payout account.");

    await onboard(seller);
    expect(await db().query.sellerAccounts.findFirst({ where: eq(sellerAccounts.userId, seller.id) })).toMatchObject({
      provider: "local",
      payoutsEnabled: true,
    });
    expect(await salesPage(seller.cookie)).toContain("Request payout of $17.00");

    const paid = await post("/sales", { intent: "payout" }, { cookie: seller.cookie });
    expect(paid.status).toBe(200);
    expect(await pageText(paid)).toContain("$17.00 is on its way to your payout account.");
    expect(await balanceOf(seller.id)).toBe(0);
    const [payout] = await payoutsOf(seller.id);
    expect(payout).toMatchObject({ amountCents: 1700, status: "paid", providerTransferId: `tr_local_${payout!.id}` });
    const page = await salesPage(seller.cookie);
    expect(page).toMatch(/data-testid="balance".*?\$0\.00/);
    expect(page).toMatch(/data-testid="payouts".*?\$17\.00.*?Paid/);

    const again = await post("/sales", { intent: "payout" }, { cookie: seller.cookie });
    expect(again.status).toBe(409);
    expect(await pageText(again)).toContain("Payouts start at $10.00. Your balance is $0.00.");
  });

  it("makes one payout of two requests at once", async () => {
    const seller = await newPerson({ plan: "creator" });
    await sell(await listedDeck(seller, "Twice deck", "20"));
    await onboard(seller);
    const answers = await Promise.all([0, 1, 2].map(() => post("/sales", { intent: "payout" }, { cookie: seller.cookie })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await payoutsOf(seller.id)).toMatchObject([{ amountCents: 1500, status: "paid" }]);
    const lines = await db().select().from(sellerLedger).where(eq(sellerLedger.sellerId, seller.id));
    expect(lines.filter((l) => l.kind === "payout")).toMatchObject([{ netCents: -1500 }]);
    expect(await balanceOf(seller.id)).toBe(0);
  });

  it("refuses a payout below the minimum with the minimum in the message", async () => {
    const seller = await newPerson({ plan: "creator" });
    await sell(await listedDeck(seller, "Small deck", "12"));
    await onboard(seller);
    const page = await salesPage(seller.cookie);
    expect(page).toContain("The minimum is $10.00");
    const refused = await post("/sales", { intent: "payout" }, { cookie: seller.cookie });
    expect(refused.status).toBe(409);
    expect(await pageText(refused)).toContain("Payouts start at $10.00. Your balance is $9.00.");
    expect(await payoutsOf(seller.id)).toHaveLength(0);
    expect((await post("/sales", { intent: "withdraw-everything" }, { cookie: seller.cookie })).status).toBe(400);
  });

  it("marks a refused transfer failed and puts the amount back in the balance", async () => {
    const seller = await newPerson({ plan: "mystic" });
    await sell(await listedDeck(seller, "Failing deck", "20"));
    await onboard(seller, "Transfers Fail");
    const failed = await post("/sales", { intent: "payout" }, { cookie: seller.cookie });
    expect(failed.status).toBe(502);
    expect(await pageText(failed)).toContain("The amount is back in your balance.");
    expect(await payoutsOf(seller.id)).toMatchObject([{ amountCents: 1400, status: "failed", providerTransferId: null }]);
    expect(await balanceOf(seller.id)).toBe(1400);
    const lines = (await db().select().from(sellerLedger).where(eq(sellerLedger.sellerId, seller.id))).filter((l) => l.kind === "payout");
    expect(lines.map((l) => l.netCents).sort()).toEqual([-1400, 1400]);
    expect(await salesPage(seller.cookie)).toContain("Failed · back in your balance");
  });

  it("answers hostile or malformed forms with a 400 that says why, and changes nothing", async () => {
    const seller = await newPerson({ plan: "creator" });
    await sell(await listedDeck(seller, "Hostile deck", "20"));
    const forms: Record<string, string>[] = [
      {},
      { intent: "" },
      { intent: "payout ", amount: "-5000" },
      { intent: "refund-everything" },
      { intent: "x".repeat(5000) },
    ];
    for (const form of forms) {
      const response = await post("/sales", form, { cookie: seller.cookie });
      expect(response.status, JSON.stringify(form).slice(0, 80)).toBe(400);
      expect(await pageText(response)).toContain("Choose one of the actions on this page.");
    }
    const setups: Record<string, string>[] = [
      {},
      { intent: "complete" },
      { intent: "complete", country: "US", holderName: "x".repeat(500) },
      { intent: "complete", country: "<script>", holderName: "Ada" },
    ];
    for (const form of setups) {
      const response = await post("/sales/onboarding/local", form, { cookie: seller.cookie });
      expect(response.status, JSON.stringify(form).slice(0, 80)).toBe(400);
      expect((await pageText(response)).length).toBeGreaterThan(0);
    }
    expect(await db().query.sellerAccounts.findFirst({ where: eq(sellerAccounts.userId, seller.id) })).toBeUndefined();
    expect(await payoutsOf(seller.id)).toHaveLength(0);
    expect(await balanceOf(seller.id)).toBe(1500);
  });

  it("follows account.updated from the provider, delivered signed through the webhook route", async () => {
    const seller = await newPerson({ plan: "creator" });
    const accountId = `acct_${newId().slice(0, 16)}`;
    await db().insert(sellerAccounts).values({ userId: seller.id, provider: "local", accountId, payoutsEnabled: false });
    const deliver = async (account: Partial<Stripe.Account>) => {
      const signed = await local().sign(event("account.updated", { id: accountId, object: "account", ...account }));
      return app.fetch(`${ORIGIN}/webhooks/stripe`, {
        method: "POST",
        body: signed.payload,
        headers: { "content-type": "application/json", "stripe-signature": signed.signature },
      });
    };
    expect((await deliver({ payouts_enabled: true, details_submitted: true })).status).toBe(200);
    expect((await db().query.sellerAccounts.findFirst({ where: eq(sellerAccounts.userId, seller.id) }))?.payoutsEnabled).toBe(true);
    expect(await salesPage(seller.cookie)).toContain("Request payout");
    expect((await deliver({ payouts_enabled: false, details_submitted: true })).status).toBe(200);
    expect((await db().query.sellerAccounts.findFirst({ where: eq(sellerAccounts.userId, seller.id) }))?.payoutsEnabled).toBe(false);

    const unsigned = await app.fetch(`${ORIGIN}/webhooks/stripe`, {
      method: "POST",
      body: JSON.stringify(event("account.updated", { id: accountId, object: "account", payouts_enabled: true, details_submitted: true })),
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=forged" },
    });
    expect(unsigned.status).toBe(400);
    expect((await db().query.sellerAccounts.findFirst({ where: eq(sellerAccounts.userId, seller.id) }))?.payoutsEnabled).toBe(false);
  });
});

type Call = StripeCall;

function fakeStripe(answer: (call: Call) => Response | Promise<Response>) {
  const { calls, fetchImpl } = recordingFetch(answer);
  return { calls, payouts: new StripePayouts("sk_test_connect", fetchImpl) };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "request-id": "req_test" } });

describe("the Stripe Connect adapter", () => {
  it("opens an Express account once per creator, with the transfers capability and the creator in its metadata", async () => {
    const { calls, payouts } = fakeStripe(() => json({ id: "acct_1", object: "account", type: "express", payouts_enabled: false, details_submitted: false }));
    expect(await payouts.createAccount({ userId: "user-1", email: "creator@example.com" })).toEqual({ accountId: "acct_1" });
    const [call] = calls;
    expect(call!.method).toBe("POST");
    expect(call!.url.href).toBe("https://api.stripe.com/v1/accounts");
    expect(call!.headers.get("authorization")).toBe("Bearer sk_test_connect");
    expect(call!.headers.get("idempotency-key")).toBe("account-user-1");
    expect(Object.fromEntries(call!.body)).toMatchObject({
      type: "express",
      email: "creator@example.com",
      "capabilities[transfers][requested]": "true",
      "metadata[userId]": "user-1",
    });
  });

  it("makes an onboarding link that brings the creator back to the sales page", async () => {
    const { calls, payouts } = fakeStripe(() =>
      json({ object: "account_link", url: "https://connect.stripe.com/setup/e/acct_1/abc", expires_at: 1_900_000_000 }),
    );
    const link = await payouts.onboardingLink("acct_1", {
      refreshUrl: "https://arcanum.test/sales?onboarding=expired",
      returnUrl: "https://arcanum.test/sales?onboarding=return",
    });
    expect(link).toEqual({ url: "https://connect.stripe.com/setup/e/acct_1/abc" });
    expect(calls[0]!.url.href).toBe("https://api.stripe.com/v1/account_links");
    expect(Object.fromEntries(calls[0]!.body)).toEqual({
      account: "acct_1",
      type: "account_onboarding",
      refresh_url: "https://arcanum.test/sales?onboarding=expired",
      return_url: "https://arcanum.test/sales?onboarding=return",
    });
  });

  it("reads whether the account may receive payouts, and an unknown account as null", async () => {
    const { calls, payouts } = fakeStripe((call) =>
      call.url.pathname.endsWith("/acct_missing")
        ? json({ error: { type: "invalid_request_error", message: "No such account: 'acct_missing'", code: "resource_missing" } }, 404)
        : json({ id: "acct_1", object: "account", payouts_enabled: true, details_submitted: true }),
    );
    expect(await payouts.retrieveAccount("acct_1")).toEqual({ accountId: "acct_1", payoutsEnabled: true, detailsSubmitted: true });
    expect(calls[0]!.method).toBe("GET");
    expect(calls[0]!.url.pathname).toBe("/v1/accounts/acct_1");
    expect(await payouts.retrieveAccount("acct_missing")).toBeNull();
  });

  it("sends a transfer to the account with the payout's idempotency key, and tells a refusal from no answer", async () => {
    const { calls, payouts } = fakeStripe(() => json({ id: "tr_1", object: "transfer", amount: 1700, currency: "usd", destination: "acct_1" }));
    const request = { payoutId: "payout-9", sellerId: "user-1", accountId: "acct_1", amountCents: 1700, currency: "usd" };
    expect(await payouts.transfer(request)).toEqual({ transferId: "tr_1" });
    expect(calls[0]!.url.href).toBe("https://api.stripe.com/v1/transfers");
    expect(calls[0]!.headers.get("idempotency-key")).toBe("payout-payout-9");
    expect(Object.fromEntries(calls[0]!.body)).toEqual({
      amount: "1700",
      currency: "usd",
      destination: "acct_1",
      "metadata[payoutId]": "payout-9",
      "metadata[sellerId]": "user-1",
    });

    const refused = fakeStripe(() => json({ error: { type: "invalid_request_error", message: "Insufficient funds in your Stripe balance." } }, 400));
    const refusal = await refused.payouts.transfer(request).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(PayoutsError);
    expect(refusal).toMatchObject({ message: "Insufficient funds in your Stripe balance.", settled: true });

    const silent = fakeStripe(() => {
      throw new TypeError("fetch failed");
    });
    const unknown = await silent.payouts.transfer(request).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(PayoutsError);
    expect(unknown).toMatchObject({ settled: false });
  });

  it("verifies account.updated from the Connect endpoint, signed with that endpoint's own secret", async () => {
    const payments = new StripePayments("sk_test_connect", ["whsec_account", "whsec_connect"], (() => Promise.reject(new Error("no calls"))) as typeof fetch);
    const payload = JSON.stringify({
      id: "evt_c1",
      object: "event",
      type: "account.updated",
      account: "acct_1",
      created: 1,
      data: { object: { id: "acct_1", object: "account" } },
    });
    const sign = (secret: string) =>
      stripeClient("sk_test_x").webhooks.generateTestHeaderStringAsync({
        payload,
        secret,
        timestamp: Math.floor(Date.now() / 1000),
        cryptoProvider: subtleCrypto,
      });
    expect((await payments.verifyEvent(payload, await sign("whsec_connect"))).type).toBe("account.updated");
    expect((await payments.verifyEvent(payload, await sign("whsec_account"))).id).toBe("evt_c1");
    await expect(payments.verifyEvent(payload, await sign("whsec_other"))).rejects.toThrow();
    await expect(payments.verifyEvent(payload, null)).rejects.toThrow();
  });
});

describe("payouts the provider never answered", () => {
  const MINUTE = 60 * 1000;

  /** A seller with a Stripe payout account and a payout asked for `ageMs` ago whose transfer got no answer: pending, its amount out of the balance. */
  async function unansweredPayout(ageMs: number, now: number, amountCents = 1500) {
    const seller = await newPerson({ plan: "creator" });
    const accountId = `acct_${seller.id.slice(0, 12)}`;
    await db().insert(sellerAccounts).values({ userId: seller.id, provider: "stripe", accountId, payoutsEnabled: true });
    const payoutId = newId();
    await db()
      .insert(sellerLedger)
      .values({ id: newId(), sellerId: seller.id, kind: "sale", grossCents: 2000, feeCents: 500, netCents: amountCents, referenceId: `sale:${payoutId}` });
    await db()
      .insert(payouts)
      .values({ id: payoutId, sellerId: seller.id, amountCents, status: "pending", createdAt: now - ageMs });
    await db()
      .insert(sellerLedger)
      .values({ id: newId(), sellerId: seller.id, kind: "payout", payoutId, netCents: -amountCents, referenceId: `payout:${payoutId}` });
    return { seller, payoutId, accountId };
  }

  const payoutRow = async (id: string) => (await db().query.payouts.findFirst({ where: eq(payouts.id, id) }))!;
  const transfersFor = (calls: Call[], payoutId: string) =>
    calls.filter((c) => c.url.pathname === "/v1/transfers" && c.body.get("metadata[payoutId]") === payoutId);

  it("asks again with the first try's idempotency key after ten minutes, and marks the payout paid", async () => {
    const now = Date.now();
    const due = await unansweredPayout(11 * MINUTE, now);
    const recent = await unansweredPayout(5 * MINUTE, now);
    const stale = await unansweredPayout(25 * 60 * MINUTE, now);
    const { calls, payouts: stripe } = fakeStripe((call) => json({ id: `tr_${call.body.get("metadata[payoutId]")}`, object: "transfer" }));

    const result = await runPeriodicJobs(db(), now, stripe);
    expect(result.failed).toEqual([]);
    const [retry, ...more] = transfersFor(calls, due.payoutId);
    expect(more).toHaveLength(0);
    expect(retry!.headers.get("idempotency-key")).toBe(`payout-${due.payoutId}`);
    expect(Object.fromEntries(retry!.body)).toMatchObject({ amount: "1500", currency: "usd", destination: due.accountId });
    expect(await payoutRow(due.payoutId)).toMatchObject({ status: "paid", providerTransferId: `tr_${due.payoutId}` });
    expect(await balanceOf(due.seller.id)).toBe(0);
    // Too soon to tell, or past the provider's idempotency window: not asked again, still pending.
    expect(transfersFor(calls, recent.payoutId)).toHaveLength(0);
    expect(transfersFor(calls, stale.payoutId)).toHaveLength(0);
    expect(await payoutRow(recent.payoutId)).toMatchObject({ status: "pending" });
    expect(await payoutRow(stale.payoutId)).toMatchObject({ status: "pending" });

    // The next run does not ask about a paid payout again.
    await runPeriodicJobs(db(), now + 15 * MINUTE, stripe);
    expect(transfersFor(calls, due.payoutId)).toHaveLength(1);
    expect(transfersFor(calls, recent.payoutId)).toHaveLength(1);
    expect(await payoutRow(recent.payoutId)).toMatchObject({ status: "paid" });
  });

  it("marks a refused retry failed with the amount back, and leaves one still unanswered pending", async () => {
    const now = Date.now();
    const refusedPayout = await unansweredPayout(20 * MINUTE, now, 1700);
    const silentPayout = await unansweredPayout(20 * MINUTE, now, 1200);
    const { calls, payouts: stripe } = fakeStripe((call) => {
      if (call.body.get("metadata[payoutId]") === silentPayout.payoutId) throw new TypeError("fetch failed");
      return json({ error: { type: "invalid_request_error", message: "Insufficient funds in your Stripe balance." } }, 400);
    });
    await runPeriodicJobs(db(), now, stripe);
    expect(transfersFor(calls, refusedPayout.payoutId).length).toBeGreaterThan(0);
    expect(await payoutRow(refusedPayout.payoutId)).toMatchObject({ status: "failed", providerTransferId: null });
    expect(await balanceOf(refusedPayout.seller.id)).toBe(1700);
    expect(await payoutRow(silentPayout.payoutId)).toMatchObject({ status: "pending" });
    expect(await balanceOf(silentPayout.seller.id)).toBe(0);

    // Run again: the failed payout's amount is put back once, never twice.
    await runPeriodicJobs(db(), now + 15 * MINUTE, stripe);
    expect(await balanceOf(refusedPayout.seller.id)).toBe(1700);
    expect(await payoutRow(silentPayout.payoutId)).toMatchObject({ status: "pending" });
  });

  it("retries through the local provider too, and asks no provider but the seller's own", async () => {
    const now = Date.now();
    const seller = await newPerson({ plan: "creator" });
    await sell(await listedDeck(seller, "Retry deck", "20"));
    await onboard(seller);
    const account = (await db().query.sellerAccounts.findFirst({ where: eq(sellerAccounts.userId, seller.id) }))!;
    const payoutId = newId();
    await db()
      .insert(payouts)
      .values({ id: payoutId, sellerId: seller.id, amountCents: 1500, status: "pending", createdAt: now - 30 * MINUTE });
    await db()
      .insert(sellerLedger)
      .values({ id: newId(), sellerId: seller.id, kind: "payout", payoutId, netCents: -1500, referenceId: `payout:${payoutId}` });

    const { calls, payouts: stripe } = fakeStripe(() => json({ id: "tr_wrong", object: "transfer" }));
    await runPeriodicJobs(db(), now, stripe);
    expect(transfersFor(calls, payoutId)).toHaveLength(0);
    expect(await payoutRow(payoutId)).toMatchObject({ status: "pending" });

    await runPeriodicJobs(db(), now, new LocalPayouts(db()));
    expect(account.provider).toBe("local");
    expect(await payoutRow(payoutId)).toMatchObject({ status: "paid", providerTransferId: `tr_local_${payoutId}` });
    expect(await balanceOf(seller.id)).toBe(0);
  });
});
