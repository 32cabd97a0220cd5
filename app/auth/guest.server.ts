import { eq } from "drizzle-orm";
import { isbot } from "isbot";
import { anonymousUsers, users } from "../../db/schema";
import { guestStartingQuota } from "../credits/credits.server";
import type { Database } from "../db.server";
import { newId, randomToken, sha256Hex } from "../lib/crypto";
import { clientAddress, hitRateLimit } from "../security/rate-limit.server";
import { isGuardedPath } from "./guarded-paths";
import { readDeviceKey } from "./session-cookie";
import { deviceCookieHeader, startSession } from "./session.server";

/** Paths whose document visits never mint a guest: files, sign-in plumbing and development tools. */
const NO_GUEST_PREFIXES = ["/media/", "/auth/", "/dev/", "/theme", "/logout", "/healthz", "/parties/", "/api/v1/"];

/** The window over which new guests are counted per client address (the count is configuration). */
export const GUEST_WINDOW_MS = 60 * 60 * 1000;

/** The spec's guest name: `Guest_` and the last six characters of the id. */
export function guestName(id: string): string {
  return `Guest_${id.slice(-6)}`;
}

/**
 * True for a person's browser opening a page: a GET for a document, from something that is not
 * a crawler. Fetches, images, scripts and bots never create accounts.
 */
export function shouldCreateGuest(request: Request): boolean {
  if (request.method !== "GET") return false;
  const agent = request.headers.get("user-agent");
  if (!agent || isbot(agent)) return false;
  const dest = request.headers.get("sec-fetch-dest");
  const wantsDocument = dest ? dest === "document" : (request.headers.get("accept") ?? "").includes("text/html");
  if (!wantsDocument) return false;
  const url = new URL(request.url);
  if (url.searchParams.get("auth") === "required" || isGuardedPath(url.pathname)) return false;
  return !NO_GUEST_PREFIXES.some((prefix) => url.pathname.startsWith(prefix));
}

/** A guest session, or nulls when this address has made too many guests: the page renders for a visitor. */
export type GuestSession = { userId: string | null; token: string | null; setCookies: string[] };

async function findGuestByDevice(db: Database, deviceKeyHash: string) {
  const [row] = await db.select({ id: anonymousUsers.id }).from(anonymousUsers).where(eq(anonymousUsers.deviceKeyHash, deviceKeyHash)).limit(1);
  return row?.id ?? null;
}

/** Counts a new guest against its address (every address, local ones too); false once it has made too many. */
async function mayMakeGuest(db: Database, request: Request, perHour: number, now: number) {
  const address = clientAddress(request);
  const limit = await hitRateLimit(db, `guest:address:${await sha256Hex(address)}`, { limit: perHour, windowMs: GUEST_WINDOW_MS }, now);
  return limit.allowed;
}

/**
 * Gives the browser a guest session: its own earlier guest when its device cookie names one,
 * else a new guest. Requests from one browser that race here create one guest between them:
 * the device key is unique, the losing inserts roll back whole and re-read the winner.
 * New guests are limited per client address; past the limit nothing is written and the visit
 * goes on without an account. A guest made on a browser that has been signed in to an account
 * starts without the free allowance (the credits module decides).
 */
export async function ensureGuest(db: Database, request: Request, guestsPerHour: number, now = Date.now()): Promise<GuestSession> {
  const existingKey = readDeviceKey(request);
  const deviceKey = existingKey ?? randomToken();
  const deviceKeyHash = await sha256Hex(deviceKey);
  const setCookies = existingKey ? [] : [deviceCookieHeader(request, deviceKey)];

  let userId = existingKey ? await findGuestByDevice(db, deviceKeyHash) : null;
  if (!userId) {
    if (!(await mayMakeGuest(db, request, guestsPerHour, now))) return { userId: null, token: null, setCookies: [] };
    const id = newId();
    try {
      await db.batch([
        db.insert(users).values({ id, createdAt: now, updatedAt: now }),
        db.insert(anonymousUsers).values({ id, name: guestName(id), deviceKeyHash, createdAt: now, updatedAt: now }),
        guestStartingQuota(db, id, deviceKeyHash, now),
      ]);
      userId = id;
    } catch (error) {
      userId = await findGuestByDevice(db, deviceKeyHash);
      if (!userId) throw error;
    }
  }
  const session = await startSession(db, request, userId, "guest", now);
  setCookies.push(session.cookie);
  return { userId, token: session.token, setCookies };
}

/** A copy of `request` that carries `token` as its session cookie, for the code that renders the page; without a token, `request`. */
export function withSessionToken(request: Request, cookieName: string, token: string | null): Request {
  if (token === null) return request;
  const others = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${cookieName}=`));
  const headers = new Headers(request.headers);
  headers.set("cookie", [...others, `${cookieName}=${token}`].join("; "));
  return new Request(request, { headers });
}
