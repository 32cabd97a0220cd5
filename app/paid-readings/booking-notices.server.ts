/**
 * A booking's e-mails to its two people, each with the time in that person's zone (decision 0081).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { dailySettings, readerAvailability, users } from "../../db/schema";
import { personName } from "../auth/display-name";
import { isTimeZone } from "../lib/calendar";
import type { Database } from "../db.server";
import { formatMoney } from "../lib/format";
import { sendNotice, type Notice, type NoticeTarget } from "../mail/notices.server";
import { BOOKING_ROOM_OPENS_MINUTES } from "./rules";
import { momentLabel } from "./schedule";

type Person = { id: string; email: string | null; zone: string; name: string };

/** The two people of a booking with the e-mail and the zone each reads times in (their chosen one, else the zone they booked or publish hours in). */
export async function peopleOf(db: Database, booking: { id: string; readerId: string; clientId: string; clientTimeZone: string }) {
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

export type BookingNoticeKind = "booked" | "reminder" | "cancelled-by-reader" | "cancelled-by-client" | "reader-left";

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
          `Add it to your calendar: ${origin}/bookings/${booking.id}/calendar.ics`,
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
    case "reader-left":
      return {
        to: to.email,
        subject: `Scheduled reading on ${when} cancelled`,
        heading: `${other.name} has closed their account`,
        paragraphs: [
          `${other.name} is no longer a reader on Arcanum, so your reading is cancelled.`,
          `Everything held for it, ${formatMoney(booking.holdCents)}, is free to spend in your balance again.`,
        ],
        rows,
        action,
      };
  }
}

/**
 * Tells both people of a booking by e-mail (after the response). The reader hears of a client's
 * booking, and of its cancellation by the client, only when the booking is one they are told of (decision 0090).
 */
export async function tellBooking(
  target: NoticeTarget,
  kind: BookingNoticeKind,
  booking: {
    id: string;
    readerId: string;
    clientId: string;
    clientTimeZone: string;
    startAt: number;
    minutes: number;
    holdCents: number;
    readerTold: boolean;
  },
  origin: string,
) {
  const { reader, client } = await peopleOf(target.db, booking);
  if (!reader || !client) return;
  const readerHears = booking.readerTold || kind === "reminder" || kind === "cancelled-by-reader";
  for (const [to, other, isClient] of [
    [client, reader, true],
    [reader, client, false],
  ] as const) {
    if (to.email && (isClient || readerHears)) sendNotice(target, bookingNotice(kind, { ...to, email: to.email }, other, booking, origin, isClient));
  }
}
