/**
 * A creator's earnings: their sales with the fee taken on each, their balance, their payout
 * account and the payouts made to it. The balance is the sum of the seller's ledger (sales, less
 * refunds, less payouts); a payout takes all of it in one conditional batch, so two requests at
 * once make one payout, and a transfer the provider refuses puts the amount back with a
 * compensating ledger line.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { and, desc, eq, gt, inArray, lt, sql, type SQLWrapper } from "drizzle-orm";
import { checkoutSessions, decks, payouts, sellerAccounts, sellerLedger, users } from "../../db/schema";
import { requireUser, returnPathOf } from "../auth/guard.server";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { sellerFeePercent } from "../entitlements/entitlements";
import { planStandingRead, standingFrom } from "../entitlements/entitlements.server";
import { newId } from "../lib/crypto";
import { formatMoney } from "../lib/format";
import { PLANS } from "../plans/catalogue";
import { LocalPayments } from "../payments/local.server";
import { createPayments, deliverLocalEvents } from "../payments/payments.server";
import { LocalPayouts } from "../payouts/local.server";
import { accountStateStatement } from "./payout-accounts.server";
import { createPayouts } from "../payouts/payouts.server";
import { PAYOUTS_UNAVAILABLE_MESSAGE, PayoutsError, type PayoutsProvider } from "../payouts/provider.server";
import { log } from "../observe/log.server";

type Statement = BatchItem<"sqlite">;

/** The smallest payout, in cents: below it the balance waits for more sales. */
export const MINIMUM_PAYOUT_CENTS = 1000;
export const PAYOUT_CURRENCY = "usd";

export const PAYOUT_MESSAGES = {
  notOnboarded: "Set up payouts first: tell us where to send your money.",
  belowMinimum: (balance: number) => `Payouts start at ${formatMoney(MINIMUM_PAYOUT_CENTS)}. Your balance is ${formatMoney(balance)}.`,
  changed: "Your balance changed or a payout was just made. Check the figures and try again.",
  guest: "Create an account to sell decks and receive payouts.",
} as const;

/** Sales are a member's: a visitor signs in, a guest is asked to create an account, then comes back here. */
export async function requireSeller(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await requireUser(request, context);
  if (user.isGuest) throw redirect(`/signup?redirectTo=${encodeURIComponent(returnPathOf(request))}`);
  return user;
}

export type SaleLine = {
  id: string;
  deckTitle: string;
  buyer: string | null;
  soldAt: number;
  grossCents: number;
  feePercent: number;
  feeCents: number;
  netCents: number;
  refunded: boolean;
  /** Sold as part of a bundle: the price is the deck's share of the bundle's. */
  inBundle: boolean;
};

export type PayoutLine = { id: string; amountCents: number; currency: string; status: "pending" | "paid" | "failed"; createdAt: number; paidAt: number | null };

/** The seller's balance: every line of their ledger. */
export async function balanceOf(db: Database, sellerId: string): Promise<number> {
  return balanceFrom(await balanceRead(db, sellerId));
}

const balanceRead = (db: Database, who: string | SQLWrapper) =>
  db
    .select({ cents: sql<number>`coalesce(sum(${sellerLedger.netCents}), 0)` })
    .from(sellerLedger)
    .where(eq(sellerLedger.sellerId, who));

const balanceFrom = ([row]: { cents: number }[]) => Number(row?.cents ?? 0);

/**
 * The sale's checkout, named by the sale line's reference (`sale:{checkoutId}`, or
 * `sale:{checkoutId}:{deckId}` for a deck of a bundle, see purchase.server); checkout ids are UUIDs.
 */
const saleCheckout = sql`substr(${sellerLedger.referenceId}, 6, 36)`;
/** The deck a sale line is for: the checkout's deck, or the one its reference names after a bundle's checkout. */
const saleDeck = sql`coalesce(${checkoutSessions.deckId}, nullif(substr(${sellerLedger.referenceId}, 43), ''))`;

/**
 * The reads of everything the creator's sales page shows, only the seller's own lines; `who` is a
 * user id, or `me` when the page reads them beside the session (app/lib/page-reads.server.ts).
 */
export function earningsReads(db: Database, who: string | SQLWrapper) {
  return [
    db
      .select({
        id: sellerLedger.id,
        deckTitle: decks.title,
        buyer: users.username,
        soldAt: sellerLedger.createdAt,
        grossCents: sellerLedger.grossCents,
        feeCents: sellerLedger.feeCents,
        netCents: sellerLedger.netCents,
        refunded: sql<number>`exists (select 1 from ${sellerLedger} as r where r.reference_id = 'refund:' || substr(${sellerLedger.referenceId}, 6))`,
        inBundle: sql<number>`${checkoutSessions.bundleId} is not null`,
      })
      .from(sellerLedger)
      .leftJoin(checkoutSessions, eq(checkoutSessions.id, saleCheckout))
      .leftJoin(decks, eq(decks.id, saleDeck))
      .leftJoin(users, eq(users.id, checkoutSessions.userId))
      .where(and(eq(sellerLedger.sellerId, who), eq(sellerLedger.kind, "sale")))
      .orderBy(desc(sellerLedger.createdAt))
      .limit(500),
    db
      .select({
        grossCents: sql<number>`coalesce(sum(${sellerLedger.grossCents}), 0)`,
        feeCents: sql<number>`coalesce(sum(${sellerLedger.feeCents}), 0)`,
        netCents: sql<number>`coalesce(sum(${sellerLedger.netCents}), 0)`,
      })
      .from(sellerLedger)
      .where(and(eq(sellerLedger.sellerId, who), inArray(sellerLedger.kind, ["sale", "refund"]))),
    balanceRead(db, who),
    db.select().from(payouts).where(eq(payouts.sellerId, who)).orderBy(desc(payouts.createdAt)).limit(100),
    db
      .select({ provider: sellerAccounts.provider, payoutsEnabled: sellerAccounts.payoutsEnabled })
      .from(sellerAccounts)
      .where(eq(sellerAccounts.userId, who))
      .limit(1),
    planStandingRead(db, who),
  ] as const;
}

/** The sales page's figures from the answers of `earningsReads`. */
export function earningsFrom([sales, [totals], balanceRows, payoutRows, [account], standingRows]: BatchResponse<ReturnType<typeof earningsReads>>) {
  const balanceCents = balanceFrom(balanceRows);
  const standing = standingFrom(standingRows);
  const feePercent = sellerFeePercent(standing.tier);
  return {
    sales: sales.map((sale): SaleLine => ({
      ...sale,
      deckTitle: sale.deckTitle ?? "A deck no longer in the shop",
      feePercent: sale.grossCents > 0 ? Math.round((sale.feeCents * 100) / sale.grossCents) : 0,
      refunded: Boolean(sale.refunded),
      inBundle: Boolean(sale.inBundle),
    })),
    totals: { grossCents: Number(totals?.grossCents ?? 0), feeCents: Number(totals?.feeCents ?? 0), netCents: Number(totals?.netCents ?? 0) },
    balanceCents,
    minimumPayoutCents: MINIMUM_PAYOUT_CENTS,
    payouts: payoutRows.map((p): PayoutLine => ({
      id: p.id,
      amountCents: p.amountCents,
      currency: p.currency,
      status: p.status,
      createdAt: p.createdAt,
      paidAt: p.paidAt,
    })),
    account: account ? { provider: account.provider, payoutsEnabled: account.payoutsEnabled } : null,
    plan: {
      feePercent,
      sellingPlans: PLANS.filter((p) => p.mode === "subscription" && p.interval === "month" && p.sellerFeePercent !== null).map((p) => ({
        name: p.name,
        feePercent: p.sellerFeePercent!,
      })),
    },
  };
}

/**
 * Opens the creator's payout account at the provider if they have none, and returns where they
 * fill in their details (Stripe's hosted onboarding, or the local page).
 */
export async function startOnboarding(context: AppLoadContext, user: CurrentUser, origin: string): Promise<string> {
  if (user.isGuest) throw new PayoutsError(PAYOUT_MESSAGES.guest, 403);
  const provider = createPayouts(context.config, context.db);
  if (!provider) throw new PayoutsError(PAYOUTS_UNAVAILABLE_MESSAGE, 503);
  let account = await context.db.query.sellerAccounts.findFirst({ where: eq(sellerAccounts.userId, user.id) });
  if (!account || account.provider !== provider.name) {
    const { accountId } = await provider.createAccount({ userId: user.id, email: user.email });
    const row = { userId: user.id, provider: provider.name, accountId, payoutsEnabled: false, updatedAt: Date.now() };
    await context.db.insert(sellerAccounts).values(row).onConflictDoUpdate({ target: sellerAccounts.userId, set: row });
    account = { ...row, createdAt: row.updatedAt };
  }
  const { url } = await provider.onboardingLink(account.accountId, {
    refreshUrl: `${origin}/sales?onboarding=expired`,
    returnUrl: `${origin}/sales?onboarding=return`,
  });
  return url;
}

/**
 * The creator is back from the provider's onboarding: their account is read from the provider at
 * once rather than waiting for its `account.updated` event.
 */
export async function refreshPayoutAccount(context: AppLoadContext, userId: string) {
  const account = await context.db.query.sellerAccounts.findFirst({ where: eq(sellerAccounts.userId, userId) });
  const provider = createPayouts(context.config, context.db);
  if (!account || account.payoutsEnabled || !provider || provider.name !== account.provider) return;
  const state = await provider.retrieveAccount(account.accountId).catch(() => null);
  if (state) await context.db.batch([accountStateStatement(context.db, state, Date.now())]);
}

/** The local onboarding form: the creator's local payout account is completed, as Stripe would report it. */
export async function completeLocalOnboarding(context: AppLoadContext, user: CurrentUser, details: { country: string; holderName: string }, origin: string) {
  const provider = createPayouts(context.config, context.db);
  const payments = createPayments(context.config, context.db);
  if (!(provider instanceof LocalPayouts) || !(payments instanceof LocalPayments)) throw new PayoutsError("Not found", 404);
  let account = await context.db.query.sellerAccounts.findFirst({ where: eq(sellerAccounts.userId, user.id) });
  if (!account || account.provider !== "local") {
    await startOnboarding(context, user, origin);
    account = await context.db.query.sellerAccounts.findFirst({ where: eq(sellerAccounts.userId, user.id) });
  }
  await deliverLocalEvents(context, payments, await provider.completeOnboarding(account!.accountId, details), origin);
}

export type PayoutOutcome =
  { kind: "paid"; amountCents: number } | { kind: "pending"; amountCents: number; message: string } | { kind: "refused"; status: number; message: string };

/** The payout row and its ledger line, written only while the balance is still `amountCents` and at least the minimum. */
function payoutStatements(db: Database, payout: { id: string; sellerId: string; amountCents: number; now: number }) {
  const balance = sql`(select coalesce(sum(${sellerLedger.netCents}), 0) from ${sellerLedger} where ${sellerLedger.sellerId} = ${payout.sellerId})`;
  return [
    db
      .insert(payouts)
      .select(
        db
          .select({
            id: sql<string>`${payout.id}`.as("id"),
            sellerId: users.id,
            amountCents: sql<number>`${payout.amountCents}`.as("amount_cents"),
            currency: sql<string>`${PAYOUT_CURRENCY}`.as("currency"),
            status: sql<string>`'pending'`.as("status"),
            providerTransferId: sql<string | null>`NULL`.as("provider_transfer_id"),
            createdAt: sql<number>`${payout.now}`.as("created_at"),
            paidAt: sql<number | null>`NULL`.as("paid_at"),
          })
          .from(users)
          .where(and(eq(users.id, payout.sellerId), sql`${balance} = ${payout.amountCents}`, sql`${payout.amountCents} >= ${MINIMUM_PAYOUT_CENTS}`)),
      )
      .returning({ id: payouts.id }),
    ledgerLineFromPayout(db, payout.id, "pending", -1, `payout:${payout.id}`, payout.now),
  ] as const;
}

/** A `payout` line of the seller's ledger for the payout `payoutId` in `status`, written once per reference. */
function ledgerLineFromPayout(db: Database, payoutId: string, status: "pending" | "failed", direction: -1 | 1, referenceId: string, now: number) {
  return db
    .insert(sellerLedger)
    .select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          sellerId: payouts.sellerId,
          kind: sql<string>`'payout'`.as("kind"),
          purchaseId: sql<string | null>`NULL`.as("purchase_id"),
          payoutId: payouts.id,
          grossCents: sql<number>`0`.as("gross_cents"),
          feeCents: sql<number>`0`.as("fee_cents"),
          netCents: sql<number>`${direction} * ${payouts.amountCents}`.as("net_cents"),
          referenceId: sql<string>`${referenceId}`.as("reference_id"),
          createdAt: sql<number>`${now}`.as("created_at"),
          paidReadingId: sql<string | null>`NULL`.as("paid_reading_id"),
        })
        .from(payouts)
        .where(and(eq(payouts.id, payoutId), eq(payouts.status, status))),
    )
    .onConflictDoNothing();
}

/**
 * The one rule for a transfer the provider refused: the payout is marked failed and a positive
 * `payout` line (reference `payout-failed:{id}`) puts its amount back in the balance, once.
 */
export function failedPayoutStatements(db: Database, payoutId: string, now: number): Statement[] {
  return [
    db
      .update(payouts)
      .set({ status: "failed" })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, "pending"))),
    ledgerLineFromPayout(db, payoutId, "failed", 1, `payout-failed:${payoutId}`, now),
  ];
}

/** Pays the creator's whole balance to their payout account. */
export async function requestPayout(context: AppLoadContext, user: Pick<CurrentUser, "id" | "isGuest">): Promise<PayoutOutcome> {
  const outcome = await payOut(context, user);
  log.info("payout", {
    sellerId: user.id,
    outcome: outcome.kind,
    ...("amountCents" in outcome ? { amountCents: outcome.amountCents } : {}),
    ...(outcome.kind === "refused" ? { status: outcome.status } : {}),
  });
  return outcome;
}

async function payOut(context: AppLoadContext, user: Pick<CurrentUser, "id" | "isGuest">): Promise<PayoutOutcome> {
  const { db } = context;
  if (user.isGuest) return { kind: "refused", status: 403, message: PAYOUT_MESSAGES.guest };
  const provider = createPayouts(context.config, db);
  if (!provider) return { kind: "refused", status: 503, message: PAYOUTS_UNAVAILABLE_MESSAGE };
  const account = await db.query.sellerAccounts.findFirst({ where: eq(sellerAccounts.userId, user.id) });
  if (!account?.payoutsEnabled || account.provider !== provider.name) return { kind: "refused", status: 409, message: PAYOUT_MESSAGES.notOnboarded };
  const amountCents = await balanceOf(db, user.id);
  if (amountCents < MINIMUM_PAYOUT_CENTS) return { kind: "refused", status: 409, message: PAYOUT_MESSAGES.belowMinimum(amountCents) };

  const payoutId = newId();
  const now = Date.now();
  const [claim, line] = payoutStatements(db, { id: payoutId, sellerId: user.id, amountCents, now });
  const [claimed] = await db.batch([claim, line]);
  if (claimed.length === 0) return { kind: "refused", status: 409, message: PAYOUT_MESSAGES.changed };
  return sendPayout(db, provider, { id: payoutId, sellerId: user.id, amountCents, currency: PAYOUT_CURRENCY }, account.accountId);
}

/**
 * Asks the provider to send a pending payout (the payout's id is the idempotency key, so asking
 * again never pays twice) and records the answer: paid; failed with the amount back in the
 * balance when refused; still pending when no answer came.
 */
async function sendPayout(
  db: Database,
  provider: PayoutsProvider,
  payout: { id: string; sellerId: string; amountCents: number; currency: string },
  accountId: string,
): Promise<PayoutOutcome> {
  const { id: payoutId, sellerId, amountCents, currency } = payout;
  try {
    const { transferId } = await provider.transfer({ payoutId, sellerId, accountId, amountCents, currency });
    await db
      .update(payouts)
      .set({ status: "paid", providerTransferId: transferId, paidAt: Date.now() })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, "pending")));
    return { kind: "paid", amountCents };
  } catch (error) {
    const refusal = error instanceof PayoutsError ? error : new PayoutsError("The transfer could not be confirmed yet.", 502, false);
    if (!refusal.settled) {
      // The provider may have sent it: the payout stays pending and the amount out of the balance.
      return { kind: "pending", amountCents, message: "Your payout is on its way but not confirmed yet. It shows as pending until it is." };
    }
    const [first, ...rest] = failedPayoutStatements(db, payoutId, Date.now());
    await db.batch([first!, ...rest]);
    return { kind: "refused", status: refusal.status, message: refusal.message };
  }
}

/** A payout still pending this long after it was asked for had no answer from the provider: it is asked again. */
export const UNCONFIRMED_PAYOUT_AGE_MS = 10 * 60 * 1000;
/**
 * Past this age a payout is no longer asked again: Stripe keeps an idempotency key for 24 hours, and a
 * request after that could send the money a second time. Such a payout stays pending for staff to check.
 */
export const PAYOUT_RETRY_WINDOW_MS = 23 * 60 * 60 * 1000;
const PAYOUT_RETRY_BATCH = 50;

/**
 * The periodic job's step for transfers that never got an answer: each payout pending for more than
 * ten minutes (and within the idempotency window) is sent again with the same key and marked paid or
 * failed as the first try would have. Returns how each ended.
 */
export async function retryUnconfirmedPayouts(db: Database, provider: PayoutsProvider | null, now: number) {
  const counts = { paid: 0, failed: 0, pending: 0 };
  if (!provider) return counts;
  const due = await db
    .select({ id: payouts.id, sellerId: payouts.sellerId, amountCents: payouts.amountCents, currency: payouts.currency, accountId: sellerAccounts.accountId })
    .from(payouts)
    .innerJoin(sellerAccounts, and(eq(sellerAccounts.userId, payouts.sellerId), eq(sellerAccounts.provider, provider.name)))
    .where(and(eq(payouts.status, "pending"), lt(payouts.createdAt, now - UNCONFIRMED_PAYOUT_AGE_MS), gt(payouts.createdAt, now - PAYOUT_RETRY_WINDOW_MS)))
    .orderBy(payouts.createdAt)
    .limit(PAYOUT_RETRY_BATCH);
  for (const payout of due) {
    const outcome = await sendPayout(db, provider, payout, payout.accountId);
    counts[outcome.kind === "refused" ? "failed" : outcome.kind] += 1;
  }
  return counts;
}
