// The outbox's side of the service worker: sends what a person did offline on the `sync` event (tag `outbox`).
export {};
