/** The four suit emblems, drawn in a local frame 200 units tall centred on (0, 0). */
import type { Suit } from "../tarot/cards";
import { flower, leaf } from "./figures";
import { starPoints, type Scene } from "./scene";

function wand(s: Scene, ornate: boolean) {
  s.path((b) => b.m(-10, 96).q(-12, 0, -8, -90).q(0, -102, 8, -90).q(12, 0, 10, 96).q(0, 104, -10, 96).z(), { fill: "trunk" });
  for (const [y, side] of [
    [44, 1],
    [-4, -1],
    [-48, 1],
  ] as const) {
    s.path((b) => b.m(side * 8, y).q(side * 16, y - 4, side * 19, y - 14), { stroke: "trunk", w: 5 });
    leaf(s, side * 18, y - 13, 34, side > 0 ? -50 : 230, "leaf");
  }
  s.rect(-12, 62, 24, 8, { fill: "gold", bare: true });
  s.rect(-11, -74, 22, 8, { fill: "gold", bare: true });
  leaf(s, 0, -90, 28, -65, "leaf");
  leaf(s, 0, -90, 28, -115, "leaf");
  if (ornate) {
    s.path((b) => b.m(0, -140).c(16, -118, 14, -104, 0, -94).c(-14, -104, -16, -118, 0, -140).z(), { fill: "fire" });
    s.path((b) => b.m(0, -124).c(7, -112, 6, -104, 0, -98).c(-6, -104, -7, -112, 0, -124).z(), { fill: "sun", bare: true });
  }
}

function cup(s: Scene, ornate: boolean) {
  s.path((b) => b.m(-40, 96).q(0, 84, 40, 96).q(42, 84, 20, 74).q(8, 70, 8, 40).l(-8, 40).q(-8, 70, -20, 74).q(-42, 84, -40, 96).z(), { fill: "gold" });
  s.ellipse(0, 36, 14, 8, { fill: "gold" });
  s.path((b) => b.m(-58, -80).c(-58, -20, -40, 26, 0, 30).c(40, 26, 58, -20, 58, -80).z(), { fill: "gold" });
  s.path((b) => b.m(-50, -50).c(-40, -10, -22, 14, 0, 18).c(22, 14, 40, -10, 50, -50).q(0, -40, -50, -50).z(), { fill: "accent", op: 0.85 });
  s.ellipse(0, -80, 58, 12, { fill: "water" });
  for (const x of [-30, 0, 30]) s.circle(x, -30 + Math.abs(x) * 0.3, 5, { fill: "light", bare: true });
  if (ornate) {
    s.path((b) => b.m(-4, -84).c(-40, -110, -74, -60, -72, 40), { stroke: "water", w: 6, op: 0.85 });
    s.path((b) => b.m(4, -84).c(40, -110, 74, -60, 72, 40), { stroke: "water", w: 6, op: 0.85 });
    s.poly(starPoints(0, -118, 16, 6, 4), { fill: "light", bare: true });
  }
}

function sword(s: Scene, ornate: boolean) {
  s.poly([0, -100, 9, -82, 9, 40, -9, 40, -9, -82], { fill: "metal" });
  s.line([0, -78, 0, 34], { stroke: "stone2", w: 2 });
  s.path((b) => b.m(-36, 40).q(-42, 32, -32, 30).l(32, 30).q(42, 32, 36, 40).q(40, 50, 32, 50).l(-32, 50).q(-40, 50, -36, 40).z(), { fill: "gold" });
  s.rect(-6, 50, 12, 32, { fill: "trunk" });
  s.circle(0, 88, 10, { fill: "gold" });
  if (ornate) {
    s.poly([-22, -118, -24, -140, -12, -128, 0, -146, 12, -128, 24, -140, 22, -118], { fill: "gold" });
    s.path((b) => b.m(-8, -60).c(-50, -80, -60, -120, -30, -146), { stroke: "leaf", w: 3 });
    s.path((b) => b.m(8, -60).c(50, -80, 60, -120, 30, -146), { stroke: "leaf", w: 3 });
    for (let i = 0; i < 4; i++) {
      leaf(s, -40 + i * 4, -90 - i * 14, 16, 200 + i * 10, "leaf");
      leaf(s, 40 - i * 4, -90 - i * 14, 16, -20 - i * 10, "leaf");
    }
  }
}

function pentacle(s: Scene, ornate: boolean) {
  if (ornate) s.poly(starPoints(0, 0, 122, 98, 24), { fill: "sun" });
  s.circle(0, 0, 96, { fill: "gold" });
  s.circle(0, 0, 80, { fill: "sun", op: 0.55, bare: true });
  s.circle(0, 0, 78, { stroke: "trunk", w: 3 });
  s.poly(starPoints(0, 0, 76, 29, 5), { fill: "pale" });
  s.poly(starPoints(0, 0, 29, 12, 5, 90), { fill: "gold", bare: true, op: 0.5 });
  if (ornate)
    for (let i = 0; i < 5; i++) {
      const a = ((i * 72 + 18) * Math.PI) / 180;
      flower(s, Math.cos(a) * 108, Math.sin(a) * 108, 10, 5, "red", "gold");
    }
}

/**
 * Draws a suit emblem centred on (x, y), `h` pixels tall, rotated by `rot` degrees. The ornate
 * version (for Aces) adds a flame, overflowing streams, a crown or a garland.
 */
export function emblem(s: Scene, suit: Suit, x: number, y: number, h: number, rot = 0, ornate = false) {
  s.symbol(SUIT_SYMBOL[suit], () =>
    s.with(
      (t) =>
        t
          .translate(x, y)
          .rotate(rot)
          .scale(h / 200),
      () => {
        if (suit === "wands") wand(s, ornate);
        else if (suit === "cups") cup(s, ornate);
        else if (suit === "swords") sword(s, ornate);
        else pentacle(s, ornate);
      },
    ),
  );
}

/** The symbol each suit's emblem is marked with in the document: one mark per emblem drawn. */
export const SUIT_SYMBOL: Record<Suit, string> = { wands: "wand", cups: "cup", swords: "sword", pentacles: "pentacle" };

export type Pip = [x: number, y: number, rot: number];

/** Pip positions for ranks 2–10: long emblems in rows or crossings, round ones in card layouts. */
export function pipLayout(suit: Suit, n: number): { pips: Pip[]; size: number } {
  const long = suit === "wands" || suit === "swords";
  if (long) {
    if (n === 2)
      return {
        pips: [
          [300, 390, -24],
          [300, 390, 24],
        ],
        size: 420,
      };
    if (n === 3)
      return {
        pips: [
          [220, 410, -16],
          [300, 380, 0],
          [380, 410, 16],
        ],
        size: 390,
      };
    if (n <= 5) {
      const pips: Pip[] = [];
      const span = n === 4 ? 330 : 360;
      for (let i = 0; i < n; i++) {
        const t = i / (n - 1) - 0.5;
        pips.push([300 + t * span, 400 + t * t * 120, t * 22]);
      }
      return { pips, size: 380 };
    }
    const top = Math.ceil(n / 2);
    const bottom = n - top;
    const pips: Pip[] = [];
    const row = (count: number, y: number, gap: number, flip: number) => {
      for (let i = 0; i < count; i++) {
        const t = count === 1 ? 0 : i / (count - 1) - 0.5;
        const tilt = (i % 2 === 0 ? 1 : -1) * flip * (suit === "swords" ? 7 : 5);
        pips.push([300 + t * gap * (count - 1), y + t * t * 40, tilt]);
      }
    };
    row(top, 255, top >= 5 ? 88 : 100, 1);
    row(bottom, 505, bottom >= 5 ? 88 : 100, -1);
    return { pips, size: 226 };
  }
  const L = 205;
  const R = 395;
  const C = 300;
  const table: Record<number, [number, number][]> = {
    2: [
      [C, 250],
      [C, 520],
    ],
    3: [
      [C, 215],
      [C, 390],
      [C, 565],
    ],
    4: [
      [L, 270],
      [R, 270],
      [L, 500],
      [R, 500],
    ],
    5: [
      [L, 235],
      [R, 235],
      [C, 390],
      [L, 545],
      [R, 545],
    ],
    6: [
      [L, 220],
      [R, 220],
      [L, 390],
      [R, 390],
      [L, 560],
      [R, 560],
    ],
    7: [
      [L, 210],
      [R, 210],
      [C, 300],
      [L, 400],
      [R, 400],
      [L, 580],
      [R, 580],
    ],
    8: [
      [L, 210],
      [R, 210],
      [C, 300],
      [L, 395],
      [R, 395],
      [C, 490],
      [L, 580],
      [R, 580],
    ],
    9: [
      [L, 200],
      [R, 200],
      [L, 325],
      [R, 325],
      [C, 390],
      [L, 455],
      [R, 455],
      [L, 580],
      [R, 580],
    ],
    10: [
      [L, 200],
      [R, 200],
      [C, 262],
      [L, 325],
      [R, 325],
      [L, 455],
      [R, 455],
      [C, 518],
      [L, 580],
      [R, 580],
    ],
  };
  const size = n <= 3 ? 170 : n <= 5 ? 150 : n <= 8 ? 126 : 108;
  return { pips: (table[n] ?? table[2]!).map(([x, y]) => [x, y, 0]), size };
}
