// A bookable reader's open slots for the coming days (decision 0081), from their weekly hours, days
// off and what is booked already.
import { and, eq, gte, sql } from "drizzle-orm";
import { readerAvailability, readerBookings, readerDaysOff, users } from "../../db/schema";
import { notSuspended } from "../auth/suspension.server";
import { personName } from "../auth/display-name";
import type { Database } from "../db.server";
import { openSlots, type WeeklyHours } from "./schedule";

const HOUR_MS = 60 * 60_000;

/** The bookable reader with this username: a reader, not suspended. */
export const readerNamed = (username: string) => and(eq(users.isReader, true), eq(users.username, username.slice(0, 64)), notSuspended);

/** A reader's open slots for the coming days, with what booking one costs; null for anyone who is not a bookable reader. */
export async function slotsOf(db: Database, username: string, now = Date.now()) {
  const readerId = sql<string>`(SELECT ${users.id} FROM ${users} WHERE ${readerNamed(username)})`;
  const [readers, hours, daysOff, busy] = await db.batch([
    db
      .select({ id: users.id, username: users.username, fullName: users.fullName, email: users.email, price: users.customPricePerMinute })
      .from(users)
      .where(readerNamed(username))
      .limit(1),
    db.select().from(readerAvailability).where(eq(readerAvailability.readerId, readerId)),
    db.select({ date: readerDaysOff.date }).from(readerDaysOff).where(eq(readerDaysOff.readerId, readerId)),
    db
      .select({ startAt: readerBookings.startAt, minutes: readerBookings.minutes })
      .from(readerBookings)
      .where(and(eq(readerBookings.readerId, readerId), eq(readerBookings.status, "booked"), gte(readerBookings.startAt, now - 2 * HOUR_MS))),
  ]);
  const reader = readers[0];
  if (!reader || reader.price === null) return null;
  const slots = openSlots(
    hours as WeeklyHours[],
    daysOff.map((row) => row.date),
    busy,
    now,
  );
  return {
    reader: { id: reader.id, username: reader.username!, name: personName(reader), pricePerMinuteCents: reader.price },
    readerZone: hours[0]?.timeZone ?? null,
    slots,
  };
}

/** When the reader's next open slot starts, for their profile; null when none in the coming days. */
export async function nextOpenSlot(db: Database, username: string, now = Date.now()): Promise<number | null> {
  const found = await slotsOf(db, username, now);
  return found?.slots[0]?.startAt ?? null;
}
