// Errors thrown in the page: to Sentry's browser SDK when the server names a DSN (loaded with a
// dynamic import only then, so pages without one carry none of it), else posted to /errors.

type BrowserError = { type: string; message: string; stack?: string };

/** A page that fails in a loop stops telling us after this many. */
const REPORTS_PER_PAGE = 10;

let sent = 0;
let sentry: Promise<typeof import("@sentry/browser")> | null = null;

function dsnOfPage(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="error-reports"]')?.content || null;
}

function describe(error: unknown): BrowserError {
  if (error instanceof Error) return { type: error.name || "Error", message: error.message, stack: error.stack };
  return { type: typeof error, message: String(error) };
}

function loadSentry(dsn: string) {
  sentry ??= import("@sentry/browser").then((Sentry) => {
    Sentry.init({
      dsn,
      release: (window as unknown as { __remixManifest?: { version?: string } }).__remixManifest?.version,
      // Our own listeners below decide what is sent; the SDK adds no handlers or breadcrumbs of its own.
      defaultIntegrations: false,
      beforeSend(event) {
        if (event.request) {
          if (event.request.url) event.request.url = event.request.url.split(/[?#]/)[0];
          delete event.request.cookies;
          delete event.request.query_string;
          delete event.request.data;
          event.request.headers = {};
        }
        return event;
      },
    });
    return Sentry;
  });
  return sentry;
}

/** Reports one error the page did not handle. */
export function reportBrowserError(error: unknown) {
  if (sent >= REPORTS_PER_PAGE) return;
  sent++;
  const dsn = dsnOfPage();
  if (dsn) {
    void loadSentry(dsn).then((Sentry) => Sentry.captureException(error));
    return;
  }
  const described = describe(error);
  const form = new URLSearchParams({
    type: described.type.slice(0, 100),
    message: described.message.slice(0, 1000),
    path: location.pathname.slice(0, 300),
  });
  if (described.stack) form.set("stack", described.stack.slice(0, 4000));
  void fetch("/errors", { method: "POST", body: form, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
}

/** Listens for errors and rejected promises nobody handled. */
export function watchBrowserErrors() {
  window.addEventListener("error", (event) => {
    // A resource that failed to load is not an error of ours to count.
    if (!(event instanceof ErrorEvent)) return;
    reportBrowserError(event.error ?? new Error(event.message));
  });
  window.addEventListener("unhandledrejection", (event) => reportBrowserError(event.reason));
}
