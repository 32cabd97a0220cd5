import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";

export const meta: MetaFunction = () => [{ title: "Subscription — Arcanum" }];

export default function SubscriptionSuccess() {
  return (
    <div className="px-4">
      <PageHeader eyebrow="Subscription" title="Thank you" />
      <Panel>
        <p className="text-muted">
          This is where you land after paying. Your plan shows on your subscription page as soon as the payment is confirmed.
        </p>
        <Link to="/subscription" className={`${buttonClasses("primary")} mt-6`}>View my subscription</Link>
      </Panel>
    </div>
  );
}
