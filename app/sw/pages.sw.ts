// Pages: network first, then the copy saved for this account, then our offline page. A slow server
// is waited for while the device says it is online; the saved copy stands in only once the fetch
// failed, or after a short wait while the device says it has no network.
// Remix's in-app navigations load `.data`; they are kept and served the same way, and one that has
// no saved copy offline turns into a full page load, which the rules for documents then answer.
import { encode } from "turbo-stream";
import { checkSession, mayServe, noteAccount } from "./account.sw";
import type { WorkerMessage } from "./messages";
import { PAGES, PRECACHE } from "./names.sw";
import { isReadingPage, NETWORK_TIMEOUT_MS, OFFLINE_PATH, PAGE_LIMIT } from "./policy";

declare const self: ServiceWorkerGlobalScope;

/** Marks a saved copy shown offline, for the page's "You are offline" state (app/sw/offline-state.tsx). */
const OFFLINE_MARK = "data-offline-copy";
/** Where the offline page lists what is saved (app/routes/offline.tsx). */
const SAVED_LIST = '<div id="offline-saved"></div>';
const TITLE_SUFFIX = / — Arcanum$/;

const isHtml = (response: Response) => (response.headers.get("content-type") ?? "").startsWith("text/html");

const LATE = Symbol("late");

/** Settles with LATE after the short wait. */
const shortWait = () => new Promise<typeof LATE>((resolve) => setTimeout(() => resolve(LATE), NETWORK_TIMEOUT_MS));

async function savedCopy(key: Request | string): Promise<Response | null> {
  const cache = await caches.open(PAGES);
  const saved = await cache.match(key, { ignoreVary: true });
  if (!saved || !(await mayServe(saved))) return null;
  return saved;
}

/** Keeps a fresh answer, newest last, within the limit. */
async function keep(key: Request | string, response: Response): Promise<void> {
  const cache = await caches.open(PAGES);
  await cache.delete(key, { ignoreVary: true });
  await cache.put(key, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - PAGE_LIMIT))) await cache.delete(old);
}

/**
 * The network's answer, or null when the saved copy should be shown: the fetch failed, or the
 * device says it has no network and nothing came within the short wait. A server that is merely
 * slow is not "offline": while the device says it is online, the page waits for it (a timeout alone
 * would grey the person's buttons over a slow answer).
 */
async function networkFirst(request: Request, keyOf: string, onFresh: (response: Response) => void): Promise<Response | null> {
  const fresh = fetch(request).then(
    (response) => {
      onFresh(response);
      return response;
    },
    () => null,
  );
  const first = await Promise.race([fresh, shortWait()]);
  if (first !== LATE) return first;
  if (!self.navigator.onLine && (await savedCopy(keyOf))) return null;
  return fresh;
}

function marked(saved: Response): Promise<Response> {
  return saved.text().then((html) => {
    const headers = new Headers(saved.headers);
    headers.delete("content-length");
    return new Response(html.replace("<html", `<html ${OFFLINE_MARK}=""`), { status: saved.status, headers });
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The pages saved for this account, with their titles, for the offline page. */
export async function savedPages(): Promise<{ path: string; title: string }[]> {
  const cache = await caches.open(PAGES);
  const pages: { path: string; title: string }[] = [];
  for (const key of await cache.keys()) {
    const url = new URL(key.url);
    if (url.pathname.endsWith(".data")) continue;
    const saved = await cache.match(key, { ignoreVary: true });
    if (!saved || !(await mayServe(saved))) continue;
    const title = /<title>([^<]*)<\/title>/.exec(await saved.text())?.[1]?.replace(TITLE_SUFFIX, "") ?? url.pathname;
    pages.push({ path: url.pathname + url.search, title });
  }
  return pages.reverse();
}

/** A path as a person reads it (`/readers?q=tarot%20love` → `/readers?q=tarot love`), or as it is. */
function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Our offline page, with the pages saved for this account listed in it (so the list shows without
 * JavaScript too). `from` is the page that could not be reached, offered again.
 */
export async function offlinePage(from: string | null): Promise<Response> {
  const shell = await caches.match(OFFLINE_PATH, { cacheName: PRECACHE });
  if (!shell) return new Response("You are offline, and this page was not saved.", { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
  const pages = await savedPages();
  const list = pages.length
    ? `<ul class="mt-3 grid gap-2">${pages
        .map(
          (page) =>
            `<li><a class="block rounded-xl border border-line bg-surface px-4 py-3 font-medium break-words hover:bg-surface-2" href="${escapeHtml(page.path)}">${page.title}</a></li>`,
        )
        .join("")}</ul>`
    : '<p class="mt-3 text-muted">Nothing is saved on this device yet: the pages you open while online are kept here.</p>';
  const retry =
    from && from.startsWith("/") && !from.startsWith("//")
      ? `<p class="mt-6"><a class="font-medium text-brand underline" href="${escapeHtml(from)}">Try that page again</a><span class="mt-1 block break-all text-sm text-muted">${escapeHtml(decodeURIComponentSafe(from))}</span></p>`
      : "";
  const html = (await shell.text()).replace(SAVED_LIST, `<div id="offline-saved">${list}${retry}</div>`);
  const headers = new Headers(shell.headers);
  headers.delete("content-length");
  return new Response(html, { status: 200, headers });
}

/** A page load: network first, then the saved copy, then our offline page (at its own address, where it belongs). */
export async function handleNavigation(event: FetchEvent, kept: boolean): Promise<Response> {
  const { request } = event;
  const url = new URL(request.url);
  await checkSession();
  if (url.pathname === OFFLINE_PATH) return offlinePage(url.searchParams.get("from"));
  const answer = await networkFirst(request, request.url, (response) => {
    const copy = kept && response.status === 200 && isHtml(response) ? response.clone() : null;
    event.waitUntil(noteAccount(response).then(() => (copy ? keep(request.url, copy) : undefined)));
  });
  if (answer) return answer;
  const saved = await savedCopy(request.url);
  if (saved) return marked(saved);
  const offline = new URL(OFFLINE_PATH, url);
  offline.searchParams.set("from", url.pathname + url.search);
  return Response.redirect(offline.href, 302);
}

/** Tabs told they are showing saved copies, to be told again once the network answers. */
const toldOffline = new Set<string>();

async function tell(clientId: string, message: WorkerMessage): Promise<void> {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  client?.postMessage(message);
}

const REDIRECT = Symbol("SingleFetchRedirect");

/** Remix's answer that makes the tab load `page` as a whole document (what a redirectDocument sends). */
function loadWholePage(page: URL): Response {
  const body = encode(
    { [REDIRECT]: { redirect: page.pathname + page.search, status: 302, revalidate: false, reload: true, replace: true } },
    {
      plugins: [
        (value: unknown) =>
          typeof value === "object" && value !== null && REDIRECT in value ? ["SingleFetchRedirect", (value as Record<symbol, unknown>)[REDIRECT]] : false,
      ],
    },
  );
  return new Response(body, { status: 202, headers: { "content-type": "text/x-script" } });
}

/** A `.data` load of an in-app navigation: the same rules, keyed by its own address. */
export async function handleData(event: FetchEvent, page: URL, kept: boolean): Promise<Response> {
  const { request, clientId } = event;
  await checkSession();
  const answer = await networkFirst(request, request.url, (response) => {
    if (toldOffline.delete(clientId)) void tell(clientId, { type: "sw:online" });
    const copy = kept && response.status === 200 ? response.clone() : null;
    event.waitUntil(
      (async () => {
        await noteAccount(response);
        if (!copy) return;
        await keep(request.url, copy);
        // The reading pages also keep their whole document, so they open offline in a new tab too.
        if (isReadingPage(page.pathname) && !(await savedCopy(page.href))) await keepDocument(page);
      })(),
    );
  });
  if (answer) return answer;
  const saved = await savedCopy(request.url);
  if (saved) {
    toldOffline.add(clientId);
    await tell(clientId, { type: "sw:offline" });
    return saved;
  }
  return loadWholePage(page);
}

/** Fetches and keeps a page's document (with the person's cookies), as a visit would. */
export async function keepDocument(page: URL): Promise<void> {
  const response = await fetch(page.href, { credentials: "same-origin", headers: { accept: "text/html" } }).catch(() => null);
  if (!response || response.status !== 200 || !isHtml(response) || response.redirected) return;
  await noteAccount(response);
  await keep(page.href, response);
}
