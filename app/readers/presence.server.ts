import { and, eq, lt, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Database } from "../db.server";
import { READER_ONLINE_WINDOW_MS } from "./presence";

export async function recordReaderPresence(db: Database, readerId: string, online: boolean, now: number) {
  await db
    .update(users)
    .set({ isOnline: online, lastSeenAt: now })
    .where(and(eq(users.id, readerId), eq(users.isReader, true)));
}

/** Readers whose tab vanished without saying goodbye go offline once their last heartbeat is stale. */
export async function markStaleReadersOffline(db: Database, now: number) {
  await db
    .update(users)
    .set({ isOnline: false })
    .where(and(eq(users.isOnline, true), lt(users.lastSeenAt, now - READER_ONLINE_WINDOW_MS)));
}

/**
 * After the presence room starts again: exactly the readers with a live socket are online. A
 * socket that died with the old instance never said goodbye, so D1 may still list its reader.
 */
export async function settleReaderPresence(db: Database, online: string[], now: number) {
  // One bound value however many readers are online (D1 takes at most 100 a statement).
  const live = sql`(SELECT value FROM json_each(${JSON.stringify(online)}))`;
  await db.batch([
    db.update(users).set({ isOnline: false }).where(and(eq(users.isOnline, true), sql`${users.id} NOT IN ${live}`)),
    db.update(users).set({ isOnline: true, lastSeenAt: now }).where(and(eq(users.isReader, true), sql`${users.id} IN ${live}`)),
  ]);
}
