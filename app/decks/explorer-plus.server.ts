/**
 * What a payment for Explorer Plus changes (the payments module's handler for the `explorer-plus`
 * kind, docs/decisions/0074): one complete-deck credit, once per checkout, and the deck's 56 Minor
 * Arcana started with it unless the payment was refunded in full first; a full refund takes the
 * credit back.
 */
import { explorerRefundStatements, planAllocationStatements } from "../credits/credits.server";
import type { PurchaseHandler } from "../payments/registry.server";
import { EXPLORER_PLUS } from "../plans/catalogue";
import { upgradeDeck } from "./create.server";

export const explorerPlusPayments: PurchaseHandler = {
  async completed(db, checkout, { refundedInFull, now }) {
    const statements = planAllocationStatements(db, checkout.userId, EXPLORER_PLUS.key, now, { referenceId: `checkout:${checkout.id}` });
    const { deckId, userId } = checkout;
    if (!deckId || refundedInFull) return { statements };
    return {
      statements,
      followUp: async (context, after) => {
        if (!after.refundedInFull) await upgradeDeck(context, { id: userId }, deckId);
      },
    };
  },
  async refunded(db, { receipt, inFull }, now) {
    return { afterReceipt: inFull ? explorerRefundStatements(db, receipt.userId, `refund:checkout:${receipt.checkoutId ?? receipt.id}`, now) : [] };
  },
};
