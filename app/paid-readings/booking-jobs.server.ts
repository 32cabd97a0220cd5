/**
 * What time does to scheduled readings (decision 0081): reminders before, the room opening a few
 * minutes before the start, and settling each hold once, by the periodic job.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { paidReadings, readerBookings, readingSessions, sessionParticipants, users } from "../../db/schema";
import { personName } from "../auth/display-name";
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { newId } from "../lib/crypto";
import { sendPushNow } from "../push/notify.server";
import { bookingNews } from "./news.server";
import { finishPaidReading } from "./readings.server";
import {
  BOOKING_REMINDER_MINUTES,
  BOOKING_ROOM_OPENS_MINUTES,
  BOOKING_WAIT_MINUTES,
  bookingMinimumCents,
  READING_FEE_PERCENT,
  type ReadingMode,
} from "./rules";
import { momentLabel } from "./schedule";
import { peopleOf, tellBooking } from "./booking-notices.server";
import { readerEarning } from "./bookings.server";
import { convertHoldStatements, releaseHoldStatements, spentHoldStatements } from "./wallet.server";

type Statement = BatchItem<"sqlite">;

const MINUTE_MS = 60_000;

/** Where the periodic work runs: e-mails are sent after it through `waitUntil`, and only with a configuration. */
export type ScheduledTarget = { db: Database; config: AppConfig | null; waitUntil: (work: Promise<unknown>) => void };

/** Reminders within the hour before: once per booking (the guarded `reminded_at`), by e-mail to both and by push where allowed. */
async function sendReminders(target: ScheduledTarget, now: number) {
  const { db } = target;
  const due = await db
    .select({ id: readerBookings.id })
    .from(readerBookings)
    .where(
      and(
        eq(readerBookings.status, "booked"),
        isNull(readerBookings.remindedAt),
        lte(readerBookings.startAt, now + BOOKING_REMINDER_MINUTES * MINUTE_MS),
        gte(readerBookings.startAt, now - BOOKING_WAIT_MINUTES * MINUTE_MS),
      ),
    )
    .limit(100);
  let sent = 0;
  for (const { id } of due) {
    const [won] = await db
      .update(readerBookings)
      .set({ remindedAt: now })
      .where(and(eq(readerBookings.id, id), isNull(readerBookings.remindedAt), eq(readerBookings.status, "booked")))
      .returning({
        id: readerBookings.id,
        readerId: readerBookings.readerId,
        clientId: readerBookings.clientId,
        clientTimeZone: readerBookings.clientTimeZone,
        startAt: readerBookings.startAt,
        minutes: readerBookings.minutes,
        holdCents: readerBookings.holdCents,
        origin: readerBookings.origin,
        readerTold: readerBookings.readerTold,
      });
    if (!won) continue;
    sent++;
    if (target.config) {
      const noticeTarget = { db, config: target.config, waitUntil: target.waitUntil };
      await tellBooking(noticeTarget, "reminder", won, won.origin);
      const { reader, client } = await peopleOf(db, won);
      for (const [person, other] of [
        [client, reader],
        [reader, client],
      ] as const) {
        if (!person || !other) continue;
        target.waitUntil(
          sendPushNow(
            { db, config: target.config },
            bookingNews({
              userId: person.id,
              bookingId: won.id,
              title: `Reading with ${other.name} soon`,
              body: `It starts ${momentLabel(person.zone, won.startAt)}.`,
            }),
            now,
          ).catch(() => undefined),
        );
      }
    }
  }
  return sent;
}

/**
 * Opens the room of each booking starting within a few minutes, as accepting a request does: the
 * room, its two seats and the paid reading (no free minutes: the slot is paid) in one batch that only
 * one run can win (the booking's `reading_id` is set only while empty; the paid reading's request id is
 * the booking's, unique). The reading counts its wait for the two from the booked start.
 */
async function openRooms(db: Database, now: number) {
  const due = await db
    .select({
      id: readerBookings.id,
      readerId: readerBookings.readerId,
      clientId: readerBookings.clientId,
      startAt: readerBookings.startAt,
      mode: readerBookings.mode,
      price: readerBookings.pricePerMinuteCents,
    })
    .from(readerBookings)
    .where(
      and(
        eq(readerBookings.status, "booked"),
        isNull(readerBookings.readingId),
        lte(readerBookings.startAt, now + BOOKING_ROOM_OPENS_MINUTES * MINUTE_MS),
        gte(readerBookings.startAt, now - BOOKING_WAIT_MINUTES * MINUTE_MS),
      ),
    )
    .limit(50);
  const opened: string[] = [];
  if (due.length === 0) return opened;
  // Everyone the due bookings seat, read at once rather than once per booking.
  const people = new Map(
    (
      await db
        .select({ id: users.id, fullName: users.fullName, username: users.username, email: users.email })
        .from(users)
        .where(inArray(users.id, [...new Set(due.flatMap((booking) => [booking.readerId, booking.clientId]))]))
    ).map((person) => [person.id, person]),
  );
  for (const booking of due) {
    const reader = people.get(booking.readerId);
    const client = people.get(booking.clientId);
    if (!reader || !client) continue;
    const id = newId();
    const won = sql`EXISTS (SELECT 1 FROM ${readerBookings} WHERE ${readerBookings.id} = ${booking.id} AND ${readerBookings.readingId} = ${id})`;
    try {
      await db.batch([
        db
          .update(readerBookings)
          .set({ readingId: id })
          .where(and(eq(readerBookings.id, booking.id), isNull(readerBookings.readingId), eq(readerBookings.status, "booked"))),
        db
          .insert(readingSessions)
          .values({ id, hostUserId: reader.id, originalHostUserId: reader.id, question: null, createdAt: now, updatedAt: now, lastActivityAt: now }),
        db.insert(sessionParticipants).values([
          { id: newId(), sessionId: id, userId: reader.id, name: personName(reader), isHost: true, role: "host", joinedAt: now, lastSeenAt: now },
          { id: newId(), sessionId: id, userId: client.id, name: personName(client), isHost: false, role: "participant", joinedAt: now, lastSeenAt: now },
        ]),
        db.insert(paidReadings).values({
          id,
          requestId: `booking:${booking.id}`,
          clientId: client.id,
          readerId: reader.id,
          mode: booking.mode as ReadingMode,
          pricePerMinuteCents: booking.price,
          freeMinutes: 0,
          status: "live",
          feePercent: READING_FEE_PERCENT,
          // The room's wait for the two to meet counts from the booked start, not from the opening.
          createdAt: booking.startAt,
        }),
        db.delete(readingSessions).where(and(eq(readingSessions.id, id), sql`NOT ${won}`)),
      ]);
      opened.push(id);
    } catch {
      // Another run opened it, or the reader is still in another reading: the next run tries again.
    }
  }
  return opened;
}

/**
 * Settles each booking once its time has come: a reading that took place converts the hold for what
 * its minutes charged once it has ended (the rest released); a reading that never started by the
 * stated wait is a no-show — the reader's (or nobody's): the hold is released whole; the client's,
 * with the reader come in: the stated minimum is paid to the reader and the rest released. Each is
 * one batch guarded by the booking still being booked and the hold still held, so runs that
 * overlap settle it once.
 */
async function settleBookings(db: Database, now: number) {
  const due = await db
    .select({
      id: readerBookings.id,
      readerId: readerBookings.readerId,
      startAt: readerBookings.startAt,
      minutes: readerBookings.minutes,
      price: readerBookings.pricePerMinuteCents,
      readingId: readerBookings.readingId,
      readerArrivedAt: readerBookings.readerArrivedAt,
      clientArrivedAt: readerBookings.clientArrivedAt,
      readingStatus: paidReadings.status,
      startedAt: paidReadings.startedAt,
      chargedCents: paidReadings.chargedCents,
    })
    .from(readerBookings)
    .leftJoin(paidReadings, eq(paidReadings.id, readerBookings.readingId))
    .where(and(eq(readerBookings.status, "booked"), lte(readerBookings.startAt, now - BOOKING_WAIT_MINUTES * MINUTE_MS)))
    .limit(100);
  const settled: { id: string; outcome: string }[] = [];
  for (const booking of due) {
    const stillBooked = and(eq(readerBookings.id, booking.id), eq(readerBookings.status, "booked"));
    let statements: Statement[];
    let outcome: "completed" | "reader-no-show" | "client-no-show";
    if (booking.startedAt !== null && booking.startedAt !== undefined) {
      if (booking.readingStatus !== "ended") continue;
      outcome = "completed";
      const charged = sql`(SELECT ${paidReadings.chargedCents} FROM ${paidReadings} WHERE ${paidReadings.id} = ${booking.readingId})`;
      statements = spentHoldStatements(db, "booking", booking.id, charged, now);
    } else if (booking.readingId && booking.readerArrivedAt !== null && booking.clientArrivedAt === null) {
      outcome = "client-no-show";
      statements = convertHoldStatements(
        db,
        {
          kind: "booking",
          subjectId: booking.id,
          cents: bookingMinimumCents(booking.price, booking.minutes),
          description: "Scheduled reading missed: the stated minimum",
        },
        now,
        readerEarning(db, booking.id, booking.readerId, now),
      );
    } else {
      outcome = "reader-no-show";
      statements = releaseHoldStatements(db, "booking", booking.id, now);
    }
    // A reading that never started is called off here too, should its room not have done so yet.
    if (outcome !== "completed" && booking.readingId) await finishPaidReading(db, booking.readingId, { startedAt: null, reason: "never-started" }, now);
    const results = await db.batch([
      db.update(readerBookings).set({ status: outcome, settledAt: now }).where(stillBooked).returning({ id: readerBookings.id }),
      ...statements,
    ] as unknown as [Statement, ...Statement[]]);
    if ((results[0] as unknown[]).length > 0) settled.push({ id: booking.id, outcome });
  }
  return settled;
}

/** Everything time does to scheduled readings, for the periodic job: reminders, rooms opening, settling. */
export async function runScheduledReadings(target: ScheduledTarget, now: number) {
  const reminded = await sendReminders(target, now);
  const opened = await openRooms(target.db, now);
  const settled = await settleBookings(target.db, now);
  return { reminded, opened: opened.length, settled: settled.length };
}
