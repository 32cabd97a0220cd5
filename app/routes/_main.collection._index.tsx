import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { DeckTile } from "~/decks/deck-tile";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { boughtDecksQuery, toSummaries, userDecksQuery } from "~/decks/queries.server";
import { useOptionalUser } from "~/auth/root-data";
import type { PageHandle } from "~/lib/page-handle";
import { readShape } from "~/lib/page-reads.server";

/** One round trip (the session's check and the page's reads together), and a render reused for the same data. */
export const handle: PageHandle = { roundTrips: 1, renderMemo: true };

/** The decks the person made and bought, written once (lib/page-reads). */
const COLLECTION = readShape((db, me) => [userDecksQuery(db, me), boughtDecksQuery(db, me)]);

export const meta: MetaFunction = () => [{ title: "My Collection — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The person and their decks in one round trip.
  const [, [own, bought]] = await Promise.all([requireUser(request, context), context.read(COLLECTION, {})]);
  // Back from paying for a bundle (bundles.server's `boughtBundlePath`): its decks are among these.
  const boughtBundle = new URL(request.url).searchParams.get("bought") === "bundle";
  return {
    boughtBundle,
    decks: [...toSummaries(own).map((deck) => ({ ...deck, bought: false })), ...toSummaries(bought).map((deck) => ({ ...deck, bought: true }))],
  };
}

export default function Collection() {
  const { decks, boughtBundle } = useLoaderData<typeof loader>();
  const user = useOptionalUser();
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6">
      <PageHeader eyebrow="My Collection" title="Your decks">
        <p>Every deck you have made, public or private, and the decks you bought.</p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <Link to="/create-deck" className={buttonClasses("primary")}>
            Create a deck
          </Link>
          <Link to="/journal" className={buttonClasses("secondary")}>
            Reading Journal
          </Link>
          {user && !user.isGuest ? (
            <Link to="/sales" className={buttonClasses("secondary")}>
              Sales &amp; payouts
            </Link>
          ) : null}
        </div>
      </PageHeader>
      {boughtBundle ? (
        <p role="status" className="mb-6 rounded-2xl border border-gold-bright/60 bg-surface-2 p-4 text-center" data-testid="bundle-confirmation">
          Thank you: the bundle’s decks are yours, marked “Bought” below. Your receipt is on its way by e-mail.
        </p>
      ) : null}
      {decks.length > 0 ? (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {decks.map((deck) => (
            <li key={deck.id}>
              <DeckTile
                deck={deck}
                href={`/collection/${deck.id}`}
                status={
                  <span className="flex flex-wrap justify-end gap-1">
                    {deck.status === "generating" ? <Badge tone="gold">Generating</Badge> : null}
                    {deck.status === "failed" ? <Badge tone="neutral">Failed</Badge> : null}
                    {deck.bought ? (
                      <Badge tone="gold">Bought</Badge>
                    ) : (
                      <Badge tone={deck.isPublic ? "brand" : "neutral"}>{deck.isPublic ? "Public" : "Private"}</Badge>
                    )}
                  </span>
                }
              />
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-3xl border border-dashed border-line p-10 text-center">
          <p className="text-muted">You have no decks yet.</p>
          <Link to="/create-deck" className={`${buttonClasses("primary")} mt-4`}>
            Create your first deck
          </Link>
        </div>
      )}
    </div>
  );
}
