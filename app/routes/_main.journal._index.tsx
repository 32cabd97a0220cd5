import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { journalQuery } from "~/reading-room/journal.server";
import { LocalTime } from "~/components/local-time";
import type { PageHandle } from "~/lib/page-handle";
import { readShape } from "~/lib/page-reads.server";

/** One round trip (the session's check and the page's reads together), and a render reused for the same data. */
export const handle: PageHandle = { roundTrips: 1, renderMemo: true };

/** The person's readings, written once (lib/page-reads). */
const JOURNAL = readShape((db, me) => [journalQuery(db, me)]);

export const meta: MetaFunction = () => [{ title: "Reading Journal — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The person and their readings in one round trip.
  const [, [entries]] = await Promise.all([requireUser(request, context), context.read(JOURNAL, {})]);
  return { entries };
}

export default function Journal() {
  const { entries } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Your readings" title="Reading Journal">
        <p>Every reading you finish is kept here, with room for your own notes.</p>
      </PageHeader>
      {entries.length === 0 ? (
        <div className="rounded-3xl border border-dashed border-line p-10 text-center">
          <p className="text-muted">No readings yet. Ask for an interpretation at the table and it lands here.</p>
          <Link reloadDocument to="/reading-room?create=true" className={`${buttonClasses("primary")} mt-4`}>Open a reading room</Link>
        </div>
      ) : (
        <ul className="grid gap-3" data-testid="journal">
          {entries.map((entry) => (
            <li key={entry.id}>
              <Link to={`/journal/${entry.id}`} className="block rounded-2xl border border-line bg-surface/80 p-4 transition hover:bg-surface-2">
                <p className="font-semibold">{entry.question ? `“${entry.question}”` : "A reading without a question"}</p>
                <p className="mt-1 text-sm text-muted">
                  {entry.cards.length > 0 ? `${entry.spreadName} · ${entry.cards.map((card) => card.name).join(", ")}` : "No cards were drawn"}
                </p>
                <p className="mt-1 text-xs text-muted">
                  <LocalTime at={entry.createdAt} style="mediumWithTime" />
                  {entry.shared ? " · shared" : ""}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
