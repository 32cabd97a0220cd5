import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { localPortalAction, localPortalLoader } from "~/payments/local-portal.server";

export const meta: MetaFunction = () => [{ title: "Manage subscription — Arcanum" }, { name: "robots", content: "noindex" }];

export const loader = localPortalLoader;
export const action = localPortalAction;

const longDate = (ms: number) => new Date(ms).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });

export default function LocalPortal() {
  const portal = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Test billing" title="Manage subscription" />
      <Panel>
        <p role="note" className="rounded-2xl border border-gold-bright/60 bg-surface-2 p-4 text-sm">
          <strong>This is the local test billing page.</strong> Payments are not configured on this server; changes made here reach the app
          the way the payment provider's portal would send them.
        </p>
        <p className="mt-6">
          <strong>{portal.planName}</strong> · {portal.price} {portal.interval === "year" ? "a year" : "a month"}
        </p>
        <p className="text-muted">
          {portal.cancelAtPeriodEnd ? `Cancelled: it ends on ${longDate(portal.periodEnd)}. Nothing more will be charged.` : `Renews on ${longDate(portal.periodEnd)}.`}
        </p>
        <Form method="post" className="mt-6 flex flex-wrap gap-3">
          {portal.cancelAtPeriodEnd ? (
            <button type="submit" name="intent" value="resume" className={buttonClasses("primary")} disabled={busy}>Resume subscription</button>
          ) : (
            <button type="submit" name="intent" value="cancel" className={buttonClasses("secondary")} disabled={busy}>Cancel subscription</button>
          )}
          <Link to={portal.returnTo} className={buttonClasses("secondary")}>Back to Arcanum</Link>
        </Form>
      </Panel>
    </div>
  );
}
