import { cookieValue } from "../lib/cookies";
import { isTheme, type Theme } from "./theme";

const COOKIE = "theme";
const ONE_YEAR_S = 60 * 60 * 24 * 365;

/** The visitor's chosen theme, or null to follow the system. A plain `theme=dark` cookie, readable by scripts too. */
export function readTheme(request: Request): Theme | null {
  const value = cookieValue(request, COOKIE);
  return isTheme(value) ? value : null;
}

export function writeTheme(theme: Theme) {
  return `${COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
}

/** The theme the visitor sees now: the cookie's, else the system's as the browser hints it, else light. */
export function effectiveTheme(request: Request): Theme {
  const chosen = readTheme(request);
  if (chosen) return chosen;
  return request.headers.get("sec-ch-prefers-color-scheme") === "dark" ? "dark" : "light";
}
