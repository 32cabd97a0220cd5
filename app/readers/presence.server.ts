import { and, eq, lt } from "drizzle-orm";
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
