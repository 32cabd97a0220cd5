import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { localCheckoutAction, localCheckoutLoader, type LocalCheckoutActionData } from "~/payments/local-checkout.server";
import { formatMoney } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";

/** Round trips: the local test checkout (development only) plays the payment provider: paying runs the provider's events through the same webhook code, one after another. */
export const handle: PageHandle = { actionRoundTrips: 29 };

export const meta: MetaFunction = () => [{ title: "Test checkout — Arcanum" }, { name: "robots", content: "noindex" }];

export const loader = localCheckoutLoader;
export const action = localCheckoutAction;

const field =
  "mt-1 block w-full rounded-xl border border-line bg-surface px-4 py-3 text-base text-ink placeholder:text-muted/70 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40";

const TEST_CARD_LIST = [
  ["4242 4242 4242 4242", "pays"],
  ["4000 0000 0000 0002", "is declined"],
  ["4000 0027 6000 3184", "asks you to confirm first"],
  ["4000 0000 0000 0341", "is declined at checkout (saved on the billing page, it makes a renewal fail)"],
] as const;

export default function LocalCheckout() {
  const checkout = useLoaderData<typeof localCheckoutLoader>();
  const result = useActionData<LocalCheckoutActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const price = formatMoney(checkout.amountCents, checkout.currency);
  const errors = result?.step === "card" ? result.errors : {};
  const described = (name: string) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {});

  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Test checkout" title="Checkout" />
      <Panel>
        <p role="note" className="rounded-2xl border border-gold-bright/60 bg-surface-2 p-4 text-sm">
          <strong>This is a local test checkout.</strong> No real card is charged: payments are not configured on this server, so the purchase is completed here
          and confirmed to the app the way the payment provider would confirm it.
        </p>
        <div className="mt-6 flex items-baseline justify-between gap-4 border-b border-line pb-4">
          <p className="font-semibold">{checkout.description}</p>
          <p className="font-display text-3xl font-bold">
            {price}
            {checkout.interval === "month" || checkout.interval === "year" ? (
              <span className="text-sm font-normal text-muted"> / {checkout.interval}</span>
            ) : null}
          </p>
        </div>

        {checkout.status !== "open" ? (
          <p role="alert" className="mt-6 text-muted">
            This checkout is no longer open.
          </p>
        ) : result?.step === "confirm" ? (
          <div className="mt-6 grid gap-4" data-testid="confirm-step">
            <h2 className="text-2xl font-bold">Confirm this payment</h2>
            <p className="text-muted">Your bank asks you to confirm the payment of {price} to Arcanum.</p>
            <Form method="post" className="flex flex-wrap gap-3">
              <input type="hidden" name="card" value={result.card} />
              <button type="submit" name="intent" value="confirm" className={buttonClasses("primary")} disabled={busy}>
                Confirm payment
              </button>
              <button type="submit" name="intent" value="fail" className={buttonClasses("secondary")} disabled={busy}>
                Fail authentication
              </button>
            </Form>
          </div>
        ) : (
          <Form method="post" className="mt-6 grid gap-4" noValidate>
            <details className="text-sm" open>
              <summary className="cursor-pointer font-semibold">Test cards</summary>
              <ul className="mt-2 grid gap-1 text-muted">
                {TEST_CARD_LIST.map(([number, outcome]) => (
                  <li key={number}>
                    <code className="font-mono text-ink">{number}</code> {outcome}; any future expiry and any CVC
                  </li>
                ))}
              </ul>
            </details>
            {errors.form ? (
              <p role="alert" className="text-sm text-danger">
                {errors.form}
              </p>
            ) : null}
            <label className="block text-sm font-semibold">
              Card number
              <input
                name="card"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="4242 4242 4242 4242"
                defaultValue={result?.step === "card" ? result.card : ""}
                className={field}
                {...described("card")}
              />
              {errors.card ? (
                <span id="card-error" role="alert" className="mt-1 block text-sm text-danger">
                  {errors.card}
                </span>
              ) : null}
            </label>
            <div className="grid grid-cols-2 gap-4">
              <label className="block text-sm font-semibold">
                Expiry
                <input name="expiry" inputMode="numeric" autoComplete="cc-exp" placeholder="MM / YY" className={field} {...described("expiry")} />
                {errors.expiry ? (
                  <span id="expiry-error" className="mt-1 block text-sm text-danger">
                    {errors.expiry}
                  </span>
                ) : null}
              </label>
              <label className="block text-sm font-semibold">
                CVC
                <input name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" className={field} {...described("cvc")} />
                {errors.cvc ? (
                  <span id="cvc-error" className="mt-1 block text-sm text-danger">
                    {errors.cvc}
                  </span>
                ) : null}
              </label>
            </div>
            <div className="flex flex-wrap gap-3">
              <button type="submit" name="intent" value="pay" className={cn(buttonClasses("primary", "lg"), "flex-1")} disabled={busy}>
                {busy && navigation.formData?.get("intent") === "pay" ? "Paying…" : `Pay ${price}`}
              </button>
              <button type="submit" name="intent" value="cancel" className={buttonClasses("secondary", "lg")} disabled={busy}>
                Cancel
              </button>
            </div>
          </Form>
        )}
      </Panel>
    </div>
  );
}
