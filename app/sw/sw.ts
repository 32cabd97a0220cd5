// Arcanum's service worker (docs/decisions/0059-service-worker.md). Bundled by the build into
// <build>/client/sw.js (scripts/vite-service-worker.ts), served at /sw.js with scope `/`.
import "./outbox.sw";
import "./push.sw";
import { signedOut } from "./account.sw";
import { refreshDailyPages } from "./daily.sw";
import { handleBuiltFile, handleCardImage } from "./images.sw";
import { isMessage, type PageMessage } from "./messages";
import { PAGES, PRECACHE } from "./names.sw";
import { handleData, handleNavigation, keepDocument } from "./pages.sw";
import { isCardImage, isKeptPage, OFFLINE_PATH, pageOfData } from "./policy";

declare const self: ServiceWorkerGlobalScope;

const { precache } = __ARCANUM_BUILD__;
const PRECACHED = new Set(precache);
/** Pages saved under the previous build fetched again for this one, at most. */
const REFRESHED_ON_UPDATE = 30;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PRECACHE);
      await cache.addAll(precache);
      // The offline page as nobody sees it: it is shown to whoever is using the device.
      const offline = await fetch(OFFLINE_PATH, { credentials: "omit" });
      if (!offline.ok) throw new Error(`The offline page answered ${offline.status}`);
      await cache.put(OFFLINE_PATH, offline);
    })(),
  );
});

/** Pages saved under an older build point at its files, which go with it: they are fetched again. */
async function renewSavedPages(): Promise<void> {
  const cache = await caches.open(PAGES);
  const documents = (await cache.keys()).map((key) => new URL(key.url)).filter((url) => !url.pathname.endsWith(".data"));
  await caches.delete(PAGES);
  for (const page of documents.slice(-REFRESHED_ON_UPDATE)) await keepDocument(page);
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const older = (await caches.keys()).filter((name) => name.startsWith("arcanum-precache-") && name !== PRECACHE);
      await Promise.all(older.map((name) => caches.delete(name)));
      // The first worker takes the open tabs at once, so the page is served by it from its first load.
      await self.clients.claim();
      if (older.length > 0) await renewSavedPages();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // Signing out (with or without JavaScript in the page) leaves nothing of the account behind.
    if (/^\/logout(\.data)?$/.test(url.pathname)) event.waitUntil(signedOut());
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(handleNavigation(event, isKeptPage(url.pathname)));
    return;
  }
  const page = pageOfData(url);
  if (page) {
    event.respondWith(handleData(event, page, isKeptPage(page.pathname)));
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(handleBuiltFile(event, PRECACHE));
    return;
  }
  if (isCardImage(url.pathname)) {
    event.respondWith(handleCardImage(event));
    return;
  }
  if (PRECACHED.has(url.pathname)) {
    event.respondWith(fetch(request).catch(async () => (await caches.match(url.pathname, { cacheName: PRECACHE })) ?? Response.error()));
  }
});

self.addEventListener("message", (event) => {
  // Sent when the person accepts "New content available. Reload?": this waiting worker takes over.
  if (isMessage<PageMessage>(event.data, "sw:skip-waiting")) void self.skipWaiting();
});

self.addEventListener("periodicsync", (event) => {
  if (event.tag === "daily-update") event.waitUntil(refreshDailyPages());
});
