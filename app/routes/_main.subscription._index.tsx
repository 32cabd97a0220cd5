import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { findPlanByKey, findPlanByPriceId, formatPlanPrice } from "~/plans/catalogue";
import { isSubscribed } from "~/plans/subscription";

export const meta: MetaFunction = () => [{ title: "Subscription — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await context.currentUser();
  const chosenKey = new URL(request.url).searchParams.get("plan");
  const chosen = chosenKey ? findPlanByKey(chosenKey) ?? null : null;
  const row = user
    ? await context.db.query.subscriptions.findFirst({ where: eq(subscriptions.userId, user.id) })
    : undefined;
  const current = row && isSubscribed(row.subscriptionStatus) ? findPlanByPriceId(row.priceId) ?? null : null;
  return {
    signedIn: Boolean(user),
    current: current ? { name: current.name, renewsAt: row!.currentPeriodEnd * 1000 } : null,
    chosen: chosen ? { name: chosen.name, price: formatPlanPrice(chosen), interval: chosen.interval } : null,
  };
}

export default function Subscription() {
  const { signedIn, current, chosen } = useLoaderData<typeof loader>();
  return (
    <div className="px-4">
      <PageHeader eyebrow="Subscription" title={current ? "Premium Membership" : "Upgrade to Premium"} />
      <Panel>
        {current ? (
          <p>
            You are on the <strong>{current.name}</strong> plan, renewing on{" "}
            {new Date(current.renewsAt).toLocaleDateString("en-US", { dateStyle: "long" })}.
          </p>
        ) : (
          <p className="text-muted">{signedIn ? "You are on the free plan." : "Sign in to see your plan."}</p>
        )}
        {chosen ? (
          <p className="mt-4 rounded-2xl bg-surface-2 p-4 text-sm">
            You picked <strong>{chosen.name}</strong> ({chosen.price}
            {chosen.interval === "once" ? ", one-off" : chosen.interval === "year" ? " a year" : " a month"}). Payments are not
            open yet, so nothing has been charged.
          </p>
        ) : null}
        <Link to="/pricing" className={`${buttonClasses("secondary")} mt-6`}>Compare plans</Link>
      </Panel>
    </div>
  );
}
