import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LicenceNote } from "~/components/marketplace/licence-note";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { TarotCardImage } from "~/components/tarot-card";
import { buttonClasses } from "~/components/ui/button";
import { formatPrice } from "~/decks/images";
import { getViewableDeck } from "~/decks/queries.server";
import { cardPictureAccess } from "~/marketplace/ownership.server";
import { boughtDeckPath, buyDeck, deckOffer } from "~/marketplace/purchase.server";
import { PaymentsError } from "~/payments/provider.server";
import type { PageHandle } from "~/lib/page-handle";

/** Round trips: the offer and the deck at once, then whether a buyer-to-be may see the cover; buying opens a checkout at the payment provider, which keeps records of its own. */
export const handle: PageHandle = { roundTrips: 4, actionRoundTrips: 7 };

export const meta: MetaFunction = () => [{ title: "Checkout — Arcanum" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const deckId = params.deckId ?? "";
  const [offer, deck] = await Promise.all([deckOffer(context.db, deckId, user.id), getViewableDeck(context.db, deckId, user.id)]);
  if (offer.state === "not-for-sale") throw new Response("This deck is not for sale", { status: 404 });
  // The cover is shown only when this person may see that card: its owner and its buyers see every card.
  const cover = deck?.cards.find((card) => card.imageUrl === deck.coverUrl);
  const coverShown = !cover ? null : offer.state !== "for-sale" ? true : await cardPictureAccess(context.db, deckId, cover.cardKey, async () => user.id);
  return {
    offer,
    coverUrl: coverShown ? deck!.coverUrl : null,
    isGuest: user.isGuest,
    signupPath: `/signup?redirectTo=${encodeURIComponent(`/checkout/${deckId}`)}`,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const deckId = params.deckId ?? "";
  try {
    const outcome = await buyDeck(context, user, deckId, new URL(request.url).origin);
    if (outcome.kind === "added") throw redirect(boughtDeckPath(deckId));
    if (outcome.kind === "redirect") throw redirect(outcome.url);
    if (outcome.status === 404) throw new Response(outcome.message, { status: 404 });
    return data({ message: outcome.message }, { status: outcome.status });
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    return data({ message: error.message }, { status: error.status });
  }
}

export default function Checkout() {
  const { offer, coverUrl, isGuest, signupPath } = useLoaderData<typeof loader>();
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
                <p className="mt-2 font-display text-4xl font-bold text-gold">{formatPrice(offer.priceCents || null)}</p>
                <LicenceNote licence={offer.licence} />
                {result?.message ? (
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
                    <button type="submit" className={buttonClasses("gold", "lg")} disabled={navigation.state !== "idle"}>
                      {offer.priceCents === 0 ? "Add to my collection" : `Pay ${formatPrice(offer.priceCents)}`}
                    </button>
                    <Link to={`/marketplace/${offer.deckId}`} className={buttonClasses("secondary", "lg")}>
                      Back to the deck
                    </Link>
                  </Form>
                )}
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
