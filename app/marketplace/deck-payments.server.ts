/**
 * What a payment for a marketplace deck changes (the payments module's handler for the `deck` kind,
 * docs/decisions/0074): the purchase and the seller's sale at their plan's fee, once, and none when
 * the payment was refunded before it arrived; the seller hears of a sale; a full refund ends the
 * buyer's access and takes the sale back; a payment that bought nothing (the deck held already, the
 * listing gone, or the last use of its offer code claimed by another payment) is given back.
 */
import { pushTargetOf, notify } from "../push/notify.server";
import { saleNews } from "./news.server";
import type { PurchaseHandler } from "../payments/registry.server";
import { boughtNothing, deckCheckoutStatements, deckRefundStatements } from "./purchase.server";

export const deckPayments: PurchaseHandler = {
  async completed(db, checkout, { refundedInFull, now }) {
    if (refundedInFull) return { statements: [] };
    const grossCents = checkout.amountCents ?? 0;
    const statements = await deckCheckoutStatements(
      db,
      {
        id: checkout.id,
        userId: checkout.userId,
        deckId: checkout.deckId,
        amountCents: grossCents,
        currency: checkout.currency,
        offerCodeId: checkout.offerCodeId,
      },
      now,
    );
    const { deckId, currency } = checkout;
    if (!deckId || statements.length === 0 || grossCents <= 0) return { statements };
    return {
      statements,
      followUp: async (context, { origin }) => {
        // A payment whose code's last use went to another payment sold nothing: the creator hears of no sale.
        if (checkout.offerCodeId && (await boughtNothing(context.db, checkout.id))) return;
        notify(pushTargetOf(context), saleNews({ deckId, grossCents, currency, origin }));
      },
    };
  },
  async refunded(db, { receipt, inFull }, now) {
    return { afterReceipt: receipt.checkoutId && inFull ? await deckRefundStatements(db, receipt.checkoutId, now) : [] };
  },
  unused: { boughtNothing, refundKey: (checkoutId) => `unused-deck:${checkoutId}` },
};
