import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { OfferCodeField, PriceWithCode, type CodeResult } from "~/marketplace/components/offer-code";
import { PricesInUsd } from "~/marketplace/components/prices-in-usd";
import { PageHeader, Panel } from "~/components/page-header";
import { TarotCardImage } from "~/components/tarot-card";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { bundleOffer, bundlePrice, buyBundle, heldMessage } from "~/marketplace/bundles.server";
import { enteredCode } from "~/marketplace/offers";
import { shopPath } from "~/marketplace/shop";
import { PaymentsError } from "~/payments/provider.server";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm } from "~/lib/read-form.server";
import { z } from "zod";

/** Round trips: the bundle, its decks and the buyer's copies in one batch, then the code they entered; buying reads them again and opens a checkout at the payment provider. */
export const handle: PageHandle = { roundTrips: 4, actionRoundTrips: 8 };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.bundle.title ?? "Bundle"} — Checkout — Arcanum` }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const offer = await bundleOffer(context.db, params.bundleId ?? "", user.id);
  if (offer.state === "not-for-sale") throw new Response("This bundle is not for sale", { status: 404 });
  const entered = enteredCode.safeParse(new URL(request.url).searchParams.get("code") ?? "");
  let code: CodeResult | null = null;
  if (!entered.success) code = { code: "", applied: null, error: entered.error.issues[0]?.message ?? "Check the offer code." };
  else if (entered.data && offer.state === "for-sale") {
    const price = await bundlePrice(context.db, offer, entered.data);
    code = price.ok ? { code: entered.data, applied: price.applied, error: null } : { code: entered.data, applied: null, error: price.message };
  }
  return {
    bundle: offer.bundle,
    creator: offer.creator,
    state: offer.state,
    heldNotice: offer.state === "for-sale" && offer.held.length > 0 ? heldMessage(offer.held) : null,
    code,
    isGuest: user.isGuest,
    signupPath: `/signup?redirectTo=${encodeURIComponent(`/checkout/bundle/${offer.bundle.id}`)}`,
  };
}

/** The bundle bought, with an offer code or none. */
const bundleCheckoutForm = lazySchema(() => z.object({ code: enteredCode }));

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, bundleCheckoutForm);
  if (!read.ok) return data({ message: read.message, field: "code" as const }, { status: 400 });
  try {
    const outcome = await buyBundle(context, user, params.bundleId ?? "", new URL(request.url).origin, read.data.code);
    if (outcome.kind === "redirect") throw redirect(outcome.url);
    if (outcome.status === 404) throw new Response(outcome.message, { status: 404 });
    return data({ message: outcome.message, field: outcome.field }, { status: outcome.status });
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    return data({ message: error.message, field: undefined }, { status: error.status });
  }
}

export default function BundleCheckout() {
  const { bundle, creator, state, heldNotice, code, isGuest, signupPath } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const priceCents = code?.applied?.priceCents ?? bundle.priceCents;
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Bundle" title={bundle.title}>
        {creator ? (
          <p>
            {bundle.decks.length} decks by{" "}
            <Link to={shopPath(creator)} className="underline underline-offset-2">
              @{creator}
            </Link>
          </p>
        ) : null}
      </PageHeader>
      <Panel>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3" data-testid="bundle-decks">
          {bundle.decks.map((deck) => (
            <li key={deck.id} className="text-center">
              <Link to={`/marketplace/${deck.id}`} className="block">
                <TarotCardImage src={deck.coverUrl} alt="" className="mx-auto w-24" />
                <span className="mt-2 block font-semibold">{deck.title}</span>
              </Link>
              <span className="text-sm text-muted">{formatMoney(deck.priceCents, bundle.currency)} alone</span>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-col items-center border-t border-line pt-6 sm:items-start">
          <p className="text-sm text-muted">
            {formatMoney(bundle.separateCents, bundle.currency)} bought apart · you save {formatMoney(bundle.separateCents - priceCents, bundle.currency)}
          </p>
          <PriceWithCode priceCents={bundle.priceCents} result={code} currency={bundle.currency} />
          <PricesInUsd className="mt-1" />
          {state === "yours" ? (
            <p role="status" className="mt-4 font-semibold">
              Your bundle: buyers see it on your shop and on its decks’ pages.
            </p>
          ) : heldNotice ? (
            <p role="alert" className="mt-4 text-sm text-danger">
              {heldNotice}
            </p>
          ) : isGuest ? (
            <p className="mt-4 text-sm">
              Buying a bundle needs an account.{" "}
              <Link to={signupPath} className="font-semibold text-brand underline">
                Create one
              </Link>{" "}
              and you will come back here; your decks come with you.
            </p>
          ) : (
            <>
              <OfferCodeField result={code} error={result?.field === "code" ? result.message : null} />
              {result?.message && result.field !== "code" ? (
                <p role="alert" className="mt-3 text-sm text-danger">
                  {result.message}
                </p>
              ) : null}
              <Form method="post" className="mt-4 flex flex-wrap justify-center gap-3 sm:justify-start">
                {code?.applied ? <input type="hidden" name="code" value={code.applied.code} /> : null}
                <button type="submit" className={buttonClasses("gold", "lg")} disabled={busy}>
                  Pay {formatMoney(priceCents, bundle.currency)}
                </button>
              </Form>
            </>
          )}
        </div>
      </Panel>
    </div>
  );
}
