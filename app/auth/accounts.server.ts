import { getServerByName } from "partyserver";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import {
  anonymousUsers,
  authSessions,
  customSpreads,
  decks,
  deviceMembers,
  readingJournal,
  readingSessions,
  sessionParticipants,
  userIdentities,
  users,
} from "../../db/schema";
import type { AiService } from "../ai/ai.server";
import { mergeQuotaStatements, newMemberAllowanceStatements } from "../credits/credits.server";
import type { Database } from "../db.server";
import { newId, randomToken, sha256Hex } from "../lib/crypto";
import { generateUsername } from "../profile/username.server";
import { readDeviceKey } from "./session-cookie";
import { deviceCookieHeader } from "./session.server";
import { METRICS, recordMetric } from "../observe/metrics.server";

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, normalizeEmail(email)) });
}

export async function isGuestAccount(db: Database, userId: string) {
  const row = await db.query.anonymousUsers.findFirst({ columns: { id: true }, where: eq(anonymousUsers.id, userId) });
  return Boolean(row);
}

/** Thrown when an e-mail or provider account already belongs to someone else. */
export class AccountConflictError extends Error {}

export const EMAIL_TAKEN_MESSAGE = "This email is already associated with another account. Please sign in to that account instead.";
export const GOOGLE_TAKEN_MESSAGE = "This Google account is already associated with another user. Please sign in to that account instead.";

type NewMember = { email: string; fullName?: string | null };

/**
 * Turns a guest into a member on the same id, so every deck, reading, participation and credit
 * stays where it is; a guest that started without the free allowance gets it, as every new
 * account does. The guest marker row goes; the e-mail's uniqueness is the database's to keep.
 */
export async function upgradeGuest(db: Database, ai: AiService, guestId: string, member: NewMember, now = Date.now()) {
  const email = normalizeEmail(member.email);
  const guest = await db.query.users.findFirst({ where: eq(users.id, guestId) });
  if (!guest) throw new Error("The guest account no longer exists");
  // What the guest already chose (a username, a name, an avatar) wins over what sign-in brings.
  const fullName = guest.fullName || member.fullName || null;
  const username = guest.username ?? (await generateUsername(db, ai, email, fullName));
  try {
    await db.batch([
      db
        .update(users)
        .set({
          email,
          username,
          fullName,
          createdAt: now,
          updatedAt: now,
        })
        .where(and(eq(users.id, guestId), isNull(users.email))),
      db.delete(anonymousUsers).where(eq(anonymousUsers.id, guestId)),
      ...newMemberAllowanceStatements(db, guestId, now),
    ]);
  } catch (error) {
    if (await findUserByEmail(db, email)) throw new AccountConflictError(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  recordMetric(METRICS.signUp, "guest");
  return guestId;
}

/**
 * A first sign-in with a new e-mail and no guest: creates the profile row. When two first
 * requests race, the loser re-reads the row the winner made instead of failing.
 */
export async function createMember(db: Database, ai: AiService, member: NewMember, now = Date.now()) {
  const email = normalizeEmail(member.email);
  // A conflict is either the e-mail (someone else's first request won: read theirs) or, rarely,
  // the username (another member took it a moment ago: try another).
  for (let attempt = 0; attempt < 3; attempt++) {
    const username = await generateUsername(db, ai, email, member.fullName);
    await db
      .insert(users)
      .values({ id: newId(), email, username, fullName: member.fullName || null, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    const row = await findUserByEmail(db, email);
    if (row && row.createdAt === now) recordMetric(METRICS.signUp, "new");
    if (row) return row.id;
  }
  throw new Error("The new account could not be created");
}

/**
 * Moves everything a guest owns into an existing account (spec: migration to an existing
 * account), as one D1 batch: either all of it happens or none of it does.
 * - reading sessions and decks change owner;
 * - the guest's participants become the member's; where the member already sits in that
 *   session the guest's seat is deactivated, and of duplicate active seats the earliest stays;
 * - credits merge as the credits module says: the guest's spending counts against the account,
 *   now or from its next refreshes, so a merge never hands out a free deck (decision 0016);
 * - the spreads the guest built move with the rest;
 * - the guest's quota row, sessions and user row are deleted.
 * Returns the readings the guest sat in, whose live rooms must be told (`tellRoomsOfMerge`).
 */
export async function mergeGuestInto(db: Database, guestId: string, targetId: string, now = Date.now()): Promise<string[]> {
  if (guestId === targetId) return [];
  const guest = await db.query.anonymousUsers.findFirst({ where: eq(anonymousUsers.id, guestId) });
  if (!guest) throw new Error("Only a guest account can be merged into another account");
  const guestSeat = or(eq(sessionParticipants.userId, guestId), eq(sessionParticipants.anonymousId, guestId));
  const readings = await db.selectDistinct({ id: sessionParticipants.sessionId }).from(sessionParticipants).where(guestSeat);

  await db.batch([
    db.update(readingSessions).set({ hostUserId: targetId, updatedAt: now }).where(eq(readingSessions.hostUserId, guestId)),
    db.update(readingSessions).set({ originalHostUserId: targetId }).where(eq(readingSessions.originalHostUserId, guestId)),
    db.update(decks).set({ creatorId: targetId, updatedAt: now }).where(eq(decks.creatorId, guestId)),
    db
      .update(sessionParticipants)
      .set({ isActive: false })
      .where(and(guestSeat, sql`${sessionParticipants.sessionId} IN (SELECT session_id FROM session_participants WHERE user_id = ${targetId})`)),
    db.update(sessionParticipants).set({ userId: targetId, anonymousId: null }).where(guestSeat),
    db
      .update(sessionParticipants)
      .set({ isActive: false })
      .where(
        and(
          eq(sessionParticipants.userId, targetId),
          eq(sessionParticipants.isActive, true),
          sql`EXISTS (
            SELECT 1 FROM session_participants AS earlier
            WHERE earlier.session_id = ${sessionParticipants.sessionId}
              AND earlier.user_id = ${targetId} AND earlier.is_active = 1
              AND (earlier.joined_at < ${sessionParticipants.joinedAt}
                OR (earlier.joined_at = ${sessionParticipants.joinedAt} AND earlier.id < ${sessionParticipants.id})))`,
        ),
      ),
    ...mergeQuotaStatements(db, guestId, targetId, guest.name, now),
    // Journal entries move unless the account already keeps the same reading.
    db
      .update(readingJournal)
      .set({ userId: targetId })
      .where(
        and(
          eq(readingJournal.userId, guestId),
          sql`NOT EXISTS (SELECT 1 FROM reading_journal AS theirs WHERE theirs.user_id = ${targetId} AND theirs.session_id = ${readingJournal.sessionId})`,
        ),
      ),
    // Spreads the guest built are the account's now.
    db.update(customSpreads).set({ ownerId: targetId }).where(eq(customSpreads.ownerId, guestId)),
    db.delete(authSessions).where(eq(authSessions.userId, guestId)),
    db.delete(users).where(and(eq(users.id, guestId), isNull(users.email))),
  ]);
  return readings.map((row) => row.id);
}

/**
 * Remembers that this browser signed in as `userId`, so a guest made on it later does not get a
 * free allowance of its own. A browser without a device cookie gets one (its Set-Cookie is returned).
 */
export async function rememberDevice(db: Database, request: Request, userId: string, now = Date.now()): Promise<string[]> {
  const existing = readDeviceKey(request);
  const key = existing ?? randomToken();
  await db
    .insert(deviceMembers)
    .values({ deviceKeyHash: await sha256Hex(key), userId, createdAt: now })
    .onConflictDoNothing();
  return existing ? [] : [deviceCookieHeader(request, key)];
}

/** Tells the live rooms of merged readings that the guest is now `targetId`. */
export async function tellRoomsOfMerge(env: Env, readings: string[], guestId: string, targetId: string) {
  await Promise.all(
    readings.map(async (id) => {
      const room = await getServerByName(env.ReadingRoom, id);
      await room.mergeMember(guestId, targetId);
    }),
  );
}

/** The user a provider account is linked to, if any. */
export async function findIdentityOwner(db: Database, provider: "google", subject: string) {
  const row = await db.query.userIdentities.findFirst({
    columns: { userId: true },
    where: and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)),
  });
  return row?.userId ?? null;
}

/**
 * Links a provider account to `userId`. A provider account belongs to one user: if another
 * user holds it (a race, or an earlier link), the link is refused.
 */
export async function linkIdentity(db: Database, userId: string, provider: "google", subject: string, email: string) {
  await db.insert(userIdentities).values({ provider, subject, userId, email }).onConflictDoNothing();
  const owner = await findIdentityOwner(db, provider, subject);
  if (owner !== userId) throw new AccountConflictError(GOOGLE_TAKEN_MESSAGE);
}
