import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CLASSIC_STYLE, CLASSIC_THEME } from "~/art/painted-card";
import { paintedCardUrl } from "~/decks/images";
import { libraryCard } from "~/library/cards";
import type { PageHandle } from "~/lib/page-handle";
import { sharePictureResponse } from "~/media/share-picture.server";
import { workerPictureEngines } from "~/media/worker-picture-engines.server";

/** Round trips: the picture is read from storage, or drawn and stored the first time. */
export const handle: PageHandle = { roundTrips: 4 };

/** A library card's link-preview picture: the classic painting beside its name and keywords. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const entry = libraryCard(params.key ?? "");
  if (!entry) return new Response("Not found", { status: 404 });
  const { card, meaning } = entry;
  return sharePictureResponse(
    context.cloudflare.env.MEDIA,
    {
      scope: `library/${card.key}`,
      face: paintedCardUrl(card.key, CLASSIC_THEME, CLASSIC_STYLE),
      eyebrow: `Tarot library · ${entry.arcanaName}`,
      title: card.name,
      lines: [meaning.upright.keywords.slice(0, 3).join(" · "), `${entry.element}${entry.suitName ? ` · ${entry.suitName}` : ""}`],
    },
    workerPictureEngines,
  );
}
