// Arcanum's service worker (docs/decisions/0059-service-worker.md). Bundled by the build into
// <build>/client/sw.js (scripts/vite-service-worker.ts), served at /sw.js with scope `/`.
import "./outbox.sw";
import "./push.sw";

declare const self: ServiceWorkerGlobalScope;

const { version, precache } = __ARCANUM_BUILD__;
const PRECACHE = `arcanum-precache-${version}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(PRECACHE).then((cache) => cache.addAll(precache)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith("arcanum-precache-") && name !== PRECACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "sw:skip-waiting") void self.skipWaiting();
});
