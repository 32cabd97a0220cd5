import { eq, sql } from "drizzle-orm";
import { anonymousUsers, authSessions, decks, readerProfiles, readingJournal, subscriptions, userDeckQuotas, users } from "../../db/schema";
import type { Database } from "../db.server";
import { remainingDeckCredits } from "../credits/badge";
import { isSubscribed } from "../plans/subscription";
import { liveSessionCondition, readSessionId } from "./session.server";

export type CurrentUser = {
  id: string;
  email: string | null;
  username: string | null;
  fullName: string | null;
  avatarUrl: string | null;
  isGuest: boolean;
  isReader: boolean;
  /** A reader who has chosen to be available: their open tabs put them online. */
  readerAvailable: boolean;
  isCreator: boolean;
  isSubscribed: boolean;
  /** Deck credits left, for the navigation badge. */
  deckCredits: number;
  /** What a guest has saved, so the navigation leads back to it (always false for members). */
  guestSaved: { deck: boolean; reading: boolean };
};

/** Asked of guests only (CASE stops members' rows early); each is one probe of an index on the owner's id. */
const guestHas = (table: typeof decks | typeof readingJournal, owner: typeof decks.creatorId | typeof readingJournal.userId) =>
  sql<number>`case when ${users.email} is null then exists (select 1 from ${table} where ${owner} = ${users.id}) else 0 end`;

/** The signed-in user of this request, with what the app shell needs, in one query. */
export async function getCurrentUser(db: Database, request: Request, now = Date.now()): Promise<CurrentUser | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      fullName: users.fullName,
      avatarUrl: users.avatarUrl,
      isReader: users.isReader,
      readerAvailable: readerProfiles.available,
      isCreator: users.isCreator,
      guestName: anonymousUsers.name,
      subscriptionStatus: subscriptions.subscriptionStatus,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      majorArcanaQuota: userDeckQuotas.majorArcanaQuota,
      completeDeckQuota: userDeckQuotas.completeDeckQuota,
      majorArcanaUsed: userDeckQuotas.majorArcanaUsed,
      completeDeckUsed: userDeckQuotas.completeDeckUsed,
      guestHasDeck: guestHas(decks, decks.creatorId),
      guestHasReading: guestHas(readingJournal, readingJournal.userId),
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(anonymousUsers, eq(anonymousUsers.id, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(userDeckQuotas, eq(userDeckQuotas.userId, users.id))
    .leftJoin(readerProfiles, eq(readerProfiles.userId, users.id))
    .where(liveSessionCondition(sessionId, now))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    username: row.username ?? row.guestName,
    fullName: row.fullName,
    avatarUrl: row.avatarUrl,
    isGuest: row.email === null,
    isReader: row.isReader,
    readerAvailable: row.isReader && !!row.readerAvailable,
    isCreator: row.isCreator,
    isSubscribed: isSubscribed(row.subscriptionStatus),
    deckCredits: remainingDeckCredits(
      row.majorArcanaQuota === null
        ? null
        : {
            majorArcanaQuota: row.majorArcanaQuota,
            completeDeckQuota: row.completeDeckQuota ?? 0,
            majorArcanaUsed: row.majorArcanaUsed ?? 0,
            completeDeckUsed: row.completeDeckUsed ?? 0,
          },
    ),
    guestSaved: { deck: Boolean(row.guestHasDeck), reading: Boolean(row.guestHasReading) },
  };
}

export async function findUserById(db: Database, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}
