/**
 * The local payouts stand-in, the default offline: a payout account is a Stripe-shaped object
 * kept in D1, onboarding is a page of our own (no bank details), and a transfer is recorded at
 * once. Onboarding completes with an `account.updated` event delivered through the webhook route.
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { localPaymentObjects } from "../../db/schema";
import type { Database } from "../db.server";
import { randomToken } from "../lib/crypto";
import { event } from "../payments/local.server";
import { PayoutsError, TRANSFER_FAILED_MESSAGE, type PayoutAccountState, type PayoutsProvider, type TransferRequest } from "./provider.server";

/** Where the local onboarding page lives. */
export const LOCAL_ONBOARDING_PATH = "/sales/onboarding/local";

/** A payout account under this name refuses every transfer, to try what a failed payout does. */
export const FAILING_ACCOUNT_NAME = "Transfers Fail";

export type LocalAccount = {
  id: string;
  object: "account";
  type: "express";
  country: string | null;
  payouts_enabled: boolean;
  details_submitted: boolean;
  metadata: Record<string, string>;
  created: number;
  /** Not in Stripe's shape: the name on the payout account. */
  local: { holderName: string | null };
};

const seconds = (ms: number) => Math.floor(ms / 1000);

export class LocalPayouts implements PayoutsProvider {
  readonly name = "local" as const;

  constructor(private readonly db: Database) {}

  async account(accountId: string): Promise<LocalAccount | null> {
    const [row] = await this.db.select({ data: localPaymentObjects.data }).from(localPaymentObjects).where(eq(localPaymentObjects.id, accountId)).limit(1);
    return (row?.data as unknown as LocalAccount | undefined) ?? null;
  }

  private async save(account: LocalAccount, now: number) {
    const data = account as unknown as Record<string, unknown>;
    await this.db
      .insert(localPaymentObjects)
      .values({ id: account.id, object: "account", data, updatedAt: now })
      .onConflictDoUpdate({ target: localPaymentObjects.id, set: { data, updatedAt: now } });
  }

  async createAccount(seller: { userId: string; email: string | null }, now = Date.now()) {
    const account: LocalAccount = {
      id: `acct_local_${randomToken(12)}`,
      object: "account",
      type: "express",
      country: null,
      payouts_enabled: false,
      details_submitted: false,
      metadata: { userId: seller.userId },
      created: seconds(now),
      local: { holderName: null },
    };
    await this.save(account, now);
    return { accountId: account.id };
  }

  async onboardingLink() {
    return { url: LOCAL_ONBOARDING_PATH };
  }

  async retrieveAccount(accountId: string): Promise<PayoutAccountState | null> {
    const account = await this.account(accountId);
    return account ? { accountId: account.id, payoutsEnabled: account.payouts_enabled, detailsSubmitted: account.details_submitted } : null;
  }

  /** The creator filled in the local onboarding form: payouts are enabled; returns the event Stripe would send. */
  async completeOnboarding(accountId: string, details: { country: string; holderName: string }, now = Date.now()): Promise<Stripe.Event[]> {
    const account = await this.account(accountId);
    if (!account) throw new PayoutsError("Start the payout setup from your sales page.", 404);
    const done: LocalAccount = {
      ...account,
      country: details.country,
      payouts_enabled: true,
      details_submitted: true,
      local: { holderName: details.holderName },
    };
    await this.save(done, now);
    return [event("account.updated", done, now)];
  }

  async transfer(request: TransferRequest) {
    const account = await this.account(request.accountId);
    if (!account?.payouts_enabled) throw new PayoutsError("Your payout account cannot receive money yet.", 409);
    if (account.local.holderName === FAILING_ACCOUNT_NAME) throw new PayoutsError(TRANSFER_FAILED_MESSAGE, 502);
    return { transferId: `tr_local_${request.payoutId}` };
  }
}
