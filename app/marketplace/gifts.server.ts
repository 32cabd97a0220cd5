/**
 * Gifts (decision 0115): a member buys a priced deck for someone by e-mail address, with a message.
 * The payment is the giver's (their receipt names the gift and to whom; a refund goes back to their
 * card) and is the creator's sale at once; the recipient gets an e-mail with a claim link, and the
 * first member to claim by it gets the deck as their purchase, once.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { checkoutSessions, deckGifts, deckPurchases, decks, sellerLedger, users } from "../../db/schema";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { lazySchema } from "../lib/lazy-schema";
import { noticeTargetOf, sendNotice } from "../mail/notices.server";
import { openCheckout } from "../payments/checkout.server";
import type { PurchaseHandler, Statement } from "../payments/registry.server";
import { paidCopyExists } from "./paid-copies.server";
import { deckOffer, deckRefundStatements, purchaseStatements, saleFeePercent } from "./purchase.server";

export const giftForm = lazySchema(() =>
  z.object({
    email: z.string().trim().toLowerCase().pipe(z.email("Enter the e-mail address the gift goes to")),
    message: z.string().trim().max(500, "Keep the message under 500 characters").default(""),
  }),
);

export type GiftInput = z.output<typeof giftForm>;

export const giftPath = (token: string) => `/gifts/${token}`;
export const giftSentPath = (deckId: string) => `/marketplace/${deckId}?gift=sent`;

export type GiveOutcome = { kind: "redirect"; url: string } | { kind: "refused"; status: number; message: string };

/** Opens the checkout of a gift of this deck; the gift waits for its payment. */
export async function giveDeck(context: AppLoadContext, user: CurrentUser, deckId: string, input: GiftInput, origin: string): Promise<GiveOutcome> {
  if (user.isGuest) return { kind: "refused", status: 401, message: "Create an account to give a deck." };
  if (user.email && user.email.toLowerCase() === input.email)
    return { kind: "refused", status: 400, message: "A gift goes to someone else: buy the deck for yourself instead." };
  const offer = await deckOffer(context.db, deckId, user.id);
  if (offer.state === "not-for-sale") return { kind: "refused", status: 404, message: "This deck is not for sale." };
  if (offer.state === "yours") return { kind: "refused", status: 409, message: "This is your deck: share its page instead." };
  if (offer.state !== "for-sale")
    return { kind: "refused", status: 409, message: "You hold this deck: gifts are bought from its shop page by someone who does not." };
  if (offer.priceCents === 0) return { kind: "refused", status: 409, message: "This deck is free: send its page, anyone can add it." };
  const opened = await openCheckout(
    context,
    user,
    {
      kind: "gift",
      mode: "payment",
      amountCents: offer.priceCents,
      currency: offer.currency,
      deckId,
      description: `“${offer.title}”${offer.creator ? ` by @${offer.creator}` : ""}, a gift for ${input.email}`,
      successPath: () => giftSentPath(deckId),
      cancelPath: `/checkout/${deckId}`,
    },
    origin,
  );
  await context.db
    .insert(deckGifts)
    .values({ id: newId(), checkoutId: opened.checkoutId, deckId, giverId: user.id, recipientEmail: input.email, message: input.message, token: newId() });
  return { kind: "redirect", url: opened.url };
}

/** The gift as its link shows it; null when there is no such gift (or it was never paid). */
export async function giftByToken(db: Database, token: string) {
  const [row] = await db
    .select({
      id: deckGifts.id,
      deckId: deckGifts.deckId,
      checkoutId: deckGifts.checkoutId,
      status: deckGifts.status,
      message: deckGifts.message,
      feePercent: deckGifts.feePercent,
      claimedBy: deckGifts.claimedBy,
      title: decks.title,
      sellerId: decks.creatorId,
      giver: users.username,
      amountCents: checkoutSessions.amountCents,
      currency: checkoutSessions.currency,
    })
    .from(deckGifts)
    .innerJoin(decks, eq(decks.id, deckGifts.deckId))
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, deckGifts.checkoutId))
    .leftJoin(users, eq(users.id, deckGifts.giverId))
    .where(eq(deckGifts.token, token.slice(0, 64)))
    .limit(1);
  return row && row.status !== "pending" ? row : null;
}

export type ClaimOutcome = { ok: true; deckId: string } | { ok: false; status: number; message: string };

export const GIFT_MESSAGES = {
  claimed: "This gift has been claimed already.",
  refunded: "This gift was refunded to the person who gave it.",
  held: "You have this deck already: the gift stays unclaimed. Ask the giver to have it refunded.",
  guest: "Create an account to claim the gift: your decks come with you.",
} as const;

/**
 * Claims a paid gift for this member: one conditional update takes it (only while it is paid and the
 * member does not hold the deck), and the purchase is written only where that update was made.
 */
export async function claimGift(db: Database, user: CurrentUser, token: string, now = Date.now()): Promise<ClaimOutcome> {
  const gift = await giftByToken(db, token);
  if (!gift) return { ok: false, status: 404, message: "Not found" };
  if (user.isGuest) return { ok: false, status: 401, message: GIFT_MESSAGES.guest };
  if (gift.status === "refunded") return { ok: false, status: 410, message: GIFT_MESSAGES.refunded };
  if (gift.status === "claimed")
    return gift.claimedBy === user.id ? { ok: true, deckId: gift.deckId } : { ok: false, status: 409, message: GIFT_MESSAGES.claimed };
  const claim = db
    .update(deckGifts)
    .set({ status: "claimed", claimedBy: user.id, claimedAt: now })
    .where(and(eq(deckGifts.id, gift.id), eq(deckGifts.status, "paid"), sql`not ${paidCopyExists(gift.deckId, user.id)}`))
    .returning({ id: deckGifts.id });
  const claimedNow = sql`exists (select 1 from ${deckGifts} where ${deckGifts.id} = ${gift.id} and ${deckGifts.claimedBy} = ${user.id} and ${deckGifts.claimedAt} = ${now})`;
  const [claimed] = await db.batch([
    claim,
    ...purchaseStatements(
      db,
      {
        deckId: gift.deckId,
        buyerId: user.id,
        sellerId: gift.sellerId,
        checkoutId: gift.checkoutId,
        grossCents: gift.amountCents,
        feePercent: gift.feePercent ?? 30,
        currency: gift.currency,
        guard: claimedNow,
      },
      now,
    ),
  ]);
  if (claimed.length > 0) return { ok: true, deckId: gift.deckId };
  const again = await giftByToken(db, token);
  if (again?.status === "claimed")
    return again.claimedBy === user.id ? { ok: true, deckId: gift.deckId } : { ok: false, status: 409, message: GIFT_MESSAGES.claimed };
  if (again?.status === "refunded") return { ok: false, status: 410, message: GIFT_MESSAGES.refunded };
  return { ok: false, status: 409, message: GIFT_MESSAGES.held };
}

/** The creator's sale line for a paid gift, written once by its reference, before anyone claims it. */
function giftSaleStatement(db: Database, sale: { sellerId: string; checkoutId: string; grossCents: number; feePercent: number; now: number }) {
  const feeCents = Math.round((sale.grossCents * sale.feePercent) / 100);
  return db
    .insert(sellerLedger)
    .values({
      id: newId(),
      sellerId: sale.sellerId,
      kind: "sale",
      grossCents: sale.grossCents,
      feeCents,
      netCents: sale.grossCents - feeCents,
      referenceId: `sale:${sale.checkoutId}`,
      createdAt: sale.now,
    })
    .onConflictDoNothing();
}

/** The payments module's handler for the `gift` kind. */
export const giftPayments: PurchaseHandler = {
  async completed(db, checkout, { refundedInFull, now }) {
    if (refundedInFull || !checkout.deckId) return { statements: [] };
    const [gift, listing] = await Promise.all([
      db.query.deckGifts.findFirst({ where: eq(deckGifts.checkoutId, checkout.id) }),
      db.query.deckListings.findFirst({ columns: { sellerId: true }, where: (l, { eq }) => eq(l.deckId, checkout.deckId!) }),
    ]);
    if (!gift || !listing) return { statements: [] };
    const feePercent = await saleFeePercent(db, listing.sellerId);
    const statements: Statement[] = [
      db
        .update(deckGifts)
        .set({ status: "paid", feePercent })
        .where(and(eq(deckGifts.id, gift.id), eq(deckGifts.status, "pending"))),
      giftSaleStatement(db, { sellerId: listing.sellerId, checkoutId: checkout.id, grossCents: checkout.amountCents, feePercent, now }),
    ];
    return {
      statements,
      followUp: async (context, { origin }) => {
        const [deck, giver] = await Promise.all([
          context.db.query.decks.findFirst({ columns: { title: true }, where: eq(decks.id, gift.deckId) }),
          context.db.query.users.findFirst({ columns: { username: true, fullName: true }, where: eq(users.id, gift.giverId) }),
        ]);
        const from = giver?.fullName || (giver?.username ? `@${giver.username}` : "Someone");
        sendNotice(noticeTargetOf(context), {
          to: gift.recipientEmail,
          subject: `${from} sent you a tarot deck: “${deck?.title ?? "a deck"}”`,
          heading: "A tarot deck for you",
          paragraphs: [
            `${from} gave you “${deck?.title ?? "a deck"}” on Arcanum.`,
            ...(gift.message ? [`Their message: “${gift.message}”`] : []),
            "Claim it to add it to your collection. If you have no account yet, you can make one with this e-mail address.",
          ],
          action: { label: "Claim your gift", url: `${origin}${giftPath(gift.token)}` },
        });
      },
    };
  },
  async refunded(db, { receipt, inFull }, now) {
    if (!receipt.checkoutId || !inFull) return {};
    const checkoutId = receipt.checkoutId;
    // Claimed: the recipient's copy ends with its refund line; not claimed: the sale line is taken back and the gift can no longer be claimed.
    const claimedRefund = await deckRefundStatements(db, checkoutId, now);
    const saleBack = db
      .insert(sellerLedger)
      .select(
        db
          .select({
            id: sql<string>`${newId()}`.as("id"),
            sellerId: sellerLedger.sellerId,
            kind: sql<string>`'refund'`.as("kind"),
            purchaseId: sql<string | null>`NULL`.as("purchase_id"),
            payoutId: sql<string | null>`NULL`.as("payout_id"),
            grossCents: sql<number>`-${sellerLedger.grossCents}`.as("gross_cents"),
            feeCents: sql<number>`-${sellerLedger.feeCents}`.as("fee_cents"),
            netCents: sql<number>`-${sellerLedger.netCents}`.as("net_cents"),
            referenceId: sql<string>`${`refund:${checkoutId}`}`.as("reference_id"),
            createdAt: sql<number>`${now}`.as("created_at"),
            paidReadingId: sql<string | null>`NULL`.as("paid_reading_id"),
          })
          .from(sellerLedger)
          .where(
            and(
              eq(sellerLedger.referenceId, `sale:${checkoutId}`),
              sql`not exists (select 1 from ${deckPurchases} where ${deckPurchases.checkoutId} = ${checkoutId})`,
            ),
          ),
      )
      .onConflictDoNothing();
    return {
      afterReceipt: [
        ...claimedRefund,
        saleBack,
        db
          .update(deckGifts)
          .set({ status: "refunded" })
          .where(and(eq(deckGifts.checkoutId, checkoutId), sql`${deckGifts.status} in ('pending', 'paid')`)),
      ],
    };
  },
};
