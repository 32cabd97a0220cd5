import { lt, sql, type SQL } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import type { Database } from "../db.server";

export type RateLimitRule = { limit: number; windowMs: number };

/** On a key already counting: a new window once the old one has passed, else one more hit. */
function nextHit(now: number, rule: RateLimitRule) {
  const cutoff = now - rule.windowMs;
  return {
    count: sql`CASE WHEN ${rateLimits.windowStart} <= ${cutoff} THEN 1 ELSE ${rateLimits.count} + 1 END`,
    windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${cutoff} THEN ${now} ELSE ${rateLimits.windowStart} END`,
  };
}

/**
 * The one statement that counts a hit against `key` in a fixed window, for a caller that sends it in
 * a batch with other statements; `rateLimitVerdict` reads its answer.
 */
export function rateLimitStatement(db: Database, key: string, rule: RateLimitRule, now = Date.now()) {
  return db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({ target: rateLimits.key, set: nextHit(now, rule) })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
}

/**
 * The same count, made only when `exists` (an SQL condition, such as "this token is live") holds:
 * a hit against something that does not exist writes nothing and answers no row.
 */
export function rateLimitStatementIf(db: Database, exists: SQL, key: string, rule: RateLimitRule, now = Date.now()) {
  return db
    .insert(rateLimits)
    .select(sql`SELECT ${key}, ${now}, 1 WHERE ${exists}`)
    .onConflictDoUpdate({ target: rateLimits.key, set: nextHit(now, rule) })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
}

/** Whether the hit counted by `rateLimitStatement` is within the rule, and when the window ends. */
export function rateLimitVerdict(row: { count: number; windowStart: number } | undefined, rule: RateLimitRule, now = Date.now()) {
  const count = row?.count ?? 1;
  return { allowed: count <= rule.limit, retryAfterMs: Math.max(0, (row?.windowStart ?? now) + rule.windowMs - now) };
}

/**
 * Counts one hit against `key` in a fixed window and says whether it is within `limit`.
 * One upsert, so concurrent hits are all counted.
 */
export async function hitRateLimit(db: Database, key: string, rule: RateLimitRule, now = Date.now()) {
  const [row] = await rateLimitStatement(db, key, rule, now);
  return rateLimitVerdict(row, rule, now);
}

export async function deleteStaleRateLimits(db: Database, now: number, olderThanMs = 24 * 60 * 60 * 1000) {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, now - olderThanMs));
}

/** The client's address as Cloudflare reports it; local requests share one bucket. */
export function clientAddress(request: Request) {
  return request.headers.get("cf-connecting-ip") ?? "local";
}
