/**
 * The journal in numbers: readings a month over the last year (months on the person's own
 * calendar), the cards and suits drawn most, and how many draws were Major Arcana or reversed.
 * Counted from the readings themselves, so what the page shows is what the journal holds.
 */
import { localDate } from "../lib/calendar";
import { FULL_DECK, type Suit } from "../tarot/cards";

export const STATS_MONTHS = 12;
export const TOP_CARDS = 8;

export type StatsReading = { createdAt: number; cards: { key: string; reversed: boolean }[] };

export type SuitId = "major" | Suit;
export const SUIT_NAMES: Record<SuitId, string> = { major: "Major Arcana", wands: "Wands", cups: "Cups", swords: "Swords", pentacles: "Pentacles" };

export type JournalStats = {
  readings: number;
  /** Cards drawn across every reading. */
  draws: number;
  /** The last twelve months, oldest first, ending with this one. */
  months: { month: string; label: string; count: number }[];
  /** Readings older than the months shown. */
  earlier: number;
  topCards: { key: string; name: string; count: number }[];
  suits: { id: SuitId; name: string; count: number }[];
  majorDraws: number;
  reversedDraws: number;
};

const CARDS = new Map(FULL_DECK.map((card, order) => [card.key, { ...card, order }]));
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `YYYY-MM`, `n` months before the one given. */
function monthBefore(month: string, n: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (number - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export function monthLabel(month: string): string {
  const [year, number] = month.split("-");
  return `${MONTH_NAMES[Number(number) - 1]} ${year}`;
}

export function journalStats(readings: StatsReading[], timeZone: string, now: number): JournalStats {
  const thisMonth = localDate(timeZone, now).slice(0, 7);
  const months = Array.from({ length: STATS_MONTHS }, (_, i) => monthBefore(thisMonth, STATS_MONTHS - 1 - i));
  const perMonth = new Map(months.map((month) => [month, 0]));
  const perCard = new Map<string, number>();
  const perSuit = new Map<SuitId, number>(Object.keys(SUIT_NAMES).map((id) => [id as SuitId, 0]));
  let earlier = 0;
  let draws = 0;
  let majorDraws = 0;
  let reversedDraws = 0;
  for (const reading of readings) {
    const month = localDate(timeZone, reading.createdAt).slice(0, 7);
    if (perMonth.has(month)) perMonth.set(month, perMonth.get(month)! + 1);
    else if (month < months[0]!) earlier += 1;
    for (const drawn of reading.cards) {
      const card = CARDS.get(drawn.key);
      if (!card) continue;
      draws += 1;
      perCard.set(card.key, (perCard.get(card.key) ?? 0) + 1);
      const suit: SuitId = card.suit ?? "major";
      perSuit.set(suit, perSuit.get(suit)! + 1);
      if (card.arcana === "major") majorDraws += 1;
      if (drawn.reversed) reversedDraws += 1;
    }
  }
  const topCards = [...perCard]
    .sort(([a, countA], [b, countB]) => countB - countA || CARDS.get(a)!.order - CARDS.get(b)!.order)
    .slice(0, TOP_CARDS)
    .map(([key, count]) => ({ key, name: CARDS.get(key)!.name, count }));
  return {
    readings: readings.length,
    draws,
    months: months.map((month) => ({ month, label: monthLabel(month), count: perMonth.get(month)! })),
    earlier,
    topCards,
    suits: [...perSuit].map(([id, count]) => ({ id, name: SUIT_NAMES[id], count })),
    majorDraws,
    reversedDraws,
  };
}

/** A share as people say it: whole percents, and "under 1%" rather than a misleading 0%. */
export function percent(part: number, whole: number): string {
  if (whole === 0) return "0%";
  const value = (part / whole) * 100;
  if (part > 0 && value < 1) return "under 1%";
  return `${Math.round(value)}%`;
}
