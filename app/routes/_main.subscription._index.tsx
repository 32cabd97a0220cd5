import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { subscriptionAction, subscriptionLoader, type SubscriptionActionData } from "~/payments/subscription-page.server";

export const meta: MetaFunction = () => [{ title: "Subscription — Arcanum" }];

export const loader = subscriptionLoader;
export const action = subscriptionAction;

const longDate = (ms: number) => new Date(ms).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
const per = (interval: string) => (interval === "once" ? ", one-off" : interval === "year" ? " a year" : " a month");

export default function Subscription() {
  const { signedIn, signInPath, current, chosen } = useLoaderData<typeof loader>();
  const result = useActionData<SubscriptionActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="px-4">
      <PageHeader eyebrow="Subscription" title={current?.active ? "Premium Membership" : "Upgrade to Premium"} />
      <Panel>
        {current ? (
          <div data-testid="current-plan" className="grid gap-1">
            <p>
              Your plan: <strong>{current.name}</strong> ({current.price}
              {per(current.interval)}).
            </p>
            {current.status === "past_due" ? (
              <p role="alert" className="text-danger">Your last payment did not go through. Update your payment method to keep making paid decks.</p>
            ) : current.active ? (
              <p className="text-muted">
                {current.cancelAtPeriodEnd ? `Cancelled: it ends on ${longDate(current.periodEnd)}, and nothing more will be charged.` : `Renews on ${longDate(current.periodEnd)}.`}
              </p>
            ) : (
              <p className="text-muted">It ended. You are on the free plan.</p>
            )}
            {current.status !== "canceled" ? (
              <Form method="post" className="mt-3">
                <button type="submit" name="intent" value="manage" className={buttonClasses("secondary")} disabled={busy}>
                  Manage subscription
                </button>
                <span className="ml-3 text-sm text-muted">Cancel, resume or change how you pay.</span>
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
            {result?.error ? <p role="alert" className="mt-3 text-sm text-danger">{result.error}</p> : null}
            {signedIn ? (
              <Form method="post" className="mt-4">
                <input type="hidden" name="plan" value={chosen.key} />
                <button type="submit" name="intent" value="checkout" className={buttonClasses("gold", "lg")} disabled={busy}>
                  {busy ? "Opening checkout…" : `Continue to checkout`}
                </button>
              </Form>
            ) : (
              <Link to={signInPath} className={`${buttonClasses("primary", "lg")} mt-4`}>Sign in to subscribe</Link>
            )}
          </div>
        ) : chosen && chosen.mode === "payment" ? (
          <p className="mt-6 rounded-2xl bg-surface-2 p-5 text-sm">
            You picked <strong>{chosen.name}</strong> ({chosen.price}, one-off): it completes one of your Major Arcana decks with its 56 Minor
            Arcana. Open the deck in{" "}
            <Link to="/collection" className="underline underline-offset-4">your collection</Link> and choose &ldquo;Complete it with Explorer Plus&rdquo;.
          </p>
        ) : result?.error ? (
          <p role="alert" className="mt-4 text-sm text-danger">{result.error}</p>
        ) : null}
        <Link to="/pricing" className={`${buttonClasses("secondary")} mt-6`}>Compare plans</Link>
      </Panel>
    </div>
  );
}
