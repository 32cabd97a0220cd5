import type { AppLoadContext } from "@remix-run/cloudflare";
import { ensureGuest, shouldCreateGuest, withSessionToken } from "./auth/guest.server";
import { isSecureRequest, sessionCookieName } from "./auth/session-cookie";
import { readSessionId, sessionPerson } from "./auth/session.server";
import { currentUserQuery, getCurrentUser, toCurrentUser } from "./auth/user.server";
import { currentBinding, requestDatabase } from "./db.server";
import { readConfig, type AppConfig } from "./env.server";
import { pageReads, readShape } from "./lib/page-reads.server";
import { sharedCall } from "./lib/round-trips.server";
import { nameUser } from "./observe/scope.server";

export type LoadContextOptions = {
  /** The Content-Security-Policy nonce the page is rendered with. */
  nonce: string;
  /** "none" renders as nobody at all: no session is read and no guest is made (shared page copies). */
  identity?: "request" | "none";
  /** The configuration, when the caller has already read it. */
  config?: AppConfig;
  /** The visitor's time zone, read on first use from the request the Worker received (`visitorTimeZoneOnce`). */
  timeZone: () => string;
};

/** The person and what the app shell shows of them, with every page's first reads. */
const CURRENT_USER = readShape((db, me) => [currentUserQuery(db, me)]);

export function createLoadContext(request: Request, env: Env, ctx: ExecutionContext, options: LoadContextOptions): AppLoadContext {
  // The request's own binding is set by the Worker around the whole request (withRequestBinding).
  const db = requestDatabase;
  const responseCookies: string[] = [];
  const config = options.config ?? readConfig(env);
  const now = Date.now();
  const reads = pageReads(
    currentBinding,
    db,
    sessionPerson(async () => (options.identity === "none" ? null : readSessionId(request)), now),
  );

  async function lookUpUser() {
    if (options.identity === "none") return null;
    // Asked with the page's first reads, in the same round trip.
    const [[row]] = await reads.read(CURRENT_USER, {});
    const found = row ? toCurrentUser(row) : null;
    nameUser(found?.id);
    if (found || !shouldCreateGuest(request)) return found;
    // A page visit whose session lapsed or was revoked: the browser gets its guest back.
    const guest = await ensureGuest(db, request, config.guestsPerAddressPerHour);
    responseCookies.push(...guest.setCookies);
    const guestUser = await getCurrentUser(db, withSessionToken(request, sessionCookieName(isSecureRequest(request)), guest.token));
    nameUser(guestUser?.id);
    return guestUser;
  }

  // Every loader asks for the person; the first asks D1, the others wait on its answer.
  const user = sharedCall(lookUpUser);

  return {
    cloudflare: { env, ctx },
    db,
    config,
    currentUser: user.get,
    // A page rendered as nobody (a shared copy) names no account: it was made for everyone.
    askedUser: () => (options.identity === "none" ? undefined : user.made()),
    read: reads.read,
    responseCookies,
    cspNonce: options.nonce,
    get timeZone() {
      return options.timeZone();
    },
  };
}
