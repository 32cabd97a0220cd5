import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { subscriptionSuccessLoader } from "~/subscription/subscription-page.server";
import { formatMoney, longDate } from "~/lib/format";

export const meta: MetaFunction = () => [{ title: "Thank you — Arcanum" }, { name: "robots", content: "noindex" }];

export const loader = subscriptionSuccessLoader;

export default function SubscriptionSuccess() {
  const purchase = useLoaderData<typeof loader>();
  const done = purchase.status === "complete";
  return (
    <div className="px-4">
      {purchase.status === "open" ? <meta httpEquiv="refresh" content="3" /> : null}
      <PageHeader eyebrow="Subscription" title={done ? "Thank you" : purchase.status === "open" ? "Confirming your payment" : "Your purchases"} />
      <Panel>
        {done ? (
          <div className="grid gap-2" data-testid="purchase-confirmed">
            <p>
              You are now on the <strong>{purchase.planName}</strong> plan ({formatMoney(purchase.amountCents, purchase.currency)} paid).
            </p>
            {purchase.periodEnd ? <p className="text-muted">It renews on {longDate(purchase.periodEnd)}; cancel any time before.</p> : null}
            <p className="text-muted">
              You have {purchase.completeDeckCredits} full-deck {purchase.completeDeckCredits === 1 ? "credit" : "credits"} to use.
            </p>
            {purchase.creditsMake ? (
              <p className="text-muted" data-testid="credits-make">
                {purchase.creditsMake}
              </p>
            ) : null}
          </div>
        ) : purchase.status === "none" ? (
          <p className="text-muted">There is no purchase to confirm yet. Plans and prices are on the pricing page.</p>
        ) : purchase.status === "expired" ? (
          <p className="text-muted">This checkout was cancelled. Nothing was charged.</p>
        ) : (
          <p className="text-muted">The payment is being confirmed; this page updates by itself in a moment.</p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/create-deck" className={buttonClasses("primary")}>
            Create a deck
          </Link>
          <Link to="/subscription" className={buttonClasses("secondary")}>
            View my subscription
          </Link>
        </div>
      </Panel>
    </div>
  );
}
