import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute, fieldErrors, methodNotAllowed, originOf } from "~/api/api.server";
import { apiError, apiJson } from "~/api/errors";
import { createDeckThroughApi } from "~/api/create-deck.server";
import { listDecks } from "~/api/decks.server";
import { listDecksQuery } from "~/api/schemas.server";
import type { PageHandle } from "~/lib/page-handle";

/**
 * Round trips: the token, its plan and its rate limit at once; claiming the Idempotency-Key; then the
 * create form's own work (11, see `_main.create-deck`) and storing the answer. A repeat of a key
 * still under way reads its answer again after each of up to eight pauses instead.
 */
export const handle: PageHandle = { actionRoundTrips: 14 };

/** `GET /api/v1/decks`: a page of the caller's decks. */
export async function loader(args: LoaderFunctionArgs) {
  return apiRoute(args, "read", async (caller) => {
    const parsed = listDecksQuery.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
    if (!parsed.success) return apiError("validation_failed", "The page asked for is not valid.", { fields: fieldErrors(parsed.error) });
    const page = await listDecks(args.context.db, caller.userId, parsed.data, originOf(args.request));
    if (!page)
      return apiError("validation_failed", "This cursor was not given by this API.", { fields: { cursor: "Use the nextCursor of the previous page" } });
    return apiJson(page);
  });
}

/** `POST /api/v1/decks`: a new deck from a theme, charged as the create form charges. */
export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return apiRoute(args, "read_write", (caller) => createDeckThroughApi(args.context, args.request, caller));
}
