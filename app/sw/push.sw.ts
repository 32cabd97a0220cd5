// Web Push in the service worker: shows pushed notifications and opens what a click on one asks for
// (decision 0061). The Worker encrypts every message for this browser; the browser decrypts it before
// the `push` event, so `event.data` is the `PushMessage` the Worker wrote.
import { notificationTarget, PUSH_KINDS, type PushAction, type PushMessage } from "../push/messages";

declare const self: ServiceWorkerGlobalScope;

const ICON = "/icons/icon-192.png";

/** A message as sent, or null for anything else (a push must still show something: see below). */
function readMessage(data: PushMessageData | null): PushMessage | null {
  try {
    const value = data?.json() as Partial<PushMessage> | undefined;
    if (!value || typeof value !== "object") return null;
    const { kind, title, body, url, tag, actions } = value;
    if (!PUSH_KINDS.includes(kind as PushMessage["kind"])) return null;
    if (typeof title !== "string" || typeof body !== "string" || typeof tag !== "string") return null;
    // Only a path on this site is ever opened.
    if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//")) return null;
    const isPath = (value: unknown) => typeof value === "string" && value.startsWith("/") && !value.startsWith("//");
    const buttons = Array.isArray(actions)
      ? actions.filter(
          (a): a is PushAction => typeof a?.title === "string" && (a.action === "accept" || a.action === "decline" || (a.action === "stop" && isPath(a.url))),
        )
      : undefined;
    return { kind: kind as PushMessage["kind"], title, body, url, tag, actions: buttons };
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  const message = readMessage(event.data);
  // Chromium requires every push to show a notification (`userVisibleOnly`); one we cannot read
  // still says where to look rather than nothing.
  const shown: PushMessage = message ?? { kind: "reading-request", title: "Arcanum", body: "Something new is waiting for you.", url: "/", tag: "arcanum" };
  event.waitUntil(
    self.registration.showNotification(shown.title, {
      body: shown.body,
      icon: ICON,
      badge: ICON,
      tag: shown.tag,
      data: { url: shown.url, actions: shown.actions ?? [] },
      // A paid request waits for the reader: it stays until they act on it.
      requireInteraction: shown.kind === "reading-request",
      ...(shown.actions?.length ? { actions: shown.actions.map(({ action, title }) => ({ action, title })) } : {}),
    } as NotificationOptions),
  );
});

/** Opens `path` in a tab of this app: the focused one if there is one, else a new window. */
async function openInApp(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab = tabs.find((client) => (client as WindowClient).focused) ?? tabs[0];
  if (tab) {
    const window = tab as WindowClient;
    const moved = await window.navigate(url).catch(() => null);
    await (moved ?? window).focus().catch(() => undefined);
    if (moved) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = (event.notification.data ?? {}) as { url?: string; actions?: PushAction[] };
  const path = typeof data.url === "string" && data.url.startsWith("/") && !data.url.startsWith("//") ? data.url : "/";
  // Accept and Decline open the request with the choice named; the choice itself is made on the page,
  // through the request's once-only accept.
  event.waitUntil(openInApp(notificationTarget({ url: path, actions: data.actions }, event.action)));
});

/** The push service replaced this browser's subscription: the new one is handed to the server. */
self.addEventListener("pushsubscriptionchange", (event) => {
  const change = event as Event & {
    oldSubscription?: PushSubscription | null;
    newSubscription?: PushSubscription | null;
    waitUntil(p: Promise<unknown>): void;
  };
  change.waitUntil(
    (async () => {
      const key = change.oldSubscription?.options.applicationServerKey;
      const subscription =
        change.newSubscription ?? (key ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
      if (!subscription) return;
      const json = subscription.toJSON();
      const body = new URLSearchParams({ intent: "subscribe", endpoint: subscription.endpoint, p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" });
      await fetch("/push/subscription", { method: "POST", body, headers: { accept: "application/json" } });
    })(),
  );
});
