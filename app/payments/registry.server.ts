/**
 * What a domain gives the payments module so a payment can change it, and nothing more: the payments
 * module verifies, records and dispatches provider events; each domain says in its own module what
 * a completed checkout, a refund or a provider's state change means for it. The one list of those
 * handlers is `handlers.server.ts` (docs/decisions/0074).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BatchItem } from "drizzle-orm/batch";
import type Stripe from "stripe";
import type { checkoutKinds, checkoutSessions } from "../../db/schema";
import type { Database } from "../db.server";
import type { NoticeRow } from "../mail/notices.server";
import type { ProviderSubscription } from "./provider.server";

/** One statement of an event's D1 batch. */
export type Statement = BatchItem<"sqlite">;

/** What the checkout can sell; every kind has exactly one handler. */
export type PurchaseKind = (typeof checkoutKinds)[number];

/** The checkout as this app recorded it when it was opened: what was bought, never the event's label. */
export type CheckoutRecord = typeof checkoutSessions.$inferSelect;

/** Work done after the event's batch is written, with the request's context. */
export type FollowUp = (context: AppLoadContext, after: { origin: string; refundedInFull: boolean }) => Promise<void> | void;

/** A receipt a refund is applied to, with what the provider says came back of its payment. */
export type RefundedPayment = {
  receipt: { id: string; userId: string; kind: PurchaseKind; checkoutId: string | null };
  amountCents: number;
  /** The total refunded so far, this refund included. */
  refundedCents: number;
  inFull: boolean;
};

export type PurchaseHandler = {
  /**
   * A completed, paid checkout of this kind (not refunded in full before it arrived, when
   * `refundedInFull` is false): statements for the event's batch, and work to do once it is written.
   */
  completed?: (
    db: Database,
    checkout: CheckoutRecord,
    payment: { refundedInFull: boolean; now: number },
  ) => Promise<{ statements: readonly Statement[]; followUp?: FollowUp }>;
  /**
   * A refund of a payment of this kind: statements before the receipt records it (they read the
   * receipt's earlier total) and after (they see it refunded).
   */
  refunded?: (db: Database, refund: RefundedPayment, now: number) => Promise<{ beforeReceipt?: readonly Statement[]; afterReceipt?: readonly Statement[] }>;
  /** How much of `leftCents` a refund may still give back (e.g. a balance partly spent), or a refusal thrown as a PaymentsError. */
  refundable?: (db: Database, receipt: { userId: string }, leftCents: number) => Promise<number>;
  /** A payment that turned out to buy nothing is refunded in full, once per checkout, under this key. */
  unused?: { boughtNothing: (db: Database, checkoutId: string) => Promise<boolean>; refundKey: (checkoutId: string) => string };
  /** What this kind adds to the buyer's receipt e-mail of a payment or a refund, read as it is written (a balance it reached). */
  receiptDetails?: (db: Database, receipt: { userId: string; checkoutId: string | null; event: "payment" | "refund" }) => Promise<ReceiptDetails>;
};

/** Lines a receipt e-mail adds to what every receipt says: paragraphs after the first, rows after the figures. */
export type ReceiptDetails = { paragraphs?: string[]; rows?: NoticeRow[] };

/**
 * A change to a subscription as the subscriber is told of it (a move up or down, a cancellation, a
 * resumption, the end): what the plan is now and what it costs from when, in the plans module's words.
 */
export type SubscriptionChange = {
  userId: string;
  /** The e-mail's subject and heading: "Your plan is now Creator, monthly". */
  headline: string;
  /** The plan it is about: "Creator, monthly". */
  plan: string;
  paragraphs: string[];
  /** What is charged from when: "Price", "From". */
  rows: NoticeRow[];
};

export type SubscriptionHandler = {
  /**
   * The statements that make this app follow the provider's current state of a subscription, and
   * the change the subscriber is to hear of, when the state stored before differs in plan, a waiting
   * change, cancellation or end.
   */
  statements: (db: Database, subscription: ProviderSubscription, now: number) => Promise<{ statements: readonly Statement[]; change?: SubscriptionChange }>;
  /** What a subscription invoice paid for, as its receipt says it. */
  describeInvoice: (invoice: Stripe.Invoice, subscription: ProviderSubscription) => string;
};

export type PaymentHandlers = {
  /** One handler for every kind the checkout can create. */
  purchases: Record<PurchaseKind, PurchaseHandler>;
  subscriptions: SubscriptionHandler;
  /** `account.updated`: a payout account at the provider changed. */
  payoutAccount: (db: Database, event: Stripe.Event, now: number) => Promise<{ userId: string | null; statements: readonly Statement[] }>;
  /** The person's open tabs hear that their account changed (plan, credits, balance). */
  accountChanged: (context: AppLoadContext, userId: string) => Promise<void>;
};

/** `held`: a refund of a payment not seen yet, kept until the payment arrives. */
export type EventOutcome = "applied" | "duplicate" | "ignored" | "held";

/**
 * A receipt e-mail the buyer is owed for what an event wrote: a payment's receipt, a refund of one
 * (`refundCents` of it, this refund alone), or a change to their subscription.
 */
export type ReceiptMail =
  | { kind: "payment"; receiptId: string }
  | { kind: "refund"; receiptId: string; refundCents: number }
  | { kind: "subscription-change"; change: SubscriptionChange };

/**
 * What an event did, whose account it changed (their open tabs are told), what is left to do, and
 * the receipts its batch owes (only the delivery that wrote the batch has any).
 */
export type EventResult = {
  outcome: EventOutcome;
  userId: string | null;
  followUps?: FollowUp[];
  refundedInFull?: boolean;
  receipts?: ReceiptMail[];
};

/** A checkout of a kind no handler knows: refused, never silently applied. */
export class UnknownPurchaseKindError extends Error {
  constructor(
    readonly kind: string,
    readonly checkoutId: string,
  ) {
    super(`No payment handler for the purchase kind “${kind}” (checkout ${checkoutId})`);
  }
}

/** The handler of a purchase kind; an unknown kind is an error that names it. */
export function purchaseHandlerOf(handlers: PaymentHandlers, kind: string, checkoutId: string): PurchaseHandler {
  const handler = Object.hasOwn(handlers.purchases, kind) ? handlers.purchases[kind as PurchaseKind] : undefined;
  if (!handler) throw new UnknownPurchaseKindError(kind, checkoutId);
  return handler;
}
