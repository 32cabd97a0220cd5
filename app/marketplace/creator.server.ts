/**
 * A creator's public face on a marketplace deck page: who they are and a few of their other
 * decks anyone can find in the marketplace.
 */
import { eq, sql } from "drizzle-orm";
import { decks, users } from "../../db/schema";
import type { Database } from "../db.server";
import { otherDecksByCreatorQuery, toTiles } from "./browse.server";
import { verifiedCreatorSql } from "../entitlements/entitlements.server";

export const OTHER_DECKS_SHOWN = 6;

/**
 * The name, picture, bio and creator mark of the deck's creator, and up to six of their other
 * decks on sale (listed, not hidden, ready), newest listing first.
 */
export async function creatorProfile(db: Database, deckId: string) {
  // The creator is named in SQL, so the person and their decks are read at once, not after the deck.
  const creatorId = sql<string>`(select ${decks.creatorId} from ${decks} where ${decks.id} = ${deckId})`;
  const [person, others] = await Promise.all([
    // A plain select: the relational query would read the subquery's columns as its own table's.
    db
      .select({
        username: users.username,
        fullName: users.fullName,
        avatarUrl: users.avatarUrl,
        bio: users.bio,
        isCreator: users.isCreator,
        verified: verifiedCreatorSql(sql`${users.id}`).mapWith((value) => Number(value) === 1),
      })
      .from(users)
      .where(eq(users.id, creatorId))
      .limit(1)
      .then(([row]) => row),
    otherDecksByCreatorQuery(db, deckId, OTHER_DECKS_SHOWN),
  ]);
  if (!person) return null;
  return {
    username: person.username,
    fullName: person.fullName,
    avatarUrl: person.avatarUrl,
    bio: person.bio,
    isCreator: person.isCreator,
    verified: person.verified,
    // The shop's own tiles, so each shows the face the listing shows; the creator is named above them.
    decks: toTiles(others).map((tile) => ({ ...tile, creatorUsername: null })),
  };
}

export type CreatorProfile = NonNullable<Awaited<ReturnType<typeof creatorProfile>>>;
