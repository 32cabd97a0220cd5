// Who hears of a saved listing (decision 0113): a deck that went into the marketplace is news for
// its creator's followers, a lower price for those who wished for the deck. Sent after the answer.
import { notify, type PushTarget } from "../push/notify.server";
import { newDeckNews } from "./news.server";
import type { ListingNews } from "./listing.server";
import { tellWishers } from "./wishlist.server";

export function tellOfListing(target: PushTarget, creatorId: string, deckId: string, news: ListingNews | undefined, origin: string) {
  if (!news) return;
  if (news.live) notify(target, newDeckNews({ deckId, creatorId, origin }));
  if (news.priceDrop) tellWishers(target, [deckId], { reason: "price-drop", ...news.priceDrop }, origin);
}
