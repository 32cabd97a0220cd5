import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import { textResponse } from "~/lib/http";
import type { PageHandle } from "~/lib/page-handle";
import { workerPictureEngines } from "~/media/worker-picture-engines.server";
import { deckSlug, isRefusal, picturesZip, printAccess } from "~/print/print.server";

/** Round trips: the person, then the deck with their copy; the pictures are read as the archive streams. */
export const handle: PageHandle = { roundTrips: 2 };

/** Every card and the back as print-resolution PNGs in one ZIP, streamed; for the deck's owner and its buyers. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const access = await printAccess(context.db, params.deckId ?? "", user);
  if (isRefusal(access)) return textResponse(access.status, access.message);
  const zip = picturesZip(access, workerPictureEngines, context.cloudflare.env.MEDIA);
  const headers = new Headers(zip.headers);
  headers.set("content-type", "application/zip");
  headers.set("content-disposition", `attachment; filename="${deckSlug(access.deck.title)}-cards.zip"`);
  headers.set("cache-control", "private, no-store");
  return new Response(zip.body, { headers });
}
