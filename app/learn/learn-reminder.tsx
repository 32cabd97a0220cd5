import { Form } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { Input } from "~/components/ui/field";

/** The daily reminder to learn, offered where learning happens: a time, or nothing for none (decision 0112). */
export function LearnReminder({ time }: { time: string }) {
  return (
    <details className="rounded-3xl border border-line bg-surface/80 p-5" data-testid="learn-reminder">
      <summary className="cursor-pointer font-semibold">{time ? `Reminded each day at ${time}` : "Remind me to learn each day"}</summary>
      <Form method="post" action="/learn/reminder" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm font-semibold">
          Time <span className="font-normal text-muted">(empty: no reminder)</span>
          <Input look="inline" type="time" name="reminder" defaultValue={time} />
        </label>
        <button type="submit" className={buttonClasses("secondary")}>
          Save
        </button>
      </Form>
      <p className="mt-3 text-sm text-muted">
        One gentle push a day at most, to the devices where you turned on notifications for your card of the day, and none on a day you have already learnt.
      </p>
    </details>
  );
}
