/**
 * Scheduled readings as arithmetic (decision 0081): a reader's weekly hours, in their own time zone,
 * become instants; instants become a viewer's local day and time. Only `Intl.DateTimeFormat` knows
 * the zones, so a daylight-saving change moves the instants and never the reader's wall clock.
 */
import { BOOKING_DAYS_AHEAD } from "./rules";

export type WeeklyHours = { weekday: number; startMinute: number; endMinute: number; slotMinutes: number; timeZone: string };
export type Slot = { startAt: number; minutes: number };
export type Busy = { startAt: number; minutes: number };

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` at `instant`: year, month (1–12), day, hour, minute. */
function wallClock(timeZone: string, instant: number) {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    partsFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute! };
}

/** Milliseconds `timeZone` is ahead of UTC at `instant` (whole minutes). */
function offsetAt(timeZone: string, instant: number): number {
  const w = wallClock(timeZone, instant);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(instant / 60_000) * 60_000;
}

/** A `YYYY-MM-DD` date. */
export type LocalDate = string;

/** The date on the calendar of `timeZone` at `instant`. */
export function dateIn(timeZone: string, instant: number): LocalDate {
  const w = wallClock(timeZone, instant);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

/** The date `days` calendar days after `date` (calendar arithmetic: no hour skips or repeats a day). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 for Sunday to 6 for Saturday. */
export const weekdayOf = (date: LocalDate) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * The instant the wall clock of `timeZone` shows `minute` after midnight on `date`; null for a time
 * that does not exist that day (the hour skipped when clocks go forward). A time that happens twice
 * (clocks going back) is its first.
 */
export function instantOf(timeZone: string, date: LocalDate, minute: number): number | null {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, 0, minute);
  // The offset before and after the guess: the earlier instant that shows this wall time wins.
  const candidates = [asUtc - offsetAt(timeZone, asUtc - 24 * 3_600_000), asUtc - offsetAt(timeZone, asUtc + 24 * 3_600_000)].sort((a, b) => a - b);
  for (const instant of candidates) {
    const w = wallClock(timeZone, instant);
    if (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) === asUtc) return instant;
  }
  return null;
}

/**
 * The open slots from `now` for `days` days: each weekly row cut into slots on each of its
 * weekdays in the reader's zone, except the days off, never one already started, never one that
 * overlaps a booking.
 */
export function openSlots(hours: WeeklyHours[], daysOff: Iterable<LocalDate>, busy: Busy[], now: number, days = BOOKING_DAYS_AHEAD): Slot[] {
  const off = new Set(daysOff);
  const until = now + days * 24 * 3_600_000;
  const slots = new Map<number, Slot>();
  for (const row of hours) {
    const today = dateIn(row.timeZone, now);
    for (let d = 0; d <= days; d++) {
      const date = addDays(today, d);
      if (off.has(date) || weekdayOf(date) !== row.weekday) continue;
      for (let minute = row.startMinute; minute + row.slotMinutes <= row.endMinute; minute += row.slotMinutes) {
        const startAt = instantOf(row.timeZone, date, minute);
        if (startAt === null || startAt <= now || startAt >= until) continue;
        const endAt = startAt + row.slotMinutes * 60_000;
        if (busy.some((b) => b.startAt < endAt && startAt < b.startAt + b.minutes * 60_000)) continue;
        if (!slots.has(startAt)) slots.set(startAt, { startAt, minutes: row.slotMinutes });
      }
    }
  }
  return [...slots.values()].sort((a, b) => a.startAt - b.startAt);
}

const displayFormats = new Map<string, Intl.DateTimeFormat>();
function displayFormat(timeZone: string, kind: "day" | "time" | "zone") {
  const key = `${kind}:${timeZone}`;
  let format = displayFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === "day"
        ? { timeZone, weekday: "long", month: "long", day: "numeric" }
        : kind === "time"
          ? { timeZone, hour: "numeric", minute: "2-digit" }
          : { timeZone, timeZoneName: "short" };
    format = new Intl.DateTimeFormat("en-US", options);
    displayFormats.set(key, format);
  }
  return format;
}

/** "Tuesday, March 10" in `timeZone`. */
export const dayLabel = (timeZone: string, instant: number) => displayFormat(timeZone, "day").format(new Date(instant));

/** "3:30 PM" in `timeZone`. */
export const timeLabel = (timeZone: string, instant: number) => displayFormat(timeZone, "time").format(new Date(instant));

/** The zone's short name at that instant ("GMT+9", "PST"). */
export const zoneLabel = (timeZone: string, instant: number) =>
  displayFormat(timeZone, "zone")
    .formatToParts(new Date(instant))
    .find((part) => part.type === "timeZoneName")?.value ?? timeZone;

/** "Tuesday, March 10, 3:30 PM (GMT+9)": a moment as someone in `timeZone` reads it. */
export const momentLabel = (timeZone: string, instant: number) =>
  `${dayLabel(timeZone, instant)}, ${timeLabel(timeZone, instant)} (${zoneLabel(timeZone, instant)})`;

/** Slots grouped by the viewer's local day, with their local times. */
export function slotsByDay(slots: Slot[], timeZone: string) {
  const days: { date: LocalDate; label: string; slots: (Slot & { time: string })[] }[] = [];
  for (const slot of slots) {
    const date = dateIn(timeZone, slot.startAt);
    let day = days.at(-1);
    if (day?.date !== date) {
      day = { date, label: dayLabel(timeZone, slot.startAt), slots: [] };
      days.push(day);
    }
    day.slots.push({ ...slot, time: timeLabel(timeZone, slot.startAt) });
  }
  return days;
}

/** "HH:MM" for minutes after midnight, as a time input shows it. */
export const clockText = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** Minutes after midnight from "HH:MM" (24:00 is the end of the day); null for anything else. */
export function minuteOfClock(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minute <= 1440 ? minute : null;
}

/** A calendar file with one event (RFC 5545): UTC times, a stable UID, lines folded at 75 octets. */
export function calendarFile(event: {
  uid: string;
  startAt: number;
  minutes: number;
  summary: string;
  description: string;
  url: string;
  stamp: number;
}): string {
  const utc = (instant: number) =>
    new Date(instant)
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
  const escape = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");
  const fold = (line: string) => {
    const out: string[] = [];
    let rest = line;
    while (rest.length > 74) {
      out.push(rest.slice(0, 74));
      rest = ` ${rest.slice(74)}`;
    }
    out.push(rest);
    return out.join("\r\n");
  };
  return (
    [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Arcanum//Scheduled readings//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${utc(event.stamp)}`,
      `DTSTART:${utc(event.startAt)}`,
      `DTEND:${utc(event.startAt + event.minutes * 60_000)}`,
      `SUMMARY:${escape(event.summary)}`,
      `DESCRIPTION:${escape(event.description)}`,
      `URL:${event.url}`,
      "END:VEVENT",
      "END:VCALENDAR",
    ]
      .map(fold)
      .join("\r\n") + "\r\n"
  );
}
