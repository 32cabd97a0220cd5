/**
 * Reusable pieces of the card compositions: landscape, celestial bodies, architecture, plants,
 * animals and a stylised human figure. Everything is drawn into a Scene with colour roles.
 */
import { makeRng, type Rng } from "./kit";
import { hashString } from "./palette";
import { ngon, starPoints, type Paint, type Role, type Scene } from "./scene";
import type { Actor } from "./subjects/types";

export type Pt = [number, number];

/* ------------------------------------------------------------------ scenery */

export function sky(s: Scene, horizon: number, top: Role = "sky", low: Role = "skyLow") {
  s.rect(0, 0, 600, horizon + 4, { fill: top, fill2: low, bg: true });
}

/** A rolling line of hills from `y`, filled down to the bottom of the card. */
export function hills(s: Scene, rng: Rng, y: number, amp: number, role: Role, bumps = 4, bottom = 800) {
  s.path(
    (b) => {
      b.m(0, bottom).l(0, y + rng.range(-amp, amp) * 0.5);
      const step = 600 / bumps;
      let x = 0;
      for (let i = 0; i < bumps; i++) {
        const nx = x + step;
        b.q(x + step / 2, y - amp * rng.range(0.6, 1.4), nx, y + rng.range(-amp, amp) * 0.4);
        x = nx;
      }
      b.l(600, bottom).z();
    },
    { fill: role, bg: true },
  );
}

/** A jagged mountain range with optional snow caps. */
export function mountains(s: Scene, rng: Rng, y: number, height: number, role: Role, peaks = 4, snow?: Role) {
  const pts: number[] = [0, y + 40, 0, y];
  const caps: number[][] = [];
  const step = 600 / peaks;
  for (let i = 0; i < peaks; i++) {
    const px = step * i + step * rng.range(0.3, 0.7);
    const ph = y - height * rng.range(0.55, 1);
    pts.push(px - step * 0.28, y - height * rng.range(0.1, 0.3), px, ph, px + step * 0.3, y - height * rng.range(0.15, 0.35));
    caps.push([px, ph, step * 0.09, height * 0.16]);
  }
  pts.push(600, y, 600, y + 40);
  s.poly(pts, { fill: role, bg: true });
  if (snow)
    for (const [px, ph, w, h] of caps)
      s.poly([px!, ph!, px! + w! * 1.3, ph! + h!, px! + w! * 0.3, ph! + h! * 0.75, px! - w! * 0.3, ph! + h! * 1.05, px! - w! * 1.2, ph! + h! * 0.9], {
        fill: snow,
        bg: true,
        bare: true,
      });
}

export function waterBand(s: Scene, rng: Rng, y0: number, y1: number, role: Role = "water", ripples: Role = "light") {
  s.rect(0, y0, 600, y1 - y0, { fill: role, bg: true });
  for (let i = 0; i < 7; i++) {
    const y = y0 + 14 + ((y1 - y0 - 20) * i) / 7 + rng.range(-4, 4);
    const x = rng.range(40, 420);
    const w = rng.range(60, 150);
    s.line([x, y, x + w, y], { stroke: ripples, w: 2.2, op: 0.55, bg: true });
  }
}

/** A scalloped cloud as one outline: round puffs along the top, a gently curved base. */
export function cloud(s: Scene, x: number, y: number, w: number, role: Role = "pale", p: Paint = {}) {
  const h = w * 0.3;
  const puffs: [number, number][] = [
    [0.18, 0.55],
    [0.24, 0.95],
    [0.26, 1.2],
    [0.2, 0.85],
    [0.12, 0.5],
  ];
  s.path(
    (b) => {
      let cx = x - w / 2;
      b.m(cx, y);
      for (const [fw, lift] of puffs) {
        const bw = w * fw;
        b.c(cx - bw * 0.1, y - h * lift * 1.25, cx + bw * 1.1, y - h * lift * 1.25, cx + bw, y - h * 0.12);
        cx += bw;
      }
      b.c(x + w / 2 + h * 0.3, y + h * 0.1, x + w * 0.3, y + h * 0.4, x, y + h * 0.3)
        .c(x - w * 0.3, y + h * 0.4, x - w / 2 - h * 0.3, y + h * 0.1, x - w / 2, y)
        .z();
    },
    { fill: role, ...p },
  );
}

export function sun(s: Scene, x: number, y: number, r: number, rays = 16, wavy = false, role: Role = "sun") {
  s.circle(x, y, r * 2.1, { fill: "light", glow: true, op: 0.8 });
  for (let i = 0; i < rays; i++) {
    const a = (i / rays) * Math.PI * 2;
    const long = i % 2 === 0 ? 1.75 : 1.45;
    const w = Math.PI / rays / 1.6;
    if (wavy && i % 2 === 1) {
      const pts: number[] = [];
      for (let k = 0; k <= 6; k++) {
        const rr = r * (1.05 + (long - 1.05) * (k / 6));
        const off = Math.sin(k * 1.4) * 0.07;
        pts.push(x + Math.cos(a + off) * rr, y + Math.sin(a + off) * rr);
      }
      s.line(pts, { stroke: role, w: r * 0.08 });
    } else {
      s.poly(
        [
          x + Math.cos(a - w) * r * 0.95,
          y + Math.sin(a - w) * r * 0.95,
          x + Math.cos(a) * r * long,
          y + Math.sin(a) * r * long,
          x + Math.cos(a + w) * r * 0.95,
          y + Math.sin(a + w) * r * 0.95,
        ],
        { fill: role },
      );
    }
  }
  s.circle(x, y, r, { fill: role });
  s.circle(x, y, r * 0.72, { fill: "light", op: 0.55, bare: true });
}

/** Crescent between an outer circle and an inner offset circle, sampled into a polygon. */
export function crescent(s: Scene, x: number, y: number, r: number, role: Role = "light", offset = 0.38, tilt = -30, p: Paint = {}) {
  const t = (tilt * Math.PI) / 180;
  const ix = x + Math.cos(t) * r * offset;
  const iy = y + Math.sin(t) * r * offset;
  const r2 = r * 0.92;
  const away = t + Math.PI;
  // Half-width of the lit arc: where the outer circle enters the inner one, found by bisection.
  const inInner = (a: number) => Math.hypot(x + Math.cos(a) * r - ix, y + Math.sin(a) * r - iy) < r2;
  let lo = 0;
  let hi = Math.PI;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (inInner(away + mid)) hi = mid;
    else lo = mid;
  }
  const span = lo;
  const norm = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));
  const n = 24;
  const pts: number[] = [];
  for (let i = 0; i <= n; i++) {
    const a = away - span + (2 * span * i) / n;
    pts.push(x + Math.cos(a) * r, y + Math.sin(a) * r);
  }
  const aE = away + norm(Math.atan2(y + Math.sin(away + span) * r - iy, x + Math.cos(away + span) * r - ix) - away);
  const aS = away + norm(Math.atan2(y + Math.sin(away - span) * r - iy, x + Math.cos(away - span) * r - ix) - away);
  for (let i = 1; i < n; i++) {
    const a = aE + ((aS - aE) * i) / n;
    pts.push(ix + Math.cos(a) * r2, iy + Math.sin(a) * r2);
  }
  s.poly(pts, { fill: role, ...p });
}

export function moon(s: Scene, x: number, y: number, r: number, face = false) {
  s.circle(x, y, r * 1.9, { fill: "light", glow: true, op: 0.7 });
  s.circle(x, y, r, { fill: "pale" });
  crescent(s, x, y, r, "light", 0.45, 200, { bare: true });
  if (face) {
    s.path((b) => b.m(x - r * 0.45, y - r * 0.1).q(x - r * 0.3, y - r * 0.22, x - r * 0.12, y - r * 0.1), { stroke: "stone2", w: r * 0.05 });
    s.path((b) => b.m(x + r * 0.12, y - r * 0.1).q(x + r * 0.3, y - r * 0.22, x + r * 0.45, y - r * 0.1), { stroke: "stone2", w: r * 0.05 });
    s.path((b) => b.m(x, y - r * 0.05).q(x + r * 0.08, y + r * 0.2, x - r * 0.04, y + r * 0.26), { stroke: "stone2", w: r * 0.04 });
    s.path((b) => b.m(x - r * 0.2, y + r * 0.45).q(x, y + r * 0.55, x + r * 0.2, y + r * 0.45), { stroke: "stone2", w: r * 0.05 });
  }
}

export function star(s: Scene, x: number, y: number, r: number, points = 5, role: Role = "light", p: Paint = {}) {
  s.poly(starPoints(x, y, r, r * (points > 6 ? 0.42 : 0.45), points), { fill: role, ...p });
}

/** A sparkle: four-pointed star. */
export function sparkle(s: Scene, x: number, y: number, r: number, role: Role = "light", p: Paint = {}) {
  s.poly(starPoints(x, y, r, r * 0.22, 4), { fill: role, bare: true, ...p });
}

export function starField(s: Scene, rng: Rng, count: number, y0: number, y1: number, avoid?: [number, number, number]) {
  for (let i = 0; i < count; i++) {
    const x = rng.range(40, 560);
    const y = rng.range(y0, y1);
    if (avoid && Math.hypot(x - avoid[0], y - avoid[1]) < avoid[2]) continue;
    if (rng.chance(0.25)) sparkle(s, x, y, rng.range(5, 9), "light", { bg: true });
    else s.circle(x, y, rng.range(1.2, 2.6), { fill: "light", bg: true, bare: true, op: rng.range(0.5, 1) });
  }
}

/* ------------------------------------------------------------------ architecture */

export function pillar(s: Scene, x: number, base: number, top: number, w: number, role: Role, cap: Role = "gold", letter?: string) {
  s.rect(x - w / 2 - 8, base - 18, w + 16, 18, { fill: cap });
  s.rect(x - w / 2, top + 22, w, base - top - 40, { fill: role });
  s.rect(x - w / 2 - 10, top + 4, w + 20, 18, { fill: cap });
  s.path(
    (b) =>
      b
        .m(x - w / 2 - 14, top + 4)
        .q(x, top - 16, x + w / 2 + 14, top + 4)
        .z(),
    { fill: cap },
  );
  if (letter) s.text(x, top + 80, letter, w * 0.75, role === "dark" || role === "stone2" ? "pale" : "dark", "600");
}

export function tower(s: Scene, x: number, base: number, w: number, h: number, role: Role = "stone", windows: Role = "light", crenel = true) {
  const top = base - h;
  s.path(
    (b) => {
      b.m(x - w / 2, base).l(x - w / 2 + 4, top);
      if (crenel) {
        const n = 4;
        const cw = (w + 4) / (n * 2 - 1);
        let cx = x - w / 2 - 2;
        for (let i = 0; i < n; i++) {
          b.l(cx, top)
            .l(cx, top - 16)
            .l(cx + cw, top - 16)
            .l(cx + cw, top);
          cx += cw * 2;
        }
      }
      b.l(x + w / 2 - 4, top)
        .l(x + w / 2, base)
        .z();
    },
    { fill: role },
  );
  s.path(
    (b) =>
      b
        .m(x - 7, top + 40)
        .l(x - 7, top + 26)
        .q(x, top + 16, x + 7, top + 26)
        .l(x + 7, top + 40)
        .z(),
    { fill: windows },
  );
}

export function throne(
  s: Scene,
  x: number,
  base: number,
  w: number,
  h: number,
  role: Role = "stone",
  trim: Role = "gold",
  finial: "ball" | "ram" | "moon" | "none" = "ball",
) {
  const top = base - h;
  s.path(
    (b) =>
      b
        .m(x - w / 2, base - 70)
        .l(x - w / 2, top + 30)
        .q(x - w / 2, top, x, top - 12)
        .q(x + w / 2, top, x + w / 2, top + 30)
        .l(x + w / 2, base - 70)
        .z(),
    { fill: role },
  );
  s.path(
    (b) =>
      b
        .m(x - w * 0.36, base - 90)
        .l(x - w * 0.36, top + 40)
        .q(x, top + 6, x + w * 0.36, top + 40)
        .l(x + w * 0.36, base - 90)
        .z(),
    { fill: trim, op: 0.9 },
  );
  s.rect(x - w / 2 - 14, base - 96, w + 28, 96, { fill: role });
  s.rect(x - w / 2 - 18, base - 104, w + 36, 14, { fill: trim });
  for (const side of [-1, 1]) {
    const fx = x + side * (w / 2);
    if (finial === "ball") s.circle(fx, top + 24, 12, { fill: trim });
    else if (finial === "ram") {
      s.symbol("ram-head", () =>
        s.path(
          (b) =>
            b
              .m(fx, top + 38)
              .c(fx + side * 30, top + 36, fx + side * 30, top + 4, fx + side * 8, top + 6)
              .c(fx - side * 6, top + 8, fx - side * 4, top + 26, fx + side * 8, top + 24)
              .c(fx + side * 14, top + 24, fx + side * 14, top + 16, fx + side * 8, top + 16),
          { stroke: trim, w: 7 },
        ),
      );
    } else if (finial === "moon") crescent(s, fx, top + 22, 14, trim, 0.5, -90);
  }
}

/* ------------------------------------------------------------------ plants */

export function leaf(s: Scene, x: number, y: number, len: number, angle: number, role: Role = "leaf", p: Paint = {}) {
  s.with(
    (t) => t.translate(x, y).rotate(angle),
    () =>
      s.path(
        (b) =>
          b
            .m(0, 0)
            .q(len * 0.5, -len * 0.32, len, 0)
            .q(len * 0.5, len * 0.32, 0, 0)
            .z(),
        { fill: role, ...p },
      ),
  );
}

export function tree(s: Scene, x: number, base: number, h: number, leafRole: Role = "leaf", trunkRole: Role = "trunk", p: Paint = {}) {
  s.poly([x - h * 0.05, base, x - h * 0.03, base - h * 0.55, x + h * 0.03, base - h * 0.55, x + h * 0.05, base], { fill: trunkRole, ...p });
  const r = h * 0.3;
  const cy = base - h * 0.68;
  s.path(
    (b) => {
      const n = 9;
      for (let i = 0; i <= n; i++) {
        const a = (i / n) * Math.PI * 2;
        const px = x + Math.cos(a) * r;
        const py = cy + Math.sin(a) * r * 0.9;
        if (i === 0) b.m(px, py);
        else {
          const am = ((i - 0.5) / n) * Math.PI * 2;
          b.q(x + Math.cos(am) * r * 1.32, cy + Math.sin(am) * r * 1.2, px, py);
        }
      }
      b.z();
    },
    { fill: leafRole, ...p },
  );
}

export function flower(s: Scene, x: number, y: number, r: number, petals = 5, role: Role = "red", centre: Role = "gold", p: Paint = {}) {
  s.path(
    (b) => {
      for (let i = 0; i <= petals; i++) {
        const a = (i / petals) * Math.PI * 2 - Math.PI / 2;
        const px = x + Math.cos(a) * r * 0.45;
        const py = y + Math.sin(a) * r * 0.45;
        if (i === 0) b.m(px, py);
        else {
          const am = ((i - 0.5) / petals) * Math.PI * 2 - Math.PI / 2;
          const w = Math.PI / petals;
          b.c(x + Math.cos(am - w) * r * 1.3, y + Math.sin(am - w) * r * 1.3, x + Math.cos(am + w) * r * 1.3, y + Math.sin(am + w) * r * 1.3, px, py);
        }
      }
      b.z();
    },
    { fill: role, ...p },
  );
  s.circle(x, y, r * 0.3, { fill: centre, ...p });
}

export function stem(s: Scene, x: number, base: number, h: number, bend: number, role: Role = "leaf") {
  s.path((b) => b.m(x, base).q(x + bend, base - h / 2, x + bend * 0.4, base - h), { stroke: role, w: 3.5 });
  leaf(s, x + bend * 0.5, base - h * 0.35, h * 0.32, bend > 0 ? -30 : 210, role);
}

export function wheat(s: Scene, x: number, base: number, h: number, lean: number) {
  s.path((b) => b.m(x, base).q(x + lean * 0.4, base - h * 0.5, x + lean, base - h), { stroke: "gold", w: 2.5 });
  for (let i = 0; i < 5; i++) {
    const t = 0.72 + i * 0.07;
    const px = x + lean * t;
    const py = base - h * t;
    s.ellipse(px - 5, py, 4, 8, { fill: "gold" }, -25);
    s.ellipse(px + 5, py, 4, 8, { fill: "gold" }, 25);
  }
}

/* ------------------------------------------------------------------ the figure */

export type Headwear = "none" | "crown" | "tiara" | "helm" | "hood" | "veil" | "horns" | "stars" | "moon" | "cap" | "wreath" | "square" | "wide";

export type FigureOpts = {
  x: number;
  /** Feet level. */
  y: number;
  /** Height in pixels (standing ~ 300). */
  h: number;
  robe: Role;
  under?: Role;
  cloak?: Role;
  head?: Headwear;
  hair?: "short" | "long" | "none";
  seated?: boolean;
  /** Hand positions in the figure's local units (feet at 0, head near -262). */
  left?: Pt;
  right?: Pt;
  halo?: boolean;
  belt?: Role;
  /** Wings (angel or devil). */
  wings?: "feather" | "bat";
  facing?: 1 | -1;
  /** Closed eyes and a small mouth (default true). */
  face?: boolean;
  /** A creature of the theme playing the figure: its head, paws and tail instead of a person's. */
  actor?: Actor;
  /** The theme subject this figure stands for, marked on its shapes. */
  subject?: string;
};

export type FigureInfo = { head: Pt; left: Pt; right: Pt; scale: number };

function arm(s: Scene, shoulder: Pt, hand: Pt, role: Role, skin: Role) {
  const mx = (shoulder[0] + hand[0]) / 2;
  const my = (shoulder[1] + hand[1]) / 2;
  // Bend the elbow outward a little so arms read as arms.
  const dx = hand[0] - shoulder[0];
  const dy = hand[1] - shoulder[1];
  const len = Math.hypot(dx, dy) || 1;
  const side = shoulder[0] < 0 ? -1 : 1;
  const elbow: Pt = [mx + side * Math.abs(dy / len) * 10, my + (Math.abs(dx) > Math.abs(dy) ? 6 : 0)];
  sleeve(s, [shoulder, elbow, hand], 30, 18, role);
  s.circle(hand[0], hand[1], 10, { fill: skin });
}

/** A tapered band along a polyline (sleeves, limbs), as one polygon. */
export function sleeve(s: Scene, pts: Pt[], w0: number, w1: number, role: Role) {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < pts.length; i++) {
    const [x, y] = pts[i]!;
    const prev = pts[Math.max(0, i - 1)]!;
    const next = pts[Math.min(pts.length - 1, i + 1)]!;
    const dx = next[0] - prev[0];
    const dy = next[1] - prev[1];
    const len = Math.hypot(dx, dy) || 1;
    const w = (w0 + ((w1 - w0) * i) / (pts.length - 1)) / 2;
    a.push(x - (dy / len) * w, y + (dx / len) * w);
    b.push(x + (dy / len) * w, y - (dx / len) * w);
  }
  const back: number[] = [];
  for (let i = b.length - 2; i >= 0; i -= 2) back.push(b[i]!, b[i + 1]!);
  s.poly([...a, ...back], { fill: role });
}

/** Headwear that is a card's symbol, with the name the document marks it by. */
const HEADWEAR_SYMBOL: Partial<Record<Headwear, string>> = {
  crown: "crown",
  square: "crown",
  tiara: "triple-crown",
  stars: "crown-of-stars",
  moon: "moon-crown",
  horns: "horns",
};

function headwear(s: Scene, kind: Headwear, hy: number, robe: Role) {
  const symbol = HEADWEAR_SYMBOL[kind];
  if (symbol) s.symbol(symbol, () => drawHeadwear(s, kind, hy, robe));
  else drawHeadwear(s, kind, hy, robe);
}

function drawHeadwear(s: Scene, kind: Headwear, hy: number, robe: Role) {
  switch (kind) {
    case "crown":
      s.poly([-24, hy - 12, -26, hy - 42, -14, hy - 26, -7, hy - 48, 0, hy - 28, 7, hy - 48, 14, hy - 26, 26, hy - 42, 24, hy - 12], { fill: "gold" });
      s.circle(0, hy - 30, 3.5, { fill: "red", bare: true });
      break;
    case "square":
      s.poly([-22, hy - 14, -22, hy - 44, -11, hy - 36, 0, hy - 46, 11, hy - 36, 22, hy - 44, 22, hy - 14], { fill: "gold" });
      s.rect(-24, hy - 18, 48, 8, { fill: "gold" });
      break;
    case "tiara":
      s.path(
        (b) =>
          b
            .m(-22, hy - 10)
            .c(-24, hy - 50, -12, hy - 80, 0, hy - 86)
            .c(12, hy - 80, 24, hy - 50, 22, hy - 10)
            .z(),
        { fill: "gold" },
      );
      for (const k of [0, 1, 2]) s.rect(-20 + k * 3, hy - 24 - k * 20, 40 - k * 6, 6, { fill: "red", bare: true });
      s.circle(0, hy - 90, 5, { fill: "gold" });
      break;
    case "helm":
      s.path(
        (b) =>
          b
            .m(-25, hy + 6)
            .l(-25, hy - 8)
            .c(-25, hy - 34, 25, hy - 34, 25, hy - 8)
            .l(25, hy + 6)
            .l(12, hy + 6)
            .l(12, hy - 4)
            .l(-12, hy - 4)
            .l(-12, hy + 6)
            .z(),
        { fill: "metal" },
      );
      s.path(
        (b) =>
          b
            .m(0, hy - 28)
            .c(10, hy - 60, 34, hy - 62, 48, hy - 44)
            .c(30, hy - 50, 16, hy - 40, 6, hy - 24)
            .z(),
        { fill: "red" },
      );
      break;
    case "hood":
      s.path(
        (b) =>
          b
            .m(-34, hy + 40)
            .c(-40, hy - 10, -26, hy - 42, 0, hy - 42)
            .c(26, hy - 42, 40, hy - 10, 34, hy + 40)
            .l(22, hy + 40)
            .c(26, hy + 6, 18, hy - 22, 0, hy - 22)
            .c(-18, hy - 22, -26, hy + 6, -22, hy + 40)
            .z(),
        { fill: robe },
      );
      break;
    case "veil":
      s.path(
        (b) =>
          b
            .m(-26, hy + 70)
            .c(-36, hy + 20, -34, hy - 36, 0, hy - 36)
            .c(34, hy - 36, 36, hy + 20, 26, hy + 70)
            .l(18, hy + 70)
            .c(22, hy + 20, 20, hy - 14, 0, hy - 16)
            .c(-20, hy - 14, -22, hy + 20, -18, hy + 70)
            .z(),
        { fill: "pale", op: 0.9 },
      );
      break;
    case "horns":
      for (const side of [-1, 1])
        s.path(
          (b) =>
            b
              .m(side * 10, hy - 18)
              .c(side * 22, hy - 36, side * 36, hy - 44, side * 30, hy - 66)
              .c(side * 44, hy - 46, side * 34, hy - 20, side * 20, hy - 10)
              .z(),
          { fill: "stone" },
        );
      break;
    case "stars":
      for (let i = 0; i < 7; i++) {
        const a = Math.PI + (i / 6) * Math.PI;
        s.poly(starPoints(Math.cos(a) * 38, hy - 4 + Math.sin(a) * 38, 7, 3, 5), { fill: "gold" });
      }
      break;
    case "moon":
      crescent(s, -20, hy - 36, 14, "pale", 0.5, 0);
      s.circle(0, hy - 38, 13, { fill: "pale" });
      crescent(s, 20, hy - 36, 14, "pale", 0.5, 180);
      break;
    case "cap":
      s.ellipse(4, hy - 16, 30, 11, { fill: robe }, -10);
      s.path(
        (b) =>
          b
            .m(18, hy - 22)
            .c(34, hy - 44, 50, hy - 50, 60, hy - 46)
            .c(46, hy - 40, 34, hy - 30, 22, hy - 18)
            .z(),
        { fill: "red" },
      );
      break;
    case "wreath":
      for (let i = 0; i < 9; i++) {
        const a = Math.PI * (1.05 + (i / 8) * 0.9);
        leaf(s, Math.cos(a) * 22, hy + Math.sin(a) * 22, 16, (a * 180) / Math.PI + 60, "leaf");
      }
      break;
    case "wide":
      s.ellipse(0, hy - 18, 46, 9, { fill: robe });
      s.path(
        (b) =>
          b
            .m(-20, hy - 18)
            .q(-18, hy - 50, 0, hy - 52)
            .q(18, hy - 50, 20, hy - 18)
            .z(),
        { fill: robe },
      );
      s.rect(-20, hy - 26, 40, 6, { fill: "gold", bare: true });
      break;
    case "none":
      break;
  }
}

const add = (p: Pt, d: Pt): Pt => [p[0] + d[0], p[1] + d[1]];

/**
 * How a figure stands in a given pose: its hands moved a little from where the composition put them
 * (what it holds follows its hands) and its head turned. Pose 0 is the composition's own.
 */
function poseOf(pose: number, o: FigureOpts): { left: Pt; right: Pt; tilt: number } {
  if (!pose) return { left: [0, 0], right: [0, 0], tilt: 0 };
  const rng = makeRng(hashString(`${pose}:${Math.round(o.x)}:${Math.round(o.y)}:${o.h}`));
  const hand = (): Pt => [rng.range(-12, 12), rng.range(-14, 10)];
  return { left: hand(), right: hand(), tilt: (rng.chance(0.5) ? 1 : -1) * rng.range(4, 9) };
}

/**
 * A stylised robed figure in three-quarter-less frontal view. Returns the head and hand positions in
 * card coordinates so compositions can place objects in its hands.
 */
export function figure(s: Scene, o: FigureOpts): FigureInfo {
  const subject = o.actor?.subject ?? o.subject;
  if (!subject) return drawFigure(s, o);
  let info: FigureInfo | undefined;
  s.subject(subject, () => (info = drawFigure(s, o)));
  return info!;
}

function drawFigure(s: Scene, o: FigureOpts): FigureInfo {
  const k = o.h / 300;
  const seated = !!o.seated;
  const hy = seated ? -232 : -266;
  const sy = seated ? -196 : -228;
  const pose = poseOf(s.pose, o);
  const left: Pt = add(o.left ?? [-50, seated ? -104 : -128], pose.left);
  const right: Pt = add(o.right ?? [50, seated ? -104 : -128], pose.right);
  const actor = o.actor;
  const skin: Role = actor ? actor.fur : "skin";
  const toCard = (p: Pt): Pt => [o.x + p[0] * k * (o.facing ?? 1), o.y + p[1] * k];
  s.save();
  s.translate(o.x, o.y).scale(k * (o.facing ?? 1), k);

  if (o.halo) s.circle(0, hy, 48, { fill: "light", glow: true });
  if (o.wings === "feather") {
    for (const side of [-1, 1])
      s.path(
        (b) =>
          b
            .m(side * 20, sy + 10)
            .c(side * 80, sy - 90, side * 150, sy - 80, side * 170, sy - 20)
            .c(side * 140, sy - 10, side * 150, sy + 30, side * 120, sy + 40)
            .c(side * 100, sy + 70, side * 70, sy + 80, side * 30, sy + 60)
            .z(),
        { fill: "pale" },
      );
  } else if (o.wings === "bat") {
    for (const side of [-1, 1])
      s.path(
        (b) =>
          b
            .m(side * 20, sy + 10)
            .l(side * 90, sy - 80)
            .l(side * 170, sy - 50)
            .q(side * 140, sy - 20, side * 150, sy + 20)
            .q(side * 120, sy + 5, side * 110, sy + 40)
            .q(side * 80, sy + 25, side * 60, sy + 60)
            .z(),
        { fill: "dark" },
      );
  }
  actor?.tail?.(s, seated);
  if (o.cloak)
    s.path(
      (b) =>
        b
          .m(-36, sy + 2)
          .c(-70, sy + 60, -86, -80, -92, 0)
          .l(92, 0)
          .c(86, -80, 70, sy + 60, 36, sy + 2)
          .z(),
      { fill: o.cloak },
    );
  if (o.hair === "long" && !actor)
    s.path(
      (b) =>
        b
          .m(-24, hy - 10)
          .c(-40, hy + 30, -38, hy + 70, -30, hy + 84)
          .l(30, hy + 84)
          .c(38, hy + 70, 40, hy + 30, 24, hy - 10)
          .z(),
      { fill: "hair" },
    );

  // Robe.
  if (seated) {
    s.path(
      (b) =>
        b
          .m(-38, sy + 16)
          .q(-38, sy - 6, 0, sy - 8)
          .q(38, sy - 6, 38, sy + 16)
          .c(48, sy + 50, 62, -110, 70, -98)
          .c(74, -60, 72, -20, 74, 0)
          .q(0, 10, -74, 0)
          .c(-72, -20, -74, -60, -70, -98)
          .c(-62, -110, -48, sy + 50, -38, sy + 16)
          .z(),
      { fill: o.robe },
    );
    s.path((b) => b.m(-68, -100).q(0, -84, 68, -100).l(70, -86).q(0, -70, -70, -86).z(), { fill: o.under ?? o.robe, op: 0.85 });
  } else {
    s.path(
      (b) =>
        b
          .m(-40, sy + 14)
          .q(-40, sy - 8, 0, sy - 10)
          .q(40, sy - 8, 40, sy + 14)
          .c(52, -160, 62, -70, 72, 0)
          .q(0, 12, -72, 0)
          .c(-62, -70, -52, -160, -40, sy + 14)
          .z(),
      { fill: o.robe },
    );
    if (o.under)
      s.path(
        (b) =>
          b
            .m(-16, sy + 2)
            .l(16, sy + 2)
            .l(28, 2)
            .q(0, 6, -28, 2)
            .z(),
        { fill: o.under },
      );
  }
  if (o.belt)
    s.path(
      (b) =>
        b
          .m(-42, (seated ? -150 : -160) - 2)
          .q(0, (seated ? -150 : -160) + 8, 42, (seated ? -150 : -160) - 2)
          .l(43, (seated ? -150 : -160) + 8)
          .q(0, (seated ? -150 : -160) + 18, -43, (seated ? -150 : -160) + 8)
          .z(),
      { fill: o.belt },
    );

  actor?.feet?.(s, seated);

  // Neck and head, the head turned a little in another pose.
  s.rect(-8, hy + 16, 16, sy - hy - 10, { fill: skin });
  const wear = o.head ?? "none";
  s.with(
    (t) => t.rotate(pose.tilt, 0, hy + 20),
    () => {
      if (actor) {
        const covering = wear === "hood" || wear === "veil" || wear === "helm";
        if (!covering) actor.head(s, hy, "ears");
        actor.head(s, hy, "face");
        headwear(s, wear, hy, o.cloak ?? o.robe);
        if (covering) actor.head(s, hy, "ears");
      } else {
        s.circle(0, hy, 23, { fill: skin });
        if (o.hair === "short" || o.hair === "long")
          s.path(
            (b) =>
              b
                .m(-23, hy + 2)
                .c(-26, hy - 30, 26, hy - 30, 23, hy + 2)
                .c(14, hy - 12, -14, hy - 12, -23, hy + 2)
                .z(),
            { fill: "hair" },
          );
        if (o.face !== false) {
          for (const side of [-1, 1]) s.path((b) => b.m(side * 4, hy + 1).q(side * 9, hy + 5, side * 14, hy + 1), { stroke: "hair", w: 2.2, op: 0.85 });
          s.path((b) => b.m(-4, hy + 12).q(0, hy + 14, 4, hy + 12), { stroke: "red", w: 2.2, op: 0.8 });
        }
        headwear(s, wear, hy, o.cloak ?? o.robe);
      }
    },
  );

  // Arms.
  const hand = actor?.hand ?? skin;
  arm(s, [-32, sy + 12], left, o.robe, hand);
  arm(s, [32, sy + 12], right, o.robe, hand);
  s.restore();
  return { head: toCard([0, hy]), left: toCard(left), right: toCard(right), scale: k };
}

/** A small standing figure seen from behind or far away (for crowds, children, the fallen). */
export function smallFigure(s: Scene, x: number, y: number, h: number, role: Role, armsUp = false) {
  const k = h / 100;
  s.save();
  s.translate(x, y).scale(k);
  s.path((b) => b.m(-14, -70).q(0, -76, 14, -70).l(20, 0).l(-20, 0).z(), { fill: role });
  if (armsUp) {
    sleeve(
      s,
      [
        [-10, -66],
        [-22, -90],
        [-26, -108],
      ],
      9,
      7,
      role,
    );
    sleeve(
      s,
      [
        [10, -66],
        [22, -90],
        [26, -108],
      ],
      9,
      7,
      role,
    );
  }
  s.circle(0, -86, 11, { fill: "skin" });
  s.restore();
}

export { ngon };
