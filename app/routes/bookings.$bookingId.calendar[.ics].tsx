import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import type { PageHandle } from "~/lib/page-handle";
import { getBooking } from "~/paid-readings/booking-list.server";
import { calendarFile } from "~/paid-readings/schedule";

/** Round trips: the session, then the booking. */
export const handle: PageHandle = { roundTrips: 2 };

/** A booking as a calendar event (UTC times), for its client or its reader only. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const booking = await getBooking(context.db, user.id, params.bookingId ?? "");
  if (!booking) return new Response("Booking not found", { status: 404 });
  const origin = new URL(request.url).origin;
  const other = booking.isClient ? booking.readerName : booking.clientName;
  const body = calendarFile({
    uid: `booking-${booking.id}@${new URL(origin).hostname}`,
    startAt: booking.startAt,
    minutes: booking.minutes,
    summary: `Tarot reading with ${other}`,
    description: `Scheduled reading on Arcanum. Enter the room from ${origin}/bookings/${booking.id}`,
    url: `${origin}/bookings/${booking.id}`,
    // When this copy of the event was made (RFC 5545's DTSTAMP for a published event), not when it starts.
    stamp: Date.now(),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="arcanum-reading-${booking.id.slice(0, 12)}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
