import type { CardImageQuality } from "../../db/columns";
import { formatDollars } from "../lib/format";

/**
 * The plan catalogue: every plan the product sells, in one typed place. Pricing, checkout, quotas and
 * marketplace fees all read from here.
 */
export type PlanTier = "free" | "explorer" | "mystic" | "creator" | "visionary";
export type BillingInterval = "once" | "month" | "year";

export type Plan = {
  key: string;
  tier: PlanTier;
  /** Price id at the payment provider; configuration may override it per deployment. */
  priceId: string;
  name: string;
  description: string;
  mode: "free" | "payment" | "subscription";
  /** US dollars. */
  price: number;
  currency: "usd";
  interval: BillingInterval;
  cardImageQuality: CardImageQuality[];
  /** Decks granted per interval (for the one-off upgrade: decks it upgrades). */
  deckCount: number;
  cardCount: number;
  /** Decks the plan may keep; null for unlimited. */
  storageLimit: number | null;
  /** Platform fee on the plan holder's marketplace sales, percent; null when the plan cannot sell. */
  sellerFeePercent: number | null;
  regenerations: number | "unlimited";
  commercialRights: "personal" | "limited" | "full" | "extended";
  popular: boolean;
};

const MONTHS_PER_YEAR = 12;
export const YEARLY_SAVING_PERCENT = 20;
/** Days between the free plan's grants. */
export const FREE_REFRESH_DAYS = 30;

/** A yearly subscription's price: twelve monthly payments less the yearly saving, rounded to the cent (decision 0096). */
export function yearlyPrice(monthly: number): number {
  return Math.round(monthly * MONTHS_PER_YEAR * (100 - YEARLY_SAVING_PERCENT)) / 100;
}

type SubscriptionTier = {
  tier: Exclude<PlanTier, "free" | "explorer">;
  name: string;
  description: string;
  monthly: number;
  decksPerMonth: number;
  cardsPerMonth: number;
  storageLimit: number | null;
  sellerFeePercent: number;
  quality: CardImageQuality[];
  commercialRights: Plan["commercialRights"];
  popular: boolean;
};

const SUBSCRIPTION_TIERS: SubscriptionTier[] = [
  {
    tier: "mystic",
    name: "Mystic",
    description: "For regular deck makers who want room to experiment.",
    monthly: 12.99,
    decksPerMonth: 2,
    cardsPerMonth: 156,
    storageLimit: 15,
    sellerFeePercent: 30,
    quality: ["medium"],
    commercialRights: "limited",
    popular: false,
  },
  {
    tier: "creator",
    name: "Creator",
    description: "For creators who sell their decks and want the best art.",
    monthly: 29.99,
    decksPerMonth: 4,
    cardsPerMonth: 312,
    storageLimit: 50,
    sellerFeePercent: 25,
    quality: ["medium", "high"],
    commercialRights: "full",
    popular: true,
  },
  {
    tier: "visionary",
    name: "Visionary",
    description: "For studios and professional readers building a brand.",
    monthly: 79.99,
    decksPerMonth: 8,
    cardsPerMonth: 624,
    storageLimit: null,
    sellerFeePercent: 15,
    quality: ["high"],
    commercialRights: "extended",
    popular: false,
  },
];

export const FREE_PLAN: Plan = {
  key: "free",
  tier: "free",
  priceId: "free",
  name: "Free",
  description: "Start with a Major Arcana deck of your own.",
  mode: "free",
  price: 0,
  currency: "usd",
  interval: "month",
  cardImageQuality: ["medium"],
  deckCount: 1,
  cardCount: 22,
  storageLimit: null,
  sellerFeePercent: null,
  regenerations: 0,
  commercialRights: "personal",
  popular: false,
};

export const EXPLORER_PLUS: Plan = {
  key: "explorer-plus",
  tier: "explorer",
  priceId: "price_explorer_plus",
  name: "Explorer Plus",
  description: "Complete one Major Arcana deck to the full 78 cards.",
  mode: "payment",
  price: 5,
  currency: "usd",
  interval: "once",
  cardImageQuality: ["medium"],
  deckCount: 1,
  cardCount: 56,
  storageLimit: null,
  sellerFeePercent: null,
  regenerations: 5,
  commercialRights: "personal",
  popular: false,
};

function subscriptionPlans(t: SubscriptionTier): Plan[] {
  const base = {
    tier: t.tier,
    name: t.name,
    description: t.description,
    mode: "subscription" as const,
    currency: "usd" as const,
    cardImageQuality: t.quality,
    storageLimit: t.storageLimit,
    sellerFeePercent: t.sellerFeePercent,
    regenerations: "unlimited" as const,
    commercialRights: t.commercialRights,
    popular: t.popular,
  };
  return [
    {
      ...base,
      key: `${t.tier}-monthly`,
      priceId: `price_${t.tier}_monthly`,
      price: t.monthly,
      interval: "month",
      deckCount: t.decksPerMonth,
      cardCount: t.cardsPerMonth,
    },
    {
      ...base,
      key: `${t.tier}-yearly`,
      priceId: `price_${t.tier}_yearly`,
      price: yearlyPrice(t.monthly),
      interval: "year",
      deckCount: t.decksPerMonth * MONTHS_PER_YEAR,
      cardCount: t.cardsPerMonth * MONTHS_PER_YEAR,
    },
  ];
}

export const PLANS: readonly Plan[] = [FREE_PLAN, EXPLORER_PLUS, ...SUBSCRIPTION_TIERS.flatMap(subscriptionPlans)];

export type BillingChoice = "monthly" | "yearly";

/** The plans the pricing page shows for a billing choice: free, the one-off upgrade, and the subscriptions. */
export function plansFor(billing: BillingChoice): Plan[] {
  const interval: BillingInterval = billing === "yearly" ? "year" : "month";
  return PLANS.filter((p) => p.mode !== "subscription" || p.interval === interval);
}

export function findPlanByKey(key: string): Plan | undefined {
  return PLANS.find((p) => p.key === key);
}

export function findPlanByPriceId(priceId: string): Plan | undefined {
  return PLANS.find((p) => p.priceId === priceId);
}

/** The tier a plan key belongs to, from its prefix (`creator-yearly` → creator). */
export function tierOfPlanKey(key: string): PlanTier {
  if (key.startsWith("explorer")) return "explorer";
  for (const tier of ["mystic", "creator", "visionary"] as const) if (key.startsWith(tier)) return tier;
  return "free";
}

/** What a yearly plan comes to per month, to the cent ("$63.99 a month, billed yearly"). */
export function pricePerMonth(plan: Plan): number {
  return plan.interval === "year" ? Math.round((plan.price / MONTHS_PER_YEAR) * 100) / 100 : plan.price;
}

export function formatPlanPrice(plan: Plan): string {
  return formatDollars(plan.price);
}
