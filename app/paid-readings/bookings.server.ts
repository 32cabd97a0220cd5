/**
 * Scheduled readings (decision 0081): a reader's weekly hours and days off, a client booking one
 * of their slots with the slot's paid minutes held from the balance, cancelling it, and the
 * periodic work that reminds both, opens the room and settles the hold once.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import {
  dailySettings,
  paidReadings,
  readerAvailability,
  readerBookings,
  readerDaysOff,
  readingSessions,
  sellerLedger,
  sessionParticipants,
  users,
  walletHolds,
} from "../../db/schema";
import { notSuspended } from "../accounts/suspension.server";
import { personName } from "../auth/display-name";
import type { CurrentUser } from "../auth/user.server";
import { isTimeZone } from "../daily/draw";
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { newId } from "../lib/crypto";
import { formatMoney } from "../lib/format";
import { sendNotice, type Notice, type NoticeTarget } from "../mail/notices.server";
import { sendPushNow } from "../push/notify.server";
import { finishPaidReading } from "./readings.server";
import {
  BOOKING_FREE_CANCEL_HOURS,
  BOOKING_MESSAGES,
  BOOKING_REMINDER_MINUTES,
  BOOKING_ROOM_OPENS_MINUTES,
  BOOKING_WAIT_MINUTES,
  bookingMinimumCents,
  READING_FEE_PERCENT,
  READING_MODES,
  SLOT_LENGTHS_MINUTES,
  type ReadingMode,
} from "./rules";
import { clockText, minuteOfClock, momentLabel, openSlots, type WeeklyHours } from "./schedule";
import { convertHoldStatements, placeHoldStatements, releaseHoldStatements, spentHoldStatements } from "./wallet.server";

type Statement = BatchItem<"sqlite">;
export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/* ---------------------------------------------------------------------------------------------
 * The reader's hours
 * ------------------------------------------------------------------------------------------- */

/** The person's chosen time zone (the one their card of the day keeps), else `fallback`. */
export async function chosenTimeZone(db: Database, userId: string, fallback: string): Promise<string> {
  const [row] = await db.select({ zone: dailySettings.timeZone }).from(dailySettings).where(eq(dailySettings.userId, userId)).limit(1);
  return row && isTimeZone(row.zone) ? row.zone : fallback;
}

/** A reader's weekly hours and days off as their form shows them. */
export async function scheduleOf(db: Database, readerId: string) {
  const [hours, daysOff] = await db.batch([
    db
      .select()
      .from(readerAvailability)
      .where(eq(readerAvailability.readerId, readerId))
      .orderBy(asc(readerAvailability.weekday), asc(readerAvailability.startMinute)),
    db.select({ date: readerDaysOff.date }).from(readerDaysOff).where(eq(readerDaysOff.readerId, readerId)).orderBy(asc(readerDaysOff.date)),
  ]);
  return {
    timeZone: hours[0]?.timeZone ?? null,
    slotMinutes: hours[0]?.slotMinutes ?? 30,
    days: Array.from({ length: 7 }, (_, weekday) => {
      const row = hours.find((hour) => hour.weekday === weekday);
      return { weekday, start: row ? clockText(row.startMinute) : "", end: row ? clockText(row.endMinute) : "" };
    }),
    daysOff: daysOff.map((row) => row.date),
  };
}

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The "Your availability" form: a zone, a slot length, one span per weekday (both empty: not that day), days off as dates. */
export const scheduleForm = z
  .object({
    timeZone: z.string().trim().max(64).refine(isTimeZone, "Choose a time zone from the list."),
    slotMinutes: z.coerce.number().refine((n) => (SLOT_LENGTHS_MINUTES as readonly number[]).includes(n), "Choose a slot length from the list."),
    daysOff: z.string().max(2000).optional().default(""),
    ...Object.fromEntries(
      WEEKDAY_NAMES.flatMap((_, day) => [
        [`start${day}`, z.string().max(8).optional().default("")],
        [`end${day}`, z.string().max(8).optional().default("")],
      ]),
    ),
  })
  .transform((form, ctx) => {
    const values = form as unknown as Record<string, string>;
    const hours: { weekday: number; startMinute: number; endMinute: number }[] = [];
    WEEKDAY_NAMES.forEach((name, weekday) => {
      const start = values[`start${weekday}`]!.trim();
      const end = values[`end${weekday}`]!.trim();
      if (!start && !end) return;
      const startMinute = minuteOfClock(start);
      const endMinute = minuteOfClock(end);
      if (startMinute === null || endMinute === null || endMinute - startMinute < form.slotMinutes) {
        ctx.addIssue({
          code: "custom",
          path: [`start${weekday}`],
          message: `${name}: give a start and an end at least one slot apart, such as 09:00 and 12:00.`,
        });
        return;
      }
      hours.push({ weekday, startMinute, endMinute });
    });
    const daysOff = [...new Set(form.daysOff.split(/[\s,]+/).filter(Boolean))];
    const badDay = daysOff.find((date) => !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)));
    if (badDay)
      ctx.addIssue({ code: "custom", path: ["daysOff"], message: `Write days off as dates such as 2026-12-24 ("${badDay.slice(0, 20)}" is not one).` });
    if (daysOff.length > 60) ctx.addIssue({ code: "custom", path: ["daysOff"], message: "Keep to 60 days off at a time." });
    return { timeZone: form.timeZone, slotMinutes: form.slotMinutes, hours, daysOff };
  });

/** Replaces the reader's weekly hours and days off in one batch. */
export async function saveSchedule(db: Database, readerId: string, input: z.infer<typeof scheduleForm>, now = Date.now()) {
  const statements: Statement[] = [
    db.delete(readerAvailability).where(eq(readerAvailability.readerId, readerId)),
    db.delete(readerDaysOff).where(eq(readerDaysOff.readerId, readerId)),
  ];
  if (input.hours.length > 0)
    statements.push(
      db
        .insert(readerAvailability)
        .values(input.hours.map((hour) => ({ id: newId(), readerId, ...hour, slotMinutes: input.slotMinutes, timeZone: input.timeZone, createdAt: now }))),
    );
  if (input.daysOff.length > 0) statements.push(db.insert(readerDaysOff).values(input.daysOff.map((date) => ({ readerId, date }))));
  await db.batch(statements as [Statement, ...Statement[]]);
}

/* ---------------------------------------------------------------------------------------------
 * Slots and booking
 * ------------------------------------------------------------------------------------------- */

const readerNamed = (username: string) => and(eq(users.isReader, true), eq(users.username, username.slice(0, 64)), notSuspended);

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

export const bookForm = z.object({
  startAt: z.coerce.number().int().positive(),
  mode: z.enum(READING_MODES).default("chat"),
  timeZone: z.string().trim().max(64).refine(isTimeZone).catch("UTC"),
});

/**
 * The client books the slot starting at `startAt`: the booking and the hold of its paid minutes are
 * written in one batch that keeps neither unless the available balance covers the hold. One booked
 * slot per reader and start (a unique index): of two clients booking it at once, one wins.
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
  const found = await slotsOf(db, username, now);
  if (!found) return { ok: false, status: 404, message: "Reader not found" };
  if (found.reader.id === client.id) return { ok: false, status: 400, message: BOOKING_MESSAGES.self };
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
  const holdCents = found.reader.pricePerMinuteCents * slot.minutes;
  const held = sql`EXISTS (SELECT 1 FROM ${walletHolds} WHERE ${walletHolds.kind} = 'booking' AND ${walletHolds.subjectId} = ${id})`;
  try {
    await db.batch([
      db.insert(readerBookings).values({
        id,
        readerId: found.reader.id,
        clientId: client.id,
        startAt: slot.startAt,
        minutes: slot.minutes,
        mode: input.mode,
        pricePerMinuteCents: found.reader.pricePerMinuteCents,
        holdCents,
        clientTimeZone: input.timeZone,
        origin,
        createdAt: now,
      }),
      ...(holdCents > 0 ? placeHoldStatements(db, { id: newId(), userId: client.id, kind: "booking", subjectId: id, cents: holdCents }, now) : []),
      // Not covered: the booking does not stay.
      db.delete(readerBookings).where(and(eq(readerBookings.id, id), holdCents > 0 ? sql`NOT ${held}` : sql`0`)),
    ] as unknown as [Statement, ...Statement[]]);
  } catch {
    return { ok: false, status: 409, message: BOOKING_MESSAGES.taken };
  }
  const [row] = await db.select({ id: readerBookings.id }).from(readerBookings).where(eq(readerBookings.id, id)).limit(1);
  if (!row) return { ok: false, status: 402, message: BOOKING_MESSAGES.balance };
  return {
    ok: true,
    value: { id, readerId: found.reader.id, clientId: client.id, clientTimeZone: input.timeZone, startAt: slot.startAt, minutes: slot.minutes, holdCents },
  };
}

type BookedSlot = { id: string; readerId: string; clientId: string; clientTimeZone: string; startAt: number; minutes: number; holdCents: number };

/* ---------------------------------------------------------------------------------------------
 * Bookings as their two people see them
 * ------------------------------------------------------------------------------------------- */

const nameOf = (column: typeof readerBookings.readerId | typeof readerBookings.clientId) =>
  sql<string>`(SELECT coalesce(nullif(${users.fullName}, ''), ${users.username}, 'A client') FROM ${users} WHERE ${users.id} = ${column})`;

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
  readerName: nameOf(readerBookings.readerId),
  clientName: nameOf(readerBookings.clientId),
  readerUsername: sql<string | null>`(SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${readerBookings.readerId})`,
};

export type BookingRow = Awaited<ReturnType<typeof bookingsOf>>[number];

/** A person's bookings on both sides, the coming ones first, then the past ones newest first. */
export async function bookingsOf(db: Database, userId: string, now = Date.now()) {
  const rows = await db
    .select(bookingColumns)
    .from(readerBookings)
    .where(or(eq(readerBookings.clientId, userId), eq(readerBookings.readerId, userId)))
    .orderBy(desc(readerBookings.startAt))
    .limit(60);
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

/** What cancelling costs the client at `now`: nothing from 24 hours before, the stated minimum later. */
export function cancellationCents(booking: { startAt: number; minutes: number; pricePerMinuteCents: number }, now: number) {
  return booking.startAt - now >= BOOKING_FREE_CANCEL_HOURS * HOUR_MS ? 0 : bookingMinimumCents(booking.pricePerMinuteCents, booking.minutes);
}

/** The reader's earning from a hold's converted line: gross, the platform's fee and net, once per booking. */
function readerEarning(db: Database, bookingId: string, readerId: string, now: number) {
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
 * stated minimum for the reader. The booking's guarded change and the hold's settling are one batch.
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
  const kept = booking.isClient ? cancellationCents(booking, now) : 0;
  const results = await db.batch([
    db
      .update(readerBookings)
      .set({ status: "cancelled", cancelledBy: booking.isClient ? "client" : "reader", settledAt: now })
      .where(and(eq(readerBookings.id, booking.id), eq(readerBookings.status, "booked"), isNull(readerBookings.readingId)))
      .returning({ id: readerBookings.id }),
    ...(kept > 0
      ? convertHoldStatements(
          db,
          { kind: "booking", subjectId: booking.id, cents: kept, description: "Late cancellation of a scheduled reading" },
          now,
          readerEarning(db, booking.id, booking.readerId, now),
        )
      : releaseHoldStatements(db, "booking", booking.id, now)),
  ] as unknown as [Statement, ...Statement[]]);
  if ((results[0] as unknown[]).length === 0) return { ok: false, status: 409, message: BOOKING_MESSAGES.closed };
  return { ok: true, value: { booking, keptCents: kept } };
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

/* ---------------------------------------------------------------------------------------------
 * Notices
 * ------------------------------------------------------------------------------------------- */

type Person = { id: string; email: string | null; zone: string; name: string };

/** The two people of a booking with the e-mail and the zone each reads times in (their chosen one, else the zone they booked or publish hours in). */
async function peopleOf(db: Database, booking: { id: string; readerId: string; clientId: string; clientTimeZone: string }) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      username: users.username,
      chosen: dailySettings.timeZone,
      published: sql<
        string | null
      >`(SELECT ${readerAvailability.timeZone} FROM ${readerAvailability} WHERE ${readerAvailability.readerId} = ${users.id} LIMIT 1)`,
    })
    .from(users)
    .leftJoin(dailySettings, eq(dailySettings.userId, users.id))
    .where(inArray(users.id, [booking.readerId, booking.clientId]));
  const person = (id: string, fallback: string | null): Person | null => {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) return null;
    const zone = row.chosen && isTimeZone(row.chosen) ? row.chosen : fallback && isTimeZone(fallback) ? fallback : "UTC";
    return { id, email: row.email, zone, name: personName(row) };
  };
  return {
    reader: person(booking.readerId, rows.find((row) => row.id === booking.readerId)?.published ?? null),
    client: person(booking.clientId, booking.clientTimeZone),
  };
}

export type BookingNoticeKind = "booked" | "reminder" | "cancelled-by-reader" | "cancelled-by-client";

/** A booking's e-mail to one of its two people, its time in that person's zone. */
export function bookingNotice(
  kind: BookingNoticeKind,
  to: Person & { email: string },
  other: Person,
  booking: { id: string; startAt: number; minutes: number; holdCents: number },
  origin: string,
  isClient: boolean,
): Notice {
  const when = momentLabel(to.zone, booking.startAt);
  const action = { label: "See the booking", url: `${origin}/bookings/${booking.id}` };
  const rows = [
    { label: "When", value: when },
    { label: "Length", value: `${booking.minutes} minutes` },
    ...(isClient ? [{ label: "Held from your balance", value: formatMoney(booking.holdCents) }] : []),
  ];
  switch (kind) {
    case "booked":
      return {
        to: to.email,
        subject: `Scheduled reading on ${when}`,
        heading: isClient ? `Your reading with ${other.name} is booked` : `${other.name} booked a reading with you`,
        paragraphs: [
          isClient
            ? "The slot's minutes are held from your balance until the reading; you pay for the minutes you use."
            : "You will get a reminder before it. The room opens a few minutes before the start.",
          `Add it to your calendar: ${origin}/bookings/${booking.id}.ics`,
        ],
        rows,
        action,
      };
    case "reminder":
      return {
        to: to.email,
        subject: `Reminder: your reading with ${other.name} at ${when}`,
        heading: `Your reading with ${other.name} is coming up`,
        paragraphs: [`It starts ${when}. The room opens ${BOOKING_ROOM_OPENS_MINUTES} minutes before; enter it from the booking.`],
        rows,
        action,
      };
    case "cancelled-by-reader":
    case "cancelled-by-client":
      return {
        to: to.email,
        subject: `Scheduled reading on ${when} cancelled`,
        heading: `${kind === "cancelled-by-reader" ? (isClient ? other.name : "You") : isClient ? "You" : other.name} cancelled the reading`,
        paragraphs: [
          isClient
            ? "What was held for it is back in your balance, less anything a late cancellation keeps (see the booking)."
            : "The slot is open again for others to book.",
        ],
        rows,
        action,
      };
  }
}

/** Tells both people of a booking by e-mail (after the response). */
export async function tellBooking(
  target: NoticeTarget,
  kind: BookingNoticeKind,
  booking: { id: string; readerId: string; clientId: string; clientTimeZone: string; startAt: number; minutes: number; holdCents: number },
  origin: string,
) {
  const { reader, client } = await peopleOf(target.db, booking);
  if (!reader || !client) return;
  for (const [to, other, isClient] of [
    [client, reader, true],
    [reader, client, false],
  ] as const) {
    if (to.email) sendNotice(target, bookingNotice(kind, { ...to, email: to.email }, other, booking, origin, isClient));
  }
}

/* ---------------------------------------------------------------------------------------------
 * The periodic work
 * ------------------------------------------------------------------------------------------- */

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
            {
              kind: "booking",
              userId: person.id,
              bookingId: won.id,
              title: `Reading with ${other.name} soon`,
              body: `It starts ${momentLabel(person.zone, won.startAt)}.`,
            },
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
  for (const booking of due) {
    const people = await db
      .select({ id: users.id, fullName: users.fullName, username: users.username, email: users.email })
      .from(users)
      .where(inArray(users.id, [booking.readerId, booking.clientId]));
    const reader = people.find((p) => p.id === booking.readerId);
    const client = people.find((p) => p.id === booking.clientId);
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
