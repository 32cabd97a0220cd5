import { ObservedServer } from "./observed";
import { createDatabase } from "../app/db.server";
import { workerPictureEngines } from "../app/media/worker-picture-engines.server";
import { printFailed, printStep } from "../app/print/print-job.server";
import type { PrintJobRequest } from "../app/print/print.server";
import { log } from "../app/observe/log.server";
import { readConfig } from "../app/env.server";

const JOB_KEY = "job";

/** `started` tells a job asked for again during a step from the one the step ran. */
type Job = PrintJobRequest & { attempts: number; started: number; failed?: boolean };

/** After this many steps in a row that did not finish, the job gives up and the print is failed. */
export const MAX_ATTEMPTS = 5;

/**
 * A print job (decision 0071): one per print (named by its id), or one per deck for the card
 * pictures alone (`pictures:{deckId}`). It lives in the object's storage and runs in steps from
 * its alarm, each drawing a few cards into stored renders, the last putting the PDF together.
 * Before a step starts, the next alarm is set for later: a step cut short (the CPU limit, a
 * restart) runs again then, and a step that throws waits longer each time until the job gives up.
 * No sockets: the print page reads the progress from `deck_prints`.
 */
export class PrintJob extends ObservedServer<Env> {
  /** Starts the job, or starts it over with what is asked now; answers at once. */
  async start(request: PrintJobRequest) {
    await this.ctx.storage.put(JOB_KEY, { ...request, attempts: 0, started: Date.now() } satisfies Job);
    await this.ctx.storage.setAlarm(Date.now());
  }

  /** For a pictures job: whether it is drawing, gave up, or has nothing to do. */
  async status(): Promise<"idle" | "working" | "failed"> {
    const job = await this.ctx.storage.get<Job>(JOB_KEY);
    return !job ? "idle" : job.failed ? "failed" : "working";
  }

  async onAlarm() {
    const job = await this.ctx.storage.get<Job>(JOB_KEY);
    if (!job || job.failed) return;
    const db = createDatabase(this.env.DB);
    if (job.attempts >= MAX_ATTEMPTS) {
      if (job.printId) {
        await printFailed(db, job.printId);
        await this.ctx.storage.delete(JOB_KEY);
      } else await this.ctx.storage.put(JOB_KEY, { ...job, failed: true } satisfies Job);
      return;
    }
    await this.ctx.storage.put(JOB_KEY, { ...job, attempts: job.attempts + 1 } satisfies Job);
    // The wait before a step that did not finish runs again, doubled each time: 30 s, 1, 2, 4 and 8 min.
    await this.ctx.storage.setAlarm(Date.now() + readConfig(this.env).printRetryMs * 2 ** job.attempts);
    try {
      const notices = { db, config: readConfig(this.env), waitUntil: (work: Promise<unknown>) => this.ctx.waitUntil(work) };
      const outcome = await printStep({ db, bucket: this.env.MEDIA, engines: workerPictureEngines, notices }, job);
      const now = await this.ctx.storage.get<Job>(JOB_KEY);
      if (now?.started !== job.started) {
        // Asked for again meanwhile: that job goes on from what this step stored.
        await this.ctx.storage.setAlarm(Date.now());
      } else if (outcome === "done") {
        await this.ctx.storage.delete(JOB_KEY);
        await this.ctx.storage.deleteAlarm();
      } else {
        await this.ctx.storage.put(JOB_KEY, { ...job, attempts: 0 } satisfies Job);
        await this.ctx.storage.setAlarm(Date.now());
      }
    } catch (error) {
      log.error("print step failed", { error });
    }
  }
}
