// The outbox's side of the service worker: sends what a person did offline on the `sync` event (tag `outbox`).
import { OUTBOX_SYNC_TAG, sendWaitingItems } from "../outbox/outbox-store";

declare const self: ServiceWorkerGlobalScope;

self.addEventListener("sync", (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  // Items still without an answer make the sync fail, so the browser tries again later (with backoff).
  event.waitUntil(
    sendWaitingItems().then(({ left }) => {
      if (left > 0 && !event.lastChance) throw new Error(`${left} waiting to send`);
    }),
  );
});
