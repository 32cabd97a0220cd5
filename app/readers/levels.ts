import { formatMoney } from "../lib/format";

/**
 * The reader ladder. Ids and rank orders match the seeded `reader_levels` rows. A reader climbs when
 * at least `minClients` different clients have had a reading with them that counts (see
 * `./reputation`), their average rating is at least `minRating`, and their quiz mark at least
 * `minQuizPercent`; their price per minute (in cents) stays between `minPricePerMinute` and
 * `maxPricePerMinute`.
 */
export type ReaderLevel = {
  id: string;
  name: string;
  rankOrder: number;
  /** The floor: a reputation cannot be bought with readings that cost next to nothing. */
  minPricePerMinute: number;
  maxPricePerMinute: number;
  minClients: number;
  minRating: number;
  minQuizPercent: number;
};

export const LEVELS: readonly ReaderLevel[] = [
  { id: "level-apprentice", name: "Apprentice", rankOrder: 1, minPricePerMinute: 99, maxPricePerMinute: 199, minClients: 0, minRating: 0, minQuizPercent: 70 },
  { id: "level-adept", name: "Adept", rankOrder: 2, minPricePerMinute: 199, maxPricePerMinute: 399, minClients: 25, minRating: 4.3, minQuizPercent: 80 },
  { id: "level-master", name: "Master", rankOrder: 3, minPricePerMinute: 349, maxPricePerMinute: 699, minClients: 100, minRating: 4.6, minQuizPercent: 85 },
  { id: "level-oracle", name: "Oracle", rankOrder: 4, minPricePerMinute: 499, maxPricePerMinute: 999, minClients: 300, minRating: 4.8, minQuizPercent: 90 },
];

export const FIRST_LEVEL = LEVELS[0]!;

export function levelById(id: string | null | undefined): ReaderLevel {
  return LEVELS.find((level) => level.id === id) ?? FIRST_LEVEL;
}

/** What a reader has done: different clients with a counted reading, average counted rating (null before the first) and best quiz mark in percent. */
export type ReaderStats = { clients: number; rating: number | null; bestQuizPercent: number };

/** Each of a level's thresholds against a reader's stats: the one place the climbing rule is written. */
export function thresholdsOf(level: ReaderLevel, stats: ReaderStats) {
  return [
    { key: "clients", met: stats.clients >= level.minClients },
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

/** Null when the price fits the level's floor and ceiling; otherwise the message shown to the reader. */
export function priceProblem(levelId: string | null, pricePerMinute: number): string | null {
  const level = levelById(levelId);
  const as = `As ${/^[AEIOU]/.test(level.name) ? "an" : "a"} ${level.name}`;
  if (pricePerMinute < level.minPricePerMinute) return `${as} you charge at least ${formatMoney(level.minPricePerMinute)} a minute.`;
  if (pricePerMinute <= level.maxPricePerMinute) return null;
  return `${as} you can charge at most ${formatMoney(level.maxPricePerMinute)} a minute.`;
}
