// How a person reads booked times on their pages: the time zone they chose for their card of the
// day, else their request's, and each moment written in it.
import { eq, type SQLWrapper } from "drizzle-orm";
import { dailySettings } from "../../db/schema";
import { isTimeZone } from "../lib/calendar";
import type { Database } from "../db.server";
import { momentLabel } from "./schedule";

/** The read of a person's chosen time zone (the one their card of the day keeps); `who` may be `me`. */
export function chosenZoneRead(db: Database, who: string | SQLWrapper) {
  return db.select({ zone: dailySettings.timeZone }).from(dailySettings).where(eq(dailySettings.userId, who)).limit(1);
}

/** The zone `chosenZoneRead` found, else `fallback`. */
export function zoneFrom(rows: { zone: string }[], fallback: string) {
  const [row] = rows;
  return row && isTimeZone(row.zone) ? row.zone : fallback;
}

/** The person's chosen time zone, else `fallback`. */
export async function chosenTimeZone(db: Database, userId: string, fallback: string): Promise<string> {
  return zoneFrom(await chosenZoneRead(db, userId), fallback);
}

/** Moments written in `timeZone`, as a person's pages show booked times. */
export const timesIn = (timeZone: string) => ({ timeZone, moment: (instant: number) => momentLabel(timeZone, instant) });

/**
 * How a person reads booked times on their pages (the bookings list, the balance's holds, a reader's
 * schedule): the zone they chose, else their request's, and each moment written in it.
 */
export async function viewerTimes(db: Database, userId: string, fallbackZone: string) {
  return timesIn(await chosenTimeZone(db, userId, fallbackZone));
}
