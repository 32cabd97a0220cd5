import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/staff.server";
import { LocalTime } from "~/components/local-time";
import { PageHeader } from "~/components/page-header";
import { StaffList, StaffRow, StaffSection } from "~/staff/staff-forms";
import { StaffNav } from "~/staff/staff-nav";
import { Badge } from "~/components/ui/badge";
import { recentJobRuns } from "~/jobs/runs.server";
import { recentStaffActions } from "~/staff/audit.server";

export const meta: MetaFunction = () => [{ title: "Staff console — Arcanum" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: LoaderFunctionArgs) {
  await requireStaff(context);
  const [runs, actions] = await Promise.all([recentJobRuns(context.db), recentStaffActions(context.db, { limit: 30 })]);
  return { runs, actions };
}

const outcomeTone = { ok: "success", failed: "gold", running: "neutral" } as const;

export default function StaffConsole() {
  const { runs, actions } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <PageHeader eyebrow="Staff" title="Console">
        <p>
          People, payments, readers and the marketplace. Every action here asks why and is kept in the record below. Errors and alerts are on{" "}
          <Link to="/staff/health" className="underline">
            Health
          </Link>
          .
        </p>
      </PageHeader>
      <StaffNav />
      <StaffSection title="Periodic jobs" id="jobs">
        <p className="mb-3 text-sm text-muted">Every 15 minutes. Each job's last runs: when, how it ended, and what it changed.</p>
        <StaffList empty="No run recorded yet.">
          {runs.map((run) => (
            <StaffRow key={run.id} testId="job-run">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{run.job}</span>
                <Badge tone={outcomeTone[run.outcome]}>{run.outcome}</Badge>
                <LocalTime at={run.startedAt} style="mediumWithSeconds" className="text-muted" />
                {run.finishedAt ? <span className="text-muted">{Math.max(0, run.finishedAt - run.startedAt)} ms</span> : null}
              </p>
              {Object.keys(run.changes).length > 0 ? (
                <p className="mt-1 text-muted">
                  {Object.entries(run.changes)
                    .map(([name, count]) => `${name}: ${count}`)
                    .join(" · ")}
                </p>
              ) : null}
              {run.error ? <p className="mt-1 text-danger">{run.error}</p> : null}
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
      <StaffSection title="Staff record" id="record">
        <StaffList empty="No staff action yet.">
          {actions.map((action) => (
            <StaffRow key={action.id} testId="staff-action">
              <p>
                <span className="font-semibold">{action.action}</span> · {action.target} · {action.staffEmail ?? "staff"} ·{" "}
                <LocalTime at={action.createdAt} style="mediumWithTime" />
              </p>
              <p className="mt-1">Why: {action.reason}</p>
              {action.outcome ? <p className="mt-1 text-muted">{action.outcome}</p> : null}
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
    </div>
  );
}
