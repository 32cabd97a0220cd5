/**
 * The page's side of the outbox (decision 0060): a form marked `data-outbox` that is sent while the
 * browser is offline is kept in IndexedDB instead of failing, and sent later by the service worker's
 * `sync` event (even with the tab closed), and by the page on `online` and on the next visit, which
 * is all there is where Background Sync is missing.
 */
import { OUTBOX_SYNC_TAG, outboxItems, putOutboxItem, removeOutboxItem, sendWaitingItems, type OutboxItem } from "~/outbox/outbox-store";
import { OUTBOX_KINDS, sendName, type OutboxKind } from "./protocol";

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Kinds where a newer send from the same page replaces the one still waiting (the newest text wins; a changed grade of the card the page still shows). */
const NEWEST_WINS: ReadonlySet<OutboxKind> = new Set(["journal-notes", "review", "flashcard-grade"]);

function isKind(value: string | undefined): value is OutboxKind {
  return (OUTBOX_KINDS as readonly string[]).includes(value ?? "");
}

async function syncRegistration(): Promise<SyncRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
  return registration?.active && registration.sync ? registration : null;
}

/**
 * Asks for the waiting items to be sent: Background Sync where there is one (it waits for a
 * connection and runs with the tab closed), and from the page now when the browser is online. The
 * page does not rely on the sync alone: after a failed attempt the browser waits minutes before the
 * next, while the page knows the moment it is back online. Sent twice, a form still counts once.
 */
export async function requestSend(): Promise<void> {
  const registration = await syncRegistration().catch(() => null);
  await registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
  if (!navigator.onLine) return;
  const { left } = await sendWaitingItems();
  if (left > 0) retryLater();
  else retryDelay = FIRST_RETRY_MS;
}

const FIRST_RETRY_MS = 15_000;
const LAST_RETRY_MS = 5 * 60_000;
let retryDelay = FIRST_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * A send that found no answer while the browser says it is online will get no `online` event to
 * wake it: the page tries again itself, waiting longer each time, while it stays open.
 */
function retryLater() {
  if (retryTimer !== undefined) return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void requestSend();
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, LAST_RETRY_MS);
}

/** "Deck request: Moonlit tides" from the form's label and, when it names one, a field's value. */
function labelOf(form: HTMLFormElement, data: FormData): string {
  const base = form.dataset.outboxLabel ?? "Something you wrote";
  const field = form.dataset.outboxLabelField;
  const value = field
    ? String(data.get(field) ?? "")
        .trim()
        .slice(0, 60)
    : "";
  return value ? `${base}: ${value}` : base;
}

/** The form as the outbox keeps it: its fields (the pressed button's too), where it posts, and its label. */
function itemOf(form: HTMLFormElement, submitter: HTMLElement | null, kind: OutboxKind): OutboxItem | null {
  const data = new FormData(form, submitter ?? undefined);
  const fields: [string, string][] = [];
  for (const [name, value] of data) if (typeof value === "string") fields.push([name, value]);
  const key = data.get("submissionKey");
  const wanted = form.dataset.outboxIntent;
  if (typeof key !== "string" || !key || (wanted && data.get("intent") !== wanted)) return null;
  const url = new URL(form.getAttribute("action") || location.pathname + location.search, location.href);
  if (url.origin !== location.origin) return null;
  return {
    key,
    url: url.pathname + url.search,
    fields,
    account: form.dataset.outboxAccount ?? "",
    kind,
    label: labelOf(form, data),
    page: location.pathname,
    createdAt: Date.now(),
    state: "waiting",
  };
}

/**
 * Forms sent while the browser said it was online, by send (`sendName`), until their answer: a
 * connection that only claims to work ("lie-fi") fails them in the route's `clientAction`, which
 * then keeps them. Two sends of one form are two entries, so the end of one never forgets the other.
 */
const sentOnline = new Map<string, OutboxItem>();

function onSubmit(event: SubmitEvent) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const kind = form.dataset.outbox;
  if (!isKind(kind) || !("indexedDB" in window)) return;
  const item = itemOf(form, event.submitter, kind);
  if (!item) return;
  if (navigator.onLine) {
    sentOnline.set(sendName(new FormData(form, event.submitter ?? undefined)), item);
    return;
  }
  // Before Remix's own handler (on the document) sees it: there is no network to send it over.
  event.preventDefault();
  event.stopImmediatePropagation();
  void keep(item).then(requestSend);
}

/**
 * Keeps a form whose send failed on the way although the browser believed it was online. It keeps
 * its own key: the server may have received it after all, and the same key sent again changes
 * nothing twice. Resolves false when the form was not one that can wait.
 */
export async function keepAfterFailedSend(send: string): Promise<boolean> {
  const item = sentOnline.get(send);
  if (!item) return false;
  sentOnline.delete(send);
  await keep(item, { sameKey: true });
  void requestSend();
  return true;
}

/** The form's send is over, one way or the other. */
export function forgetSend(send: string): void {
  sentOnline.delete(send);
}

/**
 * Keeps a form in the outbox under a key of its own. The page's key may already be spent: a page
 * opened from the offline copy carries the key it was drawn with, and a spent key would answer
 * "saved" for text that never was. A newer note or review from the same page replaces the waiting
 * one; the same deck request tapped twice is kept once.
 */
async function keep(item: OutboxItem, { sameKey = false } = {}): Promise<void> {
  const key = sameKey ? item.key : crypto.randomUUID();
  const fields = item.fields.map(([name, value]): [string, string] => [name, name === "submissionKey" ? key : value]);
  const same = (other: OutboxItem) => other.kind === item.kind && other.page === item.page && other.state === "waiting";
  const withoutKey = (list: [string, string][]) => JSON.stringify(list.filter(([name]) => name !== "submissionKey"));
  for (const other of (await outboxItems()).filter(same)) {
    if (NEWEST_WINS.has(item.kind)) await removeOutboxItem(other.key);
    else if (withoutKey(other.fields) === withoutKey(fields)) return;
  }
  await putOutboxItem({ ...item, key, fields });
}

let installed = false;

/** Starts the outbox in this page, once: catches offline sends, and sends what waits. */
export function installOutbox(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  window.addEventListener("submit", onSubmit, true);
  const sendIfWaiting = () => {
    void outboxItems()
      .then((items) => (items.some((item) => item.state === "waiting") ? requestSend() : undefined))
      .catch(() => undefined);
  };
  window.addEventListener("online", sendIfWaiting);
  sendIfWaiting();
}
