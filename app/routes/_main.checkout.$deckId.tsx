import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { TarotCardImage } from "~/components/tarot-card";
import { buttonClasses } from "~/components/ui/button";
import { formatPrice } from "~/decks/images";
import { getPublicDeck } from "~/decks/queries.server";

export const meta: MetaFunction = () => [{ title: "Checkout — Arcanum" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const deck = await getPublicDeck(context.db, params.deckId ?? "");
  if (!deck || deck.priceCents === null) throw new Response("This deck is not for sale", { status: 404 });
  return { deck: { id: deck.id, title: deck.title, priceCents: deck.priceCents, coverUrl: deck.coverUrl, creator: deck.creatorUsername } };
}

export default function Checkout() {
  const { deck } = useLoaderData<typeof loader>();
  return (
    <div className="px-4">
      <PageHeader eyebrow="Checkout" title={deck.title} />
      <Panel>
        <div className="flex flex-col items-center gap-6 sm:flex-row">
          <TarotCardImage src={deck.coverUrl} alt="" className="w-32 shrink-0" />
          <div>
            <p className="text-muted">by @{deck.creator}</p>
            <p className="mt-2 font-display text-4xl font-bold text-gold">{formatPrice(deck.priceCents)}</p>
            <p className="mt-4 text-sm text-muted">Buying decks is not open yet. This page will take your payment once it is.</p>
            <Link to={`/marketplace/${deck.id}`} className={`${buttonClasses("secondary")} mt-4`}>Back to the deck</Link>
          </div>
        </div>
      </Panel>
    </div>
  );
}
