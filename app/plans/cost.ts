/**
 * What decks cost in credits. Pure functions only, so pages can show an estimate with the same
 * rules the server charges with.
 *
 * There are two kinds of credit: Major Arcana credits and complete-deck credits.
 *
 * The estimate rule, per deck unit:
 * - medium quality costs 1 Major Arcana credit;
 * - any other quality (high) costs 3 complete-deck credits.
 *
 * What the product actually charges (`deckCharge`, `upgradeCharge`):
 * | what                                   | medium                  | high                     |
 * |----------------------------------------|-------------------------|--------------------------|
 * | Major Arcana deck (22 cards)           | 1 Major Arcana credit   | 3 complete-deck credits  |
 * | full deck (78 cards)                   | 1 complete-deck credit  | 3 complete-deck credits  |
 * | upgrading a Major Arcana deck to 78    | 1 complete-deck credit  | (medium only)            |
 *
 * A Major Arcana deck at medium quality falls back to 1 complete-deck credit when no Major Arcana
 * credit is left: subscriptions grant complete-deck credits only, and a subscriber may still want a
 * 22-card deck.
 *
 * A Major Arcana deck is the estimate's deck unit, so `estimateCost` without a kind gives exactly
 * the estimate rule; with `kind: "complete"` it gives the full deck's price.
 */
import type { CardImageQuality as Quality, DeckKind } from "../../db/columns";

/** An amount per credit type: a price, a balance, or a change. */
export type CreditAmounts = { majorArcana: number; completeDeck: number };

/** Complete-deck credits one deck unit costs at high quality. */
export const HIGH_QUALITY_COMPLETE_DECK_CREDITS = 3;

export const NO_CREDITS: CreditAmounts = { majorArcana: 0, completeDeck: 0 };

/**
 * Credits one deck of `kind` costs at `quality` (see the table above). Given what is `left`, a
 * medium Major Arcana deck is paid with a complete-deck credit when no Major Arcana credit remains.
 */
export function deckCharge(kind: DeckKind, quality: Quality, left?: CreditAmounts): CreditAmounts {
  if (quality !== "medium") return { majorArcana: 0, completeDeck: HIGH_QUALITY_COMPLETE_DECK_CREDITS };
  if (kind === "complete") return { majorArcana: 0, completeDeck: 1 };
  if (left && left.majorArcana < 1 && left.completeDeck >= 1) return { majorArcana: 0, completeDeck: 1 };
  return { majorArcana: 1, completeDeck: 0 };
}

/** Growing a Major Arcana deck to all 78 cards: one complete-deck credit. */
export function upgradeCharge(): CreditAmounts {
  return { majorArcana: 0, completeDeck: 1 };
}

/**
 * Whether a deck refused for want of credits can be had through Explorer Plus instead: a full deck
 * at medium quality is a Major Arcana deck completed with its 56 Minor Arcana.
 */
export function explorerPlusMakes(kind: DeckKind, quality: Quality): boolean {
  return kind === "complete" && quality === "medium";
}

/** Credits left per type from quota counts, never below zero. */
export function creditsLeft(quota: { majorArcanaQuota: number; completeDeckQuota: number; majorArcanaUsed: number; completeDeckUsed: number }): CreditAmounts {
  return {
    majorArcana: Math.max(0, quota.majorArcanaQuota - quota.majorArcanaUsed),
    completeDeck: Math.max(0, quota.completeDeckQuota - quota.completeDeckUsed),
  };
}

/** Whether `left` covers `cost` for both credit types. */
export function hasEnoughCredits(cost: CreditAmounts, left: CreditAmounts): boolean {
  return cost.majorArcana <= left.majorArcana && cost.completeDeck <= left.completeDeck;
}

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** "1 Major Arcana credit", "3 complete-deck credits", "1 Major Arcana credit and 2 complete-deck credits". */
export function describeCredits(amounts: CreditAmounts): string {
  const parts: string[] = [];
  if (amounts.majorArcana > 0) parts.push(plural(amounts.majorArcana, "Major Arcana credit"));
  if (amounts.completeDeck > 0) parts.push(plural(amounts.completeDeck, "complete-deck credit"));
  return parts.length > 0 ? parts.join(" and ") : "no credits";
}

export type CostEstimate = {
  cost: CreditAmounts;
  /** True when what is left covers the cost. */
  enough: boolean;
  summary: string;
};

/**
 * The estimate for `units` decks (default 1) of `kind` (default a Major Arcana deck, the deck
 * unit) at `quality`, against the credits left.
 */
export function estimateCost(input: { quality: Quality; left: CreditAmounts; units?: number; kind?: DeckKind }): CostEstimate {
  const units = Math.max(0, Math.floor(input.units ?? 1));
  const unit = deckCharge(input.kind ?? "major_arcana", input.quality, units === 1 ? input.left : undefined);
  const cost = { majorArcana: unit.majorArcana * units, completeDeck: unit.completeDeck * units };
  const enough = hasEnoughCredits(cost, input.left);
  const price = describeCredits(cost);
  const have = describeCredits({
    majorArcana: cost.majorArcana > 0 ? input.left.majorArcana : 0,
    completeDeck: cost.completeDeck > 0 ? input.left.completeDeck : 0,
  });
  const summary = enough
    ? `This uses ${price}. You have ${have === "no credits" ? "enough" : have} left.`
    : `This needs ${price}: not enough credits left (you have ${have === "no credits" ? "none" : have}).`;
  return { cost, enough, summary };
}
