import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { readSessionToken } from "~/auth/session-cookie";
import { TarotCardImage } from "~/components/tarot-card";
import { buttonClasses } from "~/components/ui/button";
import { CLASSIC_STYLE, CLASSIC_THEME } from "~/art/painted-card";
import { paintedCardUrl } from "~/decks/images";
import { classicPicture, libraryCard } from "~/library/cards";
import { LIBRARY_DECK, chosenDeckPictures, paintedInPublicDecksQuery, toPaintings } from "~/library/library.server";
import { libraryPath } from "~/tarot/paths";
import type { PageHandle } from "~/lib/page-handle";
import { SHARE_PICTURE_SIZE } from "~/media/picture-style";

/** One round trip: the public decks' paintings of the card travel with the session's check. */
export const handle: PageHandle = { roundTrips: 1, renderMemo: true };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const entry = libraryCard(params.key ?? "");
  if (!entry) throw new Response("Card not found", { status: 404 });
  const url = new URL(request.url);
  const deckId = url.searchParams.get("deck");
  // Both reads leave in the same batch as the session's check; the chosen deck's only with a session.
  const [[painted], own] = await Promise.all([
    context.read(() => [paintedInPublicDecksQuery(context.db, entry.card.key)]),
    deckId && readSessionToken(request) ? context.read(LIBRARY_DECK, { deckId, cardKey: entry.card.key }) : null,
  ]);
  const chosen = own ? chosenDeckPictures(own[1]) : null;
  const picture = chosen?.pictures[entry.card.key];
  return {
    entry,
    painted: toPaintings(painted),
    origin: url.origin,
    face: picture
      ? { ...picture, deck: chosen!.deck }
      : {
          url: paintedCardUrl(entry.card.key, CLASSIC_THEME, CLASSIC_STYLE),
          alt: `${entry.card.name}, from the classic deck: ${classicPicture(entry.card)}`,
          deck: null,
        },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Card not found — Arcanum" }];
  const { entry, origin } = data;
  const { card, meaning } = entry;
  const title = `${card.name} — tarot card meaning, upright and reversed`;
  const description =
    `${card.name} (${entry.arcanaName}${entry.suitName ? `, ${entry.suitName}` : ""}): ${meaning.upright.keywords.slice(0, 4).join(", ")}. ${meaning.upright.meaning}`.slice(
      0,
      300,
    );
  const url = `${origin}${libraryPath(card.key)}`;
  const image = `${url}/share.png`;
  return [
    { title: `${title} — Arcanum` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "Arcanum" },
    { property: "og:title", content: card.name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SHARE_PICTURE_SIZE.width) },
    { property: "og:image:height", content: String(SHARE_PICTURE_SIZE.height) },
    { property: "og:image:alt", content: `${card.name} from the classic Arcanum deck` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "DefinedTerm",
        "@id": url,
        name: card.name,
        termCode: card.key,
        description: meaning.upright.meaning,
        url,
        image,
        inDefinedTermSet: { "@type": "DefinedTermSet", name: "Arcanum tarot library", url: `${origin}/cards` },
      },
    },
  ];
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-bold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export default function CardPage() {
  const { entry, painted, face } = useLoaderData<typeof loader>();
  const { card, meaning } = entry;
  const facts = [
    ["Number", entry.numeral],
    ["Arcana", entry.arcanaName],
    ...(entry.suitName ? [["Suit", entry.suitName]] : []),
    ["Element", entry.element],
    ...(entry.sign ? [["Astrology", entry.sign]] : []),
  ];
  return (
    <article className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to={face.deck ? `/cards?deck=${encodeURIComponent(face.deck.id)}` : "/cards"} className="text-brand underline-offset-4 hover:underline">
          Tarot library
        </Link>{" "}
        / {entry.arcanaName}
        {entry.suitName ? ` / ${entry.suitName}` : ""}
      </nav>
      <div className="mt-6 grid items-start gap-8 md:grid-cols-[16rem_1fr]">
        <div className="mx-auto w-52 md:w-full">
          <TarotCardImage src={face.url} alt={face.alt} eager width={256} />
          <p className="mt-2 text-center text-sm text-muted">
            {face.deck ? (
              <>
                From {face.deck.title} ·{" "}
                <Link to={libraryPath(card.key)} className="text-brand underline-offset-4 hover:underline">
                  classic deck
                </Link>
              </>
            ) : (
              "From the classic deck"
            )}
          </p>
        </div>
        <div className="min-w-0">
          <h1 className="text-4xl font-bold sm:text-5xl">{card.name}</h1>
          <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt className="text-muted">{label}</dt>
                <dd className="font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-6 grid gap-4 sm:grid-cols-2">
            <div className="rounded-2xl border border-line bg-surface p-4">
              <h2 className="text-lg font-bold">Upright</h2>
              <p className="mt-1 text-sm font-medium">{meaning.upright.keywords.join(" · ")}</p>
              <p className="mt-2 text-sm leading-relaxed">{meaning.upright.meaning}</p>
            </div>
            <div className="rounded-2xl border border-line bg-surface p-4">
              <h2 className="text-lg font-bold">Reversed</h2>
              <p className="mt-1 text-sm font-medium">{meaning.reversed.keywords.join(" · ")}</p>
              <p className="mt-2 text-sm leading-relaxed">{meaning.reversed.meaning}</p>
            </div>
          </div>
        </div>
      </div>

      <Section title="In the classic design">
        {entry.symbolism.map((paragraph) => (
          <p key={paragraph} className="mt-2 leading-relaxed">
            {paragraph}
          </p>
        ))}
      </Section>

      <Section title="In a spread">
        <dl className="grid gap-3 sm:grid-cols-2">
          {entry.positions.map((item) => (
            <div key={item.position} className="rounded-2xl border border-line p-4">
              <dt className="font-semibold">{item.position}</dt>
              <dd className="mt-1 text-sm leading-relaxed">{item.text}</dd>
            </div>
          ))}
        </dl>
      </Section>

      {painted.length > 0 ? (
        <Section title="As painted in public decks">
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {painted.map((painting) => (
              <li key={painting.deckId}>
                <Link to={`/marketplace/${painting.deckId}`} className="block">
                  <TarotCardImage src={painting.imageUrl} alt={`${card.name} in ${painting.title}`} width={200} />
                  <span className="mt-2 block truncate text-sm font-medium">{painting.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <nav aria-label="Other cards" className="mt-12 flex flex-wrap justify-between gap-3 border-t border-line pt-6 text-sm">
        {entry.previous ? (
          <Link to={libraryPath(entry.previous.key, face.deck?.id)} className="text-brand underline-offset-4 hover:underline">
            ← {entry.previous.name}
          </Link>
        ) : (
          <span />
        )}
        <Link to="/cards" className={buttonClasses("secondary", "sm")}>
          All 78 cards
        </Link>
        {entry.next ? (
          <Link to={libraryPath(entry.next.key, face.deck?.id)} className="text-brand underline-offset-4 hover:underline">
            {entry.next.name} →
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-4xl font-bold">{missing ? "No such card" : "Something went wrong"}</h1>
      <p className="mt-3 text-muted">
        {missing ? "The library has the 78 cards of the tarot; this address names none of them." : "Please try again in a moment."}
      </p>
      <Link to="/cards" className={`${buttonClasses("primary", "md")} mt-6`}>
        See all cards
      </Link>
    </section>
  );
}
