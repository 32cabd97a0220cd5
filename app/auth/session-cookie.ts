import { cookieValue } from "../lib/cookies";
/**
 * Cookie names and the parts of a session token that can be read without the database.
 * A token is `<kind>.<random>`: `g` for a guest's session, `m` for a member's. The kind only
 * decides whether a shared copy of a public page may be served (those pages look the same to
 * guests and visitors); who the user is always comes from the database.
 */
export const SESSION_COOKIE_NAMES = ["__Host-arcanum_session", "arcanum_session"] as const;
export const DEVICE_COOKIE_NAMES = ["__Host-arcanum_device", "arcanum_device"] as const;

export type SessionKind = "guest" | "member";

export function sessionCookieName(secure: boolean) {
  return secure ? SESSION_COOKIE_NAMES[0] : SESSION_COOKIE_NAMES[1];
}

export function deviceCookieName(secure: boolean) {
  return secure ? DEVICE_COOKIE_NAMES[0] : DEVICE_COOKIE_NAMES[1];
}

export function isSecureRequest(request: Request) {
  return request.url.startsWith("https:");
}

function readRawCookie(request: Request, names: readonly string[]): string | null {
  for (const name of names) {
    const value = cookieValue(request, name);
    if (value !== null) return value;
  }
  return null;
}

/**
 * The raw session token, if the request carries one (valid or not). Over https only the
 * `__Host-` cookie counts: an unprefixed one could have been planted by a sibling subdomain or over http.
 */
export function readSessionToken(request: Request): string | null {
  return readRawCookie(request, [sessionCookieName(isSecureRequest(request))]);
}

/** The raw device key, if the request carries one; over https only the `__Host-` cookie counts. */
export function readDeviceKey(request: Request): string | null {
  const value = readRawCookie(request, [deviceCookieName(isSecureRequest(request))]);
  return value && /^[A-Za-z0-9_-]{32,64}$/.test(value) ? value : null;
}

/** What the session cookie claims to be, without asking the database; null with no cookie. */
export function claimedSessionKind(request: Request): SessionKind | "unknown" | null {
  const token = readSessionToken(request);
  if (token === null) return null;
  if (token.startsWith("g.")) return "guest";
  if (token.startsWith("m.")) return "member";
  return "unknown";
}
