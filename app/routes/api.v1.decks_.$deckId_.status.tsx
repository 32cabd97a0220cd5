import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute, methodNotAllowed } from "~/api/api.server";
import { apiError, apiJson } from "~/api/errors";
import { deckProgressOf } from "~/api/decks.server";

/** `GET /api/v1/decks/{id}/status`: how far the painting of one of the caller's decks has come. */
export async function loader(args: LoaderFunctionArgs) {
  return apiRoute(args, "read", async (caller) => {
    const progress = await deckProgressOf(args.context.db, caller.userId, args.params.deckId ?? "");
    return progress ? apiJson(progress) : apiError("not_found", "You have no deck with this id.");
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed(["GET"]);
}
