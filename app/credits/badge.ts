import { creditsLeft } from "./cost";

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

export function deckCreditsLabel(count: number): string {
  return `${count} ${count === 1 ? "deck" : "decks"}`;
}
