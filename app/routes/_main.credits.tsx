import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { requireUser } from "~/auth/guard.server";
import { LocalTime } from "~/components/local-time";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { deckCharge, describeCredits, upgradeCharge, type CreditAmounts } from "~/plans/cost";
import { creditsOverview } from "~/credits/history.server";
import { creditsMakeSentence } from "~/plans/plan-credits";
import { plansOfferingPhrase } from "~/entitlements/entitlements";
import { cn } from "~/lib/cn";
import type { PageHandle } from "~/lib/page-handle";
import type { CardImageQuality } from "../../db/columns";

/**
 * Round trips: the person, then the quota, the plan and the ledger's page side by side. A member's
 * first visit, or one due a refresh, writes the quota record after its read: one more (decision 0132).
 */
export const handle: PageHandle = { roundTrips: 3 };

export const meta: MetaFunction = () => [{ title: "Credits — Arcanum" }];

const query = lazySchema(() => z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { page } = query.parse({ page: new URL(request.url).searchParams.get("page") ?? undefined });
  const overview = await creditsOverview(context.db, user.id, page);
  return { ...overview, isGuest: user.isGuest };
}

/** "+12 complete-deck credits", "−1 Major Arcana credit and +1 complete-deck credit", "no change". */
function changeText(change: CreditAmounts): string {
  const parts: string[] = [];
  if (change.majorArcana !== 0)
    parts.push(`${change.majorArcana > 0 ? "+" : "−"}${describeCredits({ majorArcana: Math.abs(change.majorArcana), completeDeck: 0 })}`);
  if (change.completeDeck !== 0)
    parts.push(`${change.completeDeck > 0 ? "+" : "−"}${describeCredits({ majorArcana: 0, completeDeck: Math.abs(change.completeDeck) })}`);
  return parts.length > 0 ? parts.join(", ") : "no change";
}

type Price = { what: string; quality: CardImageQuality; cost: string; note?: string };

const PRICES: Price[] = [
  {
    what: "Major Arcana deck (22 cards)",
    quality: "medium",
    cost: describeCredits(deckCharge("major_arcana", "medium")),
    note: `or ${describeCredits(deckCharge("major_arcana", "medium", { majorArcana: 0, completeDeck: 1 }))} when no Major Arcana credit is left`,
  },
  { what: "Full deck (78 cards)", quality: "medium", cost: describeCredits(deckCharge("complete", "medium")) },
  { what: "Completing a Major Arcana deck to 78 cards", quality: "medium", cost: describeCredits(upgradeCharge()) },
  { what: "Any deck, 22 or 78 cards", quality: "high", cost: describeCredits(deckCharge("complete", "high")) },
];

const card = "rounded-3xl border border-line bg-surface/90 p-5 sm:p-6";

export default function Credits() {
  const data = useLoaderData<typeof loader>();
  const makeFull = creditsMakeSentence(data.left, "complete", data.qualities);
  const makeMajor = creditsMakeSentence(data.left, "major_arcana", data.qualities);
  const grant = describeCredits(data.refreshGrant);
  const owed = data.owed.majorArcana + data.owed.completeDeck > 0 ? describeCredits(data.owed) : null;
  return (
    <div className="mx-auto max-w-4xl px-4 pb-16">
      <PageHeader eyebrow="Decks" title="Credits">
        <p>Every deck is paid with credits, taken before anything is made and given back if nothing could be made.</p>
      </PageHeader>

      <section className={card} aria-labelledby="have-title" data-testid="credits-left">
        <h2 id="have-title" className="text-2xl font-bold">
          What you have
        </h2>
        <p className="mt-1 text-sm text-muted">{data.isGuest ? "As a guest, on the free plan." : `On the ${data.planName} plan.`}</p>
        <dl className="mt-4 grid grid-cols-2 gap-3">
          <div className="rounded-2xl bg-surface-2 p-4">
            <dt className="text-sm text-muted">Major Arcana credits</dt>
            <dd className="mt-1 text-4xl font-bold tabular-nums" data-testid="major-arcana-credits">
              {data.left.majorArcana}
            </dd>
          </div>
          <div className="rounded-2xl bg-surface-2 p-4">
            <dt className="text-sm text-muted">Complete-deck credits</dt>
            <dd className="mt-1 text-4xl font-bold tabular-nums" data-testid="complete-deck-credits">
              {data.left.completeDeck}
            </dd>
          </div>
        </dl>
        <div className="mt-4 space-y-1 text-sm" data-testid="credits-make">
          {makeFull || makeMajor ? (
            <>
              {makeFull ? <p>{makeFull}</p> : null}
              {/* Said for Major Arcana decks only when it differs from the full decks' counts. */}
              {makeMajor && makeMajor.replaceAll("Major Arcana", "full") !== makeFull ? <p>{makeMajor}</p> : null}
            </>
          ) : (
            <p>No deck can be paid for with what is left until the next refresh.</p>
          )}
        </div>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to="/create-deck" className={buttonClasses("primary")}>
            Create a deck
          </Link>
          <Link to="/pricing" className={buttonClasses("secondary")}>
            See the plans
          </Link>
        </div>
        {data.isGuest ? (
          <p className="mt-4 text-sm text-muted" data-testid="guest-credits">
            These are this guest&rsquo;s credits.{" "}
            <Link to="/login?redirectTo=%2Fcredits" className="font-semibold text-brand underline">
              Sign in
            </Link>{" "}
            to use an account&rsquo;s credits, or{" "}
            <Link to="/signup?redirectTo=%2Fcredits" className="font-semibold text-brand underline">
              create an account
            </Link>{" "}
            to keep these and subscribe for more.
          </p>
        ) : null}
      </section>

      <section className={cn(card, "mt-6")} aria-labelledby="refresh-title" data-testid="credits-refresh">
        <h2 id="refresh-title" className="text-2xl font-bold">
          Next refresh
        </h2>
        <p className="mt-2">
          On <LocalTime at={data.nextRefreshDate} style="long" />
          {data.refreshGrant.majorArcana + data.refreshGrant.completeDeck > 0 ? `, your plan gives ${grant}.` : ", your plan gives no new credits."}
        </p>
        <p className="mt-1 text-sm text-muted">
          {data.rolloverCap > 0
            ? `Unused credits carry over, up to ${data.rolloverCap} of each kind; the rest lapse.`
            : "Unused credits do not carry over: the refresh starts again from the plan's grant."}
          {owed ? ` ${owed} owed from a guest account merged into this one come off it first.` : ""}
        </p>
      </section>

      <section className={cn(card, "mt-6")} aria-labelledby="prices-title">
        <h2 id="prices-title" className="text-2xl font-bold">
          What a deck costs
        </h2>
        <ul className="mt-3 divide-y divide-line text-sm" data-testid="credit-prices">
          {PRICES.map((price) => {
            const allowed = data.qualities.includes(price.quality);
            return (
              <li key={`${price.what}-${price.quality}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <span className="min-w-0">
                  <span className="font-semibold">{price.what}</span>
                  <span className="text-muted">, {price.quality} quality</span>
                  {allowed ? null : <span className="block text-muted">Part of {plansOfferingPhrase(price.quality)}.</span>}
                </span>
                <span className="text-right">
                  {price.cost}
                  {price.note ? <span className="block text-xs text-muted">{price.note}</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      <section className={cn(card, "mt-6")} aria-labelledby="history-title">
        <h2 id="history-title" className="text-2xl font-bold">
          History
        </h2>
        {data.lines.length === 0 ? (
          <p className="mt-2 text-muted">{data.page > 1 ? "No older lines." : "Nothing yet: charges, refunds, refreshes and purchases appear here."}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line text-sm" data-testid="credit-ledger">
            {data.lines.map((line) => (
              <li key={line.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <span className="min-w-0 break-words">
                  {line.deckHref ? (
                    <Link to={line.deckHref} className="font-semibold underline">
                      {line.description}
                    </Link>
                  ) : (
                    <span className="font-semibold">{line.description}</span>
                  )}
                  {line.receiptHref ? (
                    <>
                      {" "}
                      ·{" "}
                      <Link to={line.receiptHref} className="underline">
                        receipt
                      </Link>
                    </>
                  ) : null}
                  <span className="block text-muted">
                    <LocalTime at={line.createdAt} style="mediumWithTime" />
                  </span>
                </span>
                <span className={cn("tabular-nums", line.change.majorArcana + line.change.completeDeck > 0 ? "text-brand" : "")}>
                  {changeText(line.change)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {data.page > 1 || data.hasOlder ? (
          <nav aria-label="History pages" className="mt-4 flex flex-wrap justify-between gap-3">
            {data.page > 1 ? (
              <Link to={data.page === 2 ? "/credits" : `/credits?page=${data.page - 1}`} className={buttonClasses("secondary", "sm")}>
                Newer
              </Link>
            ) : (
              <span />
            )}
            {data.hasOlder ? (
              <Link to={`/credits?page=${data.page + 1}`} className={buttonClasses("secondary", "sm")}>
                Older
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
