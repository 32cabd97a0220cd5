import Stripe from "stripe";
import { stripeClient } from "../payments/stripe.server";
import { PayoutsError, TRANSFER_FAILED_MESSAGE, type PayoutAccountState, type PayoutsProvider, type TransferRequest } from "./provider.server";

const stripeMessage = (error: unknown, fallback: string) => (error instanceof Stripe.errors.StripeError && error.message ? error.message : fallback);

/** Stripe Connect with Express accounts: Stripe hosts the onboarding and holds the bank details. */
export class StripePayouts implements PayoutsProvider {
  readonly name = "stripe" as const;
  private readonly stripe: Stripe;

  constructor(secretKey: string, fetchImpl?: typeof fetch) {
    this.stripe = stripeClient(secretKey, fetchImpl);
  }

  async createAccount(seller: { userId: string; email: string | null }) {
    try {
      const account = await this.stripe.accounts.create(
        {
          type: "express",
          ...(seller.email ? { email: seller.email } : {}),
          capabilities: { transfers: { requested: true } },
          metadata: { userId: seller.userId },
        },
        { idempotencyKey: `account-${seller.userId}` },
      );
      return { accountId: account.id };
    } catch (error) {
      throw new PayoutsError(stripeMessage(error, "Your payout account could not be opened just now."), 502);
    }
  }

  async onboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }) {
    try {
      const link = await this.stripe.accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        refresh_url: urls.refreshUrl,
        return_url: urls.returnUrl,
      });
      return { url: link.url };
    } catch (error) {
      throw new PayoutsError(stripeMessage(error, "The payout setup could not be opened just now."), 502);
    }
  }

  async retrieveAccount(accountId: string): Promise<PayoutAccountState | null> {
    try {
      const account = await this.stripe.accounts.retrieve(accountId);
      return { accountId: account.id, payoutsEnabled: Boolean(account.payouts_enabled), detailsSubmitted: Boolean(account.details_submitted) };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.statusCode === 403)) return null;
      throw error;
    }
  }

  async transfer(request: TransferRequest) {
    try {
      const transfer = await this.stripe.transfers.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          destination: request.accountId,
          metadata: { payoutId: request.payoutId, sellerId: request.sellerId },
        },
        { idempotencyKey: `payout-${request.payoutId}` },
      );
      return { transferId: transfer.id };
    } catch (error) {
      // Stripe answered with a refusal: nothing was sent. No answer at all: the outcome is unknown.
      const refused = error instanceof Stripe.errors.StripeError && typeof error.statusCode === "number" && error.statusCode < 500;
      throw new PayoutsError(refused ? stripeMessage(error, TRANSFER_FAILED_MESSAGE) : "The transfer could not be confirmed yet.", 502, refused);
    }
  }
}
