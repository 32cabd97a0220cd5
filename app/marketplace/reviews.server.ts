/**
 * Reviews of a marketplace deck and the creator's answers.
 *
 * - Only a buyer reviews: someone whose purchase of the deck is paid (not refunded). The creator
 *   never reviews their own deck. One review per buyer and deck; the buyer may change its rating
 *   and text later, for as long as the purchase stays paid.
 * - A refunded buyer's review stays on the page and in the rating, as written; it can no longer
 *   be changed (buying the deck again opens it to changes).
 * - The creator answers each review once; an answer cannot be changed.
 * - The listing's `rating_sum` and `rating_count` are counted again from the reviews by the
 *   database itself, in the statement that writes, changes or removes a review (the triggers of
 *   migration 0025), so they always agree with the reviews, whoever writes them.
 */
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { deckReviews, decks, users } from "../../db/schema";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { deckRelation, type DeckRelation } from "./ownership.server";
import { paidCopyExists } from "./paid-copies.server";

export const REVIEW_MAX = 2000;
export const REPLY_MAX = 1000;
export const REVIEWS_PER_PAGE = 10;
/** The most pages of reviews "show more" opens at once. */
export const REVIEW_PAGES_MAX = 50;

export const reviewForm = lazySchema(() =>
  z.object({
    rating: z
      .string()
      .trim()
      .regex(/^[1-5]$/, "Choose a rating from 1 to 5 stars.")
      .transform(Number),
    body: z
      .string()
      .trim()
      .max(REVIEW_MAX, `Keep your review under ${REVIEW_MAX.toLocaleString("en-US")} characters.`)
      .default(""),
  }),
);

export const replyForm = lazySchema(() =>
  z.object({
    review: z.string().trim().min(1, "Choose a review to answer.").max(64, "Choose a review to answer."),
    reply: z
      .string()
      .trim()
      .min(1, "Write your answer first.")
      .max(REPLY_MAX, `Keep your answer under ${REPLY_MAX.toLocaleString("en-US")} characters.`),
  }),
);

export type ReviewInput = z.output<typeof reviewForm>;
export type ReviewOutcome = { ok: true; message: string } | { ok: false; status: 400 | 403 | 404 | 409; message: string };

export const NOT_A_BUYER = "Only people who bought this deck can review it.";
export const OWN_DECK = "You made this deck, so you cannot review it. You can answer its reviews.";

/** The one rule of who may write or change a review: a buyer whose purchase is paid. */
export function mayReview(relation: DeckRelation): boolean {
  return relation === "buyer";
}

function refusal(relation: DeckRelation): ReviewOutcome {
  return { ok: false, status: 403, message: relation === "owner" ? OWN_DECK : NOT_A_BUYER };
}

/** A buyer's first review of the deck. A second one is refused (409): the first is edited instead. */
export async function writeReview(db: Database, user: CurrentUser, deckId: string, input: ReviewInput, now = Date.now()): Promise<ReviewOutcome> {
  const relation = await deckRelation(db, deckId, user.id);
  if (!mayReview(relation)) return refusal(relation);
  const inserted = await db
    .insert(deckReviews)
    .select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          deckId: sql<string>`${deckId}`.as("deck_id"),
          reviewerId: sql<string>`${user.id}`.as("reviewer_id"),
          rating: sql<number>`${input.rating}`.as("rating"),
          body: sql<string>`${input.body}`.as("body"),
          reply: sql<string | null>`NULL`.as("reply"),
          repliedAt: sql<number | null>`NULL`.as("replied_at"),
          createdAt: sql<number>`${now}`.as("created_at"),
          updatedAt: sql<number>`${now}`.as("updated_at"),
        })
        .from(decks)
        .where(and(eq(decks.id, deckId), paidCopyExists(deckId, user.id))),
    )
    .onConflictDoNothing()
    .returning({ id: deckReviews.id });
  if (inserted.length === 0) return { ok: false, status: 409, message: "You have already reviewed this deck. You can change your review instead." };
  return { ok: true, message: "Thank you: your review is posted." };
}

/** The buyer changes the rating and text of their review. */
export async function editReview(db: Database, user: CurrentUser, deckId: string, input: ReviewInput, now = Date.now()): Promise<ReviewOutcome> {
  const relation = await deckRelation(db, deckId, user.id);
  if (!mayReview(relation)) {
    const own = await ownReview(db, deckId, user.id);
    if (own && relation !== "owner")
      return { ok: false, status: 403, message: "Your purchase of this deck was refunded, so your review can no longer be changed." };
    return refusal(relation);
  }
  const updated = await db
    .update(deckReviews)
    .set({ rating: input.rating, body: input.body, updatedAt: now })
    .where(and(eq(deckReviews.deckId, deckId), eq(deckReviews.reviewerId, user.id), paidCopyExists(deckId, user.id)))
    .returning({ id: deckReviews.id });
  if (updated.length === 0) return { ok: false, status: 404, message: "You have not reviewed this deck yet." };
  return { ok: true, message: "Your review is updated." };
}

/** The creator's answer to a review of their deck, once. */
export async function replyToReview(
  db: Database,
  user: CurrentUser,
  deckId: string,
  reviewId: string,
  reply: string,
  now = Date.now(),
): Promise<ReviewOutcome> {
  const mine = sql`exists (select 1 from ${decks} where ${decks.id} = ${deckId} and ${decks.creatorId} = ${user.id})`;
  const answered = await db
    .update(deckReviews)
    .set({ reply, repliedAt: now })
    .where(and(eq(deckReviews.id, reviewId), eq(deckReviews.deckId, deckId), isNull(deckReviews.reply), mine))
    .returning({ id: deckReviews.id });
  if (answered.length > 0) return { ok: true, message: "Your answer is posted." };
  const deck = await db.query.decks.findFirst({ columns: { creatorId: true }, where: eq(decks.id, deckId) });
  if (deck?.creatorId !== user.id) return { ok: false, status: 403, message: "Only the creator of this deck can answer its reviews." };
  const review = await db.query.deckReviews.findFirst({ columns: { reply: true }, where: and(eq(deckReviews.id, reviewId), eq(deckReviews.deckId, deckId)) });
  if (!review) return { ok: false, status: 404, message: "That review is not on this deck." };
  return { ok: false, status: 409, message: "You have already answered this review. An answer cannot be changed." };
}

/** The viewer's own review of the deck, if they wrote one. */
export async function ownReview(db: Database, deckId: string, reviewerId: string) {
  const row = await db.query.deckReviews.findFirst({
    columns: { id: true, rating: true, body: true },
    where: and(eq(deckReviews.deckId, deckId), eq(deckReviews.reviewerId, reviewerId)),
  });
  return row ?? null;
}

/** The deck's reviews, newest first, the first `pages` pages of them, and how many there are. */
export async function listReviews(db: Database, deckId: string, pages: number) {
  const limit = Math.min(Math.max(1, Math.floor(pages)), REVIEW_PAGES_MAX) * REVIEWS_PER_PAGE;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: deckReviews.id,
        reviewerId: deckReviews.reviewerId,
        reviewer: users.username,
        rating: deckReviews.rating,
        body: deckReviews.body,
        reply: deckReviews.reply,
        repliedAt: deckReviews.repliedAt,
        createdAt: deckReviews.createdAt,
        updatedAt: deckReviews.updatedAt,
      })
      .from(deckReviews)
      .innerJoin(users, eq(users.id, deckReviews.reviewerId))
      .where(eq(deckReviews.deckId, deckId))
      .orderBy(desc(deckReviews.createdAt), desc(deckReviews.id))
      .limit(limit),
    db.select({ n: count() }).from(deckReviews).where(eq(deckReviews.deckId, deckId)),
  ]);
  return { reviews: rows, total: Number(counted?.n ?? 0) };
}

/** Average to one decimal and count, from the listing's counters; null average when nobody rated. */
export function ratingSummary(listing: { ratingSum: number; ratingCount: number } | null | undefined) {
  const count = listing?.ratingCount ?? 0;
  return { average: count > 0 ? Math.round((listing!.ratingSum / count) * 10) / 10 : null, count };
}
