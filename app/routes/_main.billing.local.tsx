import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { localPortalAction, localPortalLoader, type LocalPortalActionData } from "~/payments/local-portal.server";
import { formatMoney, longDate } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";

/** Round trips: the local test checkout (development only) plays the payment provider: paying runs the provider's events through the same webhook code, one after another. */
export const handle: PageHandle = { roundTrips: 4, actionRoundTrips: 25 };

export const meta: MetaFunction = () => [{ title: "Manage subscription — Arcanum" }, { name: "robots", content: "noindex" }];

export const loader = localPortalLoader;
export const action = localPortalAction;

const field =
  "mt-1 block w-full rounded-xl border border-line bg-surface px-4 py-3 text-base text-ink placeholder:text-muted/70 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-8 border-t border-line pt-6">
      <h2 className="text-xl font-bold">{title}</h2>
      <div className="mt-3 grid gap-3">{children}</div>
    </section>
  );
}

export default function LocalPortal() {
  const { subscription, receipts, returnTo } = useLoaderData<typeof loader>();
  const result = useActionData<LocalPortalActionData>();
  const busy = useNavigation().state !== "idle";
  const errors = result?.errors ?? {};
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Test billing" title="Billing" />
      <Panel>
        <p role="note" className="rounded-2xl border border-gold-bright/60 bg-surface-2 p-4 text-sm">
          <strong>This is the local test billing page.</strong> Payments are not configured on this server; changes made here reach the app the way the payment
          provider's portal would send them.
        </p>
        {result?.notice ? (
          <p role="status" className="mt-4 rounded-xl bg-surface-2 p-3 text-sm">
            {result.notice}
          </p>
        ) : null}
        {result?.error ? (
          <p role="alert" className="mt-4 text-sm text-danger">
            {result.error}
          </p>
        ) : null}

        {subscription ? (
          <>
            <div className="mt-6" data-testid="portal-plan">
              <p>
                <strong>{subscription.planName}</strong> · {subscription.price} {subscription.interval === "year" ? "a year" : "a month"}
              </p>
              <p className="text-muted">
                {subscription.status === "past_due"
                  ? "The last payment failed. Save a card that works to pay it."
                  : subscription.cancelAtPeriodEnd
                    ? `Cancelled: it ends on ${longDate(subscription.periodEnd)}. Nothing more will be charged.`
                    : subscription.scheduledPlan
                      ? `Changes to ${subscription.scheduledPlan} on ${longDate(subscription.periodEnd)}.`
                      : `Renews on ${longDate(subscription.periodEnd)}.`}
              </p>
            </div>
            <Form method="post" className="mt-4 flex flex-wrap gap-3">
              {subscription.cancelAtPeriodEnd ? (
                <button type="submit" name="intent" value="resume" className={buttonClasses("primary")} disabled={busy}>
                  Resume subscription
                </button>
              ) : (
                <button type="submit" name="intent" value="cancel" className={buttonClasses("secondary")} disabled={busy}>
                  Cancel subscription
                </button>
              )}
            </Form>

            <Section title="Change plan">
              <p className="text-sm text-muted">
                A move up starts now, and you pay the difference for the rest of the period. A move down starts when the period you paid for ends.
              </p>
              <Form method="post" className="grid gap-2">
                <fieldset className="grid gap-2 sm:grid-cols-2">
                  <legend className="sr-only">Plans</legend>
                  {subscription.plans.map((plan) => (
                    <label key={plan.priceId} className="flex items-start gap-3 rounded-xl border border-line p-3 text-sm has-[:checked]:border-brand">
                      <input type="radio" name="price" value={plan.priceId} defaultChecked={plan.current} className="mt-1" />
                      <span>
                        <strong>{plan.name}</strong> {plan.interval === "year" ? "yearly" : "monthly"} · {plan.price}
                        <span className="block text-muted">
                          {plan.current
                            ? "Your plan"
                            : plan.timing === "now"
                              ? `Starts now · ${formatMoney(plan.chargeToday, "usd")} today`
                              : `Starts ${longDate(subscription.periodEnd)} · nothing today`}
                        </span>
                      </span>
                    </label>
                  ))}
                </fieldset>
                <button type="submit" name="intent" value="change-plan" className={`${buttonClasses("secondary")} justify-self-start`} disabled={busy}>
                  Change plan
                </button>
              </Form>
            </Section>

            <Section title="Payment method">
              <p className="text-sm">On file: {subscription.card}.</p>
              <p className="text-sm text-muted">
                Test cards: <code className="font-mono">4242 4242 4242 4242</code> pays; <code className="font-mono">4000 0000 0000 0341</code> is saved but its
                charges fail; <code className="font-mono">4000 0000 0000 0002</code> is declined.
              </p>
              <Form method="post" className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]" noValidate>
                <label className="block text-sm font-semibold">
                  Card number
                  <input name="card" inputMode="numeric" autoComplete="cc-number" className={field} aria-invalid={errors.card ? true : undefined} />
                  {errors.card ? (
                    <span role="alert" className="mt-1 block text-sm text-danger">
                      {errors.card}
                    </span>
                  ) : null}
                </label>
                <label className="block text-sm font-semibold">
                  Expiry
                  <input name="expiry" placeholder="MM / YY" autoComplete="cc-exp" className={field} aria-invalid={errors.expiry ? true : undefined} />
                  {errors.expiry ? (
                    <span role="alert" className="mt-1 block text-sm text-danger">
                      {errors.expiry}
                    </span>
                  ) : null}
                </label>
                <label className="block text-sm font-semibold">
                  CVC
                  <input name="cvc" inputMode="numeric" autoComplete="cc-csc" className={field} aria-invalid={errors.cvc ? true : undefined} />
                  {errors.cvc ? (
                    <span role="alert" className="mt-1 block text-sm text-danger">
                      {errors.cvc}
                    </span>
                  ) : null}
                </label>
                <button type="submit" name="intent" value="card" className={`${buttonClasses("secondary")} justify-self-start`} disabled={busy}>
                  Save card
                </button>
              </Form>
            </Section>

            <Section title="Test clock">
              <p className="text-sm text-muted">
                Ends the current period now, as if {longDate(subscription.periodEnd)} had come: the subscription renews and the card on file is charged, or it
                ends if it was cancelled.
              </p>
              <Form method="post">
                <button type="submit" name="intent" value="end-period" className={buttonClasses("secondary")} disabled={busy}>
                  End this period now
                </button>
              </Form>
            </Section>
          </>
        ) : (
          <p className="mt-6 text-muted">You have no subscription.</p>
        )}

        <Section title="Payments">
          {receipts.length === 0 ? <p className="text-sm text-muted">No payments yet.</p> : null}
          <ul className="grid gap-2">
            {receipts.map((receipt) => (
              <li key={receipt.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line p-3 text-sm">
                <span>
                  {receipt.description}
                  <span className="block text-muted">
                    {longDate(receipt.paidAt)} · {formatMoney(receipt.amountCents, receipt.currency)}
                    {receipt.refundedCents > 0 ? ` · ${formatMoney(receipt.refundedCents, receipt.currency)} refunded` : ""}
                  </span>
                </span>
                {receipt.refundedCents < receipt.amountCents ? (
                  <Form method="post">
                    <input type="hidden" name="receipt" value={receipt.id} />
                    <button type="submit" name="intent" value="refund" className={buttonClasses("secondary", "sm")} disabled={busy}>
                      Refund as staff
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted">Refunds are made by the shop's staff at the payment provider; this test page lets you make one.</p>
        </Section>

        <Link to={returnTo} className={`${buttonClasses("secondary")} mt-8`}>
          Back to Arcanum
        </Link>
      </Panel>
    </div>
  );
}
