// Messages between the pages and the service worker core (the outbox and push speak their own `outbox:*`, `push:*`).

/** From the worker: this tab was just shown a saved copy (offline), or the network answers again. */
export type WorkerMessage = { type: "sw:offline" } | { type: "sw:online" };

/** From a page: the person accepted "New content available. Reload?". */
export type PageMessage = { type: "sw:skip-waiting" };

export function isMessage<T extends { type: string }>(data: unknown, type: T["type"]): data is T {
  return typeof data === "object" && data !== null && (data as { type?: unknown }).type === type;
}
