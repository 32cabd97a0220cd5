import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import {
  allowedQualities,
  commercialRightsLabel,
  defaultQuality,
  FIX_PAYMENT_PATH,
  hasApiAccess,
  hasVerifiedCreatorBadge,
  mayRepaint,
  maySell,
  planStanding,
  qualityRefusalMessage,
  repaintsPerDeck,
  sellerFeePercent,
  storageLimit,
} from "../../app/entitlements/entitlements";
import { getPlanStanding, repaintsLeftOnDeck } from "../../app/entitlements/entitlements.server";
import { cards, deckQuotaLedger, decks, subscriptions, userDeckQuotas, users } from "../../db/schema";
import { MAJOR_ARCANA } from "../../app/tarot/cards";
import { get, post, signInAs, waitForDeck } from "./helpers";

const db = () => createDatabase(env.DB);
const DAY = 24 * 60 * 60 * 1000;

type Seed = {
  planType?: (typeof userDeckQuotas.$inferInsert)["planType"];
  majorArcanaQuota?: number;
  completeDeckQuota?: number;
  subscription?: { status: (typeof subscriptions.$inferInsert)["subscriptionStatus"]; priceId: string };
  decks?: number;
};

/** A signed-in member with a quota record, and a subscription row and kept decks when asked. */
async function member(seed: Seed = {}) {
  const id = `ent-${crypto.randomUUID()}`;
  const d = db();
  await d.insert(users).values({ id, email: `${id}@example.com` });
  await d.insert(userDeckQuotas).values({
    userId: id,
    planType: seed.planType ?? "free",
    majorArcanaQuota: seed.majorArcanaQuota ?? 0,
    completeDeckQuota: seed.completeDeckQuota ?? 0,
    nextRefreshDate: Date.now() + 10 * DAY,
  });
  if (seed.subscription) {
    await d.insert(subscriptions).values({
      userId: id,
      subscriptionStatus: seed.subscription.status,
      priceId: seed.subscription.priceId,
      currentPeriodEnd: Math.floor((Date.now() + 20 * DAY) / 1000),
    });
  }
  if (seed.decks) {
    // One statement per deck: D1 caps a statement at 100 parameters.
    const rows = Array.from({ length: seed.decks }, (_, i) => ({
      id: crypto.randomUUID(),
      creatorId: id,
      title: `Kept ${i}`,
      theme: "Kept",
      status: "ready" as const,
    }));
    const [first, ...rest] = rows.map((row) => d.insert(decks).values(row));
    await d.batch([first!, ...rest]);
  }
  return { id, cookie: await signInAs(id) };
}

function createDeck(cookie: string, form: Record<string, string> = {}) {
  return post("/create-deck", { intent: "create", theme: "Moonlit tides", style: "watercolour", kind: "major_arcana", quality: "medium", ...form }, { cookie });
}

async function deckCount(userId: string) {
  const [row] = await db()
    .select({ n: sql<number>`count(*)` })
    .from(decks)
    .where(eq(decks.creatorId, userId));
  return Number(row!.n);
}

async function quota(userId: string) {
  return db().query.userDeckQuotas.findFirst({ where: eq(userDeckQuotas.userId, userId) });
}

async function ledger(userId: string) {
  return db().select().from(deckQuotaLedger).where(eq(deckQuotaLedger.userId, userId));
}

const deckIdFrom = (response: Response) => response.headers.get("location")!.split("/").pop()!;

/** The quality radios the create-deck form offers. */
async function offeredQualities(cookie: string) {
  const html = await (await get("/create-deck", { cookie })).text();
  return [...html.matchAll(/<input[^>]*name="quality"[^>]*>/g)].map((m) => ({
    value: /value="(\w+)"/.exec(m[0])![1],
    checked: /\schecked(=""|\s|>|\/)/.test(m[0]),
    disabled: /\sdisabled(=""|\s|>|\/)/.test(m[0]),
  }));
}

describe("a person's plan", () => {
  it("comes from an active or trialing subscription's price, else Explorer Plus on the quota record, else free", async () => {
    const creator = await member({ planType: "creator", subscription: { status: "active", priceId: "price_creator_yearly" } });
    const trial = await member({ planType: "visionary", subscription: { status: "trialing", priceId: "price_visionary_monthly" } });
    const explorer = await member({ planType: "explorer" });
    const lapsed = await member({ planType: "mystic", subscription: { status: "canceled", priceId: "price_mystic_monthly" } });
    const free = await member();
    expect(await getPlanStanding(db(), creator.id)).toEqual({ state: "subscribed", tier: "creator", planName: "Creator" });
    expect(await getPlanStanding(db(), trial.id)).toMatchObject({ state: "subscribed", tier: "visionary" });
    expect(await getPlanStanding(db(), explorer.id)).toEqual({ state: "explorer", tier: "explorer" });
    expect(await getPlanStanding(db(), lapsed.id)).toEqual({ state: "free", tier: "free" });
    expect(await getPlanStanding(db(), free.id)).toEqual({ state: "free", tier: "free" });
    expect(await getPlanStanding(db(), "nobody")).toEqual({ state: "free", tier: "free" });
  });

  it("treats past due, unpaid and incomplete subscriptions as payment due, not subscribed", () => {
    for (const status of ["past_due", "unpaid", "incomplete"]) {
      expect(planStanding({ subscriptionStatus: status, priceId: "price_creator_monthly" }, "creator")).toEqual({
        state: "payment_due",
        tier: "free",
        planName: "Creator",
        status,
      });
    }
  });

  it("falls back to the quota record's tier for a subscription price the catalogue does not know", () => {
    expect(planStanding({ subscriptionStatus: "active", priceId: "price_renamed" }, "creator")).toMatchObject({ state: "subscribed", tier: "creator" });
    expect(planStanding({ subscriptionStatus: "active", priceId: "price_renamed" }, "free")).toMatchObject({ state: "subscribed", tier: "mystic" });
  });
});

describe("image quality", () => {
  it("is medium for free, Explorer Plus and Mystic, medium and high for Creator, high for Visionary", () => {
    expect(allowedQualities("free")).toEqual(["medium"]);
    expect(allowedQualities("explorer")).toEqual(["medium"]);
    expect(allowedQualities("mystic")).toEqual(["medium"]);
    expect(allowedQualities("creator")).toEqual(["medium", "high"]);
    expect(allowedQualities("visionary")).toEqual(["high"]);
    expect(defaultQuality("creator")).toBe("medium");
    expect(defaultQuality("visionary")).toBe("high");
    expect(qualityRefusalMessage("high")).toBe("High quality is part of the Creator and Visionary plans. Nothing was charged.");
  });

  it("the form offers only the qualities the plan allows, medium first", async () => {
    const free = await member({ majorArcanaQuota: 1 });
    const creator = await member({ planType: "creator", completeDeckQuota: 4, subscription: { status: "active", priceId: "price_creator_monthly" } });
    const visionary = await member({ planType: "visionary", completeDeckQuota: 8, subscription: { status: "active", priceId: "price_visionary_monthly" } });
    expect(await offeredQualities(free.cookie)).toEqual([{ value: "medium", checked: true, disabled: false }]);
    expect(await offeredQualities(creator.cookie)).toEqual([
      { value: "medium", checked: true, disabled: false },
      { value: "high", checked: false, disabled: false },
    ]);
    expect(await offeredQualities(visionary.cookie)).toEqual([{ value: "high", checked: true, disabled: false }]);
    expect(await (await get("/create-deck", { cookie: free.cookie })).text()).toContain("High quality is part of the Creator and Visionary plans.");
  });

  it("refuses a quality the plan does not include with 400, naming the plans, and charges nothing", async () => {
    const mystic = await member({ planType: "mystic", completeDeckQuota: 4, subscription: { status: "active", priceId: "price_mystic_monthly" } });
    const refused = await createDeck(mystic.cookie, { quality: "high" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("High quality is part of the Creator and Visionary plans.");
    expect(await deckCount(mystic.id)).toBe(0);
    expect(await ledger(mystic.id)).toHaveLength(0);

    const visionary = await member({ planType: "visionary", completeDeckQuota: 8, subscription: { status: "active", priceId: "price_visionary_monthly" } });
    const medium = await createDeck(visionary.cookie, { quality: "medium" });
    expect(medium.status).toBe(400);
    expect(await medium.text()).toContain("Medium quality is part of the Free, Explorer Plus, Mystic and Creator plans.");
    expect(await deckCount(visionary.id)).toBe(0);
  });

  it("lets a Creator subscriber make a high-quality deck", async () => {
    const creator = await member({ planType: "creator", completeDeckQuota: 4, subscription: { status: "active", priceId: "price_creator_monthly" } });
    const response = await createDeck(creator.cookie, { quality: "high" });
    expect(response.status).toBe(302);
    const deck = await waitForDeck(deckIdFrom(response));
    expect(deck.quality).toBe("high");
    expect((await quota(creator.id))?.completeDeckUsed).toBe(3);
  });
});

describe("decks kept", () => {
  it("are limited to 15 on Mystic, 50 on Creator, unlimited on Visionary, free and Explorer Plus", () => {
    expect(storageLimit("mystic")).toBe(15);
    expect(storageLimit("creator")).toBe(50);
    expect(storageLimit("visionary")).toBeNull();
    expect(storageLimit("free")).toBeNull();
    expect(storageLimit("explorer")).toBeNull();
  });

  it("refuses a new deck at the limit before any credit is taken, and nothing is lost", async () => {
    const mystic = await member({ planType: "mystic", completeDeckQuota: 2, subscription: { status: "active", priceId: "price_mystic_monthly" }, decks: 15 });
    const refused = await createDeck(mystic.cookie);
    expect(refused.status).toBe(403);
    const text = await refused.text();
    expect(text).toContain("Your Mystic plan keeps up to 15 decks");
    expect(text).toContain("Delete a deck or upgrade your plan");
    expect(await deckCount(mystic.id)).toBe(15);
    expect(await quota(mystic.id)).toMatchObject({ completeDeckQuota: 2, completeDeckUsed: 0, majorArcanaUsed: 0 });
    expect(await ledger(mystic.id)).toHaveLength(0);
  });

  it("keeps the limit when several decks are asked for at once with one place left, and refunds the ones refused", async () => {
    // Credits for all four, so only the storage limit refuses.
    const mystic = await member({ planType: "mystic", completeDeckQuota: 4, subscription: { status: "active", priceId: "price_mystic_monthly" }, decks: 14 });
    const responses = await Promise.all(Array.from({ length: 4 }, () => createDeck(mystic.cookie)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([302, 403, 403, 403]);
    await waitForDeck(deckIdFrom(responses.find((r) => r.status === 302)!));
    expect(await deckCount(mystic.id)).toBe(15);
    // One credit spent; any other taken was given back.
    expect((await quota(mystic.id))?.completeDeckUsed).toBe(1);
  });

  it("makes the deck while there is room", async () => {
    const mystic = await member({ planType: "mystic", completeDeckQuota: 2, subscription: { status: "active", priceId: "price_mystic_monthly" }, decks: 14 });
    expect(await (await get("/create-deck", { cookie: mystic.cookie })).text()).toContain("14 of 15 decks kept on your plan.");
    const response = await createDeck(mystic.cookie);
    expect(response.status).toBe(302);
    await waitForDeck(deckIdFrom(response));
    expect(await deckCount(mystic.id)).toBe(15);
    expect((await quota(mystic.id))?.completeDeckUsed).toBe(1);
  });
});

describe("a subscription whose payment did not go through", () => {
  it("refuses paid generation with a clear message and a link to fix the payment, charging nothing", async () => {
    const due = await member({ planType: "creator", completeDeckQuota: 4, subscription: { status: "past_due", priceId: "price_creator_monthly" } });
    const refused = await createDeck(due.cookie);
    expect(refused.status).toBe(402);
    const text = await refused.text();
    expect(text).toContain("The last payment for your Creator subscription did not go through");
    // The way to fix it is a link in words, not a path in the sentence.
    expect(text).toContain(`href="${FIX_PAYMENT_PATH}">Update your payment details</a>`);
    expect(text).not.toMatch(/ at \/subscription/);
    expect(await deckCount(due.id)).toBe(0);
    expect(await ledger(due.id)).toHaveLength(0);

    const page = await (await get("/create-deck", { cookie: due.cookie })).text();
    expect(page).toContain(`href="${FIX_PAYMENT_PATH}"`);
    expect(page).toContain("did not go through");
  });

  it("refuses an upgrade too", async () => {
    const due = await member({ planType: "mystic", completeDeckQuota: 2, subscription: { status: "unpaid", priceId: "price_mystic_monthly" }, decks: 1 });
    const [deck] = await db().select().from(decks).where(eq(decks.creatorId, due.id));
    const refused = await post(`/collection/${deck!.id}`, { intent: "upgrade" }, { cookie: due.cookie });
    expect(refused.status).toBe(402);
    const said = await refused.text();
    expect(said).toContain("new decks are paused. Update your payment details on your subscription page to continue.");
    expect(said).toContain(`href="${FIX_PAYMENT_PATH}">Update your payment details</a>`);
    expect(await ledger(due.id)).toHaveLength(0);
  });
});

describe("repaints", () => {
  it("are five per deck on the free plan and Explorer Plus, unlimited for subscribers, and failed cards are always free", () => {
    expect(repaintsPerDeck("free")).toBe(5);
    expect(repaintsPerDeck("explorer")).toBe(5);
    expect(repaintsPerDeck("mystic")).toBeNull();
    expect(repaintsPerDeck("creator")).toBeNull();
    expect(repaintsPerDeck("visionary")).toBeNull();
    expect(mayRepaint(0, true)).toBe(true);
    expect(mayRepaint(0, false)).toBe(false);
    expect(mayRepaint(null, false)).toBe(true);
  });

  async function deckWithRepaints(userId: string, used: number) {
    const deckId = crypto.randomUUID();
    await db().insert(decks).values({ id: deckId, creatorId: userId, title: "Repainted", theme: "Repainted", status: "ready" });
    await db()
      .insert(cards)
      .values(
        MAJOR_ARCANA.slice(0, 3).map((card, i) => ({
          id: crypto.randomUUID(),
          deckId,
          cardKey: card.key,
          name: card.name,
          arcana: card.arcana,
          suit: card.suit,
          number: card.number,
          status: "ready" as const,
          regenerations: i === 0 ? used : 0,
        })),
      );
    return deckId;
  }

  it("count what the deck has used, per plan", async () => {
    const free = await member();
    const explorer = await member({ planType: "explorer" });
    const mystic = await member({ planType: "mystic", subscription: { status: "active", priceId: "price_mystic_yearly" } });
    const due = await member({ planType: "mystic", subscription: { status: "past_due", priceId: "price_mystic_monthly" } });
    expect(await repaintsLeftOnDeck(db(), free.id, await deckWithRepaints(free.id, 2))).toBe(3);
    expect(await repaintsLeftOnDeck(db(), explorer.id, await deckWithRepaints(explorer.id, 5))).toBe(0);
    expect(await repaintsLeftOnDeck(db(), mystic.id, await deckWithRepaints(mystic.id, 40))).toBeNull();
    expect(await repaintsLeftOnDeck(db(), due.id, await deckWithRepaints(due.id, 1))).toBe(4);
  });

  it("refuses a sixth repaint on a free deck, and shows what is left", async () => {
    const free = await member();
    const deckId = await deckWithRepaints(free.id, 5);
    const refused = await post(`/collection/${deckId}`, { intent: "regenerate", card: MAJOR_ARCANA[1]!.key }, { cookie: free.cookie });
    expect(refused.status).toBe(402);
    expect(await refused.text()).toContain("No regenerations left for this deck.");
    expect(await (await get(`/collection/${deckId}`, { cookie: free.cookie })).text()).toContain("0 card regenerations left for this deck.");
  });
});

describe("marketplace rights", () => {
  it("fees are 30, 25 and 15 percent for Mystic, Creator and Visionary; free and Explorer Plus cannot sell", () => {
    expect(sellerFeePercent("mystic")).toBe(30);
    expect(sellerFeePercent("creator")).toBe(25);
    expect(sellerFeePercent("visionary")).toBe(15);
    expect(sellerFeePercent("free")).toBeNull();
    expect(sellerFeePercent("explorer")).toBeNull();
    expect(maySell("free")).toBe(false);
    expect(maySell("mystic")).toBe(true);
  });

  it("commercial rights, the verified-creator badge and API access follow the plan", () => {
    expect(commercialRightsLabel("free")).toBe("Personal use only");
    expect(commercialRightsLabel("explorer")).toBe("Personal use only");
    expect(commercialRightsLabel("mystic")).toBe("Limited commercial rights");
    expect(commercialRightsLabel("creator")).toBe("Full commercial rights");
    expect(commercialRightsLabel("visionary")).toBe("Extended commercial rights, including merchandising");
    for (const tier of ["free", "explorer", "mystic", "creator"] as const) {
      expect(hasVerifiedCreatorBadge(tier)).toBe(false);
      expect(hasApiAccess(tier)).toBe(false);
    }
    expect(hasVerifiedCreatorBadge("visionary")).toBe(true);
    expect(hasApiAccess("visionary")).toBe(true);
  });
});
