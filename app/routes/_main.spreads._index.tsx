import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import type { PageHandle } from "~/lib/page-handle";
import { laidSpread } from "~/reading-room/custom-spreads";
import { spreadsOf } from "~/reading-room/custom-spreads.server";
import { SpreadPicture } from "~/reading-room/spread-picture";
import { SPREADS } from "~/reading-room/spreads";

/** Round trips: the person, then their spreads. */
export const handle: PageHandle = { roundTrips: 2 };

export const meta: MetaFunction = () => [{ title: "Spreads — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const own = await spreadsOf(context.db, user.id);
  return { own: own.map((spread) => ({ id: spread.id, laid: laidSpread(spread.id, spread) })) };
}

export default function Spreads() {
  const { own } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Reading room" title="Spreads">
        <p>The six spreads every table offers, and the ones you made. Yours can be laid in any reading you lead, and shared by link.</p>
      </PageHeader>
      <div className="mb-8 flex justify-center">
        <Link to="/spreads/new" className={buttonClasses("primary")}>
          Build a spread
        </Link>
      </div>
      <section aria-labelledby="own-heading" className="mb-12">
        <h2 id="own-heading" className="mb-4 text-2xl font-bold">
          Your spreads
        </h2>
        {own.length === 0 ? (
          <p className="text-muted">You have not built a spread yet. Name its positions, lay them out on the table, and use it in your next reading.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="own-spreads">
            {own.map(({ id, laid }) => (
              <li key={id} className="grid gap-3 rounded-3xl border border-line bg-surface/80 p-4">
                <SpreadPicture spread={laid} className="w-full" />
                <div className="min-w-0">
                  <h3 className="break-words text-lg font-semibold">
                    <Link to={`/spreads/${id}`} className="hover:underline">
                      {laid.name}
                    </Link>
                  </h3>
                  <p className="text-sm text-muted">
                    {laid.positions.length} {laid.positions.length === 1 ? "card" : "cards"}
                    {laid.description ? ` · ${laid.description}` : ""}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link to={`/spreads/${id}/edit`} className={buttonClasses("secondary", "sm")} aria-label={`Edit ${laid.name}`}>
                    Edit
                  </Link>
                  <Link
                    reloadDocument
                    to={`/reading-room?create=true&spread=custom:${id}`}
                    className={buttonClasses("secondary", "sm")}
                    aria-label={`Use ${laid.name} in a reading`}
                  >
                    Use in a reading
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="built-in-heading">
        <h2 id="built-in-heading" className="mb-4 text-2xl font-bold">
          Every table’s spreads
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="built-in-spreads">
          {SPREADS.map((spread) => (
            <li key={spread.id} className="grid gap-3 rounded-3xl border border-line bg-surface/80 p-4">
              <SpreadPicture spread={spread} className="w-full" />
              <div>
                <h3 className="text-lg font-semibold">{spread.name}</h3>
                <p className="text-sm text-muted">{spread.description}</p>
              </div>
              <div>
                <Link
                  reloadDocument
                  to={`/reading-room?create=true&spread=${spread.id}`}
                  className={buttonClasses("secondary", "sm")}
                  aria-label={`Use ${spread.name} in a reading`}
                >
                  Use in a reading
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
