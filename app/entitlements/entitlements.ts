/**
 * Entitlements: what a person's plan allows. Pure rules over the plan catalogue, so pages and the
 * server answer with the same words; `entitlements.server.ts` finds the person's plan.
 *
 * Every "may this person do this on their plan" question is answered here: image quality, decks
 * kept, card repaints, the marketplace fee, the commercial-rights label, the verified-creator
 * badge and API access. Nothing else reads the plan to decide.
 */
import type { CardImageQuality } from "../../db/columns";
import { DECK_SIZE } from "../plans/plan-credits";
import { PLANS, type Plan, type PlanTier } from "../plans/catalogue";
import { isSubscribed } from "../plans/subscription";

/** Where a person fixes a subscription payment that did not go through. */
export const FIX_PAYMENT_PATH = "/subscription";

/**
 * Where a person stands with their plan:
 * - `free`: no paid plan;
 * - `explorer`: bought Explorer Plus (a one-off payment, recorded on the quota record);
 * - `subscribed`: a subscription that is active or trialing;
 * - `payment_due`: a subscription whose payment did not go through (past due, unpaid, incomplete).
 *   It is not subscribed: the plan's rules are those of the free plan, and paid generation is
 *   refused until the payment is fixed.
 */
export type PlanStanding =
  | { state: "free"; tier: "free" }
  | { state: "explorer"; tier: "explorer" }
  | { state: "subscribed"; tier: Exclude<PlanTier, "free" | "explorer">; planName: string }
  | { state: "payment_due"; tier: "free"; planName: string; status: string };

export type SubscriptionRow = { subscriptionStatus: string; priceId: string } | null | undefined;

/** Statuses of a subscription that wants a payment before it counts again. */
const PAYMENT_DUE_STATUSES: ReadonlySet<string> = new Set(["past_due", "unpaid", "incomplete"]);
const SUBSCRIPTION_TIERS: ReadonlySet<PlanTier> = new Set(["mystic", "creator", "visionary"]);

function subscriptionPlan(priceId: string, quotaPlanType: string | null | undefined): Plan {
  const byPrice = PLANS.find((p) => p.priceId === priceId && p.mode === "subscription");
  if (byPrice) return byPrice;
  // A price the catalogue does not know (renamed at the provider): the quota record names the tier
  // the subscription granted; failing that, the first tier, since the person does pay for one.
  const tier = quotaPlanType && SUBSCRIPTION_TIERS.has(quotaPlanType as PlanTier) ? quotaPlanType : "mystic";
  return PLANS.find((p) => p.tier === tier && p.mode === "subscription")!;
}

/**
 * The person's standing from their subscription row and their quota record's plan type. A
 * subscription tier on the quota record without a live subscription counts as free: the
 * subscription is the truth for subscriptions, the quota record only for Explorer Plus.
 */
export function planStanding(subscription: SubscriptionRow, quotaPlanType: string | null | undefined): PlanStanding {
  if (subscription && isSubscribed(subscription.subscriptionStatus)) {
    const plan = subscriptionPlan(subscription.priceId, quotaPlanType);
    return { state: "subscribed", tier: plan.tier as Exclude<PlanTier, "free" | "explorer">, planName: plan.name };
  }
  if (subscription && PAYMENT_DUE_STATUSES.has(subscription.subscriptionStatus)) {
    const plan = subscriptionPlan(subscription.priceId, quotaPlanType);
    return { state: "payment_due", tier: "free", planName: plan.name, status: subscription.subscriptionStatus };
  }
  if (quotaPlanType === "explorer") return { state: "explorer", tier: "explorer" };
  return { state: "free", tier: "free" };
}

/** The catalogue entry that holds a tier's rules (every interval of a tier has the same rules). */
export function planOfTier(tier: PlanTier): Plan {
  return PLANS.find((p) => p.tier === tier)!;
}

/* ------------------------------------------------------------------------------------------------
 * Image quality
 * --------------------------------------------------------------------------------------------- */

export const QUALITY_LABEL: Record<CardImageQuality, string> = { medium: "Medium", high: "High" };

export function allowedQualities(tier: PlanTier): readonly CardImageQuality[] {
  return planOfTier(tier).cardImageQuality;
}

/** The quality a new deck starts with: medium where the plan has it, else the plan's first. */
export function defaultQuality(tier: PlanTier): CardImageQuality {
  const allowed = allowedQualities(tier);
  return allowed.includes("medium") ? "medium" : allowed[0]!;
}

export function mayUseQuality(tier: PlanTier, quality: CardImageQuality): boolean {
  return allowedQualities(tier).includes(quality);
}

/** Names of the plans that offer `quality`, in catalogue order, each once ("Creator and Visionary"). */
export function plansOffering(quality: CardImageQuality): string[] {
  const names: string[] = [];
  for (const plan of PLANS) if (plan.cardImageQuality.includes(quality) && !names.includes(plan.name)) names.push(plan.name);
  return names;
}

function listOfNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** "the Creator and Visionary plans": the plans that offer `quality`, for a sentence. */
export function plansOfferingPhrase(quality: CardImageQuality): string {
  const names = plansOffering(quality);
  return names.length === 1 ? `the ${names[0]} plan` : `the ${listOfNames(names)} plans`;
}

export function qualityRefusalMessage(quality: CardImageQuality): string {
  return `${QUALITY_LABEL[quality]} quality is part of ${plansOfferingPhrase(quality)}. Nothing was charged.`;
}

/* ------------------------------------------------------------------------------------------------
 * Decks kept
 * --------------------------------------------------------------------------------------------- */

/**
 * Decks the plan may keep; null for no limit. Straight from the catalogue: it gives none for the
 * free plan and Explorer Plus, so those keep as many decks as their credits make (today's behaviour).
 */
export function storageLimit(tier: PlanTier): number | null {
  return planOfTier(tier).storageLimit;
}

export function mayKeepAnotherDeck(tier: PlanTier, decksKept: number): boolean {
  const limit = storageLimit(tier);
  return limit === null || decksKept < limit;
}

export function storageRefusalMessage(tier: PlanTier): string {
  const plan = planOfTier(tier);
  const decks = `${plan.storageLimit} deck${plan.storageLimit === 1 ? "" : "s"}`;
  return `Your ${plan.name} plan keeps up to ${decks}, and your collection is full. Delete a deck or upgrade your plan to make a new one. Nothing was charged.`;
}

/* ------------------------------------------------------------------------------------------------
 * Paid generation
 * --------------------------------------------------------------------------------------------- */

export function paymentDueMessage(planName: string): string {
  return `The last payment for your ${planName} subscription did not go through, so new decks are paused. Update your payment details on your subscription page to continue. Nothing was charged.`;
}

/** Why paid generation (a new deck, an upgrade, another attempt) is refused, or null when it may go ahead. */
export function paidGenerationRefusal(standing: PlanStanding): { status: 402; message: string; fixPaymentPath: string } | null {
  if (standing.state !== "payment_due") return null;
  return { status: 402, message: paymentDueMessage(standing.planName), fixPaymentPath: FIX_PAYMENT_PATH };
}

/* ------------------------------------------------------------------------------------------------
 * Repaints
 * --------------------------------------------------------------------------------------------- */

/**
 * Repaints a free plan gives each deck. The catalogue lists none for the free plan; decks have
 * always come with five, as many as Explorer Plus gives an upgraded deck, and they keep them.
 */
export const FREE_REPAINTS_PER_DECK = 5;

/** Repaints per deck on a plan; null for unlimited. Repainting a failed card is never counted. */
export function repaintsPerDeck(tier: PlanTier): number | null {
  if (tier === "free") return FREE_REPAINTS_PER_DECK;
  const regenerations = planOfTier(tier).regenerations;
  return regenerations === "unlimited" ? null : regenerations;
}

/** Repaints left on a deck after `used`; null for unlimited. */
export function repaintsLeft(tier: PlanTier, used: number): number | null {
  const allowance = repaintsPerDeck(tier);
  return allowance === null ? null : Math.max(0, allowance - used);
}

/** Whether a card may be painted again: failed cards always, others while the deck has repaints left. */
export function mayRepaint(left: number | null, cardFailed: boolean): boolean {
  return cardFailed || left === null || left > 0;
}

export const NO_REPAINTS_MESSAGE = "No regenerations left for this deck.";

/* ------------------------------------------------------------------------------------------------
 * Marketplace
 * --------------------------------------------------------------------------------------------- */

/** The platform's fee on the plan holder's sales, percent; null when the plan cannot sell. */
export function sellerFeePercent(tier: PlanTier): number | null {
  return planOfTier(tier).sellerFeePercent;
}

export function maySell(tier: PlanTier): boolean {
  return sellerFeePercent(tier) !== null;
}

export const COMMERCIAL_RIGHTS_LABEL: Record<Plan["commercialRights"], string> = {
  personal: "Personal use only",
  limited: "Limited commercial rights",
  full: "Full commercial rights",
  extended: "Extended commercial rights, including merchandising",
};

export function commercialRights(tier: PlanTier): Plan["commercialRights"] {
  return planOfTier(tier).commercialRights;
}

export function commercialRightsLabel(tier: PlanTier): string {
  return COMMERCIAL_RIGHTS_LABEL[commercialRights(tier)];
}

/** Visionary creators carry the verified-creator badge. */
export function hasVerifiedCreatorBadge(tier: PlanTier): boolean {
  return tier === "visionary";
}

/** Visionary includes API access. */
export function hasApiAccess(tier: PlanTier): boolean {
  return tier === "visionary";
}

/* ------------------------------------------------------------------------------------------------
 * What a plan includes, in words
 * --------------------------------------------------------------------------------------------- */

function qualitiesPhrase(qualities: readonly CardImageQuality[]): string {
  const words = qualities.map((q) => QUALITY_LABEL[q].toLowerCase());
  const phrase = words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words.join("");
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)} image quality`;
}

/** The pricing page's list of what a plan includes, each line from the same rules the server applies. */
export function planFeatures(plan: Plan): string[] {
  const rights = COMMERCIAL_RIGHTS_LABEL[plan.commercialRights];
  if (plan.mode === "free") return ["Shared reading rooms", "Browse and buy in the marketplace", rights];
  if (plan.mode === "payment")
    return [
      `Completes a Major Arcana deck to all ${DECK_SIZE.complete} cards, in the same style`,
      `${plan.regenerations} regenerations per upgraded deck`,
      rights,
    ];
  const features = [
    plan.storageLimit === null ? "Unlimited deck storage" : `Keep up to ${plan.storageLimit} decks`,
    qualitiesPhrase(plan.cardImageQuality),
    plan.regenerations === "unlimited" ? "Unlimited card regenerations" : `${plan.regenerations} regenerations per deck`,
  ];
  if (plan.sellerFeePercent !== null) features.push(`Sell decks (${plan.sellerFeePercent}% platform fee)`);
  features.push(rights);
  if (hasVerifiedCreatorBadge(plan.tier)) features.push("Verified creator badge");
  if (hasApiAccess(plan.tier)) features.push("API access");
  return features;
}
