/** Small shared helpers for the card painter: escaping, a seeded generator, colour and number formatting. */

export const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** A seeded pseudo-random generator (mulberry32): the same seed always yields the same sequence. */
export type Rng = {
  (): number;
  /** A float in [a, b). */
  range(a: number, b: number): number;
  /** An integer in [a, b]. */
  int(a: number, b: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

export function makeRng(seed: number): Rng {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = (() => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as Rng;
  next.range = (a, b) => a + (b - a) * next();
  next.int = (a, b) => a + Math.floor(next() * (b - a + 1));
  next.pick = (items) => items[Math.floor(next() * items.length)]!;
  next.chance = (p) => next() < p;
  return next;
}

/** A number written compactly with at most one decimal. */
export const n1 = (v: number) => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
};

/** Colours are kept as HSL triples so they can be shifted and mixed. */
export type Hsl = readonly [h: number, s: number, l: number];

const wrapHue = (h: number) => ((h % 360) + 360) % 360;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export const hsl = (h: number, s: number, l: number): Hsl => [wrapHue(h), clamp(s, 0, 100), clamp(l, 0, 100)];

/** Moves hue `a` toward hue `b` by `t` along the shorter arc. */
export function mixHue(a: number, b: number, t: number): number {
  let d = wrapHue(b) - wrapHue(a);
  if (d > 180) d -= 360;
  if (d < -180) d += 360;
  return wrapHue(a + d * t);
}

export const lighten = (c: Hsl, dl: number, ds = 0): Hsl => hsl(c[0], c[1] + ds, c[2] + dl);

export function hslToRgb([h, s, l]: Hsl): [number, number, number] {
  const sat = s / 100;
  const lig = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

export function hex(c: Hsl): string {
  return `#${hslToRgb(c)
    .map((v) => v.toString(16).padStart(2, "0"))
    .join("")}`;
}

/** Mixes two colours in RGB space and returns a hex string. */
export function mixHex(a: Hsl, b: Hsl, t: number): string {
  const ra = hslToRgb(a);
  const rb = hslToRgb(b);
  return `#${ra
    .map((v, i) =>
      Math.round(v + (rb[i]! - v) * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Perceived lightness (0–100) of a colour, used to sort roles into tones. */
export function luma(c: Hsl): number {
  const [r, g, b] = hslToRgb(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 2.55;
}
