import { createDatabase } from "../db.server";
import { runPeriodicJobs } from "../jobs/periodic.server";
import { flushMetrics } from "../observe/metrics.server";
import { openScope, runInScope } from "../observe/scope.server";
import { createPayouts } from "../payouts/payouts.server";
import { configOrNull } from "./config.server";

/** The Worker's `scheduled`: the cron's periodic jobs (and `npm run jobs` locally), in a scope of their own. */
export async function handleScheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  const db = createDatabase(env.DB);
  const config = configOrNull(env);
  const scope = openScope({ route: "job:periodic", env, config, waitUntil: (work) => ctx.waitUntil(work) });
  await runInScope(scope, async () => {
    try {
      // Awaited, so a run (the cron's, or `npm run jobs` locally) ends when its jobs do and fails when one did.
      const { failed } = await runPeriodicJobs(db, controller.scheduledTime, config ? createPayouts(config, db) : null, config, (work) => ctx.waitUntil(work));
      if (failed.length > 0) throw new Error(`Periodic jobs failed: ${failed.join(", ")}`);
    } finally {
      flushMetrics(scope);
    }
  });
}
