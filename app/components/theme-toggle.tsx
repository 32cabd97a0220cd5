import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { THEME_FETCHER_KEY, type Theme } from "~/theme/theme";
import { useRootData } from "~/auth/root-data";
import { cn } from "~/lib/cn";

function systemTheme(): Theme {
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** The theme the visitor has chosen: an in-flight choice first, then the saved one; null follows the system. */
export function useChosenTheme(): Theme | null {
  const saved = useRootData()?.theme ?? null;
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const pending = fetcher.formData?.get("theme");
  return pending === "light" || pending === "dark" ? pending : saved;
}

/** The theme on screen: the chosen one, else the system's once known in the browser. */
export function useEffectiveTheme(): Theme | null {
  const chosen = useChosenTheme();
  const [system, setSystem] = useState<Theme | null>(null);
  useEffect(() => {
    setSystem(systemTheme());
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => setSystem(systemTheme());
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);
  return chosen ?? system;
}

/**
 * A form that works without JavaScript (the server flips the theme and redirects back);
 * with JavaScript it submits in the background and the page switches at once.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const location = useLocation();
  const current = useEffectiveTheme();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const next: Theme | "toggle" = current === null ? "toggle" : current === "dark" ? "light" : "dark";
  const label = current === "dark" ? "Switch to light theme" : current === "light" ? "Switch to dark theme" : "Toggle theme";
  return (
    <fetcher.Form method="post" action="/theme" className={className}>
      <input type="hidden" name="theme" value={next} />
      {/* Without JavaScript the server sends the visitor back here; with it, the submission stays in the background. */}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
      <button
        type="submit"
        aria-label={label}
        title={label}
        data-testid="theme-toggle"
        className={cn("grid h-10 w-10 place-items-center rounded-full border border-line bg-surface/70 text-ink transition hover:bg-surface-2")}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 dark:hidden">
          <path fill="currentColor" d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z" />
        </svg>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="hidden h-5 w-5 dark:block">
          <circle cx="12" cy="12" r="4.5" fill="currentColor" />
          <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
          </g>
        </svg>
      </button>
    </fetcher.Form>
  );
}
