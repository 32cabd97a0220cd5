import { claimedSessionKind, SESSION_COOKIE_NAMES } from "../auth/session-cookie";
import { readTheme } from "../theme/theme.server";

/** Pages whose HTML is the same for every visitor who is not a member: guests see them as visitors do. */
const PUBLIC_PAGES = [/^\/$/, /^\/marketplace(\/[A-Za-z0-9_-]+)?$/, /^\/readers(\/[A-Za-z0-9_.-]+)?$/, /^\/pricing$/];

/** How long a shared copy may be served before it is rendered again. */
export const PUBLIC_PAGE_TTL_S = 15;

function cacheKey(request: Request): Request | null {
  if (request.method !== "GET") return null;
  const kind = claimedSessionKind(request);
  if (kind !== null && kind !== "guest") return null;
  const url = new URL(request.url);
  if (!PUBLIC_PAGES.some((page) => page.test(url.pathname)) || url.searchParams.has("auth")) return null;
  // The theme cookie changes the <html> class, so it is part of the key; nothing else of the visitor's is in the page.
  url.searchParams.set("__theme", readTheme(request) ?? "system");
  url.searchParams.sort();
  return new Request(url.toString(), { method: "GET" });
}

/** The request as a visitor with no session would send it: what a shared copy is rendered from. */
function asVisitor(request: Request): Request {
  const cookie = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !SESSION_COOKIE_NAMES.some((name) => part.startsWith(`${name}=`)))
    .join("; ");
  const headers = new Headers(request.headers);
  if (cookie) headers.set("cookie", cookie);
  else headers.delete("cookie");
  return new Request(request, { headers });
}

/**
 * Serves public pages to visitors and guests from the edge cache, rendering at most once per key
 * every few seconds. The shared copy is always rendered as a visitor, so no guest's data is in it.
 * Members get a fresh render; browsers never keep the HTML.
 */
export async function withPublicPageCache(
  request: Request,
  ctx: ExecutionContext,
  render: (request: Request) => Promise<Response>,
): Promise<Response> {
  const key = cacheKey(request);
  if (!key) return render(request);
  const cache = await caches.open("public-pages");
  const hit = await cache.match(key);
  if (hit) return forBrowser(hit, "HIT");
  const response = await render(asVisitor(request));
  if (response.status !== 200 || response.headers.has("set-cookie")) return response;
  const shared = new Response(response.body, response);
  shared.headers.set("cache-control", `public, s-maxage=${PUBLIC_PAGE_TTL_S}`);
  const [forCache, forVisitor] = shared.body!.tee();
  ctx.waitUntil(cache.put(key, new Response(forCache, shared)));
  return forBrowser(new Response(forVisitor, shared), "MISS");
}

function forBrowser(response: Response, status: "HIT" | "MISS") {
  const copy = new Response(response.body, response);
  copy.headers.set("cache-control", "private, no-cache");
  copy.headers.set("x-page-cache", status);
  return copy;
}
