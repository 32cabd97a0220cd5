// What the marketplace tells people by push and e-mail: a creator of a sale, followers of a creator's
// new deck, wishers of news about a deck they wished for (decision 0113). The words are in
// sale-notice.ts and follow-notices.ts; who is told, and how often, here.
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { creatorFollows, deckListings, deckPurchases, decks, users, wishlistItems } from "../../db/schema";
import { formatMoney } from "../lib/format";
import { DAY_SECONDS, kindIsOn, type PushNews } from "../push/notify.server";
import { newDeckNotice, wishedDeckNotice, wishNewsWords, type WishNews } from "./follow-notices";
import { saleNotice } from "./sale-notice";

/** A follower hears of one creator's new decks, and a person of one wished deck, at most once in this long. */
export const FOLLOW_NOTICE_GAP_MS = 24 * 60 * 60 * 1000;

/** Someone bought a deck: its seller hears of it by push and by e-mail. */
export function saleNews(sale: { deckId: string; grossCents: number; currency: string; origin: string }): PushNews {
  return {
    kind: "sale",
    mails: true,
    address: async (db) => {
      const [row] = await db
        .select({ sellerId: deckListings.sellerId, title: decks.title })
        .from(deckListings)
        .innerJoin(decks, eq(decks.id, deckListings.deckId))
        .where(eq(deckListings.deckId, sale.deckId));
      if (!row) return null;
      const price = formatMoney(sale.grossCents, sale.currency);
      return {
        to: [row.sellerId],
        message: {
          kind: "sale",
          title: "You made a sale",
          body: `Someone bought “${row.title}” for ${price}.`,
          url: "/sales",
          tag: `sale-${sale.deckId}`,
        },
        mailFor: async (person) => saleNotice({ to: person.email, title: row.title, price, origin: sale.origin }),
        alsoByMail: true,
        delivery: { urgency: "normal", ttlSeconds: DAY_SECONDS },
      };
    },
  };
}

/**
 * A creator's deck has just gone into the marketplace: their followers who have the kind on and
 * have not heard of this creator in a day are claimed in one UPDATE (so two listings at once, or
 * push and e-mail, cannot tell anyone twice), while the deck is still in the marketplace.
 */
export function newDeckNews({ deckId, creatorId, origin }: { deckId: string; creatorId: string; origin: string }): PushNews {
  return {
    kind: "new-deck",
    sender: creatorId,
    mails: true,
    address: async (db, _config, now) => {
      const listed = sql`exists (select 1 from ${deckListings} where ${deckListings.deckId} = ${deckId} and ${deckListings.sellerId} = ${creatorId} and ${deckListings.visible} = 1)`;
      const [deck, followers] = await db.batch([
        db
          .select({
            title: decks.title,
            priceCents: deckListings.priceCents,
            currency: deckListings.currency,
            creator: sql<string>`coalesce(nullif(${users.fullName}, ''), '@' || ${users.username})`,
          })
          .from(deckListings)
          .innerJoin(decks, eq(decks.id, deckListings.deckId))
          .innerJoin(users, eq(users.id, deckListings.sellerId))
          .where(and(eq(deckListings.deckId, deckId), eq(deckListings.sellerId, creatorId))),
        db
          .update(creatorFollows)
          .set({ lastNotifiedAt: now })
          .where(
            and(
              eq(creatorFollows.creatorId, creatorId),
              or(isNull(creatorFollows.lastNotifiedAt), lte(creatorFollows.lastNotifiedAt, now - FOLLOW_NOTICE_GAP_MS)),
              kindIsOn("new-deck", sql`${creatorFollows.followerId}`),
              listed,
            ),
          )
          .returning({ followerId: creatorFollows.followerId }),
      ]);
      const row = deck[0];
      if (!row || followers.length === 0) return null;
      const price = row.priceCents === 0 ? "Free" : formatMoney(row.priceCents, row.currency);
      return {
        to: followers.map((follower) => follower.followerId),
        message: {
          kind: "new-deck",
          title: `New from ${row.creator}`,
          body: `“${row.title}” is in the marketplace: ${price}.`,
          url: `/marketplace/${deckId}`,
          tag: `new-deck-${creatorId}`,
        },
        delivery: { urgency: "low", ttlSeconds: DAY_SECONDS },
        mailWithKindOn: true,
        mailFor: async (person) => newDeckNotice({ to: person.email, creator: row.creator, title: row.title, price, origin, deckId }),
      };
    },
  };
}

/** How many decks' wishers one statement claims: each deck is a bound parameter, and D1 takes a hundred. */
const DECKS_AT_ONCE = 50;

/**
 * News of wished decks (one, or the several a shop-wide offer code takes money off): those who
 * wished for one of them, have the kind on, have not heard of that deck in a day and do not hold it
 * already, claimed in one UPDATE. A person who wished for several hears once, of all of theirs. Every
 * kind of wish news goes this way.
 */
export function wishedDeckNews({ deckIds, news, origin }: { deckIds: string[]; news: WishNews; origin: string }): PushNews {
  return {
    kind: "wished-deck",
    mails: true,
    address: async (db, _config, now) => {
      const claimed: { deckId: string; title: string; userId: string }[] = [];
      for (let i = 0; i < deckIds.length; i += DECKS_AT_ONCE) {
        const some = deckIds.slice(i, i + DECKS_AT_ONCE);
        const [listed, wishers] = await db.batch([
          db
            .select({ deckId: deckListings.deckId, title: decks.title })
            .from(deckListings)
            .innerJoin(decks, eq(decks.id, deckListings.deckId))
            .where(and(inArray(deckListings.deckId, some), eq(deckListings.visible, true))),
          db
            .update(wishlistItems)
            .set({ lastNotifiedAt: now })
            .where(
              and(
                inArray(wishlistItems.deckId, some),
                or(isNull(wishlistItems.lastNotifiedAt), lte(wishlistItems.lastNotifiedAt, now - FOLLOW_NOTICE_GAP_MS)),
                kindIsOn("wished-deck", sql`${wishlistItems.userId}`),
                sql`exists (select 1 from ${deckListings} where ${deckListings.deckId} = ${wishlistItems.deckId} and ${deckListings.visible} = 1)`,
                sql`not exists (select 1 from ${deckPurchases} where ${deckPurchases.deckId} = ${wishlistItems.deckId} and ${deckPurchases.buyerId} = ${wishlistItems.userId})`,
              ),
            )
            .returning({ userId: wishlistItems.userId, deckId: wishlistItems.deckId }),
        ]);
        const titles = new Map(listed.map((row) => [row.deckId, row.title]));
        for (const wisher of wishers) {
          const title = titles.get(wisher.deckId);
          if (title !== undefined) claimed.push({ ...wisher, title });
        }
      }
      if (claimed.length === 0) return null;
      // Each person's decks, by title.
      const byPerson = new Map<string, { deckId: string; title: string }[]>();
      for (const row of claimed.sort((a, b) => a.title.localeCompare(b.title) || a.deckId.localeCompare(b.deckId)))
        byPerson.set(row.userId, [...(byPerson.get(row.userId) ?? []), { deckId: row.deckId, title: row.title }]);
      const heard = (userId: string) => byPerson.get(userId) ?? [];
      const messageOf = (wished: { deckId: string; title: string }[]) => {
        const words = wishNewsWords(
          news,
          wished.map((deck) => deck.title),
        );
        const one = wished.length === 1 ? wished[0]!.deckId : null;
        return {
          kind: "wished-deck" as const,
          title: words.title,
          body: words.body,
          url: one ? `/marketplace/${one}` : "/wishlist",
          tag: one ? `wished-deck-${one}` : `wished-decks-${news.reason}`,
        };
      };
      const [first] = byPerson.values();
      return {
        to: [...byPerson.keys()],
        message: messageOf(first!),
        messageFor: async (userId) => messageOf(heard(userId)),
        delivery: { urgency: "low", ttlSeconds: DAY_SECONDS },
        mailWithKindOn: true,
        mailFor: async (person) => (heard(person.id).length ? wishedDeckNotice({ to: person.email, decks: heard(person.id), news, origin }) : null),
      };
    },
  };
}
