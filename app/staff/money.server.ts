/**
 * Money, as staff see it: checkouts and how they ended, the payment events received and what each
 * did, the deliveries that failed, receipts and
 * their refunds, and payouts that failed. A refund goes through the payments module's claim
 * (exactly once); a failed payout is sent again as a new payout of the creator's balance.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { checkoutSessions, paymentEvents, paymentReceipts, payouts, users } from "../../db/schema";
import type { Database } from "../db.server";
import { requestPayout } from "../marketplace/earnings.server";
import { recentDeliveryFailures } from "../payments/delivery-failures.server";
import { refundReceiptOnce } from "../payments/refund-once.server";
import { auditStatement, recordStaffAction } from "./audit.server";
import type { StaffOutcome } from "./people.server";
import { staffReason } from "./reason";

/** The payments page: the newest of each, read in one round trip. */
export async function moneyOverview(db: Database) {
  const [checkouts, events, receipts, failedPayouts, failedDeliveries] = await db.batch([
    db
      .select({
        id: checkoutSessions.id,
        kind: checkoutSessions.kind,
        description: checkoutSessions.description,
        amountCents: checkoutSessions.amountCents,
        currency: checkoutSessions.currency,
        status: checkoutSessions.status,
        createdAt: checkoutSessions.createdAt,
        completedAt: checkoutSessions.completedAt,
        userId: checkoutSessions.userId,
        email: users.email,
      })
      .from(checkoutSessions)
      .leftJoin(users, eq(users.id, checkoutSessions.userId))
      .orderBy(desc(checkoutSessions.createdAt))
      .limit(50),
    db.select().from(paymentEvents).orderBy(desc(paymentEvents.receivedAt)).limit(50),
    db
      .select({
        id: paymentReceipts.id,
        kind: paymentReceipts.kind,
        description: paymentReceipts.description,
        amountCents: paymentReceipts.amountCents,
        refundedCents: paymentReceipts.refundedCents,
        currency: paymentReceipts.currency,
        paidAt: paymentReceipts.paidAt,
        refundedAt: paymentReceipts.refundedAt,
        receiptUrl: paymentReceipts.receiptUrl,
        userId: paymentReceipts.userId,
        email: users.email,
      })
      .from(paymentReceipts)
      .leftJoin(users, eq(users.id, paymentReceipts.userId))
      .orderBy(desc(paymentReceipts.paidAt))
      .limit(50),
    db
      .select({
        id: payouts.id,
        sellerId: payouts.sellerId,
        amountCents: payouts.amountCents,
        currency: payouts.currency,
        createdAt: payouts.createdAt,
        email: users.email,
        username: users.username,
      })
      .from(payouts)
      .leftJoin(users, eq(users.id, payouts.sellerId))
      .where(eq(payouts.status, "failed"))
      .orderBy(desc(payouts.createdAt))
      .limit(50),
    recentDeliveryFailures(db),
  ]);
  return { checkouts, events, receipts, failedPayouts, failedDeliveries };
}

const refundForm = lazySchema(() => z.object({ receiptId: z.string().trim().min(1, "Choose a payment.").max(255), reason: staffReason }));
const retryForm = lazySchema(() => z.object({ payoutId: z.string().trim().min(1, "Choose a payout.").max(64), reason: staffReason }));

function invalid(error: z.ZodError): StaffOutcome {
  const issue = error.issues[0];
  return { ok: false, status: 400, message: issue?.message ?? "Check the form.", field: String(issue?.path[0] ?? "form") };
}

/** Refunds what is left of a payment, once, and records who asked and why. */
export async function refundPayment(context: AppLoadContext, staffId: string, form: FormData, origin: string): Promise<StaffOutcome & { receiptId?: string }> {
  const parsed = refundForm.safeParse({ receiptId: form.get("receiptId") ?? undefined, reason: form.get("reason") ?? undefined });
  if (!parsed.success) return invalid(parsed.error);
  const { receiptId, reason } = parsed.data;
  const done = await refundReceiptOnce(context, receiptId, staffId, origin);
  if (!done.ok) return { ...done, receiptId };
  await recordStaffAction(context.db, { staffId, action: "refund", target: `receipt:${receiptId}`, reason, outcome: `Refunded ${done.amountCents} cents` });
  return { ok: true, message: done.message, receiptId };
}

/** Sends a failed payout's creator their balance again, as a new payout. */
export async function retryFailedPayout(context: AppLoadContext, staffId: string, form: FormData): Promise<StaffOutcome> {
  const parsed = retryForm.safeParse({ payoutId: form.get("payoutId") ?? undefined, reason: form.get("reason") ?? undefined });
  if (!parsed.success) return invalid(parsed.error);
  const { db } = context;
  const [payout] = await db.select({ sellerId: payouts.sellerId, status: payouts.status }).from(payouts).where(eq(payouts.id, parsed.data.payoutId));
  if (!payout) return { ok: false, status: 404, message: "No such payout." };
  if (payout.status !== "failed") return { ok: false, status: 409, message: "Only a failed payout can be sent again." };
  const outcome = await requestPayout(context, { id: payout.sellerId, isGuest: false });
  const message = outcome.kind === "refused" ? outcome.message : outcome.kind === "paid" ? "Sent again: the creator's balance is paid out." : outcome.message;
  await db.batch([
    auditStatement(db, {
      staffId,
      action: "retry-payout",
      target: `payout:${parsed.data.payoutId}`,
      reason: parsed.data.reason,
      outcome: `${outcome.kind}: ${message}`,
    }),
  ]);
  return outcome.kind === "refused" ? { ok: false, status: outcome.status, message } : { ok: true, message };
}
