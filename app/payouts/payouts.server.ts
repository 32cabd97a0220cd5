import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { LocalPayouts } from "./local.server";
import type { PayoutsProvider } from "./provider.server";
import { StripePayouts } from "./stripe.server";

/** Stripe Connect when Stripe is configured; otherwise the local stand-in, in a local build outside production (like createPayments). */
export function createPayouts(config: AppConfig, db: Database): PayoutsProvider | null {
  if (config.stripe) return new StripePayouts(config.stripe.secretKey);
  if (!__LOCAL_BUILD__ || config.isProduction) return null;
  return new LocalPayouts(db);
}
