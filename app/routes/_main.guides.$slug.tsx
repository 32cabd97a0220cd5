import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { GUIDES, guideBySlug, practicePath } from "~/library/guides";
import type { PageHandle } from "~/lib/page-handle";
import { spreadById } from "~/reading-room/spreads";

/** One round trip: the session's check alone (the guides are written in the code). */
export const handle: PageHandle = { roundTrips: 1, renderMemo: true };

export function loader({ request, params }: LoaderFunctionArgs) {
  const guide = guideBySlug(params.slug ?? "");
  if (!guide) throw new Response("Guide not found", { status: 404 });
  const index = GUIDES.indexOf(guide);
  const next = GUIDES[index + 1];
  return {
    guide,
    number: index + 1,
    spreadName: spreadById(guide.spreadId)?.name ?? guide.spreadId,
    practice: practicePath(guide),
    next: next ? { slug: next.slug, title: next.title } : null,
    origin: new URL(request.url).origin,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Guide not found — Arcanum" }];
  const url = `${data.origin}/guides/${data.guide.slug}`;
  return [
    { title: `${data.guide.title} — Tarot guides — Arcanum` },
    { name: "description", content: data.guide.summary },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:title", content: data.guide.title },
    { property: "og:description", content: data.guide.summary },
    { property: "og:url", content: url },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: data.guide.title,
        description: data.guide.summary,
        url,
        publisher: { "@type": "Organization", name: "Arcanum" },
      },
    },
  ];
};

export default function GuidePage() {
  const { guide, number, spreadName, practice, next } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/guides" className="text-brand underline-offset-4 hover:underline">
          Tarot guides
        </Link>{" "}
        / Lesson {number}
      </nav>
      <h1 className="mt-4 text-4xl font-bold sm:text-5xl">{guide.title}</h1>
      <p className="mt-3 text-lg text-muted">{guide.summary}</p>
      {guide.sections.map((section, i) => (
        <section key={section.heading ?? i} className="mt-8">
          {section.heading ? <h2 className="text-2xl font-bold">{section.heading}</h2> : null}
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      <aside className="mt-10 rounded-3xl border border-line bg-surface/80 p-6">
        <h2 className="text-xl font-bold">Practice: {spreadName}</h2>
        <p className="mt-2 leading-relaxed">{guide.practice}</p>
        <Link reloadDocument to={practice} className={`${buttonClasses("primary", "md")} mt-4`} data-testid="practice-link">
          Practise at the table
        </Link>
      </aside>
      <nav aria-label="Next" className="mt-10 flex flex-wrap justify-between gap-3 text-sm">
        <Link to="/cards" className="text-brand underline-offset-4 hover:underline">
          The tarot library
        </Link>
        {next ? (
          <Link to={`/guides/${next.slug}`} className="text-brand underline-offset-4 hover:underline">
            Next: {next.title} →
          </Link>
        ) : null}
      </nav>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-4xl font-bold">{missing ? "No such guide" : "Something went wrong"}</h1>
      <Link to="/guides" className={`${buttonClasses("primary", "md")} mt-6`}>
        See all guides
      </Link>
    </section>
  );
}
