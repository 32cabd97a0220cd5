import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CLASSIC_STYLE, CLASSIC_THEME } from "~/art/painted-card";
import { readSessionToken } from "~/auth/session-cookie";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { Select } from "~/components/ui/field";
import { paintedCardUrl } from "~/decks/images";
import { libraryIndex } from "~/library/cards";
import { LIBRARY_DECK, chosenDeckPictures } from "~/library/library.server";
import { libraryPath } from "~/tarot/paths";
import { GUIDES } from "~/library/guides";
import type { PageHandle } from "~/lib/page-handle";

/** One round trip: the session's check, with the person's decks and the chosen one's pictures (a visitor's library is written in the code). */
export const handle: PageHandle = { roundTrips: 1, renderMemo: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = { groups: libraryIndex(), origin: url.origin };
  if (!readSessionToken(request)) return { ...page, choices: [] as { id: string; title: string }[], chosen: null };
  const [choices, rows] = await context.read(LIBRARY_DECK, { deckId: url.searchParams.get("deck") ?? "", cardKey: "" });
  // A deck that is not the person's to see whole finds no rows: the classic deck, and nothing said of it.
  return { ...page, choices, chosen: chosenDeckPictures(rows) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const origin = data?.origin ?? "";
  const description = "All 78 tarot cards: what each means upright and reversed, its element, what its classic picture shows, and how it reads in a spread.";
  return [
    { title: "Tarot library: the meaning of all 78 cards — Arcanum" },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: `${origin}/cards` },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Arcanum" },
    { property: "og:title", content: "The tarot library" },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}/cards` },
    { property: "og:image", content: `${origin}/cards/major-00/share.png` },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "DefinedTermSet",
        "@id": `${origin}/cards`,
        name: "Arcanum tarot library",
        description,
        url: `${origin}/cards`,
        hasDefinedTerm: (data?.groups ?? []).flatMap((group) =>
          group.cards.map((card) => ({ "@type": "DefinedTerm", name: card.name, termCode: card.key, url: `${origin}${libraryPath(card.key)}` })),
        ),
      },
    },
  ];
};

export default function Library() {
  const { groups, choices, chosen } = useLoaderData<typeof loader>();
  const deckId = chosen?.deck.id ?? null;
  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Tarot library" title="All 78 cards">
        What each card means upright and reversed, what its picture holds, and how it reads where it falls in a spread.
      </PageHeader>
      <nav aria-label="Sections" className="flex flex-wrap justify-center gap-2 text-sm">
        {groups.map((group) => (
          <a key={group.id} href={`#${group.id}`} className="rounded-full border border-line px-3 py-1 hover:border-brand">
            {group.title}
          </a>
        ))}
        <Link to="/guides" className="rounded-full border border-line px-3 py-1 hover:border-brand">
          Guides ({GUIDES.length})
        </Link>
      </nav>
      {choices.length > 0 ? (
        <Form method="get" className="mx-auto mt-6 flex max-w-md flex-wrap items-end justify-center gap-2">
          <label className="grid min-w-0 flex-1 gap-1 text-sm font-semibold">
            Show the cards from
            <Select look="inline" name="deck" defaultValue={deckId ?? ""}>
              <option value="">The classic deck</option>
              {choices.map((deck) => (
                <option key={deck.id} value={deck.id}>
                  {deck.title}
                </option>
              ))}
            </Select>
          </label>
          <button type="submit" className={buttonClasses("secondary", "md")}>
            Show
          </button>
        </Form>
      ) : null}
      <p className="mt-4 text-center text-sm text-muted" data-testid="library-deck">
        {chosen ? `Pictures from ${chosen.deck.title}` : "Pictures from the classic deck"}
      </p>
      {groups.map((group) => (
        <section key={group.id} id={group.id} aria-labelledby={`${group.id}-heading`} className="mt-10">
          <h2 id={`${group.id}-heading`} className="text-3xl font-bold">
            {group.title}
          </h2>
          <p className="mt-1 text-muted">{group.about}</p>
          <ul className="mt-5 grid grid-cols-3 gap-x-3 gap-y-4 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8" data-testid="library-grid">
            {group.cards.map((card) => {
              // A card the chosen deck has no picture of yet is shown as the classic deck paints it.
              const own = chosen?.pictures[card.key];
              return (
                <li key={card.key} className="min-w-0">
                  <Link to={libraryPath(card.key, deckId)} className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-brand">
                    <img
                      src={own?.url ?? paintedCardUrl(card.key, CLASSIC_THEME, CLASSIC_STYLE)}
                      alt={own?.alt ?? `${card.name}: ${card.picture}`}
                      width={150}
                      height={200}
                      loading="lazy"
                      decoding="async"
                      className="card-frame aspect-[3/4] h-auto w-full object-cover transition group-hover:-translate-y-0.5 motion-reduce:transition-none"
                    />
                    <span className="mt-1.5 block text-xs font-semibold text-gold">{card.numeral}</span>
                    <span className="block text-sm leading-snug font-semibold group-hover:text-brand">{card.name}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
