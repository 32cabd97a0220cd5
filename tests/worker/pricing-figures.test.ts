/**
 * Every figure the pricing page and the header show comes from the plan catalogue: the pricing page
 * is rendered through the Worker, each plan card's price, headline and credits are compared with
 * the catalogue entry it names, and any number on the page that no catalogue field (or the credit
 * rule over it) holds fails the test.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { describeCredits } from "../../app/plans/cost";
import { DECK_SIZE, planCredits, planDecksAt } from "../../app/plans/plan-credits";
import { DEFAULT_REFRESH_PERIOD_MS } from "../../app/credits/quota-record.server";
import { findPlanByKey, PLANS, YEARLY_SAVING_PERCENT, type Plan } from "../../app/plans/catalogue";
import { subscriptions, userDeckQuotas, users } from "../../db/schema";
import { get, signInAs } from "./helpers";

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** Every number a reader sees in `words`: "$767.90" → 767.9, "1,872" → 1872. */
const numbersIn = (words: string) => [...words.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map(([n]) => Number(n.replace(/,/g, "")));

const cents = (dollars: number) => Math.round(dollars * 100);
const DAY_MS = 86_400_000;

type Card = { plan: Plan; html: string; words: string };

async function pricingPage(billing: "monthly" | "yearly") {
  const response = await get(`/pricing?billing=${billing}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
  const cards: Card[] = [...main.matchAll(/<article[^>]*data-plan="([^"]+)"[^>]*>([\s\S]*?)<\/article>/g)].map(([, key, body]) => {
    const plan = findPlanByKey(key!);
    expect(plan, key).toBeDefined();
    return { plan: plan!, html: body!, words: text(body!) };
  });
  const outside = text(main.replace(/<article[\s\S]*?<\/article>/g, ""));
  return { cards, outside };
}

const part = (card: Card, testId: string) => text(new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</(p|div)>`).exec(card.html)?.[1] ?? "");

/** The numbers a plan's card may show, each from the catalogue entry or the credit rule applied to it. */
function figuresOf(plan: Plan): Set<number> {
  const figures = [plan.price, plan.deckCount, plan.cardCount, DECK_SIZE.major_arcana, DECK_SIZE.complete];
  if (plan.interval === "year") figures.push(cents(plan.price / 12) / 100);
  if (plan.storageLimit !== null) figures.push(plan.storageLimit);
  if (plan.sellerFeePercent !== null) figures.push(plan.sellerFeePercent);
  if (typeof plan.regenerations === "number") figures.push(plan.regenerations);
  if (plan.mode === "free") figures.push(DEFAULT_REFRESH_PERIOD_MS / DAY_MS);
  const credits = planCredits(plan);
  figures.push(credits.majorArcana, credits.completeDeck);
  for (const quality of plan.cardImageQuality) figures.push(planDecksAt(plan, quality));
  return new Set(figures);
}

describe("the pricing page's figures", () => {
  for (const billing of ["monthly", "yearly"] as const) {
    it(`shows each ${billing} plan at the catalogue's price, and a yearly price is twelve months less the saving, to the cent`, async () => {
      const { cards } = await pricingPage(billing);
      expect(cards).toHaveLength(5);
      for (const { plan, html } of cards) {
        const price = text(/data-testid="plan-price"[^>]*>([\s\S]*?)<\/span>/.exec(html)?.[1] ?? "");
        expect(numbersIn(price), plan.key).toEqual([plan.price]);
        if (plan.interval !== "year") continue;
        const monthly = PLANS.find((p) => p.tier === plan.tier && p.interval === "month")!;
        expect(cents(plan.price), plan.key).toBe(Math.round((cents(monthly.price) * 12 * (100 - YEARLY_SAVING_PERCENT)) / 100));
      }
    });

    it(`names, in each ${billing} headline, the quality its decks are counted at, and the credits that make them`, async () => {
      const { cards } = await pricingPage(billing);
      for (const card of cards) {
        const { plan } = card;
        if (plan.mode === "payment") continue;
        const headline = part(card, "plan-headline");
        const finest = plan.cardImageQuality.at(-1)!;
        const match =
          plan.mode === "free"
            ? /^(\d+) Major Arcana decks? · ([\d,]+) cards every (\d+) days$/.exec(headline)
            : new RegExp(`^(\\d+) ${finest}-quality decks? · ([\\d,]+) cards a ${plan.interval}$`).exec(headline);
        expect(match, `${plan.key}: "${headline}"`).not.toBeNull();
        expect(Number(match![1]), plan.key).toBe(plan.deckCount);
        expect(Number(match![2]!.replace(/,/g, "")), plan.key).toBe(plan.cardCount);
        // The credits a grant holds, said once, above what they make at each quality.
        expect(part(card, "plan-credits"), plan.key).toMatch(new RegExp(`^${describeCredits(planCredits(plan))} `));
      }
    });

    it(`shows no number on the ${billing} page that the catalogue does not hold`, async () => {
      const { cards, outside } = await pricingPage(billing);
      for (const { plan, words } of cards) {
        const figures = figuresOf(plan);
        for (const n of numbersIn(words)) expect(figures.has(n), `${plan.key} shows ${n}: "${words}"`).toBe(true);
      }
      for (const n of numbersIn(outside)) expect([YEARLY_SAVING_PERCENT], `the page shows ${n}: "${outside}"`).toContain(n);
    });
  }
});

describe("the header's plan words", () => {
  const navOf = (html: string) => html.slice(html.indexOf('aria-label="Main"'), html.indexOf("</header>"));

  it("name the subscriber's plan as the catalogue does, and offer others the plans, never a plan the catalogue lacks", async () => {
    const db = createDatabase(env.DB);
    const subscriber = `header-plan-${crypto.randomUUID()}`;
    await db.insert(users).values({ id: subscriber, email: `${subscriber}@example.com`, username: "header_plan" });
    await db.insert(subscriptions).values({
      userId: subscriber,
      subscriptionStatus: "active",
      priceId: "price_visionary_yearly",
      currentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400,
    });
    await db.insert(userDeckQuotas).values({ userId: subscriber, planType: "visionary", completeDeckQuota: 24, nextRefreshDate: Date.now() + 1e9 });
    const visionary = findPlanByKey("visionary-yearly")!;

    const theirs = navOf(await (await get("/", { cookie: await signInAs(subscriber) })).text());
    expect(theirs).toContain(`>${visionary.name} plan<`);
    expect(theirs.match(new RegExp(`<a[^>]*href="/subscription"[^>]*>Your ${visionary.name} plan</a>`, "g"))).toHaveLength(2); // avatar and mobile menus

    const member = navOf(await (await get("/", { cookie: await signInAs("seed-user-demo") })).text());
    expect(member.match(/<a[^>]*href="\/pricing"[^>]*>Upgrade your plan<\/a>/g)).toHaveLength(2);

    const planNames = new Set(PLANS.map((p) => p.name));
    for (const nav of [theirs, member]) {
      expect(nav).not.toMatch(/premium/i);
      for (const [, name] of text(nav).matchAll(/\b(\w+) (?:plan|member)\b/gi)) {
        if (!["Your", "your"].includes(name!)) expect(planNames, name).toContain(name);
      }
    }
  });
});
