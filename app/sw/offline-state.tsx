// "You are offline — showing what you saved": shown on a page the service worker answered from its
// saved copies (it marks the document, or tells the tab after an in-app visit) and whenever the
// browser says it lost the network. Meanwhile the controls that need the network are disabled with
// the reason in the notice (each one is described by it and titled "Needs a connection"); forms marked `data-outbox` stay usable, as what they send waits in the outbox.
// Once the server answers again the notice goes; a tab that showed saved copies offers the latest.
import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { isMessage, type WorkerMessage } from "./messages";

const NEEDS_NETWORK = "Needs a connection";
const DISABLED = "data-offline-disabled";
/** The notice's line that each disabled control is described by. */
const REASON_ID = "offline-needs-network";

/** Forms that post and are not queued, and buttons marked as needing the network. */
function controlsNeedingNetwork(root: ParentNode): HTMLElement[] {
  const controls: HTMLElement[] = [];
  for (const form of root.querySelectorAll("form")) {
    if (form.method !== "post" || form.closest("[data-outbox]")) continue;
    controls.push(...form.querySelectorAll<HTMLElement>('button:not([type="button"]):not([type="reset"]), input[type="submit"]'));
  }
  controls.push(...root.querySelectorAll<HTMLElement>("[data-needs-network]"));
  return controls;
}

function disableForOffline(root: ParentNode): void {
  for (const control of controlsNeedingNetwork(root)) {
    if (control.hasAttribute(DISABLED) || (control as HTMLButtonElement).disabled) continue;
    (control as HTMLButtonElement).disabled = true;
    control.setAttribute(DISABLED, JSON.stringify([control.getAttribute("title"), control.getAttribute("aria-describedby")]));
    control.setAttribute("title", NEEDS_NETWORK);
    control.setAttribute("aria-describedby", REASON_ID);
  }
}

function enableAgain(): void {
  for (const control of document.querySelectorAll<HTMLButtonElement>(`[${DISABLED}]`)) {
    const [title, describedBy] = JSON.parse(control.getAttribute(DISABLED) ?? "[]") as (string | null)[];
    control.disabled = false;
    control.removeAttribute(DISABLED);
    for (const [name, value] of [
      ["title", title],
      ["aria-describedby", describedBy],
    ] as const) {
      if (value) control.setAttribute(name, value);
      else control.removeAttribute(name);
    }
  }
}

/** How often, while a tab is offline but the device says it has a network, the server is asked whether it answers again. */
const PROBE_MS = 4000;

/** Whether our server answers: its health check, which the service worker never answers from a copy. */
async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch("/healthz", { cache: "no-store" })).ok;
  } catch {
    return false;
  }
}

export type Connection = "online" | "offline" | "back";

/**
 * "offline" while this tab shows saved copies or the browser says it has no network; "back" once the
 * server answers again after saved copies were shown, as what is on screen may be old; "online"
 * otherwise. The tab leaves "offline" when the browser says it is online and the server answers: at
 * the browser's `online` event, at the worker's next fresh answer, and by asking the server every
 * few seconds while the device says it has a network (a server that failed gives no event when it
 * comes back).
 */
export function useConnection(): Connection {
  const [connection, setConnection] = useState<Connection>("online");
  useEffect(() => {
    let showedCopies = document.documentElement.hasAttribute("data-offline-copy");
    let offline = showedCopies || !navigator.onLine;
    let probe: ReturnType<typeof setInterval> | undefined;
    const stopProbing = () => {
      clearInterval(probe);
      probe = undefined;
    };
    const goOnline = () => {
      stopProbing();
      if (!offline) return;
      offline = false;
      document.documentElement.removeAttribute("data-offline-copy");
      setConnection(showedCopies ? "back" : "online");
    };
    const tryServer = async () => {
      if (offline && navigator.onLine && (await serverAnswers())) goOnline();
    };
    const goOffline = () => {
      offline = true;
      setConnection("offline");
      probe ??= setInterval(() => void tryServer(), PROBE_MS);
    };
    if (offline) goOffline();
    const onOnline = () => void tryServer();
    const fromWorker = (event: MessageEvent) => {
      if (isMessage<WorkerMessage>(event.data, "sw:offline")) {
        showedCopies = true;
        goOffline();
      } else if (isMessage<WorkerMessage>(event.data, "sw:online")) goOnline();
    };
    window.addEventListener("offline", goOffline);
    window.addEventListener("online", onOnline);
    navigator.serviceWorker?.addEventListener("message", fromWorker);
    return () => {
      stopProbing();
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("online", onOnline);
      navigator.serviceWorker?.removeEventListener("message", fromWorker);
    };
  }, []);
  // Another page opened online is the latest: "back" has said what it had to.
  const { key } = useLocation();
  useEffect(() => setConnection((now) => (now === "back" ? "online" : now)), [key]);
  useEffect(() => {
    if (connection !== "offline") return;
    disableForOffline(document);
    // Pages drawn while offline (an in-app visit to a saved page) get the same treatment.
    const observer = new MutationObserver(() => disableForOffline(document));
    observer.observe(document.body, { childList: true, subtree: true });
    // A post that would fail is not sent; queued forms go to the outbox as usual.
    const refuse = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement;
      if (form.method === "post" && !form.closest("[data-outbox]")) event.preventDefault();
    };
    document.addEventListener("submit", refuse, true);
    return () => {
      observer.disconnect();
      document.removeEventListener("submit", refuse, true);
      enableAgain();
    };
  }, [connection]);
  return connection;
}

export function OfflineNotice() {
  const connection = useConnection();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => setDismissed(false), [connection]);
  if (connection === "online" || dismissed) return null;
  if (connection === "back")
    return (
      <div
        role="status"
        data-testid="online-again"
        className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b border-line bg-surface-2 px-4 py-2 text-center text-sm font-medium text-ink"
      >
        <span>You are back online. This page may be older than what the server holds.</span>
        <span className="flex gap-2">
          <button
            type="button"
            className="rounded-full bg-brand px-3 py-1 font-semibold text-brand-ink hover:brightness-110"
            onClick={() => window.location.reload()}
          >
            Show the latest
          </button>
          <button type="button" className="rounded-full px-3 py-1 text-muted underline hover:text-ink" onClick={() => setDismissed(true)}>
            Dismiss
          </button>
        </span>
      </div>
    );
  return (
    <div
      role="status"
      data-testid="offline-notice"
      className="relative border-b border-gold/40 bg-surface-2 px-4 py-2 text-center text-sm font-medium text-ink"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="mr-2 inline h-4 w-4 align-[-2px] text-gold">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18"
        />
      </svg>
      You are offline — showing what you saved
      <span id={REASON_ID} className="block text-xs font-normal text-muted">
        {NEEDS_NETWORK}: buttons that send something are off until you are back online.
      </span>
    </div>
  );
}
