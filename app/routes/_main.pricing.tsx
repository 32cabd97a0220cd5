import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { EXPLORER_PLUS, FREE_PLAN, formatPlanPrice, plansFor, pricePerMonth, YEARLY_SAVING_PERCENT, type BillingChoice, type Plan } from "~/plans/catalogue";
import { formatDollars } from "~/lib/format";
import { planCreditsLine, planHeadline, planQualityLines } from "~/plans/plan-credits";
import { COMMERCIAL_RIGHTS_LABEL, planFeatures } from "~/entitlements/entitlements";
import { PLAN_RIGHTS_PATH } from "~/marketplace/licences";
import type { PageHandle } from "~/lib/page-handle";

export const handle: PageHandle = { renderMemo: true };

export const meta: MetaFunction = () => [
  { title: "Pricing — Arcanum" },
  { name: "description", content: "Plans for every kind of deck maker: free, a one-off upgrade, and monthly or yearly subscriptions." },
];

export function loader({ request }: LoaderFunctionArgs) {
  const billing: BillingChoice = new URL(request.url).searchParams.get("billing") === "yearly" ? "yearly" : "monthly";
  return { billing };
}

export default function Pricing() {
  const { billing } = useLoaderData<typeof loader>();
  const subscriptions = plansFor(billing).filter((p) => p.mode === "subscription");
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6">
      <PageHeader eyebrow="Pricing" title="Choose how far your decks go">
        <p>Start free. Subscribe for more decks every month, better art and lower marketplace fees.</p>
      </PageHeader>

      <nav aria-label="Billing period" className="mx-auto flex w-fit rounded-full border border-line bg-surface p-1">
        {(["monthly", "yearly"] as const).map((choice) => (
          <Link
            key={choice}
            to={`?billing=${choice}`}
            replace
            preventScrollReset
            aria-current={billing === choice ? "true" : undefined}
            className={cn(
              "rounded-full px-5 py-2 text-sm font-semibold transition",
              billing === choice ? "bg-brand text-brand-ink" : "text-muted hover:text-ink",
            )}
          >
            {choice === "monthly" ? "Monthly" : `Yearly · save ${YEARLY_SAVING_PERCENT}%`}
          </Link>
        ))}
      </nav>

      <ul className="mt-10 grid gap-6 lg:grid-cols-3">
        {subscriptions.map((plan) => (
          <li key={plan.key}>
            <PlanCard plan={plan} />
          </li>
        ))}
      </ul>

      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        <li>
          <PlanCard plan={FREE_PLAN} />
        </li>
        <li>
          <PlanCard plan={EXPLORER_PLUS} />
        </li>
      </ul>
    </div>
  );
}

function intervalLabel(plan: Plan) {
  if (plan.mode === "free") return "forever";
  if (plan.interval === "once") return "one-off";
  return plan.interval === "year" ? "per year" : "per month";
}

function cta(plan: Plan): { to: string; label: string } {
  if (plan.mode === "free") return { to: "/create-deck", label: "Create a free deck" };
  if (plan.mode === "payment") return { to: `/subscription?plan=${plan.key}`, label: "Upgrade a deck" };
  return { to: `/subscription?plan=${plan.key}`, label: `Choose ${plan.name}` };
}

function PlanCard({ plan }: { plan: Plan }) {
  const action = cta(plan);
  const headingId = `plan-${plan.key}`;
  return (
    <article
      aria-labelledby={headingId}
      data-plan={plan.key}
      className={cn(
        "relative flex h-full flex-col rounded-3xl border bg-surface/90 p-7",
        plan.popular ? "border-gold-bright shadow-[0_20px_60px_-25px_var(--gold-bright)]" : "border-line",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-3xl font-bold">
          {plan.name}
        </h2>
        {plan.popular ? <Badge tone="gold">Most popular</Badge> : null}
      </div>
      <p className="mt-1 text-sm text-muted">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="font-display text-5xl font-bold" data-testid="plan-price">
          {formatPlanPrice(plan)}
        </span>
        <span className="text-sm text-muted">{intervalLabel(plan)}</span>
      </p>
      {plan.interval === "year" ? <p className="mt-1 text-xs text-muted">{formatDollars(pricePerMonth(plan))} a month, billed yearly</p> : null}
      <p className="mt-4 text-sm font-semibold" data-testid="plan-headline">
        {planHeadline(plan)}
      </p>
      <p className="mt-1 text-xs text-muted" data-testid="plan-credits">
        {planCreditsLine(plan)}:
      </p>
      <ul className="text-xs text-muted" aria-label="Decks at each image quality">
        {planQualityLines(plan).map((line) => (
          <li key={line.quality} data-quality={line.quality}>
            {line.text}
          </li>
        ))}
      </ul>
      <ul className="mt-5 flex-1 space-y-2 text-sm">
        {planFeatures(plan).map((feature) => (
          <li key={feature} className="flex gap-2">
            <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold">
              <path fill="currentColor" d="M10 1 L12 8 L19 10 L12 12 L10 19 L8 12 L1 10 L8 8 Z" />
            </svg>
            {feature === COMMERCIAL_RIGHTS_LABEL[plan.commercialRights] ? (
              <Link to={PLAN_RIGHTS_PATH} className="underline underline-offset-2">
                {feature}
              </Link>
            ) : (
              <span>{feature}</span>
            )}
          </li>
        ))}
      </ul>
      <Link to={action.to} className={cn(buttonClasses(plan.popular ? "gold" : "secondary", "lg"), "mt-7 w-full")}>
        {action.label}
      </Link>
    </article>
  );
}
