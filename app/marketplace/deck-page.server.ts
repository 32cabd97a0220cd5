/**
 * A marketplace deck's page as a viewer sees it: the deck is shown when public or on sale, else not
 * found; a viewer who owns or bought it sees every card, anyone else the listing's preview; a card
 * they may not see is sent as its name alone, never its picture's address; a locked cover gives way
 * to the first card they may see, as on the shop's tile.
 */
import type { Database } from "../db.server";
import { getViewableDeck } from "../decks/queries.server";
import { bundlesOnSale } from "./bundles.server";
import { creatorProfile } from "./creator.server";
import { getListing } from "./listing.server";
import { deckRelation, isOnSale, publicCards } from "./ownership.server";
import { listReviews, mayReview, ownReview, ratingSummary, REVIEWS_PER_PAGE } from "./reviews.server";
import { sharePicture } from "./share.server";

/** The deck the page shows: public, or on sale (listed and not hidden); anything else is not found (a 404 thrown). */
export async function shownDeck(db: Database, deckId: string, viewerId: string | null) {
  const [deck, listing] = await Promise.all([getViewableDeck(db, deckId, viewerId), getListing(db, deckId)]);
  if (!deck || !(deck.isPublic || isOnSale(listing))) throw new Response("Deck not found", { status: 404 });
  return { deck, listing };
}

/** Everything the page shows, read at once in one wait; a deck the viewer may not see is refused before anything of it is used. */
export async function marketplaceDeckPage(db: Database, deckId: string, viewerId: string | null, reviewPages: number) {
  const [{ deck, listing }, relation, { reviews, total }, own, creator, bundles] = await Promise.all([
    shownDeck(db, deckId, viewerId),
    deckRelation(db, deckId, viewerId),
    listReviews(db, deckId, reviewPages),
    viewerId ? ownReview(db, deckId, viewerId) : null,
    creatorProfile(db, deckId),
    bundlesOnSale(db, { deckId }),
  ]);
  const open = relation ? "all" : publicCards(deck, listing);
  const onSale = isOnSale(listing) && deck.status === "ready";
  const cards = deck.cards.map((card) => {
    const visible = open === "all" || open.has(card.cardKey);
    return { ...card, imageUrl: visible ? card.imageUrl : null, locked: !visible };
  });
  const face = cards.find((card) => !card.locked && card.imageUrl === deck.coverUrl) ?? cards.find((card) => !card.locked && card.imageUrl);
  return {
    deck: { ...deck, cards, coverUrl: face?.imageUrl ?? null, coverName: face?.name ?? null },
    relation,
    sale: onSale && listing ? { priceCents: listing.priceCents, licence: listing.licence, tags: listing.tags, description: listing.description } : null,
    // What a shared link shows is the same for everyone, whoever opened the page.
    share: sharePicture(deck, listing) ? `/marketplace/${deck.id}/share.png` : null,
    rating: ratingSummary(listing),
    reviews: {
      items: reviews.map(({ reviewerId, ...review }) => ({ ...review, mine: reviewerId === viewerId })),
      total,
      pages: reviewPages,
      perPage: REVIEWS_PER_PAGE,
    },
    own: own ? { rating: own.rating, body: own.body } : null,
    canReview: mayReview(relation),
    creator,
    bundles,
  };
}
