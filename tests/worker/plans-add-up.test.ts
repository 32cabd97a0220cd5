/**
 * Every plan's promise, as the pricing page words it, is what its credits really make: a period is
 * allocated with the real allocation code, decks are charged with the real charging code at each
 * quality the plan allows until a charge is refused, and the count must be the number the page
 * printed. The monthly refresh (the periodic job) must then give the same again.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { consumeCredits, initializeQuotaForPlan, refreshDeckQuotas } from "../../app/credits/credits.server";
import { upgradeCharge } from "../../app/plans/cost";
import { chargeNewDeck } from "../../app/decks/create.server";
import type { CardImageQuality } from "../../db/columns";
import { findPlanByKey } from "../../app/plans/catalogue";
import { subscriptions, userDeckQuotas, users } from "../../db/schema";
import { get, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);
const MOST = 500;

type PlanCard = { key: string; headline: string; lines: { quality: CardImageQuality; text: string }[] };

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .trim();

/** The plan cards of the pricing page as a visitor reads them: each plan's headline and its line per quality. */
async function pricingCards(billing: "monthly" | "yearly"): Promise<PlanCard[]> {
  const html = await (await get(`/pricing?billing=${billing}`)).text();
  return [...html.matchAll(/<article[^>]*data-plan="([^"]+)"[^>]*>([\s\S]*?)<\/article>/g)].map(([, key, body]) => ({
    key: key!,
    headline: text(/data-testid="plan-headline"[^>]*>([\s\S]*?)<\/p>/.exec(body!)?.[1] ?? ""),
    lines: [...body!.matchAll(/<li[^>]*data-quality="(\w+)"[^>]*>([\s\S]*?)<\/li>/g)].map(([, quality, line]) => ({
      quality: quality as CardImageQuality,
      text: text(line!),
    })),
  }));
}

async function newMember() {
  const id = `plans-${crypto.randomUUID()}`;
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com` });
  return id;
}

/** Charges what the plan's decks cost, one after another, until a charge is refused; how many went through. */
async function decksMade(userId: string, planKey: string, quality: CardImageQuality) {
  const plan = findPlanByKey(planKey)!;
  let made = 0;
  while (made < MOST) {
    const referenceId = `walk:${crypto.randomUUID()}`;
    const charged =
      plan.mode === "payment"
        ? await consumeCredits(db(), userId, upgradeCharge(), { referenceId, description: "Full deck" })
        : await chargeNewDeck(db(), userId, plan.tier === "free" ? "major_arcana" : "complete", quality, { referenceId, description: "Deck" });
    if (!charged.ok) break;
    made++;
  }
  return made;
}

/** The number a plan's line promises, read from the sentence as the page words it for that kind of plan. */
function promised(planKey: string, line: PlanCard["lines"][number]): number {
  const plan = findPlanByKey(planKey)!;
  const label = line.quality === "high" ? "High" : "Medium";
  const pattern =
    plan.mode === "payment"
      ? new RegExp(`^${label} quality: completes (\\d+) Major Arcana decks?$`)
      : plan.mode === "free"
        ? new RegExp(`^${label} quality: (\\d+) Major Arcana decks?$`)
        : new RegExp(`^${label} quality: (\\d+) full decks?$`);
  const match = pattern.exec(line.text);
  expect(match, `${planKey}: "${line.text}"`).not.toBeNull();
  return Number(match![1]);
}

describe("every plan's decks", () => {
  it("the pricing page still sells what the catalogue promises, in decks and cards", async () => {
    const headlines = Object.fromEntries([...(await pricingCards("monthly")), ...(await pricingCards("yearly"))].map((c) => [c.key, c.headline]));
    expect(headlines).toMatchObject({
      free: "1 Major Arcana deck · 22 cards every 30 days",
      "explorer-plus": "56 extra cards",
      "mystic-monthly": "2 medium-quality decks · 156 cards a month",
      "creator-monthly": "4 high-quality decks · 312 cards a month",
      "visionary-monthly": "8 high-quality decks · 624 cards a month",
      "mystic-yearly": "24 medium-quality decks · 1,872 cards a year",
      "creator-yearly": "48 high-quality decks · 3,744 cards a year",
      "visionary-yearly": "96 high-quality decks · 7,488 cards a year",
    });
  });

  for (const billing of ["monthly", "yearly"] as const) {
    it(`are as many as the ${billing} pricing page says, at every quality each plan allows, and again after the refresh`, async () => {
      const cards = await pricingCards(billing);
      expect(cards.map((c) => c.key).sort()).toEqual(
        billing === "monthly"
          ? ["creator-monthly", "explorer-plus", "free", "mystic-monthly", "visionary-monthly"]
          : ["creator-yearly", "explorer-plus", "free", "mystic-yearly", "visionary-yearly"],
      );
      const walked: string[] = [];
      for (const card of cards) {
        const plan = findPlanByKey(card.key)!;
        expect(card.lines.map((l) => l.quality).sort(), card.key).toEqual([...plan.cardImageQuality].sort());
        for (const line of card.lines) {
          const userId = await newMember();
          const now = Date.now();
          await initializeQuotaForPlan(db(), userId, card.key, now, { referenceId: `allocation:${userId}` });
          const made = await decksMade(userId, card.key, line.quality);
          expect(made, `${card.key} at ${line.quality}: "${line.text}"`).toBe(promised(card.key, line));
          walked.push(`${card.key} ${line.quality} ${made}`);
          if (plan.mode === "payment") continue;

          // The periodic job's refresh grants the same month again (nothing unused to roll over).
          const record = await db().query.userDeckQuotas.findFirst({ where: eq(userDeckQuotas.userId, userId) });
          await refreshDeckQuotas(db(), record!.nextRefreshDate + 1);
          expect(await decksMade(userId, card.key, line.quality), `${card.key} at ${line.quality}, refreshed`).toBe(made);
        }
        // The headline counts the finest quality's decks, a year's twelve refreshes on a yearly plan.
        if (plan.mode !== "payment") {
          const finest = card.lines[0]!;
          const decks = Number(/^(\d+) [\w -]+ · /.exec(card.headline)?.[1]);
          expect(decks, card.key).toBe(promised(card.key, finest) * (plan.interval === "year" ? 12 : 1));
        }
      }
      console.log(`Decks made per plan and quality (${billing}):\n  ${walked.join("\n  ")}`);
    });
  }

  it("the subscription page and the create form say the same counts", async () => {
    const userId = await newMember();
    const now = Date.now();
    const cookie = await signInAs(userId);
    // Chosen before subscribing, as on the way to checkout.
    const chosen = await (await get("/subscription?plan=creator-monthly", { cookie })).text();
    expect(text(/data-testid="plan-grant"[^>]*>([\s\S]*?)<\/(p|span)>/.exec(chosen)?.[1] ?? "")).toBe(
      "Every month it gives the credits for 4 full decks at high quality or 12 at medium.",
    );
    await initializeQuotaForPlan(db(), userId, "creator-monthly", now, { referenceId: `allocation:${userId}` });
    await db()
      .insert(subscriptions)
      .values({
        userId,
        subscriptionStatus: "active",
        priceId: "price_creator_monthly",
        currentPeriodEnd: Math.floor((now + 30 * 86_400_000) / 1000),
      });
    const form = await (await get("/create-deck", { cookie })).text();
    expect(text(/data-testid="credits-make"[^>]*>([\s\S]*?)<a /.exec(form)?.[1] ?? "")).toBe(
      "Your credits make 4 Major Arcana decks at high quality or 12 at medium.",
    );
    expect(await decksMade(userId, "creator-monthly", "high")).toBe(4);
  });
});
