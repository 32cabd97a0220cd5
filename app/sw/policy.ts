// What the service worker keeps, in one place; read by the worker and by the pages that describe it.

/** The header on documents and `.data` answers naming, opaquely, the account they were made for ("" for none). */
export const ACCOUNT_HEADER = "x-arcanum-account";

/**
 * The cookie beside the session that names its account as ACCOUNT_HEADER does (not HttpOnly: the
 * worker reads it with no network); over https only the `__Host-` one counts.
 */
export const ACCOUNT_COOKIE_NAMES = ["__Host-arcanum_account", "arcanum_account"] as const;

export function accountCookieName(secure: boolean) {
  return secure ? ACCOUNT_COOKIE_NAMES[0] : ACCOUNT_COOKIE_NAMES[1];
}

/**
 * Whether the copies kept for the account `kept` must go before anything is shown: the browser's
 * cookie (`named`, null when there is none) no longer names that account, because its session ran
 * out, was cleared, or belongs to someone else. Copies of nobody in particular never need to go.
 */
export function copiesOutliveSession(kept: string | null, named: string | null): boolean {
  if (!kept) return false;
  return named !== kept;
}

/** Our own page for places never visited, precached at install. */
export const OFFLINE_PATH = "/offline";

/**
 * How long a page waits for the network, while the device says it has none, before the saved copy
 * is shown instead. Online, a slow answer is waited for; only a failed fetch shows the copy.
 */
export const NETWORK_TIMEOUT_MS = 3000;

/** Card images kept at most; the oldest go first. */
export const IMAGE_LIMIT = 300;

/** Pages kept for reading offline at most; the oldest go first. */
export const PAGE_LIMIT = 120;

/**
 * Never kept: sign-in and sign-out, the API and webhooks, live rooms and sockets, payments and
 * checkout, staff pages, development tools, and pages whose whole point is the moment (a request
 * waiting for its reader, an invitation).
 */
const NEVER_KEPT =
  /^\/(?:api|webhooks|parties|auth|logout|login|signup|dev|staff|checkout|billing|subscription|balance|sales\/onboarding|readings\/requests|readings\/incoming|reading-room|reading|invite|theme|reader-presence|offline)(?=[/.]|$)/;

/** Card art: versioned card images and the painted classic cards and backs. */
const CARD_IMAGE = /^\/(?:media\/card-images\/|art\/(?:card|back)\.svg$)/;

/** Pages read offline that are worth a saved copy of the whole document even after an in-app visit. */
const READING_PAGES = /^\/(?:collection|journal|today)(?:\/[^/.]+)?$/;

/** Pages the daily update refreshes in the background: the card of the day first, then the collection. */
export const DAILY_PAGES = ["/today", "/collection"];

/** The page a `.data` request (Remix's in-app navigation) loads, or null when it is not one. */
export function pageOfData(url: URL): URL | null {
  if (!url.pathname.endsWith(".data")) return null;
  const page = new URL(url);
  page.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length);
  page.searchParams.delete("_routes");
  return page;
}

/** Whether a page (or its `.data`) may be kept for offline reading. */
export function isKeptPage(pathname: string): boolean {
  return !NEVER_KEPT.test(pathname);
}

export function isCardImage(pathname: string): boolean {
  return CARD_IMAGE.test(pathname);
}

export function isReadingPage(pathname: string): boolean {
  return READING_PAGES.test(pathname);
}
