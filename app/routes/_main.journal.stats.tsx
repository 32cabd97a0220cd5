import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { journalStats } from "~/journal/stats";
import { MonthsChart, SharesChart, SuitsChart, TopCardsChart } from "~/journal/stats-charts";
import { JOURNAL_STATS, statsTimeZone } from "~/journal/stats.server";
import type { PageHandle } from "~/lib/page-handle";

/** One round trip: the session's check, the readings and the person's time zone together. */
export const handle: PageHandle = { roundTrips: 1, renderMemo: true };

export const meta: MetaFunction = () => [{ title: "Your journal in numbers — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [, [readings, zone]] = await Promise.all([requireUser(request, context), context.read(JOURNAL_STATS, {})]);
  const timeZone = statsTimeZone(zone, context.timeZone);
  return { stats: journalStats(readings, timeZone, Date.now()), timeZone };
}

export default function JournalStatistics() {
  const { stats, timeZone } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Your readings" title="Your journal in numbers">
        <p>What your readings hold, counted from the journal itself.</p>
      </PageHeader>
      <p className="mb-6 text-center text-sm">
        <Link to="/journal" className="text-brand underline">
          ← Reading Journal
        </Link>
      </p>
      {stats.readings === 0 ? (
        <div className="rounded-3xl border border-dashed border-line p-10 text-center">
          <p className="text-muted">No readings yet: the charts fill in as your journal does.</p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <Link to="/journal/log" className={buttonClasses("primary")}>
              Log a reading
            </Link>
            <Link reloadDocument to="/reading-room?create=true" className={buttonClasses("secondary")}>
              Open a reading room
            </Link>
          </div>
        </div>
      ) : (
        <>
          <p className="mb-4 text-center text-muted" data-testid="stats-totals">
            {stats.readings} {stats.readings === 1 ? "reading" : "readings"} · {stats.draws} {stats.draws === 1 ? "card" : "cards"} drawn
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <div className="md:col-span-2">
              <MonthsChart stats={stats} />
            </div>
            <TopCardsChart stats={stats} />
            <SuitsChart stats={stats} />
            <SharesChart stats={stats} kind="major" />
            <SharesChart stats={stats} kind="reversed" />
          </div>
          <p className="mt-6 text-center text-xs text-muted">Months follow your calendar in {timeZone.replace(/_/g, " ")}.</p>
        </>
      )}
    </div>
  );
}
