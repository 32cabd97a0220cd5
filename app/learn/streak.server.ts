/**
 * The learning streak and its reminder (decision 0112). A learning day is a date on the person's own
 * calendar (the card of the day's time zone, else their request's) on which they reviewed a
 * flashcard or turned their card of the day; the streak is the days in a row up to today, or up to
 * yesterday while today is still open. The reminder goes by push at the time they chose, at most
 * once a day, and not on a day they have already learnt.
 */
import { and, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { dailySettings, learningDays } from "../../db/schema";
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { lazySchema } from "../lib/lazy-schema";
import { sendPushNow, type PushNews } from "../push/notify.server";
import { isTimeZone, localDate, localMinute, streakOf, type LocalDate } from "../lib/calendar";

/** How many learning days are read to count a streak: more than a year of them. */
const DAYS_READ = 400;

/** Marks `date` a learning day, in the caller's batch, where `when` holds (a grade that landed). */
export function learningDayStatement(db: Database, userId: string, date: LocalDate, when: SQL = sql`1`) {
  return db
    .insert(learningDays)
    .select(sql`select ${userId}, ${date} where ${when}`)
    .onConflictDoNothing();
}

/** The person's latest learning days (`userId` a value, or the session's own in a page's reads). */
export function learningDaysQuery(db: Database, userId: string | SQL<string | null>) {
  return db
    .select({ localDate: learningDays.localDate })
    .from(learningDays)
    .where(eq(learningDays.userId, userId))
    .orderBy(desc(learningDays.localDate))
    .limit(DAYS_READ);
}

/** Days in a row learnt, ending today or yesterday, on the calendar of `timeZone`. */
export function learningStreak(days: readonly { localDate: string }[], timeZone: string, now: number): number {
  return streakOf(
    days.map((day) => day.localDate),
    localDate(timeZone, now),
  );
}

const timeOfDay = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The reminder's form: a time as `HH:MM`, or nothing for off. */
export const learnReminderForm = lazySchema(() =>
  z.object({
    reminder: z
      .string()
      .trim()
      .default("")
      .refine((value) => value === "" || timeOfDay.test(value), "Give the time as hours and minutes, like 19:30"),
  }),
);

/** `HH:MM` for the form from minutes after midnight, or "" for none. */
export function reminderText(minute: number | null): string {
  return minute === null ? "" : `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/** Sets the reminder's time (or turns it off); the time zone in use is stored with it when the person had none. */
export async function saveLearnReminder(db: Database, userId: string, value: string, fallbackZone: string, now: number) {
  const match = timeOfDay.exec(value);
  const learnReminderMinute = match ? Number(match[1]) * 60 + Number(match[2]) : null;
  await db
    .insert(dailySettings)
    .values({ userId, timeZone: fallbackZone, learnReminderMinute, updatedAt: now })
    .onConflictDoUpdate({ target: dailySettings.userId, set: { learnReminderMinute, updatedAt: now } });
}

/**
 * The people whose reminder to learn is due at `now`: their time has come today, no reminder went
 * today, and they have not learnt today; each claimed in one conditional statement, so two runs of
 * the job cannot both remind anyone.
 */
export async function claimDueLearnReminders(db: Database, now: number): Promise<string[]> {
  const rows = await db
    .select({
      userId: dailySettings.userId,
      timeZone: dailySettings.timeZone,
      minute: dailySettings.learnReminderMinute,
      remindedOn: dailySettings.learnRemindedOn,
    })
    .from(dailySettings)
    .where(isNotNull(dailySettings.learnReminderMinute));
  const due = rows.flatMap((row) => {
    if (!isTimeZone(row.timeZone)) return [];
    const today = localDate(row.timeZone, now);
    if (row.remindedOn === today || localMinute(row.timeZone, now) < row.minute!) return [];
    return [{ userId: row.userId, today }];
  });
  const claimed: string[] = [];
  for (let i = 0; i < due.length; i += 50) {
    const claim = ({ userId, today }: (typeof due)[number]) =>
      db
        .update(dailySettings)
        .set({ learnRemindedOn: today })
        .where(
          and(
            eq(dailySettings.userId, userId),
            isNotNull(dailySettings.learnReminderMinute),
            sql`coalesce(${dailySettings.learnRemindedOn}, '') <> ${today}`,
            sql`not exists (select 1 from ${learningDays} where ${learningDays.userId} = ${userId} and ${learningDays.localDate} = ${today})`,
          ),
        )
        .returning({ userId: dailySettings.userId });
    const [first, ...rest] = due.slice(i, i + 50);
    const results = await db.batch([claim(first!), ...rest.map(claim)]);
    for (const result of results) claimed.push(...result.map((row) => row.userId));
  }
  return claimed;
}

/** A reminder to learn: it goes by the card of the day's setting, as both are the day's own small habit. */
export function learnReminderNews(userId: string): PushNews {
  return {
    kind: "daily-card",
    address: async () => ({
      to: [userId],
      message: {
        kind: "daily-card",
        title: "A few minutes with your cards",
        body: "Your flashcards are waiting, whenever you have a moment.",
        url: "/learn",
        tag: "learn-reminder",
      },
      delivery: { urgency: "low", ttlSeconds: 6 * 60 * 60 },
    }),
  };
}

/** The periodic job's part: the reminders due, by push only, where push is set up. */
export async function sendLearnReminders(db: Database, config: AppConfig | null, now: number) {
  // Without push nothing is claimed, so nobody's day is marked reminded when nothing went.
  if (!config?.push) return [];
  const due = await claimDueLearnReminders(db, now);
  const sent = await Promise.allSettled(due.map((userId) => sendPushNow({ db, config }, learnReminderNews(userId), now)));
  return due.filter((_, i) => sent[i]?.status === "fulfilled");
}
