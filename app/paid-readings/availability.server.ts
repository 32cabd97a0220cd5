/**
 * A reader's weekly hours and days off (decision 0081): the form that sets them and reading them back.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { readerAvailability, readerDaysOff } from "../../db/schema";
import { isTimeZone } from "../lib/calendar";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { SLOT_LENGTHS_MINUTES } from "./rules";
import { clockText, minuteOfClock } from "./schedule";

type Statement = BatchItem<"sqlite">;

/** A reader's weekly hours and days off as their form shows them. */
export async function scheduleOf(db: Database, readerId: string) {
  const [hours, daysOff] = await db.batch([
    db
      .select()
      .from(readerAvailability)
      .where(eq(readerAvailability.readerId, readerId))
      .orderBy(asc(readerAvailability.weekday), asc(readerAvailability.startMinute)),
    db.select({ date: readerDaysOff.date }).from(readerDaysOff).where(eq(readerDaysOff.readerId, readerId)).orderBy(asc(readerDaysOff.date)),
  ]);
  return {
    timeZone: hours[0]?.timeZone ?? null,
    slotMinutes: hours[0]?.slotMinutes ?? 30,
    days: Array.from({ length: 7 }, (_, weekday) => {
      const row = hours.find((hour) => hour.weekday === weekday);
      return { weekday, start: row ? clockText(row.startMinute) : "", end: row ? clockText(row.endMinute) : "" };
    }),
    daysOff: daysOff.map((row) => row.date),
  };
}

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The "Your availability" form: a zone, a slot length, one span per weekday (both empty: not that day), days off as dates. */
export const scheduleForm = lazySchema(() =>
  z
    .object({
      timeZone: z.string().trim().max(64).refine(isTimeZone, "Choose a time zone from the list."),
      slotMinutes: z.coerce.number().refine((n) => (SLOT_LENGTHS_MINUTES as readonly number[]).includes(n), "Choose a slot length from the list."),
      daysOff: z.string().max(2000).optional().default(""),
      ...Object.fromEntries(
        WEEKDAY_NAMES.flatMap((_, day) => [
          [`start${day}`, z.string().max(8).optional().default("")],
          [`end${day}`, z.string().max(8).optional().default("")],
        ]),
      ),
    })
    .transform((form, ctx) => {
      const values = form as unknown as Record<string, string>;
      const hours: { weekday: number; startMinute: number; endMinute: number }[] = [];
      WEEKDAY_NAMES.forEach((name, weekday) => {
        const start = values[`start${weekday}`]!.trim();
        const end = values[`end${weekday}`]!.trim();
        if (!start && !end) return;
        const startMinute = minuteOfClock(start);
        const endMinute = minuteOfClock(end);
        if (startMinute === null || endMinute === null || endMinute - startMinute < form.slotMinutes) {
          ctx.addIssue({
            code: "custom",
            path: [`start${weekday}`],
            message: `${name}: give a start and an end at least one slot apart, such as 09:00 and 12:00.`,
          });
          return;
        }
        hours.push({ weekday, startMinute, endMinute });
      });
      const daysOff = [...new Set(form.daysOff.split(/[\s,]+/).filter(Boolean))];
      const badDay = daysOff.find((date) => !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)));
      if (badDay)
        ctx.addIssue({ code: "custom", path: ["daysOff"], message: `Write days off as dates such as 2026-12-24 ("${badDay.slice(0, 20)}" is not one).` });
      if (daysOff.length > 60) ctx.addIssue({ code: "custom", path: ["daysOff"], message: "Keep to 60 days off at a time." });
      return { timeZone: form.timeZone, slotMinutes: form.slotMinutes, hours, daysOff };
    }),
);

/** Replaces the reader's weekly hours and days off in one batch. */
export async function saveSchedule(db: Database, readerId: string, input: z.infer<typeof scheduleForm>, now = Date.now()) {
  const statements: Statement[] = [
    db.delete(readerAvailability).where(eq(readerAvailability.readerId, readerId)),
    db.delete(readerDaysOff).where(eq(readerDaysOff.readerId, readerId)),
  ];
  if (input.hours.length > 0)
    statements.push(
      db
        .insert(readerAvailability)
        .values(input.hours.map((hour) => ({ id: newId(), readerId, ...hour, slotMinutes: input.slotMinutes, timeZone: input.timeZone, createdAt: now }))),
    );
  if (input.daysOff.length > 0) statements.push(db.insert(readerDaysOff).values(input.daysOff.map((date) => ({ readerId, date }))));
  await db.batch(statements as [Statement, ...Statement[]]);
}
