/**
 * Personal API tokens on the server (decision 0056): made and revoked by their owner, kept as the
 * SHA-256 of the token, and checked on every API request together with the owner's live plan and
 * the token's rate limit, in one round trip.
 */
import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { apiTokens, subscriptions, userDeckQuotas, users } from "../../db/schema";
import { notSuspended } from "../auth/suspension.server";
import type { Database } from "../db.server";
import type { PlanTier } from "../plans/catalogue";
import { hasApiAccess } from "../entitlements/entitlements";
import { getPlanStanding, standingOfRow } from "../entitlements/entitlements.server";
import { newId, randomToken, sha256Hex } from "../lib/crypto";
import { rateLimitStatementIf, rateLimitVerdict, type RateLimitRule } from "../security/rate-limit.server";
import { API_ACCESS_MESSAGE, MAX_TOKENS, SHOWN_PREFIX_LENGTH, TOKEN_PREFIX, type TokenScope } from "./tokens";

/** Requests one token may make in a minute. */
export const API_RATE_LIMIT: RateLimitRule = { limit: 60, windowMs: 60_000 };

export type TokenSummary = { id: string; name: string; scope: TokenScope; prefix: string; createdAt: number; lastUsedAt: number | null };

/** The person's live tokens, newest first (never their secret: it is not kept). */
export async function listTokens(db: Database, userId: string): Promise<TokenSummary[]> {
  return tokensQuery(db, userId);
}

/** The statement behind `listTokens`, for a page that reads it beside others (`me` for the session's person). */
export function tokensQuery(db: Database, userId: string | SQL) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scope: apiTokens.scope,
      prefix: apiTokens.prefix,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
}

/**
 * Makes a token for a person whose plan includes API access. The token is returned once, here;
 * only its hash is stored. The insert itself counts the live tokens, so tokens made at once cannot
 * pass `MAX_TOKENS` between them.
 */
export async function createToken(db: Database, userId: string, input: { name: string; scope: TokenScope }, now = Date.now()) {
  const standing = await getPlanStanding(db, userId);
  if (!hasApiAccess(standing.tier)) return { ok: false as const, status: 403, message: API_ACCESS_MESSAGE };
  const token = `${TOKEN_PREFIX}${randomToken(32)}`;
  const id = newId();
  const live = db
    .select({ count: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  const made = await db
    .insert(apiTokens)
    .select(
      sql`SELECT ${id}, ${userId}, ${input.name}, ${input.scope}, ${await sha256Hex(token)}, ${token.slice(0, SHOWN_PREFIX_LENGTH)}, NULL, NULL, ${now}
          WHERE (${live}) < ${MAX_TOKENS}`,
    )
    .returning({ id: apiTokens.id });
  if (made.length === 0) return { ok: false as const, status: 409, message: `You have ${MAX_TOKENS} tokens already. Revoke one to make another.` };
  return { ok: true as const, token, id, name: input.name, scope: input.scope };
}

/** Revokes one of the person's tokens; false when they have no such live token. */
export async function revokeToken(db: Database, userId: string, tokenId: string): Promise<boolean> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: Date.now() })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length > 0;
}

export type ApiCaller = { tokenId: string; userId: string; scope: TokenScope; tier: PlanTier };

export type Authentication = { ok: true; caller: ApiCaller } | { ok: false; code: "unauthorized" | "plan_required" | "rate_limited"; retryAfterMs?: number };

/** The token in `Authorization: Bearer …`, when it has the shape of one of ours. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1] ?? null;
  return token && token.startsWith(TOKEN_PREFIX) && token.length <= 128 ? token : null;
}

/** A live token by its hash, with its owner's plan; a suspended person's tokens open nothing (decision 0078). */
function tokenLookup(db: Database, hash: string) {
  return db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      scope: apiTokens.scope,
      subscriptionStatus: subscriptions.subscriptionStatus,
      priceId: subscriptions.priceId,
      planType: userDeckQuotas.planType,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, apiTokens.userId))
    .leftJoin(userDeckQuotas, eq(userDeckQuotas.userId, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hash), isNull(apiTokens.revokedAt), notSuspended))
    .limit(1);
}

/**
 * The owner of the request's token when it would be let in, without counting a hit: how a card
 * picture's URL from the API opens for the program that asked (a deck's pictures are many, and
 * the rate limit is for API calls).
 */
export async function tokenOwner(db: Database, request: Request): Promise<string | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const [row] = await tokenLookup(db, await sha256Hex(token));
  return row && hasApiAccess(standingOfRow(row).tier) ? row.userId : null;
}

/**
 * Who is asking, by their token: a live token of a person whose plan includes API access now. The
 * token's hit is counted in the same batch as it is read (the window is the token's, by its hash),
 * and its last use noted; both only when the token exists, so a made-up token costs a read and
 * writes nothing.
 */
export async function authenticate(db: Database, request: Request, now = Date.now()): Promise<Authentication> {
  const token = bearerToken(request);
  if (!token) return { ok: false, code: "unauthorized" };
  const hash = await sha256Hex(token);
  const live = and(eq(apiTokens.tokenHash, hash), isNull(apiTokens.revokedAt));
  const [hit, rows] = await db.batch([
    rateLimitStatementIf(db, sql`EXISTS (SELECT 1 FROM ${apiTokens} WHERE ${live})`, `api:${hash}`, API_RATE_LIMIT, now),
    tokenLookup(db, hash),
    db.update(apiTokens).set({ lastUsedAt: now }).where(live),
  ]);
  const row = rows[0];
  if (!row) return { ok: false, code: "unauthorized" };
  const tier = standingOfRow(row).tier;
  if (!hasApiAccess(tier)) return { ok: false, code: "plan_required" };
  const verdict = rateLimitVerdict(hit[0], API_RATE_LIMIT, now);
  if (!verdict.allowed) return { ok: false, code: "rate_limited", retryAfterMs: verdict.retryAfterMs };
  return { ok: true, caller: { tokenId: row.id, userId: row.userId, scope: row.scope, tier } };
}
