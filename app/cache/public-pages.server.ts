import { hasGuestSavedHint } from "../auth/guest-saved.server";
import { claimedSessionKind } from "../auth/session-cookie";
import { SHARED_COPY_TTL_S } from "../lib/isolate-copy.server";
import { readTheme } from "../theme/theme.server";

/** A reader's public page, which writes a moment in the visitor's time zone (their next free time). */
const READER_PAGE = /^\/readers\/[A-Za-z0-9_.-]+$/;

/** Pages whose HTML is the same for every visitor who is not a member: guests see them as visitors do. */
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/marketplace(\/[A-Za-z0-9_-]+)?$/,
  /^\/readers$/,
  READER_PAGE,
  /^\/pricing$/,
  /^\/terms$/,
  /^\/privacy$/,
  /^\/licensing$/,
  /^\/shop\/[A-Za-z0-9_.-]+$/,
  /^\/cards(\/[a-z0-9-]+)?$/,
  /^\/guides(\/[a-z0-9-]+)?$/,
];

/** Public pages that write a moment in the visitor's time zone: one copy per zone. */
const ZONED_PAGES = [READER_PAGE];

/** Kept on the stored copy only: the nonce its inline scripts were rendered with. */
const NONCE_HEADER = "x-arcanum-page-nonce";

function cacheKey(request: Request, timeZone: () => string): Request | null {
  if (request.method !== "GET") return null;
  const kind = claimedSessionKind(request);
  if (kind !== null && kind !== "guest") return null;
  // A guest with something saved sees their own way back to it in the header.
  if (kind === "guest" && hasGuestSavedHint(request)) return null;
  const url = new URL(request.url);
  if (!PUBLIC_PAGES.some((page) => page.test(url.pathname)) || url.searchParams.has("auth")) return null;
  // The theme cookie changes the <html> class, so it is part of the key; nothing else of the visitor's is in the page.
  url.searchParams.set("__theme", readTheme(request) ?? "system");
  if (ZONED_PAGES.some((page) => page.test(url.pathname))) url.searchParams.set("__zone", timeZone());
  url.searchParams.sort();
  return new Request(url.toString(), { method: "GET" });
}

/** The request as a stranger would send it: no cookie but the theme, so nothing of anyone is read. */
function asStranger(request: Request): Request {
  const headers = new Headers(request.headers);
  const theme = readTheme(request);
  if (theme) headers.set("cookie", `theme=${theme}`);
  else headers.delete("cookie");
  return new Request(request, { headers });
}

/** A stored copy with this response's nonce on the scripts that carried the stored one. */
function restamp(stored: Response, nonce: string): Response {
  const old = stored.headers.get(NONCE_HEADER);
  if (!old) return stored;
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        if (element.getAttribute("nonce") === old) element.setAttribute("nonce", nonce);
      },
    })
    .transform(stored);
}

export type PageRenderer = (request: Request, as: "requester" | "stranger") => Promise<Response>;

/**
 * Renders of shared copies under way in this isolate, by cache key. When a copy expires, the
 * visitors who ask for it in the meantime wait for that one render instead of each rendering the
 * page again (and all at once).
 */
const rendering = new Map<string, Promise<unknown>>();

/**
 * Serves public pages to visitors and guests from the edge cache, rendering at most once per key
 * every few seconds. The shared copy is rendered as a stranger (no session read, no guest made),
 * so nobody's data is in it; each browser gets it with a fresh nonce. Members get a fresh render;
 * browsers never keep the HTML.
 */
export async function withPublicPageCache(
  request: Request,
  ctx: ExecutionContext,
  nonce: string,
  timeZone: () => string,
  render: PageRenderer,
): Promise<Response> {
  const key = cacheKey(request, timeZone);
  if (!key) return render(request, "requester");
  const cache = await caches.open("public-pages");
  const hit = await cache.match(key);
  if (hit) return forBrowser(restamp(hit, nonce), "HIT");
  const underWay = rendering.get(key.url);
  if (underWay) {
    await underWay.catch(() => undefined);
    const shared = await cache.match(key);
    if (shared) return forBrowser(restamp(shared, nonce), "HIT");
  }

  // Settles when the copy is stored (or when there turns out to be nothing to store).
  let finished!: (put: Promise<unknown>) => void;
  const stored = new Promise<unknown>((resolve) => (finished = resolve));
  rendering.set(key.url, stored);
  stored
    .finally(() => {
      if (rendering.get(key.url) === stored) rendering.delete(key.url);
    })
    .catch(() => undefined);
  try {
    const response = await render(asStranger(request), "stranger");
    if (response.status !== 200 || response.headers.has("set-cookie")) {
      finished(Promise.resolve());
      return response;
    }
    // The copy is read whole before it is stored and sent: one body for both, whoever reads it or not.
    const html = await response.arrayBuffer();
    const shared = new Response(html, response);
    shared.headers.set("cache-control", `public, s-maxage=${SHARED_COPY_TTL_S}`);
    const copy = new Response(html, shared);
    copy.headers.set(NONCE_HEADER, nonce);
    const put = cache.put(key, copy);
    finished(put);
    ctx.waitUntil(put);
    return forBrowser(shared, "MISS");
  } catch (error) {
    finished(Promise.resolve());
    throw error;
  }
}

function forBrowser(response: Response, status: "HIT" | "MISS") {
  const copy = new Response(response.body, response);
  copy.headers.delete(NONCE_HEADER);
  copy.headers.set("cache-control", "private, no-cache");
  copy.headers.set("x-page-cache", status);
  return copy;
}
