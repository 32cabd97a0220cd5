/** What the journal's statistics are counted from: each reading's date and cards, and the person's time zone. */
import { eq } from "drizzle-orm";
import { dailySettings, readingJournal } from "../../db/schema";
import { isTimeZone } from "../lib/calendar";
import { readShape } from "../lib/page-reads.server";

/** One batch: the readings and the time zone the card of the day keeps for the person. */
export const JOURNAL_STATS = readShape((db, me) => [
  db.select({ createdAt: readingJournal.createdAt, cards: readingJournal.cards }).from(readingJournal).where(eq(readingJournal.userId, me)),
  db.select({ timeZone: dailySettings.timeZone }).from(dailySettings).where(eq(dailySettings.userId, me)),
]);

/** The person's own time zone when they chose one, else the one their request comes from. */
export function statsTimeZone(rows: { timeZone: string }[], fromRequest: string): string {
  const chosen = rows[0]?.timeZone;
  return chosen && isTimeZone(chosen) ? chosen : fromRequest;
}
