/**
 * The table's tools beyond the basic controls: shared zoom and pan (buttons, pinch, double tap,
 * drag), keyboard shortcuts with a help sheet, a gallery of the drawn cards, suggested questions,
 * the deck picker and optional sounds.
 */
import { guessQuestionCategory } from "./question-category";
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from "react";
import { buttonClasses } from "~/components/ui/button";
import { PAN_LIMIT, spreadOf, ZOOM_MAX, ZOOM_MIN, type RoomCommand, type RoomEvent, type RoomState } from "./state";

type Send = (command: RoomCommand) => void;

/** Zoom commands are sent at most this often while a gesture lasts (the room allows ten a second). */
const VIEW_SEND_MS = 120;

export const SHORTCUTS: [key: string, what: string][] = [
  ["S", "Shuffle the deck"],
  ["D", "Draw a card"],
  ["R", "Reveal all cards"],
  ["G", "Gather the cards (reset)"],
  ["+ / −", "Zoom in / out"],
  ["0", "Reset the view"],
  ["L", "Choose the spread"],
  ["K", "Choose the deck"],
  ["V", "Open the card gallery"],
  ["?", "Show this help"],
];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** How long a view this browser asked for counts as the view, before the room's echo has surely come back. */
const ASKED_VIEW_MS = 1000;

/**
 * Sends view changes no faster than the room accepts them, always ending on the latest. `asked` is the view
 * this browser last asked for, while it is recent: gestures that toggle go by it rather than by a state the
 * room may not have echoed yet.
 */
function useViewSender(send: Send) {
  const last = useRef(0);
  const pending = useRef<RoomState["view"] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<{ view: RoomState["view"]; at: number } | null>(null);
  const flush = useCallback(() => {
    timer.current = null;
    if (!pending.current) return;
    last.current = Date.now();
    send({ type: "zoom", ...pending.current });
    pending.current = null;
  }, [send]);
  const sendView = useCallback(
    (view: RoomState["view"]) => {
      pending.current = { zoom: clamp(view.zoom, ZOOM_MIN, ZOOM_MAX), x: clamp(view.x, -PAN_LIMIT, PAN_LIMIT), y: clamp(view.y, -PAN_LIMIT, PAN_LIMIT) };
      latest.current = { view: pending.current, at: Date.now() };
      const wait = VIEW_SEND_MS - (Date.now() - last.current);
      if (wait <= 0) flush();
      else timer.current ??= setTimeout(flush, wait);
    },
    [flush],
  );
  const asked = useCallback(() => (latest.current && Date.now() - latest.current.at < ASKED_VIEW_MS ? latest.current.view : null), []);
  return { sendView, asked };
}

/**
 * Pointer gestures on the table for whoever leads: two fingers pinch to zoom, a double tap zooms
 * in or back out, one finger (or the mouse) drags the view when zoomed in, and in the free layout
 * drags a card to a new spot.
 */
export function useTableGestures(opts: { table: RefObject<HTMLDivElement | null>; state: RoomState; leads: boolean; send: Send }) {
  const { sendView, asked } = useViewSender(opts.send);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ startDistance?: number; startZoom: number; startX: number; startY: number; originX: number; originY: number; card?: number } | null>(
    null,
  );
  const lastTap = useRef(0);
  const [dragged, setDragged] = useState<{ position: number; x: number; y: number } | null>(null);
  const { state, leads } = opts;

  const percentOf = (clientX: number, clientY: number) => {
    const box = opts.table.current!.getBoundingClientRect();
    const { zoom, x, y } = state.view;
    // Undo the view's transform: scale around the centre, then the pan.
    const px = ((clientX - box.left) / box.width) * 100;
    const py = ((clientY - box.top) / box.height) * 100;
    return { x: (px - 50 - x) / zoom + 50, y: (py - 50 - y) / zoom + 50 };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!leads) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const cardElement = (event.target as HTMLElement).closest<HTMLElement>("[data-position]");
    const freeLayout = spreadOf(state)?.freeLayout;
    // Hold on to the pointer only for gestures; a tap on a card stays the card's click.
    if (pointers.current.size === 2 || (freeLayout && cardElement) || (!cardElement && state.view.zoom > 1.05)) {
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      gesture.current = {
        startDistance: Math.hypot(a!.x - b!.x, a!.y - b!.y),
        startZoom: state.view.zoom,
        startX: state.view.x,
        startY: state.view.y,
        originX: 0,
        originY: 0,
      };
      return;
    }
    const now = Date.now();
    if (now - lastTap.current < 300 && !cardElement) {
      lastTap.current = 0;
      // A second double tap may come before the room has echoed the first: go by what was just asked for.
      const zoomed = (asked() ?? state.view).zoom > 1.05;
      sendView(zoomed ? { zoom: 1, x: 0, y: 0 } : { zoom: 2, x: 0, y: 0 });
      return;
    }
    lastTap.current = now;
    gesture.current = {
      startZoom: state.view.zoom,
      startX: state.view.x,
      startY: state.view.y,
      originX: event.clientX,
      originY: event.clientY,
      card: freeLayout && cardElement ? Number(cardElement.dataset.position) : undefined,
    };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!leads || !pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    if (g.startDistance && pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()];
      const distance = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      sendView({ zoom: g.startZoom * (distance / g.startDistance), x: g.startX, y: g.startY });
      return;
    }
    if (g.card !== undefined) {
      const spot = percentOf(event.clientX, event.clientY);
      setDragged({ position: g.card, x: clamp(spot.x, 0, 100), y: clamp(spot.y, 0, 100) });
      return;
    }
    if (state.view.zoom > 1.05) {
      const box = opts.table.current!.getBoundingClientRect();
      sendView({
        zoom: state.view.zoom,
        x: g.startX + ((event.clientX - g.originX) / box.width) * 100,
        y: g.startY + ((event.clientY - g.originY) / box.height) * 100,
      });
    }
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (dragged) {
      opts.send({ type: "move", position: dragged.position, x: dragged.x, y: dragged.y });
      // The drag ends here: the click that follows must not open the card.
      event.preventDefault();
    }
    setDragged(null);
    if (pointers.current.size === 0) gesture.current = null;
  };

  return { handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp }, dragged, sendView, asked };
}

/** Keyboard shortcuts; letters are ignored while typing in a field. */
export function useShortcuts(handlers: Record<string, () => void>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      const key = event.key === "=" ? "+" : event.key === "_" ? "-" : event.key.toLowerCase();
      const handler = handlers[key];
      if (handler) {
        event.preventDefault();
        handler();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [handlers]);
}

export function HelpSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Sheet open={open} onClose={onClose} label="Keyboard shortcuts">
      <h2 className="text-2xl font-bold">Keyboard shortcuts</h2>
      <p className="mt-1 text-sm text-muted">Whoever leads the reading can use them; the gallery and this help are for everyone.</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded-md border border-line bg-surface-2 px-2 py-0.5 font-mono">{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </Sheet>
  );
}

/** A modal sheet on the native dialog element (focus trap and Escape come with it). */
export function Sheet({ open, onClose, label, children }: { open: boolean; onClose: () => void; label: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={label}
      onClose={onClose}
      onClick={(event) => event.target === ref.current && onClose()}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto rounded-3xl border border-line bg-surface p-6 text-ink shadow-xl backdrop:bg-black/50"
    >
      {children}
      <button type="button" onClick={onClose} className={`${buttonClasses("secondary", "sm")} mt-5`}>
        Close
      </button>
    </dialog>
  );
}

type CardInfo = Record<string, { name: string; upright: string[]; reversed: string[] }>;

/** The drawn cards, large, one at a time. */
export function Gallery(props: {
  open: boolean;
  onClose: () => void;
  state: RoomState;
  faces: Record<string, string>;
  back: string;
  cardInfo: CardInfo;
  start: number;
}) {
  const cards = [...props.state.table].filter((card) => card.revealed).sort((a, b) => a.position - b.position);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (props.open)
      setIndex(
        Math.max(
          0,
          cards.findIndex((card) => card.position === props.start),
        ),
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.open, props.start]);
  const card = cards[Math.min(index, cards.length - 1)];
  const spread = spreadOf(props.state);
  return (
    <Sheet open={props.open} onClose={props.onClose} label="Card gallery">
      {card ? (
        <div className="grid gap-4 sm:grid-cols-[14rem_1fr]">
          <img
            src={props.faces[card.key] ?? props.back}
            alt={props.cardInfo[card.key]?.name ?? ""}
            className={`w-full rounded-xl shadow-lg ${card.reversed ? "rotate-180" : ""}`}
          />
          <div>
            <p className="text-xs uppercase tracking-widest text-gold">{spread?.positions[card.position]?.name ?? `Card ${card.position + 1}`}</p>
            <h2 className="mt-1 text-3xl font-bold" data-testid="gallery-card">
              {props.cardInfo[card.key]?.name}
              {card.reversed ? " (reversed)" : ""}
            </h2>
            {spread && !spread.freeLayout ? <p className="mt-2 text-sm text-muted">{spread.positions[card.position]?.meaning}</p> : null}
            <p className="mt-3 text-sm">{(card.reversed ? props.cardInfo[card.key]?.reversed : props.cardInfo[card.key]?.upright)?.join(" · ")}</p>
            <div className="mt-4 flex gap-2">
              <button type="button" className={buttonClasses("secondary", "sm")} disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>
                Previous
              </button>
              <button type="button" className={buttonClasses("secondary", "sm")} disabled={index >= cards.length - 1} onClick={() => setIndex((i) => i + 1)}>
                Next
              </button>
              <span className="self-center text-xs text-muted">
                {Math.min(index, cards.length - 1) + 1} of {cards.length}
              </span>
            </div>
          </div>
        </div>
      ) : (
        <p>No card has been revealed yet.</p>
      )}
    </Sheet>
  );
}

const CATEGORY_NAMES: Record<string, string> = {
  love: "Love",
  career: "Career",
  finance: "Finance",
  relationships: "Relationships",
  "spiritual-growth": "Spiritual growth",
  "past-lives": "Past lives",
};

/** Suggested questions by category; choosing one fills the question field. */
export function QuestionIdeas({ onPick, typed = "" }: { onPick: (question: string) => void; typed?: string }) {
  const fetcher = useFetcher<{ questions: string[]; error: string | null }>();
  // The category follows what is typed until the person picks one themselves.
  const [chosen, setChosen] = useState<string | null>(null);
  const category = chosen ?? guessQuestionCategory(typed) ?? "love";
  return (
    <div className="mt-2">
      <fetcher.Form method="post" action="/api/questions" className="flex gap-2">
        <input type="hidden" name="typed" value={typed} />
        <label className="sr-only" htmlFor="question-category">
          Question ideas about
        </label>
        <select
          id="question-category"
          name="category"
          value={category}
          onChange={(event) => setChosen(event.target.value)}
          className="min-w-0 flex-1 rounded-xl border border-line bg-surface px-2 py-1 text-sm"
        >
          {Object.entries(CATEGORY_NAMES).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
        <button type="submit" className={buttonClasses("ghost", "sm")} disabled={fetcher.state !== "idle"}>
          Suggest questions
        </button>
      </fetcher.Form>
      {fetcher.data?.error ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {fetcher.data.error}
        </p>
      ) : null}
      {fetcher.data?.questions?.length ? (
        <ul className="mt-2 grid gap-1" aria-label="Suggested questions">
          {fetcher.data.questions.map((question) => (
            <li key={question}>
              <button type="button" onClick={() => onPick(question)} className="w-full rounded-lg px-2 py-1 text-left text-xs hover:bg-surface-2">
                {question}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Optional sounds for shuffles and flips, made on the spot (no files), off by default. */
export function useTableSounds(events: RoomEvent | null, on: boolean) {
  const context = useRef<AudioContext | null>(null);
  useEffect(() => {
    if (!on || !events) return;
    context.current ??= new AudioContext();
    const audio = context.current;
    const now = audio.currentTime;
    if (events.type === "shuffled" || events.type === "deckChanged") {
      // A short burst of filtered noise, like cards riffling.
      const length = Math.floor(audio.sampleRate * 0.35);
      const buffer = audio.createBuffer(1, length, audio.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length) * (0.5 + 0.5 * Math.sin(i / 40));
      const source = audio.createBufferSource();
      const filter = audio.createBiquadFilter();
      filter.type = "bandpass";
      filter.frequency.value = 2400;
      source.buffer = buffer;
      source.connect(filter).connect(audio.destination);
      source.start(now);
    } else if (events.type === "drawn" || events.type === "revealed") {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.setValueAtTime(events.type === "drawn" ? 520 : 780, now);
      oscillator.frequency.exponentialRampToValueAtTime(180, now + 0.08);
      gain.gain.setValueAtTime(0.15, now);
      gain.gain.exponentialRampToValueAtTime(0.001, now + 0.1);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(now);
      oscillator.stop(now + 0.12);
    }
  }, [events, on]);
}
