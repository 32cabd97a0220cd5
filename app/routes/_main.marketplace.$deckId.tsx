import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { TarotCardImage } from "~/components/tarot-card";
import { buttonClasses } from "~/components/ui/button";
import { formatPrice } from "~/decks/images";
import { getPublicDeck } from "~/decks/queries.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.deck.title} — Arcanum Marketplace` : "Deck not found — Arcanum" },
  { name: "description", content: data?.deck.description ?? "A tarot deck on Arcanum." },
];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const deck = await getPublicDeck(context.db, params.deckId ?? "");
  if (!deck) throw new Response("Deck not found", { status: 404 });
  return { deck };
}

export default function MarketplaceDeck() {
  const { deck } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/marketplace" className="hover:text-ink">Marketplace</Link> <span aria-hidden="true">/</span>{" "}
        <span>{deck.title}</span>
      </nav>
      <div className="mt-6 grid gap-10 md:grid-cols-[minmax(0,18rem)_1fr]">
        <TarotCardImage src={deck.coverUrl} alt={`${deck.coverName ?? "Cover card"} from ${deck.title}`} eager className="mx-auto w-56 md:w-full" />
        <div>
          <h1 className="text-5xl font-bold">{deck.title}</h1>
          <p className="mt-2 text-muted">
            {deck.creatorUsername ? <>by @{deck.creatorUsername} · </> : null}
            {deck.cardCount} cards{deck.artStyle ? ` · ${deck.artStyle}` : ""}
          </p>
          <p className="mt-2 text-sm italic text-muted">Theme: {deck.theme}</p>
          {deck.description ? <p className="mt-5 max-w-2xl text-lg leading-relaxed">{deck.description}</p> : null}
          <p className="mt-6 font-display text-4xl font-bold text-gold">{formatPrice(deck.priceCents)}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            {deck.priceCents !== null ? (
              <Link to={`/checkout/${deck.id}`} className={buttonClasses("gold", "lg")}>
                Buy this deck
              </Link>
            ) : null}
            <Link reloadDocument to={`/reading-room/${deck.id}`} className={buttonClasses("secondary", "lg")}>
              Read with this deck
            </Link>
          </div>
        </div>
      </div>
      <section aria-labelledby="cards-heading" className="mt-14">
        <h2 id="cards-heading" className="text-3xl font-bold">The cards</h2>
        <ul className="mt-6 grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8">
          {deck.cards.map((card) => (
            <li key={card.id}>
              <figure>
                <TarotCardImage src={card.imageUrl} alt={card.name} width={160} />
                <figcaption className="mt-1.5 truncate text-center text-xs text-muted">{card.name}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
