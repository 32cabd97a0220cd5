/**
 * Where a person stands on the lessons' path (decision 0112): the lessons they marked read. Each
 * person reads and changes only their own.
 */
import { and, eq } from "drizzle-orm";
import { lessonReads } from "../../db/schema";
import type { Database } from "../db.server";

/** The lessons the person has marked read. */
export async function lessonsRead(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db.select({ lesson: lessonReads.lesson }).from(lessonReads).where(eq(lessonReads.userId, userId));
  return new Set(rows.map((row) => row.lesson));
}

/** Marks a lesson read (again: nothing changes) or unread. */
export async function markLesson(db: Database, userId: string, lesson: string, read: boolean, now: number) {
  if (read) await db.insert(lessonReads).values({ userId, lesson, readAt: now }).onConflictDoNothing();
  else await db.delete(lessonReads).where(and(eq(lessonReads.userId, userId), eq(lessonReads.lesson, lesson)));
}
