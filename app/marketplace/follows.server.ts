/**
 * Following a creator (decision 0113): a member follows the person behind a shop to hear of their
 * new decks. A follow is a `creator_follows` row; only the follower ever reads whom they follow,
 * and a shop shows only how many follow it.
 */
import { and, desc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { creatorFollows, users, wishlistItems } from "../../db/schema";
import type { Database } from "../db.server";
import { lazySchema } from "../lib/lazy-schema";
import type { Me } from "../lib/page-reads.server";

export const followIntents = ["follow", "unfollow"] as const;
export type FollowIntent = (typeof followIntents)[number];

/** The follow form's fields: what to do, and the page to go back to. */
export const followFormSchema = lazySchema(() =>
  z.object({
    intent: z.enum(followIntents, { error: "Say whether to follow or unfollow." }),
    redirectTo: z.string().max(1000).optional(),
  }),
);

export type FollowOutcome = { ok: true; following: boolean } | { ok: false; status: 400 | 404; error: string };

export const CANNOT_FOLLOW_YOURSELF = "You cannot follow yourself.";

/** A person with a shop, by username: anyone not suspended. */
const shopOwner = (username: string) => sql`(select ${users.id} from ${users} where ${users.username} = ${username} and ${users.suspendedAt} is null)`;

/**
 * Applies one intent of `followerId` to the creator named `username`, in one round trip. Each
 * intent names the end state, so sending it twice changes nothing more; nobody can follow
 * themselves.
 */
export async function changeFollow(db: Database, followerId: string, username: string, intent: FollowIntent, now = Date.now()): Promise<FollowOutcome> {
  const name = username.slice(0, 64);
  const creator = shopOwner(name);
  const write =
    intent === "unfollow"
      ? db.delete(creatorFollows).where(and(eq(creatorFollows.followerId, followerId), sql`${creatorFollows.creatorId} = ${creator}`))
      : db
          .insert(creatorFollows)
          // An insert from a select names every column of the table, in order.
          .select(sql`select ${followerId}, ${users.id}, ${now}, null from ${users} where ${users.id} = ${creator} and ${users.id} <> ${followerId}`)
          .onConflictDoNothing();
  const [found, , state] = await db.batch([
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, name), sql`${users.suspendedAt} is null`))
      .limit(1),
    write,
    db
      .select({ creatorId: creatorFollows.creatorId })
      .from(creatorFollows)
      .where(and(eq(creatorFollows.followerId, followerId), sql`${creatorFollows.creatorId} = ${creator}`)),
  ]);
  const creatorId = found[0]?.id;
  if (!creatorId) return { ok: false, status: 404, error: "No such shop." };
  if (creatorId === followerId) return { ok: false, status: 400, error: CANNOT_FOLLOW_YOURSELF };
  return { ok: true, following: state.length > 0 };
}

/**
 * How many follow the shop of `username`, and whether `me` (the request's person, NULL for a
 * visitor) follows it or is its owner: for the page's first batch.
 */
export function shopFollowQuery(db: Database, username: string, me: Me) {
  return db
    .select({
      followers: sql<number>`(select count(*) from ${creatorFollows} where ${creatorFollows.creatorId} = ${users.id})`.mapWith(Number),
      following:
        sql<number>`exists(select 1 from ${creatorFollows} where ${creatorFollows.creatorId} = ${users.id} and ${creatorFollows.followerId} = ${me})`.mapWith(
          (value) => Number(value) === 1,
        ),
      own: sql<number>`coalesce(${users.id} = ${me}, 0)`.mapWith((value) => Number(value) === 1),
    })
    .from(users)
    .where(eq(users.username, username.slice(0, 64)))
    .limit(1);
}

/** What a follow button shows to the request's person: whether they follow the shop, and whether it is their own. */
export type FollowState = { following: boolean; own: boolean };

/** The creators `followerId` follows, newest follow first: theirs alone to see. */
export function followedCreators(db: Database, followerId: string, limit = 200) {
  return db
    .select({
      username: sql<string>`${users.username}`,
      fullName: users.fullName,
      avatarUrl: users.avatarUrl,
      since: creatorFollows.createdAt,
    })
    .from(creatorFollows)
    .innerJoin(users, eq(users.id, creatorFollows.creatorId))
    .where(and(eq(creatorFollows.followerId, followerId), sql`${users.suspendedAt} is null`, sql`${users.username} is not null`))
    .orderBy(desc(creatorFollows.createdAt), desc(creatorFollows.creatorId))
    .limit(limit);
}

/** A deleted account's follows (both ways) and wishlist, for the deletion's batch. */
export function forgetAccountFollowStatements(db: Database, userId: string) {
  return [
    db.delete(creatorFollows).where(or(eq(creatorFollows.followerId, userId), eq(creatorFollows.creatorId, userId))),
    db.delete(wishlistItems).where(eq(wishlistItems.userId, userId)),
  ] as const;
}
