/**
 * What a payment event changes: the event id and all its effects are written in one D1 batch, so a
 * repeated or concurrent delivery changes nothing, and a subscription is always taken from the
 * provider's current state, so events may arrive in any order. What an effect means for a domain is
 * that domain's handler (`registry.server.ts`, listed in `handlers.server.ts`); this module only
 * dispatches, by the checkout's recorded kind:
 *
 * - `checkout.session.completed`: the checkout is complete; a one-off payment gets its receipt and
 *   its kind's effects (a refund reported before the payment is applied in the payment's own batch);
 * - `customer.subscription.*` and `invoice.*`: the subscriptions handler follows the provider's
 *   state; a paid invoice gets its receipt; a failed one leaves the subscription past due;
 * - `charge.refunded`: the receipt records the refund and its kind's handler takes back what it
 *   gave; a refund that comes before its payment is held and applied in the payment's own batch;
 * - a completed checkout that bought nothing (its handler says so) is refunded; a failed refund call
 *   fails the delivery, and the provider's redelivery of the same event tries the refund again;
 * - `account.updated`: the payout account handler follows the provider's state;
 * - every receipt the batch writes, every refund it records and every subscription change its
 *   handler reports is a receipt e-mail owed to the buyer, returned with the result of the one
 *   delivery that wrote the batch (`receipts.server.ts` sends them), so a repeated delivery owes none.
 */
import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { checkoutSessions, paymentCards, paymentEvents, paymentReceipts, pendingRefunds } from "../../db/schema";
import type { Database } from "../db.server";
import { invoicePaymentIntentId, invoiceSubscriptionId, type PaymentsProvider, type ProviderSubscription } from "./provider.server";
import {
  purchaseHandlerOf,
  type EventResult,
  type FollowUp,
  type PaymentHandlers,
  type PurchaseKind,
  type ReceiptMail,
  type Statement,
} from "./registry.server";

function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith("customer.subscription.")) return typeof object.id === "string" ? object.id : null;
  if (event.type === "checkout.session.completed") return typeof object.subscription === "string" ? object.subscription : null;
  if (event.type.startsWith("invoice.")) return invoiceSubscriptionId(object);
  return null;
}

/** What a completed checkout changes, the receipt it writes, and what its kind's handler leaves to do once it is written. */
type CheckoutEffects = { statements: Statement[]; paymentIntentId: string | null; receiptId?: string; followUp?: FollowUp };

/**
 * A completed checkout. What it bought is the checkout's own record (its kind, deck and amount),
 * never the event's label; a refund the provider reported before the payment is applied with it.
 */
async function checkoutStatements(
  handlers: PaymentHandlers,
  db: Database,
  provider: PaymentsProvider,
  event: Stripe.Event,
  now: number,
): Promise<CheckoutEffects> {
  const session = event.data.object as Stripe.Checkout.Session;
  const checkoutId = session.metadata?.checkoutId;
  const userId = session.metadata?.userId;
  const paymentIntentId = session.mode === "payment" ? idOf(session.payment_intent) : null;
  if (!checkoutId || !userId || session.payment_status === "unpaid") return { statements: [], paymentIntentId: null };
  const statements: Statement[] = [
    db
      .update(checkoutSessions)
      .set({ status: "complete", providerSessionId: session.id, completedAt: now })
      .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, "open"))),
  ];
  if (session.mode !== "payment") return { statements, paymentIntentId };
  const [[[checkout], held], card] = await Promise.all([
    db.batch([
      db
        .select()
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.userId, userId)))
        .limit(1),
      heldRefundQuery(db, paymentIntentId),
    ]),
    // The card that paid, so a reader's reputation can tell two accounts of one person (decision 0051); never a reason to fail the payment.
    paymentIntentId ? provider.cardFingerprint(paymentIntentId).catch(() => null) : null,
  ]);
  if (!checkout) return { statements, paymentIntentId };
  // A kind no handler knows is refused before anything is written: a later delivery can still apply it.
  const handler = purchaseHandlerOf(handlers, checkout.kind, checkoutId);
  if (card) statements.push(db.insert(paymentCards).values({ userId, fingerprint: card, seenAt: now }).onConflictDoNothing());
  const refund = held[0];
  const refundedInFull = refund !== undefined && refund.refundedCents >= refund.amountCents;
  // A one-off payment's receipt, from the checkout's own record; refunds find it by its payment.
  statements.push(
    db
      .insert(paymentReceipts)
      .values({
        id: session.id,
        userId,
        kind: checkout.kind,
        description: checkout.description,
        amountCents: session.amount_total ?? 0,
        currency: checkout.currency,
        paymentIntentId,
        checkoutId,
        paidAt: now,
      })
      .onConflictDoNothing(),
  );
  // What the purchase's own domain makes of it, in the same batch.
  const effects = handler.completed ? await handler.completed(db, checkout, { refundedInFull, now }) : { statements: [] };
  statements.push(...effects.statements);
  if (refund) statements.push(...(await refundEffects(handlers, db, { id: session.id, userId, kind: checkout.kind, checkoutId }, refund, now)));
  return { statements, paymentIntentId, receiptId: session.id, followUp: effects.followUp };
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** A paid subscription invoice's receipt, once per invoice, with what a refund reported before it took back. */
function invoiceReceiptStatements(
  handlers: PaymentHandlers,
  db: Database,
  invoice: Stripe.Invoice,
  subscription: ProviderSubscription,
  now: number,
): { statements: Statement[]; paymentIntentId: string | null; receiptId?: string } {
  const userId = subscription.metadata?.userId;
  if (!userId || !invoice.id || !(invoice.amount_paid > 0)) return { statements: [], paymentIntentId: null };
  const paidAt = invoice.status_transitions?.paid_at;
  const paymentIntentId = invoicePaymentIntentId(invoice as unknown as Record<string, unknown>);
  const held = sql`(SELECT ${pendingRefunds.refundedCents} FROM ${pendingRefunds} WHERE ${pendingRefunds.paymentIntentId} = ${paymentIntentId})`;
  return {
    paymentIntentId,
    receiptId: invoice.id,
    statements: [
      db
        .insert(paymentReceipts)
        .values({
          id: invoice.id,
          userId,
          kind: "subscription",
          description: handlers.subscriptions.describeInvoice(invoice, subscription),
          amountCents: invoice.amount_paid,
          currency: invoice.currency,
          paymentIntentId,
          receiptUrl: invoice.hosted_invoice_url ?? null,
          paidAt: paidAt ? paidAt * 1000 : now,
        })
        .onConflictDoNothing(),
      // A subscription's refund changes only its receipt, so one reported earlier is recorded here.
      db
        .update(paymentReceipts)
        .set({ refundedCents: sql`MAX(${paymentReceipts.refundedCents}, ${held})`, refundedAt: now })
        .where(and(eq(paymentReceipts.id, invoice.id), sql`${held} IS NOT NULL`)),
    ],
  };
}

/** What a payment's refunds add up to, as the provider reports them: of `amountCents`, `refundedCents` came back. */
type RefundTotal = { amountCents: number; refundedCents: number };
type RefundedReceipt = { id: string; userId: string; kind: PurchaseKind; checkoutId: string | null };

/** The refund the provider reported for a payment before its receipt was written, if any. */
const heldRefundQuery = (db: Database, paymentIntentId: string | null) =>
  db
    .select()
    .from(pendingRefunds)
    .where(eq(pendingRefunds.paymentIntentId, paymentIntentId ?? ""))
    .limit(1);

/**
 * A refund's effects on a receipt: the receipt records how much of the payment came back, and the
 * kind's handler takes back what the payment gave (before the receipt's update, what reads its
 * earlier total; after it, what must see it refunded). Each once per total.
 */
async function refundEffects(handlers: PaymentHandlers, db: Database, receipt: RefundedReceipt, refund: RefundTotal, now: number): Promise<Statement[]> {
  const handler = purchaseHandlerOf(handlers, receipt.kind, receipt.checkoutId ?? receipt.id);
  const inFull = refund.refundedCents >= refund.amountCents;
  const effects = handler.refunded
    ? await handler.refunded(db, { receipt, amountCents: refund.amountCents, refundedCents: refund.refundedCents, inFull }, now)
    : {};
  return [
    ...(effects.beforeReceipt ?? []),
    db
      .update(paymentReceipts)
      .set({ refundedCents: sql`MAX(${paymentReceipts.refundedCents}, ${refund.refundedCents})`, refundedAt: now })
      .where(eq(paymentReceipts.id, receipt.id)),
    ...(effects.afterReceipt ?? []),
  ];
}

/**
 * A `charge.refunded`: applied to the payment's receipt; a refund of a payment not seen yet (the
 * provider does not promise order) is held by its payment's id, the highest total kept, until the
 * payment's own event writes the receipt. A refund of a payment this app never takes stays held
 * and changes nothing.
 */
async function refundStatements(
  handlers: PaymentHandlers,
  db: Database,
  charge: Stripe.Charge,
  now: number,
): Promise<{ userId: string | null; statements: Statement[]; held: boolean; mail?: ReceiptMail }> {
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId) return { userId: null, statements: [], held: false };
  const receipt = await db.query.paymentReceipts.findFirst({ where: eq(paymentReceipts.paymentIntentId, paymentIntentId) });
  const total = { amountCents: charge.amount, refundedCents: charge.amount_refunded };
  if (receipt) {
    // The buyer hears of what this refund gave back; a total the receipt already records (or exceeds) gave back nothing new.
    const refundCents = total.refundedCents - receipt.refundedCents;
    const mail: ReceiptMail | undefined = refundCents > 0 ? { kind: "refund", receiptId: receipt.id, refundCents } : undefined;
    return { userId: receipt.userId, statements: await refundEffects(handlers, db, receipt, total, now), held: false, mail };
  }
  const hold = db
    .insert(pendingRefunds)
    .values({ paymentIntentId, ...total, receivedAt: now })
    .onConflictDoUpdate({
      target: pendingRefunds.paymentIntentId,
      set: { amountCents: total.amountCents, refundedCents: sql`MAX(${pendingRefunds.refundedCents}, ${total.refundedCents})`, receivedAt: now },
    });
  return { userId: null, statements: [hold], held: true };
}

/**
 * A payment's receipt beside the refund held for it: read at the end of a batch that wrote either.
 * Columns the two tables share are named apart, as a batch's rows are keyed by column name.
 */
const receiptAndHeldRefund = (db: Database, paymentIntentId: string) =>
  db
    .select({
      id: paymentReceipts.id,
      userId: paymentReceipts.userId,
      kind: paymentReceipts.kind,
      checkoutId: paymentReceipts.checkoutId,
      receiptRefundedCents: sql<number>`${paymentReceipts.refundedCents}`.as("receipt_refunded_cents"),
      amountCents: sql<number>`${pendingRefunds.amountCents}`.as("held_amount_cents"),
      refundedCents: sql<number>`${pendingRefunds.refundedCents}`.as("held_refunded_cents"),
    })
    .from(paymentReceipts)
    .innerJoin(pendingRefunds, eq(pendingRefunds.paymentIntentId, paymentReceipts.paymentIntentId))
    .where(eq(paymentReceipts.paymentIntentId, paymentIntentId))
    .limit(1);

type ReceiptAndHeldRefund = Awaited<ReturnType<typeof receiptAndHeldRefund>>[number];

/**
 * A held refund whose payment's receipt was written by another delivery at the same moment (each
 * batch read before the other wrote): the later batch finds both, and the refund is applied now.
 */
async function settleHeldRefund(handlers: PaymentHandlers, db: Database, found: ReceiptAndHeldRefund | undefined, now: number) {
  if (!found || found.refundedCents <= found.receiptRefundedCents) return false;
  const [first, ...rest] = await refundEffects(handlers, db, found, found, now);
  await db.batch([first!, ...rest]);
  return true;
}

const alreadyApplied = async (db: Database, id: string) =>
  Boolean(await db.query.paymentEvents.findFirst({ columns: { id: true }, where: eq(paymentEvents.id, id) }));

/** Applies a verified event once, each effect by the handler of the domain it belongs to. */
export async function dispatchPaymentEvent(
  handlers: PaymentHandlers,
  db: Database,
  provider: PaymentsProvider,
  event: Stripe.Event,
  now = Date.now(),
): Promise<EventResult> {
  if (await alreadyApplied(db, event.id)) {
    // A redelivery: the effects are written (its receipts were owed to the delivery that wrote them), but the refund of a payment that bought nothing may have failed.
    const refunded =
      event.type === "checkout.session.completed" ? await refundUnusedPayment(handlers, db, provider, event.data.object as Stripe.Checkout.Session, now) : [];
    return refunded.length > 0 ? { outcome: "duplicate", userId: null, receipts: refunded } : { outcome: "duplicate", userId: null };
  }
  const effects: Statement[] = [];
  // Every receipt e-mail this event's batch owes the buyer: a payment written, a refund recorded, a subscription changed.
  const receipts: ReceiptMail[] = [];
  let userId: string | null = null;
  let followUp: FollowUp | undefined;
  let held = false;
  // The payment whose receipt and held refund are read back at the end of the batch.
  let payment: string | null = null;
  if (event.type === "checkout.session.completed") {
    const checkout = await checkoutStatements(handlers, db, provider, event, now);
    effects.push(...checkout.statements);
    payment = checkout.paymentIntentId;
    followUp = checkout.followUp;
    if (checkout.receiptId) receipts.push({ kind: "payment", receiptId: checkout.receiptId });
    userId = (event.data.object as Stripe.Checkout.Session).metadata?.userId ?? null;
  }
  if (event.type === "charge.refunded") {
    const refund = await refundStatements(handlers, db, event.data.object as Stripe.Charge, now);
    effects.push(...refund.statements);
    userId = refund.userId;
    held = refund.held;
    if (refund.mail) receipts.push(refund.mail);
    if (held) payment = idOf((event.data.object as Stripe.Charge).payment_intent);
  }
  if (event.type === "account.updated") {
    effects.push(...(await handlers.payoutAccount(db, event, now)).statements);
  }
  const subscriptionId = subscriptionIdOf(event);
  if (subscriptionId) {
    const current = await provider.retrieveSubscription(subscriptionId);
    if (current) {
      const { statements, change } = await handlers.subscriptions.statements(db, current, now);
      effects.push(...statements);
      if (change) receipts.push({ kind: "subscription-change", change });
      if (event.type === "invoice.paid" && statements.length > 0) {
        const receipt = invoiceReceiptStatements(handlers, db, event.data.object as Stripe.Invoice, current, now);
        effects.push(...receipt.statements);
        payment ??= receipt.paymentIntentId;
        if (receipt.receiptId) receipts.push({ kind: "payment", receiptId: receipt.receiptId });
      }
      userId ??= current.metadata?.userId ?? null;
    }
  }
  const record = db
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, receivedAt: now, outcome: held ? "held" : effects.length === 0 ? "ignored" : "applied" });
  let found: ReceiptAndHeldRefund | undefined;
  try {
    if (payment && effects.length > 0) {
      const results = await db.batch([record, ...effects, receiptAndHeldRefund(db, payment)]);
      found = (results.at(-1) as ReceiptAndHeldRefund[])[0];
    } else {
      await db.batch([record, ...effects]);
    }
  } catch (error) {
    // Another delivery of the same event won the race: its batch wrote everything, this one nothing.
    if (await alreadyApplied(db, event.id)) return { outcome: "duplicate", userId: null };
    throw error;
  }
  if (await settleHeldRefund(handlers, db, found, now)) {
    await db.update(paymentEvents).set({ outcome: "applied" }).where(eq(paymentEvents.id, event.id));
    held = false;
    userId ??= found!.userId;
  }
  // A payment refunded in full before it arrived: its follow-up hears so (an upgrade it paid for is not made).
  const refundedInFull = Boolean(found && found.refundedCents >= found.amountCents);
  if (event.type === "checkout.session.completed" && effects.length > 0)
    receipts.push(...(await refundUnusedPayment(handlers, db, provider, event.data.object as Stripe.Checkout.Session, now)));
  if (held) return { outcome: "held", userId: null };
  if (effects.length === 0) return { outcome: "ignored", userId: null };
  return {
    outcome: "applied",
    userId,
    ...(followUp ? { followUps: [followUp], refundedInFull } : {}),
    ...(receipts.length > 0 ? { receipts } : {}),
  };
}

/** The provider's refund call for a payment that bought nothing failed; the delivery is to be retried. */
export class UnusedDeckRefundError extends Error {
  constructor(
    readonly checkoutId: string,
    cause: unknown,
  ) {
    super(`The refund of the unused deck checkout ${checkoutId} failed`, { cause });
  }
}

/**
 * A payment that bought nothing (a deck paid for twice, or after its listing went) is refunded in
 * full once, by the provider, when its kind's handler says so; the refund comes back as
 * `charge.refunded` (applied here at once when the local provider returns it). Tried on every
 * delivery of the checkout's event until its receipt records the refund: the idempotency key makes
 * a repeated call the same refund, never a second one.
 */
async function refundUnusedPayment(
  handlers: PaymentHandlers,
  db: Database,
  provider: PaymentsProvider,
  session: Stripe.Checkout.Session,
  now: number,
): Promise<ReceiptMail[]> {
  const checkoutId = session.metadata?.checkoutId;
  const paymentIntentId = idOf(session.payment_intent);
  const kind = session.metadata?.kind;
  const unused = kind && Object.hasOwn(handlers.purchases, kind) ? handlers.purchases[kind as PurchaseKind].unused : undefined;
  if (!unused || session.payment_status === "unpaid" || !checkoutId || !paymentIntentId) return [];
  const [nothing, receipt] = await Promise.all([
    unused.boughtNothing(db, checkoutId),
    db.query.paymentReceipts.findFirst({
      columns: { kind: true, checkoutId: true, amountCents: true, refundedCents: true },
      where: eq(paymentReceipts.paymentIntentId, paymentIntentId),
    }),
  ]);
  // Only a payment recorded as this checkout's, of the same kind, is given back, whatever the event's label says.
  if (!nothing || !receipt || receipt.kind !== kind || receipt.checkoutId !== checkoutId) return [];
  if (receipt.refundedCents >= receipt.amountCents) return [];
  let events: Stripe.Event[];
  try {
    events = await provider.refund({ paymentIntentId, idempotencyKey: unused.refundKey(checkoutId) });
  } catch (error) {
    throw new UnusedDeckRefundError(checkoutId, error);
  }
  // The refund's own events, applied here when the provider returns them (the local one): their receipts go with this delivery's.
  const receipts: ReceiptMail[] = [];
  for (const refunded of events) receipts.push(...((await dispatchPaymentEvent(handlers, db, provider, refunded, now)).receipts ?? []));
  return receipts;
}
