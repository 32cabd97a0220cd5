// The card of the day as arithmetic (decision 0065): the person, their own date and their deck
// decide the card, so every device that asks gets the same answer without storing anything first.
import type { LocalDate } from "../lib/calendar";
import { FULL_DECK } from "../tarot/cards";

/** 32 well-mixed bits of a string (FNV-1a, then a finaliser so near-identical inputs land far apart). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One of `count` choices for the seed, the same wherever it is asked. */
export function pickOf(seed: string, count: number): number {
  return hash(seed) % count;
}

const ORDER = new Map(FULL_DECK.map((card, i) => [card.key, i]));

export type DailyDraw = { key: string; reversed: boolean };

/**
 * The person's card for the day from the deck's cards (`keys`, in any order): the same for the same
 * person, date and deck, whoever asks and from wherever.
 */
export function drawOfTheDay(input: { userId: string; date: LocalDate; deckId: string | null; keys: readonly string[] }): DailyDraw | null {
  const keys = [...new Set(input.keys)].filter((key) => ORDER.has(key)).sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
  if (keys.length === 0) return null;
  const seed = `${input.userId}|${input.date}|${input.deckId ?? "classic"}`;
  return { key: keys[hash(seed) % keys.length]!, reversed: hash(`${seed}|orientation`) % 2 === 1 };
}
