import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { subscriptionAction, subscriptionLoader, type SubscriptionActionData } from "~/subscription/subscription-page.server";
import { formatMoney, longDate } from "~/lib/format";
import { receiptAnchor } from "~/payments/receipt-link";
import type { PageHandle } from "~/lib/page-handle";

export const handle: PageHandle = { actionRoundTrips: 6 };

export const meta: MetaFunction = () => [{ title: "Subscription — Arcanum" }];

export const loader = subscriptionLoader;
export const action = subscriptionAction;

const per = (interval: string) => (interval === "once" ? ", one-off" : interval === "year" ? " a year" : " a month");

export default function Subscription() {
  const { signedIn, signInPath, current, chosen, receipts } = useLoaderData<typeof loader>();
  const result = useActionData<SubscriptionActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Subscription" title={current && current.status !== "canceled" ? `Your ${current.name} plan` : "Upgrade your plan"} />
      <Panel>
        {current ? (
          <div data-testid="current-plan" className="grid gap-1">
            <p>
              Your plan: <strong>{current.name}</strong> ({current.price}
              {per(current.interval)}).
            </p>
            {current.status === "past_due" ? (
              <p role="alert" className="text-danger">
                Your last payment did not go through. Update your payment method to keep making paid decks.
              </p>
            ) : current.active ? (
              <p className="text-muted">
                {current.cancelAtPeriodEnd
                  ? `Cancelled: it ends on ${longDate(current.periodEnd)}, and nothing more will be charged.`
                  : current.scheduledPlan
                    ? `Changes to ${current.scheduledPlan} on ${longDate(current.periodEnd)}; until then you keep ${current.name}.`
                    : `Renews on ${longDate(current.periodEnd)}.`}
              </p>
            ) : (
              <p className="text-muted">It ended. You are on the free plan.</p>
            )}
            {current.status !== "canceled" ? (
              <Form method="post" className="mt-3 grid justify-items-start gap-2">
                {current.status === "past_due" ? (
                  <button type="submit" name="intent" value="manage" className={buttonClasses("primary")} disabled={busy}>
                    Update payment method
                  </button>
                ) : (
                  <button type="submit" name="intent" value="manage" className={buttonClasses("secondary")} disabled={busy}>
                    Manage subscription
                  </button>
                )}
                <span className="text-sm text-muted">Cancel, resume, change plan or how you pay.</span>
              </Form>
            ) : null}
          </div>
        ) : (
          <p className="text-muted">{signedIn ? "You are on the free plan." : "Sign in to see your plan."}</p>
        )}

        {chosen && chosen.mode === "subscription" && !current?.active ? (
          <div className="mt-6 rounded-2xl bg-surface-2 p-5">
            <p>
              You picked <strong>{chosen.name}</strong>: {chosen.price}
              {per(chosen.interval)}, renewing until you cancel.
            </p>
            {chosen.grant ? (
              <p className="mt-1 text-sm text-muted" data-testid="plan-grant">
                {chosen.grant}
              </p>
            ) : null}
            {result?.error ? (
              <p role="alert" className="mt-3 text-sm text-danger">
                {result.error}
              </p>
            ) : null}
            {signedIn ? (
              <Form method="post" className="mt-4">
                <input type="hidden" name="plan" value={chosen.key} />
                <button type="submit" name="intent" value="checkout" className={buttonClasses("gold", "lg")} disabled={busy}>
                  {busy ? "Opening checkout…" : `Continue to checkout`}
                </button>
              </Form>
            ) : (
              <Link to={signInPath} className={`${buttonClasses("primary", "lg")} mt-4`}>
                Sign in to subscribe
              </Link>
            )}
          </div>
        ) : chosen && chosen.mode === "subscription" && current?.active && chosen.key !== current.key ? (
          <p className="mt-6 rounded-2xl bg-surface-2 p-5 text-sm">
            You picked <strong>{chosen.name}</strong> ({chosen.price}
            {per(chosen.interval)}). To move to it, choose Manage subscription: a move up starts at once and you pay only the difference; a move down starts
            when the period you paid for ends.
            {chosen.grant ? (
              <span className="mt-1 block text-muted" data-testid="plan-grant">
                {chosen.grant}
              </span>
            ) : null}
          </p>
        ) : chosen && chosen.mode === "payment" ? (
          <p className="mt-6 rounded-2xl bg-surface-2 p-5 text-sm">
            You picked <strong>{chosen.name}</strong> ({chosen.price}, one-off): it completes one of your Major Arcana decks with its 56 Minor Arcana. Open the
            deck in{" "}
            <Link to="/collection" className="underline underline-offset-4">
              your collection
            </Link>{" "}
            and choose &ldquo;Complete it with Explorer Plus&rdquo;.
          </p>
        ) : result?.error ? (
          <p role="alert" className="mt-4 text-sm text-danger">
            {result.error}
          </p>
        ) : null}
        <Link to="/pricing" className={`${buttonClasses("secondary")} mt-6`}>
          Compare plans
        </Link>
      </Panel>
      {receipts.length > 0 ? (
        <section id="payments" className="mx-auto mt-8 max-w-2xl" aria-labelledby="payments-heading" data-testid="payments">
          <h2 id="payments-heading" className="px-2 text-xl font-bold">
            Payments
          </h2>
          <ul className="mt-3 divide-y divide-line overflow-hidden rounded-3xl border border-line bg-surface/80">
            {receipts.map((receipt) => (
              <li
                key={receipt.id}
                id={receiptAnchor(receipt.id)}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 scroll-mt-24 px-5 py-4 text-sm target:bg-brand/10"
              >
                <span>
                  <span className="block font-semibold">{receipt.description}</span>
                  <span className="text-muted">{longDate(receipt.paidAt)}</span>
                </span>
                <span className="text-right">
                  <span className="block font-semibold tabular-nums">{formatMoney(receipt.amountCents, receipt.currency)}</span>
                  {receipt.refundedCents > 0 ? (
                    <span className="block text-muted">
                      {receipt.refundedCents >= receipt.amountCents ? "Refunded" : `${formatMoney(receipt.refundedCents, receipt.currency)} refunded`}
                    </span>
                  ) : null}
                  {receipt.receiptUrl ? (
                    <a href={receipt.receiptUrl} className="underline underline-offset-4" rel="noreferrer" target="_blank">
                      Receipt
                    </a>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
