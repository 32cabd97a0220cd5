import { Form, Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { SLOT_LENGTHS_MINUTES } from "./rules";
import { Input, Select, Textarea } from "~/components/ui/field";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** Monday first, as a week is usually written. */
const ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export type ScheduleValues = { timeZone: string; slotMinutes: number; days: { weekday: number; start: string; end: string }[]; daysOff: string[] };

/**
 * "Your availability" on the reader dashboard: a time zone, a slot length, one span of hours per
 * weekday and days off. A plain form: it works without JavaScript.
 */
export function AvailabilityForm({
  values,
  zones,
  username,
  message,
  busy,
}: {
  values: ScheduleValues;
  zones: string[];
  username: string | null;
  message: { ok: boolean; text: string } | null;
  busy: boolean;
}) {
  return (
    <section className="rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="hours-title">
      <h2 id="hours-title" className="text-2xl font-bold">
        Your availability
      </h2>
      <p className="mt-2 text-sm text-muted">
        Weekly hours clients can book ahead, in your time zone. Leave a day empty when you do not read that day.
        {username ? (
          <>
            {" "}
            <Link to={`/readers/${username}/schedule`} className="underline">
              See your booking page
            </Link>
            .
          </>
        ) : null}
      </p>
      <Form method="post" className="mt-4 space-y-4" data-testid="hours-form">
        <input type="hidden" name="intent" value="hours" />
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="block text-sm font-semibold">
            Time zone
            <Select look="inline" className="mt-1" name="timeZone" defaultValue={values.timeZone}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, " ")}
                </option>
              ))}
            </Select>
          </label>
          <label className="block text-sm font-semibold">
            Length of a slot
            <Select look="inline" className="mt-1" name="slotMinutes" defaultValue={String(values.slotMinutes)}>
              {SLOT_LENGTHS_MINUTES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} minutes
                </option>
              ))}
            </Select>
          </label>
        </div>
        <fieldset>
          <legend className="text-sm font-semibold">Weekly hours</legend>
          <div className="mt-2 grid gap-2">
            {ORDER.map((weekday) => {
              const day = values.days.find((candidate) => candidate.weekday === weekday);
              return (
                <div key={weekday} className="grid grid-cols-[6.5rem_minmax(0,1fr)_minmax(0,1fr)] items-center gap-2 text-sm">
                  <span>{WEEKDAYS[weekday]}</span>
                  <label className="min-w-0">
                    <span className="sr-only">{WEEKDAYS[weekday]} from</span>
                    <Input look="compact" type="time" name={`start${weekday}`} defaultValue={day?.start ?? ""} step={900} />
                  </label>
                  <label className="min-w-0">
                    <span className="sr-only">{WEEKDAYS[weekday]} until</span>
                    <Input look="compact" type="time" name={`end${weekday}`} defaultValue={day?.end ?? ""} step={900} />
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
        <label className="block text-sm font-semibold">
          Days off
          <Textarea look="inline" className="mt-1" name="daysOff" rows={2} defaultValue={values.daysOff.join("\n")} placeholder="2026-12-24, 2026-12-25" />
          <span className="mt-1 block font-normal text-muted">Dates in your time zone, one per line or separated by commas.</span>
        </label>
        {message ? (
          <p role={message.ok ? "status" : "alert"} className={message.ok ? "font-semibold" : "font-semibold text-danger"} data-testid="hours-message">
            {message.text}
          </p>
        ) : null}
        <button type="submit" className={buttonClasses("primary")} disabled={busy}>
          Save availability
        </button>
      </Form>
    </section>
  );
}
