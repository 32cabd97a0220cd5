import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { GUIDES } from "~/library/guides";
import type { PageHandle } from "~/lib/page-handle";

/** One round trip: the session's check alone (the guides are written in the code). */
export const handle: PageHandle = { roundTrips: 1, renderMemo: true };

export function loader({ request }: LoaderFunctionArgs) {
  return { guides: GUIDES.map(({ slug, title, summary }) => ({ slug, title, summary })), origin: new URL(request.url).origin };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Tarot guides — Arcanum" },
  { name: "description", content: "Short tarot lessons, each ending in a practice reading at the table." },
  { tagName: "link", rel: "canonical", href: `${data?.origin ?? ""}/guides` },
  {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: "Arcanum tarot guides",
      itemListElement: (data?.guides ?? []).map((guide, i) => ({
        "@type": "ListItem",
        position: i + 1,
        name: guide.title,
        url: `${data?.origin ?? ""}/guides/${guide.slug}`,
      })),
    },
  },
];

export default function Guides() {
  const { guides } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Tarot guides" title="Learn to read">
        Short lessons, each ending in a practice reading at the table. For every card's meaning, see the{" "}
        <Link to="/cards" className="text-brand underline-offset-4 hover:underline">
          tarot library
        </Link>
        .
      </PageHeader>
      <ol className="grid gap-4 sm:grid-cols-2">
        {guides.map((guide, i) => (
          <li key={guide.slug}>
            <Link to={`/guides/${guide.slug}`} className="block h-full rounded-3xl border border-line bg-surface/80 p-6 hover:border-brand">
              <span className="font-display text-3xl font-bold text-gold">{i + 1}</span>
              <span className="mt-1 block text-xl font-bold">{guide.title}</span>
              <span className="mt-2 block text-sm leading-relaxed text-muted">{guide.summary}</span>
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}
