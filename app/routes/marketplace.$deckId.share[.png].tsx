import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { deckShareSource } from "~/marketplace/share.server";
import { sharePictureResponse } from "~/media/share-picture.server";
import { workerPictureEngines } from "~/media/worker-picture-engines.server";
import type { PageHandle } from "~/lib/page-handle";

/** Round trips: the picture is read from storage, or drawn and stored the first time. */
export const handle: PageHandle = { roundTrips: 4 };

/** The deck's link-preview picture (Open Graph image): public, like the deck's page, and only of a card anyone may see. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const source = await deckShareSource(context.db, params.deckId ?? "");
  if (!source) return new Response("Not found", { status: 404 });
  return sharePictureResponse(context.cloudflare.env.MEDIA, source, workerPictureEngines);
}
