import { cookieValue } from "../lib/cookies";
import { ACCOUNT_PROMPT_MOMENTS, accountPromptMoments, isAccountPromptMoment, type AccountPromptMoment } from "./account-prompt";
import type { CurrentUser } from "./user.server";

const COOKIE = "arcanum_prompt_dismissed";
const ONE_YEAR_S = 60 * 60 * 24 * 365;

/** The moments this browser has put away, from a plain `deck.reading` cookie; anything else in it is ignored. */
export function readDismissedMoments(request: Request): AccountPromptMoment[] {
  return (cookieValue(request, COOKIE) ?? "").split(".").filter(isAccountPromptMoment);
}

/** The cookie that remembers these moments as put away, on top of the ones already remembered. */
export function dismissMoments(request: Request, moments: readonly AccountPromptMoment[]): string {
  const all = new Set([...readDismissedMoments(request), ...moments]);
  const value = ACCOUNT_PROMPT_MOMENTS.filter((moment) => all.has(moment)).join(".");
  return `${COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax; HttpOnly`;
}

/** What the root loader hands the page: the moments to speak of, for guests only. */
export function accountPromptFor(user: CurrentUser | null, request: Request): AccountPromptMoment[] {
  if (!user?.isGuest) return [];
  return accountPromptMoments(user.guestSaved, readDismissedMoments(request));
}
