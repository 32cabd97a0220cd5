import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import { textResponse } from "~/lib/http";
import type { PageHandle } from "~/lib/page-handle";
import { isRefusal, printAccess } from "~/print/print-access.server";
import { deckSlug, picturesZip, renderSetOf } from "~/print/print.server";
import { missingRenders, storedRenders } from "~/print/renders.server";

/**
 * Round trips: the person, the deck with their copy, the listing of its stored renders; the
 * pictures are read as the archive streams.
 */
export const handle: PageHandle = { roundTrips: 3 };

/**
 * Every card and the back as print-resolution PNGs in one ZIP, streamed from the stored renders;
 * for the deck's owner and its buyers. Nothing is drawn here: until every render is stored, the
 * print page prepares them (decision 0071).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const access = await printAccess(context.db, params.deckId ?? "", user);
  if (isRefusal(access)) return textResponse(access.status, access.message);
  const bucket = context.cloudflare.env.MEDIA;
  if (missingRenders(renderSetOf(access), await storedRenders(bucket, access.deck.id)).length > 0)
    return textResponse(409, "The card pictures are not ready yet: prepare them on the deck's print page.");
  const zip = picturesZip(access, bucket);
  const headers = new Headers(zip.headers);
  headers.set("content-type", "application/zip");
  headers.set("content-disposition", `attachment; filename="${deckSlug(access.deck.title)}-cards.zip"`);
  headers.set("cache-control", "private, no-store");
  return new Response(zip.body, { headers });
}
