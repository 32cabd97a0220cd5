/**
 * Places, weather and the sky: a landmark figure for each (so it can be a detail), and a backdrop
 * or overlay that turns a card's background into the theme's setting.
 */
import { cloud, crescent, hills, mountains, sparkle, star, starField, sun as sunFigure, tower } from "../figures";
import type { Rng } from "../kit";
import { skyline } from "../motifs";
import type { Role, Scene } from "../scene";
import { starPoints } from "../scene";
import { local } from "./creatures";
import { books, neonSigns, reeds, seaweed, streetLamp } from "./things";
import type { Draw, Pose } from "./types";

const at =
  (draw: (s: Scene, v: number) => void): Draw =>
  (s, p) =>
    local(s, p, () => draw(s, p.v));
const pose = (x: number, y: number, size: number, v = 0, facing: 1 | -1 = 1): Pose => ({ x, y, size, facing, v });

/* ------------------------------------------------------------------ landmarks */

export const temple: Draw = at((s) => {
  s.poly([-60, -70, 0, -110, 60, -70], { fill: "stone2" });
  s.rect(-56, -70, 112, 8, { fill: "stone" });
  for (let i = 0; i < 5; i++) s.rect(-48 + i * 22, -62, 9, 52, { fill: "stone" });
  s.rect(-62, -10, 124, 10, { fill: "stone2" });
});

export const pagoda: Draw = at((s) => {
  for (let i = 0; i < 4; i++) {
    const w = 50 - i * 9;
    const y = -i * 30;
    s.rect(-w * 0.6, y - 24, w * 1.2, 24, { fill: "red" });
    s.path(
      (b) =>
        b
          .m(-w - 6, y - 22)
          .q(0, y - 34, w + 6, y - 22)
          .l(w - 4, y - 30)
          .q(0, y - 40, -w + 4, y - 30)
          .z(),
      { fill: "dark" },
    );
  }
  s.line([0, -120, 0, -140], { stroke: "gold", w: 3 });
});

export const torii: Draw = at((s) => {
  for (const dx of [-34, 34]) s.rect(dx - 5, -84, 10, 84, { fill: "red" });
  s.path((b) => b.m(-58, -92).q(0, -100, 58, -92).l(56, -84).q(0, -90, -56, -84).z(), { fill: "dark" });
  s.rect(-44, -74, 88, 7, { fill: "red" });
});

export const castle: Draw = (s, p) => {
  local(s, p, () => {
    s.rect(-50, -60, 100, 60, { fill: "stone" });
    for (let i = 0; i < 6; i++) s.rect(-50 + i * 18, -68, 10, 8, { fill: "stone" });
    s.path((b) => b.m(-10, 0).l(-10, -26).q(0, -38, 10, -26).l(10, 0).z(), { fill: "dark" });
  });
  for (const dx of [-0.55, 0.55]) tower(s, p.x + dx * p.size * p.facing, p.y, p.size * 0.3, p.size * 1.05, "stone2", "light");
};

export const cathedral: Draw = at((s) => {
  for (const dx of [-34, 34]) {
    s.rect(dx - 12, -100, 24, 100, { fill: "stone" });
    s.poly([dx - 14, -100, dx, -140, dx + 14, -100], { fill: "stone2" });
  }
  s.rect(-22, -70, 44, 70, { fill: "stone" });
  s.circle(0, -52, 11, { fill: "accent" });
  s.path((b) => b.m(-8, 0).l(-8, -22).q(0, -32, 8, -22).l(8, 0).z(), { fill: "dark" });
});

export const lighthouse: Draw = at((s, v) => {
  if (v % 2 === 0) s.poly([0, -104, 150, -130, 150, -80], { fill: "light", op: 0.35, bare: true });
  s.poly([-16, 0, -10, -96, 10, -96, 16, 0], { fill: "pale" });
  for (const y of [-30, -66]) s.poly([-14, y, 14, y, 13, y - 12, -13, y - 12], { fill: "red" });
  s.rect(-9, -112, 18, 16, { fill: "sun" });
  s.poly([-12, -112, 0, -124, 12, -112], { fill: "red" });
});

export const observatory: Draw = at((s) => {
  s.rect(-36, -40, 72, 40, { fill: "stone" });
  s.path((b) => b.m(-40, -40).c(-40, -84, 40, -84, 40, -40).z(), { fill: "metal" });
  s.with(
    (t) => t.rotate(-35, 0, -60),
    () => s.rect(-6, -96, 12, 36, { fill: "dark" }),
  );
});

export const house: Draw = at((s, v) => {
  s.rect(-26, -40, 52, 40, { fill: v % 2 ? "stone" : "pale" });
  s.poly([-32, -40, 0, -66, 32, -40], { fill: "red" });
  s.rect(-6, -20, 12, 20, { fill: "trunk" });
  s.rect(10, -32, 10, 10, { fill: "light" });
});

export const ruins: Draw = at((s, v) => {
  const hs = v % 2 ? [70, 40, 90] : [90, 55, 30];
  hs.forEach((h, i) => {
    const x = -40 + i * 40;
    s.rect(x - 8, -h, 16, h, { fill: "stone" });
    s.poly([x - 8, -h, x + 8, -h, x + 4, -h - 8, x - 2, -h - 4], { fill: "stone" });
  });
  s.path((b) => b.m(-48, -90).q(-20, -120, 8, -90).l(2, -84).q(-20, -108, -42, -84).z(), { fill: "stone2" });
  s.rect(-56, -8, 112, 8, { fill: "stone2" });
});

export const bridge: Draw = at((s) => {
  s.path((b) => b.m(-70, 0).l(-70, -40).q(0, -70, 70, -40).l(70, 0).l(50, 0).q(0, -44, -50, 0).z(), { fill: "stone" });
  s.line([-70, -48, 0, -76, 70, -48], { stroke: "stone2", w: 3 });
});

export const market: Draw = at((s, v) => {
  s.rect(-40, -40, 80, 40, { fill: "trunk" });
  const role: Role = v % 2 ? "red" : "accent";
  s.path((b) => b.m(-48, -40).l(-40, -64).l(40, -64).l(48, -40).q(36, -32, 24, -40).q(12, -32, 0, -40).q(-12, -32, -24, -40).q(-36, -32, -48, -40).z(), {
    fill: role,
  });
  for (const [dx, r] of [
    [-20, "sun"],
    [0, "red"],
    [20, "leaf"],
  ] as const)
    s.circle(dx, -44, 6, { fill: r });
});

export const volcano: Draw = at((s) => {
  s.poly([-70, 0, -16, -80, 16, -80, 70, 0], { fill: "stone2" });
  s.poly([-16, -80, 16, -80, 8, -60, 0, -70, -8, -56], { fill: "fire" });
  s.circle(0, -100, 20, { fill: "fire", glow: true });
});

export const island: Draw = at((s) => {
  s.ellipse(0, -6, 60, 14, { fill: "ground" });
  s.path((b) => b.m(-4, -10).q(-10, -50, 4, -80).l(8, -80).q(-4, -50, 4, -10).z(), { fill: "trunk" });
  for (const a of [-150, -110, -60, -20])
    s.with(
      (t) => t.translate(6, -80).rotate(a),
      () => s.path((b) => b.m(0, 0).q(20, -8, 36, 6).q(20, -1, 0, 3).z(), { fill: "leaf" }),
    );
});

export const cave: Draw = at((s) => {
  s.path((b) => b.m(-60, 0).q(-60, -90, 0, -96).q(60, -90, 60, 0).z(), { fill: "stone2" });
  s.path((b) => b.m(-30, 0).q(-30, -54, 0, -58).q(30, -54, 30, 0).z(), { fill: "dark" });
});

export const mesa: Draw = at((s) => {
  s.poly([-70, 0, -54, -60, 40, -60, 60, 0], { fill: "fire", op: 0.8 });
  for (const y of [-40, -20]) s.line([-60, y, 52, y], { stroke: "trunk", w: 2, op: 0.6 });
});

export const floatingRock: Draw = at((s) => {
  s.poly([-40, -60, 40, -60, 20, -30, 4, -10, -18, -30], { fill: "stone2" });
  s.ellipse(0, -62, 42, 8, { fill: "leaf" });
  s.rect(10, -80, 3, 18, { fill: "trunk" });
  s.circle(12, -84, 9, { fill: "leaf" });
});

/* ------------------------------------------------------------------ backdrops (at a card's horizon) */

function row(s: Scene, rng: Rng, draw: Draw, y: number, count: number, h: [number, number], p: { skip?: [number, number] } = {}) {
  const step = 600 / count;
  for (let i = 0; i < count; i++) {
    const x = step * (i + 0.5) + rng.range(-step * 0.3, step * 0.3);
    if (p.skip && x > p.skip[0] && x < p.skip[1]) continue;
    draw(s, pose(x, y + rng.range(-6, 10), rng.range(h[0], h[1]), rng.int(0, 5), rng.chance(0.5) ? 1 : -1));
  }
}

export function cityBackdrop(s: Scene, horizon: number, rng: Rng) {
  skyline(s, rng, horizon + 10, 220, "stone2", 1.2);
  skyline(s, rng, horizon + 30, 150, "cloak", 1);
  s.rect(0, horizon + 30, 600, 800 - horizon, { fill: "ground2", bg: true });
  for (let i = 0; i < 3; i++) s.line([0, horizon + 60 + i * 40, 600, horizon + 60 + i * 40], { stroke: "accent", w: 1.4, op: 0.3 });
  for (const x of [40, 560]) streetLamp(s, pose(x, horizon + 60, 150));
}

export function neonBackdrop(s: Scene, horizon: number, rng: Rng) {
  const xs = [60, 140, 460, 540].filter(() => rng.chance(0.8));
  xs.forEach((x, i) => neonSigns(s, pose(x, horizon - 60 + rng.range(-60, 30), rng.range(90, 130), i + rng.int(0, 1))));
}

export const forestBackdrop = (tree: Draw) => (s: Scene, horizon: number, rng: Rng) => {
  row(s, rng, tree, horizon + 10, 7, [150, 240]);
};

export function seaBackdrop(s: Scene, horizon: number, rng: Rng) {
  s.rect(0, horizon, 600, 800 - horizon, { fill: "water", bg: true });
  for (let i = 0; i < 8; i++) {
    const y = horizon + 14 + i * ((800 - horizon) / 9);
    const x = rng.range(0, 300);
    s.path(
      (b) =>
        b
          .m(x, y)
          .q(x + 30, y - 8, x + 60, y)
          .q(x + 90, y + 8, x + 120, y)
          .q(x + 150, y - 8, x + 180, y),
      { stroke: "light", w: 2, op: 0.5 },
    );
  }
}

export function desertBackdrop(s: Scene, horizon: number, rng: Rng) {
  for (let i = 0; i < 3; i++) {
    const y = horizon + i * 50;
    const mid = rng.range(150, 450);
    s.path(
      (b) =>
        b
          .m(0, 800)
          .l(0, y + 20)
          .q(mid * 0.5, y - 30, mid, y)
          .q(mid + 120, y + 20, 600, y - 12)
          .l(600, 800)
          .z(),
      { fill: i === 1 ? "ground2" : "ground", bg: true },
    );
  }
}

export function mountainBackdrop(s: Scene, horizon: number, rng: Rng) {
  mountains(s, rng, horizon + 10, 200, "hill", 4, "pale");
}

export function libraryBackdrop(s: Scene, horizon: number, rng: Rng) {
  for (const x0 of [0, 470]) {
    s.rect(x0, horizon - 330, 130, 340, { fill: "trunk", bg: true });
    for (let shelf = 0; shelf < 4; shelf++) {
      const y = horizon - 250 + shelf * 80;
      books(s, pose(x0 + 62, y, 70, shelf + rng.int(0, 3)));
    }
  }
}

export function gardenBackdrop(s: Scene, horizon: number, rng: Rng) {
  hills(s, rng, horizon + 10, 14, "leaf", 5);
  for (let i = 0; i < 14; i++) {
    const x = rng.range(20, 580);
    const y = rng.range(horizon + 30, 780);
    s.circle(x, y, rng.range(6, 10), { fill: rng.pick(["red", "light", "accent"] as Role[]), bg: true });
  }
}

export const landmarkBackdrop = (draw: Draw, size: number) => (s: Scene, horizon: number, rng: Rng) => {
  const left = rng.chance(0.5);
  draw(s, pose(left ? rng.range(70, 130) : rng.range(470, 530), horizon + 20, size * rng.range(0.85, 1.1), rng.int(0, 3), left ? 1 : -1));
};

export const repeatBackdrop = (draw: Draw, count: number, size: [number, number]) => (s: Scene, horizon: number, rng: Rng) =>
  row(s, rng, draw, horizon + 16, count, size, { skip: [200, 400] });

export function underwaterBackdrop(s: Scene, horizon: number, rng: Rng) {
  s.rect(0, 0, 600, 800, { fill: "water", op: 0.38, bg: true });
  for (let i = 0; i < 5; i++) s.poly([rng.range(0, 600), 0, rng.range(0, 600), 800, rng.range(0, 600), 800], { fill: "light", op: 0.08, bg: true, bare: true });
  row(s, rng, seaweed, 800, 6, [80, 160], { skip: [180, 420] });
  for (let i = 0; i < 14; i++) s.circle(rng.range(30, 570), rng.range(60, horizon), rng.range(2, 6), { stroke: "light", w: 1.5, op: 0.7, bg: true });
}

export function riverBackdrop(s: Scene, horizon: number, rng: Rng) {
  const mid = rng.range(200, 400);
  s.path(
    (b) =>
      b
        .m(mid - 20, horizon)
        .q(mid - 120, horizon + 120, mid - 200, 800)
        .l(mid + 160, 800)
        .q(mid + 40, horizon + 120, mid + 20, horizon)
        .z(),
    { fill: "water", bg: true },
  );
}

export function swampBackdrop(s: Scene, horizon: number, rng: Rng) {
  s.rect(0, horizon + 20, 600, 800 - horizon, { fill: "water", op: 0.7, bg: true });
  row(s, rng, reeds, horizon + 40, 8, [60, 110], { skip: [200, 400] });
}

export function iceBackdrop(s: Scene, horizon: number, rng: Rng) {
  for (let i = 0; i < 5; i++) {
    const x = rng.range(0, 600);
    const y = horizon + rng.range(10, 200);
    const w = rng.range(60, 140);
    s.poly([x - w / 2, y, x - w / 3, y - 16, x + w / 3, y - 20, x + w / 2, y], { fill: "pale", op: 0.9, bg: true });
  }
}

export function spaceBackdrop(s: Scene, horizon: number, rng: Rng) {
  starField(s, rng, 30, 40, horizon);
  const x = rng.chance(0.5) ? 110 : 490;
  s.circle(x, 170, 44, { fill: "accent", bg: true });
  s.ellipse(x, 170, 76, 14, { stroke: "light", w: 3, bg: true }, -16);
}

/* ------------------------------------------------------------------ weather */

export function snowfall(s: Scene, _horizon: number, rng: Rng) {
  for (let i = 0; i < 70; i++) s.circle(rng.range(20, 580), rng.range(40, 780), rng.range(1.8, 4.6), { fill: "pale", op: rng.range(0.6, 0.95), bare: true });
  for (let i = 0; i < 6; i++) s.poly(starPoints(rng.range(30, 570), rng.range(60, 700), 7, 2, 6), { fill: "pale", bare: true, op: 0.9 });
}

export function rain(s: Scene, _horizon: number, rng: Rng) {
  for (let i = 0; i < 60; i++) {
    const x = rng.range(0, 620);
    const y = rng.range(20, 760);
    s.line([x, y, x - 8, y + 26], { stroke: "pale", w: 1.6, op: 0.55 });
  }
}

export function fog(s: Scene, horizon: number, rng: Rng) {
  for (let i = 0; i < 4; i++)
    s.ellipse(rng.range(60, 540), horizon + rng.range(-80, 120), rng.range(180, 300), rng.range(24, 40), { fill: "pale", op: 0.35, bare: true });
}

export function wind(s: Scene, _horizon: number, rng: Rng) {
  for (let i = 0; i < 5; i++) {
    const x = rng.range(40, 360);
    const y = rng.range(120, 600);
    s.path(
      (b) =>
        b
          .m(x, y)
          .q(x + 80, y - 20, x + 160, y)
          .q(x + 200, y + 10, x + 190, y - 20),
      { stroke: "pale", w: 2.2, op: 0.6 },
    );
  }
}

export function storm(s: Scene, _horizon: number, rng: Rng) {
  for (let i = 0; i < 3; i++) cloud(s, rng.range(80, 520), rng.range(110, 200), rng.range(160, 240), "stone2", { op: 0.9 });
  const x = rng.range(100, 500);
  s.poly([x, 200, x - 30, 290, x - 6, 290, x - 34, 380, x + 20, 270, x - 4, 270, x + 20, 200], { fill: "light" });
}

export function aurora(s: Scene, _horizon: number, rng: Rng) {
  for (let i = 0; i < 3; i++) {
    const y = 130 + i * 40 + rng.range(-10, 10);
    s.path(
      (b) =>
        b
          .m(0, y)
          .c(150, y - 60, 300, y + 60, 600, y - 20)
          .l(600, y + 30)
          .c(300, y + 110, 150, y - 10, 0, y + 50)
          .z(),
      { fill: i % 2 ? "accent" : "leaf", op: 0.4, glow: true },
    );
  }
}

export function rainbow(s: Scene, horizon: number, _rng: Rng) {
  const roles: Role[] = ["red", "fire", "sun", "leaf", "water", "accent"];
  roles.forEach((role, i) =>
    s.path((b) => b.m(40 + i * 10, horizon).c(60 + i * 10, 80 + i * 12, 540 - i * 10, 80 + i * 12, 560 - i * 10, horizon), { stroke: role, w: 10, op: 0.55 }),
  );
}

export function cloudsOver(s: Scene, _horizon: number, rng: Rng) {
  for (let i = 0; i < 3; i++) cloud(s, rng.range(60, 540), rng.range(110, 260), rng.range(150, 230), "pale", { op: 0.85 });
}

export function frost(s: Scene, _horizon: number, rng: Rng) {
  for (let i = 0; i < 12; i++) {
    const x = rng.range(40, 560);
    const l = rng.range(14, 40);
    s.poly([x - 5, 60, x + 5, 60, x, 60 + l], { fill: "pale", op: 0.8, bare: true });
  }
  for (let i = 0; i < 8; i++) sparkle(s, rng.range(40, 560), rng.range(80, 740), rng.range(5, 9), "pale");
}

/* ------------------------------------------------------------------ the sky */

export const moonFigure: Draw = (s, p) => {
  const r = p.size * 0.4;
  s.circle(p.x, p.y - r, r * 1.6, { fill: "light", glow: true, op: 0.6 });
  if (p.v % 2 === 0) crescent(s, p.x, p.y - r, r, "light", 0.42, -30);
  else {
    s.circle(p.x, p.y - r, r, { fill: "pale" });
    s.circle(p.x - r * 0.3, p.y - r * 1.2, r * 0.18, { fill: "stone", op: 0.5, bare: true });
  }
};

export const comet: Draw = (s, p) =>
  local(
    s,
    p,
    () => {
      const tilt = p.v % 2 ? 1 : -1;
      s.path(
        (b) =>
          b
            .m(0, -56)
            .l(-170, -50 + tilt * -80)
            .l(-150, -50 + tilt * -44)
            .z(),
        { fill: "light", op: 0.7 },
      );
      s.path(
        (b) =>
          b
            .m(0, -50)
            .l(-120, -50 + tilt * -40)
            .l(-104, -50 + tilt * -16)
            .z(),
        { fill: "sun", op: 0.85 },
      );
      s.circle(0, -50, 34, { fill: "light", glow: true });
      s.circle(0, -50, 14, { fill: "light" });
      s.circle(0, -50, 7, { fill: "pale", bare: true });
    },
    100,
  );

export const sunFigure2: Draw = (s, p) => sunFigure(s, p.x, p.y - p.size * 0.4, p.size * 0.22, 12, p.v % 2 === 1);

export const starsFigure: Draw = (s, p) =>
  local(s, p, () => {
    star(s, 0, -60, 14, 5, "light");
    for (const [x, y, r] of [
      [-40, -30, 6],
      [36, -80, 7],
      [30, -20, 5],
      [-30, -90, 5],
    ] as const)
      sparkle(s, x, y, r);
  });

export const eclipse: Draw = (s, p) =>
  local(s, p, () => {
    s.circle(0, -50, 46, { fill: "light", glow: true });
    s.circle(0, -50, 34, { fill: "sun" });
    s.circle(6, -52, 32, { fill: "dark" });
  });

export const planet: Draw = (s, p) =>
  local(s, p, () => {
    s.circle(0, -50, 30, { fill: "accent" });
    s.ellipse(0, -50, 52, 10, { stroke: "light", w: 3 }, -16);
  });

export const nightFigure: Draw = (s, p) =>
  local(s, p, () => {
    crescent(s, 0, -60, 26, "light", 0.42, -30);
    for (const [x, y] of [
      [-40, -20],
      [40, -30],
      [30, -90],
    ] as const)
      sparkle(s, x, y, 6);
  });

export const dawnFigure: Draw = (s, p) =>
  local(s, p, () => {
    s.path((b) => b.m(-40, -10).c(-40, -60, 40, -60, 40, -10).z(), { fill: "sun" });
    for (let i = 0; i < 5; i++) s.line([-60 + i * 6, -4 - i * 6, 60 - i * 6, -4 - i * 6], { stroke: "light", w: 2, op: 0.5 });
  });

export const dayFigure: Draw = (s, p) => sunFigure(s, p.x, p.y - p.size * 0.5, p.size * 0.2, 12);
