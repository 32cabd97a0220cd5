import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser, returnPathOf } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { formatMoney, formatPerMinute } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { noticeTargetOf } from "~/mail/notices.server";
import { tellBooking } from "~/paid-readings/booking-notices.server";
import { viewerTimes } from "~/paid-readings/booked-times.server";
import { bookForm, bookSlot } from "~/paid-readings/bookings.server";
import { slotsOf } from "~/paid-readings/slots.server";
import { BOOKING_DAYS_AHEAD, BOOKING_WINDOW_TEXT, bookingMinimumCents, BOOKING_MINIMUM_MINUTES } from "~/paid-readings/rules";
import { slotsByDay, zoneLabel } from "~/paid-readings/schedule";
import { availableBalanceOf } from "~/paid-readings/wallet.server";
import { ModePicker } from "~/paid-readings/mode-picker";
import { readForm } from "~/lib/read-form.server";

/** Round trips: the session, then the reader's hours, bookings, the viewer's zone and balance together. */
export const handle: PageHandle = { roundTrips: 2, actionRoundTrips: 6 };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Book a time with ${data.reader.name} — Arcanum` : "Reader not found — Arcanum" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // Booking needs an account: a guest creates one first and comes back here.
  if (user.isGuest) throw redirect(`/signup?redirectTo=${encodeURIComponent(returnPathOf(request))}`);
  const now = Date.now();
  const [found, { timeZone }, availableCents] = await Promise.all([
    slotsOf(context.db, params.username ?? "", now),
    viewerTimes(context.db, user.id, context.timeZone),
    availableBalanceOf(context.db, user.id),
  ]);
  if (!found) throw new Response("Reader not found", { status: 404 });
  const { reader, slots } = found;
  return {
    reader: { username: reader.username, name: reader.name, pricePerMinuteCents: reader.pricePerMinuteCents },
    self: reader.id === user.id,
    days: slotsByDay(slots, timeZone),
    timeZone,
    zoneName: zoneLabel(timeZone, now),
    availableCents,
    hasHours: found.readerZone !== null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, bookForm);
  if (!read.ok) return data({ error: read.message }, { status: 400 });
  const origin = new URL(request.url).origin;
  const booked = await bookSlot(context.db, user, params.username ?? "", read.data, origin);
  if (!booked.ok) return data({ error: booked.message }, { status: booked.status });
  await tellBooking(noticeTargetOf(context), "booked", booked.value, origin);
  throw redirect(`/bookings/${booked.value.id}?booked=1`);
}

export default function ReaderSchedule() {
  const { reader, self, days, timeZone, zoneName, availableCents, hasHours } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const minimum = bookingMinimumCents(reader.pricePerMinuteCents, BOOKING_MINIMUM_MINUTES);
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Readers" title={`Book a time with ${reader.name}`}>
        <p>
          {formatPerMinute(reader.pricePerMinuteCents)} · the next {BOOKING_DAYS_AHEAD} days, in your time:{" "}
          <strong data-testid="schedule-zone">
            {timeZone.replace(/_/g, " ")} ({zoneName})
          </strong>
          .{" "}
          <Link to="/today" className="underline">
            Change your time zone
          </Link>
          . Each reading comes with our{" "}
          <Link to="/guarantee" className="underline">
            satisfaction guarantee
          </Link>
          .
        </p>
      </PageHeader>
      <Panel>
        {self ? <p className="mb-6 text-muted">This is you: clients see these times when they book you.</p> : null}
        {result?.error ? (
          <p role="alert" className="mb-4 font-semibold text-danger" data-testid="schedule-error">
            {result.error}
          </p>
        ) : null}
        {days.length === 0 ? (
          <p className="text-muted" data-testid="schedule-empty">
            {hasHours ? `${reader.name} has no open times in the next ${BOOKING_DAYS_AHEAD} days.` : `${reader.name} has not published any hours yet.`}
          </p>
        ) : (
          <Form method="post" className="space-y-6">
            <input type="hidden" name="timeZone" value={timeZone} />
            <ModePicker />
            <p className="text-sm">
              Your balance available: <strong className="tabular-nums">{formatMoney(availableCents)}</strong>.{" "}
              <Link to={`/balance?returnTo=${encodeURIComponent(`/readers/${reader.username}/schedule`)}`} className="underline">
                Top up
              </Link>
            </p>
            <ol className="space-y-5" data-testid="schedule-days">
              {days.map((day) => (
                <li key={day.date}>
                  <h2 className="font-semibold">{day.label}</h2>
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {day.slots.map((slot) => (
                      <li key={slot.startAt}>
                        <button
                          type="submit"
                          name="startAt"
                          value={slot.startAt}
                          disabled={self || navigation.state !== "idle"}
                          className="rounded-xl border border-line px-3 py-2 text-left tabular-nums hover:border-brand disabled:opacity-60"
                          data-testid="slot"
                          aria-label={`Book ${day.label}, ${slot.time}, ${slot.minutes} minutes, ${formatMoney(slot.minutes * reader.pricePerMinuteCents)} held`}
                        >
                          <span className="block font-semibold">{slot.time}</span>
                          <span className="block text-xs text-muted">
                            {slot.minutes} min · {formatMoney(slot.minutes * reader.pricePerMinuteCents)}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </Form>
        )}
        <section className="mt-8 rounded-2xl bg-gold/10 p-4 text-sm" aria-labelledby="rules-title" data-testid="booking-rules">
          <h2 id="rules-title" className="font-semibold">
            Before you book
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>Booking holds the slot’s minutes at this price from your balance. It is still yours until the reading is settled.</li>
            <li>
              {BOOKING_WINDOW_TEXT.clientCancel} The stated minimum is {BOOKING_MINIMUM_MINUTES} minutes: {formatMoney(minimum)} with {reader.name}.
            </li>
            <li>{BOOKING_WINDOW_TEXT.readerCancel}</li>
            <li>{BOOKING_WINDOW_TEXT.readerNoShow}</li>
            <li>{BOOKING_WINDOW_TEXT.clientNoShow}</li>
            <li>{BOOKING_WINDOW_TEXT.room}</li>
          </ul>
        </section>
        <Link to={`/readers/${reader.username}`} className="mt-6 inline-block text-sm underline">
          Back to {reader.name}’s profile
        </Link>
      </Panel>
    </div>
  );
}
