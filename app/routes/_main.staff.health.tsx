import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/staff.server";
import { PageHeader } from "~/components/page-header";
import { formatDate } from "~/lib/format";
import { listErrorGroups } from "~/observe/errors.server";
import { healthSummary, type DailySeries } from "~/observe/health";
import { metricsForDays, metricsReaderFor } from "~/observe/metrics.server";
import { staffMeta } from "~/staff/meta";

export const meta: MetaFunction = staffMeta("Health");

const DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function loader({ context }: LoaderFunctionArgs) {
  await requireStaff(context);
  const now = Date.now();
  const reader = metricsReaderFor(context.cloudflare.env, context.config, context.db);
  const [rows, groups] = await Promise.all([
    reader ? metricsForDays(reader, DAYS, now) : [],
    listErrorGroups(context.db, { since: now - DAYS * DAY_MS, limit: 20 }),
  ]);
  return { summary: healthSummary(rows, DAYS, now), groups, metricsUnread: reader === null };
}

const percent = (part: number, whole: number) => (whole === 0 ? "—" : `${Math.round((part / whole) * 1000) / 10} %`);

function DayChart({ chart }: { chart: DailySeries }) {
  const top = Math.max(1, ...chart.days.map((day) => day.value));
  const width = 280;
  const height = 90;
  const bar = width / chart.days.length;
  const latest = chart.days.at(-1)?.value ?? 0;
  return (
    <figure className="min-w-0 rounded-2xl border border-line bg-surface/80 p-4">
      <figcaption className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">{chart.title}</span>
        <span className="text-muted">
          today {latest}
          {chart.unit ? ` ${chart.unit}` : ""}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height + 16}`}
        className="mt-2 block h-auto w-full"
        role="img"
        aria-label={`${chart.title}, the last ${chart.days.length} days: ${chart.days.map((day) => `${day.day} ${day.value}`).join(", ")}`}
      >
        {chart.days.map((day, i) => {
          const h = Math.round((day.value / top) * height);
          return (
            <g key={day.day}>
              <rect x={i * bar + 3} y={height - h} width={bar - 6} height={Math.max(h, 1)} rx={3} className="fill-current text-brand" />
              <text x={i * bar + bar / 2} y={height + 13} textAnchor="middle" className="fill-current text-muted" fontSize="10">
                {day.day.slice(8)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export default function StaffHealth() {
  const { summary, groups, metricsUnread } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <PageHeader eyebrow="Staff" title="Health">
        <p>The last seven days: requests, model calls, webhooks, what people did, and the errors seen.</p>
      </PageHeader>
      {metricsUnread ? (
        <p role="status" className="mb-6 rounded-2xl border border-line bg-surface/80 p-4 text-sm">
          Metrics cannot be read here: they go to Analytics Engine through the METRICS binding, and this page reads them with ANALYTICS_READ_TOKEN and
          CLOUDFLARE_ACCOUNT_ID. Without the binding none are kept.
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="rounded-2xl border border-line bg-surface/80 p-4">
          <dt className="text-sm text-muted">AI failure rate</dt>
          <dd className="text-2xl font-semibold">{percent(summary.aiFailures, summary.aiCalls)}</dd>
          <dd className="text-xs text-muted">
            {summary.aiFailures} of {summary.aiCalls} calls
          </dd>
        </div>
        <div className="rounded-2xl border border-line bg-surface/80 p-4">
          <dt className="text-sm text-muted">Webhook failures</dt>
          <dd className="text-2xl font-semibold">{summary.webhookFailures}</dd>
          <dd className="text-xs text-muted">of {summary.webhooks} deliveries</dd>
        </div>
        <div className="rounded-2xl border border-line bg-surface/80 p-4">
          <dt className="text-sm text-muted">Error groups</dt>
          <dd className="text-2xl font-semibold">{groups.length}</dd>
          <dd className="text-xs text-muted">{groups.reduce((sum, group) => sum + group.count, 0)} errors</dd>
        </div>
      </dl>
      <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {summary.charts.map((chart) => (
          <DayChart key={chart.title} chart={chart} />
        ))}
      </div>
      <h2 className="mt-10 text-xl font-semibold">Slowest routes</h2>
      {summary.slowest.length === 0 ? (
        <p className="mt-2 text-muted">No requests recorded yet.</p>
      ) : (
        <ol className="mt-3 grid gap-2 text-sm">
          {summary.slowest.map((route) => (
            <li key={route.route} className="flex min-w-0 flex-wrap justify-between gap-2 rounded-xl border border-line px-3 py-2">
              <code className="min-w-0 break-all">{route.route}</code>
              <span className="text-muted">
                {route.averageMs} ms · {route.requests} requests
              </span>
            </li>
          ))}
        </ol>
      )}
      <h2 className="mt-10 text-xl font-semibold">Errors</h2>
      {groups.length === 0 ? (
        <p className="mt-2 text-muted">No errors in the last seven days.</p>
      ) : (
        <ol className="mt-3 grid gap-3" aria-label="Error groups">
          {groups.map((group) => (
            <li key={group.fingerprint} className="min-w-0 rounded-xl border border-line p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <strong className="min-w-0 break-words">{group.type}</strong>
                <span className="text-sm text-muted">
                  ×{group.count} · {formatDate(group.lastSeen, "mediumWithSeconds")} UTC
                </span>
              </div>
              <p className="mt-1 break-words text-sm">{group.message}</p>
              <p className="mt-1 break-words text-xs text-muted">
                {group.source} · {group.route}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
