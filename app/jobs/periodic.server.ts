import { and, eq, lt, notExists } from "drizzle-orm";
import { paidReadings, readingSessions, sessionParticipants } from "../../db/schema";
import { deleteExpiredMagicLinks } from "../auth/magic-link.server";
import { deleteExpiredSessions } from "../auth/session.server";
import { refreshDeckQuotas } from "../credits/credits.server";
import { deleteStaleRateLimits } from "../security/rate-limit.server";
import { deleteExpiredIdempotencyKeys } from "../api/idempotency.server";
import { deleteExpiredSubmissionKeys } from "../outbox/submission-keys.server";
import type { Database } from "../db.server";
import { reportError } from "../observe/errors.server";
import { deleteOldObservations } from "../observe/retention.server";
import { describeError, log } from "../observe/log.server";
import { refreshListingScores } from "../marketplace/browse.server";
import { retryUnconfirmedPayouts } from "../marketplace/earnings.server";
import type { PayoutsProvider } from "../payouts/provider.server";
import { markStaleReadersOffline } from "../readers/presence.server";
import { sendDailyReminders } from "../daily/reminders.server";
import { sendLearnReminders } from "../learn/streak.server";
import { runScheduledReadings } from "../paid-readings/booking-jobs.server";
import { refundOverdueWritten } from "../paid-readings/written.server";
import type { AppConfig } from "../env.server";
import { deleteOldJobRuns, recordedJob } from "./runs.server";

/** A participant not seen for this long no longer counts as active in a reading. */
export const PARTICIPANT_ACTIVITY_WINDOW_MS = 60 * 60 * 1000;

/**
 * Participants gone quiet are deactivated; a reading with nobody active left is closed. A paid
 * reading still live is left to its room's clock, which ends it and writes its figures.
 */
export async function closeInactiveReadings(db: Database, now: number) {
  const cutoff = now - PARTICIPANT_ACTIVITY_WINDOW_MS;
  await db.batch([
    db
      .update(sessionParticipants)
      .set({ isActive: false })
      .where(and(eq(sessionParticipants.isActive, true), lt(sessionParticipants.lastSeenAt, cutoff))),
    db
      .update(readingSessions)
      .set({ isActive: false, updatedAt: now })
      .where(
        and(
          eq(readingSessions.isActive, true),
          lt(readingSessions.lastActivityAt, cutoff),
          notExists(
            db
              .select({ id: sessionParticipants.id })
              .from(sessionParticipants)
              .where(and(eq(sessionParticipants.sessionId, readingSessions.id), eq(sessionParticipants.isActive, true))),
          ),
          notExists(
            db
              .select({ id: paidReadings.id })
              .from(paidReadings)
              .where(and(eq(paidReadings.id, readingSessions.id), eq(paidReadings.status, "live"))),
          ),
        ),
      ),
  ]);
}

/**
 * Everything the cron trigger (every 15 minutes) keeps tidy. Each job is independent: one failing
 * does not stop the others, and each run of each is recorded (jobs/runs.server.ts). `payouts` is the payouts provider, when there is one; `config` lets
 * reminders go out by push where it is set up; `waitUntil` keeps e-mails sent after the run going.
 */
export async function runPeriodicJobs(
  db: Database,
  now: number,
  payouts: PayoutsProvider | null = null,
  config: AppConfig | null = null,
  waitUntil: (work: Promise<unknown>) => void = () => undefined,
) {
  const jobs = {
    closeInactiveReadings: () => closeInactiveReadings(db, now),
    markStaleReadersOffline: () => markStaleReadersOffline(db, now),
    deleteExpiredSessions: () => deleteExpiredSessions(db, now),
    deleteExpiredMagicLinks: () => deleteExpiredMagicLinks(db, now),
    deleteStaleRateLimits: () => deleteStaleRateLimits(db, now),
    deleteExpiredIdempotencyKeys: () => deleteExpiredIdempotencyKeys(db, now),
    deleteExpiredSubmissionKeys: () => deleteExpiredSubmissionKeys(db, now),
    refreshDeckQuotas: () => refreshDeckQuotas(db, now),
    refreshListingScores: () => refreshListingScores(db, now),
    retryUnconfirmedPayouts: () => retryUnconfirmedPayouts(db, payouts, now),
    sendDailyReminders: () => sendDailyReminders(db, config, now),
    sendLearnReminders: () => sendLearnReminders(db, config, now),
    runScheduledReadings: () => runScheduledReadings({ db, config, waitUntil }, now),
    refundOverdueWritten: () => refundOverdueWritten(db, now, config),
    deleteOldObservations: () => deleteOldObservations(db, now),
    deleteOldJobRuns: () => deleteOldJobRuns(db, now),
  };
  // Each job's run is recorded in `job_runs` (start, end, outcome, counts), shown on /staff.
  const results = await Promise.allSettled(Object.entries(jobs).map(([name, job]) => recordedJob(db, name, job)));
  const failed = Object.keys(jobs).filter((_, i) => results[i]?.status === "rejected");
  for (const [i, result] of results.entries()) {
    const job = Object.keys(jobs)[i]!;
    if (result.status === "fulfilled") log.info("job run", { job, outcome: "ok" });
    else {
      log.error("job run", { job, outcome: "failed", error: describeError(result.reason) });
      reportError(result.reason);
    }
  }
  return { failed };
}
