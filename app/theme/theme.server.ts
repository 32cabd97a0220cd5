import { createCookie } from "@remix-run/cloudflare";
import { isTheme, type Theme } from "./theme";

const themeCookie = createCookie("theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
});

/** The visitor's chosen theme, or null to follow the system. */
export async function readTheme(request: Request): Promise<Theme | null> {
  const value = await themeCookie.parse(request.headers.get("cookie"));
  return isTheme(value) ? value : null;
}

export function writeTheme(theme: Theme) {
  return themeCookie.serialize(theme);
}

/** The theme the visitor sees now: the cookie's, else the system's as the browser hints it, else light. */
export async function effectiveTheme(request: Request): Promise<Theme> {
  const chosen = await readTheme(request);
  if (chosen) return chosen;
  return request.headers.get("sec-ch-prefers-color-scheme") === "dark" ? "dark" : "light";
}
