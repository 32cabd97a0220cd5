/**
 * A creator's shop (`/shop/{username}`): who they are, every deck they have in the marketplace, their
 * bundles on sale and how buyers rate them, read at once after the person. Public: it names the public
 * columns it reads and never the e-mail or the id.
 */
import { and, eq, sql } from "drizzle-orm";
import { deckListings, deckReviews, users } from "../../db/schema";
import type { Database } from "../db.server";
import { verifiedCreatorSql } from "../entitlements/entitlements.server";
import { shopDecksQuery, toTiles } from "./browse.server";
import { bundlesOnSale } from "./bundles.server";

/** A shop shows this many decks, newest listing first. */
export const SHOP_DECKS_SHOWN = 48;

export async function shopOf(db: Database, username: string) {
  const [person] = await db
    .select({
      id: users.id,
      username: sql<string>`${users.username}`,
      fullName: users.fullName,
      avatarUrl: users.avatarUrl,
      bio: users.bio,
      isCreator: users.isCreator,
      verified: verifiedCreatorSql(sql`${users.id}`).mapWith((value) => Number(value) === 1),
      joinedAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.username, username.slice(0, 64)), sql`${users.suspendedAt} IS NULL`))
    .limit(1);
  if (!person) return null;
  const [rows, [ratings], bundles] = await Promise.all([
    shopDecksQuery(db, person.id, SHOP_DECKS_SHOWN),
    db
      .select({ count: sql<number>`count(*)`, average: sql<number | null>`avg(${deckReviews.rating})` })
      .from(deckReviews)
      .innerJoin(deckListings, and(eq(deckListings.deckId, deckReviews.deckId), eq(deckListings.sellerId, person.id), sql`${deckListings.visible} = 1`)),
    bundlesOnSale(db, { sellerId: person.id }),
  ]);
  const decks = toTiles(rows).map((tile) => ({ ...tile, creatorUsername: null }));
  const { id: _id, ...shown } = person;
  return {
    creator: shown,
    decks,
    bundles,
    // The banner is the newest deck's face, drawn wide.
    bannerUrl: decks[0]?.coverUrl ?? null,
    rating: {
      average: ratings && Number(ratings.count) > 0 && ratings.average !== null ? Math.round(Number(ratings.average) * 10) / 10 : null,
      count: Number(ratings?.count ?? 0),
    },
  };
}
