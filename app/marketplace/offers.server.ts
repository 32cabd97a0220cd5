/**
 * A creator's offer codes (decision 0114): made and ended by their creator only, checked when a
 * checkout opens with one, and used when its payment completes. A limited code's last use goes to
 * one payment only: the use is claimed in the payment's own batch by one conditional insert that
 * counts the uses so far, and the purchase is written only where that claim was made. A payment
 * whose claim failed bought nothing and is given back in full (`deck-payments.server.ts`).
 */
import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { deckListings, decks, offerCodes, offerCodeUses } from "../../db/schema";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import type { WishNews } from "./follow-notices";
import { CODE_MESSAGES, codeOff, codeRefusal, codeStanding, priceAfter, type CodeInput, type CodeTarget } from "./offers";
import { paidCopyExists } from "./paid-copies.server";

export type CodeOutcome = { ok: true; message: string } | { ok: false; status: 400 | 403 | 404 | 409; message: string; field?: string };

/** A new code, and the decks in the marketplace it takes money off: news for those who wished for them. */
export type CodeMade = { ok: true; message: string; wished: { deckIds: string[]; news: Extract<WishNews, { reason: "offer-code" }> } };

/** The most decks a shop-wide code's news is sent for. */
const WISHED_DECKS_MAX = 50;

const usesOf = (codeId: SQL | string) => sql<number>`(select count(*) from ${offerCodeUses} where ${offerCodeUses.codeId} = ${codeId})`;

/** The creator's codes, newest first, with their uses and standing, and the decks a code may name. */
export async function sellerCodes(db: Database, sellerId: string, now = Date.now()) {
  const [codes, ownDecks] = await db.batch([
    db
      .select({
        id: offerCodes.id,
        code: offerCodes.code,
        kind: offerCodes.kind,
        amount: offerCodes.amount,
        deckId: offerCodes.deckId,
        deckTitle: decks.title,
        expiresAt: offerCodes.expiresAt,
        maxUses: offerCodes.maxUses,
        endedAt: offerCodes.endedAt,
        uses: usesOf(sql`${offerCodes.id}`).mapWith(Number),
      })
      .from(offerCodes)
      .leftJoin(decks, eq(decks.id, offerCodes.deckId))
      .where(eq(offerCodes.sellerId, sellerId))
      .orderBy(desc(offerCodes.createdAt))
      .limit(200),
    db.select({ id: decks.id, title: decks.title }).from(decks).where(eq(decks.creatorId, sellerId)).orderBy(decks.title).limit(200),
  ]);
  return { codes: codes.map((code) => ({ ...code, standing: codeStanding(code, code.uses, now) })), decks: ownDecks };
}

/** Makes a code for the creator's shop, or for one of their own decks. */
export async function createCode(db: Database, user: CurrentUser, input: CodeInput): Promise<CodeMade | Exclude<CodeOutcome, { ok: true }>> {
  if (user.isGuest) return { ok: false, status: 403, message: "Create an account to make offer codes." };
  if (input.deckId) {
    const deck = await db.query.decks.findFirst({ columns: { id: true }, where: and(eq(decks.id, input.deckId), eq(decks.creatorId, user.id)) });
    if (!deck) return { ok: false, status: 400, field: "deckId", message: "Choose one of your own decks, or the whole shop." };
  }
  const [[made], listed] = await db.batch([
    db
      .insert(offerCodes)
      .values({ id: newId(), sellerId: user.id, ...input })
      .onConflictDoNothing()
      .returning({ id: offerCodes.id }),
    // The decks it takes money off now: the one it names, or every priced deck of the shop in the marketplace.
    db
      .select({ deckId: deckListings.deckId })
      .from(deckListings)
      .where(
        and(
          eq(deckListings.sellerId, user.id),
          eq(deckListings.visible, true),
          gt(deckListings.priceCents, 0),
          input.deckId ? eq(deckListings.deckId, input.deckId) : undefined,
        ),
      )
      .limit(WISHED_DECKS_MAX),
  ]);
  if (!made) return { ok: false, status: 409, field: "code", message: `You have a code “${input.code}” already: choose another.` };
  return {
    ok: true,
    message: `The code ${input.code} works now.`,
    wished: { deckIds: listed.map((row) => row.deckId), news: { reason: "offer-code", code: input.code, off: codeOff(input), until: input.expiresAt } },
  };
}

/** Ends one of the creator's codes: it takes nothing off from now on; a code of anyone else's is not found. */
export async function endCode(db: Database, sellerId: string, codeId: string, now = Date.now()): Promise<CodeOutcome> {
  const code = await db.query.offerCodes.findFirst({
    columns: { code: true, endedAt: true },
    where: and(eq(offerCodes.id, codeId), eq(offerCodes.sellerId, sellerId)),
  });
  if (!code) return { ok: false, status: 404, message: "Not found" };
  if (code.endedAt === null) {
    await db
      .update(offerCodes)
      .set({ endedAt: now })
      .where(and(eq(offerCodes.id, codeId), sql`${offerCodes.endedAt} is null`));
  }
  return { ok: true, message: `The code ${code.code} has ended.` };
}

export type AppliedCode = { id: string; code: string; kind: "percent" | "amount"; amount: number; priceCents: number };
export type CodeCheck = { ok: true; applied: AppliedCode } | { ok: false; message: string };

/**
 * Whether the code may lower this price now, and the price it leaves. Read again when the checkout
 * opens; only the use limit is claimed once more when the payment completes.
 */
export async function checkCode(
  db: Database,
  purchase: { sellerId: string; code: string; target: CodeTarget; priceCents: number },
  now = Date.now(),
): Promise<CodeCheck> {
  const [row] = await db
    .select({
      id: offerCodes.id,
      code: offerCodes.code,
      kind: offerCodes.kind,
      amount: offerCodes.amount,
      deckId: offerCodes.deckId,
      expiresAt: offerCodes.expiresAt,
      maxUses: offerCodes.maxUses,
      endedAt: offerCodes.endedAt,
      uses: usesOf(sql`${offerCodes.id}`).mapWith(Number),
    })
    .from(offerCodes)
    .where(and(eq(offerCodes.sellerId, purchase.sellerId), eq(offerCodes.code, purchase.code)))
    .limit(1);
  if (!row) return { ok: false, message: CODE_MESSAGES.unknown(purchase.code) };
  if (purchase.priceCents <= 0) return { ok: false, message: CODE_MESSAGES.free };
  const refusal = codeRefusal(row, purchase.target, row.uses, now);
  if (refusal) return { ok: false, message: refusal };
  return { ok: true, applied: { id: row.id, code: row.code, kind: row.kind, amount: row.amount, priceCents: priceAfter(purchase.priceCents, row) } };
}

/**
 * The use of a code by a completed payment, for its batch: one insert that is made only while the
 * code has a use left (and, for a deck, while the buyer does not hold it already), so of two
 * payments at once for a code's last use, one claims it and the other finds it gone.
 */
export function claimUseStatement(db: Database, use: { checkoutId: string; codeId: string; buyerId: string; now: number; deckId?: string | null }) {
  return db
    .insert(offerCodeUses)
    .select(
      db
        .select({
          checkoutId: sql<string>`${use.checkoutId}`.as("checkout_id"),
          codeId: offerCodes.id,
          buyerId: sql<string>`${use.buyerId}`.as("buyer_id"),
          usedAt: sql<number>`${use.now}`.as("used_at"),
        })
        .from(offerCodes)
        .where(
          and(
            eq(offerCodes.id, use.codeId),
            sql`(${offerCodes.maxUses} is null or ${usesOf(use.codeId)} < ${offerCodes.maxUses})`,
            use.deckId ? sql`not ${paidCopyExists(use.deckId, use.buyerId)}` : undefined,
          ),
        ),
    )
    .onConflictDoNothing();
}

/** The checkout claimed its code's use: the condition its purchases are written under. */
export const codeUseClaimed = (checkoutId: string): SQL => sql`exists (select 1 from ${offerCodeUses} where ${offerCodeUses.checkoutId} = ${checkoutId})`;
