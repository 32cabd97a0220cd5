/**
 * Gifts (decision 0115): a deck bought for someone by e-mail address through the local checkout and
 * the webhook code: the recipient's e-mail and its claim link, the giver's receipt naming the gift,
 * the creator's sale from the price paid, a gift claimed once, and a refund back to the giver that
 * ends the gift (claimed or not).
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { sellerFeePercent } from "../../app/entitlements/entitlements";
import { newId } from "../../app/lib/crypto";
import { listOutbox } from "../../app/mail/mail.server";
import { GIFT_MESSAGES } from "../../app/marketplace/gifts.server";
import { readConfig } from "../../app/env.server";
import { applyPaymentEvent } from "../../app/payments/events.server";
import { LocalPayments, TEST_CARDS } from "../../app/payments/local.server";
import { localWebhookSecret } from "../../app/payments/payments.server";
import { checkoutSessions, deckGifts, deckPurchases, paymentReceipts, sellerLedger } from "../../db/schema";
import { get, ORIGIN, post } from "./helpers";
import { listedDeck as shopDeck, newPerson as shopPerson } from "./shop-fixtures";

const db = () => createDatabase(env.DB);
const local = () => new LocalPayments(db(), localWebhookSecret(readConfig(env)));
const newPerson = (plan?: "creator") => shopPerson("g", plan);
const listedDeck = (seller: { id: string; cookie: string }, price: string) => shopDeck(seller, price, "Gifted");

/** Gives the deck to `email` through the checkout page and pays at the local checkout; returns the checkout and the claim link. */
async function give(giver: { cookie: string }, deckId: string, email: string, message = "For your mornings") {
  const opened = await post(`/checkout/${deckId}`, { intent: "gift", email, message }, { cookie: giver.cookie });
  expect(opened.status, await opened.clone().text()).toBe(302);
  const sessionId = new URL(opened.headers.get("location")!, ORIGIN).pathname.split("/").pop()!;
  const paid = await post(
    `/checkout/local/${sessionId}`,
    { intent: "pay", card: TEST_CARDS.succeeds, expiry: "12 / 40", cvc: "123" },
    { cookie: giver.cookie },
  );
  expect(paid.status).toBe(302);
  expect(paid.headers.get("location")).toContain(`/marketplace/${deckId}?gift=sent`);
  const checkoutId = sessionId.replace(/^cs_local_/, "");
  await expect.poll(async () => (await listOutbox(db(), email)).length).toBeGreaterThan(0);
  const [mail] = await listOutbox(db(), email);
  return { checkoutId, mail: mail!, token: new URL(mail!.link!).pathname.split("/").pop()! };
}

describe("gifts", () => {
  it("reach the recipient by e-mail, are the creator's sale at the price paid, and are claimed once", async () => {
    const seller = await newPerson("creator");
    const giver = await newPerson();
    const deckId = await listedDeck(seller, "10");
    const recipientEmail = `friend-${newId().slice(0, 8)}@example.com`;

    // Bad addresses and a gift to oneself are refused before paying.
    expect((await post(`/checkout/${deckId}`, { intent: "gift", email: "not an address", message: "" }, { cookie: giver.cookie })).status).toBe(400);
    expect((await post(`/checkout/${deckId}`, { intent: "gift", email: giver.email, message: "" }, { cookie: giver.cookie })).status).toBe(400);

    const { checkoutId, mail, token } = await give(giver, deckId, recipientEmail);
    expect(mail.subject).toContain("sent you a tarot deck");
    expect(mail.text).toContain("For your mornings");
    expect(mail.link).toBe(`${ORIGIN}/gifts/${token}`);
    // The giver's receipt names the gift and to whom; the creator's sale is the price paid.
    const receipt = await db().query.paymentReceipts.findFirst({ where: eq(paymentReceipts.checkoutId, checkoutId) });
    expect(receipt).toMatchObject({ userId: giver.id, kind: "gift", amountCents: 1000 });
    expect(receipt!.description).toContain(`a gift for ${recipientEmail}`);
    const feeCents = Math.round((1000 * sellerFeePercent("creator")!) / 100);
    expect(await db().select().from(sellerLedger).where(eq(sellerLedger.sellerId, seller.id))).toMatchObject([
      { kind: "sale", grossCents: 1000, feeCents, netCents: 1000 - feeCents, referenceId: `sale:${checkoutId}` },
    ]);
    // Nobody holds it until it is claimed; the giver does not get it.
    expect(await db().select().from(deckPurchases).where(eq(deckPurchases.deckId, deckId))).toHaveLength(0);

    // The link shows the gift and its message to anyone; a visitor is asked to sign in.
    const page = (await (await get(`/gifts/${token}`)).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("For your mornings");
    expect(page).toContain("Sign in to claim it");
    expect((await get("/gifts/no-such-gift")).status).toBe(404);

    const recipient = await newPerson();
    const claimed = await post(`/gifts/${token}`, {}, { cookie: recipient.cookie });
    expect(claimed.status).toBe(302);
    expect(claimed.headers.get("location")).toBe(`/collection/${deckId}?bought=1`);
    expect(await db().select().from(deckPurchases).where(eq(deckPurchases.deckId, deckId))).toMatchObject([
      { buyerId: recipient.id, checkoutId, grossCents: 1000, feeCents, status: "paid" },
    ]);
    // Still one sale line: the claim writes the copy, not a second sale.
    expect(await db().select().from(sellerLedger).where(eq(sellerLedger.sellerId, seller.id))).toHaveLength(1);
    expect((await get(`/collection/${deckId}`, { cookie: recipient.cookie })).status).toBe(200);

    // Claimed once: anyone after is refused, the recipient is sent to their copy.
    const late = await newPerson();
    const refused = await post(`/gifts/${token}`, {}, { cookie: late.cookie });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(GIFT_MESSAGES.claimed);
    expect((await post(`/gifts/${token}`, {}, { cookie: recipient.cookie })).status).toBe(302);
    expect(await db().select().from(deckPurchases).where(eq(deckPurchases.deckId, deckId))).toHaveLength(1);

    // Two people claiming one gift at once: one gets it.
    const other = await give(giver, deckId, `second-${newId().slice(0, 8)}@example.com`);
    const [a, b] = [await newPerson(), await newPerson()];
    const answers = await Promise.all([post(`/gifts/${other.token}`, {}, { cookie: a.cookie }), post(`/gifts/${other.token}`, {}, { cookie: b.cookie })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect(await db().select().from(deckPurchases).where(eq(deckPurchases.checkoutId, other.checkoutId))).toHaveLength(1);
  });

  it("are refunded to the giver: a claimed gift's copy ends, an unclaimed one can no longer be claimed", async () => {
    const seller = await newPerson("creator");
    const giver = await newPerson();
    const deckId = await listedDeck(seller, "6");
    const refund = async (checkoutId: string) => {
      const receipt = (await db().query.paymentReceipts.findFirst({ where: eq(paymentReceipts.checkoutId, checkoutId) }))!;
      for (const evt of await local().refund({ paymentIntentId: receipt.paymentIntentId!, idempotencyKey: `test-${checkoutId}` }))
        await applyPaymentEvent(db(), local(), evt);
      return (await db().query.paymentReceipts.findFirst({ where: eq(paymentReceipts.checkoutId, checkoutId) }))!;
    };

    const unclaimed = await give(giver, deckId, `a-${newId().slice(0, 8)}@example.com`);
    expect(await refund(unclaimed.checkoutId)).toMatchObject({ userId: giver.id, refundedCents: 600 });
    expect((await db().query.deckGifts.findFirst({ where: eq(deckGifts.checkoutId, unclaimed.checkoutId) }))!.status).toBe("refunded");
    const recipient = await newPerson();
    const gone = await post(`/gifts/${unclaimed.token}`, {}, { cookie: recipient.cookie });
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain(GIFT_MESSAGES.refunded);

    const claimedGift = await give(giver, deckId, `b-${newId().slice(0, 8)}@example.com`);
    expect((await post(`/gifts/${claimedGift.token}`, {}, { cookie: recipient.cookie })).status).toBe(302);
    await refund(claimedGift.checkoutId);
    expect(await db().query.deckPurchases.findFirst({ where: eq(deckPurchases.checkoutId, claimedGift.checkoutId) })).toMatchObject({ status: "refunded" });
    // Both sales taken back: the creator's ledger sums to nothing.
    const lines = await db().select().from(sellerLedger).where(eq(sellerLedger.sellerId, seller.id));
    expect(lines.filter((line) => line.kind === "refund")).toHaveLength(2);
    expect(lines.reduce((sum, line) => sum + line.netCents, 0)).toBe(0);
    expect(await db().query.checkoutSessions.findFirst({ where: eq(checkoutSessions.id, claimedGift.checkoutId) })).toMatchObject({ kind: "gift" });
  });
});
