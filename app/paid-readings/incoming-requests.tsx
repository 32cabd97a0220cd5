import { Form, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import { ACCOUNT_CHANGED_EVENT } from "~/auth/use-account-channel";
import { READING_MODE_LABELS, type ReadingMode } from "./rules";

type Incoming = { id: string; mode: ReadingMode; question: string; pricePerMinuteCents: number; freeMinutes: number; expiresAt: number; clientName: string };

/**
 * One sound context for the tab. Browsers keep a context silent until the person has touched the
 * page, so the first tap or key anywhere wakes it, and a later request can chime.
 */
let sound: AudioContext | null = null;
function wakeSound() {
  try {
    sound ??= new AudioContext();
    if (sound.state === "suspended") void sound.resume();
  } catch {
    // No sound in this browser: the notice still shows.
  }
}

/** A short two-note chime, made on the spot: no sound file to load. */
function chime() {
  wakeSound();
  const audio = sound;
  if (!audio || audio.state !== "running") return;
  [660, 880].forEach((frequency, i) => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    const at = audio.currentTime + i * 0.18;
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start(at);
    tone.stop(at + 0.4);
  });
}

/** The reader's two answers to a request, posted to the request's page (which works without JavaScript). */
export function AnswerRequest({ requestId, className }: { requestId: string; className?: string }) {
  return (
    <Form method="post" action={`/readings/requests/${requestId}`} className={`flex gap-2 ${className ?? ""}`}>
      <button type="submit" name="intent" value="accept" className={buttonClasses("primary", "sm")}>
        Accept
      </button>
      <button type="submit" name="intent" value="decline" className={buttonClasses("secondary", "sm")}>
        Decline
      </button>
    </Form>
  );
}

/**
 * The reader's block of a request's client, posted to the request's page (which works without
 * JavaScript): the request is declined and the client can ask for no reading of theirs until unblocked.
 */
export function BlockClient({ requestId, className }: { requestId: string; className?: string }) {
  return (
    <Form method="post" action={`/readings/requests/${requestId}`} className={className}>
      <button type="submit" name="intent" value="block" className={buttonClasses("danger", "sm")}>
        Block
      </button>
    </Form>
  );
}

/**
 * Every open tab of an available reader shows the requests waiting for their answer, with a chime
 * and, if they allowed it, a browser notification when a new one arrives. The server tells the tab
 * through the person's channel; the tab then fetches the list.
 */
export function IncomingRequests() {
  const [requests, setRequests] = useState<Incoming[]>([]);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const seen = useRef<Set<string> | null>(null);
  const location = useLocation();

  const load = useCallback(async () => {
    try {
      const response = await fetch("/readings/incoming", { headers: { accept: "application/json" } });
      if (!response.ok) return;
      const body = (await response.json()) as { requests: Incoming[]; now: number };
      setOffset(Date.now() - body.now);
      const fresh = body.requests.filter((r) => seen.current && !seen.current.has(r.id));
      seen.current = new Set([...(seen.current ?? []), ...body.requests.map((r) => r.id)]);
      setRequests(body.requests);
      if (fresh.length > 0) {
        chime();
        if ("Notification" in window && Notification.permission === "granted" && document.visibilityState !== "visible") {
          new Notification("A reading request", { body: `${fresh[0]!.clientName} asks for a reading.`, tag: `reading-request-${fresh[0]!.id}` });
        }
      }
    } catch {
      // Offline for a moment: the next message or the page's own refresh brings the list.
    }
  }, []);

  useEffect(() => {
    window.addEventListener("pointerdown", wakeSound, { once: true });
    window.addEventListener("keydown", wakeSound, { once: true });
    return () => {
      window.removeEventListener("pointerdown", wakeSound);
      window.removeEventListener("keydown", wakeSound);
    };
  }, []);

  // Looked at again on every page: an answer given elsewhere (another tab, the dashboard) clears it.
  useEffect(() => {
    void load();
  }, [load, location.pathname]);

  useEffect(() => {
    const onChange = (event: Event) => {
      if ((event as CustomEvent<string>).detail === "reading") void load();
    };
    window.addEventListener(ACCOUNT_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(ACCOUNT_CHANGED_EVENT, onChange);
  }, [load]);

  const open = requests.filter((r) => r.expiresAt > now - offset);
  useEffect(() => {
    if (open.length === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [open.length]);

  // The request's own page shows it already.
  if (open.length === 0 || location.pathname.startsWith("/readings/requests/")) return null;
  return (
    <div className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md space-y-2 sm:inset-x-auto sm:right-4" role="region" aria-label="Reading requests">
      {open.map((request) => (
        <div key={request.id} role="alert" data-testid="incoming-request" className="rounded-2xl border border-gold/50 bg-surface p-4 shadow-xl">
          <p className="font-semibold">{request.clientName} asks for a reading</p>
          <p className="text-sm text-muted">
            {READING_MODE_LABELS[request.mode]} · {formatMoney(request.pricePerMinuteCents)}/min
            {request.freeMinutes > 0 ? ` · first ${request.freeMinutes} min free` : ""} ·{" "}
            <span className="tabular-nums">{Math.max(0, Math.ceil((request.expiresAt - (now - offset)) / 1000))} s</span> to answer
          </p>
          {request.question ? <p className="mt-1 text-sm">“{request.question}”</p> : null}
          <AnswerRequest requestId={request.id} className="mt-3" />
        </div>
      ))}
    </div>
  );
}
