import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute, methodNotAllowed, originOf } from "~/api/api.server";
import { apiError, apiJson } from "~/api/errors";
import { deckWithCards } from "~/api/decks.server";

/** `GET /api/v1/decks/{id}`: one of the caller's decks and its cards. */
export async function loader(args: LoaderFunctionArgs) {
  return apiRoute(args, "read", async (caller) => {
    const deck = await deckWithCards(args.context.db, caller.userId, args.params.deckId ?? "", originOf(args.request));
    return deck ? apiJson({ deck }) : apiError("not_found", "You have no deck with this id.");
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed(["GET"]);
}
