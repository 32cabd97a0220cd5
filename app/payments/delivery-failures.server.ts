/**
 * Failed deliveries of payment events, kept for the staff payments page beside the events applied
 * (decision 0077). Writing one never changes the webhook's answer: a row that cannot be written is
 * logged and the delivery is answered as it would have been.
 */
import { desc } from "drizzle-orm";
import { paymentEventFailures } from "../../db/schema";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { log } from "../observe/log.server";

export type DeliveryFailure = (typeof paymentEventFailures.$inferInsert)["failure"];

/** Keeps one failed delivery: what failed, of which event when it was read, and in a sentence why. */
export async function recordDeliveryFailure(
  db: Database,
  failure: { failure: DeliveryFailure; message: string; eventId?: string; type?: string },
  now = Date.now(),
) {
  try {
    await db.insert(paymentEventFailures).values({
      id: newId(),
      eventId: failure.eventId ?? null,
      type: failure.type ?? null,
      failure: failure.failure,
      message: failure.message.slice(0, 500),
      failedAt: now,
    });
  } catch (error) {
    log.error("payment event failure not recorded", { error, failure: failure.failure, eventId: failure.eventId });
  }
}

/** The newest failed deliveries, for staff. */
export const recentDeliveryFailures = (db: Database, limit = 50) =>
  db.select().from(paymentEventFailures).orderBy(desc(paymentEventFailures.failedAt)).limit(limit);
