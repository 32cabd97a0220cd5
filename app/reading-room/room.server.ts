import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getViewableDeck } from "../decks/queries.server";

export async function loadReadingRoom({ request, params, context }: LoaderFunctionArgs) {
  const user = await context.currentUser();
  if (!params.deckId) return { deck: null };
  const deck = await getViewableDeck(context.db, params.deckId, user?.id ?? null);
  if (!deck) throw new Response("Deck not found", { status: 404 });
  return {
    deck: { id: deck.id, title: deck.title, creator: deck.creatorUsername, cards: deck.cards.slice(0, 5) },
  };
}
