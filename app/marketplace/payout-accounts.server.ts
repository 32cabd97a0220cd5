/** A creator's payout account as the provider reports it: on return from onboarding, and from `account.updated`. */
import type { BatchItem } from "drizzle-orm/batch";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { sellerAccounts } from "../../db/schema";
import type { Database } from "../db.server";
import type { PayoutAccountState } from "../payouts/provider.server";

type Statement = BatchItem<"sqlite">;

/** The account's state as the provider reports it, written to the creator's row. */
export function accountStateStatement(db: Database, state: PayoutAccountState, now: number): Statement {
  return db
    .update(sellerAccounts)
    .set({ payoutsEnabled: state.payoutsEnabled && state.detailsSubmitted, updatedAt: now })
    .where(eq(sellerAccounts.accountId, state.accountId));
}

/** `account.updated`: the payout account follows the provider's state (for the payments event batch). */
export async function payoutAccountEventStatements(
  db: Database,
  event: Stripe.Event,
  now: number,
): Promise<{ userId: string | null; statements: Statement[] }> {
  const account = event.data.object as Stripe.Account;
  if (typeof account?.id !== "string") return { userId: null, statements: [] };
  const row = await db.query.sellerAccounts.findFirst({ columns: { userId: true }, where: eq(sellerAccounts.accountId, account.id) });
  if (!row) return { userId: null, statements: [] };
  const state = { accountId: account.id, payoutsEnabled: Boolean(account.payouts_enabled), detailsSubmitted: Boolean(account.details_submitted) };
  return { userId: row.userId, statements: [accountStateStatement(db, state, now)] };
}
