/**
 * A refund asked for by a person at Arcanum (staff), made exactly once however many times it is
 * asked at once: a claim row in D1, keyed by the receipt and what was refunded of it so far, is
 * written before the provider is called, and only the request that wrote it goes on. A provider
 * refusal lets the claim go, so the refund can be asked for again (decision 0078).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { paymentReceipts, refundClaims } from "../../db/schema";
import { refundReceipt } from "./payments.server";
import { PaymentsError } from "./provider.server";

export type RefundOnceOutcome = { ok: true; amountCents: number; message: string } | { ok: false; status: number; message: string };

export const REFUND_UNDER_WAY_MESSAGE = "A refund of this payment is already under way or done.";

export async function refundReceiptOnce(context: AppLoadContext, receiptId: string, staffId: string, origin: string): Promise<RefundOnceOutcome> {
  const { db } = context;
  const [receipt] = await db
    .select({
      id: paymentReceipts.id,
      amountCents: paymentReceipts.amountCents,
      refundedCents: paymentReceipts.refundedCents,
      paymentIntentId: paymentReceipts.paymentIntentId,
    })
    .from(paymentReceipts)
    .where(eq(paymentReceipts.id, receiptId.slice(0, 255)));
  if (!receipt?.paymentIntentId) return { ok: false, status: 404, message: "No such payment." };
  if (receipt.refundedCents >= receipt.amountCents) return { ok: false, status: 409, message: "This payment has already been refunded." };
  const claimId = `${receipt.id}:${receipt.refundedCents}`;
  const claimed = await db
    .insert(refundClaims)
    .values({ id: claimId, receiptId: receipt.id, staffId })
    .onConflictDoNothing()
    .returning({ id: refundClaims.id });
  if (claimed.length === 0) return { ok: false, status: 409, message: REFUND_UNDER_WAY_MESSAGE };
  try {
    await refundReceipt(context, receipt.id, origin);
  } catch (error) {
    await db.delete(refundClaims).where(and(eq(refundClaims.id, claimId), eq(refundClaims.staffId, staffId)));
    if (error instanceof PaymentsError) return { ok: false, status: error.status >= 400 && error.status < 600 ? error.status : 502, message: error.message };
    throw error;
  }
  const [after] = await db.select({ refundedCents: paymentReceipts.refundedCents }).from(paymentReceipts).where(eq(paymentReceipts.id, receipt.id));
  const amountCents = (after?.refundedCents ?? receipt.refundedCents) - receipt.refundedCents;
  return { ok: true, amountCents, message: amountCents > 0 ? "Refunded." : "The refund was asked for; the payment provider confirms it shortly." };
}
