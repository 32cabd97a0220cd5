import { Form } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { PUSH_KIND_LABELS, PUSH_KINDS, type PushKind } from "./messages";
import { PushButton } from "./push-button";

/** The profile's notifications: which kinds of push to get (each on until turned off), and this device's switch. */
export function NotificationSettings({ settings, devices, saved }: { settings: Record<PushKind, boolean>; devices: number; saved: boolean }) {
  return (
    <section id="notifications" aria-labelledby="notifications-heading" className="rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:p-8">
      <h2 id="notifications-heading" className="text-2xl font-bold">
        Notifications
      </h2>
      <p className="mt-1 text-sm text-muted">
        {devices === 0
          ? "No device of yours takes Arcanum's notifications yet."
          : devices === 1
            ? "One device of yours takes Arcanum's notifications."
            : `${devices} devices of yours take Arcanum's notifications.`}{" "}
        Each kind below reaches them while it is on.
      </p>
      <PushButton className="mt-3" label="Turn on notifications on this device" done="This device will show Arcanum's notifications." />
      <Form method="post" action="/push/settings" className="mt-4 space-y-2">
        <fieldset className="space-y-2">
          <legend className="sr-only">Kinds of notification</legend>
          {PUSH_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-3 text-base">
              <input type="checkbox" name={kind} defaultChecked={settings[kind]} className="size-5 accent-brand" />
              {PUSH_KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3 pt-2">
          <button type="submit" className={buttonClasses("secondary", "sm")}>
            Save notification settings
          </button>
          {saved ? (
            <p role="status" className="text-sm text-muted">
              Notification settings saved.
            </p>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
