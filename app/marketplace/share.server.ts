/**
 * The picture a shared link of a marketplace deck shows (Open Graph, Twitter): only a card anyone
 * may see, whoever asks for the page. The cover when it is public, else the first public card.
 */
import { getViewableDeck } from "../decks/queries.server";
import type { Database } from "../db.server";
import { formatMoney } from "../lib/format";
import type { ShareSource } from "../media/share-picture.server";
import { getListing } from "./listing.server";
import { isOnSale, publicCards } from "./ownership.server";

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

/**
 * What a deck's link preview picture shows, for anyone: its title, creator and price beside a card
 * anyone may see; null when the deck is neither public nor on sale, or has no such card.
 */
export async function deckShareSource(db: Database, deckId: string): Promise<ShareSource | null> {
  const [deck, listing] = await Promise.all([getViewableDeck(db, deckId, null), getListing(db, deckId)]);
  if (!deck || !(deck.isPublic || isOnSale(listing))) return null;
  const face = sharePicture(deck, listing);
  if (!face) return null;
  const creator = deck.creatorName || (deck.creatorUsername ? `@${deck.creatorUsername}` : null);
  const price = isOnSale(listing) ? (listing.priceCents > 0 ? formatMoney(listing.priceCents) : "Free") : null;
  return {
    scope: `decks/${deck.id}`,
    face,
    eyebrow: `Tarot deck · ${deck.cardCount} cards`,
    title: deck.title,
    lines: [creator ? `by ${creator}` : null, price ? `${price} in the Arcanum marketplace` : null].filter((line): line is string => line !== null),
  };
}
