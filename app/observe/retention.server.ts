import { lt } from "drizzle-orm";
import { errorGroups, metricPoints } from "../../db/schema";
import type { Database } from "../db.server";

/** How long local metric points and quiet error groups are kept: the health page shows a week. */
export const OBSERVATIONS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export async function deleteOldObservations(db: Database, now: number) {
  await db.batch([
    db.delete(metricPoints).where(lt(metricPoints.at, now - OBSERVATIONS_KEPT_MS)),
    db.delete(errorGroups).where(lt(errorGroups.lastSeen, now - OBSERVATIONS_KEPT_MS)),
  ]);
}
