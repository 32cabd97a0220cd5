// What followers and wishers are told (decision 0113), by push and by e-mail alike: the words live
// here, who is told and how often in news.server.ts.
import type { Notice } from "../mail/notices.server";
import { formatMoney, longDate } from "../lib/format";

/**
 * News of a deck on people's wishlists. Each kind is one variant here and its words below; it is
 * sent with `tellWishers` (wishlist.server.ts), which reaches everyone who wished for the deck.
 */
export type WishNews =
  | { reason: "price-drop"; fromCents: number; toCents: number }
  /** A code of the creator's now takes money off the deck: its name, what it takes off ("25% off"), and its last moment, if any. */
  | { reason: "offer-code"; code: string; off: string; until: number | null };

/** Titles as a sentence names them: “A”, “A” and “B”, “A”, “B” and “C”. */
function titlesInWords(titles: string[]): string {
  const quoted = titles.map((title) => `“${title}”`);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}` : (quoted[0] ?? "");
}

/** Wished decks' news in a few words (one deck, or the several one code takes money off): the notice's title and its line. */
export function wishNewsWords(news: WishNews, titles: string[]): { title: string; body: string } {
  const [title] = titles;
  switch (news.reason) {
    case "price-drop":
      return {
        title: "A deck on your wishlist costs less",
        body:
          news.toCents === 0
            ? `“${title}” is free now (it was ${formatMoney(news.fromCents)}).`
            : `“${title}” is ${formatMoney(news.toCents)} now (it was ${formatMoney(news.fromCents)}).`,
      };
    case "offer-code":
      return {
        title: titles.length > 1 ? "An offer code for decks on your wishlist" : "An offer code for a deck on your wishlist",
        body: `The code ${news.code} takes ${news.off} ${titlesInWords(titles)} at the checkout${news.until === null ? "" : `, until the end of ${longDate(news.until)} (UTC)`}.`,
      };
  }
}

const SETTINGS_LINE = (origin: string, setting: string) =>
  `To stop these e-mails, turn off “${setting}” under Notifications on your profile: ${origin}/profile#notifications`;

/** The e-mail a follower gets when a creator they follow lists a new deck. */
export function newDeckNotice({
  to,
  creator,
  title,
  price,
  origin,
  deckId,
}: {
  to: string;
  creator: string;
  title: string;
  price: string;
  origin: string;
  deckId: string;
}): Notice {
  return {
    to,
    subject: `New from ${creator}: “${title}”`,
    heading: `${creator} has a new deck`,
    paragraphs: [
      `“${title}” is in the marketplace now.`,
      "You hear of a creator's new decks at most once a day. You can unfollow on your Following page.",
      SETTINGS_LINE(origin, "New decks from creators I follow"),
    ],
    rows: [
      { label: "Deck", value: title },
      { label: "Price", value: price },
    ],
    action: { label: "See the deck", url: `${origin}/marketplace/${deckId}` },
  };
}

/** The e-mail someone gets with news of a deck on their wishlist (or of several, which one code takes money off). */
export function wishedDeckNotice({
  to,
  decks,
  news,
  origin,
}: {
  to: string;
  decks: { deckId: string; title: string }[];
  news: WishNews;
  origin: string;
}): Notice {
  const words = wishNewsWords(
    news,
    decks.map((deck) => deck.title),
  );
  const one = decks.length === 1 ? decks[0]!.deckId : null;
  return {
    to,
    subject: words.title,
    heading: words.title,
    paragraphs: [
      words.body,
      one ? "It stays on your wishlist until you remove it." : "They stay on your wishlist until you remove them.",
      SETTINGS_LINE(origin, "Price drops on my wishlist"),
    ],
    action: one ? { label: "See the deck", url: `${origin}/marketplace/${one}` } : { label: "See your wishlist", url: `${origin}/wishlist` },
  };
}
