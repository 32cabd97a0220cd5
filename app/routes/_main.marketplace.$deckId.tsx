import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LicenceNote } from "~/marketplace/components/licence-note";
import { WishButton } from "~/marketplace/components/follow-and-wish";
import { PricesInUsd } from "~/marketplace/components/prices-in-usd";
import { deckMarksQuery } from "~/marketplace/wishlist.server";
import { shopPath } from "~/marketplace/shop";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { keepPageWhenKept, sendOrKeep } from "~/outbox/client-action";
import { requireSender, waitingFormFor } from "~/outbox/outbox.server";
import { answerWith, keyOf, submitOnce } from "~/outbox/submission-keys.server";
import { BundleCard } from "~/marketplace/components/bundle-card";
import { CreatorBlock, CreatorMark } from "~/marketplace/components/creator-block";
import { VerifiedCreatorBadge } from "~/components/verified-creator-badge";
import { DeckReviews, RatingSummary, type ReviewResult } from "~/marketplace/components/deck-reviews";
import { TarotCardImage } from "~/components/tarot-card";
import { buttonClasses } from "~/components/ui/button";
import { marketplaceDeckPage, shownDeck } from "~/marketplace/deck-page.server";
import { editReview, replyForm, replyToReview, reviewForm, REVIEW_PAGES_MAX, writeReview, type ReviewOutcome } from "~/marketplace/reviews.server";
import { SHARE_PICTURE_SIZE } from "~/media/picture-style";
import type { PageHandle } from "~/lib/page-handle";
import { formatPrice } from "~/lib/format";
import { formFields, formText, readForm, withDefaults } from "~/lib/read-form.server";

/**
 * Round trips: a purchase or a review is checked against the buyer's paid copy, then written in one batch;
 * a review sent with its key also claims the key before and keeps its outcome after (decision 0060).
 */
export const handle: PageHandle = { actionRoundTrips: 8 };

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Deck not found — Arcanum" }];
  const { deck, sale, origin, share } = data;
  const title = `${deck.title} — Arcanum Marketplace`;
  const text = sale?.description || deck.description || `A tarot deck of ${deck.cardCount} cards on Arcanum. Theme: ${deck.theme}.`;
  const description = text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
  const image = share ? `${origin}${share}` : null;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Arcanum" },
    { property: "og:title", content: deck.title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}/marketplace/${deck.id}` },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:type", content: "image/png" },
          { property: "og:image:width", content: String(SHARE_PICTURE_SIZE.width) },
          { property: "og:image:height", content: String(SHARE_PICTURE_SIZE.height) },
          { property: "og:image:alt", content: `A card from ${deck.title}` },
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: deck.title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
};

const reviewPages = lazySchema(() => z.coerce.number().int().min(1).max(REVIEW_PAGES_MAX).catch(1));

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await context.currentUser();
  const viewerId = viewer?.id ?? null;
  const url = new URL(request.url);
  const pages = reviewPages.parse(url.searchParams.get("reviews") ?? undefined);
  const deckId = params.deckId ?? "";
  // Whether the deck is on the person's wishlist and its creator among those they follow, with the session's check.
  const [page, [[marks]]] = await Promise.all([
    marketplaceDeckPage(context.db, deckId, viewerId, pages),
    context.read((me) => [deckMarksQuery(context.db, deckId, me)] as const),
  ]);
  return {
    ...page,
    marks: { wished: marks?.wished ?? false, following: marks?.following ?? false, own: marks?.own ?? false },
    origin: url.origin,
    // The review form can wait in a phone's outbox: it carries a fresh key (decision 0060).
    reviewForm: viewerId && page.canReview ? await waitingFormFor(viewerId) : null,
    mayReport: Boolean(viewer && !viewer.isGuest && page.relation !== "owner"),
    // Back from paying for a gift of this deck (gifts.server's `giftSentPath`).
    giftSent: url.searchParams.get("gift") === "sent",
  };
}

/** A form sent over a connection that fails on the way waits in the outbox (decision 0060). */
export const clientAction = sendOrKeep;
export const shouldRevalidate = keepPageWhenKept;

/** The page's forms: a review written or edited, and the creator's answer to one. A field not sent reads as empty. */
const deckPageForm = lazySchema(() =>
  withDefaults(
    { rating: "", body: "", review: "", reply: "" },
    z.discriminatedUnion("intent", [reviewForm.extend({ intent: z.enum(["review", "edit-review"]) }), replyForm.extend({ intent: z.literal("reply") })]),
  ),
);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireSender(request, context);
  const deckId = params.deckId ?? "";
  await shownDeck(context.db, deckId, user.id);
  const answer = (intent: string, outcome: ReviewOutcome, review?: string) =>
    data<ReviewResult>({ ok: outcome.ok, intent, message: outcome.message, review }, { status: outcome.ok ? 200 : outcome.status });
  const read = await readForm(request, deckPageForm);
  if (!read.ok) {
    if (read.unknownIntent) return data<ReviewResult>({ ok: false, intent: "", message: "Unknown action." }, { status: 400 });
    const review = read.intent === "reply" ? formText(read.formData).review : undefined;
    return answer(read.intent ?? "", { ok: false, status: 400, message: read.message }, review);
  }
  const form = read.data;
  switch (form.intent) {
    case "review":
    case "edit-review": {
      const key = keyOf(formFields(read.formData));
      if (!key.ok) return answer(form.intent, { ok: false, status: 400, message: key.message });
      const intent = form.intent;
      const write = intent === "review" ? writeReview : editReview;
      // Posted twice with one key (a double tap, a phone's outbox sending again), the review is written once.
      const outcome = await submitOnce(context.db, key.key ? { userId: user.id, key: key.key, action: "review" } : null, async () => {
        const written = await write(context.db, user, deckId, { rating: form.rating, body: form.body });
        return { status: written.ok ? 200 : written.status, body: { ok: written.ok, intent, message: written.message } };
      });
      return answerWith<ReviewResult>(outcome);
    }
    case "reply":
      return answer("reply", await replyToReview(context.db, user, deckId, form.review, form.reply), form.review);
  }
}

export default function MarketplaceDeck() {
  const { deck, relation, sale, rating, reviews, own, canReview, reviewForm, mayReport, creator, marks, bundles, giftSent } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const lockedCount = deck.cards.filter((card) => card.locked).length;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6">
      {giftSent ? (
        <p role="status" className="mb-6 rounded-2xl border border-gold-bright/60 bg-surface-2 p-4 text-center" data-testid="gift-sent">
          Your gift is on its way: we e-mailed them a link to claim “{deck.title}”. Your receipt names the gift.
        </p>
      ) : null}
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/marketplace" className="hover:text-ink">
          Marketplace
        </Link>{" "}
        <span aria-hidden="true">/</span> <span>{deck.title}</span>
      </nav>
      <div className="mt-6 grid gap-10 md:grid-cols-[minmax(0,18rem)_1fr]">
        <TarotCardImage src={deck.coverUrl} alt={`${deck.coverName ?? "Cover card"} from ${deck.title}`} eager className="mx-auto w-56 md:w-full" />
        <div>
          <h1 className="text-4xl font-bold sm:text-5xl">{deck.title}</h1>
          <p className="mt-2 text-muted">
            {deck.creatorUsername ? (
              <>
                by{" "}
                <Link to={shopPath(deck.creatorUsername)} className="underline-offset-4 hover:underline" data-testid="deck-shop-link">
                  @{deck.creatorUsername}
                </Link>
                {creator?.isCreator ? <CreatorMark /> : null}
                {deck.creatorVerified ? (
                  <>
                    {" "}
                    <VerifiedCreatorBadge />
                  </>
                ) : null}{" "}
                ·{" "}
              </>
            ) : null}
            {deck.cardCount} cards{deck.artStyle ? ` · ${deck.artStyle}` : ""}
          </p>
          <p className="mt-2 text-sm italic text-muted">Theme: {deck.theme}</p>
          {sale?.description || deck.description ? <p className="mt-5 max-w-2xl text-lg leading-relaxed">{sale?.description || deck.description}</p> : null}
          {sale && sale.tags.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
              {sale.tags.map((tag) => (
                <li key={tag} className="rounded-full border border-line px-3 py-1 text-xs text-muted">
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}
          {relation === "owner" ? (
            <p className="mt-6 font-display text-2xl font-bold">Your deck</p>
          ) : relation === "buyer" ? (
            <p className="mt-6 font-display text-2xl font-bold">In your collection</p>
          ) : sale ? (
            <>
              <p className="mt-6 font-display text-4xl font-bold text-gold">{formatPrice(sale.priceCents || null)}</p>
              <LicenceNote licence={sale.licence} />
              {sale.priceCents > 0 ? <PricesInUsd className="mt-0.5" /> : null}
            </>
          ) : null}
          <RatingSummary average={rating.average} count={rating.count} />
          <div className="mt-5 flex flex-wrap gap-3">
            {relation ? (
              <Link to={`/collection/${deck.id}`} className={buttonClasses("gold", "lg")}>
                Open in my collection
              </Link>
            ) : sale ? (
              <Link to={`/checkout/${deck.id}`} className={buttonClasses("gold", "lg")}>
                {sale.priceCents === 0 ? "Add to my collection" : "Buy this deck"}
              </Link>
            ) : null}
            {sale && !relation && !marks.own ? <WishButton deckId={deck.id} title={deck.title} wished={marks.wished} /> : null}
            {relation || lockedCount === 0 ? (
              <Link reloadDocument to={`/reading-room/${deck.id}`} className={buttonClasses("secondary", "lg")}>
                Read with this deck
              </Link>
            ) : null}
          </div>
          {mayReport ? (
            <p className="mt-4 text-sm">
              <Link to={`/marketplace/${deck.id}/report`} className="text-muted underline-offset-2 hover:text-ink hover:underline">
                Report this deck
              </Link>
            </p>
          ) : null}
        </div>
      </div>
      {bundles.length > 0 && relation !== "buyer" ? (
        <section aria-labelledby="bundles-heading" className="mt-10">
          <h2 id="bundles-heading" className="text-2xl font-bold">
            In a bundle
          </h2>
          <ul className="mt-4 grid gap-3 md:grid-cols-2">
            {bundles.map((bundle) => (
              <BundleCard key={bundle.id} bundle={bundle} />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="cards-heading" className="mt-14">
        <h2 id="cards-heading" className="text-3xl font-bold">
          The cards
        </h2>
        {lockedCount > 0 ? (
          <p className="mt-2 text-sm text-muted">
            {deck.cards.length - lockedCount} preview {deck.cards.length - lockedCount === 1 ? "card is" : "cards are"} shown face up; the other {lockedCount}{" "}
            are locked until you buy the deck.
          </p>
        ) : null}
        <ul className="mt-6 grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8">
          {deck.cards.map((card) => (
            <li key={card.id}>
              {card.locked ? (
                <LockedCard name={card.name} />
              ) : (
                <figure data-testid={lockedCount > 0 ? "preview-card" : undefined}>
                  <TarotCardImage src={card.imageUrl} alt={card.name} width={160} />
                  <figcaption className="mt-1.5 truncate text-center text-xs text-muted">{card.name}</figcaption>
                </figure>
              )}
            </li>
          ))}
        </ul>
      </section>
      <DeckReviews
        reviews={reviews.items}
        total={reviews.total}
        pages={reviews.pages}
        perPage={reviews.perPage}
        canReview={canReview}
        reviewForm={reviewForm ? { ...reviewForm, label: `Your review of ${deck.title}` } : null}
        isCreator={relation === "owner"}
        own={own}
        frozen={Boolean(own) && !canReview && relation !== "owner"}
        result={result}
      />
      {creator ? <CreatorBlock creator={creator} following={marks.own ? null : marks.following} /> : null}
    </div>
  );
}

/**
 * A card only buyers see: no picture and no address of one, only its name, a lock and what it
 * takes to see it (decisions 0021 and 0053).
 */
function LockedCard({ name }: { name: string }) {
  return (
    <figure data-testid="locked-card">
      <div className="flex aspect-[3/4] flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-line bg-surface-2 p-2 text-center text-muted">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-7 w-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="5" y="11" width="14" height="9" rx="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" />
        </svg>
        <span className="text-[11px] font-semibold uppercase leading-tight tracking-wider">Locked</span>
        <span className="text-[11px] leading-tight">For buyers</span>
      </div>
      <figcaption className="mt-1.5 truncate text-center text-xs text-muted">{name}</figcaption>
    </figure>
  );
}
