import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sharePictureResponse } from "~/media/share-picture.server";
import { workerPictureEngines } from "~/media/worker-picture-engines.server";
import { readingShareSource } from "~/reading-room/share.server";

/** A shared reading's link-preview picture (Open Graph image): public while the reading is shared, and only of a card anyone may see. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const source = await readingShareSource(context.db, params.shareId ?? "");
  if (!source) return new Response("Not found", { status: 404 });
  return sharePictureResponse(context.cloudflare.env.MEDIA, source, workerPictureEngines);
}
