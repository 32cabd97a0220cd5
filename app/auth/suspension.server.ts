/**
 * Suspended accounts (decision 0078). A person staff suspended cannot sign in by any path (the one
 * check is in `completeSignIn`), their sessions end at once, they cannot be booked as a reader, and
 * their listings leave the marketplace (the `visible` flag of a listing asks for an unsuspended
 * seller: migration 0036). Restoring undoes all of it but the sessions, which are signed in anew.
 */
import { eq, isNull } from "drizzle-orm";
import { authSessions, users } from "../../db/schema";
import type { Database } from "../db.server";

export const SUSPENDED_SIGN_IN_MESSAGE = "This account is suspended. Write to Arcanum support if you think this is a mistake.";

/** "Not suspended", as a condition on `users`: for every read that offers a person to others. */
export const notSuspended = isNull(users.suspendedAt);

/** Whether the account is suspended now. */
export async function isSuspended(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId));
  return row?.suspendedAt != null;
}

/** The statements that suspend an account and end its sessions, for the caller's batch (with its audit line). */
export function suspendStatements(db: Database, userId: string, reason: string, now: number) {
  return [
    db.update(users).set({ suspendedAt: now, suspendedReason: reason, isOnline: false, updatedAt: now }).where(eq(users.id, userId)),
    db.delete(authSessions).where(eq(authSessions.userId, userId)),
  ] as const;
}

/** The statement that lifts a suspension. */
export function restoreStatement(db: Database, userId: string, now: number) {
  return db.update(users).set({ suspendedAt: null, suspendedReason: null, updatedAt: now }).where(eq(users.id, userId));
}
