import type { AppLoadContext } from "@remix-run/cloudflare";
import type { CurrentUser } from "../auth/user.server";
import { formatMoney } from "../lib/format";
import { openCheckout } from "../payments/payments.server";
import { PaymentsError } from "../payments/provider.server";
import { TOP_UP_AMOUNTS_CENTS } from "./rules";

/** Opens the checkout of a top-up of one of the fixed amounts; returns where to send the person. */
export async function startTopUp(context: AppLoadContext, user: CurrentUser, amountCents: number, origin: string, returnTo: string) {
  if (user.isGuest) throw new PaymentsError("Create an account to top up: your balance stays with you.", 401);
  if (!(TOP_UP_AMOUNTS_CENTS as readonly number[]).includes(amountCents)) throw new PaymentsError("Choose one of the amounts offered.");
  return openCheckout(
    context,
    user,
    {
      kind: "top-up",
      mode: "payment",
      amountCents,
      description: `Reading balance top-up — ${formatMoney(amountCents)}`,
      successPath: (checkoutId) => `${returnTo}${returnTo.includes("?") ? "&" : "?"}topped=${checkoutId}`,
      cancelPath: returnTo,
    },
    origin,
  );
}

