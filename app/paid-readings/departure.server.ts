/**
 * What a person leaving settles with the people they read for or with (decision 0092), in the
 * deletion's batch: their booked readings cancelled with each hold settled by the cancellation
 * rule, written readings still unanswered refunded, waiting requests closed, and a reader's hours,
 * days off and written offers withdrawn. Then each other person is told by e-mail. A scheduled
 * reading whose room is open stops the deletion until it is settled.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, or, sql, type SQLWrapper } from "drizzle-orm";
import { readerAvailability, readerBookings, readerDaysOff, readingRequests, users, writtenOffers, writtenRequests } from "../../db/schema";
import type { DepartureHandler, Leaving } from "../auth/departure.server";
import { formatMoney } from "../lib/format";
import { sendNotice, type NoticeTarget } from "../mail/notices.server";
import { bookingNotice, peopleOf } from "./booking-notices.server";
import { cancelBookingStatements } from "./bookings.server";
import { DEPARTURE_MESSAGES } from "./rules";
import { writtenRefundStatements } from "./wallet.server";

type Statement = BatchItem<"sqlite">;

const either = (leavingId: string, reader: SQLWrapper, client: SQLWrapper) => or(eq(reader, leavingId), eq(client, leavingId));

export const readingsDeparture: DepartureHandler = async (db, leaving, now) => {
  const [bookings, written] = await db.batch([
    db
      .select({
        id: readerBookings.id,
        readerId: readerBookings.readerId,
        clientId: readerBookings.clientId,
        clientTimeZone: readerBookings.clientTimeZone,
        startAt: readerBookings.startAt,
        minutes: readerBookings.minutes,
        pricePerMinuteCents: readerBookings.pricePerMinuteCents,
        holdCents: readerBookings.holdCents,
        origin: readerBookings.origin,
        readingId: readerBookings.readingId,
        readerTold: readerBookings.readerTold,
      })
      .from(readerBookings)
      .where(and(either(leaving.id, readerBookings.readerId, readerBookings.clientId), eq(readerBookings.status, "booked"))),
    db
      .select({
        id: writtenRequests.id,
        readerId: writtenRequests.readerId,
        clientId: writtenRequests.clientId,
        title: writtenRequests.title,
        priceCents: writtenRequests.priceCents,
        clientEmail: sql<string | null>`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${writtenRequests.clientId})`,
      })
      .from(writtenRequests)
      .where(and(either(leaving.id, writtenRequests.readerId, writtenRequests.clientId), eq(writtenRequests.status, "asked"))),
  ]);
  if (bookings.some((booking) => booking.readingId !== null)) return { refusal: DEPARTURE_MESSAGES.bookingOpen, statements: [] };

  const statements: Statement[] = [];
  /** Where each settlement's guarded first statement sits in `statements`: it returns a row only when this batch settled it. */
  const cancelled = bookings.map((booking) => {
    const by = booking.clientId === leaving.id ? ("client" as const) : ("reader" as const);
    const at = statements.length;
    statements.push(...cancelBookingStatements(db, booking, by, now).statements);
    return { booking, by, at };
  });
  const refunded = written.map((request) => {
    const readerLeft = request.readerId === leaving.id;
    const status = readerLeft ? ("refunded" as const) : ("cancelled" as const);
    const at = statements.length;
    statements.push(
      db
        .update(writtenRequests)
        .set({ status, refundedAt: now })
        .where(and(eq(writtenRequests.id, request.id), eq(writtenRequests.status, "asked")))
        .returning({ id: writtenRequests.id }),
      ...writtenRefundStatements(
        db,
        {
          requestId: request.id,
          clientId: request.clientId,
          cents: request.priceCents,
          refunded: sql`EXISTS (SELECT 1 FROM ${writtenRequests} WHERE ${writtenRequests.id} = ${request.id} AND ${writtenRequests.status} = ${status})`,
          description: readerLeft ? DEPARTURE_MESSAGES.writtenRefundLine : DEPARTURE_MESSAGES.writtenCancelLine,
        },
        now,
      ),
    );
    return { request, readerLeft, at };
  });
  statements.push(
    // Live requests still waiting for an answer end: declined when the reader leaves, cancelled when the client does.
    db
      .update(readingRequests)
      .set({ status: sql`CASE WHEN ${readingRequests.readerId} = ${leaving.id} THEN 'declined' ELSE 'cancelled' END`, answeredAt: now })
      .where(and(either(leaving.id, readingRequests.readerId, readingRequests.clientId), eq(readingRequests.status, "pending"))),
    // Nothing more can be booked or asked of them.
    db.delete(readerAvailability).where(eq(readerAvailability.readerId, leaving.id)),
    db.delete(readerDaysOff).where(eq(readerDaysOff.readerId, leaving.id)),
    db.update(writtenOffers).set({ active: false }).where(eq(writtenOffers.readerId, leaving.id)),
  );

  const settledHere = (results: unknown[], at: number) => ((results[at] as unknown[] | undefined) ?? []).length === 1;
  return {
    refusal: null,
    statements,
    async tell(target, results) {
      for (const { booking, by, at } of cancelled) {
        if (settledHere(results, at)) await tellCancelled(target, leaving, booking, by);
      }
      for (const { request, readerLeft, at } of refunded) {
        if (readerLeft && settledHere(results, at) && request.clientEmail) {
          sendNotice(target, {
            to: request.clientEmail,
            subject: "Refunded: your written reading",
            heading: "Your written reading was refunded",
            paragraphs: [
              `${leaving.name} closed their account before answering “${request.title}”, so its price of ${formatMoney(request.priceCents)} is back in your reading balance.`,
            ],
            rows: [{ label: "Refunded", value: formatMoney(request.priceCents) }],
          });
        }
      }
    },
  };
};

/** Tells the person who stays that the booking is cancelled: the client that their reader left, the reader that their client cancelled. */
async function tellCancelled(
  target: NoticeTarget,
  leaving: Leaving,
  booking: Parameters<typeof peopleOf>[1] & { startAt: number; minutes: number; holdCents: number; origin: string; readerTold: boolean },
  by: "client" | "reader",
) {
  // A reader hears of a client's cancellation only of a booking they were told of (decision 0090).
  if (by === "client" && !booking.readerTold) return;
  const { reader, client } = await peopleOf(target.db, booking);
  if (!reader || !client) return;
  // The leaving person's row no longer names them: the other person reads the name they knew.
  const staying = by === "reader" ? client : reader;
  const left = { ...(by === "reader" ? reader : client), name: leaving.name };
  if (!staying.email) return;
  const kind = by === "reader" ? "reader-left" : "cancelled-by-client";
  sendNotice(target, bookingNotice(kind, { ...staying, email: staying.email }, left, booking, booking.origin, by === "reader"));
}
