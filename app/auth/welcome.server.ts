import { cookieValue } from "../lib/cookies";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { displayName } from "./display-name";
import type { CurrentUser } from "./user.server";

/**
 * The welcome after a sign-in: a one-shot cookie set where the sign-in completes, read and
 * cleared by the next page's root loader, so the page the person asked for greets them.
 */
const COOKIE = "arcanum_welcome";
const welcomeKind = lazySchema(() => z.enum(["back", "new"]));
type WelcomeKind = z.infer<typeof welcomeKind>;

/** Long enough for the redirect to land, short enough that a lost one does not greet much later. */
const TTL_S = 5 * 60;

export function welcomeCookie(kind: WelcomeKind): string {
  return `${COOKIE}=${kind}; Path=/; Max-Age=${TTL_S}; SameSite=Lax; HttpOnly`;
}

const CLEARED = `${COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`;

/**
 * The greeting for this page, once: any welcome cookie is cleared with the response (`clear`
 * receives the Set-Cookie), and only a member is greeted by name.
 */
export function takeWelcome(request: Request, user: CurrentUser | null, clear: (cookie: string) => void): string | null {
  const value = cookieValue(request, COOKIE);
  if (value === null) return null;
  clear(CLEARED);
  const kind = welcomeKind.safeParse(value);
  if (!kind.success || !user || user.isGuest) return null;
  const name = displayName(user);
  return kind.data === "back" ? `Welcome back, ${name}` : `Welcome to Arcanum, ${name}`;
}
