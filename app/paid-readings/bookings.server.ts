/**
 * Scheduled readings (decision 0081): a client booking one of a reader's slots with the slot's paid
 * minutes held from the balance, cancelling, and arriving. The open slots are in slots.server.ts,
 * the bookings as their two people see them in booking-list.server.ts, booked times in a person's
 * zone in booked-times.server.ts, the reader's hours in availability.server.ts, the e-mails in
 * booking-notices.server.ts, and what time does to a booking in booking-jobs.server.ts.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { readerBookings, sellerLedger, users, walletHolds } from "../../db/schema";
import type { CurrentUser } from "../auth/user.server";
import { isTimeZone } from "../lib/calendar";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { blockedSql, isBlocked } from "./blocks.server";
import {
  BOOKING_FREE_CANCEL_HOURS,
  BOOKING_LIMIT_WINDOW_MS,
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  bookingMinimumCents,
  PAID_READING_MESSAGES,
  READING_FEE_PERCENT,
  READING_MODE_CHOICE,
  READING_MODES,
} from "./rules";
import { convertHoldStatements, placeHoldStatements, releaseHoldStatements } from "./wallet.server";
import { readerNamed, slotsOf } from "./slots.server";
import { getBooking } from "./booking-list.server";

type Statement = BatchItem<"sqlite">;
export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const SLOT_CHOICE = "Choose one of the times offered.";

export const bookForm = lazySchema(() =>
  z.object({
    startAt: z.coerce.number({ error: SLOT_CHOICE }).int({ error: SLOT_CHOICE }).positive({ error: SLOT_CHOICE }),
    mode: z.enum(READING_MODES, { error: READING_MODE_CHOICE }).default("chat"),
    timeZone: z.string().trim().max(64).refine(isTimeZone).catch("UTC"),
  }),
);

/** How many of the client's bookings, of one reader or of all (`readerId` null), are `which` (decision 0090). */
const clientBookingsSql = (clientId: string, readerId: string | null, which: SQL) =>
  sql<number>`(SELECT count(*) FROM ${readerBookings} b WHERE b.client_id = ${clientId}${readerId === null ? sql`` : sql` AND b.reader_id = ${readerId}`} AND ${which})`;

/**
 * The client books the slot starting at `startAt`: the booking and the hold of its paid minutes are
 * written in one batch that keeps neither unless the available balance covers the hold. One booked
 * slot per reader and start (a unique index): of two clients booking it at once, one wins. The
 * insert itself counts the client's bookings of the day, so the limits hold however many arrive at
 * once, and decides whether the reader is e-mailed of this one (decision 0090).
 */
export async function bookSlot(
  db: Database,
  client: CurrentUser,
  username: string,
  input: z.infer<typeof bookForm>,
  origin: string,
  now = Date.now(),
): Promise<Outcome<BookedSlot>> {
  if (client.isGuest) return { ok: false, status: 401, message: BOOKING_MESSAGES.guest };
  const namedReader = sql<string>`(SELECT ${users.id} FROM ${users} WHERE ${readerNamed(username)})`;
  const [found, blocked] = await Promise.all([slotsOf(db, username, now), isBlocked(db, namedReader, client.id)]);
  if (!found) return { ok: false, status: 404, message: "Reader not found" };
  if (found.reader.id === client.id) return { ok: false, status: 400, message: BOOKING_MESSAGES.self };
  if (blocked) return { ok: false, status: 403, message: PAID_READING_MESSAGES.unavailable };
  const slot = found.slots.find((candidate) => candidate.startAt === input.startAt);
  if (!slot) {
    // Booked by someone meanwhile, or never a slot.
    const [taken] = await db
      .select({ id: readerBookings.id })
      .from(readerBookings)
      .where(and(eq(readerBookings.readerId, found.reader.id), eq(readerBookings.startAt, input.startAt), eq(readerBookings.status, "booked")))
      .limit(1);
    return { ok: false, status: 409, message: taken ? BOOKING_MESSAGES.taken : BOOKING_MESSAGES.slot };
  }
  const id = newId();
  const readerId = found.reader.id;
  const holdCents = found.reader.pricePerMinuteCents * slot.minutes;
  const since = now - BOOKING_LIMIT_WINDOW_MS;
  const withReader = clientBookingsSql(client.id, readerId, sql`b.created_at > ${since}`);
  const inAll = clientBookingsSql(client.id, null, sql`b.created_at > ${since}`);
  const told = clientBookingsSql(client.id, readerId, sql`b.created_at > ${since} AND b.reader_told = 1`);
  const booked = sql`EXISTS (SELECT 1 FROM ${readerBookings} WHERE ${readerBookings.id} = ${id})`;
  const held = sql`EXISTS (SELECT 1 FROM ${walletHolds} WHERE ${walletHolds.kind} = 'booking' AND ${walletHolds.subjectId} = ${id})`;
  let results: unknown[];
  try {
    results = await db.batch([
      db
        .insert(readerBookings)
        .select(
          sql`SELECT ${id}, ${readerId}, ${client.id}, ${slot.startAt}, ${slot.minutes}, ${input.mode}, ${found.reader.pricePerMinuteCents}, ${holdCents},
                ${input.timeZone}, ${origin}, 'booked', NULL, NULL, NULL, NULL, NULL, ${now}, NULL, ${told} < ${BOOKING_LIMITS.readerTold}
              WHERE ${withReader} < ${BOOKING_LIMITS.perReader} AND ${inAll} < ${BOOKING_LIMITS.inAll} AND NOT ${blockedSql(readerId, client.id)}`,
        )
        .returning({ readerTold: readerBookings.readerTold }),
      ...(holdCents > 0 ? placeHoldStatements(db, { id: newId(), userId: client.id, kind: "booking", subjectId: id, cents: holdCents }, now, booked) : []),
      // Not covered: the booking does not stay.
      db.delete(readerBookings).where(and(eq(readerBookings.id, id), holdCents > 0 ? sql`NOT ${held}` : sql`0`)),
      db.select({ id: readerBookings.id }).from(readerBookings).where(eq(readerBookings.id, id)),
      db.select({ withReader, inAll, blocked: sql<number>`${blockedSql(readerId, client.id)}` }).from(sql`(SELECT 1)`),
    ] as unknown as [Statement, ...Statement[]]);
  } catch {
    return { ok: false, status: 409, message: BOOKING_MESSAGES.taken };
  }
  const [made] = results[0] as { readerTold: boolean }[];
  if (!made) {
    const [counts] = results.at(-1) as { withReader: number; inAll: number; blocked: number }[];
    // Blocked by the reader a moment ago.
    if (counts?.blocked) return { ok: false, status: 403, message: PAID_READING_MESSAGES.unavailable };
    return {
      ok: false,
      status: 429,
      message: Number(counts?.withReader) >= BOOKING_LIMITS.perReader ? BOOKING_MESSAGES.tooManyWithReader : BOOKING_MESSAGES.tooMany,
    };
  }
  if ((results.at(-2) as unknown[]).length === 0) return { ok: false, status: 402, message: BOOKING_MESSAGES.balance };
  return {
    ok: true,
    value: {
      id,
      readerId,
      clientId: client.id,
      clientTimeZone: input.timeZone,
      startAt: slot.startAt,
      minutes: slot.minutes,
      holdCents,
      readerTold: Boolean(made.readerTold),
    },
  };
}

type BookedSlot = {
  id: string;
  readerId: string;
  clientId: string;
  clientTimeZone: string;
  startAt: number;
  minutes: number;
  holdCents: number;
  readerTold: boolean;
};

/** What cancelling costs the client at `now`: nothing from 24 hours before, the stated minimum later. */
export function cancellationCents(booking: { startAt: number; minutes: number; pricePerMinuteCents: number }, now: number) {
  return booking.startAt - now >= BOOKING_FREE_CANCEL_HOURS * HOUR_MS ? 0 : bookingMinimumCents(booking.pricePerMinuteCents, booking.minutes);
}

/** The reader's earning from a hold's converted line: gross, the platform's fee and net, once per booking. */
export function readerEarning(db: Database, bookingId: string, readerId: string, now: number) {
  return (entryId: string): Statement[] => {
    const gross = sql`(SELECT -amount_cents FROM wallet_entries WHERE id = ${entryId})`;
    const fee = sql`CAST(ROUND(${gross} * ${READING_FEE_PERCENT} / 100.0) AS INTEGER)`;
    return [
      db
        .insert(sellerLedger)
        .select(
          sql`SELECT ${newId()}, ${readerId}, 'booking', NULL, NULL, ${gross}, ${fee}, ${gross} - ${fee}, ${`booking:${bookingId}`}, ${now}, NULL WHERE ${gross} > 0`,
        )
        .onConflictDoNothing(),
    ];
  };
}

/**
 * Cancels a booked reading before its room opens. The reader cancelling gives the client the whole
 * hold back; the client cancelling gives it back from 24 hours before the start, and later keeps the
 * stated minimum for the reader. The booking's guarded change (for a client, within the day's
 * cancellations: decision 0090) and the hold's settling, only once the booking is cancelled, are one batch.
 */
export async function cancelBooking(
  db: Database,
  viewer: CurrentUser,
  id: string,
  now = Date.now(),
): Promise<Outcome<{ booking: NonNullable<Awaited<ReturnType<typeof getBooking>>>; keptCents: number }>> {
  const booking = await getBooking(db, viewer.id, id);
  if (!booking) return { ok: false, status: 404, message: BOOKING_MESSAGES.notFound };
  if (booking.status !== "booked" || booking.readingId !== null || booking.startAt <= now) return { ok: false, status: 409, message: BOOKING_MESSAGES.closed };
  const { statements, keptCents } = cancelBookingStatements(db, booking, booking.isClient ? "client" : "reader", now, { limited: booking.isClient });
  const results = await db.batch([
    ...statements,
    db.select({ status: readerBookings.status, readingId: readerBookings.readingId }).from(readerBookings).where(eq(readerBookings.id, booking.id)),
  ] as unknown as [Statement, ...Statement[]]);
  if ((results[0] as unknown[]).length === 0) {
    const [after] = results.at(-1) as { status: string; readingId: string | null }[];
    const limited = booking.isClient && after?.status === "booked" && after.readingId === null;
    return limited ? { ok: false, status: 429, message: BOOKING_MESSAGES.tooManyCancels } : { ok: false, status: 409, message: BOOKING_MESSAGES.closed };
  }
  return { ok: true, value: { booking, keptCents } };
}

/**
 * The batch that cancels a booking before its room opens, settling its hold by the rule of who
 * cancels (see `cancelBooking`); `limited` holds a client to their cancellations a day with that
 * reader. Its first statement returns the booking's id only when this batch cancelled it, and the
 * hold is settled only then, so of two cancellations at once one settles the hold.
 */
export function cancelBookingStatements(
  db: Database,
  booking: { id: string; readerId: string; clientId: string; startAt: number; minutes: number; pricePerMinuteCents: number },
  by: "client" | "reader",
  now: number,
  { limited = false } = {},
) {
  const keptCents = by === "client" ? cancellationCents(booking, now) : 0;
  const cancelsToday = clientBookingsSql(
    booking.clientId,
    booking.readerId,
    sql`b.cancelled_by = 'client' AND b.settled_at > ${now - BOOKING_LIMIT_WINDOW_MS}`,
  );
  const cancelled = sql`EXISTS (SELECT 1 FROM ${readerBookings} WHERE ${readerBookings.id} = ${booking.id} AND ${readerBookings.status} = 'cancelled' AND ${readerBookings.settledAt} = ${now})`;
  const statements = [
    db
      .update(readerBookings)
      .set({ status: "cancelled", cancelledBy: by, settledAt: now })
      .where(
        and(
          eq(readerBookings.id, booking.id),
          eq(readerBookings.status, "booked"),
          isNull(readerBookings.readingId),
          limited ? sql`${cancelsToday} < ${BOOKING_LIMITS.cancelsPerReader}` : undefined,
        ),
      )
      .returning({ id: readerBookings.id }),
    ...(keptCents > 0
      ? convertHoldStatements(
          db,
          { kind: "booking", subjectId: booking.id, cents: keptCents, description: "Late cancellation of a scheduled reading" },
          now,
          readerEarning(db, booking.id, booking.readerId, now),
          cancelled,
        )
      : releaseHoldStatements(db, "booking", booking.id, now, cancelled)),
  ] as unknown as [Statement, ...Statement[]];
  return { statements, keptCents };
}

/** Notes that one of the two came in through the booking, once the room is open: who came decides a no-show. */
export async function arriveAtBooking(
  db: Database,
  viewerId: string,
  id: string,
  now = Date.now(),
): Promise<Outcome<NonNullable<Awaited<ReturnType<typeof getBooking>>>>> {
  const booking = await getBooking(db, viewerId, id);
  if (!booking) return { ok: false, status: 404, message: BOOKING_MESSAGES.notFound };
  if (booking.status !== "booked" || !booking.readingId) return { ok: false, status: 409, message: BOOKING_MESSAGES.notOpen };
  const column = booking.isClient ? readerBookings.clientArrivedAt : readerBookings.readerArrivedAt;
  await db
    .update(readerBookings)
    .set(booking.isClient ? { clientArrivedAt: now } : { readerArrivedAt: now })
    .where(and(eq(readerBookings.id, booking.id), isNull(column)));
  return { ok: true, value: booking };
}
