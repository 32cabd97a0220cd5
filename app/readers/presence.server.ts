import { and, eq, lt, sql } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { PRESENCE_ROOM } from "./presence-messages";
import { readerProfiles, users } from "../../db/schema";
import type { Database } from "../db.server";
import { READER_ONLINE_WINDOW_MS } from "../env.server";

/**
 * `isReaderOnline` as a condition on the `users` row, for lists that filter or sort by it in the
 * database: flagged online and seen within the window.
 */
export function readerOnlineSql(now: number) {
  return sql<number>`(${users.isOnline} = 1 AND ${users.lastSeenAt} >= ${now - READER_ONLINE_WINDOW_MS})`;
}

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
    db
      .update(users)
      .set({ isOnline: false })
      .where(and(eq(users.isOnline, true), sql`${users.id} NOT IN ${live}`)),
    db
      .update(users)
      .set({ isOnline: true, lastSeenAt: now })
      .where(and(eq(users.isReader, true), sql`${users.id} IN ${live}`)),
  ]);
}

/** The demo readers (decision 0099) who have chosen to be available: the presence room keeps them online in local development. */
export function demoReadersToKeep(db: Database) {
  return db
    .select({ id: users.id, username: sql<string>`${users.username}` })
    .from(users)
    .innerJoin(readerProfiles, eq(readerProfiles.userId, users.id))
    .where(and(eq(readerProfiles.demo, true), eq(readerProfiles.available, true), eq(users.isReader, true), sql`${users.username} IS NOT NULL`));
}

/** The presence room's heartbeat for the demo readers it keeps online, as a reader's tab beats for them. */
export async function keepDemoReadersOnline(db: Database, readerIds: string[], now: number) {
  await db
    .update(users)
    .set({ isOnline: true, lastSeenAt: now })
    .where(and(eq(users.isReader, true), sql`${users.id} IN (SELECT value FROM json_each(${JSON.stringify(readerIds)}))`));
}

/**
 * In a local build running in development, the first request an instance serves waits for the
 * presence room to start, which puts the demo readers online before that page is read and keeps
 * them online by its own alarm from then on (decision 0099). Never in production: the code is left
 * out of the production build, and the environment is checked too.
 */
let demoPresenceWoken = false;
export async function wakeDemoPresence(env: Env, appEnv: string) {
  if (!__LOCAL_BUILD__ || appEnv !== "development" || demoPresenceWoken) return;
  demoPresenceWoken = true;
  try {
    await presenceRoom(env);
  } catch {
    // The room starts with the next socket anyway; a later request tries again.
    demoPresenceWoken = false;
  }
}

function presenceRoom(env: Env) {
  return getServerByName(env.ReaderPresence, PRESENCE_ROOM);
}

/**
 * A reader chooses to be available (their open tabs then put them online) or away (every tab of theirs
 * leaves the presence room at once). Returns false for someone who is not a reader.
 */
export async function setReaderAvailability(db: Database, env: Env, readerId: string, available: boolean): Promise<boolean> {
  const now = Date.now();
  const saved = await db.all<{ user_id: string }>(sql`INSERT INTO reader_profiles (user_id, available, updated_at)
    SELECT id, ${available ? 1 : 0}, ${now} FROM users WHERE id = ${readerId} AND is_reader = 1
    ON CONFLICT (user_id) DO UPDATE SET available = excluded.available, updated_at = excluded.updated_at
    RETURNING user_id`);
  if (!saved.length) return false;
  if (!available) await (await presenceRoom(env)).dismiss(readerId, null);
  return true;
}

/** A reader's tab says goodbye as its page unloads; the reader goes offline unless another tab of theirs is open. */
export async function readerTabClosed(env: Env, readerId: string, tab: string) {
  await (await presenceRoom(env)).dismiss(readerId, tab);
}
