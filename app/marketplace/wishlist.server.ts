/**
 * Wishlists (decision 0113): a member saves a deck in the marketplace for later, sees their saved
 * decks at their current price on `/wishlist`, and hears news of them (a lower price). A wish is a
 * `wishlist_items` row; nobody but its owner ever reads it.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { creatorFollows, deckListings, decks, wishlistItems } from "../../db/schema";
import type { Database } from "../db.server";
import { lazySchema } from "../lib/lazy-schema";
import type { Me } from "../lib/page-reads.server";
import { notify, type PushTarget } from "../push/notify.server";
import { wishedDeckNews } from "./news.server";
import { wishlistDecksQuery, toTiles } from "./browse.server";
import type { WishNews } from "./follow-notices";

export const wishIntents = ["wish", "unwish"] as const;
export type WishIntent = (typeof wishIntents)[number];

/** The wish form's fields: what to do, and the page to go back to. */
export const wishFormSchema = lazySchema(() =>
  z.object({
    intent: z.enum(wishIntents, { error: "Say whether to save the deck or remove it." }),
    redirectTo: z.string().max(1000).optional(),
  }),
);

export type WishOutcome = { ok: true; wished: boolean } | { ok: false; status: 400 | 404; error: string };

/** A wishlist shows this many decks, newest wish first. */
export const WISHLIST_SHOWN = 120;

/**
 * Saves a deck in the marketplace (someone else's) to `userId`'s wishlist, or removes it, in one
 * round trip. Each intent names the end state, so a repeat changes nothing more. Removing works
 * for a deck that has left the marketplace too.
 */
export async function changeWish(db: Database, userId: string, deckId: string, intent: WishIntent, now = Date.now()): Promise<WishOutcome> {
  const id = deckId.slice(0, 64);
  const write =
    intent === "unwish"
      ? db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.deckId, id)))
      : db
          .insert(wishlistItems)
          // An insert from a select names every column of the table, in order.
          .select(
            sql`select ${userId}, ${deckListings.deckId}, ${now}, null from ${deckListings} where ${deckListings.deckId} = ${id} and ${deckListings.visible} = 1 and ${deckListings.sellerId} <> ${userId}`,
          )
          .onConflictDoNothing();
  const [listing, , state] = await db.batch([
    db.select({ sellerId: deckListings.sellerId, visible: deckListings.visible }).from(deckListings).where(eq(deckListings.deckId, id)).limit(1),
    write,
    db
      .select({ deckId: wishlistItems.deckId })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.deckId, id))),
  ]);
  const found = listing[0];
  if (intent === "wish") {
    if (!found?.visible) return { ok: false, status: 404, error: "That deck is not in the marketplace." };
    if (found.sellerId === userId) return { ok: false, status: 400, error: "That is your own deck." };
  }
  return { ok: true, wished: state.length > 0 };
}

/** The decks `me` (the request's person; NULL for a visitor) keeps on their wishlist: for a page's first batch. */
export function wishedDecksQuery(db: Database, me: Me) {
  return db
    .select({ deckId: wishlistItems.deckId })
    .from(wishlistItems)
    .where(sql`${wishlistItems.userId} = ${me}`);
}

/**
 * What a marketplace deck's page shows the request's person of their own: whether the deck is on
 * their wishlist, whether they follow its creator, and whether it is theirs.
 */
export function deckMarksQuery(db: Database, deckId: string, me: Me) {
  return db
    .select({
      wished: sql<number>`exists(select 1 from ${wishlistItems} where ${wishlistItems.deckId} = ${decks.id} and ${wishlistItems.userId} = ${me})`.mapWith(
        (value) => Number(value) === 1,
      ),
      following:
        sql<number>`exists(select 1 from ${creatorFollows} where ${creatorFollows.creatorId} = ${decks.creatorId} and ${creatorFollows.followerId} = ${me})`.mapWith(
          (value) => Number(value) === 1,
        ),
      own: sql<number>`coalesce(${decks.creatorId} = ${me}, 0)`.mapWith((value) => Number(value) === 1),
    })
    .from(decks)
    .where(eq(decks.id, deckId.slice(0, 64)))
    .limit(1);
}

/** `userId`'s wishlist: the saved decks still in the marketplace, as tiles at their current price, and how many are saved in all. */
export async function wishlistOf(db: Database, userId: string) {
  const [rows, [count]] = await Promise.all([
    wishlistDecksQuery(db, userId, WISHLIST_SHOWN),
    db
      .select({ saved: sql<number>`count(*)`.mapWith(Number) })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId)),
  ]);
  const decks = toTiles(rows);
  return { decks, away: Math.max(0, (count?.saved ?? 0) - decks.length) };
}

/**
 * Tells everyone who wished for one of `deckIds` of `news`, after the caller's answer, as each
 * person's settings say and at most once a day per deck (news.server.ts): one notice a person, of
 * all their decks the news is about. A new kind of wish news is a variant of `WishNews` and a call of this.
 */
export function tellWishers(target: PushTarget, deckIds: string[], news: WishNews, origin: string) {
  if (deckIds.length > 0) notify(target, wishedDeckNews({ deckIds, news, origin }));
}
