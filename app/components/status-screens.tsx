import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { LogoMark } from "./logo";
import { buttonClasses } from "./ui/button";

export const SLOW_LOADING_HINT_MS = 5000;

/** Shown while a page takes its time; after five seconds it suggests a refresh. */
export function LoadingScreen({ overlay = false }: { overlay?: boolean }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_LOADING_HINT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-screen"
      className={overlay ? "fixed inset-0 z-50 grid place-items-center bg-bg/80 backdrop-blur-sm" : "grid min-h-[60vh] place-items-center"}
    >
      <div className="flex max-w-sm flex-col items-center gap-4 px-6 text-center">
        <LogoMark className="h-14 w-14 animate-spin text-gold [animation-duration:3s]" />
        <p className="font-display text-2xl font-bold">Weaving magical experiences...</p>
        {slow ? <p className="text-sm text-muted">This is taking longer than expected. Try refreshing the page if it doesn't load soon.</p> : null}
      </div>
    </div>
  );
}

export function ErrorScreen({ message }: { message?: string }) {
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <LogoMark className="h-12 w-12 text-danger" />
      <h1 className="text-4xl font-bold">Something went wrong</h1>
      <p className="text-muted">{message || "An unexpected error occurred"}</p>
      <button type="button" className={buttonClasses("primary")} onClick={() => window.location.reload()}>
        Try again
      </button>
      <noscript>
        <p className="text-sm text-muted">Reload the page to try again.</p>
      </noscript>
    </div>
  );
}

export function NotFoundScreen() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="font-display text-7xl font-bold text-gold">XVI</p>
      <h1 className="text-4xl font-bold">Page not found</h1>
      <p className="text-muted">The cards don't know this path. It may have moved, or it never existed.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses("primary")}>
          Back home
        </Link>
        <Link to="/marketplace" className={buttonClasses("secondary")}>
          Browse decks
        </Link>
      </div>
    </div>
  );
}
