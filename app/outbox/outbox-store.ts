/**
 * The outbox: forms a person sent while offline, kept in IndexedDB (`arcanum-outbox`) until they can
 * be sent (decision 0060). The page writes and shows them; the service worker's `sync` event, or the
 * page where Background Sync is missing, sends them. Shared by both, so it uses nothing but
 * IndexedDB, fetch and BroadcastChannel.
 */
import { OUTBOX_ACCOUNT_HEADER, OUTBOX_HEADER, type OutboxAnswer, type OutboxKind } from "./protocol";

export const OUTBOX_DB = "arcanum-outbox";
export const OUTBOX_SYNC_TAG = "outbox";
const STORE = "items";
/** Pages and the worker tell each other about changes here. */
export const OUTBOX_CHANNEL = "arcanum-outbox";

/** waiting: to be sent; refused: the server said no (kept with its message); held: written under another account. */
export type OutboxState = "waiting" | "refused" | "held";

export type OutboxItem = {
  /** The submission key this item is sent with (its own, given when it was kept): the server takes it once, however often it is sent. */
  key: string;
  /** Where the form posts, a path on this site. */
  url: string;
  fields: [string, string][];
  /** The opaque name of the account the form was drawn for. */
  account: string;
  kind: OutboxKind;
  /** What the person would call it: "Note on your reading of 12 March 2026". */
  label: string;
  /** The page it was written on. */
  page: string;
  createdAt: number;
  state: OutboxState;
  /** The server's own words when it refused or held it. */
  message?: string;
};

/** What the page and the worker say to each other about the outbox. */
export type OutboxMessage = { type: "outbox:changed" } | { type: "outbox:sent"; key: string; label: string; page: string; message: string };

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function open(): Promise<IDBDatabase> {
  const req = indexedDB.open(OUTBOX_DB, 1);
  req.onupgradeneeded = () => {
    if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: "key" });
  };
  return request(req);
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    const tx = db.transaction(STORE, mode);
    const result = await request(work(tx.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    return result;
  } finally {
    db.close();
  }
}

export async function outboxItems(): Promise<OutboxItem[]> {
  const items = await withStore("readonly", (store) => store.getAll() as IDBRequest<OutboxItem[]>);
  return items.sort((a, b) => a.createdAt - b.createdAt);
}

/** Keeps an item, or replaces the one with its key. */
export async function putOutboxItem(item: OutboxItem): Promise<void> {
  await withStore("readwrite", (store) => store.put(item));
  announce({ type: "outbox:changed" });
}

export async function removeOutboxItem(key: string): Promise<void> {
  await withStore("readwrite", (store) => store.delete(key));
  announce({ type: "outbox:changed" });
}

export function announce(message: OutboxMessage): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** sent: the server took it (or had already); kept: refused or held, with why; later: no answer, try again. */
export type SendResult = { kind: "sent"; message: string } | { kind: "kept"; state: OutboxState; message: string } | { kind: "later" };

/** Sends one item with the cookies of whoever is signed in; the server refuses it if that is another account. */
export async function sendOutboxItem(item: OutboxItem): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(item.url, {
      method: "POST",
      body: new URLSearchParams(item.fields),
      headers: { [OUTBOX_HEADER]: "1", [OUTBOX_ACCOUNT_HEADER]: item.account },
      credentials: "same-origin",
      redirect: "manual",
    });
  } catch {
    return { kind: "later" };
  }
  // A redirect is the form's usual way of saying it is done (a new deck opens its page).
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) return { kind: "sent", message: "Sent." };
  let answer: OutboxAnswer | null = null;
  try {
    answer = (await response.json()) as OutboxAnswer;
  } catch {
    answer = null;
  }
  if (response.ok) return { kind: "sent", message: answer?.message ?? "Sent." };
  // Busy or broken for a moment: the next sync, or the next visit, tries again.
  if (response.status === 429 || response.status >= 500) return { kind: "later" };
  return { kind: "kept", state: answer?.held ? "held" : "refused", message: answer?.message ?? `The server refused this (${response.status}).` };
}

let sending: Promise<{ left: number }> | null = null;

/**
 * Sends every waiting item once, oldest first. Refused and held items stay, with the server's words,
 * until the person retries or dismisses them. Resolves with how many are still waiting.
 */
export function sendWaitingItems(): Promise<{ left: number }> {
  sending ??= (async () => {
    let left = 0;
    for (const item of await outboxItems()) {
      if (item.state !== "waiting") continue;
      const result = await sendOutboxItem(item);
      if (result.kind === "later") {
        left++;
        continue;
      }
      if (result.kind === "sent") {
        await removeOutboxItem(item.key);
        announce({ type: "outbox:sent", key: item.key, label: item.label, page: item.page, message: result.message });
      } else {
        await putOutboxItem({ ...item, state: result.state, message: result.message });
      }
    }
    return { left };
  })().finally(() => {
    sending = null;
  });
  return sending;
}
