import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { tellAccountChanged } from "~/auth/account-channel.server";
import { requireStaff } from "~/auth/staff.server";
import { recordStaffAction } from "~/staff/audit.server";
import { LocalTime } from "~/components/local-time";
import { PageHeader } from "~/components/page-header";
import { StaffNav } from "~/staff/staff-nav";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import { openReadingReports, refundReading } from "~/paid-readings/readings.server";
import { recentGuaranteeClaims } from "~/paid-readings/guarantee.server";
import type { PageHandle } from "~/lib/page-handle";
import { staffMeta } from "~/staff/meta";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm } from "~/lib/read-form.server";
import { z } from "zod";

/**
 * The refund, then the line in the staff record (decision 0078), then both people's tabs told side
 * by side: each channel is named in a call of its own before it is told (decision 0132). Then the
 * page is drawn again.
 */
export const handle: PageHandle = { actionRoundTrips: 7 };

export const meta: MetaFunction = staffMeta("Reported readings");

export async function loader({ context }: LoaderFunctionArgs) {
  await requireStaff(context);
  const [reports, claims] = await Promise.all([openReadingReports(context.db), recentGuaranteeClaims(context.db)]);
  return { reports, claims };
}

/** A paid reading refunded (one that is not found says so). */
const refundForm = lazySchema(() => z.object({ intent: z.literal("refund"), readingId: z.string().catch("") }));

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(context);
  const read = await readForm(request, refundForm);
  if (!read.ok) return data({ ok: false, message: "Unknown action." }, { status: 400 });
  const { readingId } = read.data;
  const done = await refundReading(context.db, readingId);
  if (!done.ok) return data({ ok: false, message: done.message }, { status: done.status });
  await recordStaffAction(context.db, {
    staffId: staff.id,
    action: "refund-reading",
    target: `reading:${readingId}`,
    reason: "Reported by the client",
    outcome: done.message,
  });
  await Promise.all([
    tellAccountChanged(context.cloudflare.env, done.clientId!, "reading"),
    tellAccountChanged(context.cloudflare.env, done.readerId!, "reading"),
  ]);
  return { ok: true, message: done.message };
}

export default function StaffReadings() {
  const { reports, claims } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <PageHeader eyebrow="Staff" title="Reported readings">
        <p>Paid readings their clients reported. A refund gives the client’s balance back what the reading charged and takes it from the reader’s earnings.</p>
      </PageHeader>
      <StaffNav />
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "mb-6" : "mb-6 text-danger"}>
          {result.message}
        </p>
      ) : null}
      {reports.length === 0 ? (
        <p className="rounded-3xl border border-line bg-surface/80 p-6 text-center text-muted">No reported readings. All clear.</p>
      ) : (
        <ul className="space-y-4">
          {reports.map((report) => (
            <li key={report.id} className="rounded-3xl border border-line bg-surface/90 p-5">
              <p className="font-semibold">
                {report.reporterName} reported a reading with {report.readerName} · <LocalTime at={report.createdAt} style="mediumWithTime" />
              </p>
              <p className="mt-1 text-sm text-muted">
                {report.minutes} minutes · charged {formatMoney(report.chargedCents)}
                {report.refundedCents > 0 ? ` · refunded ${formatMoney(report.refundedCents)}` : ""} ·{" "}
                <Link to={`/readings/${report.paidReadingId}`} className="underline">
                  receipt
                </Link>
              </p>
              <p className="mt-2">{report.reason}</p>
              {report.chargedCents > report.refundedCents ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="readingId" value={report.paidReadingId} />
                  <button type="submit" name="intent" value="refund" className={buttonClasses("secondary", "sm")}>
                    Refund {formatMoney(report.chargedCents - report.refundedCents)} to the client
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <section className="mt-10" aria-labelledby="claims-title" data-testid="guarantee-claims">
        <h2 id="claims-title" className="text-2xl font-bold">
          Satisfaction guarantee claims
        </h2>
        <p className="mt-1 text-sm text-muted">
          The latest claims, credited at once by the{" "}
          <Link to="/guarantee" className="underline">
            guarantee&rsquo;s terms
          </Link>
          ; a reader&rsquo;s count is their claims of the last 90 days.
        </p>
        {claims.length === 0 ? (
          <p className="mt-4 rounded-3xl border border-line bg-surface/80 p-6 text-center text-muted">No claims yet.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {claims.map((claim) => (
              <li key={claim.id} className="rounded-3xl border border-line bg-surface/90 p-5">
                <p className="font-semibold">
                  {claim.clientName} claimed {formatMoney(claim.creditCents)} on a reading with {claim.readerName} ·{" "}
                  <LocalTime at={claim.createdAt} style="mediumWithTime" />
                </p>
                <p className="mt-1 text-sm text-muted">
                  {claim.reasonText} · {formatMoney(claim.readerShareCents)} from the reader&rsquo;s earning ·{" "}
                  <span className={claim.readerClaims > 2 ? "font-semibold text-danger" : undefined}>
                    {`${claim.readerClaims} claim${claim.readerClaims === 1 ? "" : "s"} against this reader in 90 days`}
                  </span>{" "}
                  ·{" "}
                  <Link to={`/readings/${claim.paidReadingId}`} className="underline">
                    receipt
                  </Link>
                </p>
                <p className="mt-2">{claim.words}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
