/**
 * Shared zoom and pan for whoever leads: pinch, double tap and drag on the table, and the view
 * changes sent no faster than the room accepts them.
 */
import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from "react";
import { PAN_LIMIT, spreadOf, ZOOM_MAX, ZOOM_MIN, type RoomCommand, type RoomState } from "./state";

type Send = (command: RoomCommand) => void;

/** Zoom commands are sent at most this often while a gesture lasts (the room allows ten a second). */
const VIEW_SEND_MS = 120;

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
