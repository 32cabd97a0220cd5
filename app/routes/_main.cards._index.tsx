import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { libraryIndex } from "~/library/cards";
import { libraryPath } from "~/library/paths";
import { GUIDES } from "~/library/guides";
import type { PageHandle } from "~/lib/page-handle";

/** One round trip: the session's check alone (the library is written in the code). */
export const handle: PageHandle = { roundTrips: 1, renderMemo: true };

export function loader({ request }: LoaderFunctionArgs) {
  return { groups: libraryIndex(), origin: new URL(request.url).origin };
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
  const { groups } = useLoaderData<typeof loader>();
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
      {groups.map((group) => (
        <section key={group.id} id={group.id} aria-labelledby={`${group.id}-heading`} className="mt-12">
          <h2 id={`${group.id}-heading`} className="text-3xl font-bold">
            {group.title}
          </h2>
          <p className="mt-1 text-muted">{group.about}</p>
          <ul className="mt-5 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {group.cards.map((card) => (
              <li key={card.key} className="min-w-0">
                <Link
                  to={libraryPath(card.key)}
                  className="flex items-baseline gap-3 rounded-2xl border border-line bg-surface/80 px-4 py-3 hover:border-brand"
                >
                  <span className="w-16 shrink-0 font-display text-lg font-bold text-gold">{card.numeral}</span>
                  <span className="min-w-0">
                    <span className="block font-semibold">{card.name}</span>
                    <span className="block truncate text-sm text-muted">{card.keywords.join(" · ")}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
