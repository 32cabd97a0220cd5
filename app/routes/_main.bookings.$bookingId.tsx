import { data, redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { noticeTargetOf } from "~/mail/notices.server";
import { tellBooking } from "~/paid-readings/booking-notices.server";
import { chosenTimeZone } from "~/paid-readings/booked-times.server";
import { getBooking } from "~/paid-readings/booking-list.server";
import { arriveAtBooking, cancelBooking, cancellationCents } from "~/paid-readings/bookings.server";
import {
  BOOKING_FREE_CANCEL_HOURS,
  BOOKING_WINDOW_TEXT,
  BOOKING_ROOM_OPENS_MINUTES,
  BOOKING_STATUS_TEXT,
  READING_MODE_LABELS,
  paidRoomPath,
} from "~/paid-readings/rules";
import { momentLabel, timeLabel } from "~/paid-readings/schedule";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm } from "~/lib/read-form.server";
import { z } from "zod";

/** Round trips: the session, then the booking and the viewer's zone together. */
export const handle: PageHandle = { roundTrips: 2, actionRoundTrips: 6 };

export const meta: MetaFunction = () => [{ title: "Your booking — Arcanum" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [booking, chosen] = await Promise.all([getBooking(context.db, user.id, params.bookingId ?? ""), chosenTimeZone(context.db, user.id, "")]);
  if (!booking) throw new Response("Booking not found", { status: 404 });
  const timeZone = chosen || (booking.isClient ? booking.clientTimeZone : context.timeZone);
  const now = Date.now();
  const roomOpensAt = booking.startAt - BOOKING_ROOM_OPENS_MINUTES * 60_000;
  return {
    booking: {
      id: booking.id,
      when: momentLabel(timeZone, booking.startAt),
      ends: timeLabel(timeZone, booking.startAt + booking.minutes * 60_000),
      opens: timeLabel(timeZone, roomOpensAt),
      minutes: booking.minutes,
      mode: READING_MODE_LABELS[booking.mode],
      price: booking.pricePerMinuteCents,
      holdCents: booking.holdCents,
      status: booking.status,
      isClient: booking.isClient,
      otherName: booking.isClient ? booking.readerName : booking.clientName,
      readerUsername: booking.readerUsername,
      roomOpen: booking.status === "booked" && booking.readingId !== null,
      cancellable: booking.status === "booked" && booking.readingId === null && booking.startAt > now,
      cancelCostCents: booking.isClient ? cancellationCents(booking, now) : 0,
      cancelledBy: booking.cancelledBy,
    },
    timeZone,
  };
}

/** The page's two buttons: entering the room when the time has come, and cancelling. */
const bookingForm = lazySchema(() => z.object({ intent: z.enum(["enter", "cancel"]) }));

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, bookingForm);
  if (!read.ok) return data({ error: "Unknown action." }, { status: 400 });
  const id = params.bookingId ?? "";
  if (read.data.intent === "enter") {
    const arrived = await arriveAtBooking(context.db, user.id, id);
    if (!arrived.ok) return data({ error: arrived.message }, { status: arrived.status });
    throw redirectDocument(paidRoomPath(arrived.value.readingId!, arrived.value.mode));
  }
  const cancelled = await cancelBooking(context.db, user, id);
  if (!cancelled.ok) return data({ error: cancelled.message }, { status: cancelled.status });
  const { booking } = cancelled.value;
  await tellBooking(noticeTargetOf(context), booking.isClient ? "cancelled-by-client" : "cancelled-by-reader", booking, booking.origin);
  throw redirect(`/bookings/${booking.id}`);
}

export default function Booking() {
  const { booking, timeZone } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Bookings" title={booking.isClient ? `Your reading with ${booking.otherName}` : `${booking.otherName}’s reading with you`} />
      <Panel>
        {params.get("booked") && booking.status === "booked" ? (
          <p role="status" className="mb-4 rounded-xl bg-brand/10 px-4 py-3 font-semibold" data-testid="booking-confirmed">
            Booked. {booking.isClient ? `${formatMoney(booking.holdCents)} is held from your balance for it.` : ""} A confirmation is on its way by e-mail.
          </p>
        ) : null}
        {result?.error ? (
          <p role="alert" className="mb-4 font-semibold text-danger">
            {result.error}
          </p>
        ) : null}
        <dl className="grid gap-3 sm:grid-cols-2" data-testid="booking-details">
          <div className="rounded-2xl border border-line p-4">
            <dt className="text-xs uppercase tracking-wide text-muted">When, in your time ({timeZone.replace(/_/g, " ")})</dt>
            <dd className="mt-1 text-lg font-bold" data-testid="booking-time">
              {booking.when}
            </dd>
            <dd className="text-sm text-muted">
              Until {booking.ends} · {booking.minutes} minutes · {booking.mode}
            </dd>
          </div>
          <div className="rounded-2xl border border-line p-4">
            <dt className="text-xs uppercase tracking-wide text-muted">Status</dt>
            <dd className="mt-1 text-lg font-bold" data-testid="booking-status">
              {BOOKING_STATUS_TEXT[booking.status]}
              {booking.status === "cancelled" && booking.cancelledBy ? ` by the ${booking.cancelledBy}` : ""}
            </dd>
            {booking.isClient ? (
              <dd className="text-sm text-muted">
                {formatMoney(booking.holdCents)} held at {formatMoney(booking.price)} a minute
              </dd>
            ) : null}
          </div>
        </dl>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          {booking.roomOpen ? (
            <Form method="post" reloadDocument>
              <button type="submit" name="intent" value="enter" className={buttonClasses("primary")} data-testid="enter-room">
                Enter the room
              </button>
            </Form>
          ) : booking.status === "booked" ? (
            <p className="text-sm" data-testid="room-opens">
              The room opens at {booking.opens}, {BOOKING_ROOM_OPENS_MINUTES} minutes before the start.
            </p>
          ) : null}
          <a href={`/bookings/${booking.id}/calendar.ics`} className={buttonClasses("secondary")} data-testid="calendar-link" download>
            Add to calendar (.ics)
          </a>
        </div>
        {booking.cancellable ? (
          <Form method="post" className="mt-6 rounded-2xl border border-line p-4">
            <p className="text-sm">
              {booking.isClient
                ? booking.cancelCostCents > 0
                  ? `It is less than ${BOOKING_FREE_CANCEL_HOURS} hours before the start: cancelling now keeps ${formatMoney(booking.cancelCostCents)} for the reader, and the rest comes back to you.`
                  : "Cancelling now gives you back the whole hold."
                : "If you cancel, the client gets the whole hold back and is told by e-mail."}
            </p>
            <button
              type="submit"
              name="intent"
              value="cancel"
              className={`${buttonClasses("secondary")} mt-3`}
              disabled={navigation.state !== "idle"}
              data-testid="cancel-booking"
            >
              Cancel the booking
            </button>
          </Form>
        ) : null}
        <section className="mt-6 text-sm" aria-labelledby="rules-title">
          <h2 id="rules-title" className="font-semibold">
            The rules of this booking
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
            <li>{BOOKING_WINDOW_TEXT.clientCancel}</li>
            <li>{BOOKING_WINDOW_TEXT.readerCancel}</li>
            <li>{BOOKING_WINDOW_TEXT.readerNoShow}</li>
            <li>{BOOKING_WINDOW_TEXT.clientNoShow}</li>
            <li>{BOOKING_WINDOW_TEXT.room}</li>
          </ul>
        </section>
        <Link to="/bookings" className="mt-6 inline-block text-sm underline">
          All your bookings
        </Link>
      </Panel>
    </div>
  );
}
