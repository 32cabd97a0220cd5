/**
 * Buying a deck: what the buyer is offered, a free deck added at once, a priced one paid through
 * the payments module. The paid checkout's effects (the purchase, the seller's sale line, the
 * sales count) and a refund's are statements the payment event writes in its one batch, so a
 * repeated or concurrent delivery writes them once.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { deckListings, deckPurchases, decks, sellerLedger, users } from "../../db/schema";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { sellerFeePercent } from "../entitlements/entitlements";
import { getPlanStanding } from "../entitlements/entitlements.server";
import { newId } from "../lib/crypto";
import { openCheckout } from "../payments/checkout.server";
import { checkCode, claimUseStatement, codeUseClaimed } from "./offers.server";
import { hasPaidPurchase, isOnSale, relationOf } from "./ownership.server";

type Statement = BatchItem<"sqlite">;

export type Offer =
  | { state: "for-sale"; deckId: string; title: string; sellerId: string; priceCents: number; currency: string; creator: string | null; licence: string }
  | { state: "yours" | "bought"; deckId: string; title: string }
  | { state: "not-for-sale" };

/** What the viewer may do about buying this deck. */
export async function deckOffer(db: Database, deckId: string, viewerId: string | null): Promise<Offer> {
  // The deck and the viewer's purchase at once: one wait.
  const [[row], bought] = await Promise.all([
    db
      .select({ deck: decks, listing: deckListings, creator: users.username })
      .from(decks)
      .innerJoin(users, eq(users.id, decks.creatorId))
      .leftJoin(deckListings, eq(deckListings.deckId, decks.id))
      .where(eq(decks.id, deckId))
      .limit(1),
    viewerId ? hasPaidPurchase(db, deckId, viewerId) : false,
  ]);
  if (!row) return { state: "not-for-sale" };
  const relation = relationOf(row.deck.creatorId, viewerId, bought);
  if (relation === "owner") return { state: "yours", deckId, title: row.deck.title };
  if (relation === "buyer") return { state: "bought", deckId, title: row.deck.title };
  if (!isOnSale(row.listing) || row.deck.status !== "ready") return { state: "not-for-sale" };
  const listing = row.listing!;
  return {
    state: "for-sale",
    deckId,
    title: row.deck.title,
    sellerId: listing.sellerId,
    priceCents: listing.priceCents,
    currency: listing.currency,
    creator: row.creator,
    licence: listing.licence,
  };
}

/** Where a buyer lands once a deck is theirs: its page in their collection, which confirms the purchase. */
export const boughtDeckPath = (deckId: string) => `/collection/${deckId}?bought=1`;

export type BuyOutcome = { kind: "added" } | { kind: "redirect"; url: string } | { kind: "refused"; status: number; message: string; field?: "code" };

/** Buys the deck: a free one joins the collection now, a priced one goes to the checkout. */
export async function buyDeck(context: AppLoadContext, user: CurrentUser, deckId: string, origin: string, code = ""): Promise<BuyOutcome> {
  if (user.isGuest) return { kind: "refused", status: 401, message: "Create an account to buy a deck: your decks come with you." };
  const offer = await deckOffer(context.db, deckId, user.id);
  if (offer.state === "not-for-sale") return { kind: "refused", status: 404, message: "This deck is not for sale." };
  if (offer.state === "yours") return { kind: "refused", status: 409, message: "This is your deck: it is in your collection already." };
  if (offer.state !== "for-sale") return { kind: "refused", status: 409, message: "In your collection: you bought this deck already." };
  const checked = code ? await checkCode(context.db, { sellerId: offer.sellerId, code, target: { kind: "deck", deckId }, priceCents: offer.priceCents }) : null;
  if (checked && !checked.ok) return { kind: "refused", status: 400, message: checked.message, field: "code" };
  const applied = checked?.applied ?? null;
  if (offer.priceCents === 0) {
    const [first, ...rest] = purchaseStatements(context.db, {
      deckId,
      buyerId: user.id,
      sellerId: offer.sellerId,
      checkoutId: null,
      grossCents: 0,
      feePercent: 0,
      currency: offer.currency,
    });
    await context.db.batch([first!, ...rest]);
    return { kind: "added" };
  }
  const url = await openCheckout(
    context,
    user,
    {
      kind: "deck",
      mode: "payment",
      amountCents: applied?.priceCents ?? offer.priceCents,
      currency: offer.currency,
      deckId,
      offerCodeId: applied?.id,
      description: `“${offer.title}”${offer.creator ? ` by @${offer.creator}` : ""}${applied ? ` with the code ${applied.code}` : ""}`,
      successPath: () => boughtDeckPath(deckId),
      cancelPath: `/marketplace/${deckId}`,
    },
    origin,
  );
  return { kind: "redirect", url: url.url };
}

/** A line of the seller's ledger, written once per reference and only where `purchaseWhere` finds the purchase. */
function sellerLineStatement(
  db: Database,
  line: {
    sellerId: string;
    kind: "sale" | "refund";
    purchaseId: string;
    grossCents: number;
    feeCents: number;
    netCents: number;
    referenceId: string;
    now: number;
  },
  purchaseWhere: SQL | undefined,
) {
  return db
    .insert(sellerLedger)
    .select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          sellerId: sql<string>`${line.sellerId}`.as("seller_id"),
          kind: sql<string>`${line.kind}`.as("kind"),
          purchaseId: sql<string>`${line.purchaseId}`.as("purchase_id"),
          payoutId: sql<string | null>`NULL`.as("payout_id"),
          grossCents: sql<number>`${line.grossCents}`.as("gross_cents"),
          feeCents: sql<number>`${line.feeCents}`.as("fee_cents"),
          netCents: sql<number>`${line.netCents}`.as("net_cents"),
          referenceId: sql<string>`${line.referenceId}`.as("reference_id"),
          createdAt: sql<number>`${line.now}`.as("created_at"),
          paidReadingId: sql<string | null>`NULL`.as("paid_reading_id"),
        })
        .from(deckPurchases)
        .where(purchaseWhere),
    )
    .onConflictDoNothing();
}

type Sale = {
  deckId: string;
  buyerId: string;
  sellerId: string;
  checkoutId: string | null;
  grossCents: number;
  feePercent: number;
  currency: string;
  /** Written only where this holds (the checkout claimed its offer code's use). */
  guard?: SQL;
  /** The sale line's reference: `sale:{checkoutId}`, or `sale:{checkoutId}:{deckId}` for a deck of a bundle. */
  reference?: string;
};

/**
 * The purchase, and for a paid one the seller's sale line and the listing's count, only where
 * the purchase row is newly written (a refunded purchase is bought again over its row).
 */
export function purchaseStatements(db: Database, sale: Sale, now = Date.now()): Statement[] {
  const feeCents = Math.round((sale.grossCents * sale.feePercent) / 100);
  const netCents = sale.grossCents - feeCents;
  const id = newId();
  const { guard, reference, ...row } = sale;
  const values = { ...row, id, feeCents, netCents, status: "paid" as const, createdAt: now, refundedAt: null };
  const fresh = sql`exists (select 1 from ${deckPurchases} where ${deckPurchases.id} = ${id})`;
  const insert = guard ? db.insert(deckPurchases).select(guardedPurchase(db, values, guard)) : db.insert(deckPurchases).values(values);
  const statements: Statement[] = [
    insert.onConflictDoUpdate({
      target: [deckPurchases.buyerId, deckPurchases.deckId],
      set: {
        id,
        checkoutId: sale.checkoutId,
        grossCents: sale.grossCents,
        feePercent: sale.feePercent,
        feeCents,
        netCents,
        status: "paid",
        createdAt: now,
        refundedAt: null,
      },
      setWhere: eq(deckPurchases.status, "refunded"),
    }),
  ];
  if (sale.grossCents > 0 && sale.checkoutId) {
    statements.push(
      sellerLineStatement(
        db,
        {
          sellerId: sale.sellerId,
          kind: "sale",
          purchaseId: id,
          grossCents: sale.grossCents,
          feeCents,
          netCents,
          referenceId: reference ?? `sale:${sale.checkoutId}`,
          now,
        },
        eq(deckPurchases.id, id),
      ),
    );
  }
  statements.push(
    db
      .update(deckListings)
      .set({ salesCount: sql`${deckListings.salesCount} + 1` })
      .where(and(eq(deckListings.deckId, sale.deckId), fresh)),
  );
  return statements;
}

type PurchaseRow = typeof deckPurchases.$inferSelect;

/** The purchase row as a select that yields it only where `guard` holds (once, from the buyer's own row). */
function guardedPurchase(db: Database, row: PurchaseRow, guard: SQL) {
  return db
    .select({
      id: sql<string>`${row.id}`.as("id"),
      deckId: sql<string>`${row.deckId}`.as("deck_id"),
      buyerId: users.id,
      sellerId: sql<string>`${row.sellerId}`.as("seller_id"),
      checkoutId: sql<string | null>`${row.checkoutId}`.as("checkout_id"),
      grossCents: sql<number>`${row.grossCents}`.as("gross_cents"),
      feePercent: sql<number>`${row.feePercent}`.as("fee_percent"),
      feeCents: sql<number>`${row.feeCents}`.as("fee_cents"),
      netCents: sql<number>`${row.netCents}`.as("net_cents"),
      currency: sql<string>`${row.currency}`.as("currency"),
      status: sql<"paid">`'paid'`.as("status"),
      createdAt: sql<number>`${row.createdAt}`.as("created_at"),
      refundedAt: sql<number | null>`NULL`.as("refunded_at"),
    })
    .from(users)
    .where(and(eq(users.id, row.buyerId), guard));
}

/** The fee of the seller's plan now: a seller whose plan no longer sells still owes the highest fee on a sale already paid. */
export async function saleFeePercent(db: Database, sellerId: string): Promise<number> {
  const standing = await getPlanStanding(db, sellerId);
  return sellerFeePercent(standing.tier) ?? 30;
}

/**
 * A completed checkout of a deck: the sale at the seller's plan's fee now. Computed before the
 * batch; the batch writes it once.
 */
export async function deckCheckoutStatements(
  db: Database,
  checkout: { id: string; userId: string; deckId: string | null; amountCents: number; currency: string; offerCodeId?: string | null },
  now: number,
): Promise<Statement[]> {
  if (!checkout.deckId) return [];
  const listing = await db.query.deckListings.findFirst({ columns: { sellerId: true }, where: eq(deckListings.deckId, checkout.deckId) });
  if (!listing) return [];
  const feePercent = await saleFeePercent(db, listing.sellerId);
  // A price lowered by a code is a sale only where this payment claimed the code's use.
  const claim = checkout.offerCodeId
    ? [claimUseStatement(db, { checkoutId: checkout.id, codeId: checkout.offerCodeId, buyerId: checkout.userId, deckId: checkout.deckId, now })]
    : [];
  return [
    ...claim,
    ...purchaseStatements(
      db,
      {
        deckId: checkout.deckId,
        buyerId: checkout.userId,
        sellerId: listing.sellerId,
        checkoutId: checkout.id,
        grossCents: checkout.amountCents,
        feePercent,
        currency: checkout.currency,
        guard: checkout.offerCodeId ? codeUseClaimed(checkout.id) : undefined,
      },
      now,
    ),
  ];
}

/** A refunded deck or bundle checkout: each deck's access ends, the seller's refund line, the count back, once. */
export async function deckRefundStatements(db: Database, checkoutId: string, now: number, bundle = false): Promise<Statement[]> {
  const purchases = await db.query.deckPurchases.findMany({ where: eq(deckPurchases.checkoutId, checkoutId) });
  // A bundle's checkout bought several decks: each has its own refund line, named by its deck as its sale line is.
  return purchases.flatMap((purchase) =>
    purchaseRefundStatements(db, purchase, bundle ? `refund:${checkoutId}:${purchase.deckId}` : `refund:${checkoutId}`, now),
  );
}

function purchaseRefundStatements(db: Database, purchase: PurchaseRow, referenceId: string, now: number): Statement[] {
  const stillPaid = sql`exists (select 1 from ${deckPurchases} where ${deckPurchases.id} = ${purchase.id} and ${deckPurchases.status} = 'paid')`;
  return [
    sellerLineStatement(
      db,
      {
        sellerId: purchase.sellerId,
        kind: "refund",
        purchaseId: purchase.id,
        grossCents: -purchase.grossCents,
        feeCents: -purchase.feeCents,
        netCents: -purchase.netCents,
        referenceId,
        now,
      },
      and(eq(deckPurchases.id, purchase.id), eq(deckPurchases.status, "paid")),
    ),
    db
      .update(deckListings)
      .set({ salesCount: sql`max(${deckListings.salesCount} - 1, 0)` })
      .where(and(eq(deckListings.deckId, purchase.deckId), stillPaid)),
    db
      .update(deckPurchases)
      .set({ status: "refunded", refundedAt: now })
      .where(and(eq(deckPurchases.id, purchase.id), eq(deckPurchases.status, "paid"))),
  ];
}

/**
 * Whether a paid checkout of a deck bought nothing: the buyer already had the deck by another
 * checkout (two tabs paid at once) or the listing was gone by then. Such a payment is given back.
 */
export async function boughtNothing(db: Database, checkoutId: string): Promise<boolean> {
  const purchase = await db.query.deckPurchases.findFirst({ columns: { id: true }, where: eq(deckPurchases.checkoutId, checkoutId) });
  return !purchase;
}
