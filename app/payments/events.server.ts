/** Payment events applied with every domain's handler (`handlers.server.ts`); the rules are in `dispatch.server.ts`. */
import type Stripe from "stripe";
import type { Database } from "../db.server";
import { dispatchPaymentEvent } from "./dispatch.server";
import { paymentHandlers } from "./handlers.server";
import type { PaymentsProvider } from "./provider.server";

export { UnusedDeckRefundError } from "./dispatch.server";
export type { EventOutcome, EventResult } from "./registry.server";

/** Applies a verified event once. */
export const applyPaymentEvent = (db: Database, provider: PaymentsProvider, event: Stripe.Event, now = Date.now()) =>
  dispatchPaymentEvent(paymentHandlers, db, provider, event, now);
