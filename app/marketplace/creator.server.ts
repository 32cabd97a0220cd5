/**
 * A creator's public face on a marketplace deck page: who they are and a few of their other
 * decks anyone can find in the marketplace.
 */
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { cards, deckListings, decks, users } from "../../db/schema";
import type { Database } from "../db.server";
import { cardImageUrl } from "../decks/images";
import { publicCards } from "./ownership.server";
import { verifiedCreatorSql } from "../entitlements/entitlements.server";

export const OTHER_DECKS_SHOWN = 6;

const cover = alias(cards, "cover");

/**
 * The name, picture and bio of the deck's creator, and up to six of their other decks on sale
 * (listed, not hidden, ready), newest listing first.
 */
export async function creatorProfile(db: Database, deckId: string) {
  // The creator is named in SQL, so the person and their decks are read at once, not after the deck.
  const creatorId = sql<string>`(select ${decks.creatorId} from ${decks} where ${decks.id} = ${deckId})`;
  const [person, others] = await Promise.all([
    // A plain select: the relational query would read the subquery's columns as its own table's.
    db
      .select({ username: users.username, fullName: users.fullName, avatarUrl: users.avatarUrl, bio: users.bio, verified: verifiedCreatorSql(sql`${users.id}`).mapWith((value) => Number(value) === 1) })
      .from(users)
      .where(eq(users.id, creatorId))
      .limit(1)
      .then(([row]) => row),
    db
      .select({
        id: decks.id,
        title: decks.title,
        theme: decks.theme,
        isPublic: decks.isPublic,
        coverKey: cover.cardKey,
        coverImageKey: cover.imageKey,
        coverUpdatedAt: cover.updatedAt,
        listing: {
          status: deckListings.status,
          hiddenAt: deckListings.hiddenAt,
          priceCents: deckListings.priceCents,
          previewCardKeys: deckListings.previewCardKeys,
          ratingSum: deckListings.ratingSum,
          ratingCount: deckListings.ratingCount,
        },
        cardCount: sql<number>`(select count(*) from ${cards} where ${cards.deckId} = ${decks.id})`,
      })
      .from(decks)
      .innerJoin(deckListings, eq(deckListings.deckId, decks.id))
      .leftJoin(cover, eq(cover.id, decks.coverCardId))
      .where(
        and(
          eq(decks.creatorId, creatorId),
          ne(decks.id, deckId),
          eq(decks.status, "ready"),
          eq(deckListings.status, "listed"),
          isNull(deckListings.hiddenAt),
        ),
      )
      .orderBy(desc(deckListings.listedAt), decks.id)
      .limit(OTHER_DECKS_SHOWN),
  ]);
  if (!person) return null;
  return {
    username: person.username,
    fullName: person.fullName,
    avatarUrl: person.avatarUrl,
    bio: person.bio,
    verified: person.verified,
    decks: others.map(({ listing, coverKey, coverImageKey, coverUpdatedAt, isPublic, ...deck }) => {
      const open = publicCards({ isPublic }, listing);
      // A tile shows the cover only where anyone may see it; a locked cover is a card back.
      const coverVisible = open === "all" || (coverKey !== null && open.has(coverKey));
      return {
        ...deck,
        creatorUsername: null,
        coverUrl: coverVisible ? cardImageUrl(coverImageKey, coverUpdatedAt ?? 0) : null,
        priceCents: listing.priceCents,
        ratingAverage: listing.ratingCount > 0 ? Math.round((listing.ratingSum / listing.ratingCount) * 10) / 10 : null,
        ratingCount: listing.ratingCount,
      };
    }),
  };
}

export type CreatorProfile = NonNullable<Awaited<ReturnType<typeof creatorProfile>>>;
