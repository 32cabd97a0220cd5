/**
 * One step of a print job (decision 0071): draw the missing renders for up to `budgetMs`, note the
 * progress, and once a step starts with every render stored, put the PDF together. Each step fits
 * a Worker's CPU limit; the job's Durable Object (`party/print-job.ts`) runs them from its alarm.
 *
 * Run twice, a step does no harm: renders are named by what they show and written whole, progress
 * is counted from what is stored (never added to), and the PDF is written under the print's own
 * name in a new upload each time.
 */
import { and, eq } from "drizzle-orm";
import { deckPrints } from "../../db/schema";
import type { Database } from "../db.server";
import type { PictureEngines } from "../media/picture-engines.server";
import type { NoticeTarget } from "../mail/notices.server";
import { assemblePrint } from "./print-file.server";
import { renderSetOf, type PrintJobRequest } from "./print.server";
import { cardsRendered, renderSome, storedRenders } from "./renders.server";

/** The drawing a step does before it hands over to the next: well inside a Worker's CPU limit. */
export const STEP_MS = 10_000;

export async function printStep(
  deps: { db: Database; bucket: R2Bucket; engines: PictureEngines; notices?: NoticeTarget },
  job: PrintJobRequest,
  budgetMs = STEP_MS,
): Promise<"more" | "done"> {
  const set = renderSetOf(job.access);
  const stored = await storedRenders(deps.bucket, job.access.deck.id);
  const before = stored.size;
  const progress = async () => {
    if (job.printId)
      await deps.db
        .update(deckPrints)
        .set({ cardsDone: cardsRendered(set, stored), updatedAt: Date.now() })
        .where(and(eq(deckPrints.id, job.printId), eq(deckPrints.status, "working")));
  };
  let left: number;
  try {
    left = await renderSome(deps, set, stored, budgetMs);
  } catch (error) {
    // What was drawn before a card failed stays drawn, and the page says so.
    if (stored.size > before) await progress();
    throw error;
  }
  const drew = stored.size > before;
  if (drew || left > 0) await progress();
  // Putting the file together is a step of its own, after the last one that drew.
  if (left > 0 || drew) return "more";
  if (job.printId) await assemblePrint(deps, job.access, job.choice, job.printId, job.origin);
  return "done";
}

/** A print whose job gave up: the print page offers to try again. */
export async function printFailed(db: Database, printId: string) {
  await db
    .update(deckPrints)
    .set({ status: "failed", updatedAt: Date.now() })
    .where(and(eq(deckPrints.id, printId), eq(deckPrints.status, "working")));
}
