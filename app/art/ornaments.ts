/**
 * What a style adds to the picture itself, between the scenery and the figures: the art nouveau
 * halo, whiplash vines and flowers, and the surrealist's objects floating in the sky. Each is marked
 * as an ornament of the style (`data-ornament`).
 */
import type { DeckLook } from "./deck-theme";
import { cloud, flower, leaf, sleeve, type Pt } from "./figures";
import type { Rng } from "./kit";
import { Scene, type Role } from "./scene";
import { frame, type Framing } from "./staging";
import type { StyleId } from "./styles";

/** Points along a cubic curve, for ornaments drawn as tapered bands. */
function cubicPoints(p0: Pt, p1: Pt, p2: Pt, p3: Pt, steps: number): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    out.push([a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]]);
  }
  return out;
}

/** A whiplash vine up one side of the picture: a tapering S-curve that ends in a curl, leaves along it, a flower at its tip. */
function whiplash(s: Scene, side: 1 | -1, rng: Rng) {
  const x = (v: number) => (side < 0 ? v : 600 - v);
  const sway = rng.range(-14, 14);
  const stem = [
    ...cubicPoints([x(58), 730], [x(118), 640 + sway], [x(20), 560], [x(74), 470], 10),
    ...cubicPoints([x(74), 470], [x(124), 392], [x(26 + sway), 316], [x(84), 240], 10).slice(1),
    ...cubicPoints([x(84), 240], [x(112), 200], [x(154), 214], [x(134), 246], 6).slice(1),
    ...cubicPoints([x(134), 246], [x(120), 266], [x(98), 250], [x(112), 234], 4).slice(1),
  ];
  s.ornament("whiplash", () => {
    sleeve(s, stem, 11, 2.5, "leaf");
    for (const [i, len] of [
      [5, 34],
      [12, 30],
      [19, 26],
      [25, 20],
    ] as const) {
      const [px, py] = stem[i]!;
      const out = i % 2 ? 1 : -1;
      leaf(s, px, py, len, side < 0 ? (out > 0 ? -20 : 200) : out > 0 ? 200 : -20, "leaf");
    }
  });
  s.ornament("flower", () => {
    const [fx, fy] = stem[21]!;
    flower(s, fx + side * -4, fy - 26, 22, 5, "red", "gold");
    flower(s, fx + side * -4, fy - 26, 11, 5, "accent", "gold", { op: 0.9 });
  });
}

/** The halo behind the figure: a disc of light ringed with gold and mosaic tesserae, crossed by fine rays. */
function nouveauHalo(s: Scene) {
  s.ornament("halo", () => {
    const cx = 300;
    const cy = 320;
    s.circle(cx, cy, 190, { fill: "light", op: 0.5, bg: true });
    for (let i = 0; i < 24; i++) {
      const a = (i / 24) * Math.PI * 2;
      s.line([cx + Math.cos(a) * 60, cy + Math.sin(a) * 60, cx + Math.cos(a) * 150, cy + Math.sin(a) * 150], { stroke: "gold", w: 1.2, op: 0.55, bg: true });
    }
    const n = 36;
    for (let i = 0; i < n; i++) {
      const a0 = (i / n) * Math.PI * 2 + 0.012;
      const a1 = ((i + 1) / n) * Math.PI * 2 - 0.012;
      const at = (a: number, r: number) => [cx + Math.cos(a) * r, cy + Math.sin(a) * r];
      s.poly([...at(a0, 160), ...at(a0, 186), ...at(a1, 186), ...at(a1, 160)], { fill: i % 2 ? "accent" : "robe2", bg: true });
    }
    s.circle(cx, cy, 190, { stroke: "gold", w: 4, bg: true });
    s.circle(cx, cy, 156, { stroke: "gold", w: 1.5, bg: true });
  });
}

const FLOATERS: readonly [number, number][] = [
  [88, 150],
  [512, 170],
  [84, 330],
  [516, 350],
  [520, 250],
  [80, 240],
];

/** Two objects adrift in the surrealist sky: a ball, an eye, a floating island, a cloud. */
function surrealFloaters(s: Scene, rng: Rng, look: DeckLook) {
  const spots = [...FLOATERS];
  for (let i = spots.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [spots[i], spots[j]] = [spots[j]!, spots[i]!];
  }
  for (const [i, [x, y]] of spots.slice(0, 2).entries()) {
    const kind = (i + (look.seed % 4)) % 4;
    const role: Role = "pale";
    s.ornament("floating", () => {
      if (kind === 0) {
        s.circle(x, y, 30, { fill: "accent", bg: true });
        s.circle(x - 10, y - 10, 9, { fill: role, op: 0.7, bg: true, bare: true });
      } else if (kind === 1) {
        s.ellipse(x, y, 38, 20, { fill: role, bg: true });
        s.circle(x, y, 16, { fill: "water", bg: true });
        s.circle(x, y, 7, { fill: "dark", bg: true, bare: true });
      } else if (kind === 2) {
        s.poly([x - 44, y, x + 44, y, x + 18, y + 34, x - 6, y + 58, x - 24, y + 30], { fill: "stone2", bg: true });
        s.rect(x - 44, y - 8, 88, 10, { fill: "leaf", bg: true });
        s.circle(x + 8, y - 28, 16, { fill: "leaf", bg: true });
        s.rect(x + 6, y - 16, 4, 12, { fill: "trunk", bg: true });
      } else {
        cloud(s, x, y, 110, role, { bg: true });
      }
    });
  }
}

/**
 * Slips the style's ornaments in between the scenery and the foreground. A card face passes its
 * framing, so the halo stays behind the figure in a closer view; the card back passes none.
 */
export function styleOrnaments(s: Scene, style: StyleId, rng: Rng, look: DeckLook, framing: Framing | null) {
  const extra = new Scene();
  if (style === "art nouveau" && framing) {
    extra.save();
    frame(extra, framing);
    nouveauHalo(extra);
    extra.restore();
    whiplash(extra, -1, rng);
    whiplash(extra, 1, rng);
  } else if (style === "surrealist") surrealFloaters(extra, rng, look);
  if (!extra.items.length) return;
  const at = s.fgStart < 0 ? s.items.length : s.fgStart;
  s.items.splice(at, 0, ...extra.items);
  s.fgStart = at + extra.items.length;
}
