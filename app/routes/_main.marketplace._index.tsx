import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { DeckTile } from "~/components/deck-tile";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { listMarketplaceDecks } from "~/decks/queries.server";

export const meta: MetaFunction = () => [
  { title: "Marketplace — Arcanum" },
  { name: "description", content: "Browse and buy tarot decks made by Arcanum's creators." },
];

const searchSchema = z.object({ q: z.string().trim().max(100).optional().catch(undefined) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { q } = searchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const decks = await listMarketplaceDecks(context.db, { query: q });
  return { decks, q: q ?? "" };
}

export default function Marketplace() {
  const { decks, q } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6">
      <PageHeader eyebrow="Marketplace" title="Decks from the community">
        <p>Every deck here was dreamed up by a creator and painted with Arcanum. Preview the cards, then make one yours.</p>
      </PageHeader>
      <Form method="get" role="search" className="mx-auto flex max-w-xl gap-2">
        <label htmlFor="marketplace-search" className="sr-only">
          Search decks
        </label>
        <input
          id="marketplace-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder="Search by title, theme or creator"
          className="h-11 flex-1 rounded-full border border-line bg-surface px-5 text-ink placeholder:text-muted/80 focus:border-brand focus:outline-none"
        />
        <button type="submit" className={buttonClasses("primary")}>
          Search
        </button>
      </Form>
      <p className="mt-6 text-sm text-muted" aria-live="polite">
        {q ? `${decks.length} ${decks.length === 1 ? "deck" : "decks"} matching “${q}”` : `${decks.length} decks`}
      </p>
      {decks.length > 0 ? (
        <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {decks.map((deck, i) => (
            <li key={deck.id}>
              <DeckTile deck={deck} href={`/marketplace/${deck.id}`} eager={i < 4} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-2xl border border-dashed border-line p-10 text-center text-muted">
          No decks match your search. Try another word.
        </p>
      )}
    </div>
  );
}
