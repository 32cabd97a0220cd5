// Bookings as their two people see them: the list of a person's bookings on both sides, one booking,
// and the bookings whose room is open now (decision 0081).
import { and, desc, eq, isNotNull, or, sql, type SQLWrapper } from "drizzle-orm";
import { readerBookings, users } from "../../db/schema";
import { personNameSql } from "../auth/person-name.server";
import type { Database } from "../db.server";
import { readShape } from "../lib/page-reads.server";
import { chosenZoneRead } from "./booked-times.server";

const nameOf = (column: typeof readerBookings.readerId | typeof readerBookings.clientId) => personNameSql(column, "A client");

const bookingColumns = {
  id: readerBookings.id,
  readerId: readerBookings.readerId,
  clientId: readerBookings.clientId,
  startAt: readerBookings.startAt,
  minutes: readerBookings.minutes,
  mode: readerBookings.mode,
  pricePerMinuteCents: readerBookings.pricePerMinuteCents,
  holdCents: readerBookings.holdCents,
  status: readerBookings.status,
  readingId: readerBookings.readingId,
  cancelledBy: readerBookings.cancelledBy,
  clientTimeZone: readerBookings.clientTimeZone,
  origin: readerBookings.origin,
  readerTold: readerBookings.readerTold,
  readerName: nameOf(readerBookings.readerId),
  clientName: nameOf(readerBookings.clientId),
  readerUsername: sql<string | null>`(SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${readerBookings.readerId})`,
};

export type BookingRow = ReturnType<typeof bookingsFrom>[number];

/** A person's bookings on both sides (the last 60); `who` may be `me`. */
const bookingsQuery = (db: Database, who: string | SQLWrapper) =>
  db
    .select(bookingColumns)
    .from(readerBookings)
    .where(or(eq(readerBookings.clientId, who), eq(readerBookings.readerId, who)))
    .orderBy(desc(readerBookings.startAt))
    .limit(60);

/** The bookings page's reads of the session's person, beside the session's check: their bookings and chosen time zone. */
export const BOOKINGS_PAGE = readShape((db, me) => [bookingsQuery(db, me), chosenZoneRead(db, me)]);

/** A person's bookings from the rows `bookingsQuery` read: the coming ones first, then the past ones newest first. */
export function bookingsFrom(rows: Awaited<ReturnType<typeof bookingsQuery>>, userId: string, now: number) {
  const coming = rows.filter((row) => row.status === "booked").reverse();
  const past = rows.filter((row) => row.status !== "booked");
  return [...coming, ...past].map((row) => ({
    ...row,
    isClient: row.clientId === userId,
    cancellable: row.status === "booked" && row.readingId === null && row.startAt > now,
  }));
}

/** One booking for its client or its reader; null for anyone else. */
export async function getBooking(db: Database, viewerId: string, id: string) {
  const [row] = await db
    .select(bookingColumns)
    .from(readerBookings)
    .where(eq(readerBookings.id, id.slice(0, 64)))
    .limit(1);
  if (!row || (row.clientId !== viewerId && row.readerId !== viewerId)) return null;
  return { ...row, isClient: row.clientId === viewerId };
}

/** Bookings whose room is open now for this person, for a link on their pages. */
export async function openBookingsOf(db: Database, userId: string) {
  return db
    .select({ id: readerBookings.id })
    .from(readerBookings)
    .where(
      and(
        or(eq(readerBookings.clientId, userId), eq(readerBookings.readerId, userId)),
        eq(readerBookings.status, "booked"),
        isNotNull(readerBookings.readingId),
      ),
    )
    .limit(5);
}
