import type { Notice } from "../mail/notices.server";

/** The e-mail a creator gets when someone buys one of their decks. */
export function saleNotice({ to, title, price, origin }: { to: string; title: string; price: string; origin: string }): Notice {
  return {
    to,
    subject: `You made a sale: “${title}”`,
    heading: "You made a sale",
    paragraphs: [
      `Someone bought your deck “${title}” for ${price}.`,
      "Your share, after the marketplace fee, is on your sales page.",
      // One setting per kind, for push and e-mail alike (decision 0064).
      `To stop sales notices, turn off “Sales of my decks” under Notifications on your profile: ${origin}/profile#notifications`,
    ],
    rows: [
      { label: "Deck", value: title },
      { label: "Price", value: price },
    ],
    action: { label: "See your sales", url: `${origin}/sales` },
  };
}
