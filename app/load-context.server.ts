import type { AppLoadContext } from "@remix-run/cloudflare";
import { ensureGuest, shouldCreateGuest, withSessionToken } from "./auth/guest.server";
import { isSecureRequest, sessionCookieName } from "./auth/session-cookie";
import { getCurrentUser } from "./auth/user.server";
import { createDatabase } from "./db.server";
import { readConfig } from "./env.server";

export type LoadContextOptions = {
  /** The Content-Security-Policy nonce the page is rendered with. */
  nonce: string;
  /** "none" renders as nobody at all: no session is read and no guest is made (shared page copies). */
  identity?: "request" | "none";
};

export function createLoadContext(request: Request, env: Env, ctx: ExecutionContext, options: LoadContextOptions): AppLoadContext {
  const db = createDatabase(env.DB);
  const responseCookies: string[] = [];
  const config = readConfig(env);
  let user: ReturnType<typeof getCurrentUser> | undefined;

  async function lookUpUser() {
    if (options.identity === "none") return null;
    const found = await getCurrentUser(db, request);
    if (found || !shouldCreateGuest(request)) return found;
    // A page visit whose session lapsed or was revoked: the browser gets its guest back.
    const guest = await ensureGuest(db, request, config.guestsPerAddressPerHour);
    responseCookies.push(...guest.setCookies);
    return getCurrentUser(db, withSessionToken(request, sessionCookieName(isSecureRequest(request)), guest.token));
  }

  return {
    cloudflare: { env, ctx },
    db,
    config,
    currentUser: () => (user ??= lookUpUser()),
    responseCookies,
    cspNonce: options.nonce,
  };
}
