import { and, eq, gt, lt } from "drizzle-orm";
import { createCookie } from "@remix-run/cloudflare";
import { authSessions } from "../../db/schema";
import { sessionCookieName } from "./session-cookie";
import type { Database } from "../db.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

function sessionCookie(request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  return createCookie(sessionCookieName(secure), {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: SESSION_TTL_MS / 1000,
  });
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The stored id of the session the request's cookie names, or null. Does not check expiry. */
export async function readSessionId(request: Request): Promise<string | null> {
  const token = await sessionCookie(request).parse(request.headers.get("cookie"));
  if (typeof token !== "string" || token.length < 32 || token.length > 64) return null;
  return hashToken(token);
}

/** Starts a fresh session for `userId` and returns the Set-Cookie header that carries it. */
export async function startSession(db: Database, request: Request, userId: string, now = Date.now()) {
  const token = randomToken();
  await db.insert(authSessions).values({
    id: await hashToken(token),
    userId,
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
  });
  return sessionCookie(request).serialize(token);
}

/** Revokes the request's session on the server and returns the header that clears the cookie. */
export async function endSession(db: Database, request: Request) {
  const id = await readSessionId(request);
  if (id) await db.delete(authSessions).where(eq(authSessions.id, id));
  return sessionCookie(request).serialize("", { maxAge: 0 });
}

export async function deleteExpiredSessions(db: Database, now: number) {
  await db.delete(authSessions).where(lt(authSessions.expiresAt, now));
}

export function liveSessionCondition(id: string, now: number) {
  return and(eq(authSessions.id, id), gt(authSessions.expiresAt, now));
}
