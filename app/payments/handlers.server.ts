/**
 * The one place that names every domain a payment changes: each purchase kind the checkout can sell
 * has its handler here, from that domain's own module (docs/decisions/0074). A new kind is added to
 * `checkoutKinds` in the schema and here; the type below refuses to build until it has a handler.
 */
import { tellAccountChanged } from "../auth/account-channel.server";
import { explorerPlusPayments } from "../decks/explorer-plus.server";
import { bundlePayments } from "../marketplace/bundles.server";
import { deckPayments } from "../marketplace/deck-payments.server";
import { giftPayments } from "../marketplace/gifts.server";
import { payoutAccountEventStatements } from "../marketplace/payout-accounts.server";
import { topUpPayments } from "../paid-readings/top-up.server";
import { subscriptionPayments, subscriptionPurchase } from "../subscription/subscription-payments.server";
import type { PaymentHandlers } from "./registry.server";

export const paymentHandlers: PaymentHandlers = {
  purchases: {
    subscription: subscriptionPurchase,
    "explorer-plus": explorerPlusPayments,
    deck: deckPayments,
    "top-up": topUpPayments,
    bundle: bundlePayments,
    gift: giftPayments,
  },
  subscriptions: subscriptionPayments,
  payoutAccount: payoutAccountEventStatements,
  accountChanged: (context, userId) => tellAccountChanged(context.cloudflare.env, userId, "plan"),
};
