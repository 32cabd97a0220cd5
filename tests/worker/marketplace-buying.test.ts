/**
 * The marketplace from listing to refund: who may list a deck and at what price, whose card
 * pictures are locked, buying (free, paid, twice, at once, one's own), the seller's fee at the
 * time of the sale, and a refund that ends the buyer's access.
 */
import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { deleteDeck } from "../../app/decks/manage.server";
import { readConfig } from "../../app/env.server";
import { newId } from "../../app/lib/crypto";
import { applyPaymentEvent, UnusedDeckRefundError } from "../../app/payments/events.server";
import { event, LocalPayments } from "../../app/payments/local.server";
import type { RefundRequest } from "../../app/payments/provider.server";
import { localWebhookSecret } from "../../app/payments/payments.server";
import { deckRelation } from "../../app/marketplace/ownership.server";
import { paidCopyCount, paidCopyExists, paidCopyHeldByOthers } from "../../app/marketplace/paid-copies.server";
import { deckForReading, decksForTable } from "../../app/reading-room/room-store.server";
import {
  cards,
  checkoutSessions,
  deckListings,
  deckPurchases,
  decks,
  localPaymentObjects,
  paymentReceipts,
  sellerLedger,
  subscriptions,
  users,
} from "../../db/schema";
import { app, get, ORIGIN, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);
const local = () => new LocalPayments(db(), localWebhookSecret(readConfig(env)));

async function newPerson(options: { plan?: "mystic" | "creator" | "visionary"; guest?: boolean } = {}) {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: options.guest ? null : `${id}@example.com`, username: `m_${id.slice(0, 10)}` });
  if (options.plan) await setPlan(id, options.plan);
  return { id, cookie: await signInAs(id) };
}

async function setPlan(userId: string, tier: "mystic" | "creator" | "visionary") {
  const row = { userId, subscriptionStatus: "active" as const, priceId: `price_${tier}_monthly`, currentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400 };
  await db().insert(subscriptions).values(row).onConflictDoUpdate({ target: subscriptions.userId, set: row });
}

const KEYS = ["major-00", "major-01", "major-02", "major-03", "major-04"];

/** A finished deck of five painted cards, its pictures in the bucket. */
async function readyDeck(ownerId: string) {
  const deckId = newId();
  await db().insert(decks).values({ id: deckId, creatorId: ownerId, title: "Lanterns for sale", theme: "Lanterns", status: "ready" });
  for (const [number, key] of KEYS.entries()) {
    const imageKey = `card-images/${deckId}/${key.replace("-", "_")}.svg`;
    await db()
      .insert(cards)
      .values({ id: newId(), deckId, cardKey: key, name: `Card ${number}`, arcana: "major", number, status: "ready", imageKey });
    await env.MEDIA.put(imageKey, `<svg xmlns="http://www.w3.org/2000/svg"><title>${key}</title></svg>`, { httpMetadata: { contentType: "image/svg+xml" } });
  }
  return deckId;
}

const imagePath = (deckId: string, key: string) => `/media/card-images/${deckId}/${key.replace("-", "_")}.svg`;

function list(deckId: string, cookie: string, form: Record<string, string> = {}) {
  return post(`/collection/${deckId}`, { intent: "list", price: "4.99", description: "Warm light", tags: "lanterns, autumn", ...form }, { cookie });
}

/** A paid deck checkout at the local provider, as the checkout page opens one; returns its paid events. */
async function payForDeck(buyer: { id: string; cookie: string }, deckId: string) {
  const response = await post(`/checkout/${deckId}`, {}, { cookie: buyer.cookie });
  expect(response.status).toBe(302);
  const sessionId = new URL(response.headers.get("location")!, ORIGIN).pathname.split("/").pop()!;
  return local().pay(sessionId);
}

const apply = (evt: Stripe.Event) => applyPaymentEvent(db(), local(), evt);
const purchasesOf = (deckId: string) => db().select().from(deckPurchases).where(eq(deckPurchases.deckId, deckId));
const salesOf = (sellerId: string) => db().select().from(sellerLedger).where(eq(sellerLedger.sellerId, sellerId));
const listingOf = async (deckId: string) => (await db().query.deckListings.findFirst({ where: eq(deckListings.deckId, deckId) }))!;

describe("listing a deck", () => {
  it("lists, edits and unlists the owner's deck, and refuses everyone else", async () => {
    const seller = await newPerson({ plan: "creator" });
    const deckId = await readyDeck(seller.id);
    const other = await newPerson({ plan: "visionary" });
    expect((await list(deckId, other.cookie)).status).toBe(404);
    expect(await db().query.deckListings.findFirst({ where: eq(deckListings.deckId, deckId) })).toBeUndefined();

    expect((await list(deckId, seller.cookie, { price: "4.5x" })).status).toBe(400);
    expect((await list(deckId, seller.cookie, { preview: "major-77" })).status).toBe(400);
    expect((await list(deckId, seller.cookie)).status).toBe(200);
    expect(await listingOf(deckId)).toMatchObject({
      priceCents: 499,
      status: "listed",
      licence: "personal",
      tags: ["lanterns", "autumn"],
      previewCardKeys: ["major-00", "major-01", "major-02"],
    });
    expect((await list(deckId, seller.cookie, { price: "0", licence: "commercial" })).status).toBe(200);
    expect(await listingOf(deckId)).toMatchObject({ priceCents: 0, licence: "commercial" });
    expect((await post(`/collection/${deckId}`, { intent: "unlist" }, { cookie: other.cookie })).status).toBe(404);
    expect((await post(`/collection/${deckId}`, { intent: "unlist" }, { cookie: seller.cookie })).status).toBe(200);
    expect((await listingOf(deckId)).status).toBe("unlisted");
  });

  it("needs an account to list, a selling plan for a price, and commercial rights for a commercial licence", async () => {
    const guest = await newPerson({ guest: true });
    expect((await list(await readyDeck(guest.id), guest.cookie, { price: "0" })).status).toBe(403);

    const member = await newPerson();
    const deckId = await readyDeck(member.id);
    const priced = await list(deckId, member.cookie);
    expect(priced.status).toBe(403);
    expect(await priced.text()).toContain("You can list it for free");
    expect((await list(deckId, member.cookie, { price: "0", licence: "commercial" })).status).toBe(403);
    expect((await list(deckId, member.cookie, { price: "0" })).status).toBe(200);
  });
});

describe("card pictures of a listed deck", () => {
  it("locks the unpreviewed cards of a priced deck to all but the owner and buyers", async () => {
    const seller = await newPerson({ plan: "creator" });
    const deckId = await readyDeck(seller.id);
    expect((await list(deckId, seller.cookie)).status).toBe(200);
    const stranger = await newPerson();

    expect((await get(imagePath(deckId, "major-00"))).status).toBe(200);
    expect((await get(imagePath(deckId, "major-04"))).status).toBe(404);
    expect((await get(imagePath(deckId, "major-04"), { cookie: stranger.cookie })).status).toBe(404);
    expect((await get(imagePath(deckId, "major-04"), { cookie: seller.cookie })).status).toBe(200);
    // A locked cover is not the face of the shop's tile: the first preview card is.
    const title = `Tidewatch ${deckId.slice(0, 8)}`;
    const coverCard = await db().query.cards.findFirst({ where: and(eq(cards.deckId, deckId), eq(cards.cardKey, "major-04")) });
    await db().update(decks).set({ title, coverCardId: coverCard!.id }).where(eq(decks.id, deckId));
    const shop = await (await get(`/marketplace?q=${encodeURIComponent(title)}`, { cookie: stranger.cookie })).text();
    expect(shop).toContain(imagePath(deckId, "major-00"));
    expect(shop).not.toContain(imagePath(deckId, "major-04"));
    const page = await (await get(`/marketplace/${deckId}`, { cookie: stranger.cookie })).text();
    expect(page).toContain('data-testid="locked-card"');
    expect(page).not.toContain(imagePath(deckId, "major-04"));
    // The reading room's page for the deck shows the stranger only preview pictures, and sends them to buy it instead of starting.
    const room = await (await get(`/reading-room/${deckId}`, { cookie: stranger.cookie })).text();
    expect(room).toContain(imagePath(deckId, "major-00"));
    expect(room).not.toContain(imagePath(deckId, "major-04"));
    expect(room).toContain("buy it to read with every card");
    expect(room).not.toContain("Start a reading</button>");
    expect((await post(`/reading-room/${deckId}?create=true`, {}, { cookie: stranger.cookie })).status).toBe(404);

    const buyer = await newPerson();
    for (const evt of await payForDeck(buyer, deckId)) await apply(evt);
    expect((await get(imagePath(deckId, "major-04"), { cookie: buyer.cookie })).status).toBe(200);
    expect(await (await get(`/reading-room/${deckId}`, { cookie: buyer.cookie })).text()).toContain("Start a reading</button>");
    expect(await (await get(`/marketplace/${deckId}`, { cookie: buyer.cookie })).text()).toContain("In your collection");
    const collection = await (await get("/collection", { cookie: buyer.cookie })).text();
    expect(collection).toContain(title);
    // Marked bought, with its creator on the tile's by-line.
    expect(collection).toContain(">Bought</span>");
    expect(collection).toMatch(new RegExp(`by @(<!-- -->)?m_${seller.id.slice(0, 10)}`));
    expect((await get(`/collection/${deckId}`, { cookie: buyer.cookie })).status).toBe(200);
    // A buyer may lay the deck on a reading table; someone who has not bought it may not.
    expect(await deckForReading(db(), deckId, buyer.id)).toEqual(KEYS);
    expect(await deckForReading(db(), deckId, stranger.id)).toBeNull();
    expect((await decksForTable(db(), buyer.id)).find((deck) => deck.id === deckId)).toMatchObject({ bought: true, own: false });
    expect((await decksForTable(db(), stranger.id)).some((deck) => deck.id === deckId)).toBe(false);

    // A free listing opens every card.
    expect((await list(deckId, seller.cookie, { price: "0" })).status).toBe(200);
    expect((await get(imagePath(deckId, "major-04"))).status).toBe(200);
  });
});

describe("buying a deck", () => {
  it("adds a free deck at once, and refuses one's own deck and a second copy", async () => {
    const seller = await newPerson();
    const deckId = await readyDeck(seller.id);
    expect((await list(deckId, seller.cookie, { price: "0" })).status).toBe(200);
    expect((await post(`/checkout/${deckId}`, {}, { cookie: seller.cookie })).status).toBe(409);
    expect(await (await get(`/checkout/${deckId}`, { cookie: seller.cookie })).text()).toContain("Your deck");

    const buyer = await newPerson();
    const bought = await post(`/checkout/${deckId}`, {}, { cookie: buyer.cookie });
    expect(bought.status).toBe(302);
    expect(bought.headers.get("location")).toBe(`/collection/${deckId}?bought=1`);
    expect(await purchasesOf(deckId)).toMatchObject([{ buyerId: buyer.id, grossCents: 0, status: "paid" }]);
    // The page it lands on says what was bought, where it is, and offers a reading with it.
    const landed = await (await get(`/collection/${deckId}?bought=1`, { cookie: buyer.cookie })).text();
    expect(landed).toContain('data-testid="purchase-confirmation"');
    expect(landed.replace(/<!-- -->/g, "")).toMatch(/“Lanterns for sale” by @m_[\w-]+ is yours/);
    expect(landed).toContain(`href="/reading-room/${deckId}"`);
    expect(landed).toContain("Read with it");
    expect((await post(`/checkout/${deckId}`, {}, { cookie: buyer.cookie })).status).toBe(409);
    expect(await (await get(`/checkout/${deckId}`, { cookie: buyer.cookie })).text()).toContain("In your collection");
    expect(await salesOf(seller.id)).toHaveLength(0);

    const guest = await newPerson({ guest: true });
    expect(await (await get(`/checkout/${deckId}`, { cookie: guest.cookie })).text()).toContain("/signup?redirectTo=%2Fcheckout%2F");
    expect((await post(`/checkout/${deckId}`, {}, { cookie: guest.cookie })).status).toBe(401);

    expect((await post(`/collection/${deckId}`, { intent: "unlist" }, { cookie: seller.cookie })).status).toBe(200);
    expect((await post(`/checkout/${deckId}`, {}, { cookie: (await newPerson()).cookie })).status).toBe(404);
  });

  it("writes one purchase and one sale for the same paid event delivered ten times, and for two checkouts paid at once", async () => {
    const seller = await newPerson({ plan: "mystic" });
    const deckId = await readyDeck(seller.id);
    expect((await list(deckId, seller.cookie, { price: "10" })).status).toBe(200);

    const buyer = await newPerson();
    const events = await payForDeck(buyer, deckId);
    const completed = events.find((evt) => evt.type === "checkout.session.completed")!;
    await Promise.allSettled(Array.from({ length: 10 }, () => apply(completed)));
    const rest = events.filter((evt) => evt !== completed);
    for (const evt of rest) await apply(evt);

    const second = await newPerson();
    const [first, again] = await Promise.all([payForDeck(second, deckId), payForDeck(second, deckId)]);
    await Promise.allSettled([...first!, ...again!].map(apply));

    const purchases = await purchasesOf(deckId);
    expect(purchases).toHaveLength(2);
    expect(purchases.map((p) => p.buyerId).sort()).toEqual([buyer.id, second.id].sort());
    const sales = await salesOf(seller.id);
    expect(sales).toHaveLength(2);
    expect(sales[0]).toMatchObject({ kind: "sale", grossCents: 1000, feeCents: 300, netCents: 700 });
    expect((await listingOf(deckId)).salesCount).toBe(2);
    // The second buyer paid twice for one deck: the payment that bought nothing is given back in full, and access stays.
    const receipts = await db().select().from(paymentReceipts).where(eq(paymentReceipts.userId, second.id));
    expect(receipts).toHaveLength(2);
    expect(receipts.map((r) => r.refundedCents).sort((a, b) => a - b)).toEqual([0, 1000]);
    const kept = purchases.find((p) => p.buyerId === second.id)!;
    expect(receipts.find((r) => r.refundedCents === 0)!.checkoutId).toBe(kept.checkoutId);
    expect(kept.status).toBe("paid");
  });

  it("keeps the fee of the seller's plan at the time of the sale, and ends access on a refund, once", async () => {
    const seller = await newPerson({ plan: "creator" });
    const deckId = await readyDeck(seller.id);
    expect((await list(deckId, seller.cookie, { price: "20" })).status).toBe(200);
    const buyer = await newPerson();
    for (const evt of await payForDeck(buyer, deckId)) await apply(evt);
    await setPlan(seller.id, "visionary");
    const later = await newPerson();
    for (const evt of await payForDeck(later, deckId)) await apply(evt);

    const purchases = await purchasesOf(deckId);
    expect(purchases.find((p) => p.buyerId === buyer.id)).toMatchObject({ feePercent: 25, feeCents: 500, netCents: 1500 });
    expect(purchases.find((p) => p.buyerId === later.id)).toMatchObject({ feePercent: 15, feeCents: 300, netCents: 1700 });

    const purchase = purchases.find((p) => p.buyerId === buyer.id)!;
    const receipt = await db().query.paymentReceipts.findFirst({ where: eq(paymentReceipts.checkoutId, purchase.checkoutId!) });
    expect(receipt?.kind).toBe("deck");
    const charges = await db().select().from(localPaymentObjects).where(eq(localPaymentObjects.object, "charge"));
    const data = charges.find((c) => (c.data as { payment_intent?: string }).payment_intent === receipt!.paymentIntentId)!.data as Record<string, unknown>;
    const refund = { ...data, amount_refunded: data.amount };
    await Promise.allSettled([apply(event("charge.refunded", refund)), apply(event("charge.refunded", refund))]);

    expect((await db().query.deckPurchases.findFirst({ where: eq(deckPurchases.id, purchase.id) }))?.status).toBe("refunded");
    const lines = await salesOf(seller.id);
    expect(lines.filter((l) => l.kind === "refund")).toMatchObject([{ grossCents: -2000, feeCents: -500, netCents: -1500 }]);
    expect((await listingOf(deckId)).salesCount).toBe(1);
    expect((await get(imagePath(deckId, "major-04"), { cookie: buyer.cookie })).status).toBe(404);
    expect((await get(`/collection/${deckId}`, { cookie: buyer.cookie })).status).toBe(404);

    // A refunded buyer may buy the deck again.
    for (const evt of await payForDeck(buyer, deckId)) await apply(evt);
    expect((await db().query.deckPurchases.findFirst({ where: and(eq(deckPurchases.deckId, deckId), eq(deckPurchases.buyerId, buyer.id)) }))?.status).toBe(
      "paid",
    );
    expect((await listingOf(deckId)).salesCount).toBe(2);
  });

  /** A seller's deck listed for free, and a member who has taken a copy. */
  async function deckWithABuyer() {
    const seller = await newPerson();
    const deckId = await readyDeck(seller.id);
    expect((await list(deckId, seller.cookie, { price: "0" })).status).toBe(200);
    const buyer = await newPerson();
    expect((await post(`/checkout/${deckId}`, {}, { cookie: buyer.cookie })).status).toBe(302);
    return { seller, buyer, deckId };
  }

  it("does not delete a deck that has buyers: it leaves the marketplace and keeps its pictures", async () => {
    const { seller, buyer, deckId } = await deckWithABuyer();
    const deleted = await post(`/collection/${deckId}`, { intent: "delete", confirm: "delete" }, { cookie: seller.cookie });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain("its buyers keep it");
    expect((await listingOf(deckId)).status).toBe("unlisted");
    expect((await get(imagePath(deckId, "major-04"), { cookie: buyer.cookie })).status).toBe(200);
    expect(await db().query.checkoutSessions.findFirst({ where: eq(checkoutSessions.deckId, deckId) })).toBeUndefined();
  });

  it("refuses to delete a bought deck in the delete itself, so no purchase can go with it", async () => {
    const { seller, buyer, deckId } = await deckWithABuyer();

    // Straight to the decks module, past the page: the purchase is checked in the same statement.
    expect(await deleteDeck(db(), env.MEDIA, deckId, seller.id)).toBe("has-buyers");
    expect(await db().query.decks.findFirst({ columns: { id: true }, where: eq(decks.id, deckId) })).toEqual({ id: deckId });
    expect(await db().query.deckPurchases.findFirst({ columns: { status: true }, where: eq(deckPurchases.deckId, deckId) })).toEqual({ status: "paid" });
    expect((await get(imagePath(deckId, "major-04"), { cookie: buyer.cookie })).status).toBe(200);
    expect(await deleteDeck(db(), env.MEDIA, deckId, buyer.id)).toBe("not-found");

    // Once no one holds a paid copy, its owner may delete it.
    await db().update(deckPurchases).set({ status: "refunded", refundedAt: Date.now() }).where(eq(deckPurchases.deckId, deckId));
    expect(await deleteDeck(db(), env.MEDIA, deckId, seller.id)).toBe("deleted");
    expect(await db().query.decks.findFirst({ columns: { id: true }, where: eq(decks.id, deckId) })).toBeUndefined();
    expect((await get(imagePath(deckId, "major-04"), { cookie: seller.cookie })).status).toBe(404);
  });

  it("counts a paid purchase as a copy in every form the condition takes, and a refunded one in none", async () => {
    const { seller, buyer, deckId } = await deckWithABuyer();
    const stranger = await newPerson();
    const ask = async () => {
      const [row] = await db()
        .select({
          anyone: sql<number>`${paidCopyExists(decks.id)}`,
          buyer: sql<number>`${paidCopyExists(decks.id, buyer.id)}`,
          stranger: sql<number>`${paidCopyExists(deckId, stranger.id)}`,
          besidesBuyer: sql<number>`${paidCopyHeldByOthers(decks.id, buyer.id)}`,
          besidesSeller: sql<number>`${paidCopyHeldByOthers(decks.id, seller.id)}`,
          copies: paidCopyCount(decks.id),
        })
        .from(decks)
        .where(eq(decks.id, deckId));
      return { ...row, relation: await deckRelation(db(), deckId, buyer.id) };
    };
    expect(await ask()).toEqual({ anyone: 1, buyer: 1, stranger: 0, besidesBuyer: 0, besidesSeller: 1, copies: 1, relation: "buyer" });
    await db().update(deckPurchases).set({ status: "refunded", refundedAt: Date.now() }).where(eq(deckPurchases.deckId, deckId));
    expect(await ask()).toEqual({ anyone: 0, buyer: 0, stranger: 0, besidesBuyer: 0, besidesSeller: 0, copies: 0, relation: null });
  });
});

/** The local provider, whose refund call fails (no answer) the first `failures` times. */
class FlakyRefunds extends LocalPayments {
  calls = 0;
  constructor(private failures: number) {
    super(db(), localWebhookSecret(readConfig(env)));
  }
  override async refund(request: RefundRequest, now = Date.now()) {
    this.calls += 1;
    if (this.failures-- > 0) throw new Error("The provider did not answer");
    return super.refund(request, now);
  }
}

async function deliver(evt: Stripe.Event) {
  const signed = await local().sign(evt);
  return app.fetch(`${ORIGIN}/webhooks/stripe`, {
    method: "POST",
    body: signed.payload,
    headers: { "content-type": "application/json", "stripe-signature": signed.signature },
  });
}

const refundsOf = async (paymentIntentId: string) => {
  const charges = await db().select().from(localPaymentObjects).where(eq(localPaymentObjects.object, "charge"));
  const charge = charges.find((c) => (c.data as { payment_intent?: string }).payment_intent === paymentIntentId)!;
  const refunds = await db().select().from(localPaymentObjects).where(eq(localPaymentObjects.object, "refund"));
  return { charge, refunds: refunds.filter((r) => (r.data as { charge?: string }).charge === charge.id) };
};

describe("a deck payment that bought nothing", () => {
  /** A paid checkout of a deck whose listing is gone by the time the payment is confirmed. */
  async function paidAfterTheListingWent() {
    const seller = await newPerson({ plan: "creator" });
    const deckId = await readyDeck(seller.id);
    expect((await list(deckId, seller.cookie, { price: "6" })).status).toBe(200);
    const buyer = await newPerson();
    const events = await payForDeck(buyer, deckId);
    await db().delete(deckListings).where(eq(deckListings.deckId, deckId));
    const completed = events.find((evt) => evt.type === "checkout.session.completed")!;
    const paymentIntentId = (completed.data.object as Stripe.Checkout.Session).payment_intent as string;
    return { seller, deckId, buyer, completed, paymentIntentId };
  }

  async function expectRefundedOnce(sale: Awaited<ReturnType<typeof paidAfterTheListingWent>>) {
    const { charge, refunds } = await refundsOf(sale.paymentIntentId);
    expect(refunds).toHaveLength(1);
    expect((charge.data as { amount_refunded: number }).amount_refunded).toBe(600);
    const receipt = await db().query.paymentReceipts.findFirst({ where: eq(paymentReceipts.paymentIntentId, sale.paymentIntentId) });
    expect(receipt).toMatchObject({ amountCents: 600, refundedCents: 600 });
    expect(await purchasesOf(sale.deckId)).toHaveLength(0);
    expect(await salesOf(sale.seller.id)).toHaveLength(0);
    expect((await get(`/collection/${sale.deckId}`, { cookie: sale.buyer.cookie })).status).toBe(404);
  }

  it("is refunded when the provider delivers the event again after a failed refund call, and only once", async () => {
    const sale = await paidAfterTheListingWent();
    const provider = new FlakyRefunds(1);
    await expect(applyPaymentEvent(db(), provider, sale.completed)).rejects.toBeInstanceOf(UnusedDeckRefundError);
    expect((await refundsOf(sale.paymentIntentId)).refunds).toHaveLength(0);
    expect(await db().query.paymentReceipts.findFirst({ where: eq(paymentReceipts.paymentIntentId, sale.paymentIntentId) })).toMatchObject({
      refundedCents: 0,
    });

    expect((await applyPaymentEvent(db(), provider, sale.completed)).outcome).toBe("duplicate");
    expect(provider.calls).toBe(2);
    await expectRefundedOnce(sale);

    // Delivered again after the refund: the receipt records it, so the provider is not asked again.
    expect((await applyPaymentEvent(db(), provider, sale.completed)).outcome).toBe("duplicate");
    expect(provider.calls).toBe(2);
    await expectRefundedOnce(sale);
  });

  it("answers the webhook with an error while the refund cannot be made, so the provider delivers the event again", async () => {
    const sale = await paidAfterTheListingWent();
    // The provider cannot find the payment for now: the refund call fails.
    const { charge } = await refundsOf(sale.paymentIntentId);
    await db().update(localPaymentObjects).set({ object: "charge-away" }).where(eq(localPaymentObjects.id, charge.id));
    const failed = await deliver(sale.completed);
    expect(failed.status).toBe(503);
    expect(await db().query.paymentReceipts.findFirst({ where: eq(paymentReceipts.paymentIntentId, sale.paymentIntentId) })).toMatchObject({
      refundedCents: 0,
    });

    await db().update(localPaymentObjects).set({ object: "charge" }).where(eq(localPaymentObjects.id, charge.id));
    const retried = await deliver(sale.completed);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ outcome: "duplicate" });
    await expectRefundedOnce(sale);
    expect((await deliver(sale.completed)).status).toBe(200);
    await expectRefundedOnce(sale);
  });
});
