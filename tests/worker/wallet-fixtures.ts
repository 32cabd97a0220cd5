/**
 * The reading balance as the paid, scheduled and written reading tests see it: a top-up written as
 * the payment webhook writes it, the balance, the sum of its ledger, and a reader's earning lines.
 */
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { topUpStatements } from "../../app/paid-readings/wallet.server";
import { readingWallets, sellerLedger, walletEntries } from "../../db/schema";

const db = () => createDatabase(env.DB);

/** A paid top-up, written as the webhook writes it. */
export async function topUp(userId: string, cents: number) {
  await db().batch(topUpStatements(db(), { id: newId(), userId, kind: "top-up", amountCents: cents }, Date.now()) as [never]);
}

export const balance = async (userId: string) => (await db().query.readingWallets.findFirst({ where: eq(readingWallets.userId, userId) }))?.balanceCents ?? 0;

export const ledgerSum = async (userId: string) =>
  Number(
    (
      await db()
        .select({ sum: sql<number>`coalesce(sum(${walletEntries.amountCents}), 0)` })
        .from(walletEntries)
        .where(eq(walletEntries.userId, userId))
    )[0]!.sum,
  );

export const earnings = (readerId: string) => db().select().from(sellerLedger).where(eq(sellerLedger.sellerId, readerId));
