/**
 * The picture a shared link of a marketplace deck shows (Open Graph, Twitter): only a card anyone
 * may see, whoever asks for the page. The cover when it is public, else the first public card.
 */
import { publicCards } from "./ownership.server";

type ListingRow = Parameters<typeof publicCards>[1];
type Deck = { isPublic: boolean; coverUrl: string | null; cards: { cardKey: string; imageUrl: string | null }[] };

/** The path of the deck's share picture, or null when no card of it is public. */
export function sharePicture(deck: Deck, listing: ListingRow): string | null {
  const open = publicCards(deck, listing);
  const isPublic = (card: { cardKey: string; imageUrl: string | null }) => card.imageUrl !== null && (open === "all" || open.has(card.cardKey));
  const cover = deck.coverUrl ? deck.cards.find((card) => card.imageUrl === deck.coverUrl) : undefined;
  if (cover && isPublic(cover)) return cover.imageUrl;
  return deck.cards.find(isPublic)?.imageUrl ?? null;
}
