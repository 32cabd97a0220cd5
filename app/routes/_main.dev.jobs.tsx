import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { runPeriodicJobs } from "~/jobs/periodic.server";
import type { PageHandle } from "~/lib/page-handle";
import { createPayouts } from "~/payouts/payouts.server";
import { Input } from "~/components/ui/field";
import { readForm } from "~/lib/read-form.server";

/**
 * Round trips of a run: every periodic job side by side, the longest of them in a row (16 seen with a
 * booking to remind and a room to open; more is due work, one step per booking, for this tool only).
 */
export const handle: PageHandle = { actionRoundTrips: 24 };

export const meta: MetaFunction = () => [{ title: "Dev jobs — Arcanum" }, { name: "robots", content: "noindex" }];

const DAY_MS = 24 * 3_600_000;

/** When to run them as: empty for now, else milliseconds since 1970 (UTC) within a day of now. */
const runForm = lazySchema(() =>
  z.object({
    at: z
      .string()
      .trim()
      .optional()
      .transform((text, ctx) => {
        if (!text) return null;
        const at = Number(text);
        if (!Number.isInteger(at) || Math.abs(at - Date.now()) > DAY_MS) {
          ctx.addIssue({ code: "custom", message: "Give a moment as milliseconds since 1970 (UTC), within a day of now, or leave it empty for now." });
          return z.NEVER;
        }
        return at;
      }),
  }),
);

/**
 * The periodic jobs (the cron's work), run once on demand, as at a chosen moment: a booking's
 * reminder or its room's opening can be seen without waiting for the clock. Absent in production.
 */
export function loader({ context }: LoaderFunctionArgs) {
  if (context.config.isProduction) throw new Response("Not found", { status: 404 });
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (context.config.isProduction) throw new Response("Not found", { status: 404 });
  const read = await readForm(request, runForm);
  if (!read.ok) return data({ error: read.message, ranAt: null, failed: [] }, { status: 400 });
  const at = read.data.at ?? Date.now();
  const { failed } = await runPeriodicJobs(context.db, at, createPayouts(context.config, context.db), context.config, (work) =>
    context.cloudflare.ctx.waitUntil(work),
  );
  return { error: null, ranAt: new Date(at).toISOString(), failed };
}

export default function DevJobs() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16">
      <PageHeader eyebrow="Development" title="Periodic jobs">
        Runs what the cron runs every 15 minutes, once, now or as at another moment. It exists only outside production.
      </PageHeader>
      <Form method="post" className="grid gap-3 rounded-2xl border border-line bg-surface/80 p-5">
        <label className="text-sm font-semibold">
          Run as at <span className="font-normal text-muted">(milliseconds since 1970, UTC; empty: now)</span>
          <Input name="at" inputMode="numeric" aria-invalid={result?.error ? true : undefined} aria-describedby={result?.error ? "at-error" : undefined} />
        </label>
        {result?.error ? (
          <p id="at-error" role="alert" className="text-sm font-semibold text-danger">
            {result.error}
          </p>
        ) : null}
        <div>
          <button type="submit" className={buttonClasses("primary")} disabled={navigation.state !== "idle"}>
            Run the periodic jobs
          </button>
        </div>
      </Form>
      {result?.ranAt ? (
        <p role="status" className="mt-6 font-semibold" data-testid="jobs-outcome">
          {result.failed.length === 0 ? `Ran as at ${result.ranAt}: every job succeeded.` : `Ran as at ${result.ranAt}; failed: ${result.failed.join(", ")}.`}
        </p>
      ) : null}
    </div>
  );
}
