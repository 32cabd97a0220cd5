/**
 * Offer codes and bundles (decision 0114): a creator's codes and their rules (format, expiry, use
 * limit, one deck or the whole shop, ended, another creator's), the price a code leaves and the fee
 * and earning computed from it, the last use of a limited code going to one of two payments made at
 * once through the local checkout and the webhook code, bundles priced under their decks and giving
 * every deck with the price shared over them, and only the creator managing their codes and bundles.
 */
import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { sellerFeePercent } from "../../app/entitlements/entitlements";
import { CODE_MESSAGES, MINIMUM_PRICE_CENTS, priceAfter, shareOf } from "../../app/marketplace/offers";
import { applyPaymentEvent } from "../../app/payments/events.server";
import { LocalPayments, TEST_CARDS } from "../../app/payments/local.server";
import { localWebhookSecret } from "../../app/payments/payments.server";
import { readConfig } from "../../app/env.server";
import { bundles, checkoutSessions, deckPurchases, offerCodes, offerCodeUses, paymentReceipts, sellerLedger } from "../../db/schema";
import { get, ORIGIN, post } from "./helpers";
import { listedDeck as shopDeck, newPerson as shopPerson } from "./shop-fixtures";

const db = () => createDatabase(env.DB);
const local = () => new LocalPayments(db(), localWebhookSecret(readConfig(env)));
const newPerson = (plan?: "creator") => shopPerson("o", plan);
const listedDeck = (seller: { id: string; cookie: string }, price: string, title = "Lanterns") => shopDeck(seller, price, title);

const CODE_DEFAULTS = { intent: "create", kind: "percent", amount: "20", deckId: "", expires: "", maxUses: "" };
const makeCode = (seller: { cookie: string }, form: Partial<typeof CODE_DEFAULTS> & { code: string }) =>
  post("/sales/codes", { ...CODE_DEFAULTS, ...form }, { cookie: seller.cookie });
const codeRow = async (sellerId: string, code: string) =>
  (await db().query.offerCodes.findFirst({ where: and(eq(offerCodes.sellerId, sellerId), eq(offerCodes.code, code)) }))!;

/** The checkout page's answer for the code, as the page shows it (its text, with React's markers removed). */
const checkoutPage = async (path: string, cookie: string) => (await (await get(path, { cookie })).text()).replace(/<!-- -->/g, "").replace(/&amp;/g, "&");

/** Opens the checkout (of a deck or a bundle) with a code and returns the local checkout's session id. */
async function openCheckout(buyer: { cookie: string }, path: string, code = "") {
  const response = await post(path, code ? { code } : {}, { cookie: buyer.cookie });
  expect(response.status, await response.clone().text()).toBe(302);
  return new URL(response.headers.get("location")!, ORIGIN).pathname.split("/").pop()!;
}

/** Pays a local checkout through its page: the provider's events run through the webhook code before the redirect. */
const payOnPage = (buyer: { cookie: string }, sessionId: string) =>
  post(`/checkout/local/${sessionId}`, { intent: "pay", card: TEST_CARDS.succeeds, expiry: "12 / 40", cvc: "123" }, { cookie: buyer.cookie });

const checkoutOf = async (sessionId: string) =>
  (await db().query.checkoutSessions.findFirst({ where: eq(checkoutSessions.id, sessionId.replace(/^cs_local_/, "")) }))!;

describe("offer codes", () => {
  it("are made by their creator with a clear answer for each wrong field, and ended only by them", async () => {
    const seller = await newPerson("creator");
    const other = await newPerson("creator");
    const deckId = await listedDeck(seller, "10");
    const othersDeck = await listedDeck(other, "10");

    expect((await makeCode(seller, { code: "no" })).status).toBe(400);
    const badPercent = await makeCode(seller, { code: "HALF", amount: "95" });
    expect(badPercent.status).toBe(400);
    expect(await badPercent.text()).toContain("Take off from 1% to 90%");
    expect((await makeCode(seller, { code: "LATER", expires: "next week" })).status).toBe(400);
    expect((await makeCode(seller, { code: "MANY", maxUses: "0" })).status).toBe(400);
    // A code may name only the creator's own deck.
    const stolen = await makeCode(seller, { code: "THEIRS", deckId: othersDeck });
    expect(stolen.status).toBe(400);
    expect(await db().query.offerCodes.findFirst({ where: eq(offerCodes.code, "THEIRS") })).toBeUndefined();

    expect((await makeCode(seller, { code: "spring-25", deckId })).status).toBe(200);
    expect(await codeRow(seller.id, "SPRING-25")).toMatchObject({ kind: "percent", amount: 20, deckId, maxUses: null, expiresAt: null, endedAt: null });
    expect((await makeCode(seller, { code: "SPRING-25" })).status).toBe(409);

    // The page lists the creator's own codes only.
    expect((await makeCode(other, { code: "ORION" })).status).toBe(200);
    const page = await (await get("/sales/codes", { cookie: seller.cookie })).text();
    expect(page).toContain("SPRING-25");
    expect(page).not.toContain("ORION");

    // Another creator cannot end it: not found, and the code still works.
    const code = await codeRow(seller.id, "SPRING-25");
    expect((await post("/sales/codes", { intent: "end", codeId: code.id }, { cookie: other.cookie })).status).toBe(404);
    expect((await codeRow(seller.id, "SPRING-25")).endedAt).toBeNull();
    expect((await post("/sales/codes", { intent: "end", codeId: code.id }, { cookie: seller.cookie })).status).toBe(200);
    expect((await codeRow(seller.id, "SPRING-25")).endedAt).not.toBeNull();
  });

  it("lower the price at checkout, and refuse expired, ended, used-up, other-deck and other-shop codes in words", async () => {
    const seller = await newPerson("creator");
    const other = await newPerson("creator");
    const buyer = await newPerson();
    const deckId = await listedDeck(seller, "10");
    const secondDeck = await listedDeck(seller, "8");
    expect((await makeCode(seller, { code: "TENOFF", kind: "amount", amount: "2.50" })).status).toBe(200);
    expect((await makeCode(seller, { code: "ONLYONE", deckId: secondDeck })).status).toBe(200);
    expect((await makeCode(seller, { code: "GONE" })).status).toBe(200);
    expect((await makeCode(seller, { code: "DEEP", kind: "amount", amount: "50" })).status).toBe(200);
    expect((await makeCode(other, { code: "NOTHERS" })).status).toBe(200);
    await db()
      .update(offerCodes)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(offerCodes.id, (await codeRow(seller.id, "GONE")).id));

    // Applied: the price after it on the page and on the pay button.
    const applied = await checkoutPage(`/checkout/${deckId}?code=tenoff`, buyer.cookie);
    expect(applied).toContain("TENOFF: $2.50 off");
    expect(applied).toContain("Pay $7.50");
    // Never below the marketplace's least price.
    expect(await checkoutPage(`/checkout/${deckId}?code=DEEP`, buyer.cookie)).toContain(`Pay $0.50`);
    expect(priceAfter(1000, { kind: "amount", amount: 5000 })).toBe(MINIMUM_PRICE_CENTS);

    const refusals: [string, string][] = [
      ["GONE", CODE_MESSAGES.expired("GONE")],
      ["ONLYONE", CODE_MESSAGES.otherDeck("ONLYONE")],
      ["NOTHERS", CODE_MESSAGES.unknown("NOTHERS")],
      ["NOSUCH", CODE_MESSAGES.unknown("NOSUCH")],
    ];
    for (const [code, message] of refusals) {
      const page = await checkoutPage(`/checkout/${deckId}?code=${code}`, buyer.cookie);
      expect(page, code).toContain(message);
      expect(page, code).toContain("Pay $10.00");
      // Posting it opens no checkout: 400 with the same words.
      const posted = await post(`/checkout/${deckId}`, { code }, { cookie: buyer.cookie });
      expect(posted.status, code).toBe(400);
    }
    // The deck it names takes it.
    expect(await checkoutPage(`/checkout/${secondDeck}?code=ONLYONE`, buyer.cookie)).toContain("Pay $6.40");

    // Ended: refused from then on.
    await post("/sales/codes", { intent: "end", codeId: (await codeRow(seller.id, "TENOFF")).id }, { cookie: seller.cookie });
    expect(await checkoutPage(`/checkout/${deckId}?code=TENOFF`, buyer.cookie)).toContain(CODE_MESSAGES.ended("TENOFF"));
    expect((await post(`/checkout/${deckId}`, { code: "TENOFF" }, { cookie: buyer.cookie })).status).toBe(400);
  });

  it("sells at the price paid: the fee and the creator's earning come from it, and a use counts when the payment completes", async () => {
    const seller = await newPerson("creator");
    const buyer = await newPerson();
    const deckId = await listedDeck(seller, "10");
    expect((await makeCode(seller, { code: "FIFTH", maxUses: "3" })).status).toBe(200);
    const code = await codeRow(seller.id, "FIFTH");

    const sessionId = await openCheckout(buyer, `/checkout/${deckId}`, "fifth");
    const checkout = await checkoutOf(sessionId);
    expect(checkout).toMatchObject({ amountCents: 800, offerCodeId: code.id, kind: "deck" });
    // Opening a checkout is not a use.
    expect(await db().select().from(offerCodeUses).where(eq(offerCodeUses.codeId, code.id))).toHaveLength(0);

    expect((await payOnPage(buyer, sessionId)).status).toBe(302);
    const feePercent = sellerFeePercent("creator")!;
    const feeCents = Math.round((800 * feePercent) / 100);
    expect(await db().query.deckPurchases.findFirst({ where: eq(deckPurchases.checkoutId, checkout.id) })).toMatchObject({
      buyerId: buyer.id,
      grossCents: 800,
      feePercent,
      feeCents,
      netCents: 800 - feeCents,
      status: "paid",
    });
    expect(await db().select().from(sellerLedger).where(eq(sellerLedger.sellerId, seller.id))).toMatchObject([
      { kind: "sale", grossCents: 800, feeCents, netCents: 800 - feeCents, referenceId: `sale:${checkout.id}` },
    ]);
    expect(await db().select().from(offerCodeUses).where(eq(offerCodeUses.codeId, code.id))).toMatchObject([{ checkoutId: checkout.id, buyerId: buyer.id }]);
    // The creator's codes page counts it.
    expect((await (await get("/sales/codes", { cookie: seller.cookie })).text()).replace(/<!-- -->/g, "")).toContain("Used 1 of 3 times");
  });

  it("gives the last use of a limited code to one of two payments made at once; the other is refunded in full", async () => {
    const seller = await newPerson("creator");
    const deckId = await listedDeck(seller, "10");
    expect((await makeCode(seller, { code: "LASTONE", maxUses: "1" })).status).toBe(200);
    const code = await codeRow(seller.id, "LASTONE");
    const [first, second] = [await newPerson(), await newPerson()];
    // Both checkouts open while the use is still there.
    const sessions = [await openCheckout(first, `/checkout/${deckId}`, "LASTONE"), await openCheckout(second, `/checkout/${deckId}`, "LASTONE")];

    const paid = await Promise.all([payOnPage(first, sessions[0]!), payOnPage(second, sessions[1]!)]);
    expect(paid.map((response) => response.status)).toEqual([302, 302]);

    const uses = await db().select().from(offerCodeUses).where(eq(offerCodeUses.codeId, code.id));
    expect(uses).toHaveLength(1);
    const checkouts = await Promise.all(sessions.map(checkoutOf));
    const winner = checkouts.find((checkout) => checkout.id === uses[0]!.checkoutId)!;
    const loser = checkouts.find((checkout) => checkout.id !== uses[0]!.checkoutId)!;
    // One purchase, one sale line, one sale counted.
    expect(await db().select().from(deckPurchases).where(eq(deckPurchases.deckId, deckId))).toMatchObject([{ checkoutId: winner.id, grossCents: 800 }]);
    expect(await db().select().from(sellerLedger).where(eq(sellerLedger.sellerId, seller.id))).toHaveLength(1);
    // The other payment bought nothing and came back whole.
    const refunded = await db().query.paymentReceipts.findFirst({ where: eq(paymentReceipts.checkoutId, loser.id) });
    expect(refunded).toMatchObject({ amountCents: 800, refundedCents: 800 });
    // The code is used up for everyone after.
    const late = await newPerson();
    expect(await checkoutPage(`/checkout/${deckId}?code=LASTONE`, late.cookie)).toContain(CODE_MESSAGES.usedUp("LASTONE"));
  });
});

const BUNDLE = (title: string, decksIn: string[], price: string) => ({ intent: "create", title, price, decks: decksIn });

/** Posts the bundle form (repeated `decks` fields, as checkboxes send them). */
function makeBundle(seller: { cookie: string }, form: ReturnType<typeof BUNDLE>) {
  const body = new URLSearchParams({ intent: form.intent, title: form.title, price: form.price });
  for (const deck of form.decks) body.append("decks", deck);
  // URLSearchParams keeps the repeated field; the helper's form is read the same way.
  return post("/sales/bundles", body as unknown as Record<string, string>, { cookie: seller.cookie });
}

describe("bundles", () => {
  it("are the creator's own listed decks priced under their sum, shown on the shop and the decks' pages, and ended only by them", async () => {
    const seller = await newPerson("creator");
    const other = await newPerson("creator");
    const a = await listedDeck(seller, "9", "Tides");
    const b = await listedDeck(seller, "7", "Dunes");
    const theirs = await listedDeck(other, "5", "Neon");

    expect((await makeBundle(seller, BUNDLE("Just one", [a], "5"))).status).toBe(400);
    const tooDear = await makeBundle(seller, BUNDLE("Too dear", [a, b], "16"));
    expect(tooDear.status).toBe(400);
    expect(await tooDear.text()).toContain("under $16.00");
    expect((await makeBundle(seller, BUNDLE("Borrowed", [a, theirs], "10"))).status).toBe(400);
    expect((await makeBundle(seller, BUNDLE("Sky and sand", [a, b], "12"))).status).toBe(200);
    expect((await makeBundle(seller, BUNDLE("Sky and sand", [a, b], "11"))).status).toBe(409);
    const bundle = (await db().query.bundles.findFirst({ where: eq(bundles.sellerId, seller.id) }))!;
    expect(bundle).toMatchObject({ title: "Sky and sand", priceCents: 1200 });

    const shop = await (await get(`/shop/${seller.username}`)).text();
    expect(shop).toContain("Sky and sand");
    expect(shop).toContain(`/checkout/bundle/${bundle.id}`);
    expect(await (await get(`/marketplace/${b}`)).text()).toContain(`/checkout/bundle/${bundle.id}`);
    expect(await (await get(`/marketplace/${theirs}`)).text()).not.toContain("/checkout/bundle/");

    // Only its creator ends it; once ended it is not for sale.
    expect((await post("/sales/bundles", { intent: "end", bundleId: bundle.id }, { cookie: other.cookie })).status).toBe(404);
    expect((await get(`/checkout/bundle/${bundle.id}`, { cookie: other.cookie })).status).toBe(200);
    expect((await post("/sales/bundles", { intent: "end", bundleId: bundle.id }, { cookie: seller.cookie })).status).toBe(200);
    expect((await get(`/checkout/bundle/${bundle.id}`, { cookie: other.cookie })).status).toBe(404);
    // (A member is drawn the shop afresh; visitors get the shared copy, renewed within seconds.)
    expect(await (await get(`/shop/${seller.username}`, { cookie: other.cookie })).text()).not.toContain(`/checkout/bundle/${bundle.id}`);
  });

  it("gives every deck in one checkout, shares the price paid (after a shop-wide code) over them, and refunds them together", async () => {
    const seller = await newPerson("creator");
    const a = await listedDeck(seller, "9", "Tides");
    const b = await listedDeck(seller, "7", "Dunes");
    expect((await makeBundle(seller, BUNDLE("Sky and sand", [a, b], "12"))).status).toBe(200);
    const bundle = (await db().query.bundles.findFirst({ where: eq(bundles.sellerId, seller.id) }))!;
    expect((await makeCode(seller, { code: "SHOP10", amount: "10" })).status).toBe(200);
    expect((await makeCode(seller, { code: "TIDESONLY", deckId: a })).status).toBe(200);
    const buyer = await newPerson();

    // A code for one deck is not for bundles.
    expect(await checkoutPage(`/checkout/bundle/${bundle.id}?code=TIDESONLY`, buyer.cookie)).toContain(CODE_MESSAGES.notBundles("TIDESONLY"));
    expect((await post(`/checkout/bundle/${bundle.id}`, { code: "TIDESONLY" }, { cookie: buyer.cookie })).status).toBe(400);

    const page = await checkoutPage(`/checkout/bundle/${bundle.id}?code=SHOP10`, buyer.cookie);
    expect(page).toContain("Pay $10.80");
    const sessionId = await openCheckout(buyer, `/checkout/bundle/${bundle.id}`, "SHOP10");
    const checkout = await checkoutOf(sessionId);
    expect(checkout).toMatchObject({ kind: "bundle", bundleId: bundle.id, amountCents: 1080 });
    expect((await payOnPage(buyer, sessionId)).status).toBe(302);

    // Every deck is the buyer's, each at its share of $10.80 (9 : 7), the shares adding up to the price paid.
    const shares = shareOf(1080, [900, 700]);
    expect(shares).toEqual([608, 472]);
    expect(shareOf(1080, [700, 900])).toEqual([472, 608]);
    expect(shareOf(1000, [300, 300, 300])).toEqual([334, 333, 333]);
    const purchases = await db().select().from(deckPurchases).where(eq(deckPurchases.checkoutId, checkout.id));
    expect(purchases.map((p) => [p.deckId, p.grossCents]).sort()).toEqual(
      [
        [a, 608],
        [b, 472],
      ].sort(),
    );
    const feePercent = sellerFeePercent("creator")!;
    const lines = await db().select().from(sellerLedger).where(eq(sellerLedger.sellerId, seller.id));
    expect(lines.reduce((sum, line) => sum + line.grossCents, 0)).toBe(1080);
    for (const line of lines) expect(line.feeCents).toBe(Math.round((line.grossCents * feePercent) / 100));
    const collection = await (await get("/collection", { cookie: buyer.cookie })).text();
    for (const deckId of [a, b]) expect(collection).toContain(`/collection/${deckId}`);
    // The creator's sales name each deck, sold in a bundle.
    const sales = (await (await get("/sales", { cookie: seller.cookie })).text()).replace(/<!-- -->/g, "");
    expect(sales).toContain("in a bundle");
    expect(sales).toContain("Tides ");

    // Holding a deck of it, the buyer (or anyone) is refused the bundle before paying.
    const holder = await newPerson();
    await openCheckout(holder, `/checkout/${b}`).then((id) => payOnPage(holder, id));
    const refused = await post(`/checkout/bundle/${bundle.id}`, {}, { cookie: holder.cookie });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("already");

    // A full refund ends both decks and takes both sales back.
    const receipt = (await db().query.paymentReceipts.findFirst({ where: eq(paymentReceipts.checkoutId, checkout.id) }))!;
    for (const evt of await local().refund({ paymentIntentId: receipt.paymentIntentId!, idempotencyKey: `test-${checkout.id}` }))
      await applyPaymentEvent(db(), local(), evt);
    const after = await db()
      .select()
      .from(deckPurchases)
      .where(and(eq(deckPurchases.checkoutId, checkout.id), inArray(deckPurchases.deckId, [a, b])));
    expect(after.map((p) => p.status)).toEqual(["refunded", "refunded"]);
    const refundLines = (await db().select().from(sellerLedger).where(eq(sellerLedger.sellerId, seller.id))).filter((line) => line.kind === "refund");
    expect(refundLines.reduce((sum, line) => sum + line.grossCents, 0)).toBe(-1080);
  });
});
