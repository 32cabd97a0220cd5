import { eq, sql } from "drizzle-orm";
import { anonymousUsers, decks, readerProfiles, readingJournal, subscriptions, userDeckQuotas, users } from "../../db/schema";
import type { Database } from "../db.server";
import type { Me } from "../lib/page-reads.server";
import { remainingDeckCredits } from "../credits/badge";
import { planStanding, type PlanStanding } from "../entitlements/entitlements";
import { isSubscribed } from "../plans/subscription";
import { readSessionId, sessionUser } from "./session.server";

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
  /** Where the person stands with their plan, read with the session (see entitlements' `planStanding`). */
  plan: PlanStanding;
  /** Deck credits left, for the navigation badge. */
  deckCredits: number;
  /** What a guest has saved, so the navigation leads back to it (always false for members). */
  guestSaved: { deck: boolean; reading: boolean };
};

/** Asked of guests only (CASE stops members' rows early); each is one probe of an index on the owner's id. */
const guestHas = (table: typeof decks | typeof readingJournal, owner: typeof decks.creatorId | typeof readingJournal.userId) =>
  sql<number>`case when ${users.email} is null then exists (select 1 from ${table} where ${owner} = ${users.id}) else 0 end`;

/** The user `me` stands for, with what the app shell needs, in one query (see lib/page-reads). */
export function currentUserQuery(db: Database, me: Me) {
  return db
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
      priceId: subscriptions.priceId,
      planType: userDeckQuotas.planType,
      majorArcanaQuota: userDeckQuotas.majorArcanaQuota,
      completeDeckQuota: userDeckQuotas.completeDeckQuota,
      majorArcanaUsed: userDeckQuotas.majorArcanaUsed,
      completeDeckUsed: userDeckQuotas.completeDeckUsed,
      guestHasDeck: guestHas(decks, decks.creatorId),
      guestHasReading: guestHas(readingJournal, readingJournal.userId),
    })
    .from(users)
    .leftJoin(anonymousUsers, eq(anonymousUsers.id, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(userDeckQuotas, eq(userDeckQuotas.userId, users.id))
    .leftJoin(readerProfiles, eq(readerProfiles.userId, users.id))
    .where(eq(users.id, me))
    .limit(1);
}

/** The signed-in user of this request, with what the app shell needs, in one query. */
export async function getCurrentUser(db: Database, request: Request, now = Date.now()): Promise<CurrentUser | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const [row] = await currentUserQuery(db, sessionUser(sessionId, now));
  return row ? toCurrentUser(row) : null;
}

/** The app shell's user from a row of `currentUserQuery`. */
export function toCurrentUser(row: Awaited<ReturnType<typeof currentUserQuery>>[number]): CurrentUser {
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
    plan: planStanding(row.subscriptionStatus && row.priceId ? { subscriptionStatus: row.subscriptionStatus, priceId: row.priceId } : null, row.planType),
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
