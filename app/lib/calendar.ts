// Dates on a person's own calendar: a day starts at their midnight, in the zone they chose or the
// one their connection comes from. The card of the day, the streaks, the journal's stats and the
// readers' hours all count days this way.
import { dateTimeFormat } from "./format";

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

/**
 * The last date worked out in each zone and the minute it was worked out for. Since 1980 every
 * zone's offset from UTC is a whole number of minutes, so a zone's date can only turn on a whole
 * minute: within the same minute it is the same date, and most pages ask for it.
 */
const datesThisMinute = new Map<string, { minute: number; date: LocalDate }>();
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1980, 0, 1);

/** The date on the person's calendar at `instant`: their day starts at their own midnight. */
export function localDate(timeZone: string, instant: number): LocalDate {
  const minute = Math.floor(instant / 60_000);
  const known = datesThisMinute.get(timeZone);
  if (known?.minute === minute && instant >= WHOLE_MINUTE_OFFSETS_SINCE) return known.date;
  const format = dateFormat(timeZone);
  if (!format) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  // Zones are a few hundred names at most; a flood of odd ones only empties the table.
  if (datesThisMinute.size >= 1000) datesThisMinute.clear();
  datesThisMinute.set(timeZone, { minute, date });
  return date;
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
