/**
 * Creature figure families: four-legged animals, birds, water creatures, insects and serpents, each
 * a parametric drawing (side view for the scene, front-view head for playing a card's figure).
 */
import { sleeve, type Pt } from "../figures";
import type { Role, Scene } from "../scene";
import { starPoints } from "../scene";
import type { Actor, Draw, HeadDraw, Pose } from "./types";

/** Runs `draw` in a local frame: feet at (0, 0), facing right, 100 units tall. */
export function local(s: Scene, p: Pose, draw: () => void, unit = 100) {
  s.save();
  s.translate(p.x, p.y).scale((p.facing * p.size) / unit, p.size / unit);
  draw();
  s.restore();
}

/* ------------------------------------------------------------------ four-legged animals */

export type Ears = "point" | "round" | "long" | "droop" | "small" | "tall";
export type Tail = "thin" | "bushy" | "short" | "tuft" | "long" | "curl" | "none";
export type Extra = "antlers" | "horns" | "ram" | "mane" | "hump" | "stripes" | "spots" | "horn" | "trunk" | "whiskers" | "mask" | "quills";

export type Quad = {
  fur: Role;
  fur2: Role;
  ears: Ears;
  tail: Tail;
  /** Body length (1 = a fox) and leg length (1 = a fox). */
  body?: number;
  leg?: number;
  /** Neck length: 0 for a cat, 1 for a horse or deer. */
  neck?: number;
  /** Muzzle length: 0.2 for a cat, 1 for a horse. */
  snout?: number;
  extra?: readonly Extra[];
  /** Sits when the variant asks for it (cats, dogs, foxes…). */
  sits?: boolean;
  head?: number;
};

function ear(s: Scene, x: number, y: number, kind: Ears, fur: Role, inner: Role, k = 1) {
  switch (kind) {
    case "point":
    case "tall": {
      const h = (kind === "tall" ? 20 : 14) * k;
      s.poly([x - 6 * k, y + 3, x - 1 * k, y - h, x + 6 * k, y + 3], { fill: fur });
      s.poly([x - 3 * k, y + 1, x - 1 * k, y - h * 0.6, x + 3 * k, y + 1], { fill: inner, bare: true });
      break;
    }
    case "round":
      s.circle(x, y - 3 * k, 6 * k, { fill: fur });
      s.circle(x, y - 3 * k, 3 * k, { fill: inner, bare: true });
      break;
    case "long":
      s.ellipse(x, y - 14 * k, 4.5 * k, 15 * k, { fill: fur }, -8);
      s.ellipse(x, y - 14 * k, 2 * k, 11 * k, { fill: inner, bare: true }, -8);
      break;
    case "droop":
      s.ellipse(x - 2 * k, y + 7 * k, 5 * k, 11 * k, { fill: inner }, 20);
      break;
    case "small":
      s.circle(x, y - 1, 3.5 * k, { fill: fur });
      break;
  }
}

function quadTail(s: Scene, q: Quad, bx: number, by: number, sitting: boolean) {
  const f = q.fur;
  switch (q.tail) {
    case "thin":
      s.path(
        (b) =>
          sitting ? b.m(bx, by).c(bx - 10, by + 10, bx + 6, by + 18, bx + 30, by + 16) : b.m(bx, by).c(bx - 14, by - 4, bx - 18, by - 24, bx - 10, by - 34),
        { stroke: f, w: 4.5 },
      );
      break;
    case "bushy":
      if (sitting)
        s.path(
          (b) =>
            b
              .m(bx, by - 4)
              .c(bx - 22, by + 4, bx - 6, by + 22, bx + 34, by + 14)
              .c(bx + 10, by + 12, bx + 2, by + 6, bx + 4, by)
              .z(),
          { fill: f },
        );
      else
        s.path(
          (b) =>
            b
              .m(bx + 2, by - 4)
              .c(bx - 20, by - 6, bx - 40, by + 4, bx - 46, by + 16)
              .c(bx - 30, by + 12, bx - 14, by + 10, bx + 2, by + 6)
              .z(),
          { fill: f },
        );
      s.circle(sitting ? bx + 30 : bx - 42, sitting ? by + 15 : by + 13, 4.5, { fill: "pale", bare: true });
      break;
    case "short":
      s.ellipse(bx - 3, by - 3, 5, 4, { fill: q.fur2 });
      break;
    case "tuft":
      s.path((b) => b.m(bx, by).q(bx - 12, by + 8, bx - 14, by + 28), { stroke: f, w: 3 });
      s.ellipse(bx - 14, by + 30, 3.5, 6, { fill: "dark" });
      break;
    case "long":
      s.path(
        (b) =>
          b
            .m(bx, by)
            .q(bx - 8, by + 14, bx - 6, by + 34)
            .l(bx - 12, by + 36)
            .q(bx - 14, by + 14, bx - 2, by - 6)
            .z(),
        { fill: q.fur2 },
      );
      break;
    case "curl":
      s.path(
        (b) =>
          b
            .m(bx, by)
            .c(bx - 14, by - 12, bx - 4, by - 34, bx + 8, by - 24)
            .c(bx + 12, by - 18, bx + 4, by - 12, bx, by - 16),
        { stroke: f, w: 5 },
      );
      break;
    case "none":
      break;
  }
}

function quadHeadSide(s: Scene, q: Quad, hx: number, hy: number) {
  const snout = q.snout ?? 0.4;
  const hk = q.head ?? 1;
  const ex = q.extra ?? [];
  if (ex.includes("mane")) s.circle(hx - 4, hy + 2, 19 * hk, { fill: "fire" });
  if (q.ears !== "droop") ear(s, hx - 5 * hk, hy - 8 * hk, q.ears, q.fur, q.fur2, hk);
  s.ellipse(hx, hy, 12 * hk, 10.5 * hk, { fill: q.fur });
  if (snout > 0) s.ellipse(hx + (8 + snout * 8) * hk, hy + 3.5 * hk, (5 + snout * 8) * hk, (5.5 - snout) * hk, { fill: q.fur }, 8);
  const tipX = hx + (9 + snout * 16) * hk;
  s.circle(tipX, hy + 2 * hk, 2.4 * hk, { fill: "dark", bare: true });
  if (ex.includes("trunk")) s.path((b) => b.m(tipX - 4, hy + 4).q(tipX + 10, hy + 20, tipX + 2, hy + 40), { stroke: q.fur, w: 7 * hk });
  s.circle(hx + 3 * hk, hy - 3 * hk, 2 * hk, { fill: "dark", bare: true });
  if (ex.includes("mask")) s.ellipse(hx + 3 * hk, hy - 2 * hk, 6 * hk, 3 * hk, { fill: "dark", op: 0.8, bare: true });
  if (q.ears === "droop") ear(s, hx - 4 * hk, hy - 6 * hk, "droop", q.fur, q.fur2, hk);
  if (ex.includes("whiskers")) for (const dy of [0, 3]) s.line([tipX - 2, hy + 3 + dy, tipX + 10, hy + 1 + dy * 2], { stroke: "pale", w: 0.8, op: 0.8 });
  if (ex.includes("antlers"))
    for (const dx of [-4, 2]) {
      s.path(
        (b) =>
          b
            .m(hx + dx, hy - 8)
            .l(hx + dx - 4, hy - 30)
            .l(hx + dx - 14, hy - 40),
        { stroke: "trunk", w: 2.6 },
      );
      s.line([hx + dx - 4, hy - 22, hx + dx + 6, hy - 34], { stroke: "trunk", w: 2.2 });
      s.line([hx + dx - 6, hy - 32, hx + dx - 4, hy - 44], { stroke: "trunk", w: 2 });
    }
  if (ex.includes("horns")) s.path((b) => b.m(hx - 2, hy - 8).q(hx - 6, hy - 26, hx - 16, hy - 28), { stroke: "stone", w: 3.5 });
  if (ex.includes("ram")) s.path((b) => b.circle(hx - 4, hy - 2, 8).circle(hx - 4, hy - 2, 4), { fill: "stone" });
  if (ex.includes("horn")) s.poly([hx + 4, hy - 8, hx + 14, hy - 34, hx + 9, hy - 7], { fill: "gold" });
}

/** A four-legged animal in side view, standing or (when it can and the variant says so) sitting. */
export function quadruped(q: Quad): Draw {
  return (s, p) =>
    local(s, p, () => {
      const body = q.body ?? 1;
      const leg = q.leg ?? 1;
      const neck = q.neck ?? 0.3;
      const ex = q.extra ?? [];
      const sitting = !!q.sits && p.v % 2 === 1;
      if (sitting) {
        // Haunch, upright chest, one front leg; the tail wraps round the feet.
        quadTail(s, q, -18, -6, true);
        s.ellipse(-10, -20, 22, 20, { fill: q.fur });
        s.ellipse(4, -42, 13, 26, { fill: q.fur }, -12);
        s.ellipse(10, -36, 7, 14, { fill: q.fur2, bare: true }, -12);
        s.rect(8, -30, 8, 30, { fill: q.fur });
        s.ellipse(14, -2, 7, 3.5, { fill: q.fur });
        quadHeadSide(s, q, 10, -72);
        return;
      }
      const legH = 30 * leg;
      const rx = 32 * body;
      const by = -legH - 12;
      const walk = p.v % 3;
      quadTail(s, q, -rx + 2, by - 4, false);
      const swing = walk === 1 ? 6 : walk === 2 ? -4 : 0;
      // Far legs first, darker.
      for (const [lx, sw] of [
        [-rx * 0.62, -swing],
        [rx * 0.62, swing],
      ] as const)
        s.poly([lx - 6, by, lx + 2, by, lx + 2 + sw, 0, lx - 5 + sw, 0], { fill: q.fur2 });
      s.ellipse(0, by, rx, 15 + (ex.includes("hump") ? 2 : 0), { fill: q.fur });
      if (ex.includes("hump")) s.ellipse(-4, by - 14, 14, 12, { fill: q.fur });
      if (ex.includes("mane")) s.ellipse(rx * 0.65, by - 6, 14, 16, { fill: "fire" });
      if (ex.includes("stripes"))
        for (let i = -2; i <= 2; i++)
          s.path((b) => b.m(i * rx * 0.28, by - 14).q(i * rx * 0.28 + 5, by - 2, i * rx * 0.28 - 1, by + 10), { stroke: "dark", w: 2.5, op: 0.85 });
      if (ex.includes("spots"))
        for (const [dx, dy] of [
          [-14, -4],
          [2, -8],
          [14, 2],
          [-4, 6],
          [20, -8],
        ] as const)
          s.circle(dx * body, by + dy, 2.8, { fill: "dark", bare: true, op: 0.8 });
      if (ex.includes("quills")) for (let i = 0; i < 7; i++) s.line([-rx + 8 + i * 7, by - 8, -rx + 2 + i * 7, by - 22], { stroke: q.fur2, w: 2 });
      for (const [lx, sw] of [
        [-rx * 0.5, swing],
        [rx * 0.72, -swing],
      ] as const)
        s.poly([lx - 5, by + 4, lx + 4, by + 4, lx + 3 + sw, 0, lx - 5 + sw, 0], { fill: q.fur });
      const hx = rx * 0.95 + 8 + neck * 10;
      const hy = by - 14 - neck * 30;
      sleeve(
        s,
        [
          [rx * 0.6, by - 2],
          [hx - 4, hy + 4],
        ],
        18,
        12,
        q.fur,
      );
      quadHeadSide(s, q, hx, hy);
    });
}

/** The front view of a four-legged animal's head, for a creature playing a card's figure. */
export function quadHead(q: Quad): HeadDraw {
  const snout = q.snout ?? 0.4;
  const ex = q.extra ?? [];
  return (s, hy, part) => {
    if (part === "ears") {
      if (ex.includes("antlers"))
        for (const side of [-1, 1]) {
          s.path(
            (b) =>
              b
                .m(side * 12, hy - 18)
                .l(side * 24, hy - 52)
                .l(side * 44, hy - 66),
            { stroke: "trunk", w: 4 },
          );
          s.line([side * 20, hy - 40, side * 6, hy - 62], { stroke: "trunk", w: 3.5 });
          s.line([side * 32, hy - 58, side * 34, hy - 76], { stroke: "trunk", w: 3 });
        }
      if (ex.includes("horns"))
        for (const side of [-1, 1]) s.path((b) => b.m(side * 10, hy - 18).q(side * 18, hy - 44, side * 34, hy - 46), { stroke: "stone", w: 5 });
      if (ex.includes("horn")) s.poly([-5, hy - 18, 0, hy - 60, 5, hy - 18], { fill: "gold" });
      if (q.ears === "droop" || q.ears === "small") return;
      for (const side of [-1, 1]) {
        s.save();
        s.translate(side * 15, hy - 14).scale(2.1);
        ear(s, 0, 0, q.ears, q.fur, q.fur2, 1);
        s.restore();
      }
      return;
    }
    if (ex.includes("mane")) s.poly(starPoints(0, hy + 4, 44, 34, 14), { fill: "fire" });
    if (ex.includes("ram")) for (const side of [-1, 1]) s.path((b) => b.circle(side * 24, hy - 4, 12).circle(side * 24, hy - 4, 6), { fill: "stone" });
    const wide = snout < 0.5;
    s.path(
      (b) =>
        b
          .m(-26, hy - 6)
          .c(-26, hy - 30, 26, hy - 30, 26, hy - 6)
          .c(26, hy + 10, 10 + snout * 4, hy + 22 + snout * 10, 0, hy + 26 + snout * 14)
          .c(-10 - snout * 4, hy + 22 + snout * 10, -26, hy + 10, -26, hy - 6)
          .z(),
      { fill: q.fur },
    );
    if (q.ears === "droop") for (const side of [-1, 1]) s.ellipse(side * 26, hy + 6, 8, 18, { fill: q.fur2 }, side * -14);
    if (q.ears === "small") for (const side of [-1, 1]) s.circle(side * 20, hy - 20, 6, { fill: q.fur });
    // Light cheeks and muzzle.
    s.path(
      (b) =>
        b
          .m(-16, hy + 6)
          .q(0, hy + 2, 16, hy + 6)
          .q(10, hy + 20 + snout * 10, 0, hy + 24 + snout * 13)
          .q(-10, hy + 20 + snout * 10, -16, hy + 6)
          .z(),
      { fill: q.fur2, bare: true, op: 0.9 },
    );
    if (ex.includes("stripes"))
      for (const side of [-1, 1]) for (const dy of [-14, -4]) s.line([side * 26, hy + dy, side * 15, hy + dy + 3], { stroke: "dark", w: 3 });
    if (ex.includes("mask"))
      s.path(
        (b) =>
          b
            .m(-24, hy - 8)
            .q(0, hy + 2, 24, hy - 8)
            .l(22, hy + 4)
            .q(0, hy + 12, -22, hy + 4)
            .z(),
        { fill: "dark", op: 0.8 },
      );
    for (const side of [-1, 1]) {
      s.ellipse(side * 9, hy - 3, wide ? 4 : 3, wide ? 5 : 3.5, { fill: "dark", bare: true });
      s.circle(side * 9 + 1, hy - 5, 1.2, { fill: "light", bare: true });
    }
    s.path(
      (b) =>
        b
          .m(-4, hy + 12 + snout * 8)
          .l(4, hy + 12 + snout * 8)
          .l(0, hy + 17 + snout * 8)
          .z(),
      { fill: "dark", bare: true },
    );
    if (ex.includes("whiskers"))
      for (const side of [-1, 1]) for (const dy of [0, 5]) s.line([side * 8, hy + 16 + dy, side * 30, hy + 12 + dy * 1.6], { stroke: "pale", w: 1.2, op: 0.9 });
    if (ex.includes("trunk")) s.path((b) => b.m(0, hy + 14).q(6, hy + 40, -6, hy + 60), { stroke: q.fur, w: 10 });
  };
}

export function quadActor(q: Quad): Omit<Actor, "subject"> {
  return {
    fur: q.fur,
    head: quadHead(q),
    hand: q.fur,
    tail:
      q.tail === "none" || q.tail === "short"
        ? undefined
        : (s, seated) => {
            const y = seated ? -40 : -70;
            if (q.tail === "bushy")
              s.path(
                (b) =>
                  b
                    .m(40, y)
                    .c(90, y - 10, 110, y - 70, 96, y - 110)
                    .c(80, y - 70, 70, y - 40, 40, y - 24)
                    .z(),
                { fill: q.fur },
              );
            else s.path((b) => b.m(40, y).c(90, y, 100, y - 50, 84, y - 90), { stroke: q.fur, w: 9 });
          },
  };
}

/* ------------------------------------------------------------------ birds */

export type Bird = {
  body: Role;
  wing: Role;
  beak?: "short" | "hook" | "long" | "flat";
  neck?: number;
  leg?: number;
  crest?: boolean;
  tail?: "fan" | "long" | "short" | "fire";
  owl?: boolean;
  flies?: boolean;
  size?: number;
};

export function bird(o: Bird): Draw {
  return (s, p) =>
    local(s, p, () => {
      const flying = o.flies !== false && p.v % 2 === 1;
      const k = o.size ?? 1;
      const leg = (o.leg ?? 0.3) * 40;
      const neck = (o.neck ?? 0) * 40;
      const by = flying ? -50 : -leg - 18 * k;
      if (!flying && leg > 0) for (const dx of [-4, 4]) s.line([dx, by + 10, dx + 2, 0], { stroke: "gold", w: 2.4 });
      if (o.tail === "fan")
        for (let i = 0; i < 7; i++) {
          const a = Math.PI * (0.55 + i * 0.15);
          s.ellipse(-14 + Math.cos(a) * 34, by - 4 - Math.sin(a) * 34, 9, 14, { fill: i % 2 ? "accent" : o.wing }, (a * 180) / Math.PI + 90);
          s.circle(-14 + Math.cos(a) * 40, by - 4 - Math.sin(a) * 40, 3.5, { fill: "gold", bare: true });
        }
      else if (o.tail === "long" || o.tail === "fire")
        s.path(
          (b) =>
            b
              .m(-16, by)
              .q(-40, by + 6, -62, by + 26)
              .q(-38, by + 14, -14, by + 8)
              .z(),
          { fill: o.tail === "fire" ? "fire" : o.wing },
        );
      else s.poly([-16 * k, by - 2, -34 * k, by + 6, -30 * k, by + 12, -14 * k, by + 8], { fill: o.wing });
      s.ellipse(0, by, 22 * k, 15 * k, { fill: o.body }, -10);
      if (o.owl) {
        s.ellipse(4, by - 6, 16 * k, 22 * k, { fill: o.body });
        s.circle(4, by - 20 * k, 14 * k, { fill: o.body });
        for (const dx of [-5, 9]) {
          s.circle(dx, by - 22 * k, 5.5 * k, { fill: "pale" });
          s.circle(dx, by - 22 * k, 2.6 * k, { fill: "dark", bare: true });
        }
        s.poly([-4, by - 32 * k, -8, by - 42 * k, 2, by - 33 * k], { fill: o.body });
        s.poly([8, by - 33 * k, 16, by - 42 * k, 14, by - 31 * k], { fill: o.body });
        s.poly([1, by - 17 * k, 5, by - 10 * k, 8, by - 17 * k], { fill: "gold" });
      } else {
        const hx = 18 * k + neck * 0.3;
        const hy = by - 12 * k - neck;
        if (neck > 0)
          sleeve(
            s,
            [
              [12 * k, by - 4],
              [hx + 2, hy + 10],
              [hx, hy],
            ],
            10,
            7,
            o.body,
          );
        s.circle(hx, hy, 9 * k, { fill: o.body });
        const beak = o.beak ?? "short";
        const bl = beak === "long" ? 26 : beak === "short" ? 9 : 12;
        if (beak === "hook")
          s.path(
            (b) =>
              b
                .m(hx + 7, hy - 4)
                .q(hx + 20, hy - 3, hx + 18, hy + 6)
                .l(hx + 7, hy + 3)
                .z(),
            { fill: "gold" },
          );
        else if (beak === "flat") s.ellipse(hx + 12, hy + 2, 8, 3.5, { fill: "gold" });
        else s.poly([hx + 6, hy - 3, hx + 6 + bl, hy + 1, hx + 6, hy + 4], { fill: "gold" });
        s.circle(hx + 2, hy - 2, 1.8, { fill: "dark", bare: true });
        if (o.crest)
          s.path(
            (b) =>
              b
                .m(hx - 2, hy - 8)
                .q(hx - 8, hy - 20, hx - 14, hy - 22)
                .q(hx - 6, hy - 12, hx - 6, hy - 6)
                .z(),
            { fill: o.wing },
          );
      }
      if (flying) {
        for (const lift of [-1, 1])
          s.path(
            (b) =>
              b
                .m(-6, by - 4)
                .c(-10, by - 50 * lift, 20, by - 60 * lift, 34, by - 58 * lift)
                .c(20, by - 30 * lift, 14, by - 16 * lift, 8, by - 2)
                .z(),
            { fill: o.wing, op: lift < 0 ? 0.9 : 1 },
          );
      } else
        s.path(
          (b) =>
            b
              .m(-14 * k, by - 6)
              .q(6 * k, by - 16 * k, 14 * k, by - 2)
              .q(0, by + 12 * k, -14 * k, by - 6)
              .z(),
          { fill: o.wing },
        );
    });
}

export function birdActor(o: Bird): Omit<Actor, "subject"> {
  return {
    fur: o.body,
    hand: o.wing,
    head: (s, hy, part) => {
      if (part === "ears") {
        if (o.owl) for (const side of [-1, 1]) s.poly([side * 12, hy - 18, side * 26, hy - 46, side * 26, hy - 14], { fill: o.body });
        if (o.crest)
          s.path(
            (b) =>
              b
                .m(-6, hy - 20)
                .q(-4, hy - 50, 14, hy - 58)
                .q(6, hy - 40, 8, hy - 20)
                .z(),
            { fill: o.wing },
          );
        return;
      }
      s.circle(0, hy, o.owl ? 30 : 25, { fill: o.body });
      if (o.owl) {
        for (const side of [-1, 1]) {
          s.circle(side * 12, hy - 2, 11, { fill: "pale" });
          s.circle(side * 12, hy - 2, 5, { fill: "dark", bare: true });
        }
        s.poly([-4, hy + 8, 0, hy + 18, 4, hy + 8], { fill: "gold" });
        return;
      }
      for (const side of [-1, 1]) s.circle(side * 10, hy - 4, 3.5, { fill: "dark", bare: true });
      const beak = o.beak ?? "short";
      if (beak === "flat") s.ellipse(0, hy + 10, 12, 5, { fill: "gold" });
      else s.poly([-6, hy + 4, 0, hy + (beak === "long" ? 40 : beak === "hook" ? 22 : 18), 6, hy + 4], { fill: "gold" });
    },
    tail: (s, seated) => {
      const y = seated ? -30 : -60;
      s.poly([30, y - 10, 70, y + 30, 40, y + 34], { fill: o.tail === "fire" ? "fire" : o.wing });
    },
  };
}

/* ------------------------------------------------------------------ water creatures */

export type Fish = { body: Role; fin: Role; spots?: Role; long?: number; big?: boolean; dorsal?: boolean };

export function fish(o: Fish): Draw {
  return (s, p) =>
    local(s, p, () => {
      const l = o.long ?? 1;
      const y = -30;
      const bend = (p.v % 3) - 1;
      s.poly([-30 * l, y, -52 * l, y - 16 + bend * 4, -48 * l, y, -52 * l, y + 16 + bend * 4], { fill: o.fin });
      if (o.dorsal) s.poly([-8, y - 12, 4, y - 34, 12, y - 12], { fill: o.fin });
      s.path(
        (b) =>
          b
            .m(-34 * l, y)
            .c(-20 * l, y - 22, 20 * l, y - 24, 36 * l, y - 2)
            .c(20 * l, y + 18, -20 * l, y + 20, -34 * l, y)
            .z(),
        { fill: o.body },
      );
      if (o.spots)
        for (const [dx, dy, r] of [
          [-10, -6, 6],
          [6, 4, 5],
          [16, -8, 4],
        ] as const)
          s.circle(dx * l, y + dy, r, { fill: o.spots, bare: true });
      s.poly([0, y + 2, -10, y + 14, 8, y + 6], { fill: o.fin, op: 0.9 });
      s.circle(24 * l, y - 5, 2.6, { fill: "dark", bare: true });
      if (o.big) for (const dx of [0, 6, 12]) s.line([22 * l + dx, y - 22, 22 * l + dx * 1.5, y - 36], { stroke: "light", w: 2, op: 0.7 });
    });
}

export function fishActor(o: Fish): Omit<Actor, "subject"> {
  return {
    fur: o.body,
    hand: o.fin,
    head: (s, hy, part) => {
      if (part === "ears") {
        s.poly([-8, hy - 22, 0, hy - 44, 10, hy - 22], { fill: o.fin });
        return;
      }
      s.ellipse(0, hy, 26, 28, { fill: o.body });
      if (o.spots) s.circle(-8, hy - 12, 7, { fill: o.spots, bare: true });
      for (const side of [-1, 1]) s.circle(side * 14, hy - 2, 4, { fill: "dark", bare: true });
      s.ellipse(0, hy + 14, 7, 4, { fill: "dark", bare: true });
    },
  };
}

function tentacle(s: Scene, x: number, y: number, dx: number, dy: number, curl: number, role: Role, w = 9) {
  const pts: Pt[] = [];
  for (let i = 0; i <= 6; i++) {
    const t = i / 6;
    pts.push([x + dx * t + Math.sin(t * Math.PI * 1.5) * curl, y + dy * t]);
  }
  sleeve(s, pts, w, 2, role);
}

/** An octopus: a rounded mantle with eyes and curling arms (squid when `long`). */
export function octopus(role: Role, long = false): Draw {
  return (s, p) =>
    local(s, p, () => {
      const sway = (p.v % 3) * 4 - 4;
      for (let i = 0; i < 6; i++) tentacle(s, -20 + i * 8, -34, -30 + i * 12 + sway, 34, (i % 2 ? 8 : -8) + sway, role, 10);
      if (long) s.poly([-12, -60, 0, -100, 12, -60], { fill: role });
      s.ellipse(0, -54, 24, long ? 30 : 24, { fill: role });
      for (const dx of [-9, 9]) {
        s.circle(dx, -44, 5, { fill: "pale" });
        s.circle(dx, -44, 2.4, { fill: "dark", bare: true });
      }
      for (const [dx, dy] of [
        [-8, -64],
        [6, -70],
        [12, -56],
      ] as const)
        s.circle(dx, dy, 2.2, { fill: "pale", op: 0.5, bare: true });
    });
}

export function octopusActor(role: Role): Omit<Actor, "subject"> {
  return {
    fur: role,
    hand: role,
    head: (s, hy, part) => {
      if (part === "ears") return;
      s.path(
        (b) =>
          b
            .m(-28, hy + 14)
            .c(-34, hy - 50, 34, hy - 50, 28, hy + 14)
            .q(0, hy + 24, -28, hy + 14)
            .z(),
        { fill: role },
      );
      for (const side of [-1, 1]) {
        s.circle(side * 11, hy + 2, 6.5, { fill: "pale" });
        s.circle(side * 11, hy + 2, 3, { fill: "dark", bare: true });
      }
      for (const [dx, dy] of [
        [-10, -18],
        [8, -24],
        [14, -12],
      ] as const)
        s.circle(dx, hy + dy, 3, { fill: "pale", op: 0.5, bare: true });
    },
    feet: (s) => {
      for (let i = 0; i < 6; i++) tentacle(s, -60 + i * 24, -6, -20 + i * 8, 16, i % 2 ? 10 : -10, role, 14);
    },
  };
}

export function jellyfish(role: Role): Draw {
  return (s, p) =>
    local(s, p, () => {
      for (let i = 0; i < 5; i++) s.path((b) => b.m(-16 + i * 8, -60).q(-20 + i * 8 + (p.v % 2) * 8, -30, -14 + i * 8, 0), { stroke: role, w: 2.5, op: 0.8 });
      s.path((b) => b.m(-26, -58).c(-26, -100, 26, -100, 26, -58).q(0, -50, -26, -58).z(), { fill: role, op: 0.85 });
      s.ellipse(0, -74, 12, 8, { fill: "light", op: 0.45, bare: true });
    });
}

export function crab(role: Role): Draw {
  return (s, p) =>
    local(s, p, () => {
      for (const side of [-1, 1]) {
        for (let i = 0; i < 3; i++) s.line([side * 14, -14 + i * 4, side * 30, -4 + i * 4, side * 36, 0], { stroke: role, w: 3 });
        s.path((b) => b.m(side * 18, -24).q(side * 34, -40, side * 30, -56), { stroke: role, w: 5 });
        s.path(
          (b) =>
            b
              .m(side * 30, -56)
              .c(side * 46, -60, side * 44, -76, side * 30, -76)
              .l(side * 32, -66)
              .z(),
          { fill: role },
        );
      }
      s.ellipse(0, -20, 26, 14, { fill: role });
      for (const dx of [-6, 6]) {
        s.line([dx, -30, dx, -40], { stroke: role, w: 2 });
        s.circle(dx, -41, 3, { fill: "dark", bare: true });
      }
    });
}

export function turtle(shell: Role, skin: Role): Draw {
  return (s, p) =>
    local(s, p, () => {
      for (const dx of [-20, 18]) s.ellipse(dx, -6, 8, 6, { fill: skin });
      s.circle(38, -18, 9, { fill: skin });
      s.circle(41, -20, 1.8, { fill: "dark", bare: true });
      s.path((b) => b.m(-36, -8).c(-34, -48, 34, -48, 36, -8).z(), { fill: shell });
      for (const dx of [-16, 0, 16]) s.poly([dx - 7, -20, dx, -30, dx + 7, -20, dx, -12], { fill: "gold", op: 0.5, bare: true });
    });
}

export function starfish(role: Role): Draw {
  return (s, p) => local(s, p, () => s.poly(starPoints(0, -24, 24, 10, 5), { fill: role }));
}

export function shell(role: Role): Draw {
  return (s, p) =>
    local(s, p, () => {
      s.path((b) => b.m(-26, -6).c(-30, -40, 30, -40, 26, -6).l(8, 0).l(-8, 0).z(), { fill: role });
      for (const dx of [-14, -5, 5, 14]) s.line([dx * 0.4, -2, dx, -28], { stroke: "stone2", w: 1.6 });
    });
}

/* ------------------------------------------------------------------ insects */

export type Insect = {
  body: Role;
  wing: Role;
  kind: "bee" | "moth" | "butterfly" | "dragonfly" | "beetle" | "spider" | "ant" | "ladybird" | "firefly" | "snail";
};

export function insect(o: Insect): Draw {
  return (s, p) =>
    local(s, p, () => {
      const y = -40;
      const open = p.v % 2 === 0 ? 1 : 0.75;
      switch (o.kind) {
        case "bee":
        case "firefly":
          if (o.kind === "firefly") s.circle(-10, y, 26, { fill: "sun", glow: true });
          for (const side of [-1, 1]) s.ellipse(-2, y - 16 * open, 9, 16, { fill: "pale", op: 0.75 }, side * 30);
          s.ellipse(0, y, 20, 12, { fill: o.body });
          for (const dx of [-8, 2]) s.rect(dx, y - 11, 5, 22, { fill: "dark", bare: true });
          s.circle(20, y - 2, 7, { fill: "dark" });
          s.line([22, y - 8, 28, y - 18], { stroke: "dark", w: 1.6 });
          break;
        case "moth":
        case "butterfly": {
          const round = o.kind === "butterfly";
          for (const side of [-1, 1]) {
            s.path(
              (b) =>
                b
                  .m(0, y)
                  .c(side * 30 * open, y - 44, side * 50 * open, y - 30, side * 40 * open, y - 6)
                  .z(),
              { fill: o.wing },
            );
            s.path(
              (b) =>
                b
                  .m(0, y)
                  .c(side * 30 * open, y + (round ? 26 : 10), side * 34 * open, y + 4, side * 22 * open, y + 26)
                  .z(),
              { fill: o.wing },
            );
            s.circle(side * 26 * open, y - 20, 5, { fill: round ? "light" : "dark", bare: true });
          }
          s.ellipse(0, y, 4, 20, { fill: o.body });
          for (const side of [-1, 1])
            s.path((b) => b.m(0, y - 18).q(side * 6, y - 30, side * (round ? 12 : 14), y - 32), { stroke: o.body, w: round ? 1.5 : 3 });
          break;
        }
        case "dragonfly":
          for (const side of [-1, 1]) for (const dy of [-4, 6]) s.ellipse(side * 26, y + dy, 24, 5, { fill: o.wing, op: 0.7 }, side * (dy < 0 ? -8 : 8));
          s.rect(-2.5, y - 6, 5, 52, { fill: o.body });
          s.circle(0, y - 10, 6, { fill: o.body });
          break;
        case "beetle":
        case "ladybird":
          for (const side of [-1, 1]) for (let i = 0; i < 3; i++) s.line([side * 10, y - 6 + i * 8, side * 24, y - 10 + i * 12], { stroke: "dark", w: 2 });
          s.ellipse(0, y, 18, 22, { fill: o.body });
          s.line([0, y - 20, 0, y + 22], { stroke: "dark", w: 1.6 });
          s.circle(0, y - 24, 8, { fill: "dark" });
          if (o.kind === "ladybird")
            for (const [dx, dy] of [
              [-8, -6],
              [8, -6],
              [-9, 8],
              [9, 8],
            ] as const)
              s.circle(dx, y + dy, 3.5, { fill: "dark", bare: true });
          break;
        case "spider":
          s.line([0, -100, 0, y - 10], { stroke: "pale", w: 1 });
          for (const side of [-1, 1])
            for (let i = 0; i < 4; i++) s.line([side * 6, y - 4 + i * 4, side * 20, y - 16 + i * 6, side * 28, y - 2 + i * 8], { stroke: o.body, w: 2.2 });
          s.circle(0, y + 6, 12, { fill: o.body });
          s.circle(0, y - 8, 7, { fill: o.body });
          break;
        case "ant":
          for (const dx of [-16, 0, 14]) s.ellipse(dx, y, dx === 0 ? 6 : 9, 7, { fill: o.body });
          for (let i = -1; i <= 1; i++) s.line([i * 4, y, i * 10 - 4, y + 16], { stroke: o.body, w: 1.8 });
          break;
        case "snail":
          s.path((b) => b.m(-28, 0).q(-30, -12, 0, -12).l(30, -12).q(36, -24, 30, -32).l(28, -12).q(34, 0, -28, 0).z(), { fill: o.body });
          s.path((b) => b.circle(-4, -28, 20).circle(-2, -26, 9), { fill: o.wing });
          break;
      }
    });
}

export function insectActor(o: Insect): Omit<Actor, "subject"> {
  return {
    fur: o.body,
    hand: o.body,
    head: (s, hy, part) => {
      if (part === "ears") {
        for (const side of [-1, 1]) {
          s.path((b) => b.m(side * 8, hy - 20).q(side * 14, hy - 50, side * 30, hy - 56), { stroke: "dark", w: 2.6 });
          s.circle(side * 30, hy - 56, 4, { fill: "dark" });
        }
        return;
      }
      s.circle(0, hy, 24, { fill: o.body });
      for (const side of [-1, 1]) s.ellipse(side * 12, hy - 2, 8, 10, { fill: "dark", bare: true });
    },
    tail: (s, seated) => {
      const y = seated ? -190 : -220;
      for (const side of [-1, 1]) s.ellipse(side * 70, y, 56, 30, { fill: o.kind === "bee" ? "pale" : o.wing, op: 0.75 }, side * -30);
    },
  };
}

/* ------------------------------------------------------------------ serpents and dragons */

export function serpent(role: Role, belly: Role, o: { wings?: boolean; horns?: boolean; legs?: boolean; long?: number } = {}): Draw {
  return (s, p) =>
    local(s, p, () => {
      const l = o.long ?? 1;
      const ph = (p.v % 4) * 0.8;
      const pts: Pt[] = [];
      for (let i = 0; i <= 16; i++) {
        const t = i / 16;
        pts.push([-60 * l + t * 100 * l, -24 - Math.sin(t * Math.PI * 2 + ph) * 14 - t * 24]);
      }
      if (o.wings) s.path((b) => b.m(-10, -52).l(-30, -110).l(10, -96).l(30, -120).l(34, -70).z(), { fill: belly, op: 0.9 });
      if (o.legs) for (const dx of [-30, 10]) s.poly([dx * l - 4, -34, dx * l + 4, -34, dx * l + 8, 0, dx * l - 2, 0], { fill: role });
      sleeve(s, pts, 6, o.legs ? 22 : 16, role);
      const [hx, hy] = pts[16]!;
      s.ellipse(hx + 6, hy - 2, 14, 9, { fill: role }, -10);
      s.circle(hx + 8, hy - 6, 2.4, { fill: "light", bare: true });
      if (o.horns) s.path((b) => b.m(hx, hy - 8).q(hx - 6, hy - 22, hx - 16, hy - 24), { stroke: "gold", w: 3 });
      if (!o.legs)
        s.path(
          (b) =>
            b
              .m(hx + 18, hy)
              .l(hx + 26, hy + 2)
              .l(hx + 30, hy - 2),
          { stroke: "red", w: 1.6 },
        );
    });
}

export function serpentActor(role: Role, belly: Role, horns: boolean, wings: boolean): Omit<Actor, "subject"> {
  return {
    fur: role,
    hand: role,
    head: (s, hy, part) => {
      if (part === "ears") {
        if (horns) for (const side of [-1, 1]) s.path((b) => b.m(side * 10, hy - 16).q(side * 20, hy - 46, side * 34, hy - 52), { stroke: "gold", w: 5 });
        return;
      }
      s.path(
        (b) =>
          b
            .m(-24, hy - 8)
            .c(-24, hy - 32, 24, hy - 32, 24, hy - 8)
            .c(22, hy + 12, 12, hy + 30, 0, hy + 32)
            .c(-12, hy + 30, -22, hy + 12, -24, hy - 8)
            .z(),
        { fill: role },
      );
      s.ellipse(0, hy + 16, 10, 10, { fill: belly, bare: true, op: 0.8 });
      for (const side of [-1, 1]) s.ellipse(side * 11, hy - 6, 5, 3, { fill: "sun", bare: true }, side * 20);
    },
    tail: (s, seated) => {
      const y = seated ? -20 : -40;
      s.path((b) => b.m(30, y).c(90, y + 10, 120, y - 40, 100, y - 80), { stroke: role, w: 14 });
      if (wings)
        for (const side of [-1, 1])
          s.path(
            (b) =>
              b
                .m(side * 24, -200)
                .l(side * 100, -300)
                .l(side * 150, -250)
                .l(side * 120, -220)
                .l(side * 150, -180)
                .l(side * 40, -160)
                .z(),
            { fill: belly, op: 0.9 },
          );
    },
  };
}

/** A frog, a bat or a lizard: small creatures with their own outlines. */
export function frog(role: Role): Draw {
  return (s, p) =>
    local(s, p, () => {
      s.ellipse(-14, -6, 14, 7, { fill: role });
      s.path((b) => b.m(-24, -4).c(-26, -36, 20, -44, 26, -14).q(26, 0, -24, -4).z(), { fill: role });
      for (const dx of [4, 18]) {
        s.circle(dx, -34, 7, { fill: role });
        s.circle(dx, -35, 3, { fill: "dark", bare: true });
      }
      s.line([8, -18, 26, -20], { stroke: "dark", w: 1.6 });
    });
}

export function bat(role: Role): Draw {
  return (s, p) =>
    local(s, p, () => {
      const y = -50;
      for (const side of [-1, 1])
        s.path(
          (b) =>
            b
              .m(0, y)
              .l(side * 20, y - 18)
              .l(side * 50, y - 14)
              .q(side * 42, y - 2, side * 46, y + 10)
              .q(side * 34, y, side * 28, y + 12)
              .q(side * 18, y + 2, side * 8, y + 10)
              .z(),
          { fill: role },
        );
      s.ellipse(0, y, 8, 12, { fill: role });
      for (const side of [-1, 1]) s.poly([side * 2, y - 10, side * 7, y - 22, side * 8, y - 8], { fill: role });
    });
}

export function lizard(role: Role): Draw {
  return (s, p) =>
    local(s, p, () => {
      s.path((b) => b.m(-50, -6).q(-30, -2, -20, -8), { stroke: role, w: 4 });
      for (const dx of [-12, 14]) for (const side of [-1, 1]) s.line([dx, -8, dx + side * 8, side > 0 ? 0 : -16], { stroke: role, w: 3 });
      s.ellipse(0, -8, 22, 6, { fill: role });
      s.ellipse(26, -10, 9, 5, { fill: role });
      s.circle(28, -12, 1.6, { fill: "dark", bare: true });
    });
}
