import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { formatMoney } from "~/lib/format";
import {
  GUARANTEE_CAP_CENTS,
  GUARANTEE_ONCE_IN_DAYS,
  GUARANTEE_REASONS,
  GUARANTEE_TERMS,
  GUARANTEE_WHO_PAYS,
  GUARANTEE_WINDOW_HOURS,
} from "~/paid-readings/guarantee";

export const meta: MetaFunction = () => [
  { title: "Satisfaction guarantee — Arcanum" },
  {
    name: "description",
    content: `Unhappy with a paid live reading? Claim up to ${formatMoney(GUARANTEE_CAP_CENTS)} back to your balance within ${GUARANTEE_WINDOW_HOURS} hours, once in ${GUARANTEE_ONCE_IN_DAYS} days.`,
  },
];

/** The guarantee's published terms, word for word the rule module's (app/paid-readings/guarantee.ts). */
export default function Guarantee() {
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16">
      <PageHeader eyebrow="Paid readings" title="Satisfaction guarantee">
        <p>
          Up to {formatMoney(GUARANTEE_CAP_CENTS)} back within {GUARANTEE_WINDOW_HOURS} hours, once in {GUARANTEE_ONCE_IN_DAYS} days.
        </p>
      </PageHeader>
      <section className="rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="terms-title">
        <h2 id="terms-title" className="text-2xl font-bold">
          The terms
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5" data-testid="guarantee-terms">
          {GUARANTEE_TERMS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section className="mt-6 rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="reasons-title">
        <h2 id="reasons-title" className="text-2xl font-bold">
          The reasons you can give
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-5">
          {Object.values(GUARANTEE_REASONS).map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      </section>
      <section className="mt-6 rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="who-pays-title">
        <h2 id="who-pays-title" className="text-2xl font-bold">
          Who pays for a claim
        </h2>
        <p className="mt-2" data-testid="guarantee-who-pays">
          {GUARANTEE_WHO_PAYS}
        </p>
      </section>
      <p className="mt-8">
        Claim it from the receipt of your reading: your{" "}
        <Link to="/balance" className="underline">
          balance page
        </Link>{" "}
        lists your readings. Looking for a reader?{" "}
        <Link to="/readers" className="underline">
          See who is online
        </Link>
        .
      </p>
    </div>
  );
}
