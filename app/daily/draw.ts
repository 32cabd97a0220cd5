// The card of the day as arithmetic (decision 0065): the person, their own date and their deck
// decide the card, so every device that asks gets the same answer without storing anything first.
import { FULL_DECK } from "../tarot/cards";
import { dateTimeFormat } from "../lib/format";

/** A date as the person's calendar shows it, `YYYY-MM-DD`. */
export type LocalDate = string;

/** The zone's date format (made once per isolate, `dateTimeFormat`), or null when the runtime does not know the zone. */
function dateFormat(timeZone: string): Intl.DateTimeFormat | null {
  if (!timeZone || timeZone.length > 64) return null;
  try {
    return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  } catch {
    return null;
  }
}

/**
 * Whether the runtime knows the time zone (an IANA name such as `Asia/Tokyo`). Every page asks it
 * of the request's zone: a zone seen before is answered from the map, without making a format.
 */
export function isTimeZone(name: string): boolean {
  return dateFormat(name) !== null;
}

/** The date on the person's calendar at `instant`: their day starts at their own midnight. */
export function localDate(timeZone: string, instant: number): LocalDate {
  const format = dateFormat(timeZone);
  if (!format) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Minutes since the person's midnight at `instant`. */
export function localMinute(timeZone: string, instant: number): number {
  const parts = Object.fromEntries(
    dateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/** The calendar day before `date` (calendar arithmetic: no clock, so no daylight-saving hour can skip or repeat a day). */
export function dayBefore(date: LocalDate): LocalDate {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

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

/**
 * Days in a row the person kept their card, ending today or yesterday (today not yet kept does not
 * break it): `kept` are the local dates they saved it on.
 */
export function streakOf(kept: Iterable<LocalDate>, today: LocalDate): number {
  const days = new Set(kept);
  let day = days.has(today) ? today : dayBefore(today);
  let count = 0;
  while (days.has(day)) {
    count++;
    day = dayBefore(day);
  }
  return count;
}
