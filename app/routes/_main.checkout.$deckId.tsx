import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LicenceNote } from "~/marketplace/components/licence-note";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PricesInUsd } from "~/marketplace/components/prices-in-usd";
import { PageHeader, Panel } from "~/components/page-header";
import { TarotCardImage } from "~/components/tarot-card";
import { buttonClasses } from "~/components/ui/button";
import { getViewableDeck } from "~/decks/queries.server";
import { cardPictureAccess } from "~/marketplace/ownership.server";
import { boughtDeckPath, buyDeck, deckOffer } from "~/marketplace/purchase.server";
import { OfferCodeField, PriceWithCode, type CodeResult } from "~/marketplace/components/offer-code";
import { enteredCode } from "~/marketplace/offers";
import { checkCode } from "~/marketplace/offers.server";
import { giftForm, giveDeck } from "~/marketplace/gifts.server";
import { Input, Textarea } from "~/components/ui/field";
import { PaymentsError } from "~/payments/provider.server";
import type { PageHandle } from "~/lib/page-handle";
import { formatPrice } from "~/lib/format";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm, withDefaults, withMainIntent } from "~/lib/read-form.server";
import { z } from "zod";

/**
 * Round trips: the offer and the deck at once, then whether a buyer-to-be may see the cover beside
 * the offer code they entered; buying checks the code again and opens a checkout at the payment
 * provider, which keeps records of its own.
 */
export const handle: PageHandle = { roundTrips: 4, actionRoundTrips: 8 };

export const meta: MetaFunction = () => [{ title: "Checkout — Arcanum" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const deckId = params.deckId ?? "";
  const [offer, deck] = await Promise.all([deckOffer(context.db, deckId, user.id), getViewableDeck(context.db, deckId, user.id)]);
  if (offer.state === "not-for-sale") throw new Response("This deck is not for sale", { status: 404 });
  // The cover is shown only when this person may see that card: its owner and its buyers see every card.
  const cover = deck?.cards.find((card) => card.imageUrl === deck.coverUrl);
  const entered = enteredCode.safeParse(new URL(request.url).searchParams.get("code") ?? "");
  const [coverShown, code] = await Promise.all([
    !cover ? null : offer.state !== "for-sale" ? true : cardPictureAccess(context.db, deckId, cover.cardKey, async () => user.id),
    codeResult(context.db, offer, entered),
  ]);
  return {
    offer,
    code,
    coverUrl: coverShown ? deck!.coverUrl : null,
    isGuest: user.isGuest,
    signupPath: `/signup?redirectTo=${encodeURIComponent(`/checkout/${deckId}`)}`,
  };
}

/** What the entered code does to this offer's price, or why it may not be used; null when none was entered. */
async function codeResult(
  db: Parameters<typeof checkCode>[0],
  offer: Awaited<ReturnType<typeof deckOffer>>,
  entered: ReturnType<typeof enteredCode.safeParse>,
): Promise<CodeResult | null> {
  if (!entered.success) return { code: "", applied: null, error: entered.error.issues[0]?.message ?? "Check the offer code." };
  if (!entered.data || offer.state !== "for-sale") return null;
  const checked = await checkCode(db, {
    sellerId: offer.sellerId,
    code: entered.data,
    target: { kind: "deck", deckId: offer.deckId },
    priceCents: offer.priceCents,
  });
  return checked.ok ? { code: entered.data, applied: checked.applied, error: null } : { code: entered.data, applied: null, error: checked.message };
}

/** The page's forms: the deck bought (the main button, with an offer code or none) or given. A field not sent reads as empty. */
const checkoutForm = lazySchema(() =>
  withMainIntent(
    "buy",
    ["gift"],
    withDefaults(
      { email: "", message: "" },
      z.discriminatedUnion("intent", [z.object({ intent: z.literal("buy"), code: enteredCode }), giftForm.extend({ intent: z.literal("gift") })]),
    ),
  ),
);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const deckId = params.deckId ?? "";
  const read = await readForm(request, checkoutForm);
  if (!read.ok) {
    if (read.intent === "gift") return data({ message: read.message, field: "gift" as const }, { status: 400 });
    return data({ message: read.message, field: "code" as const }, { status: 400 });
  }
  const form = read.data;
  switch (form.intent) {
    case "gift":
      return giveAction(context, user, deckId, { email: form.email, message: form.message }, new URL(request.url).origin);
    case "buy":
      try {
        const outcome = await buyDeck(context, user, deckId, new URL(request.url).origin, form.code);
        if (outcome.kind === "added") throw redirect(boughtDeckPath(deckId));
        if (outcome.kind === "redirect") throw redirect(outcome.url);
        if (outcome.status === 404) throw new Response(outcome.message, { status: 404 });
        return data({ message: outcome.message, field: outcome.field }, { status: outcome.status });
      } catch (error) {
        if (!(error instanceof PaymentsError)) throw error;
        return data({ message: error.message, field: undefined }, { status: error.status });
      }
  }
}

async function giveAction(
  context: ActionFunctionArgs["context"],
  user: Awaited<ReturnType<typeof requireUser>>,
  deckId: string,
  gift: z.output<typeof giftForm>,
  origin: string,
) {
  try {
    const outcome = await giveDeck(context, user, deckId, gift, origin);
    if (outcome.kind === "redirect") throw redirect(outcome.url);
    if (outcome.status === 404) throw new Response(outcome.message, { status: 404 });
    return data({ message: outcome.message, field: "gift" as const }, { status: outcome.status });
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    return data({ message: error.message, field: "gift" as const }, { status: error.status });
  }
}

export default function Checkout() {
  const { offer, code, coverUrl, isGuest, signupPath } = useLoaderData<typeof loader>();
  const priceCents = offer.state === "for-sale" ? (code?.applied?.priceCents ?? offer.priceCents) : 0;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="px-4">
      <PageHeader eyebrow="Checkout" title={offer.title} />
      <Panel>
        <div className="flex flex-col items-center gap-6 sm:flex-row">
          <TarotCardImage src={coverUrl} alt="" className="w-32 shrink-0" />
          <div className="text-center sm:text-left">
            {offer.state === "for-sale" ? (
              <>
                {offer.creator ? <p className="text-muted">by @{offer.creator}</p> : null}
                {offer.priceCents === 0 ? (
                  <p className="mt-2 font-display text-4xl font-bold text-gold">{formatPrice(null)}</p>
                ) : (
                  <>
                    <PriceWithCode priceCents={offer.priceCents} result={code} currency={offer.currency} />
                    <PricesInUsd className="mt-1" />
                  </>
                )}
                <LicenceNote licence={offer.licence} />
                {offer.priceCents > 0 && !isGuest ? <OfferCodeField result={code} error={result?.field === "code" ? result.message : null} /> : null}
                {result?.message && result.field !== "code" && result.field !== "gift" ? (
                  <p role="alert" className="mt-3 text-sm text-danger">
                    {result.message}
                  </p>
                ) : null}
                {isGuest ? (
                  <p className="mt-4 text-sm">
                    Buying a deck needs an account.{" "}
                    <Link to={signupPath} className="font-semibold text-brand underline">
                      Create one
                    </Link>{" "}
                    and you will come back here; your decks come with you.
                  </p>
                ) : (
                  <Form method="post" className="mt-4 flex flex-wrap justify-center gap-3 sm:justify-start">
                    {code?.applied ? <input type="hidden" name="code" value={code.applied.code} /> : null}
                    <button type="submit" className={buttonClasses("gold", "lg")} disabled={navigation.state !== "idle"}>
                      {offer.priceCents === 0 ? "Add to my collection" : `Pay ${formatPrice(priceCents)}`}
                    </button>
                    <Link to={`/marketplace/${offer.deckId}`} className={buttonClasses("secondary", "lg")}>
                      Back to the deck
                    </Link>
                  </Form>
                )}
                {offer.priceCents > 0 && !isGuest ? (
                  <details className="mt-6 w-full rounded-2xl border border-line p-4 text-left" open={result?.field === "gift"} data-testid="gift">
                    <summary className="cursor-pointer font-semibold">Give it as a gift</summary>
                    <Form method="post" className="mt-3 grid gap-3">
                      <input type="hidden" name="intent" value="gift" />
                      <label className="block text-sm font-semibold">
                        Their e-mail address
                        <Input name="email" type="email" autoComplete="off" required aria-invalid={result?.field === "gift" ? true : undefined} />
                      </label>
                      <label className="block text-sm font-semibold">
                        A message (optional)
                        <Textarea name="message" rows={3} maxLength={500} />
                      </label>
                      {result?.field === "gift" ? (
                        <p role="alert" className="text-sm text-danger">
                          {result.message}
                        </p>
                      ) : null}
                      <p className="text-sm text-muted">They get an e-mail with a link to claim it. Your receipt names the gift; a refund comes back to you.</p>
                      <button type="submit" className={buttonClasses("secondary", "lg")} disabled={navigation.state !== "idle"}>
                        Give it for {formatPrice(offer.priceCents)}
                      </button>
                    </Form>
                  </details>
                ) : null}
              </>
            ) : (
              <>
                <p className="text-lg font-semibold" role="status">
                  {offer.state === "yours" ? "Your deck" : "In your collection"}
                </p>
                <Link to={`/collection/${offer.deckId}`} className={`${buttonClasses("primary")} mt-4`}>
                  Open the deck
                </Link>
              </>
            )}
          </div>
        </div>
      </Panel>
    </div>
  );
}
