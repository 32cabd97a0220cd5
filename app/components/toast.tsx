import { useEffect, useState } from "react";
import { useRootData } from "~/auth/root-data";
import { cn } from "~/lib/cn";

const SHOWN_MS = 4000;

/**
 * A short message in the top-right corner. The server renders it, so it shows without
 * JavaScript; with JavaScript it leaves by itself after a few seconds or when closed.
 */
export function Toast({ message, testId }: { message: string; testId?: string }) {
  const [open, setOpen] = useState(true);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    const timer = setTimeout(() => setOpen(false), SHOWN_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!open) return null;
  return (
    <div className="pointer-events-none fixed inset-x-4 top-20 z-30 flex justify-end sm:left-auto sm:right-6">
      <div
        role="status"
        data-testid={testId}
        className={cn(
          "pointer-events-auto flex max-w-sm items-center gap-3 rounded-2xl border border-line bg-surface py-3 pl-4 pr-2 text-sm font-medium shadow-xl",
          hydrated ? "" : "pr-4",
        )}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 shrink-0 text-gold">
          <path fill="currentColor" d="M12 2.5l2.2 6.3 6.3 2.2-6.3 2.2L12 19.5l-2.2-6.3L3.5 11l6.3-2.2z" />
        </svg>
        <span className="min-w-0 flex-1 break-words">{message}</span>
        {hydrated ? (
          <button
            type="button"
            onClick={() => setOpen(false)}
            aria-label="Dismiss"
            className="grid h-8 w-8 shrink-0 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-ink"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="h-4 w-4">
              <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** The greeting after a sign-in, on the page the person asked for. */
export function WelcomeToast() {
  const welcome = useRootData()?.welcome ?? null;
  return welcome ? <Toast key={welcome} message={welcome} testId="welcome-toast" /> : null;
}
