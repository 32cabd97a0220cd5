/**
 * The periodic job's record (decision 0078): each job of each run writes a `job_runs` row when it
 * starts and finishes it with how it ended and what it changed, as counts. The jobs themselves are
 * idempotent (each deletes or updates only what is due, and every write with money or credits has
 * its own reference), so a run repeated or overlapping another changes nothing twice; the record
 * shows that it happened.
 */
import { desc, eq, lt } from "drizzle-orm";
import { jobRuns } from "../../db/schema";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";

/** Rows older than this are deleted by the job itself: a month of runs every 15 minutes is about 35,000 rows per job. */
export const JOB_RUN_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** What a job returned, as counts: a number is `changed`, an object keeps its numeric fields, anything else nothing. */
export function countsOf(result: unknown): Record<string, number> {
  if (typeof result === "number" && Number.isFinite(result)) return { changed: result };
  if (typeof result === "boolean") return { changed: result ? 1 : 0 };
  if (Array.isArray(result)) return { changed: result.length };
  if (result && typeof result === "object") {
    return Object.fromEntries(
      Object.entries(result as Record<string, unknown>).flatMap(([key, value]) =>
        typeof value === "number" && Number.isFinite(value) ? [[key, value]] : Array.isArray(value) ? [[key, value.length]] : [],
      ),
    );
  }
  return {};
}

/** Runs one job with its record: a `running` row first, then `ok` with its counts or `failed` with the error. */
export async function recordedJob(db: Database, job: string, run: () => Promise<unknown>): Promise<unknown> {
  const id = newId();
  await db.insert(jobRuns).values({ id, job, startedAt: Date.now(), outcome: "running" });
  try {
    const result = await run();
    await db
      .update(jobRuns)
      .set({ finishedAt: Date.now(), outcome: "ok", changes: countsOf(result) })
      .where(eq(jobRuns.id, id));
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(jobRuns)
      .set({ finishedAt: Date.now(), outcome: "failed", error: message.slice(0, 500) })
      .where(eq(jobRuns.id, id));
    throw error;
  }
}

/** Deletes the record's old rows. */
export async function deleteOldJobRuns(db: Database, now: number) {
  const deleted = await db
    .delete(jobRuns)
    .where(lt(jobRuns.startedAt, now - JOB_RUN_RETENTION_MS))
    .returning({ id: jobRuns.id });
  return { deleted: deleted.length };
}

/** The newest runs, for the console. */
export function recentJobRuns(db: Database, limit = 60) {
  return db.select().from(jobRuns).orderBy(desc(jobRuns.startedAt)).limit(limit);
}
