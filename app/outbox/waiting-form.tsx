/**
 * What a person sees of the outbox (decision 0060): beside a form that can wait, what it holds for
 * this page ("Waiting to send", "Sent", or the server's refusal with Retry and Dismiss); and on every
 * page, a small indicator while anything waits.
 */
import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { OUTBOX_CHANNEL, outboxItems, putOutboxItem, removeOutboxItem, type OutboxItem, type OutboxMessage } from "~/outbox/outbox-store";
import { installOutbox, requestSend } from "./outbox-client";
import { SEND_FIELD, type OutboxKind } from "./protocol";

type Sent = { key: string; label: string; message: string; page: string };

/** The outbox's items, kept current as this page, other tabs and the service worker change them. */
function useOutbox() {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [sent, setSent] = useState<Sent[]>([]);
  const { revalidate } = useRevalidator();
  const refresh = useCallback(() => {
    outboxItems().then(setItems, () => setItems([]));
  }, []);
  useEffect(() => {
    installOutbox();
    refresh();
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = (event: MessageEvent<OutboxMessage>) => {
      refresh();
      if (event.data.type === "outbox:sent") {
        const { key, label, message, page } = event.data;
        setSent((before) => [...before.filter((one) => one.key !== key), { key, label, message, page }]);
        // The page shows what the server now holds.
        if (page === location.pathname) revalidate();
      }
    };
    return () => channel.close();
  }, [refresh, revalidate]);
  return { items, sent };
}

const stateWords: Record<OutboxItem["state"], string> = {
  waiting: "Waiting to send",
  refused: "Not sent",
  held: "Held",
};

function ItemLine({ item }: { item: OutboxItem }) {
  const retry = () => void putOutboxItem({ ...item, state: "waiting", message: undefined }).then(requestSend);
  return (
    <li className="grid gap-1 text-sm" data-testid="outbox-item" data-state={item.state}>
      <p>
        <strong>{stateWords[item.state]}:</strong> {item.label}
      </p>
      {item.message ? <p className="text-muted">{item.message}</p> : null}
      {item.state === "waiting" ? (
        <p className="text-muted">It is kept on this device and sent when you are back online.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClasses("secondary", "sm")} onClick={retry}>
            Try again
          </button>
          <button type="button" className={buttonClasses("ghost", "sm")} onClick={() => void removeOutboxItem(item.key)}>
            Dismiss
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * The number of the form's next send (decision 0127). It moves on once a send has read the form
 * (Remix and the outbox read it while the submit event runs), so the next send carries the next one.
 * The field is named only once the script runs: a page without it sends no number, which the
 * server reads as a form that cannot count its sends.
 */
function SendNumber() {
  const ref = useRef<HTMLInputElement>(null);
  const [send, setSend] = useState<number | null>(null);
  useEffect(() => {
    setSend(0);
    const form = ref.current?.form;
    if (!form) return;
    const next = () => {
      setTimeout(() => setSend((sent) => (sent ?? 0) + 1));
    };
    form.addEventListener("submit", next);
    return () => form.removeEventListener("submit", next);
  }, []);
  return <input ref={ref} type="hidden" name={send === null ? undefined : SEND_FIELD} value={send ?? ""} />;
}

/**
 * The hidden key a form that can wait carries (fresh from the server on every page, so a double
 * submit is harmless even without JavaScript), and what the outbox holds for it on this page.
 * A `numbered` form numbers its sends too, for a server that lets a later send build on an earlier.
 */
export function WaitingFormFields({ submissionKey, kind, numbered = false }: { submissionKey: string; kind: OutboxKind; numbered?: boolean }) {
  const { items, sent } = useOutbox();
  const [page, setPage] = useState<string | null>(null);
  useEffect(() => setPage(location.pathname), []);
  const here = items.filter((item) => item.kind === kind && item.page === page);
  const sentHere = sent.filter((one) => one.page === page && !here.some((item) => item.key === one.key));
  return (
    <>
      <input type="hidden" name="submissionKey" value={submissionKey} />
      {numbered ? <SendNumber /> : null}
      <div aria-live="polite" data-testid="outbox-here">
        {here.length > 0 ? (
          <ul className="grid gap-2 rounded-2xl border border-dashed border-line p-3">
            {here.map((item) => (
              <ItemLine key={item.key} item={item} />
            ))}
          </ul>
        ) : null}
        {sentHere.map((one) => (
          <p key={one.key} role="status" className="text-sm" data-testid="outbox-sent">
            Sent: {one.label}. {one.message}
          </p>
        ))}
      </div>
    </>
  );
}

/** On every page: how many things wait to be sent, opening to the list with what became of each. */
export function OutboxIndicator() {
  const { items } = useOutbox();
  if (items.length === 0) return null;
  const waiting = items.filter((item) => item.state === "waiting").length;
  const needsYou = items.length - waiting;
  const summary = [waiting > 0 ? `${waiting} waiting to send` : null, needsYou > 0 ? `${needsYou} not sent` : null].filter(Boolean).join(", ");
  return (
    <details
      className="fixed bottom-3 left-3 z-40 max-w-[calc(100vw-1.5rem)] rounded-2xl border border-line bg-surface text-ink shadow-lg sm:max-w-sm"
      data-testid="outbox-indicator"
    >
      <summary className="cursor-pointer list-none px-4 py-2 text-sm font-medium">
        <span aria-hidden="true">⇡ </span>
        {summary}
      </summary>
      <ul className="grid max-h-[60vh] gap-3 overflow-y-auto border-t border-line px-4 py-3">
        {items.map((item) => (
          <ItemLine key={item.key} item={item} />
        ))}
      </ul>
    </details>
  );
}
