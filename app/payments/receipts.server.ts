/**
 * The buyer's receipt e-mails, one sender for every payment event (docs/decisions/0100): the
 * dispatcher lists what an event's batch owes (a payment written, a refund recorded, a subscription
 * changed) and this module writes each as one notice: what was bought, the amount, and a link to the
 * receipt on the payments page. A purchase kind adds its own lines through its handler's
 * `receiptDetails`. No tax line: neither the checkout nor the provider's events record one here.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { paymentReceipts, users } from "../../db/schema";
import { formatMoney, longDate } from "../lib/format";
import { noticeTargetOf, sendNotice, type Notice, type NoticeRow, type NoticeTarget } from "../mail/notices.server";
import { log } from "../observe/log.server";
import { receiptPath } from "./receipt-link";
import type { PaymentHandlers, PurchaseKind, ReceiptDetails, ReceiptMail, SubscriptionChange } from "./registry.server";

/** Sends each receipt after the response; one that fails is logged and the payment stands. */
export function sendReceipts(context: AppLoadContext, handlers: PaymentHandlers, receipts: readonly ReceiptMail[], origin: string) {
  if (receipts.length === 0) return;
  const target = noticeTargetOf(context);
  for (const receipt of receipts) {
    target.waitUntil(
      sendReceipt(target, handlers, receipt, origin).catch((error: unknown) =>
        log.error("receipt not sent", { kind: receipt.kind, receiptId: receipt.kind === "subscription-change" ? null : receipt.receiptId, error }),
      ),
    );
  }
}

async function sendReceipt(target: NoticeTarget, handlers: PaymentHandlers, receipt: ReceiptMail, origin: string) {
  if (receipt.kind === "subscription-change") {
    const email = await emailOf(target, receipt.change.userId);
    if (email) sendNotice(target, changeNotice(email, receipt.change, origin));
    return;
  }
  const [row] = await target.db
    .select({
      id: paymentReceipts.id,
      userId: paymentReceipts.userId,
      kind: paymentReceipts.kind,
      checkoutId: paymentReceipts.checkoutId,
      description: paymentReceipts.description,
      amountCents: paymentReceipts.amountCents,
      refundedCents: paymentReceipts.refundedCents,
      currency: paymentReceipts.currency,
      paidAt: paymentReceipts.paidAt,
      email: users.email,
    })
    .from(paymentReceipts)
    .innerJoin(users, eq(users.id, paymentReceipts.userId))
    .where(eq(paymentReceipts.id, receipt.receiptId))
    .limit(1);
  if (!row?.email) return;
  const details = await detailsOf(target, handlers, row.kind, { userId: row.userId, checkoutId: row.checkoutId, event: receipt.kind });
  const money = (cents: number) => formatMoney(cents, row.currency);
  const figures: NoticeRow[] = [
    { label: "Item", value: row.description },
    { label: "Amount paid", value: money(row.amountCents) },
    { label: "Paid on", value: longDate(row.paidAt) },
  ];
  const action = { label: "See your receipt", url: `${origin}${receiptPath(row.id)}` };
  const reference = { label: "Receipt number", value: row.id };
  if (receipt.kind === "payment") {
    sendNotice(target, {
      to: row.email,
      subject: `Your receipt: ${row.description}`,
      heading: "Thank you for your payment",
      paragraphs: [`This is your receipt for ${row.description}.`, ...(details.paragraphs ?? [])],
      rows: [...figures, ...(row.refundedCents > 0 ? [{ label: "Refunded", value: money(row.refundedCents) }] : []), ...(details.rows ?? []), reference],
      action,
    });
    return;
  }
  sendNotice(target, {
    to: row.email,
    subject: `Your refund: ${row.description}`,
    heading: "Your refund",
    paragraphs: [
      `We refunded ${money(receipt.refundCents)} of your payment for ${row.description}. It goes back to the card you paid with.`,
      ...(details.paragraphs ?? []),
    ],
    rows: [
      ...figures,
      { label: "Refunded now", value: money(receipt.refundCents) },
      ...(row.refundedCents > receipt.refundCents ? [{ label: "Refunded in all", value: money(row.refundedCents) }] : []),
      ...(details.rows ?? []),
      reference,
    ],
    action,
  });
}

/** A change to a subscription: what the plan is now and what it costs from when; the link is the subscription page. */
function changeNotice(to: string, change: SubscriptionChange, origin: string): Notice {
  return {
    to,
    subject: change.headline,
    heading: change.headline,
    paragraphs: change.paragraphs,
    rows: [{ label: "Plan", value: change.plan }, ...change.rows],
    action: { label: "See your subscription", url: `${origin}/subscription` },
  };
}

async function detailsOf(
  target: NoticeTarget,
  handlers: PaymentHandlers,
  kind: PurchaseKind,
  receipt: { userId: string; checkoutId: string | null; event: "payment" | "refund" },
): Promise<ReceiptDetails> {
  const handler = Object.hasOwn(handlers.purchases, kind) ? handlers.purchases[kind] : undefined;
  return handler?.receiptDetails ? handler.receiptDetails(target.db, receipt) : {};
}

async function emailOf(target: NoticeTarget, userId: string) {
  const person = await target.db.query.users.findFirst({ columns: { email: true }, where: eq(users.id, userId) });
  return person?.email ?? null;
}
