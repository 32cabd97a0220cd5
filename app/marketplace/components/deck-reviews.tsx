import { Form, Link, useNavigation } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { LocalTime } from "~/components/local-time";
import { WaitingFormFields } from "~/outbox/waiting-form";
import { Textarea } from "~/components/ui/field";

/** What the buyer's form needs to wait in a phone's outbox (decision 0060). */
export type WaitingReviewForm = { key: string; account: string; label: string };

export type ReviewItem = {
  id: string;
  reviewer: string | null;
  mine: boolean;
  rating: number;
  body: string;
  reply: string | null;
  repliedAt: number | null;
  createdAt: number;
  updatedAt: number;
};

export type ReviewResult = { ok: boolean; intent: string; message: string; review?: string };

/** Stars filled to a rating, read out as "Rated 4 out of 5". */
export function Stars({ rating, label, className }: { rating: number; label?: string; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span className={cn("inline-flex items-center", className)}>
      <span className="sr-only">{label ?? `Rated ${rating} out of 5`}</span>
      <span aria-hidden="true" className="tracking-tight text-gold">
        {"★".repeat(filled)}
        <span className="text-line">{"★".repeat(5 - filled)}</span>
      </span>
    </span>
  );
}

/** The average rating and how many gave one, next to the price. */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  if (average === null) return <p className="mt-3 text-sm text-muted">No reviews yet</p>;
  return (
    <p className="mt-3 flex items-center gap-2 text-sm">
      <Stars rating={average} label={`Rated ${average.toFixed(1)} out of 5 by ${count} ${count === 1 ? "buyer" : "buyers"}`} className="text-lg" />
      <a href="#reviews" className="text-muted underline-offset-2 hover:text-ink hover:underline" aria-hidden="true" tabIndex={-1}>
        {average.toFixed(1)} · {count} {count === 1 ? "review" : "reviews"}
      </a>
    </p>
  );
}

function Message({ result }: { result: ReviewResult | undefined }) {
  if (!result) return null;
  return (
    <p role={result.ok ? "status" : "alert"} className={cn("text-sm", result.ok ? "text-ink" : "text-danger")}>
      {result.message}
    </p>
  );
}

/** The buyer's form: their first review, or a change to the one they wrote. */
function ReviewForm({
  own,
  result,
  waiting,
}: {
  own: { rating: number; body: string } | null;
  result: ReviewResult | undefined;
  waiting: WaitingReviewForm | null;
}) {
  const navigation = useNavigation();
  const intent = own ? "edit-review" : "review";
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const failed = result && !result.ok && (result.intent === "review" || result.intent === "edit-review");
  return (
    <Form
      method="post"
      preventScrollReset
      className="grid gap-4"
      aria-describedby={failed ? "review-message" : undefined}
      data-outbox={waiting ? "review" : undefined}
      data-outbox-account={waiting?.account}
      data-outbox-label={waiting?.label}
    >
      <input type="hidden" name="intent" value={intent} />
      {waiting ? <WaitingFormFields submissionKey={waiting.key} kind="review" /> : null}
      <fieldset>
        <legend className="text-sm font-semibold">Your rating</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label
              key={stars}
              className="flex cursor-pointer items-center gap-1.5 rounded-full border border-line bg-surface px-3 py-1.5 text-sm has-[:checked]:border-gold has-[:checked]:bg-surface-2"
            >
              <input type="radio" name="rating" value={stars} required defaultChecked={own?.rating === stars} className="accent-gold" />
              <span aria-hidden="true" className="text-gold">
                {"★".repeat(stars)}
              </span>
              <span className="sr-only">
                {stars} {stars === 1 ? "star" : "stars"}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="text-sm font-semibold">
        Your review <span className="font-normal text-muted">(optional)</span>
        <Textarea name="body" rows={4} maxLength={2000} defaultValue={own?.body ?? ""} />
      </label>
      <div id="review-message">{result?.intent === "review" || result?.intent === "edit-review" ? <Message result={result} /> : null}</div>
      <div>
        <button type="submit" disabled={busy} className={buttonClasses("gold")}>
          {own ? "Save my review" : "Post my review"}
        </button>
      </div>
    </Form>
  );
}

function ReplyForm({ reviewId, result }: { reviewId: string; result: ReviewResult | undefined }) {
  const mine = result?.intent === "reply" && result.review === reviewId ? result : undefined;
  const helpId = `reply-help-${reviewId}`;
  return (
    <Form method="post" preventScrollReset className="mt-4 grid gap-2">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="review" value={reviewId} />
      <label className="text-sm font-semibold">
        Answer this review
        <Textarea name="reply" rows={2} maxLength={1000} required aria-invalid={mine ? !mine.ok : undefined} aria-describedby={helpId} />
      </label>
      <p id={helpId} className="text-xs text-muted">
        Your answer is shown under the review and cannot be changed once it is posted.
      </p>
      <Message result={mine} />
      <div>
        <button type="submit" className={buttonClasses("secondary", "sm")}>
          Post my answer
        </button>
      </div>
    </Form>
  );
}

/**
 * The deck's reviews, newest first, with the buyer's form and, for the creator, an answer form
 * under each review not yet answered. "Show more" is a link, so it works without JavaScript.
 */
export function DeckReviews({
  reviews,
  total,
  pages,
  perPage,
  canReview,
  reviewForm,
  isCreator,
  own,
  frozen,
  result,
}: {
  reviews: ReviewItem[];
  total: number;
  pages: number;
  perPage: number;
  canReview: boolean;
  reviewForm: WaitingReviewForm | null;
  isCreator: boolean;
  own: { rating: number; body: string } | null;
  /** The viewer wrote a review but may no longer change it (their purchase was refunded). */
  frozen: boolean;
  result: ReviewResult | undefined;
}) {
  const more = total > reviews.length && pages * perPage < total;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-14 scroll-mt-24">
      <h2 id="reviews-heading" className="text-3xl font-bold">
        Reviews {total > 0 ? <span className="text-xl font-normal text-muted">({total})</span> : null}
      </h2>
      {canReview ? (
        <div className="mt-6 max-w-2xl rounded-3xl border border-line bg-surface/80 p-5 sm:p-6">
          {own ? (
            <details open={result?.intent === "edit-review" && !result.ok}>
              <summary className="cursor-pointer text-lg font-semibold">Change my review</summary>
              <div className="mt-4">
                <ReviewForm own={own} result={result} waiting={reviewForm} />
              </div>
            </details>
          ) : (
            <>
              <h3 className="mb-4 text-lg font-semibold">Review this deck</h3>
              <ReviewForm own={null} result={result} waiting={reviewForm} />
            </>
          )}
          {own && result?.intent === "edit-review" && result.ok ? (
            <div className="mt-3">
              <Message result={result} />
            </div>
          ) : null}
        </div>
      ) : frozen ? (
        <p className="mt-3 text-sm text-muted">Your purchase of this deck was refunded, so your review stays as you wrote it.</p>
      ) : !isCreator ? (
        <p className="mt-3 text-sm text-muted">Reviews come from people who bought the deck.</p>
      ) : (
        <p className="mt-3 text-sm text-muted">You can answer each review of your deck once.</p>
      )}
      {result && !result.ok && result.intent === "reply" && !reviews.some((review) => review.id === result.review) ? (
        <div className="mt-3">
          <Message result={result} />
        </div>
      ) : null}
      {reviews.length === 0 ? (
        <p className="mt-6 text-muted">No reviews yet.</p>
      ) : (
        <ol className="mt-6 grid max-w-3xl gap-4">
          {reviews.map((review) => (
            <li key={review.id} className="rounded-2xl border border-line bg-surface/60 p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-semibold">
                  {review.reviewer ? `@${review.reviewer}` : "A buyer"}
                  {review.mine ? <span className="font-normal text-muted"> (you)</span> : null}
                </p>
                <p className="text-xs text-muted">
                  <LocalTime at={review.createdAt} />
                  {review.updatedAt > review.createdAt ? " · edited" : ""}
                </p>
              </div>
              <Stars rating={review.rating} className="mt-1" />
              {review.body ? <p className="mt-2 whitespace-pre-line break-words leading-relaxed">{review.body}</p> : null}
              {review.reply ? (
                <div className="mt-4 border-l-2 border-gold pl-4">
                  <p className="text-sm font-semibold">
                    The creator answered
                    {review.repliedAt ? (
                      <span className="font-normal text-muted">
                        {" "}
                        · <LocalTime at={review.repliedAt} />
                      </span>
                    ) : null}
                  </p>
                  <p className="mt-1 whitespace-pre-line break-words text-sm leading-relaxed">{review.reply}</p>
                </div>
              ) : isCreator ? (
                <ReplyForm reviewId={review.id} result={result} />
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {more ? (
        <p className="mt-6">
          <Link to={`?reviews=${pages + 1}#reviews`} preventScrollReset className={buttonClasses("secondary")}>
            Show more reviews
          </Link>
        </p>
      ) : null}
    </section>
  );
}
