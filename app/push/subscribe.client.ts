// The page's side of "Tell me…": permission asked only when the person presses the button, then a
// subscription through the service worker's PushManager, handed to the server (decision 0061).

export type SubscribeResult = { state: "on" } | { state: "blocked" } | { state: "dismissed" } | { state: "unsupported" } | { state: "failed"; message: string };

export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const plain = atob(
    base64Url
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(base64Url.length / 4) * 4, "="),
  );
  return Uint8Array.from(plain, (char) => char.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => !!a && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

/** The service worker's registration, once it is active; null if none starts within a few seconds. */
async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** Posts this browser's subscription (and the reader to follow) for the signed-in account. */
export async function sendSubscription(subscription: PushSubscription, follow?: string): Promise<Response> {
  const json = subscription.toJSON();
  const body = new URLSearchParams({ intent: "subscribe", endpoint: subscription.endpoint, p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" });
  if (follow) body.set("follow", follow);
  return fetch("/push/subscription", { method: "POST", body, headers: { accept: "application/json" } });
}

export async function subscribeToPush(follow?: string): Promise<SubscribeResult> {
  if (!pushSupported()) return { state: "unsupported" };
  // Asked first, while the press still counts as the person's own gesture.
  const permission = await Notification.requestPermission();
  if (permission === "denied") return { state: "blocked" };
  if (permission !== "granted") return { state: "dismissed" };
  try {
    const [registration, keyResponse] = await Promise.all([activeRegistration(), fetch("/push/subscription", { headers: { accept: "application/json" } })]);
    if (!registration) return { state: "failed", message: "The app's background helper has not started yet. Reload the page and press the button again." };
    const { publicKey } = keyResponse.ok ? ((await keyResponse.json()) as { publicKey: string | null }) : { publicKey: null };
    if (!publicKey) return { state: "failed", message: "Notifications are not set up on this server." };
    const applicationServerKey = keyBytes(publicKey);
    let subscription = await registration.pushManager.getSubscription();
    // A subscription made for another key (the server's keys changed) cannot receive our pushes.
    if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
    const saved = await sendSubscription(subscription, follow);
    // Sent to sign in instead: this browser has no session any more.
    if (saved.redirected) return { state: "failed", message: "Sign in first, then press the button again." };
    if (!saved.ok) {
      const body = (await saved.json().catch(() => null)) as { error?: string } | null;
      return { state: "failed", message: body?.error ?? "The subscription could not be saved. Try again." };
    }
    return { state: "on" };
  } catch (error) {
    return {
      state: "failed",
      message: error instanceof Error && error.message ? `The browser refused: ${error.message}` : "The browser refused to subscribe. Try again.",
    };
  }
}
