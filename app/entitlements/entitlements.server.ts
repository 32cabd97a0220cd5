/**
 * Entitlements on the server: finds a person's plan from their subscription row and quota record,
 * and answers for routes, deck creation and the generator what that plan allows. The rules
 * themselves are the pure functions of `entitlements.ts`.
 */
import { and, eq, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import { cards, decks, subscriptions, userDeckQuotas, users } from "../../db/schema";
import type { Database } from "../db.server";
import { deckQualities, type CardImageQuality } from "../../db/columns";
import { PLANS } from "../plans/catalogue";
import { SUBSCRIBED_STATUSES } from "../plans/subscription";
import {
  allowedQualities,
  defaultQuality,
  mayKeepAnotherDeck,
  mayUseQuality,
  paidGenerationRefusal,
  planStanding,
  plansOfferingPhrase,
  qualityRefusalMessage,
  repaintsLeft,
  storageLimit,
  storageRefusalMessage,
  hasVerifiedCreatorBadge,
  type PlanStanding,
} from "./entitlements";

/** Every quality a deck can be painted at, coarsest first. */
const ALL_QUALITIES = deckQualities;

export type Refusal = { status: number; message: string; fixPaymentPath?: string };

/** The person's standing with their plan, in one query (see `planStanding`). */
export async function getPlanStanding(db: Database, userId: string): Promise<PlanStanding> {
  return standingFrom(await planStandingRead(db, userId));
}

/** The read behind `getPlanStanding`; `who` may be `me`, for a page that reads it beside the session. */
export function planStandingRead(db: Database, who: string | SQLWrapper) {
  return db
    .select({
      subscriptionStatus: subscriptions.subscriptionStatus,
      priceId: subscriptions.priceId,
      planType: userDeckQuotas.planType,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(userDeckQuotas, eq(userDeckQuotas.userId, users.id))
    .where(eq(users.id, who))
    .limit(1);
}

/** The standing `planStandingRead` found; the free plan's when there is no such person. */
export const standingFrom = ([row]: Parameters<typeof standingOfRow>[0][]): PlanStanding => (row ? standingOfRow(row) : planStanding(null, null));

/** A standing from a row that joined the person's subscription and quota (either may be missing). */
export function standingOfRow(row: { subscriptionStatus: string | null; priceId: string | null; planType: string | null }): PlanStanding {
  const subscription = row.subscriptionStatus && row.priceId ? { subscriptionStatus: row.subscriptionStatus, priceId: row.priceId } : null;
  return planStanding(subscription, row.planType);
}

/** Decks the person keeps: every deck they made, finished or not. */
export async function decksKept(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(decks)
    .where(eq(decks.creatorId, userId));
  return Number(row?.n ?? 0);
}

/** What the deck form offers: the qualities the plan allows, the one chosen first, and why paid generation is paused. */
export async function deckFormEntitlements(db: Database, userId: string) {
  // The count is read beside the plan, though only a plan with a limit shows it: one wait, not two.
  const [standing, count] = await Promise.all([getPlanStanding(db, userId), decksKept(db, userId)]);
  const limit = storageLimit(standing.tier);
  const kept = limit === null ? null : count;
  return {
    standing,
    qualities: allowedQualities(standing.tier),
    /** The qualities other plans offer, with those plans, so the form can say where to find them. */
    otherQualities: ALL_QUALITIES.filter((q) => !mayUseQuality(standing.tier, q)).map((q) => ({ quality: q, plans: plansOfferingPhrase(q) })),
    defaultQuality: defaultQuality(standing.tier),
    storage: { limit, kept },
    paused: paidGenerationRefusal(standing),
  };
}

/**
 * Why this person may not pay for a new deck at `quality`, or null when they may. Asked before any
 * credit is taken, so a refusal costs nothing: a subscription payment that did not go through, a
 * quality the plan does not include, a collection at the plan's limit.
 */
export async function newDeckRefusal(db: Database, userId: string, quality: CardImageQuality): Promise<Refusal | null> {
  const standing = await getPlanStanding(db, userId);
  const paused = paidGenerationRefusal(standing);
  if (paused) return paused;
  if (!mayUseQuality(standing.tier, quality)) return { status: 400, message: qualityRefusalMessage(quality) };
  if (storageLimit(standing.tier) !== null && !mayKeepAnotherDeck(standing.tier, await decksKept(db, userId))) {
    return { status: 403, message: storageRefusalMessage(standing.tier) };
  }
  return null;
}

/**
 * Whether a deck just written keeps its owner within their plan's storage limit: it does when
 * fewer than the limit of their decks are older. Two decks made at the same moment both pass the
 * check before they are written (`newDeckRefusal`); this is asked after, so only the one beyond
 * the limit is refused.
 */
export async function storageOverflowRefusal(db: Database, userId: string, deck: { id: string; createdAt: number }): Promise<Refusal | null> {
  const standing = await getPlanStanding(db, userId);
  const limit = storageLimit(standing.tier);
  if (limit === null) return null;
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(decks)
    .where(
      and(eq(decks.creatorId, userId), sql`(${decks.createdAt} < ${deck.createdAt} OR (${decks.createdAt} = ${deck.createdAt} AND ${decks.id} < ${deck.id}))`),
    );
  return Number(row?.n ?? 0) >= limit ? { status: 403, message: storageRefusalMessage(standing.tier) } : null;
}

/**
 * Why this person may not pay to grow or remake a deck they keep, or null when they may: as for a
 * new deck, without the storage limit (the deck is kept already); the quality is checked when the
 * work paints at a quality chosen now (another attempt), not when it follows the deck's (an upgrade).
 */
export async function deckWorkRefusal(db: Database, userId: string, quality?: CardImageQuality): Promise<Refusal | null> {
  const standing = await getPlanStanding(db, userId);
  const paused = paidGenerationRefusal(standing);
  if (paused) return paused;
  if (quality && !mayUseQuality(standing.tier, quality)) return { status: 400, message: qualityRefusalMessage(quality) };
  return null;
}

/** Repaints a deck has used: those delivered, and those under way (each holds one until it ends). */
export function repaintsUsedSql(deckId: string | Placeholder) {
  return sql<number>`(SELECT coalesce(sum(${cards.regenerations}), 0) + count(${cards.repaintRequestedAt}) FROM ${cards} WHERE ${cards.deckId} = ${deckId})`;
}

/**
 * Repaints left on a deck for its owner, with the number used as read (`used` guards the repaint's
 * own write); null for unlimited. Repaints of failed cards are not counted on the card.
 */
export async function repaintsOfDeck(db: Database, userId: string, deckId: string): Promise<{ left: number | null; used: number }> {
  const [standing, [row]] = await Promise.all([
    getPlanStanding(db, userId),
    db
      .select({ used: repaintsUsedSql(deckId) })
      .from(decks)
      .where(eq(decks.id, deckId))
      .limit(1),
  ]);
  const used = Number(row?.used ?? 0);
  return { left: repaintsLeft(standing.tier, used), used };
}

/** Repaints left on a deck for its owner; null for unlimited. */
export async function repaintsLeftOnDeck(db: Database, userId: string, deckId: string): Promise<number | null> {
  return (await repaintsOfDeck(db, userId, deckId)).left;
}

/** Subscription prices whose plan carries the verified-creator badge, from the catalogue. */
const BADGE_PRICE_IDS = PLANS.filter((p) => p.mode === "subscription" && hasVerifiedCreatorBadge(p.tier)).map((p) => p.priceId);

/**
 * SQL that is 1 while the person `userId` names holds a live subscription to a plan with the
 * verified-creator badge, else 0: the badge in a list's own query, read from the live plan (so it
 * goes when the subscription ends or its payment fails), by the same rule as `hasVerifiedCreatorBadge`.
 */
export function verifiedCreatorSql(userId: SQL): SQL<number> {
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  // Its own alias, so the person's column is never read as the subscription's own.
  return sql<number>`EXISTS (SELECT 1 FROM subscriptions AS badge_plan WHERE badge_plan.user_id = ${userId} AND badge_plan.subscription_status IN (${list(SUBSCRIBED_STATUSES)}) AND badge_plan.price_id IN (${list(BADGE_PRICE_IDS)}))`;
}
