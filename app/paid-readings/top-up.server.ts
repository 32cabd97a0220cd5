import type { AppLoadContext } from "@remix-run/cloudflare";
import { getServerByName } from "partyserver";
import type { CurrentUser } from "../auth/user.server";
import { formatMoney } from "../lib/format";
import { openCheckout } from "../payments/checkout.server";
import { PaymentsError } from "../payments/provider.server";
import type { PurchaseHandler } from "../payments/registry.server";
import { liveReadingOf } from "./receipts.server";
import { TOP_UP_AMOUNTS_CENTS } from "./rules";
import { balanceOf, topUpRefundStatements, topUpStatements } from "./wallet.server";

/** Opens the checkout of a top-up of one of the fixed amounts; returns where to send the person. */
export async function startTopUp(context: AppLoadContext, user: CurrentUser, amountCents: number, origin: string, returnTo: string) {
  if (user.isGuest) throw new PaymentsError("Create an account to top up: your balance stays with you.", 401);
  if (!(TOP_UP_AMOUNTS_CENTS as readonly number[]).includes(amountCents)) throw new PaymentsError("Choose one of the amounts offered.");
  return openCheckout(
    context,
    user,
    {
      kind: "top-up",
      mode: "payment",
      amountCents,
      description: `Reading balance top-up — ${formatMoney(amountCents)}`,
      successPath: (checkoutId) => `${returnTo}${returnTo.includes("?") ? "&" : "?"}topped=${checkoutId}`,
      cancelPath: returnTo,
    },
    origin,
  );
}

/**
 * The client adds funds from their live reading: its room holds the clock (when the balance pays
 * only the running minute) and the same checkout as any top-up opens; the way back is the balance
 * page, which leads to the room. Only the reading's client may; anyone else is told it is not found.
 */
export async function startReadingTopUp(context: AppLoadContext, user: CurrentUser, readingId: string, amountCents: number, origin: string) {
  if (user.isGuest) throw new PaymentsError("Create an account to top up: your balance stays with you.", 401);
  if (!(TOP_UP_AMOUNTS_CENTS as readonly number[]).includes(amountCents)) throw new PaymentsError("Choose one of the amounts offered.");
  const hold = async () => (await getServerByName(context.cloudflare.env.ReadingRoom, readingId)).holdForFunds(user.id);
  // The hold and the checkout are asked for together; a checkout opened for a reading that is not
  // the person's own, or not open any more, is their own and is never shown to them.
  const [answer, checkout] = await Promise.all([hold(), startTopUp(context, user, amountCents, origin, `/balance?reading=${encodeURIComponent(readingId)}`)]);
  // Someone else's reading and one that has ended look the same: nothing to add funds to.
  if (answer === "closed") throw new PaymentsError("This reading is not open any more: top up from your balance for the next one.", 404);
  return checkout;
}

/** A top-up reached the balance: the client's live reading takes the new balance (a hold ends). */
export async function afterTopUp(context: AppLoadContext, topUp: { userId: string }) {
  const readingId = await liveReadingOf(context.db, topUp.userId);
  if (!readingId) return;
  const room = await getServerByName(context.cloudflare.env.ReadingRoom, readingId);
  await room.fundsArrived();
}

/**
 * What a payment for a reading balance top-up changes (the payments module's handler for the
 * `top-up` kind, docs/decisions/0074): the amount the checkout recorded reaches the balance once,
 * then `afterTopUp`; a refund takes back from the balance, read against the receipt's total before
 * it; a refund gives back at most the balance left, as minutes already paid from it stay paid. Its
 * receipt e-mail (docs/decisions/0100) adds the balance it left.
 */
export const topUpPayments: PurchaseHandler = {
  async completed(db, checkout, { now }) {
    const statements = topUpStatements(db, checkout, now);
    if (statements.length === 0) return { statements };
    const topUp = { userId: checkout.userId };
    return { statements, followUp: (context) => afterTopUp(context, topUp) };
  },
  async refunded(db, { receipt, refundedCents }, now) {
    return {
      beforeReceipt: topUpRefundStatements(
        db,
        { userId: receipt.userId, receiptId: receipt.id, checkoutId: receipt.checkoutId, refundedTotalCents: refundedCents },
        now,
      ),
    };
  },
  async refundable(db, receipt, leftCents) {
    const unspent = Math.min(leftCents, await balanceOf(db, receipt.userId));
    if (unspent <= 0) throw new PaymentsError("Nothing of this top-up is left to refund: the balance was spent on readings.", 409);
    return unspent;
  },
  async receiptDetails(db, { userId, event }) {
    const [balanceCents, readingId] = await Promise.all([balanceOf(db, userId), event === "payment" ? liveReadingOf(db, userId) : null]);
    return {
      paragraphs:
        event === "payment"
          ? [
              "It is in your reading balance, never expires, and pays for readings with human readers, by the started minute.",
              ...(readingId ? ["Your reading goes on with the new balance."] : []),
            ]
          : [],
      rows: [{ label: "Balance now", value: formatMoney(balanceCents) }],
    };
  },
};
