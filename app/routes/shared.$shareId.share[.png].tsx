import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sharePictureResponse } from "~/media/share-picture.server";
import { workerPictureEngines } from "~/media/worker-picture-engines.server";
import { readingShareSource } from "~/reading-room/share.server";
import type { PageHandle } from "~/lib/page-handle";

/** Round trips: the picture is read from storage, or drawn and stored the first time. */
export const handle: PageHandle = { roundTrips: 3 };

/** A shared reading's link-preview picture (Open Graph image): public while the reading is shared, and only of a card anyone may see. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const source = await readingShareSource(context.db, params.shareId ?? "");
  if (!source) return new Response("Not found", { status: 404 });
  return sharePictureResponse(context.cloudflare.env.MEDIA, source, workerPictureEngines);
}
