import { and, eq, gt, lt, sql, type Placeholder } from "drizzle-orm";
import type { Me, Person } from "../lib/page-reads.server";
import { authSessions } from "../../db/schema";
import type { Database } from "../db.server";
import { randomToken, sha256Hex } from "../lib/crypto";
import { deviceCookieName, isSecureRequest, readSessionToken, sessionCookieName, type SessionKind } from "./session-cookie";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The device cookie outlives sessions so a browser whose session lapsed gets its own guest back. */
export const DEVICE_TTL_S = 400 * 24 * 60 * 60;

function serializeCookie(name: string, value: string, request: Request, maxAgeSeconds: number) {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (isSecureRequest(request)) parts.push("Secure");
  return parts.join("; ");
}

function parseToken(token: string | null): string | null {
  if (!token || !/^[gm]\.[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return token;
}

/**
 * The ids of the tokens this isolate hashed last. An id is the token's hash and nothing else, so a
 * copy can never be stale: whether the session still holds is read from the database every time.
 */
const recentIds = new Map<string, string>();
const RECENT_IDS = 500;

/** The stored id of the session the request's cookie names, or null. Does not check expiry. */
export async function readSessionId(request: Request): Promise<string | null> {
  const token = parseToken(readSessionToken(request));
  if (!token) return null;
  const known = recentIds.get(token);
  if (known) return known;
  const id = await sha256Hex(token);
  if (recentIds.size >= RECENT_IDS) recentIds.delete(recentIds.keys().next().value!);
  recentIds.set(token, id);
  return id;
}

/**
 * Starts a fresh session for `userId` and returns the Set-Cookie header that carries it.
 * Every sign-in gets a new token: a session id seen before sign-in is never promoted.
 */
export async function startSession(db: Database, request: Request, userId: string, kind: SessionKind, now = Date.now()) {
  const token = `${kind === "guest" ? "g" : "m"}.${randomToken()}`;
  await db.insert(authSessions).values({
    id: await sha256Hex(token),
    userId,
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
  });
  return { cookie: sessionCookieHeader(request, token), token };
}

export function sessionCookieHeader(request: Request, token: string) {
  return serializeCookie(sessionCookieName(isSecureRequest(request)), token, request, SESSION_TTL_MS / 1000);
}

/** Tells the browser to forget its session cookie. */
export function clearedSessionCookieHeader(request: Request) {
  return serializeCookie(sessionCookieName(isSecureRequest(request)), "", request, 0);
}

export function deviceCookieHeader(request: Request, key: string) {
  return serializeCookie(deviceCookieName(isSecureRequest(request)), key, request, DEVICE_TTL_S);
}

/** Deletes the request's session row, if any. */
export async function revokeSession(db: Database, request: Request) {
  const id = await readSessionId(request);
  if (id) await db.delete(authSessions).where(eq(authSessions.id, id));
}

export async function deleteExpiredSessions(db: Database, now: number) {
  await db.delete(authSessions).where(lt(authSessions.expiresAt, now));
}

export function liveSessionCondition(id: string | Placeholder, now: number | Placeholder) {
  return and(eq(authSessions.id, id), gt(authSessions.expiresAt, now));
}

/** The user id of the live session `id` at `now`, as SQL for a read that names the person (lib/page-reads); NULL without one. */
export function sessionUser(id: string | null | Placeholder, now: number | Placeholder): Me {
  if (id === null) return sql<string | null>`null`;
  return sql<string | null>`(select ${authSessions.userId} from ${authSessions} where ${liveSessionCondition(id, now)})`;
}

const SESSION_USER = sessionUser(sql.placeholder("session.id"), sql.placeholder("session.now"));

/**
 * The person of a request's page reads (lib/page-reads): the live session's user, written once
 * with placeholders and filled with the request's session id (none finds nobody) and time.
 */
export function sessionPerson(sessionId: () => Promise<string | null>, now: number): Person {
  return { me: SESSION_USER, values: async () => ({ "session.id": await sessionId(), "session.now": now }) };
}
