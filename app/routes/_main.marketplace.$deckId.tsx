import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { CardBack, TarotCardImage } from "~/components/tarot-card";
import { buttonClasses } from "~/components/ui/button";
import { formatPrice } from "~/decks/images";
import { getViewableDeck } from "~/decks/queries.server";
import { cn } from "~/lib/cn";
import { getListing } from "~/marketplace/listing.server";
import { deckRelation, isOnSale, publicCards } from "~/marketplace/ownership.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.deck.title} — Arcanum Marketplace` : "Deck not found — Arcanum" },
  { name: "description", content: data?.deck.description ?? "A tarot deck on Arcanum." },
];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const viewerId = (await context.currentUser())?.id ?? null;
  const deckId = params.deckId ?? "";
  const deck = await getViewableDeck(context.db, deckId, viewerId);
  const listing = await getListing(context.db, deckId);
  if (!deck || !(deck.isPublic || isOnSale(listing))) throw new Response("Deck not found", { status: 404 });
  const relation = await deckRelation(context.db, deckId, viewerId);
  const open = relation ? "all" : publicCards(deck, listing);
  const onSale = isOnSale(listing) && deck.status === "ready";
  return {
    deck: {
      ...deck,
      // A locked card's picture is not sent at all: only its name.
      cards: deck.cards.map((card) => {
        const visible = open === "all" || open.has(card.cardKey);
        return { ...card, imageUrl: visible ? card.imageUrl : null, locked: !visible };
      }),
    },
    relation,
    sale: onSale ? { priceCents: listing!.priceCents, licence: listing!.licence, tags: listing!.tags, description: listing!.description } : null,
    coverLocked: open !== "all" && !deck.cards.some((card) => card.imageUrl === deck.coverUrl && open.has(card.cardKey)),
  };
}

export default function MarketplaceDeck() {
  const { deck, relation, sale, coverLocked } = useLoaderData<typeof loader>();
  const lockedCount = deck.cards.filter((card) => card.locked).length;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/marketplace" className="hover:text-ink">Marketplace</Link> <span aria-hidden="true">/</span>{" "}
        <span>{deck.title}</span>
      </nav>
      <div className="mt-6 grid gap-10 md:grid-cols-[minmax(0,18rem)_1fr]">
        <TarotCardImage src={coverLocked ? null : deck.coverUrl} alt={`${deck.coverName ?? "Cover card"} from ${deck.title}`} eager className="mx-auto w-56 md:w-full" />
        <div>
          <h1 className="text-4xl font-bold sm:text-5xl">{deck.title}</h1>
          <p className="mt-2 text-muted">
            {deck.creatorUsername ? <>by @{deck.creatorUsername} · </> : null}
            {deck.cardCount} cards{deck.artStyle ? ` · ${deck.artStyle}` : ""}
          </p>
          <p className="mt-2 text-sm italic text-muted">Theme: {deck.theme}</p>
          {sale?.description || deck.description ? <p className="mt-5 max-w-2xl text-lg leading-relaxed">{sale?.description || deck.description}</p> : null}
          {sale && sale.tags.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
              {sale.tags.map((tag) => (
                <li key={tag} className="rounded-full border border-line px-3 py-1 text-xs text-muted">{tag}</li>
              ))}
            </ul>
          ) : null}
          {relation === "owner" ? (
            <p className="mt-6 font-display text-2xl font-bold">Your deck</p>
          ) : relation === "buyer" ? (
            <p className="mt-6 font-display text-2xl font-bold">In your collection</p>
          ) : sale ? (
            <>
              <p className="mt-6 font-display text-4xl font-bold text-gold">{formatPrice(sale.priceCents || null)}</p>
              <p className="mt-1 text-sm text-muted">{sale.licence === "commercial" ? "Licensed for commercial use" : "For personal use"}</p>
            </>
          ) : null}
          <div className="mt-5 flex flex-wrap gap-3">
            {relation ? (
              <Link to={`/collection/${deck.id}`} className={buttonClasses("gold", "lg")}>Open in my collection</Link>
            ) : sale ? (
              <Link to={`/checkout/${deck.id}`} className={buttonClasses("gold", "lg")}>
                {sale.priceCents === 0 ? "Add to my collection" : "Buy this deck"}
              </Link>
            ) : null}
            {relation || lockedCount === 0 ? (
              <Link reloadDocument to={`/reading-room/${deck.id}`} className={buttonClasses("secondary", "lg")}>
                Read with this deck
              </Link>
            ) : null}
          </div>
        </div>
      </div>
      <section aria-labelledby="cards-heading" className="mt-14">
        <h2 id="cards-heading" className="text-3xl font-bold">The cards</h2>
        {lockedCount > 0 ? (
          <p className="mt-2 text-sm text-muted">Turn over the preview cards; the other {lockedCount} are for the people who buy the deck.</p>
        ) : null}
        <ul className="mt-6 grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8">
          {deck.cards.map((card) => (
            <li key={card.id}>
              {card.locked ? (
                <LockedCard name={card.name} />
              ) : lockedCount > 0 ? (
                <PreviewCard name={card.name} imageUrl={card.imageUrl} />
              ) : (
                <figure>
                  <TarotCardImage src={card.imageUrl} alt={card.name} width={160} />
                  <figcaption className="mt-1.5 truncate text-center text-xs text-muted">{card.name}</figcaption>
                </figure>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** A card shown face down: a button turns it over. */
function PreviewCard({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  const [up, setUp] = useState(false);
  return (
    <figure>
      <button type="button" onClick={() => setUp((value) => !value)} aria-pressed={up} aria-label={up ? name : `Turn over ${name}`} className="block w-full [perspective:900px]" data-testid="preview-card">
        <span className={cn("relative block aspect-[3/4] transition-transform duration-500 [transform-style:preserve-3d] motion-reduce:transition-none", up && "[transform:rotateY(180deg)]")}>
          <span className="card-frame absolute inset-0 overflow-hidden [backface-visibility:hidden]"><CardBack /></span>
          <span className="absolute inset-0 [backface-visibility:hidden] [transform:rotateY(180deg)]">
            <TarotCardImage src={imageUrl} alt={name} width={160} className="h-full" />
          </span>
        </span>
      </button>
      <figcaption className="mt-1.5 truncate text-center text-xs text-muted">{name}</figcaption>
    </figure>
  );
}

function LockedCard({ name }: { name: string }) {
  return (
    <figure data-testid="locked-card">
      <div className="card-frame relative aspect-[3/4] overflow-hidden opacity-70">
        <CardBack />
        <span className="absolute inset-x-0 bottom-2 mx-auto w-fit rounded-full bg-surface/90 px-2 py-0.5 text-[10px] font-semibold uppercase tracking-wider">Locked</span>
      </div>
      <figcaption className="mt-1.5 truncate text-center text-xs text-muted">{name}</figcaption>
    </figure>
  );
}
