import { creditsLeft, HIGH_QUALITY_COMPLETE_DECK_CREDITS } from "../plans/cost";

export type QuotaCounts = {
  majorArcanaQuota: number;
  completeDeckQuota: number;
  majorArcanaUsed: number;
  completeDeckUsed: number;
};

/** Quotas of a user with no quota record yet: the free plan's single Major Arcana credit. */
export const FREE_PLAN_QUOTA: QuotaCounts = {
  majorArcanaQuota: 1,
  completeDeckQuota: 0,
  majorArcanaUsed: 0,
  completeDeckUsed: 0,
};

/** Credits left, max(0, quota − used) per type, summed. */
export function remainingDeckCredits(quota: QuotaCounts | null): number {
  const left = creditsLeft(quota ?? FREE_PLAN_QUOTA);
  return left.majorArcana + left.completeDeck;
}

/** The header badge's words: what it counts is credits, which decks are paid with. */
export function deckCreditsLabel(count: number): string {
  return `${count} ${count === 1 ? "credit" : "credits"}`;
}

/** The badge's tooltip: what the credits buy, or where more come from. */
export function deckCreditsTitle(count: number): string {
  return count > 0
    ? `Deck credits left. A deck costs 1 credit, or ${HIGH_QUALITY_COMPLETE_DECK_CREDITS} at high quality: see what yours make.`
    : "No deck credits left. See when they refresh and how to have more.";
}

/** Where the badge leads: the credits page, which says what they make, when they refresh and where more come from. */
export const CREDITS_PATH = "/credits";
