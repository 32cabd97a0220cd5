import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { recordFaces } from "~/reading-room/deck-art.server";
import { getSharedReading } from "~/reading-room/journal.server";
import { ReadingRecord } from "~/reading-room/reading-record";
import { cardsLine } from "~/reading-room/cards-line";
import { SHARE_PICTURE_SIZE } from "~/media/picture-style";
import type { PageHandle } from "~/lib/page-handle";

/**
 * Round trips: the shared reading beside the person, then what its faces may show: the deck and its
 * listing, then whether the viewer bought it or has it on a table (decision 0132).
 */
export const handle: PageHandle = { roundTrips: 3 };

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Shared reading not found — Arcanum" }, { name: "robots", content: "noindex" }];
  const { reading, preview } = data;
  const title = reading.question ? `“${reading.question}” — a tarot reading on Arcanum` : "A tarot reading on Arcanum";
  const description = `${reading.spreadName}: ${cardsLine(reading.cards)}.`;
  return [
    { title },
    { name: "robots", content: "noindex" },
    { name: "description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "Arcanum" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: preview.url },
    ...(preview.image
      ? [
          { property: "og:image", content: preview.image },
          { property: "og:image:type", content: "image/png" },
          { property: "og:image:width", content: String(SHARE_PICTURE_SIZE.width) },
          { property: "og:image:height", content: String(SHARE_PICTURE_SIZE.height) },
          { property: "og:image:alt", content: preview.imageAlt },
        ]
      : []),
    { name: "twitter:card", content: preview.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(preview.image ? [{ name: "twitter:image", content: preview.image }] : []),
  ];
};

/** A reading someone chose to share: read-only, without their notes. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [found, viewer] = await Promise.all([getSharedReading(context.db, params.shareId ?? ""), context.currentUser()]);
  if (!found) throw new Response("This shared reading does not exist, or is no longer shared.", { status: 404 });
  const { deckId, ...reading } = found;
  const keys = reading.cards.map((card) => card.key);
  // The link's preview is seen by anyone it is sent to: only a card a stranger may see.
  const [faces, open] = await Promise.all([
    recordFaces(context.db, deckId, keys, viewer?.id ?? null),
    viewer ? recordFaces(context.db, deckId, keys, null) : null,
  ]);
  const first = reading.cards.find((card) => (open ?? faces)[card.key]);
  const origin = new URL(request.url).origin;
  const preview = {
    url: `${origin}/shared/${params.shareId}`,
    // A PNG of that card beside the question: previews do not show the painter's SVG.
    image: first ? `${origin}/shared/${params.shareId}/share.png` : null,
    imageAlt: first ? `${first.name}, drawn in this reading` : "",
  };
  return { reading: { ...reading, faces }, preview };
}

export default function SharedReading() {
  const { reading } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 pb-16 pt-10 sm:px-6">
      <h1 className="text-4xl font-bold">A shared reading</h1>
      <ReadingRecord {...reading} />
      <Link reloadDocument to="/reading-room?create=true" className={`${buttonClasses("primary")} justify-self-start`}>
        Hold a reading of your own
      </Link>
    </div>
  );
}
