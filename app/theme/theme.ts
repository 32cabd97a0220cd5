export type Theme = "light" | "dark";
export const THEME_FETCHER_KEY = "theme";

export function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}
