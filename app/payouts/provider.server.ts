/**
 * The payouts adapter: a creator's payout account and the money sent to it. Stripe Connect
 * (Express accounts) when Stripe is configured, the local stand-in otherwise; chosen by the same
 * configuration as payments. Account changes reach the app as `account.updated` events through
 * the payments webhook route, from Stripe or, signed the same way, from the local stand-in.
 */

/** What the app keeps of a payout account: whether money may be sent to it yet. */
export type PayoutAccountState = { accountId: string; payoutsEnabled: boolean; detailsSubmitted: boolean };

/** Money to send to a creator's account; the payout's id is the idempotency key. */
export type TransferRequest = { payoutId: string; sellerId: string; accountId: string; amountCents: number; currency: string };

export interface PayoutsProvider {
  readonly name: "stripe" | "local";
  /** Opens a payout account for the creator (once per creator: the idempotency key is theirs). */
  createAccount(seller: { userId: string; email: string | null }): Promise<{ accountId: string }>;
  /** Where the creator fills in their payout details; `refreshUrl` if the link has expired, `returnUrl` when done. */
  onboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  /** The account as the provider holds it now; null when it does not know it. */
  retrieveAccount(accountId: string): Promise<PayoutAccountState | null>;
  /** Sends the money; throws a `PayoutsError` when it was not sent. */
  transfer(request: TransferRequest): Promise<{ transferId: string }>;
}

/**
 * A refusal the creator should read. `settled` is false when the provider's answer never came
 * (the transfer may or may not have been made), so the payout must not be undone.
 */
export class PayoutsError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly settled = true,
  ) {
    super(message);
  }
}

export const TRANSFER_FAILED_MESSAGE = "The transfer to your payout account did not go through. The amount is back in your balance.";
export const PAYOUTS_UNAVAILABLE_MESSAGE = "Payouts are not available right now. Please try again later.";
