/** Object and plant figure families, drawn standing on (0, 0) in a 100-unit frame. */
import { flower, leaf, smallFigure, tree } from "../figures";
import type { Role, Scene } from "../scene";
import { starPoints } from "../scene";
import { local } from "./creatures";
import type { Attire, Draw } from "./types";

const at =
  (draw: (s: Scene, v: number) => void): Draw =>
  (s, p) =>
    local(s, p, () => draw(s, p.v));

/* ------------------------------------------------------------------ objects */

export const lantern: Draw = at((s, v) => {
  const y = -52;
  s.circle(0, y, 44, { fill: "light", glow: true, op: 0.8 });
  if (v % 2 === 0) {
    // A paper lantern: round, ribbed, with a cap and a tassel.
    s.line([0, -100, 0, y - 34], { stroke: "dark", w: 2 });
    s.rect(-10, y - 36, 20, 6, { fill: "dark" });
    s.ellipse(0, y, 26, 32, { fill: "fire" });
    for (const dx of [-14, 0, 14]) s.ellipse(dx * 0.6, y, Math.abs(dx) * 0.9 + 3, 31, { stroke: "red", w: 1.4, op: 0.7 });
    s.ellipse(0, y - 4, 14, 18, { fill: "sun", op: 0.7, bare: true });
    s.rect(-10, y + 30, 20, 6, { fill: "dark" });
    s.line([0, y + 36, 0, y + 50], { stroke: "red", w: 3 });
  } else {
    // A glass lantern: a cage of metal round a flame.
    s.path((b) => b.circle(0, y - 42, 7).circle(0, y - 42, 3.5), { fill: "metal" });
    s.poly([-18, y - 26, 0, y - 38, 18, y - 26], { fill: "metal" });
    s.rect(-15, y - 26, 30, 46, { fill: "sun", op: 0.85 });
    s.path(
      (b) =>
        b
          .m(0, y - 14)
          .c(8, y - 4, 6, y + 8, 0, y + 10)
          .c(-6, y + 8, -8, y - 4, 0, y - 14)
          .z(),
      { fill: "light", bare: true },
    );
    for (const dx of [-15, 15]) s.line([dx, y - 26, dx, y + 20], { stroke: "metal", w: 3 });
    s.rect(-19, y + 20, 38, 7, { fill: "metal" });
  }
});

export const candle: Draw = at((s) => {
  s.circle(0, -74, 22, { fill: "light", glow: true });
  s.rect(-9, -64, 18, 60, { fill: "pale" });
  s.ellipse(0, -4, 18, 5, { fill: "gold" });
  s.path((b) => b.m(0, -90).c(6, -80, 5, -70, 0, -66).c(-5, -70, -6, -80, 0, -90).z(), { fill: "sun", bare: true });
});

export const teacup: Draw = at((s, v) => {
  s.ellipse(0, -4, 34, 6, { fill: "pale" });
  s.path((b) => b.m(-24, -36).q(-24, -8, 0, -8).q(24, -8, 24, -36).z(), { fill: "pale" });
  s.path((b) => b.circle(28, -26, 8).circle(28, -26, 4), { fill: "pale" });
  s.ellipse(0, -36, 24, 5, { fill: "trunk" });
  s.path((b) => b.m(-18, -28).q(0, -20, 18, -28), { stroke: "accent", w: 2.5 });
  if (v % 2 === 0)
    for (const dx of [-6, 6])
      s.path(
        (b) =>
          b
            .m(dx, -44)
            .q(dx + 6, -54, dx, -62)
            .q(dx - 6, -70, dx, -78),
        { stroke: "pale", w: 1.8, op: 0.6 },
      );
});

export const teapot: Draw = at((s) => {
  s.ellipse(0, -30, 30, 26, { fill: "accent" });
  s.path((b) => b.m(26, -30).q(44, -34, 48, -52).l(42, -50).q(38, -38, 24, -20).z(), { fill: "accent" });
  s.path((b) => b.circle(-32, -32, 12).circle(-32, -32, 6), { fill: "accent" });
  s.ellipse(0, -56, 14, 5, { fill: "gold" });
  s.circle(0, -62, 4, { fill: "gold" });
});

export const key: Draw = at((s) => {
  s.path((b) => b.circle(0, -80, 14).circle(0, -80, 7), { fill: "gold" });
  s.rect(-3, -66, 6, 62, { fill: "gold" });
  s.poly([3, -18, 16, -18, 16, -12, 10, -12, 10, -6, 3, -6], { fill: "gold" });
});

export const book: Draw = at((s, v) => {
  if (v % 2 === 0) {
    // Open, its pages fanning.
    s.path((b) => b.m(0, -10).q(-22, -20, -44, -14).l(-44, -44).q(-22, -50, 0, -40).z(), { fill: "pale" });
    s.path((b) => b.m(0, -10).q(22, -20, 44, -14).l(44, -44).q(22, -50, 0, -40).z(), { fill: "pale" });
    for (const dy of [-36, -30, -24]) for (const side of [-1, 1]) s.line([side * 8, dy, side * 36, dy - 3], { stroke: "stone2", w: 1.2 });
    s.path((b) => b.m(-46, -10).q(0, -2, 46, -10).l(46, -6).q(0, 4, -46, -6).z(), { fill: "red" });
  } else {
    s.rect(-30, -20, 60, 20, { fill: "red" });
    s.rect(-26, -38, 52, 18, { fill: "robe" });
    s.rect(-32, -54, 58, 16, { fill: "leaf" });
    for (const y of [-12, -30, -47]) s.rect(-8, y, 16, 3, { fill: "gold", bare: true });
  }
});

export const books: Draw = at((s) => {
  const roles: Role[] = ["red", "robe", "leaf", "gold", "accent", "cloak"];
  let x = -40;
  for (let i = 0; i < 6; i++) {
    const h = 50 + ((i * 37) % 22);
    const w = 11 + (i % 3) * 3;
    s.rect(x, -h, w, h, { fill: roles[i]! });
    s.rect(x + 2, -h + 8, w - 4, 3, { fill: "gold", bare: true });
    x += w + 1;
  }
  s.rect(-46, -4, 92, 6, { fill: "trunk" });
});

export const scroll: Draw = at((s) => {
  s.rect(-26, -70, 52, 56, { fill: "pale" });
  for (const y of [-70, -14]) s.ellipse(0, y, 30, 6, { fill: "gold" });
  for (let i = 0; i < 4; i++) s.line([-16, -56 + i * 10, 16, -56 + i * 10], { stroke: "stone2", w: 1.4 });
});

export const mask: Draw = at((s, v) => {
  s.path((b) => b.m(-30, -70).c(-30, -96, 30, -96, 30, -70).c(30, -40, 14, -20, 0, -18).c(-14, -20, -30, -40, -30, -70).z(), { fill: v % 2 ? "pale" : "red" });
  for (const side of [-1, 1]) s.ellipse(side * 12, -64, 8, 5, { fill: "dark", bare: true }, side * 14);
  s.path((b) => b.m(-10, -38).q(0, -32, 10, -38), { stroke: "dark", w: 2 });
  s.line([30, -70, 44, -76], { stroke: "gold", w: 2 });
});

export const umbrella: Draw = at((s, v) => {
  const tilt = v % 2 ? 12 : -8;
  s.with(
    (t) => t.rotate(tilt, 0, -50),
    () => {
      s.path(
        (b) => b.m(-44, -70).q(-40, -108, 0, -110).q(40, -108, 44, -70).q(33, -78, 22, -70).q(11, -78, 0, -70).q(-11, -78, -22, -70).q(-33, -78, -44, -70).z(),
        { fill: "red" },
      );
      s.line([0, -110, 0, -10], { stroke: "dark", w: 3 });
      s.path((b) => b.m(0, -10).q(0, 0, 8, -2), { stroke: "dark", w: 3 });
    },
  );
});

export const bicycle: Draw = at((s) => {
  for (const x of [-30, 30]) s.path((b) => b.circle(x, -22, 20).circle(x, -22, 17), { fill: "dark" });
  s.line([-30, -22, -6, -22, 12, -48, -16, -48, -6, -22], { stroke: "red", w: 3.5 });
  s.line([12, -48, 30, -22], { stroke: "red", w: 3.5 });
  s.line([10, -54, 18, -58], { stroke: "dark", w: 3 });
  s.line([-18, -52, -10, -52], { stroke: "dark", w: 4 });
});

export const ship: Draw = at((s, v) => {
  s.path((b) => b.m(-50, -22).l(50, -22).l(36, 0).l(-38, 0).z(), { fill: "trunk" });
  s.line([0, -22, 0, -110], { stroke: "trunk", w: 3 });
  s.path((b) => b.m(2, -104).q(34, -70, 4, -30).z(), { fill: "pale" });
  s.path((b) => b.m(-2, -96).q(-30, -70, -4, -36).z(), { fill: v % 2 ? "red" : "pale" });
  s.poly([0, -110, 14, -104, 0, -100], { fill: "red" });
});

export const boat: Draw = at((s) => {
  s.path((b) => b.m(-46, -16).q(0, 6, 46, -16).l(40, -10).q(0, 8, -40, -10).z(), { fill: "trunk" });
  s.path((b) => b.m(-44, -16).q(0, 2, 44, -16).q(0, -6, -44, -16).z(), { fill: "trunk" });
  s.line([20, -14, 36, -50], { stroke: "trunk", w: 2.5 });
});

export const telescope: Draw = at((s) => {
  for (const dx of [-18, 0, 18]) s.line([0, -40, dx, 0], { stroke: "trunk", w: 3 });
  s.with(
    (t) => t.rotate(-30, 0, -44),
    () => {
      s.rect(-40, -50, 80, 12, { fill: "gold" });
      s.rect(34, -53, 14, 18, { fill: "gold" });
      s.rect(-48, -48, 10, 8, { fill: "metal" });
    },
  );
});

export const clock: Draw = at((s, v) => {
  s.circle(0, -50, 40, { fill: "gold" });
  s.circle(0, -50, 33, { fill: "pale" });
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    s.circle(Math.cos(a) * 27, -50 + Math.sin(a) * 27, 2, { fill: "dark", bare: true });
  }
  const a = ((v % 12) / 12) * Math.PI * 2 - Math.PI / 2;
  s.line([0, -50, Math.cos(a) * 20, -50 + Math.sin(a) * 20], { stroke: "dark", w: 3 });
  s.line([0, -50, 0, -74], { stroke: "dark", w: 2 });
});

export const hourglass: Draw = at((s) => {
  for (const y of [-92, -6]) s.rect(-26, y, 52, 8, { fill: "trunk" });
  s.poly([-20, -84, 20, -84, 3, -48, 20, -6, -20, -6, -3, -48], { fill: "pale", op: 0.8 });
  s.poly([-12, -72, 12, -72, 2, -52, -2, -52], { fill: "gold", bare: true });
  s.poly([-16, -6, 16, -6, 0, -22], { fill: "gold", bare: true });
  for (const dx of [-22, 22]) s.line([dx, -84, dx, -6], { stroke: "trunk", w: 3 });
});

export const compass: Draw = at((s) => {
  s.circle(0, -40, 36, { fill: "gold" });
  s.circle(0, -40, 29, { fill: "pale" });
  s.poly([0, -66, 6, -40, 0, -14, -6, -40], { fill: "red" });
  s.poly([-26, -40, 0, -44, 26, -40, 0, -36], { fill: "dark" });
});

export const mirror: Draw = at((s) => {
  s.ellipse(0, -62, 26, 36, { fill: "gold" });
  s.ellipse(0, -62, 20, 30, { fill: "water" });
  s.line([-8, -80, 6, -54], { stroke: "light", w: 3, op: 0.7 });
  s.rect(-4, -26, 8, 26, { fill: "gold" });
});

export const crystalBall: Draw = at((s) => {
  s.circle(0, -50, 50, { fill: "light", glow: true, op: 0.5 });
  s.poly([-22, 0, 22, 0, 14, -16, -14, -16], { fill: "gold" });
  s.circle(0, -44, 30, { fill: "accent", op: 0.85 });
  s.circle(-10, -54, 8, { fill: "light", op: 0.7, bare: true });
});

export const bell: Draw = at((s) => {
  s.path((b) => b.m(-30, -20).c(-24, -30, -24, -76, 0, -78).c(24, -76, 24, -30, 30, -20).z(), { fill: "gold" });
  s.circle(0, -16, 6, { fill: "gold" });
  s.path((b) => b.circle(0, -84, 6).circle(0, -84, 3), { fill: "gold" });
});

export const kite: Draw = at((s, v) => {
  s.poly([0, -110, 26, -80, 0, -40, -26, -80], { fill: v % 2 ? "red" : "accent" });
  s.line([0, -110, 0, -40], { stroke: "dark", w: 1.4 });
  s.line([-26, -80, 26, -80], { stroke: "dark", w: 1.4 });
  s.path((b) => b.m(0, -40).q(-10, -20, 6, -10).q(16, -2, 0, 0), { stroke: "dark", w: 1.4 });
  for (const [x, y] of [
    [-4, -26],
    [6, -12],
  ] as const)
    s.poly([x - 5, y - 3, x + 5, y + 3, x - 5, y + 3, x + 5, y - 3], { fill: "gold" });
});

export const anchor: Draw = at((s) => {
  s.path((b) => b.circle(0, -86, 9).circle(0, -86, 4.5), { fill: "metal" });
  s.rect(-3.5, -78, 7, 70, { fill: "metal" });
  s.rect(-20, -70, 40, 6, { fill: "metal" });
  s.path((b) => b.m(-34, -30).q(-30, -4, 0, -4).q(30, -4, 34, -30).l(38, -22).q(32, 4, 0, 4).q(-32, 4, -38, -22).z(), { fill: "metal" });
});

export const crown: Draw = at((s) => {
  s.poly([-30, 0, -34, -40, -16, -22, 0, -48, 16, -22, 34, -40, 30, 0], { fill: "gold" });
  for (const x of [-16, 0, 16]) s.circle(x, -10, 3.5, { fill: "red", bare: true });
});

export const feather: Draw = at((s, v) => {
  s.with(
    (t) => t.rotate(v % 2 ? 24 : -18, 0, -50),
    () => {
      s.path((b) => b.m(0, -100).c(22, -80, 18, -30, 0, -10).c(-18, -30, -22, -80, 0, -100).z(), { fill: "pale" });
      s.line([0, -98, 0, 0], { stroke: "stone2", w: 2 });
    },
  );
});

export const letter: Draw = at((s) => {
  s.rect(-36, -50, 72, 46, { fill: "pale" });
  s.line([-36, -50, 0, -24, 36, -50], { stroke: "stone2", w: 2 });
  s.circle(0, -24, 6, { fill: "red" });
});

export const map: Draw = at((s) => {
  s.poly([-40, -60, -14, -54, 14, -60, 40, -54, 40, -6, 14, -12, -14, -6, -40, -12], { fill: "pale" });
  s.path((b) => b.m(-30, -20).q(-10, -50, 8, -30).q(20, -16, 30, -44), { stroke: "red", w: 2 });
  s.poly(starPoints(30, -44, 6, 2.5, 4), { fill: "red" });
});

export const coin: Draw = at((s) => {
  s.circle(0, -36, 32, { fill: "gold" });
  s.circle(0, -36, 24, { stroke: "sun", w: 2.5 });
  s.poly(starPoints(0, -36, 14, 6, 5), { fill: "sun" });
});

export const potion: Draw = at((s) => {
  s.circle(0, -32, 28, { fill: "accent", op: 0.9 });
  s.rect(-8, -76, 16, 22, { fill: "pale", op: 0.9 });
  s.rect(-10, -84, 20, 8, { fill: "trunk" });
  s.ellipse(-10, -40, 6, 9, { fill: "light", op: 0.6, bare: true });
});

export const cauldron: Draw = at((s) => {
  s.circle(0, -70, 30, { fill: "leaf", glow: true, op: 0.5 });
  for (const dx of [-20, 20]) s.line([dx, -20, dx * 1.4, 0], { stroke: "dark", w: 4 });
  s.path((b) => b.m(-40, -52).q(-44, -6, 0, -6).q(44, -6, 40, -52).z(), { fill: "dark" });
  s.ellipse(0, -52, 42, 9, { fill: "leaf" });
  for (const [dx, r] of [
    [-10, 6],
    [8, 4],
    [2, 8],
  ] as const)
    s.circle(dx, -64 - r, r, { fill: "leaf", op: 0.8 });
});

export const globe: Draw = at((s) => {
  s.path((b) => b.m(-36, -56).q(-36, -16, 0, -14), { stroke: "gold", w: 4 });
  s.circle(0, -56, 32, { fill: "water" });
  s.path((b) => b.m(-16, -76).q(-4, -66, -14, -52).q(-4, -40, 6, -50).q(20, -60, 8, -78).z(), { fill: "leaf", bare: true });
  s.rect(-4, -14, 8, 10, { fill: "gold" });
  s.ellipse(0, -4, 22, 5, { fill: "gold" });
});

export const quill: Draw = at((s) => {
  s.rect(-20, -20, 40, 20, { fill: "dark" });
  s.ellipse(0, -20, 20, 5, { fill: "dark" });
  s.path((b) => b.m(4, -22).c(24, -60, 40, -90, 36, -110).c(20, -90, 6, -60, 4, -22).z(), { fill: "pale" });
});

export const lute: Draw = at((s) => {
  s.ellipse(0, -30, 26, 30, { fill: "trunk" }, -20);
  s.circle(-2, -34, 7, { fill: "dark", bare: true });
  s.with(
    (t) => t.rotate(-20, 0, -30),
    () => s.rect(-4, -110, 8, 56, { fill: "trunk" }),
  );
  s.line([-6, -16, 12, -96], { stroke: "pale", w: 1 });
});

export const harp: Draw = at((s) => {
  s.path((b) => b.m(-26, 0).l(-26, -100).q(10, -110, 30, -70).l(34, 0).z(), { stroke: "gold", w: 6 });
  for (let i = 0; i < 6; i++) s.line([-20 + i * 9, -96 + i * 4, -20 + i * 9, -4], { stroke: "pale", w: 1.2 });
});

export const drum: Draw = at((s) => {
  s.rect(-30, -50, 60, 44, { fill: "red" });
  s.ellipse(0, -50, 30, 9, { fill: "pale" });
  s.ellipse(0, -6, 30, 9, { fill: "red" });
  for (let i = 0; i < 5; i++) s.line([-30 + i * 15, -46, -22 + i * 15, -8], { stroke: "gold", w: 1.6 });
});

export const fan: Draw = at((s) => {
  s.path((b) => b.m(0, -10).l(-44, -56).q(0, -90, 44, -56).z(), { fill: "red" });
  for (let i = 0; i <= 6; i++) {
    const a = Math.PI * (1.2 + (i / 6) * 0.6);
    s.line([0, -10, Math.cos(a) * 56, -10 + Math.sin(a) * 56], { stroke: "dark", w: 1.2 });
  }
  s.circle(0, -10, 4, { fill: "gold" });
});

export const paperCrane: Draw = at((s) => {
  s.poly([-40, -30, 0, -40, 10, -20], { fill: "pale" });
  s.poly([0, -40, 10, -20, 40, -52], { fill: "stone" });
  s.poly([-8, -36, -20, -80, 6, -38], { fill: "pale" });
  s.poly([-40, -30, -50, -50, -34, -32], { fill: "pale" });
});

export const neonSigns: Draw = at((s, v) => {
  const a: Role = v % 2 ? "accent" : "red";
  s.rect(-14, -110, 28, 86, { fill: "dark" });
  s.rect(-14, -110, 28, 86, { stroke: a, w: 3 });
  for (let i = 0; i < 3; i++) s.rect(-6, -100 + i * 26, 12, 16, { stroke: i % 2 ? "light" : a, w: 2.5 });
  s.circle(0, -70, 40, { fill: a, glow: true, op: 0.35 });
  s.line([0, -24, 0, 0], { stroke: "dark", w: 3 });
});

export const streetLamp: Draw = at((s) => {
  s.circle(0, -104, 22, { fill: "light", glow: true });
  s.rect(-3, -100, 6, 100, { fill: "dark" });
  s.poly([-12, -96, 12, -96, 8, -114, -8, -114], { fill: "sun" });
  s.poly([-14, -114, 14, -114, 0, -124], { fill: "dark" });
});

export const birdcage: Draw = at((s) => {
  s.path((b) => b.m(-26, -4).l(-26, -60).q(0, -96, 26, -60).l(26, -4).z(), { stroke: "gold", w: 2.5 });
  for (const dx of [-13, 0, 13]) s.line([dx, -4, dx, -74 + Math.abs(dx)], { stroke: "gold", w: 1.6 });
  s.rect(-30, -6, 60, 6, { fill: "gold" });
  s.ellipse(0, -30, 8, 6, { fill: "sun" });
});

export const balloon: Draw = at((s) => {
  s.path((b) => b.m(-14, -36).c(-50, -60, -40, -120, 0, -120).c(40, -120, 50, -60, 14, -36).z(), { fill: "red" });
  s.path((b) => b.m(0, -120).q(-14, -80, -6, -36), { stroke: "gold", w: 2 });
  s.path((b) => b.m(0, -120).q(14, -80, 6, -36), { stroke: "gold", w: 2 });
  s.rect(-8, -22, 16, 14, { fill: "trunk" });
  for (const dx of [-12, 12]) s.line([dx, -36, dx * 0.6, -22], { stroke: "dark", w: 1 });
});

export const train: Draw = at((s) => {
  s.rect(-50, -44, 70, 34, { fill: "robe" });
  s.rect(20, -60, 26, 50, { fill: "robe" });
  s.rect(-40, -64, 12, 20, { fill: "dark" });
  for (const x of [-36, -12, 12, 34]) s.circle(x, -8, 9, { fill: "dark" });
  s.rect(26, -54, 14, 12, { fill: "light" });
  s.circle(-34, -80, 10, { fill: "pale", op: 0.7 });
});

export const gears: Draw = at((s) => {
  for (const [x, y, r] of [
    [-14, -40, 24],
    [22, -24, 16],
  ] as const) {
    s.poly(starPoints(x, y, r, r * 0.78, 10), { fill: "gold" });
    s.circle(x, y, r * 0.35, { fill: "dark" });
  }
});

export const chessPiece: Draw = at((s) => {
  s.rect(-20, -12, 40, 12, { fill: "dark" });
  s.path((b) => b.m(-12, -12).q(-8, -40, -4, -50).l(4, -50).q(8, -40, 12, -12).z(), { fill: "dark" });
  s.path((b) => b.m(-14, -50).q(-20, -80, 4, -86).q(20, -76, 14, -60).l(4, -64).l(10, -50).z(), { fill: "dark" });
});

export const sword: Draw = at((s) => {
  s.poly([-4, -20, 0, -110, 4, -20], { fill: "metal" });
  s.rect(-18, -22, 36, 6, { fill: "gold" });
  s.rect(-3, -16, 6, 14, { fill: "trunk" });
  s.circle(0, -2, 4, { fill: "gold" });
});

export const shield: Draw = at((s) => {
  s.path((b) => b.m(-30, -80).l(30, -80).q(30, -20, 0, -4).q(-30, -20, -30, -80).z(), { fill: "robe" });
  s.poly(starPoints(0, -50, 14, 6, 5), { fill: "gold" });
});

export const bow: Draw = at((s) => {
  s.path((b) => b.m(-10, -110).q(30, -60, -10, -10), { stroke: "trunk", w: 4 });
  s.line([-10, -110, -10, -10], { stroke: "pale", w: 1 });
  s.line([-30, -60, 30, -60], { stroke: "trunk", w: 2 });
  s.poly([30, -64, 40, -60, 30, -56], { fill: "metal" });
});

export const bottle: Draw = at((s) => {
  s.path((b) => b.m(-14, -2).l(-14, -50).q(-14, -60, -5, -66).l(-5, -84).l(5, -84).l(5, -66).q(14, -60, 14, -50).l(14, -2).z(), { fill: "leaf", op: 0.85 });
  s.rect(-14, -40, 28, 18, { fill: "pale" });
  s.poly([-6, -90, 6, -90, 0, -110], { fill: "pale", op: 0.6 });
});

export const vase: Draw = at((s) => {
  s.path((b) => b.m(-12, 0).q(-34, -30, -14, -60).l(-10, -80).l(10, -80).l(14, -60).q(34, -30, 12, 0).z(), { fill: "water" });
  s.path((b) => b.m(-22, -36).q(0, -28, 22, -36), { stroke: "gold", w: 3 });
});

export const skull: Draw = at((s) => {
  s.path((b) => b.m(-22, -30).c(-22, -70, 22, -70, 22, -30).c(22, -20, 12, -16, 12, -8).l(-12, -8).c(-12, -16, -22, -20, -22, -30).z(), { fill: "pale" });
  for (const side of [-1, 1]) s.circle(side * 9, -34, 6, { fill: "dark", bare: true });
  s.poly([0, -26, -3, -20, 3, -20], { fill: "dark", bare: true });
});

export const ring: Draw = at((s) => {
  s.path((b) => b.circle(0, -30, 24).circle(0, -30, 18), { fill: "gold" });
  s.poly([-8, -54, 0, -66, 8, -54, 0, -48], { fill: "accent" });
});

export const pearl: Draw = at((s) => {
  s.path((b) => b.m(-30, -4).c(-34, -30, 34, -30, 30, -4).z(), { fill: "stone" });
  s.circle(0, -16, 10, { fill: "pale" });
  s.circle(-3, -19, 3, { fill: "light", bare: true });
});

export const talisman: Draw = at((s) => {
  s.line([-20, -110, 0, -70, 20, -110], { stroke: "gold", w: 2 });
  s.circle(0, -50, 22, { fill: "gold" });
  s.circle(0, -50, 16, { fill: "accent" });
  s.poly(starPoints(0, -50, 10, 4, 6), { fill: "light", bare: true });
});

export const windmill: Draw = at((s, v) => {
  s.poly([-20, 0, -12, -80, 12, -80, 20, 0], { fill: "pale" });
  s.rect(-6, -20, 12, 20, { fill: "trunk" });
  s.poly([-16, -80, 0, -96, 16, -80], { fill: "trunk" });
  const r = v % 2 ? 20 : 0;
  for (let i = 0; i < 4; i++)
    s.with(
      (t) => t.rotate(r + i * 90, 0, -84),
      () => s.rect(-4, -144, 10, 58, { fill: "stone2" }),
    );
});

/* ------------------------------------------------------------------ plants */

export type TreeShape = "round" | "birch" | "pine" | "willow" | "palm" | "blossom" | "bare" | "cypress" | "maple" | "bamboo" | "baobab" | "fruit";

export function treeOf(shape: TreeShape, crown: Role = "leaf", trunk: Role = "trunk"): Draw {
  return (s, p) =>
    local(s, p, () => {
      switch (shape) {
        case "birch":
          s.rect(-4, -100, 8, 100, { fill: "pale" });
          for (let i = 0; i < 6; i++) s.rect(i % 2 ? -4 : -1, -90 + i * 15, 5, 2.5, { fill: "dark", bare: true });
          for (let i = 0; i < 4; i++) s.line([0, -60 - i * 10, i % 2 ? 20 : -20, -76 - i * 10], { stroke: "dark", w: 1.6 });
          for (let i = 0; i < 9; i++)
            s.ellipse(((i * 37) % 40) - 20, -110 + ((i * 23) % 50), 6, 4, { fill: crown === "leaf" ? "gold" : crown, op: 0.85 }, i * 40);
          break;
        case "pine":
          s.rect(-4, -20, 8, 20, { fill: trunk });
          for (let i = 0; i < 3; i++) s.poly([-30 + i * 6, -16 - i * 28, 0, -60 - i * 28, 30 - i * 6, -16 - i * 28], { fill: crown });
          break;
        case "cypress":
          s.rect(-3, -12, 6, 12, { fill: trunk });
          s.path((b) => b.m(0, -110).c(18, -80, 16, -20, 0, -10).c(-16, -20, -18, -80, 0, -110).z(), { fill: crown });
          break;
        case "willow":
          s.poly([-5, 0, -3, -70, 3, -70, 5, 0], { fill: trunk });
          s.ellipse(0, -80, 40, 22, { fill: crown });
          for (let i = 0; i < 9; i++) s.path((b) => b.m(-36 + i * 9, -78).q(-40 + i * 9, -40, -34 + i * 9, -24), { stroke: crown, w: 3 });
          break;
        case "palm":
          s.path((b) => b.m(-4, 0).q(-10, -50, 4, -96).l(8, -96).q(-4, -50, 4, 0).z(), { fill: trunk });
          for (const a of [-160, -120, -70, -30, 10])
            s.with(
              (t) => t.translate(6, -96).rotate(a),
              () => s.path((b) => b.m(0, 0).q(24, -10, 46, 8).q(24, -2, 0, 4).z(), { fill: crown }),
            );
          break;
        case "bamboo":
          for (const dx of [-10, 6]) {
            s.rect(dx - 3, -110, 6, 110, { fill: crown });
            for (let i = 1; i < 5; i++) s.rect(dx - 4, -i * 24, 8, 2.5, { fill: "dark", op: 0.5, bare: true });
            s.ellipse(dx + 12, -90, 12, 3.5, { fill: crown }, -20);
          }
          break;
        case "bare":
          s.poly([-5, 0, -3, -60, 3, -60, 5, 0], { fill: trunk });
          for (const [a, l] of [
            [-40, 40],
            [30, 36],
            [-10, 46],
            [60, 24],
          ] as const)
            s.with(
              (t) => t.translate(0, -56).rotate(a - 90),
              () => s.line([0, 0, l, 0, l + 10, -8], { stroke: trunk, w: 3 }),
            );
          break;
        case "baobab":
          s.path((b) => b.m(-16, 0).q(-14, -40, -8, -70).l(8, -70).q(14, -40, 16, 0).z(), { fill: trunk });
          s.ellipse(0, -80, 40, 12, { fill: crown });
          break;
        default: {
          const leafRole: Role = shape === "blossom" ? "red" : shape === "maple" ? "fire" : crown;
          tree(s, 0, 0, 110, leafRole, trunk);
          if (shape === "blossom") for (let i = 0; i < 8; i++) s.circle(((i * 29) % 56) - 28, -96 + ((i * 17) % 40), 4, { fill: "pale", bare: true });
          if (shape === "fruit") for (let i = 0; i < 6; i++) s.circle(((i * 31) % 50) - 25, -90 + ((i * 19) % 36), 4.5, { fill: "sun", bare: true });
        }
      }
    });
}

export type FlowerShape = "rose" | "lotus" | "tulip" | "sunflower" | "lily" | "poppy" | "daisy" | "lavender" | "orchid";

export function flowerOf(shape: FlowerShape, role: Role): Draw {
  return (s, p) =>
    local(s, p, () => {
      const top = -70;
      if (shape !== "lotus") {
        s.path((b) => b.m(0, 0).q(6, -35, 0, top), { stroke: "leaf", w: 3 });
        leaf(s, 1, -22, 22, -30, "leaf");
      }
      switch (shape) {
        case "rose":
          flower(s, 0, top, 16, 5, role, role);
          flower(s, 0, top, 9, 5, role, "dark");
          break;
        case "lotus":
          s.ellipse(0, -4, 40, 7, { fill: "leaf" });
          for (const a of [-50, -25, 0, 25, 50])
            s.with(
              (t) => t.translate(0, -8).rotate(a),
              () => s.path((b) => b.m(0, 0).c(-12, -14, -8, -34, 0, -42).c(8, -34, 12, -14, 0, 0).z(), { fill: role }),
            );
          break;
        case "tulip":
          s.path(
            (b) =>
              b
                .m(-12, top)
                .l(-14, top - 22)
                .l(-6, top - 14)
                .l(0, top - 26)
                .l(6, top - 14)
                .l(14, top - 22)
                .l(12, top)
                .q(0, top + 12, -12, top)
                .z(),
            { fill: role },
          );
          break;
        case "sunflower":
          flower(s, 0, top, 22, 12, "sun", "trunk");
          break;
        case "lily":
          for (const a of [-55, 0, 55])
            s.with(
              (t) => t.translate(0, top + 6).rotate(a),
              () => s.path((b) => b.m(0, 0).c(-8, -10, -5, -24, 0, -28).c(5, -24, 8, -10, 0, 0).z(), { fill: role }),
            );
          break;
        case "poppy":
          flower(s, 0, top, 16, 4, role, "dark");
          break;
        case "daisy":
          flower(s, 0, top, 14, 10, role, "sun");
          break;
        case "orchid":
          flower(s, 0, top, 15, 5, role, "pale");
          s.ellipse(0, top + 6, 5, 8, { fill: "red" });
          break;
        case "lavender":
          for (let i = 0; i < 6; i++) s.ellipse(i % 2 ? 2 : -2, top - i * 6, 3.5, 4, { fill: role });
          break;
      }
    });
}

export const mushroom: Draw = at((s, v) => {
  const pairs: [number, number][] =
    v % 2
      ? [[0, 1]]
      : [
          [-14, 0.7],
          [14, 1],
        ];
  for (const [dx, k] of pairs) {
    s.path(
      (b) =>
        b
          .m(dx - 7 * k, 0)
          .q(dx - 5 * k, -30 * k, dx - 5 * k, -42 * k)
          .l(dx + 5 * k, -42 * k)
          .q(dx + 5 * k, -30 * k, dx + 7 * k, 0)
          .z(),
      { fill: "pale" },
    );
    s.path(
      (b) =>
        b
          .m(dx - 26 * k, -40 * k)
          .c(dx - 24 * k, -70 * k, dx + 24 * k, -70 * k, dx + 26 * k, -40 * k)
          .z(),
      { fill: "red" },
    );
    for (const [ox, oy] of [
      [-10, -50],
      [6, -56],
      [14, -46],
    ] as const)
      s.circle(dx + ox * k, oy * k, 3 * k, { fill: "pale", bare: true });
  }
});

export const cactus: Draw = at((s) => {
  s.path((b) => b.m(-10, 0).l(-10, -84).q(0, -98, 10, -84).l(10, 0).z(), { fill: "leaf" });
  s.path((b) => b.m(-10, -40).l(-26, -40).l(-26, -66).q(-20, -74, -16, -66).l(-16, -50).l(-10, -50).z(), { fill: "leaf" });
  s.path((b) => b.m(10, -50).l(24, -50).l(24, -72).q(30, -80, 34, -72).l(34, -42).l(10, -42).z(), { fill: "leaf" });
  s.circle(0, -92, 5, { fill: "red", bare: true });
});

export const fern: Draw = at((s) => {
  for (const a of [-40, -15, 10, 35]) {
    s.with(
      (t) => t.rotate(a, 0, 0),
      () => {
        s.path((b) => b.m(0, 0).q(6, -40, 0, -80), { stroke: "leaf", w: 2.4 });
        for (let i = 1; i < 7; i++) for (const side of [-1, 1]) leaf(s, 0, -i * 11, 14 - i, side < 0 ? 200 : -20, "leaf");
      },
    );
  }
});

export const seaweed: Draw = at((s, v) => {
  for (const dx of [-12, 0, 12])
    s.path(
      (b) =>
        b
          .m(dx, 0)
          .q(dx + 14 + (v % 2) * 6, -30, dx, -60)
          .q(dx - 14, -84, dx + 4, -110),
      { stroke: "leaf", w: 6 },
    );
});

export const coral: Draw = at((s) => {
  s.path((b) => b.m(0, 0).l(0, -40).l(-20, -70).m(0, -40).l(16, -80).m(-10, -56).l(-30, -60).m(8, -62).l(28, -66), { stroke: "red", w: 7 });
  for (const [x, y] of [
    [-20, -70],
    [16, -80],
    [-30, -60],
    [28, -66],
  ] as const)
    s.circle(x, y, 5, { fill: "red" });
});

export const reeds: Draw = at((s) => {
  for (const dx of [-16, -4, 8, 18]) {
    s.path((b) => b.m(dx, 0).q(dx + 4, -50, dx + 8, -100), { stroke: "leaf", w: 2.4 });
    s.ellipse(dx + 7, -86, 3.5, 10, { fill: "trunk" }, 8);
  }
});

export const wheatSheaf: Draw = at((s) => {
  for (const dx of [-12, 0, 12]) {
    s.path((b) => b.m(dx * 0.3, 0).q(dx * 0.6, -50, dx, -90), { stroke: "gold", w: 2.4 });
    for (let i = 0; i < 4; i++) for (const side of [-1, 1]) s.ellipse(dx + side * 4, -84 + i * 8, 3, 6, { fill: "gold" }, side * 25);
  }
});

export const ivy: Draw = at((s) => {
  s.path((b) => b.m(0, 0).c(20, -30, -20, -60, 0, -100), { stroke: "leaf", w: 2.5 });
  for (let i = 0; i < 7; i++) leaf(s, ((i % 2) * 2 - 1) * 6, -12 - i * 13, 16, i % 2 ? -20 : 200, "leaf");
});

export const bonsai: Draw = at((s) => {
  s.rect(-30, -16, 60, 16, { fill: "robe" });
  s.path((b) => b.m(-4, -16).q(-20, -40, 4, -60).l(10, -58).q(-8, -40, 6, -16).z(), { fill: "trunk" });
  for (const [x, y, r] of [
    [-20, -62, 18],
    [14, -72, 22],
    [-2, -86, 14],
  ] as const)
    s.ellipse(x, y, r, r * 0.6, { fill: "leaf" });
});

export const vine: Draw = at((s) => {
  s.path((b) => b.m(0, 0).q(-10, -40, 10, -80), { stroke: "trunk", w: 3 });
  for (let i = 0; i < 7; i++) s.circle(6 + (i % 3) * 6 - 6, -50 + Math.floor(i / 3) * 10, 5, { fill: "robe" });
  leaf(s, 8, -78, 22, -20, "leaf");
});

/* ------------------------------------------------------------------ people (small, far away) */

/** A person subject as a small figure, with its own hat, for scenes and details. */
export function personOf(attire: Attire, carry?: Draw): Draw {
  return (s, p) =>
    local(s, p, () => {
      const robe = attire.robe ?? "robe2";
      smallFigure(s, 0, 0, 100, robe, p.v % 3 === 2);
      const hy = -86;
      switch (attire.head) {
        case "hood":
          s.path(
            (b) =>
              b
                .m(-14, hy + 16)
                .c(-16, hy - 4, -10, hy - 16, 0, hy - 16)
                .c(10, hy - 16, 16, hy - 4, 14, hy + 16)
                .z(),
            { fill: attire.cloak ?? robe },
          );
          s.circle(0, hy + 2, 8, { fill: "skin" });
          break;
        case "veil":
          s.path(
            (b) =>
              b
                .m(-13, hy + 20)
                .c(-16, hy - 6, -8, hy - 14, 0, hy - 14)
                .c(8, hy - 14, 16, hy - 6, 13, hy + 20)
                .z(),
            { fill: attire.cloak ?? "pale" },
          );
          s.rect(-8, hy - 2, 16, 6, { fill: "skin" });
          break;
        case "wide":
          s.ellipse(0, hy - 8, 22, 4, { fill: attire.cloak ?? "trunk" });
          s.ellipse(0, hy - 12, 10, 7, { fill: attire.cloak ?? "trunk" });
          break;
        case "crown":
          s.poly([-9, hy - 8, -10, hy - 20, -4, hy - 14, 0, hy - 22, 4, hy - 14, 10, hy - 20, 9, hy - 8], { fill: "gold" });
          break;
        case "helm":
          s.path(
            (b) =>
              b
                .m(-12, hy + 2)
                .c(-12, hy - 16, 12, hy - 16, 12, hy + 2)
                .z(),
            { fill: "metal" },
          );
          break;
        case "cap":
          s.path(
            (b) =>
              b
                .m(-12, hy - 4)
                .q(0, hy - 20, 12, hy - 4)
                .z(),
            { fill: attire.cloak ?? "red" },
          );
          break;
        case "wreath":
          s.path((b) => b.circle(0, hy - 6, 11).circle(0, hy - 6, 8), { fill: "leaf" });
          break;
        default:
          s.path(
            (b) =>
              b
                .m(-11, hy)
                .c(-12, hy - 14, 12, hy - 14, 11, hy)
                .q(0, hy - 6, -11, hy)
                .z(),
            { fill: "hair" },
          );
      }
      if (carry) {
        s.save();
        s.translate(24, -40).scale(0.4);
        carry(s, { x: 0, y: 0, size: 100, facing: 1, v: p.v });
        s.restore();
      }
    });
}
