import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney, longDate } from "~/lib/format";
import {
  earningsFrom,
  earningsReads,
  refreshPayoutAccount,
  requestPayout,
  requireSeller,
  startOnboarding,
  type PayoutLine,
  type SaleLine,
} from "~/marketplace/earnings.server";
import { readShape } from "~/lib/page-reads.server";
import { PayoutsError } from "~/payouts/provider.server";
import type { PageHandle } from "~/lib/page-handle";
import { readForm } from "~/lib/read-form.server";

export const handle: PageHandle = { roundTrips: 1, actionRoundTrips: 7, renderMemo: true };

export const meta: MetaFunction = () => [{ title: "Sales & payouts — Arcanum" }, { name: "robots", content: "noindex" }];

/** Everything the page shows of the seller, read beside the session. */
const SALES = readShape((db, me) => earningsReads(db, me));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const onboarding = new URL(request.url).searchParams.get("onboarding");
  const returned = async () => {
    // Back from the provider's onboarding: read the account now rather than wait for its event, then the page.
    const user = await requireSeller(request, context);
    await refreshPayoutAccount(context, user.id);
    return context.read(SALES, {});
  };
  // Otherwise the seller and their books in one round trip.
  const rows = onboarding === "return" ? await returned() : (await Promise.all([requireSeller(request, context), context.read(SALES, {})]))[1];
  const earnings = earningsFrom(rows);
  const notice =
    onboarding === "return"
      ? earnings.account?.payoutsEnabled
        ? "Payouts are set up. You can request a payout once your balance reaches the minimum."
        : "Your payout details are being checked. This page shows when payouts are ready."
      : onboarding === "expired"
        ? "The payout setup link expired. Press “Finish setting up payouts” to pick up where you left off."
        : null;
  return { ...earnings, notice };
}

const salesForm = lazySchema(() => z.discriminatedUnion("intent", [z.object({ intent: z.literal("onboard") }), z.object({ intent: z.literal("payout") })]));

export type SalesActionData = { error?: string; notice?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireSeller(request, context);
  const read = await readForm(request, salesForm);
  if (!read.ok) return data<SalesActionData>({ error: "Choose one of the actions on this page." }, { status: 400 });
  switch (read.data.intent) {
    case "onboard":
      try {
        throw redirect(await startOnboarding(context, user, new URL(request.url).origin));
      } catch (error) {
        if (!(error instanceof PayoutsError)) throw error;
        return data<SalesActionData>({ error: error.message }, { status: error.status });
      }
    case "payout": {
      const outcome = await requestPayout(context, user);
      if (outcome.kind === "refused") return data<SalesActionData>({ error: outcome.message }, { status: outcome.status });
      if (outcome.kind === "pending") return data<SalesActionData>({ notice: outcome.message }, { status: 202 });
      return { notice: `${formatMoney(outcome.amountCents)} is on its way to your payout account.` } satisfies SalesActionData;
    }
  }
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="rounded-2xl border border-line bg-surface/80 p-4 sm:p-5" data-testid={testId}>
      <p className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">{label}</p>
      <p className="mt-1 text-2xl font-bold sm:mt-2 sm:text-3xl">{value}</p>
      {hint ? <p className="mt-1 text-sm text-muted">{hint}</p> : null}
    </div>
  );
}

const PAYOUT_STATUS: Record<PayoutLine["status"], { label: string; tone: "neutral" | "gold" | "success" }> = {
  pending: { label: "On its way", tone: "gold" },
  paid: { label: "Paid", tone: "success" },
  failed: { label: "Failed · back in your balance", tone: "neutral" },
};

function SaleCard({ sale }: { sale: SaleLine }) {
  return (
    <li className="rounded-2xl border border-line bg-surface/80 p-4 text-sm" data-testid="sale">
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold">
          {sale.deckTitle}
          {sale.inBundle ? <span className="font-normal text-muted"> · in a bundle</span> : null}
        </p>
        {sale.refunded ? <Badge tone="neutral">Refunded</Badge> : null}
      </div>
      <p className="text-muted">
        {sale.buyer ? `@${sale.buyer}` : "a buyer"} · {longDate(sale.soldAt)}
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-2">
        <div>
          <dt className="text-xs text-muted">Price</dt>
          <dd>{formatMoney(sale.grossCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Fee ({sale.feePercent}%)</dt>
          <dd>−{formatMoney(sale.feeCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">You earn</dt>
          <dd className="font-semibold">{formatMoney(sale.netCents)}</dd>
        </div>
      </dl>
    </li>
  );
}

export default function Sales() {
  const { sales, totals, balanceCents, minimumPayoutCents, payouts, account, plan, notice } = useLoaderData<typeof loader>();
  const result = useActionData<SalesActionData>();
  const busy = useNavigation().state !== "idle";
  const canPayOut = Boolean(account?.payoutsEnabled) && balanceCents >= minimumPayoutCents;
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Sales" title="Sales & payouts">
        <p>What your decks have earned in the marketplace, and the money sent to you.</p>
      </PageHeader>
      <nav aria-label="Selling" className="mb-4 flex flex-wrap gap-3">
        <Link to="/sales/codes" className={buttonClasses("secondary", "sm")}>
          Offer codes
        </Link>
        <Link to="/sales/bundles" className={buttonClasses("secondary", "sm")}>
          Bundles
        </Link>
      </nav>

      {notice || result?.notice ? (
        <p role="status" className="mb-4 rounded-xl bg-surface-2 p-3 text-sm">
          {result?.notice ?? notice}
        </p>
      ) : null}
      {result?.error ? (
        <p role="alert" className="mb-4 rounded-xl border border-danger/40 p-3 text-sm text-danger">
          {result.error}
        </p>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-3">
        <Figure testId="balance" label="Balance" value={formatMoney(balanceCents)} hint="Yours to pay out" />
        <Figure testId="total-net" label="Earned" value={formatMoney(totals.netCents)} hint={`From ${formatMoney(totals.grossCents)} in sales`} />
        <Figure testId="fees" label="Fees paid" value={formatMoney(totals.feeCents)} />
      </div>

      <section className="mt-6 rounded-3xl border border-line bg-surface/80 p-5 sm:p-6">
        <h2 className="text-xl font-bold">Payouts</h2>
        {account?.payoutsEnabled ? (
          <>
            <p className="mt-2 text-sm text-muted">
              A payout sends your whole balance to your payout account. The minimum is {formatMoney(minimumPayoutCents)}.
            </p>
            <Form method="post" className="mt-4">
              <button type="submit" name="intent" value="payout" className={buttonClasses("primary")} disabled={busy || !canPayOut}>
                Request payout{canPayOut ? ` of ${formatMoney(balanceCents)}` : ""}
              </button>
            </Form>
            {canPayOut ? null : (
              <p className="mt-2 text-sm text-muted">Your balance is below the {formatMoney(minimumPayoutCents)} minimum: payouts open when it reaches it.</p>
            )}
          </>
        ) : (
          <>
            <p className="mt-2 text-sm text-muted">
              {account
                ? "Your payout details are not complete yet. Finish setting up payouts to receive your earnings."
                : "Tell us where to send your earnings. You can request a payout once your balance reaches " + formatMoney(minimumPayoutCents) + "."}
            </p>
            <Form method="post" className="mt-4">
              <button type="submit" name="intent" value="onboard" className={buttonClasses("primary")} disabled={busy}>
                {account ? "Finish setting up payouts" : "Set up payouts"}
              </button>
            </Form>
          </>
        )}
        <p className="mt-4 text-sm" data-testid="plan-fee">
          {plan.feePercent !== null ? (
            <>
              On your current plan the marketplace fee is <strong>{plan.feePercent}%</strong> of each sale.{" "}
              <Link to="/pricing" className="text-brand underline">
                Compare plans
              </Link>
            </>
          ) : (
            <>
              Your plan lists decks for free. To sell for a price, choose a plan: {plan.sellingPlans.map((p) => `${p.name} (${p.feePercent}% fee)`).join(", ")}.{" "}
              <Link to="/pricing" className="text-brand underline">
                See plans
              </Link>
            </>
          )}
        </p>
        {payouts.length > 0 ? (
          <ul className="mt-4 grid gap-2" data-testid="payouts">
            {payouts.map((payout) => (
              <li key={payout.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line p-3 text-sm">
                <span>
                  <strong>{formatMoney(payout.amountCents, payout.currency)}</strong>
                  <span className="block text-muted">{longDate(payout.paidAt ?? payout.createdAt)}</span>
                </span>
                <Badge tone={PAYOUT_STATUS[payout.status].tone}>{PAYOUT_STATUS[payout.status].label}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section className="mt-8">
        <h2 className="text-xl font-bold">Sales</h2>
        {sales.length === 0 ? (
          <div className="mt-3 rounded-3xl border border-dashed border-line p-8 text-center">
            <p className="text-muted">No sales yet. List a deck from your collection to sell it in the marketplace.</p>
            <Link to="/collection" className={`${buttonClasses("secondary")} mt-4`}>
              My Collection
            </Link>
          </div>
        ) : (
          <>
            <ul className="mt-3 grid gap-3 md:hidden">
              {sales.map((sale) => (
                <SaleCard key={sale.id} sale={sale} />
              ))}
            </ul>
            <div className="mt-3 hidden overflow-hidden rounded-2xl border border-line md:block">
              <table className="w-full text-left text-sm">
                <thead className="bg-surface-2 text-xs uppercase tracking-wider text-muted">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Deck
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Buyer
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Date
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      Price
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      Fee
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      You earn
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sales.map((sale) => (
                    <tr key={sale.id} className="border-t border-line" data-testid="sale-row">
                      <td className="px-4 py-3 font-semibold">
                        {sale.deckTitle}
                        {sale.inBundle ? <span className="font-normal text-muted"> · in a bundle</span> : null}{" "}
                        {sale.refunded ? (
                          <Badge tone="neutral" className="ml-1">
                            Refunded
                          </Badge>
                        ) : null}
                      </td>
                      <td className="px-4 py-3">{sale.buyer ? `@${sale.buyer}` : "a buyer"}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{longDate(sale.soldAt)}</td>
                      <td className="px-4 py-3 text-right">{formatMoney(sale.grossCents)}</td>
                      <td className="px-4 py-3 text-right whitespace-nowrap">
                        −{formatMoney(sale.feeCents)} <span className="text-muted">({sale.feePercent}%)</span>
                      </td>
                      <td className="px-4 py-3 text-right font-semibold">{formatMoney(sale.netCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
