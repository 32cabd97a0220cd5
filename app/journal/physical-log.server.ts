/**
 * Keeping a reading done with a physical deck. The entry's id is the form's own key (rendered fresh
 * into every page), so the same form sent twice — a double tap, a resend after a lost answer — adds
 * one entry and answers with it both times.
 */
import { and, eq } from "drizzle-orm";
import { readingJournal } from "../../db/schema";
import { localDate } from "../lib/calendar";
import type { Database } from "../db.server";
import type { PhysicalReading } from "./physical-log";

export const FUTURE_DAY = "A reading cannot be logged on a day still to come.";
export const EARLIEST_DAY = "1900-01-01";

/** When the entry says it was read: now for today, else midday (UTC) of the day given, which is that day in every time zone. */
export function readAt(day: string | null, timeZone: string, now: number): { ok: true; at: number } | { ok: false; message: string } {
  if (!day || day === localDate(timeZone, now)) return { ok: true, at: now };
  if (day > localDate(timeZone, now)) return { ok: false, message: FUTURE_DAY };
  if (day < EARLIEST_DAY) return { ok: false, message: "Give a day from 1900 on." };
  return { ok: true, at: Date.parse(`${day}T12:00:00Z`) };
}

/**
 * Adds the reading to the person's journal under `id`; the id when it is theirs (new, or added by
 * the same form before), null when the id is taken by someone else's entry.
 */
export async function logPhysicalReading(
  db: Database,
  userId: string,
  id: string,
  reading: PhysicalReading,
  at: number,
  now = Date.now(),
): Promise<string | null> {
  const [, [row]] = await db.batch([
    db
      .insert(readingJournal)
      .values({
        id,
        userId,
        sessionId: null,
        deckId: null,
        physicalDeck: reading.physicalDeck,
        question: reading.question,
        spreadId: reading.spreadId,
        spreadName: reading.spreadName,
        cards: reading.cards,
        interpretation: null,
        notes: reading.notes,
        tags: reading.tags,
        mood: reading.mood,
        createdAt: at,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: readingJournal.id }),
    db
      .select({ id: readingJournal.id })
      .from(readingJournal)
      .where(and(eq(readingJournal.id, id), eq(readingJournal.userId, userId)))
      .limit(1),
  ]);
  return row?.id ?? null;
}
