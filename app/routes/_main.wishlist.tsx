import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser, returnPathOf } from "~/auth/guard.server";
import { DeckTile } from "~/decks/deck-tile";
import { RemoveWishButton } from "~/marketplace/components/follow-and-wish";
import { PricesInUsd } from "~/marketplace/components/prices-in-usd";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import type { PageHandle } from "~/lib/page-handle";
import { wishlistOf } from "~/marketplace/wishlist.server";

/** Round trips: the person, then their saved decks and their count side by side. */
export const handle: PageHandle = { roundTrips: 2 };

export const meta: MetaFunction = () => [{ title: "Wishlist — Arcanum" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // A wishlist belongs to an account: a guest is asked to make one first.
  if (user.isGuest) throw redirect(`/signup?redirectTo=${encodeURIComponent(returnPathOf(request))}`);
  return wishlistOf(context.db, user.id);
}

export default function Wishlist() {
  const { decks, away } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Marketplace" title="Your wishlist">
        <p>Decks you saved for later, at today’s price. When one costs less, you hear of it as your notification settings say.</p>
      </PageHeader>
      {decks.length === 0 ? (
        <p className="mx-auto max-w-2xl rounded-3xl border border-line bg-surface/80 p-6 text-center text-muted" data-testid="wishlist-empty">
          Nothing saved yet. Press the heart on a deck in{" "}
          <Link to="/marketplace" className="underline underline-offset-4">
            the marketplace
          </Link>{" "}
          to keep it here.
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="text-sm text-muted">{`${decks.length} ${decks.length === 1 ? "deck" : "decks"} saved`}</p>
            <PricesInUsd />
          </div>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4" data-testid="wishlist">
            {decks.map((deck, i) => (
              <li key={deck.id} className="flex flex-col" data-wished={deck.id}>
                <DeckTile deck={deck} href={`/marketplace/${deck.id}`} eager={i < 4} />
                <RemoveWishButton deckId={deck.id} title={deck.title} />
              </li>
            ))}
          </ul>
        </>
      )}
      {away > 0 ? (
        <p className="mt-6 text-center text-sm text-muted">
          {away === 1
            ? "One deck you saved is out of the marketplace for now; it comes back here if its creator lists it again."
            : `${away} decks you saved are out of the marketplace for now; each comes back here if its creator lists it again.`}
        </p>
      ) : null}
      <p className="mt-8 text-center">
        <Link to="/marketplace" className={buttonClasses("secondary")}>
          Browse the marketplace
        </Link>
      </p>
    </div>
  );
}
