import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveMedia } from "~/media/media.server";
import type { PageHandle } from "~/lib/page-handle";

/** Round trips: who may see a card's picture is asked in steps (the deck and its listing, then the viewer, then their purchase and their seat at a table) before the picture is read from storage. */
export const handle: PageHandle = { roundTrips: 5 };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return serveMedia(context, request, params["*"] ?? "");
}
