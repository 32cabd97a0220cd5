import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { CardMeaningText } from "~/decks/card-meaning";
import { readDeckCard } from "~/decks/manage.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.card.name} · ${data.deck.title} — Arcanum` : "Card — Arcanum" }];

/** A card of one's own or a bought deck as a page: where the deck page's card leads without JavaScript, and a link to keep. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const found = await readDeckCard(context.db, params.deckId ?? "", params.cardKey ?? "", user.id);
  if (!found) throw new Response("Card not found", { status: 404 });
  return found;
}

export default function DeckCardPage() {
  const { deck, card, previous, next } = useLoaderData<typeof loader>();
  const base = `/collection/${deck.id}`;
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 pt-8 sm:px-6">
      <nav aria-label="Cards of the deck" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <Link to={base} className="text-brand underline">← {deck.title}</Link>
        <span className="flex gap-4">
          {previous ? <Link to={`${base}/cards/${previous}`} rel="prev" className="text-brand underline">Previous card</Link> : null}
          {next ? <Link to={`${base}/cards/${next}`} rel="next" className="text-brand underline">Next card</Link> : null}
        </span>
      </nav>
      <article className="mt-6 grid gap-6 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-10">
        {card.imageUrl && card.status === "ready" ? (
          <img src={card.imageUrl} alt={`${card.name}, as painted for this deck`} className="mx-auto aspect-[3/4] w-2/3 rounded-2xl object-cover shadow-md sm:w-full" />
        ) : (
          <p className="rounded-2xl border border-line p-6 text-muted">This card is not painted yet.</p>
        )}
        <CardMeaningText card={card} meaning={card} headingId="card-name" level={1} />
      </article>
    </div>
  );
}
