/**
 * How a repaint stages the same card anew, for any theme: another framing of the composition (closer,
 * higher, lower, to one side), the figures in another pose (see `Scene.pose`), and other details in
 * the sky. The first painting (variant 0) keeps the composition as drawn.
 */
import { cloud } from "./figures";
import { makeRng, type Rng } from "./kit";
import { hashString } from "./palette";
import { markChain, Scene, type Item, type Mark } from "./scene";

/** Where the framing zooms from: the middle of most compositions' figures. */
const FOCUS_X = 300;
const FOCUS_Y = 400;

/** A zoom around the focus and a shift, as fractions of the room the zoom leaves on each side. */
const FRAMINGS: readonly [zoom: number, x: number, y: number][] = [
  [1, 0, 0],
  [1.1, -0.7, -0.6],
  [1.13, 0.75, 0.7],
  [1.08, 0.45, -0.85],
  [1.15, -0.5, 0.8],
  [1.11, 0.9, -0.2],
  [1.07, -0.9, 0.5],
];

export type Framing = { zoom: number; dx: number; dy: number };

export type Box = [x0: number, y0: number, x1: number, y1: number];

/** Where the card's symbols may go in a closer framing: inside every style's window, below the numeral, above the title. */
const SAFE: Box = [48, 104, 552, 668];

/**
 * The framing of a painting: variant 0 as composed, each repaint one of a fixed set of closer views
 * (taken in turn, so consecutive repaints never share one), nudged a little per card. A zoom of at
 * least 1 with a shift inside the margin it leaves keeps the whole window covered; `keep` (the box of
 * the card's symbols) is kept inside the safe area, or no further out than it was, by zooming less
 * where it must.
 */
export function framingFor(cardKey: string, seed: number, variant: number, keep: Box | null, avoid?: readonly [fx: number, fy: number]): Framing {
  if (variant <= 0) return { zoom: 1, dx: 0, dy: 0 };
  const [zoom, fx, fy] = FRAMINGS[1 + ((variant - 1) % (FRAMINGS.length - 1))]!;
  const rng = makeRng(hashString(`${seed}:${cardKey}:frame:${variant}`));
  const nudge = (f: number) => Math.max(-1, Math.min(1, f + rng.range(-0.1, 0.1)));
  // A repaint looks from the other side when its view would be close to the first painting's (`avoid`).
  const flip = avoid && Math.abs(fx - avoid[0]) + Math.abs(fy - avoid[1]) < 0.9 ? -1 : 1;
  const wantX = nudge(fx * flip);
  const wantY = nudge(fy * flip);
  for (let z = zoom + rng.range(-0.015, 0.015); z > 1.004; z -= 0.01) {
    const x = shiftRange(z, FOCUS_X, 600, keep && Number.isFinite(keep[0]) ? [keep[0], keep[2]] : null, [SAFE[0], SAFE[2]]);
    const y = shiftRange(z, FOCUS_Y, 800, keep && Number.isFinite(keep[1]) ? [keep[1], keep[3]] : null, [SAFE[1], SAFE[3]]);
    if (!x || !y) continue;
    const place = ([lo, hi]: [number, number], want: number, room: number) => Math.max(lo, Math.min(hi, want * room));
    return { zoom: z, dx: place(x, wantX, (z - 1) * FOCUS_X), dy: place(y, wantY, (z - 1) * Math.min(FOCUS_Y, 800 - FOCUS_Y)) };
  }
  return { zoom: 1, dx: 0, dy: 0 };
}

/**
 * A view of the composition as a setting takes it: the zoom and the shift (fractions of the room the
 * zoom leaves), zooming less where the card's symbols would leave the safe area.
 */
export function framingAt(zoom: number, fx: number, fy: number, keep: Box | null): Framing {
  for (let z = zoom; z > 1.004; z -= 0.01) {
    const x = shiftRange(z, FOCUS_X, 600, keep && Number.isFinite(keep[0]) ? [keep[0], keep[2]] : null, [SAFE[0], SAFE[2]]);
    const y = shiftRange(z, FOCUS_Y, 800, keep && Number.isFinite(keep[1]) ? [keep[1], keep[3]] : null, [SAFE[1], SAFE[3]]);
    if (!x || !y) continue;
    const place = ([lo, hi]: [number, number], want: number, room: number) => Math.max(lo, Math.min(hi, want * room));
    return { zoom: z, dx: place(x, fx, (z - 1) * FOCUS_X), dy: place(y, fy, (z - 1) * Math.min(FOCUS_Y, 800 - FOCUS_Y)) };
  }
  return { zoom: 1, dx: 0, dy: 0 };
}

/** The shifts along one axis that keep the window covered and the kept span where it may be; null when none. */
function shiftRange(z: number, focus: number, size: number, kept: [number, number] | null, safe: [number, number]): [number, number] | null {
  let lo = -(z - 1) * (size - focus);
  let hi = (z - 1) * focus;
  if (kept) {
    lo = Math.max(lo, Math.min(safe[0], kept[0]) - (focus + (kept[0] - focus) * z));
    hi = Math.min(hi, Math.max(safe[1], kept[1]) - (focus + (kept[1] - focus) * z));
  }
  return lo <= hi ? [lo, hi] : null;
}

/**
 * The box a closer framing must keep in view: around the middle half of each of the composition's
 * symbols (a quarter of a symbol may go past the edge, never more), leaving out those as wide or tall
 * as a backdrop (a wall, a veil, a garland): cutting their ends is no loss. Null when nothing is marked.
 */
export function symbolBox(items: readonly Item[]): Box | null {
  const boxes = new Map<Mark, Box>();
  for (const item of items) {
    if (!item.m) continue;
    // The outermost symbol speaks for what it holds: a garland for its roses, a throne for its rams.
    const mark = markChain(item.m).find((m) => m.kind === "symbol");
    if (mark) {
      const b = boxes.get(mark);
      if (!b) boxes.set(mark, [...item.box]);
      else {
        b[0] = Math.min(b[0], item.box[0]);
        b[1] = Math.min(b[1], item.box[1]);
        b[2] = Math.max(b[2], item.box[2]);
        b[3] = Math.max(b[3], item.box[3]);
      }
    }
  }
  const out: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x0, y0, x1, y1] of boxes.values()) {
    // A backdrop-wide symbol (a wall, a wheat field) is held only in its height, a tall one only in its width.
    if (x1 - x0 <= 340) {
      out[0] = Math.min(out[0], x0 + (x1 - x0) / 4);
      out[2] = Math.max(out[2], x1 - (x1 - x0) / 4);
    }
    if (y1 - y0 <= 560) {
      out[1] = Math.min(out[1], y0 + (y1 - y0) / 4);
      out[3] = Math.max(out[3], y1 - (y1 - y0) / 4);
    }
  }
  return Number.isFinite(out[0]) || Number.isFinite(out[1]) ? out : null;
}

/** Applies a framing to the scene's transform. */
export function frame(s: Scene, f: Framing) {
  if (f.zoom === 1 && f.dx === 0 && f.dy === 0) return;
  s.translate(FOCUS_X + f.dx, FOCUS_Y + f.dy)
    .scale(f.zoom)
    .translate(-FOCUS_X, -FOCUS_Y);
}

/** Where a height of the composition lands in the framed picture. */
export const framedY = (f: Framing, y: number) => FOCUS_Y + f.dy + (y - FOCUS_Y) * f.zoom;

/**
 * Details a repaint adds to the sky, behind all the scenery, so they show wherever the sky is open:
 * drifting clouds, a flight of birds, or long beams of light, in turn.
 */
export function skyDetails(s: Scene, rng: Rng, variant: number, daylight: boolean) {
  if (variant <= 0) return;
  const extra = new Scene();
  const kind = (variant - 1) % 3;
  if (kind === 0) {
    const count = rng.int(2, 3);
    for (let i = 0; i < count; i++)
      cloud(extra, 80 + (440 / (count - 1)) * i + rng.range(-30, 30), rng.range(100, 210), rng.range(110, 170), "pale", { bg: true, op: 0.75 });
  } else if (kind === 1) {
    const x0 = rng.range(120, 420);
    const y0 = rng.range(110, 200);
    const count = rng.int(5, 8);
    for (let i = 0; i < count; i++) {
      const x = x0 + (i % 2 ? 1 : -1) * Math.ceil(i / 2) * rng.range(22, 30);
      const y = y0 + Math.ceil(i / 2) * rng.range(12, 18);
      const w = rng.range(9, 14);
      extra.path(
        (b) =>
          b
            .m(x - w, y - w * 0.35)
            .q(x - w * 0.45, y - w * 0.6, x, y)
            .q(x + w * 0.45, y - w * 0.6, x + w, y - w * 0.35),
        { stroke: daylight ? "dark" : "light", w: 3, bg: true },
      );
    }
  } else {
    const from = rng.chance(0.5) ? -40 : 640;
    for (let i = 0; i < 4; i++) {
      const a = (from < 0 ? 0.35 : Math.PI - 0.35) + (from < 0 ? 1 : -1) * i * 0.16;
      const len = 900;
      const spread = 0.035 + i * 0.01;
      extra.poly(
        [from, -40, from + Math.cos(a - spread) * len, -40 + Math.sin(a - spread) * len, from + Math.cos(a + spread) * len, -40 + Math.sin(a + spread) * len],
        { fill: "light", op: 0.22, bg: true, bare: true },
      );
    }
  }
  // Right after the sky, the first shape of every composition.
  s.items.splice(1, 0, ...extra.items);
  if (s.fgStart > 0) s.fgStart += extra.items.length;
}
