// The page's side of the service worker: registers /sw.js once the page has loaded, so it never
// competes with the first view. Browsers without service workers (or that refuse them, as some
// private modes do) keep the app exactly as it is without one.

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

function afterLoad(): Promise<void> {
  if (document.readyState === "complete") return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("load", () => resolve(), { once: true }));
}

/** Registers the worker once per page; resolves to null wherever there is none to be had. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return Promise.resolve(null);
  registering ??= afterLoad()
    .then(() => navigator.serviceWorker.register("/sw.js", { scope: "/" }))
    .catch(() => null);
  return registering;
}
