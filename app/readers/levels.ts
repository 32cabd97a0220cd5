import { formatMoney } from "../lib/format";

/**
 * The reader ladder. Ids and rank orders match the seeded `reader_levels` rows. A reader climbs when
 * they have at least `minReadings` completed paid readings, an average rating of at least
 * `minRating`, and a quiz mark of at least `minQuizPercent`; their price per minute (in cents) may
 * never exceed `maxPricePerMinute`.
 */
export type ReaderLevel = {
  id: string;
  name: string;
  rankOrder: number;
  maxPricePerMinute: number;
  minReadings: number;
  minRating: number;
  minQuizPercent: number;
};

export const LEVELS: readonly ReaderLevel[] = [
  { id: "level-apprentice", name: "Apprentice", rankOrder: 1, maxPricePerMinute: 199, minReadings: 0, minRating: 0, minQuizPercent: 70 },
  { id: "level-adept", name: "Adept", rankOrder: 2, maxPricePerMinute: 399, minReadings: 25, minRating: 4.3, minQuizPercent: 80 },
  { id: "level-master", name: "Master", rankOrder: 3, maxPricePerMinute: 699, minReadings: 100, minRating: 4.6, minQuizPercent: 85 },
  { id: "level-oracle", name: "Oracle", rankOrder: 4, maxPricePerMinute: 999, minReadings: 300, minRating: 4.8, minQuizPercent: 90 },
];

export const FIRST_LEVEL = LEVELS[0]!;

export function levelById(id: string | null | undefined): ReaderLevel {
  return LEVELS.find((level) => level.id === id) ?? FIRST_LEVEL;
}

/** What a reader has done: completed paid readings, average rating (null before the first) and best quiz mark in percent. */
export type ReaderStats = { readings: number; rating: number | null; bestQuizPercent: number };

/** Each of a level's thresholds against a reader's stats: the one place the climbing rule is written. */
export function thresholdsOf(level: ReaderLevel, stats: ReaderStats) {
  return [
    { key: "readings", met: stats.readings >= level.minReadings },
    { key: "rating", met: (stats.rating ?? 0) >= level.minRating },
    { key: "quiz", met: stats.bestQuizPercent >= level.minQuizPercent },
  ] as const;
}

export const meetsLevel = (level: ReaderLevel, stats: ReaderStats) => thresholdsOf(level, stats).every((threshold) => threshold.met);

/** The level after this one, or null at the top. */
export const nextLevel = (level: ReaderLevel): ReaderLevel | null => LEVELS.find((l) => l.rankOrder === level.rankOrder + 1) ?? null;

/** The highest level a reader qualifies for. */
export function qualifyingLevel(stats: ReaderStats): ReaderLevel {
  let best = FIRST_LEVEL;
  for (const level of LEVELS) if (meetsLevel(level, stats)) best = level;
  return best;
}

/** Null when the price fits the level; otherwise the message shown to the reader. */
export function priceProblem(levelId: string | null, pricePerMinute: number): string | null {
  const level = levelById(levelId);
  if (pricePerMinute <= level.maxPricePerMinute) return null;
  return `As ${/^[AEIOU]/.test(level.name) ? "an" : "a"} ${level.name} you can charge at most ${formatMoney(level.maxPricePerMinute)} a minute.`;
}
