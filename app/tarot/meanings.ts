import type { TarotCard } from "./cards";

/** What a card means, upright and reversed, in our own words. */
export type CardMeaning = {
  upright: { keywords: string[]; meaning: string };
  reversed: { keywords: string[]; meaning: string };
};

/** Meanings of all 78 cards, by card key (`major-00`, `cups-queen`, …). */
export const MEANINGS: Readonly<Record<string, CardMeaning>> = {};

export function meaningOf(card: Pick<TarotCard, "key">): CardMeaning {
  const meaning = MEANINGS[card.key];
  if (!meaning) throw new Error(`No meaning written for ${card.key}`);
  return meaning;
}
