// "New content available. Reload?": offered when a new build's service worker is installed and
// waiting. Accepting lets it take over and reloads the tab once; dismissing keeps this version for
// the rest of the visit (the browser moves to the new one once every tab of the old one is closed).
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import type { PageMessage } from "./messages";
import { registerServiceWorker } from "./registration";

const DISMISSED = "arcanum-update-dismissed";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The daily refresh of the collection, where the browser offers it: an installed app that may sync. */
async function askForDailyUpdate(registration: ServiceWorkerRegistration): Promise<void> {
  const periodic = (registration as ServiceWorkerRegistration & { periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void> } })
    .periodicSync;
  if (!periodic || !window.matchMedia("(display-mode: standalone)").matches) return;
  const permission = await navigator.permissions.query({ name: "periodic-background-sync" as PermissionName }).catch(() => null);
  if (permission?.state !== "granted") return;
  await periodic.register("daily-update", { minInterval: DAY_MS }).catch(() => undefined);
}

function dismissedThisVisit(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED) === "1";
  } catch {
    return false;
  }
}

export function UpdatePrompt() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  const accepted = useRef(false);

  useEffect(() => {
    let stopped = false;
    const offer = (worker: ServiceWorker | null) => {
      // Only an update: the first worker of a browser takes over silently.
      if (!stopped && worker && navigator.serviceWorker.controller && !dismissedThisVisit()) setWaiting(worker);
    };
    const reloadOnce = () => {
      if (!accepted.current) return;
      accepted.current = false;
      window.location.reload();
    };
    void registerServiceWorker().then((registration) => {
      if (!registration || stopped) return;
      navigator.serviceWorker.addEventListener("controllerchange", reloadOnce);
      offer(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const installing = registration.installing;
        installing?.addEventListener("statechange", () => {
          if (installing.state === "installed") offer(registration.waiting ?? installing);
        });
      });
      void askForDailyUpdate(registration);
    });
    return () => {
      stopped = true;
      navigator.serviceWorker?.removeEventListener("controllerchange", reloadOnce);
    };
  }, []);

  if (!waiting) return null;
  const reload = () => {
    accepted.current = true;
    waiting.postMessage({ type: "sw:skip-waiting" } satisfies PageMessage);
  };
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED, "1");
    } catch {
      // Without storage the prompt comes back on the next page load, nothing worse.
    }
    setWaiting(null);
  };
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex justify-center sm:left-auto sm:right-6 sm:justify-end">
      {/* Announced, never focused: it may come while the person is typing, where a stolen Enter would reload. First in the tab order. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see the handler's comment */}
      <div
        role="region"
        aria-label="Update"
        aria-live="polite"
        data-testid="update-prompt"
        // Escape from either of its buttons dismisses it; the region itself is never focused.
        onKeyDown={(event) => {
          if (event.key === "Escape") dismiss();
        }}
        className="pointer-events-auto flex w-full max-w-sm flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-4 text-sm font-medium shadow-xl"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 shrink-0 text-gold">
          <path fill="currentColor" d="M12 2.5l2.2 6.3 6.3 2.2-6.3 2.2L12 19.5l-2.2-6.3L3.5 11l6.3-2.2z" />
        </svg>
        <p className="min-w-0 flex-1">New content available. Reload?</p>
        <div className="flex w-full justify-end gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={dismiss}>
            Not now
          </Button>
          <Button type="button" size="sm" onClick={reload}>
            Reload
          </Button>
        </div>
      </div>
    </div>
  );
}
