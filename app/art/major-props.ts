/**
 * Small props of the Major Arcana compositions. Those that are a card's traditional symbols mark
 * themselves (`Scene.symbol`), so the document says where the lantern, the scales or the keys are.
 */
import { flower } from "./figures";
import { starPoints, type Paint, type Role, type Scene } from "./scene";

export function infinity(s: Scene, x: number, y: number, w: number, role: Role = "gold") {
  s.symbol("lemniscate", () => {
    const dx = w / 2;
    const dy = w * 0.28;
    s.path(
      (b) =>
        b
          .m(x, y)
          .c(x + dx * 0.45, y - dy, x + dx, y - dy, x + dx, y)
          .c(x + dx, y + dy, x + dx * 0.45, y + dy, x, y)
          .c(x - dx * 0.45, y - dy, x - dx, y - dy, x - dx, y)
          .c(x - dx, y + dy, x - dx * 0.45, y + dy, x, y),
      { stroke: role, w: Math.max(3, w * 0.07) },
    );
  });
}

export function scales(s: Scene, x: number, y: number, w: number) {
  s.symbol("scales", () => {
    s.line([x, y - 20, x, y + 6], { stroke: "gold", w: 4 });
    s.line([x - w / 2, y, x + w / 2, y], { stroke: "gold", w: 4 });
    for (const side of [-1, 1]) {
      const px = x + (side * w) / 2;
      s.line([px, y, px - 22, y + 50], { stroke: "gold", w: 1.6 });
      s.line([px, y, px + 22, y + 50], { stroke: "gold", w: 1.6 });
      s.path(
        (b) =>
          b
            .m(px - 28, y + 50)
            .q(px, y + 72, px + 28, y + 50)
            .z(),
        { fill: "gold" },
      );
    }
    s.circle(x, y - 22, 6, { fill: "gold" });
  });
}

export function key(s: Scene, x: number, y: number, len: number, rot: number, role: Role) {
  s.symbol("key", () => {
    s.with(
      (t) => t.translate(x, y).rotate(rot),
      () => {
        s.path((b) => b.circle(0, -len / 2, len * 0.13).circle(0, -len / 2, len * 0.06), { fill: role });
        s.rect(-len * 0.035, -len * 0.38, len * 0.07, len * 0.84, { fill: role });
        s.poly([0, len * 0.3, len * 0.16, len * 0.3, len * 0.16, len * 0.38, len * 0.08, len * 0.38, len * 0.08, len * 0.44, 0, len * 0.44], { fill: role });
      },
    );
  });
}

export function lantern(s: Scene, x: number, y: number, size: number) {
  s.symbol("lantern", () => {
    s.circle(x, y, size * 2.4, { fill: "light", glow: true });
    s.line([x, y - size * 1.2, x, y - size * 1.7], { stroke: "gold", w: 3 });
    s.poly([x - size * 0.7, y - size, x + size * 0.7, y - size, x + size * 0.55, y - size * 1.25, x - size * 0.55, y - size * 1.25], { fill: "gold" });
    s.rect(x - size * 0.6, y - size, size * 1.2, size * 1.8, { fill: "sun", op: 0.9 });
    s.poly(starPoints(x, y - size * 0.1, size * 0.5, size * 0.28, 6), { fill: "light", bare: true });
    s.rect(x - size * 0.7, y + size * 0.8, size * 1.4, size * 0.25, { fill: "gold" });
  });
}

export function crownProp(s: Scene, x: number, y: number, w: number, rot: number) {
  s.symbol("crown", () => {
    s.with(
      (t) => t.translate(x, y).rotate(rot),
      () => {
        s.poly([-w / 2, 0, -w / 2 - 4, -w * 0.55, -w * 0.25, -w * 0.25, 0, -w * 0.65, w * 0.25, -w * 0.25, w / 2 + 4, -w * 0.55, w / 2, 0], { fill: "gold" });
        s.circle(0, -w * 0.2, w * 0.07, { fill: "red", bare: true });
      },
    );
  });
}

export function rose(s: Scene, x: number, y: number, r: number, role: Role = "pale", p: Paint = {}) {
  s.symbol("rose", () => {
    flower(s, x, y, r, 5, role, "gold", p);
    flower(s, x, y, r * 0.55, 5, role, "gold", { ...p, op: 0.9 });
  });
}

export function lily(s: Scene, x: number, y: number, r: number) {
  for (const a of [-60, 0, 60])
    s.with(
      (t) => t.translate(x, y).rotate(a),
      () =>
        s.path(
          (b) =>
            b
              .m(0, 0)
              .c(-r * 0.4, -r * 0.5, -r * 0.2, -r * 1.1, 0, -r * 1.3)
              .c(r * 0.2, -r * 1.1, r * 0.4, -r * 0.5, 0, 0)
              .z(),
          { fill: "pale" },
        ),
    );
}

export function flame(s: Scene, x: number, y: number, h: number, role: Role = "fire", inner: Role = "sun") {
  s.path(
    (b) =>
      b
        .m(x, y - h)
        .c(x + h * 0.5, y - h * 0.55, x + h * 0.42, y, x, y)
        .c(x - h * 0.42, y, x - h * 0.5, y - h * 0.55, x, y - h)
        .z(),
    { fill: role },
  );
  s.path(
    (b) =>
      b
        .m(x, y - h * 0.55)
        .c(x + h * 0.22, y - h * 0.3, x + h * 0.2, y, x, y)
        .c(x - h * 0.2, y, x - h * 0.22, y - h * 0.3, x, y - h * 0.55)
        .z(),
    { fill: inner, bare: true },
  );
}

export function skull(s: Scene, x: number, y: number, r: number) {
  s.path(
    (b) =>
      b
        .m(x - r, y)
        .c(x - r, y - r * 1.3, x + r, y - r * 1.3, x + r, y)
        .c(x + r, y + r * 0.5, x + r * 0.5, y + r * 0.55, x + r * 0.45, y + r * 0.9)
        .l(x - r * 0.45, y + r * 0.9)
        .c(x - r * 0.5, y + r * 0.55, x - r, y + r * 0.5, x - r, y)
        .z(),
    { fill: "pale" },
  );
  s.circle(x - r * 0.38, y, r * 0.24, { fill: "dark", bare: true });
  s.circle(x + r * 0.38, y, r * 0.24, { fill: "dark", bare: true });
  s.poly([x, y + r * 0.22, x - r * 0.1, y + r * 0.42, x + r * 0.1, y + r * 0.42], { fill: "dark", bare: true });
}

export function jug(s: Scene, x: number, y: number, h: number, rot: number) {
  s.symbol("jug", () => {
    s.with(
      (t) => t.translate(x, y).rotate(rot),
      () => {
        s.path(
          (b) =>
            b
              .m(-h * 0.18, -h * 0.5)
              .l(h * 0.18, -h * 0.5)
              .c(h * 0.2, -h * 0.3, h * 0.42, -h * 0.2, h * 0.4, h * 0.15)
              .c(h * 0.38, h * 0.45, -h * 0.38, h * 0.45, -h * 0.4, h * 0.15)
              .c(-h * 0.42, -h * 0.2, -h * 0.2, -h * 0.3, -h * 0.18, -h * 0.5)
              .z(),
          { fill: "gold" },
        );
      },
    );
  });
}

export function stream(s: Scene, pts: number[], w = 5) {
  s.symbol("stream", () => {
    s.path(
      (b) => {
        b.m(pts[0]!, pts[1]!);
        for (let i = 2; i + 3 < pts.length + 2 && i + 3 <= pts.length; i += 4) b.q(pts[i]!, pts[i + 1]!, pts[i + 2]!, pts[i + 3]!);
      },
      { stroke: "water", w, op: 0.9 },
    );
  });
}

export function banner(s: Scene, poleX: number, poleTop: number, poleBottom: number, w: number, h: number, dir: 1 | -1, role: Role) {
  s.symbol("banner", () => {
    s.line([poleX, poleBottom, poleX, poleTop - 6], { stroke: "trunk", w: 6 });
    s.path(
      (b) =>
        b
          .m(poleX, poleTop)
          .c(poleX + dir * w * 0.35, poleTop - 18, poleX + dir * w * 0.65, poleTop + 14, poleX + dir * w, poleTop)
          .l(poleX + dir * w, poleTop + h)
          .c(poleX + dir * w * 0.65, poleTop + h + 14, poleX + dir * w * 0.35, poleTop + h - 18, poleX, poleTop + h)
          .z(),
      { fill: role },
    );
  });
}

export function bolt(s: Scene, pts: number[], w: number) {
  s.symbol("lightning", () => {
    const left: number[] = [];
    const right: number[] = [];
    for (let i = 0; i < pts.length; i += 2) {
      const t = 1 - i / pts.length;
      left.push(pts[i]! - w * t, pts[i + 1]!);
      right.unshift(pts[i]! + w * t, pts[i + 1]! + 4);
    }
    const back: number[] = [];
    for (let i = 0; i < right.length; i += 2) back.push(right[i]!, right[i + 1]!);
    // `right` was unshifted as [x, y] pairs in reverse, so its pairs are [x, y] already.
    s.poly([...left, ...back], { fill: "light" });
  });
}

export function ground(s: Scene, y: number, role: Role = "ground") {
  s.rect(0, y, 600, 800 - y, { fill: role, bg: true });
}

/** The Wheel of Fortune's wheel, its spokes and letters turned by `turn` radians. */
export function wheelOfFortune(s: Scene, turn: number) {
  const cx = 300;
  const cy = 400;
  s.circle(cx, cy, 178, { fill: "gold" });
  s.circle(cx, cy, 150, { fill: "robe2" });
  s.circle(cx, cy, 100, { fill: "accent" });
  for (let i = 0; i < 8; i++) {
    const a = turn + (i / 8) * Math.PI * 2;
    s.line([cx + Math.cos(a) * 30, cy + Math.sin(a) * 30, cx + Math.cos(a) * 150, cy + Math.sin(a) * 150], { stroke: "gold", w: 7 });
  }
  s.circle(cx, cy, 32, { fill: "gold" });
  const letters = ["T", "A", "R", "O"];
  letters.forEach((l, i) => {
    const a = turn - Math.PI / 2 + (i / 4) * Math.PI * 2;
    s.text(cx + Math.cos(a) * 164, cy + Math.sin(a) * 164, l, 26, "dark", "700");
  });
  for (let i = 0; i < 4; i++) {
    const a = turn - Math.PI / 4 + (i / 4) * Math.PI * 2;
    s.poly(starPoints(cx + Math.cos(a) * 125, cy + Math.sin(a) * 125, 11, 5, 4), { fill: "light", bare: true });
  }
}

/** The Moon's crayfish climbing out of the pool. */
export function crayfish(s: Scene, x: number, y: number) {
  s.symbol("crayfish", () =>
    s.with(
      (t) => t.translate(x, y),
      () => {
        s.ellipse(0, 0, 18, 28, { fill: "red" });
        for (const side of [-1, 1]) {
          s.path(
            (b) =>
              b
                .m(side * 10, -20)
                .q(side * 30, -40, side * 24, -56)
                .q(side * 14, -44, side * 8, -28),
            { stroke: "red", w: 5 },
          );
          for (let i = 0; i < 3; i++) s.line([side * 14, -6 + i * 10, side * 30, 2 + i * 12], { stroke: "red", w: 3 });
        }
      },
    ),
  );
}
