import { cookieValue } from "../lib/cookies";
import type { CurrentUser } from "./user.server";

/**
 * A hint, kept in a cookie, that this browser's guest has saved a deck or a reading. Public pages
 * are served to guests from a shared copy that knows nobody; with the hint, the guest's own page
 * is rendered instead, so the header leads back to what they saved. The hint decides only that:
 * what the header shows always comes from the database. A forged one costs its sender a render.
 */
const COOKIE = "arcanum_saved";
const ONE_YEAR_S = 60 * 60 * 24 * 365;

export function hasGuestSavedHint(request: Request): boolean {
  return cookieValue(request, COOKIE) === "1";
}

/** The Set-Cookie that brings the hint in line with what the user has, or null when it already is. */
export function guestSavedHintUpdate(user: CurrentUser | null, request: Request): string | null {
  // Without a user (a shared copy, or no session) nothing is known: leave the hint as it is.
  if (!user) return null;
  const saved = user.isGuest && (user.guestSaved.deck || user.guestSaved.reading);
  const hinted = hasGuestSavedHint(request);
  if (saved === hinted) return null;
  return saved ? `${COOKIE}=1; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax; HttpOnly` : `${COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`;
}
