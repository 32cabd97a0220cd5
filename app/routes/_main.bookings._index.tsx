import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser, returnPathOf } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { noticeTargetOf } from "~/mail/notices.server";
import { tellBooking } from "~/paid-readings/booking-notices.server";
import { timesIn, zoneFrom } from "~/paid-readings/booked-times.server";
import { BOOKINGS_PAGE, bookingsFrom } from "~/paid-readings/booking-list.server";
import { cancelBooking } from "~/paid-readings/bookings.server";
import { BOOKING_STATUS_TEXT } from "~/paid-readings/rules";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm } from "~/lib/read-form.server";
import { z } from "zod";

/** One round trip: the session's check, the bookings and the viewer's zone together. */
export const handle: PageHandle = { roundTrips: 1, actionRoundTrips: 6, renderMemo: true };

export const meta: MetaFunction = () => [{ title: "Your bookings — Arcanum" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [user, [rows, zone]] = await Promise.all([requireUser(request, context), context.read(BOOKINGS_PAGE, {})]);
  if (user.isGuest) throw redirect(`/signup?redirectTo=${encodeURIComponent(returnPathOf(request))}`);
  const bookings = bookingsFrom(rows, user.id, Date.now());
  const times = timesIn(zoneFrom(zone, context.timeZone));
  return {
    timeZone: times.timeZone,
    bookings: bookings.map((booking) => ({
      id: booking.id,
      when: times.moment(booking.startAt),
      minutes: booking.minutes,
      holdCents: booking.holdCents,
      status: booking.status,
      isClient: booking.isClient,
      otherName: booking.isClient ? booking.readerName : booking.clientName,
      cancellable: booking.cancellable,
      roomOpen: booking.status === "booked" && booking.readingId !== null,
    })),
  };
}

/** A booking cancelled (one the person is not part of is not found). */
const cancelForm = lazySchema(() => z.object({ intent: z.literal("cancel"), id: z.string().catch("") }));

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, cancelForm);
  if (!read.ok) return data({ error: "Unknown action." }, { status: 400 });
  const cancelled = await cancelBooking(context.db, user, read.data.id);
  if (!cancelled.ok) return data({ error: cancelled.message }, { status: cancelled.status });
  const { booking } = cancelled.value;
  await tellBooking(noticeTargetOf(context), booking.isClient ? "cancelled-by-client" : "cancelled-by-reader", booking, booking.origin);
  return { error: null, cancelled: booking.id };
}

export default function Bookings() {
  const { bookings } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Readers" title="Your bookings">
        <p>Scheduled readings you booked, and those booked with you.</p>
      </PageHeader>
      <Panel>
        {result?.error ? (
          <p role="alert" className="mb-4 font-semibold text-danger">
            {result.error}
          </p>
        ) : null}
        {result && "cancelled" in result ? (
          <p role="status" className="mb-4 font-semibold">
            The booking is cancelled.
          </p>
        ) : null}
        {bookings.length === 0 ? (
          <p className="text-muted">
            No bookings yet.{" "}
            <Link to="/readers" className="underline">
              Find a reader
            </Link>{" "}
            and book a time on their page.
          </p>
        ) : (
          <ul className="divide-y divide-line" data-testid="bookings">
            {bookings.map((booking) => (
              <li key={booking.id} className="flex flex-wrap items-center justify-between gap-3 py-4" data-testid="booking-row">
                <div className="min-w-0">
                  <Link to={`/bookings/${booking.id}`} className="font-semibold underline">
                    {booking.isClient ? `With ${booking.otherName}` : `${booking.otherName} booked you`}
                  </Link>
                  <p className="text-sm" data-testid="booking-when">
                    {booking.when}
                  </p>
                  <p className="text-xs text-muted">
                    {booking.minutes} min{booking.isClient ? ` · ${formatMoney(booking.holdCents)} held` : ""} · {BOOKING_STATUS_TEXT[booking.status]}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {booking.roomOpen ? (
                    <Link to={`/bookings/${booking.id}`} className={buttonClasses("primary")}>
                      Enter the room
                    </Link>
                  ) : null}
                  {booking.cancellable ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={booking.id} />
                      <button type="submit" name="intent" value="cancel" className={buttonClasses("secondary")} disabled={navigation.state !== "idle"}>
                        Cancel
                      </button>
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
