/**
 * Idempotent API requests (decision 0056): the first request with a key claims it in one statement
 * and stores its answer; a repeat with the same body gets that answer back, one with another body a
 * conflict. A repeat that arrives while the first is still under way waits for its answer.
 */
import { and, eq, lt } from "drizzle-orm";
import { apiIdempotencyKeys } from "../../db/schema";
import type { Database } from "../db.server";
import { ANSWER_WAITS_MS } from "../outbox/submission-keys.server";

/** How long a key's answer is kept: a client retrying after a day sends a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export type StoredAnswer = { status: number; body: string };

export type IdempotentOutcome = { kind: "answer"; answer: StoredAnswer; replayed: boolean } | { kind: "conflict"; message: string };

export const KEY_REUSED_MESSAGE = "This Idempotency-Key was used with a different request. Use a new key for a new request.";
export const STILL_RUNNING_MESSAGE = "A request with this Idempotency-Key is still being handled. Send it again in a moment to get its answer.";

/**
 * Runs `work` once per (person, key): the request that claims the key runs it and stores its answer;
 * the others answer with that one. When `work` throws, the claim is let go so the key can be tried again.
 */
export async function runOnce(
  db: Database,
  userId: string,
  key: string,
  requestHash: string,
  work: () => Promise<StoredAnswer>,
  now = Date.now(),
): Promise<IdempotentOutcome> {
  const claimed = await db
    .insert(apiIdempotencyKeys)
    .values({ userId, key, requestHash, createdAt: now })
    .onConflictDoUpdate({
      target: [apiIdempotencyKeys.userId, apiIdempotencyKeys.key],
      // An expired key is claimed afresh; a live one is left as it is (and nothing is returned).
      set: { requestHash, responseStatus: null, responseBody: null, createdAt: now },
      setWhere: lt(apiIdempotencyKeys.createdAt, now - IDEMPOTENCY_TTL_MS),
    })
    .returning({ key: apiIdempotencyKeys.key });
  if (claimed.length > 0) {
    let answer: StoredAnswer;
    try {
      answer = await work();
    } catch (error) {
      await db
        .delete(apiIdempotencyKeys)
        .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key), eq(apiIdempotencyKeys.createdAt, now)));
      throw error;
    }
    await db
      .update(apiIdempotencyKeys)
      .set({ responseStatus: answer.status, responseBody: answer.body })
      .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key), eq(apiIdempotencyKeys.createdAt, now)));
    return { kind: "answer", answer, replayed: false };
  }
  for (let attempt = 0; ; attempt++) {
    const [row] = await db
      .select({ requestHash: apiIdempotencyKeys.requestHash, status: apiIdempotencyKeys.responseStatus, body: apiIdempotencyKeys.responseBody })
      .from(apiIdempotencyKeys)
      .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key)))
      .limit(1);
    // The first request failed and let its claim go: this one may try again, as a new request.
    if (!row) return runOnce(db, userId, key, requestHash, work, Date.now());
    if (row.requestHash !== requestHash) return { kind: "conflict", message: KEY_REUSED_MESSAGE };
    if (row.status !== null && row.body !== null) return { kind: "answer", answer: { status: row.status, body: row.body }, replayed: true };
    const wait = ANSWER_WAITS_MS[attempt];
    if (wait === undefined) return { kind: "conflict", message: STILL_RUNNING_MESSAGE };
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Drops answers older than a day (the periodic jobs). */
export async function deleteExpiredIdempotencyKeys(db: Database, now: number) {
  await db.delete(apiIdempotencyKeys).where(lt(apiIdempotencyKeys.createdAt, now - IDEMPOTENCY_TTL_MS));
}

/** A stable digest of a request's meaning: its parsed body with keys in order. */
export async function requestDigest(value: unknown): Promise<string> {
  const canonical = JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
