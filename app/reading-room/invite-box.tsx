import { Form, useActionData, useLocation } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import type { TableActionData } from "./table-types";
import { Select } from "~/components/ui/field";

/** The host's invite links: whoever opens one joins the table in the role chosen here. */
export function InviteBox({ sessionId }: { sessionId: string }) {
  const result = useActionData<TableActionData>();
  const location = useLocation();
  const link = result?.invite ? new URL(result.invite.path, typeof window === "undefined" ? "http://localhost" : window.location.origin).href : null;
  return (
    <section aria-labelledby="invite-heading" className="rounded-2xl border border-line bg-surface/80 p-4">
      <h2 id="invite-heading" className="font-semibold">
        Invite someone
      </h2>
      <Form method="post" action={`${location.pathname}?session=${sessionId}`} className="mt-2 grid gap-2">
        <input type="hidden" name="intent" value="invite" />
        <label className="text-sm">
          Joins as
          <Select look="inline" className="mt-1" name="type">
            <option value="participant">Participant</option>
            <option value="co-reader">Co-reader (may lead too)</option>
            <option value="spectator">Spectator</option>
            <option value="participant-video">Participant, with video</option>
          </Select>
        </label>
        <button type="submit" className={buttonClasses("secondary", "sm")}>
          Make an invite link
        </button>
      </Form>
      {link ? (
        <p className="mt-3 break-all text-xs">
          <a href={link} data-testid="invite-link" className="text-brand underline">
            {link}
          </a>
          <span className="block text-muted">Valid for 24 hours.</span>
        </p>
      ) : null}
      {result?.error ? (
        <p className="mt-2 text-xs text-danger" role="alert">
          {result.error}
        </p>
      ) : null}
    </section>
  );
}
