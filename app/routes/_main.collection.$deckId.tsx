import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { requireUser } from "~/auth/guard.server";
import { ActionMessage, FixPaymentLink } from "~/components/action-message";
import { ExplorerPlusForm, explorerPlusPitch } from "~/components/explorer-plus-offer";
import { HiddenNotice } from "~/marketplace/components/HiddenNotice";
import { ListingForm } from "~/marketplace/components/listing-form";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { creditsLeft } from "~/plans/cost";
import { retryCostOf } from "~/decks/create.server";
import { deckPageAction, type DeckPageActionData } from "~/decks/deck-page-actions.server";
import { DECK_PAGE_READS, deckPage } from "~/decks/manage.server";
import { mayRepaint, repaintsLeft } from "~/entitlements/entitlements";
import { deckPercent, type CardProgress, type CardStage } from "~/decks/progress";
import { useGenerationProgress } from "~/decks/use-generation-progress";
import { useLastingActionData } from "~/lib/use-lasting-action-data";
import { ToolbarMenu } from "~/components/toolbar-menu";
import { DeckCardGrid } from "~/decks/deck-card-grid";
import { listingTerms } from "~/marketplace/listing.server";
import { PushButton } from "~/push/push-button";
import type { PageHandle } from "~/lib/page-handle";
import { CardBackChooser } from "~/decks/card-back-chooser";
import { Input } from "~/components/ui/field";
import { formatPrice } from "~/lib/format";

/**
 * One round trip as a rule (the session's check and the page's reads together), and a render
 * reused for the same data; a month's first visit refreshes the person's quota first. A form post
 * may take credits and start the painter, or delete the deck's pictures from storage.
 */
export const handle: PageHandle = { roundTrips: 2, actionRoundTrips: 10, renderMemo: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.deck.title} — Arcanum` : "Deck — Arcanum" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const deckId = params.deckId ?? "";
  // The person and everything the page shows in one round trip; only their own or a bought deck is shown.
  const [user, answers] = await Promise.all([requireUser(request, context), context.read(DECK_PAGE_READS, { deckId })]);
  const page = await deckPage(context.db, answers, user.id);
  if (!page) throw new Response("Deck not found", { status: 404 });
  const { deck, own, quota } = page;
  return {
    deck,
    regenerationsLeft: repaintsLeft(user.plan.tier, page.repaintsUsed),
    completeCreditsLeft: creditsLeft(quota).completeDeck,
    retry: own && deck.status === "failed" ? retryCostOf(deck, quota) : null,
    listing: own ? page.listing : null,
    listingTerms: listingTerms(user),
    buyers: own ? page.buyers : 0,
    boughtFrom: own ? null : { creator: page.creator },
    // Back from the checkout: the page says what was bought and where it is now.
    justBought: !own && new URL(request.url).searchParams.has("bought"),
  };
}

export const action = deckPageAction;

export default function DeckPage() {
  const { deck, regenerationsLeft, completeCreditsLeft, retry, listing, listingTerms, buyers, boughtFrom, justBought } = useLoaderData<typeof loader>();
  // The repaint's answer stays while the live progress revalidates the page.
  const result = useLastingActionData<DeckPageActionData>();
  const navigation = useNavigation();
  // A refusal shows inside the panel the person used, which stays open; a success (the panel
  // closes) shows right under the toolbar.
  const refused = (intent: string) => Boolean(result && !result.ok && result.intent === intent);
  const PANELS = ["publish", "list", "rename", "delete", "back"];
  const inPanel = Boolean(result && !result.ok && PANELS.includes(result.intent ?? ""));
  const toolbarNote = result && result.ok && ["publish", "unpublish", "list", "rename", "delete", "back"].includes(result.intent ?? "") ? result : null;
  // Stable until the loader runs again, so live updates are not reset on every render.
  const initial = useMemo(
    () => ({
      status: deck.status,
      cards: deck.cards.map((card): CardProgress => ({
        key: card.key,
        stage: card.status === "pending" || card.status === "generating" ? "queued" : card.status,
        imageUrl: card.imageUrl,
      })),
    }),
    [deck],
  );
  const live = useGenerationProgress(deck.id, initial);
  const progress = deck.cards.map((card) => live.cards.get(card.key) ?? { key: card.key, stage: "queued" as CardStage, imageUrl: card.imageUrl });
  const percent = deckPercent(progress);
  const generating = live.status === "generating";
  // Explorer Plus is bought for a finished Major Arcana deck only.
  const explorerPlusOnSale = deck.kind === "major_arcana" && deck.status === "ready";
  const readyCount = progress.filter((card) => card.stage === "ready").length;
  const failedCount = progress.filter((card) => card.stage === "failed").length;
  // Once the page has watched cards being made, the finished bar stays as the closing word.
  const [watched, setWatched] = useState(generating);
  useEffect(() => {
    if (generating) setWatched(true);
  }, [generating]);

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      {generating ? (
        <noscript>
          <meta httpEquiv="refresh" content="4" />
        </noscript>
      ) : null}
      <header className="mx-auto max-w-3xl pb-8 pt-10 text-center sm:pt-14">
        <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold">
          {deck.kind === "complete" ? "Full deck · 78 cards" : "Major Arcana · 22 cards"}
          {deck.quality === "high" ? " · High quality" : ""}
        </p>
        <h1 className="mt-3 text-4xl font-bold sm:text-5xl">{deck.title}</h1>
        <p className="mt-3 text-muted">
          {deck.theme}
          {deck.artStyle ? (
            <>
              {" "}
              · <span className="capitalize">{deck.artStyle}</span>
            </>
          ) : null}
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {boughtFrom ? (
            <Badge tone="gold">Bought{boughtFrom.creator ? ` from @${boughtFrom.creator}` : ""}</Badge>
          ) : (
            <>
              <Badge tone="brand">Your deck</Badge>
              <Badge tone={deck.isPublic ? "brand" : "neutral"}>{deck.isPublic ? "Public" : "Private"}</Badge>
            </>
          )}
          {generating ? <Badge tone="gold">Generating</Badge> : null}
          {live.status === "failed" ? <Badge tone="neutral">Failed</Badge> : null}
        </div>
        {deck.description ? <p className="mx-auto mt-4 max-w-2xl text-sm leading-relaxed text-muted">{deck.description}</p> : null}
      </header>

      {boughtFrom && justBought ? (
        <section
          aria-labelledby="bought-heading"
          className="mx-auto mb-8 max-w-3xl rounded-3xl border border-gold/60 bg-surface/80 p-5 text-center"
          data-testid="purchase-confirmation"
        >
          <div role="status">
            <h2 id="bought-heading" className="text-xl font-bold">
              “{deck.title}”{boughtFrom.creator ? ` by @${boughtFrom.creator}` : ""} is yours
            </h2>
            <p className="mt-2 text-sm text-muted">
              It is in{" "}
              <Link to="/collection" className="font-semibold text-brand underline">
                your collection
              </Link>{" "}
              now, with every one of its {deck.cards.length} cards.
            </p>
          </div>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <Link reloadDocument to={`/reading-room/${deck.id}`} className={buttonClasses("primary")}>
              Read with it
            </Link>
            <Link to="/collection" className={buttonClasses("secondary")}>
              Go to my collection
            </Link>
          </div>
        </section>
      ) : boughtFrom ? (
        <div className="mb-8 flex flex-wrap justify-center gap-2">
          <Link reloadDocument to={`/reading-room/${deck.id}`} className={buttonClasses("primary")}>
            Read with this deck
          </Link>
          <Link to={`/collection/${deck.id}/print`} className={buttonClasses("secondary")} data-testid="print-link">
            Print &amp; download
          </Link>
        </div>
      ) : !generating ? (
        <div className="mx-auto mb-8 grid max-w-5xl gap-3">
          <nav aria-label="Deck actions" data-testid="deck-toolbar" className="relative flex flex-wrap items-center justify-center gap-2">
            <Link reloadDocument to={`/reading-room/${deck.id}`} className={`${buttonClasses("primary", "sm")} sm:h-11 sm:px-5`}>
              Read with this deck
            </Link>
            <ToolbarMenu label={deck.isPublic ? "Public" : "Make public"} open={refused("publish")} testId="publish-menu">
              {deck.isPublic ? (
                <>
                  <p className="font-semibold">This deck is public</p>
                  <p className="mt-1 text-sm text-muted">
                    It is in the{" "}
                    <Link to={`/marketplace/${deck.id}`} className="text-brand underline">
                      Marketplace
                    </Link>
                    {listing && listing.priceCents > 0
                      ? ` at ${formatPrice(listing.priceCents)}: anyone can find it and turn its preview cards over, and the people who buy it get every card.`
                      : " for free: anyone can find it, add it to their collection, turn its cards over and read with it."}{" "}
                    Making it private takes it out of the Marketplace; people who already have it keep it.
                  </p>
                  <Form method="post" className="mt-4">
                    <input type="hidden" name="intent" value="unpublish" />
                    <button type="submit" className={buttonClasses("secondary")}>
                      Make private
                    </button>
                  </Form>
                </>
              ) : (
                <>
                  <p className="font-semibold">Put this deck in the Marketplace?</p>
                  <p className="mt-1 text-sm text-muted">
                    {listing && listing.priceCents > 0
                      ? `A public deck is in the Marketplace, with your username. It comes back at its price of ${formatPrice(listing.priceCents)}; change it under “Sell”.`
                      : "A public deck is in the Marketplace for free, with your username: anyone can find it, turn every card over and read with it; nobody can change it. To ask a price, use “Sell”."}{" "}
                    You can make it private again at any time.
                  </p>
                  {refused("publish") ? (
                    <ActionMessage ok={false} className="mt-3">
                      {result!.message}
                    </ActionMessage>
                  ) : null}
                  {listingTerms.mayList ? (
                    <Form method="post" className="mt-4">
                      <input type="hidden" name="intent" value="publish" />
                      <button type="submit" className={buttonClasses("primary")} disabled={deck.status !== "ready"}>
                        Make public
                      </button>
                    </Form>
                  ) : (
                    <p className="mt-4 text-sm">
                      Putting a deck in the Marketplace needs an account.{" "}
                      <Link to={`/signup?redirectTo=${encodeURIComponent(`/collection/${deck.id}`)}`} className="font-semibold text-brand underline">
                        Create one
                      </Link>
                      ; your decks come with you.
                    </p>
                  )}
                  {deck.status !== "ready" ? <p className="mt-2 text-sm text-muted">Only a finished deck can be made public.</p> : null}
                </>
              )}
            </ToolbarMenu>
            {deck.status === "ready" && listingTerms.mayList ? (
              <ToolbarMenu
                label={listing?.status === "listed" ? `Listed · ${formatPrice(listing.priceCents || null)}` : "Sell"}
                open={refused("list")}
                wide
                testId="listing-menu"
              >
                <ListingForm deck={deck} listing={listing} terms={listingTerms} buyers={buyers} result={result?.intent === "list" ? result : undefined} />
              </ToolbarMenu>
            ) : null}
            {deck.kind === "major_arcana" && completeCreditsLeft > 0 ? (
              <Form method="post">
                <input type="hidden" name="intent" value="upgrade" />
                <button type="submit" className={`${buttonClasses("gold", "sm")} sm:h-11 sm:px-5`}>
                  Upgrade to all 78 cards
                </button>
              </Form>
            ) : explorerPlusOnSale ? (
              <ExplorerPlusForm />
            ) : null}
            {deck.status === "ready" ? (
              <Link to={`/collection/${deck.id}/print`} className={`${buttonClasses("secondary", "sm")} sm:h-11 sm:px-5`} data-testid="print-link">
                Print &amp; download
              </Link>
            ) : null}
            <ToolbarMenu label="Card back" open={refused("back")} wide testId="back-menu">
              <CardBackChooser deck={deck} message={refused("back") ? result!.message : null} />
            </ToolbarMenu>
            <ToolbarMenu label="Rename" open={refused("rename")}>
              <Form method="post" className="grid gap-3">
                {refused("rename") ? <ActionMessage ok={false}>{result!.message}</ActionMessage> : null}
                <input type="hidden" name="intent" value="rename" />
                <label className="text-sm font-semibold">
                  Title
                  <Input name="title" defaultValue={deck.title} maxLength={80} required />
                </label>
                <button type="submit" className={`${buttonClasses("primary")} justify-self-start`}>
                  Rename
                </button>
              </Form>
            </ToolbarMenu>
            <ToolbarMenu label="Delete" tone="danger" open={refused("delete")}>
              <p className="font-semibold text-danger">Delete this deck?</p>
              <p className="mt-1 text-sm text-muted">
                {buyers > 0
                  ? "People have bought this deck, so it cannot be deleted: deleting takes it out of the marketplace instead, and its buyers keep it."
                  : "The deck, its cards and their images are removed for good. Credits are not given back."}
              </p>
              {refused("delete") ? (
                <ActionMessage ok={false} className="mt-3">
                  {result!.message}
                </ActionMessage>
              ) : null}
              <Form method="post" className="mt-4">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="confirm" value="delete" />
                <button type="submit" className={buttonClasses("danger")}>
                  Delete for good
                </button>
              </Form>
            </ToolbarMenu>
          </nav>
          {toolbarNote ? (
            <ActionMessage ok={toolbarNote.ok} className="mx-auto w-full max-w-3xl" testId="deck-action-message">
              {toolbarNote.message}
              {toolbarNote.ok && (toolbarNote.intent === "publish" || toolbarNote.intent === "list") && listing?.status === "listed" ? (
                <>
                  {" "}
                  <Link to={`/marketplace/${deck.id}`} className="font-semibold text-brand underline">
                    See it in the Marketplace
                  </Link>
                </>
              ) : null}
            </ActionMessage>
          ) : null}
          <p className="text-center text-sm text-muted">
            {regenerationsLeft === null ? "Unlimited card regenerations with your plan." : `${regenerationsLeft} card regenerations left for this deck.`}
            {deck.kind === "major_arcana" && completeCreditsLeft === 0 ? <> {explorerPlusPitch()}</> : null}
          </p>
          <HiddenNotice hidden={listing?.hiddenAt ? { reason: listing.hiddenReason } : null} />
        </div>
      ) : null}

      {generating || watched ? (
        <section aria-labelledby="progress-heading" className="mx-auto mb-8 max-w-3xl rounded-3xl border border-line bg-surface/80 p-5">
          <div className="flex items-baseline justify-between">
            <h2 id="progress-heading" className="text-lg font-semibold" aria-live="polite">
              {generating ? "Making your cards" : failedCount > 0 ? "Finished, with some cards to repaint" : "Your deck is ready"}
            </h2>
            <span className="text-sm text-muted" data-testid="progress-count">
              {readyCount} of {progress.length} ready
            </span>
          </div>
          <div
            role="progressbar"
            aria-label="Deck progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-3 h-3 overflow-hidden rounded-full bg-surface-2"
          >
            <div className="h-full rounded-full bg-brand transition-[width] duration-500" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-2 text-sm text-muted">
            <span data-testid="progress-percent">{percent}%</span>
            {generating
              ? " · You can leave this page; the deck keeps being made."
              : failedCount > 0
                ? ` · ${failedCount} ${failedCount === 1 ? "card" : "cards"} could not be painted; use “Try again” under a card to paint it again.`
                : " · Every card is painted. Tap a card to read it."}
          </p>
          {generating ? (
            <PushButton className="mt-3" label="Tell me when it's ready" done="You will be told when the deck is ready, even with Arcanum closed." />
          ) : null}
        </section>
      ) : null}

      {retry && !generating ? (
        <section aria-labelledby="failed-heading" className="mx-auto mb-8 max-w-3xl rounded-3xl border border-danger/40 bg-surface/80 p-5">
          <h2 id="failed-heading" className="text-lg font-semibold">
            This deck could not be made
          </h2>
          <p className="mt-1 text-sm text-muted">No card could be painted, so the credits it used were given back.</p>
          <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="retry" />
            <button type="submit" className={buttonClasses("primary")} disabled={navigation.state === "submitting"}>
              Try again
            </button>
            <span className="text-sm text-muted">Uses {retry.summary}.</span>
          </Form>
        </section>
      ) : null}

      {result?.offer === "explorer-plus" && explorerPlusOnSale ? (
        <div
          className="mx-auto mb-6 flex max-w-3xl flex-col gap-4 rounded-2xl border border-danger/50 px-4 py-4 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-5"
          data-testid="upgrade-refused"
        >
          <div>
            <p role="alert" className="font-semibold text-danger">
              {result.message}
            </p>
            <p className="mt-1 text-muted">{explorerPlusPitch()}</p>
          </div>
          <div className="shrink-0">
            <ExplorerPlusForm />
          </div>
        </div>
      ) : result?.message && !toolbarNote && result.intent !== "regenerate" && !inPanel ? (
        <ActionMessage ok={result.ok} className="mx-auto mb-6 max-w-3xl">
          {result.message}
          <FixPaymentLink path={result.fixPaymentPath} />
        </ActionMessage>
      ) : null}

      <DeckCardGrid
        deckId={deck.id}
        cards={deck.cards}
        progress={progress}
        canRegenerate={(card) => !boughtFrom && !generating && mayRepaint(regenerationsLeft, card.status === "failed")}
        backUrl={deck.backUrl}
        busyCard={navigation.state === "submitting" ? String(navigation.formData?.get("card") ?? "") || null : null}
        cardNote={
          result?.intent === "regenerate" && result.card
            ? {
                key: result.card,
                ok: result.ok,
                // A repaint's message lasts while the card is painted; the new picture then says the rest.
                message: result.ok && live.status !== "generating" ? "The card has been painted again." : result.message,
                fixPaymentPath: result.fixPaymentPath,
              }
            : null
        }
      />
    </div>
  );
}
