/** The deck's recurring motif, drawn as scenery, as scattered details and as frame ornaments. */
import { cloud, crescent, flower, hills, leaf, mountains, sky, sparkle, starField, tree } from "./figures";
import type { Rng } from "./kit";
import { starPoints, type Paint, type Role, type Scene } from "./scene";

/** Every motif a deck can carry; a deck's theme picks two (`deck-theme.ts`). */
export type Motif = "waves" | "leaves" | "stars" | "flames" | "skyline" | "petals" | "crystals" | "clouds";

export const MOTIFS: readonly Motif[] = ["waves", "leaves", "stars", "flames", "skyline", "petals", "crystals", "clouds"];

const SKY_MOTIFS: readonly Motif[] = ["stars", "flames", "clouds", "skyline"];
const LAND_MOTIFS: readonly Motif[] = ["waves", "leaves", "petals", "crystals", "skyline", "flames"];

export type SceneryLook = { motif: Motif; motif2: Motif; daylight: boolean };

/**
 * Background scenery for a card: a sky dressed by the deck's sky motif, and a landscape from its
 * land motif, so "Moonlit tides" gets a moon and stars over waves. `k` scales the landscape's height
 * (lower for the quiet backgrounds behind pips).
 */
export function scenery(s: Scene, rng: Rng, look: SceneryLook, horizon: number, k = 1, daylight = look.daylight) {
  sky(s, horizon, "sky", "skyLow");
  const skyMotif = [look.motif, look.motif2].find((m) => SKY_MOTIFS.includes(m)) ?? look.motif;
  const land = [look.motif, look.motif2].find((m) => LAND_MOTIFS.includes(m)) ?? look.motif;
  switch (skyMotif) {
    case "stars":
      if (!daylight || land !== "flames") {
        starField(s, rng, 34, 40, horizon - 40);
        crescent(s, rng.chance(0.5) ? rng.range(80, 140) : rng.range(460, 520), rng.range(130, 190), 28, "light", 0.42, -30, { bg: true });
      }
      break;
    case "flames":
      if (daylight) {
        const sx = rng.range(200, 400);
        s.circle(sx, horizon, 190 * k, { fill: "light", glow: true, op: 0.6, bg: true });
        for (let i = 0; i < 18; i++) {
          const a = Math.PI + (i / 17) * Math.PI;
          s.poly(
            [sx, horizon, sx + Math.cos(a - 0.05) * 700, horizon + Math.sin(a - 0.05) * 700, sx + Math.cos(a + 0.05) * 700, horizon + Math.sin(a + 0.05) * 700],
            { fill: "light", op: 0.12, bg: true, bare: true },
          );
        }
        s.circle(sx, horizon, 70 * k, { fill: "sun", bg: true, bare: true });
      } else {
        starField(s, rng, 16, 40, horizon - 60);
        // Sky lanterns drifting upward.
        for (let i = 0; i < 6; i++) {
          const x = rng.range(50, 550);
          const y = rng.range(110, horizon - 90);
          const r = rng.range(7, 12);
          s.circle(x, y, r * 2.6, { fill: "sun", glow: true, op: 0.7, bg: true });
          s.path(
            (b) =>
              b
                .m(x - r, y - r * 1.1)
                .q(x, y - r * 1.7, x + r, y - r * 1.1)
                .l(x + r * 0.8, y + r)
                .l(x - r * 0.8, y + r)
                .z(),
            { fill: "sun", bg: true },
          );
          s.rect(x - r * 0.5, y + r, r, r * 0.35, { fill: "fire", bg: true, bare: true });
        }
      }
      break;
    case "clouds":
      for (let i = 0; i < 3; i++) cloud(s, rng.range(80, 520), rng.range(150, horizon - 90), rng.range(140, 220), "pale", { bg: true, op: 0.75 });
      break;
    case "skyline":
      starField(s, rng, 14, 40, horizon - 170);
      break;
    default:
      if (!daylight) crescent(s, rng.chance(0.5) ? rng.range(80, 140) : rng.range(460, 520), rng.range(140, 200), 28, "light", 0.45, -20, { bg: true });
  }
  switch (land) {
    case "waves": {
      for (let i = 0; i < 4; i++) {
        const y = horizon + i * 46 * k;
        waveBand(s, rng, y, (10 + i * 4) * k, i % 2 ? "water" : "hill", 5 + (i % 3));
      }
      break;
    }
    case "leaves": {
      hills(s, rng, horizon - 30 * k, 30 * k, "hill", 3);
      for (let i = 0; i < 7; i++)
        tree(s, 20 + i * 95 + rng.range(-20, 20), horizon + rng.range(-5, 15), rng.range(110, 170) * k, "leaf", "trunk", { bg: true });
      hills(s, rng, horizon + 20, 18, "ground", 4);
      break;
    }
    case "stars": {
      mountains(s, rng, horizon, 90 * k, "hill", 4);
      hills(s, rng, horizon + 16, 22, "ground", 3);
      break;
    }
    case "flames": {
      dunes(s, rng, horizon);
      break;
    }
    case "skyline": {
      skyline(s, rng, horizon + 10, 200 * k, "stone2", 0.9);
      skyline(s, rng, horizon + 40 * k, 140 * k, "cloak", 1);
      s.rect(0, horizon + 40, 600, 800 - horizon, { fill: "ground2", bg: true });
      for (let i = 0; i < 5; i++)
        s.line([rng.range(30, 300), horizon + 70 + i * 28, rng.range(320, 570), horizon + 70 + i * 28], { stroke: "accent", w: 1.6, op: 0.35, bg: true });
      break;
    }
    case "petals": {
      hills(s, rng, horizon - 20 * k, 26 * k, "hill", 3);
      hills(s, rng, horizon + 20, 20, "ground", 4);
      for (let i = 0; i < 16; i++)
        flower(s, rng.range(30, 570), rng.range(horizon + 50, 760), rng.range(7, 13), 5, rng.pick(["red", "light", "accent"] as Role[]), "gold", { bg: true });
      break;
    }
    case "crystals": {
      for (let layer = 0; layer < 2; layer++) {
        const y = horizon + layer * 40 * k;
        for (let i = 0; i < 6; i++) {
          const x = i * 110 + rng.range(-20, 40);
          const h = rng.range(90, 170) * (layer ? 0.7 : 1) * k;
          const w = rng.range(40, 70);
          s.poly([x - w, y + 20, x - w * 0.5, y - h * 0.6, x, y - h, x + w * 0.55, y - h * 0.5, x + w, y + 20], { fill: layer ? "stone2" : "hill", bg: true });
          s.poly([x, y - h, x + w * 0.55, y - h * 0.5, x + w * 0.15, y + 20], { fill: "light", op: 0.22, bg: true, bare: true });
        }
      }
      s.rect(0, horizon + 50, 600, 800 - horizon, { fill: "ground2", bg: true });
      break;
    }
    case "clouds": {
      hills(s, rng, horizon, 22, "hill", 3);
      for (let i = 0; i < 3; i++)
        cloud(s, 100 + i * 200 + rng.range(-30, 30), horizon + (30 + rng.range(0, 20)) * k, rng.range(200, 280) * k, "pale", { bg: true, op: 0.85 });
      hills(s, rng, horizon + 70 * k, 16, "ground", 4);
      break;
    }
  }
}

function waveBand(s: Scene, rng: Rng, y: number, amp: number, role: Role, crests: number) {
  s.path(
    (b) => {
      b.m(0, 800).l(0, y);
      const step = 600 / crests;
      const phase = rng.range(0, step);
      let x = -phase;
      b.l(x, y);
      while (x < 600) {
        b.c(x + step * 0.3, y - amp * 2, x + step * 0.6, y - amp * 2.2, x + step * 0.72, y - amp * 0.6)
          .q(x + step * 0.55, y - amp * 0.2, x + step * 0.62, y + amp * 0.2)
          .q(x + step * 0.85, y + amp * 0.4, x + step, y);
        x += step;
      }
      b.l(x, 800).z();
    },
    { fill: role, bg: true },
  );
}

function dunes(s: Scene, rng: Rng, horizon: number) {
  for (let i = 0; i < 3; i++) {
    const y = horizon + i * 55;
    s.path(
      (b) => {
        const mid = rng.range(150, 450);
        b.m(0, 800)
          .l(0, y + 30)
          .q(mid * 0.6, y - 30, mid, y)
          .q(mid + 120, y + 20, 600, y - 10)
          .l(600, 800)
          .z();
      },
      { fill: i === 1 ? "ground2" : "ground", bg: true },
    );
  }
}

export function skyline(s: Scene, rng: Rng, base: number, height: number, role: Role, lit: number) {
  let x = -10;
  const warm: number[][] = [];
  const cool: number[][] = [];
  while (x < 610) {
    const w = rng.range(34, 70);
    const h = rng.range(height * 0.35, height);
    s.rect(x, base - h, w, h + 40, { fill: role, bg: true });
    if (rng.chance(0.3)) s.rect(x + w * 0.4, base - h - 24, 4, 24, { fill: role, bg: true, bare: true });
    for (let wy = base - h + 12; wy < base - 8; wy += 18)
      for (let wx = x + 7; wx < x + w - 10; wx += 13)
        if (rng.chance(0.3 * lit)) (rng.chance(0.7) ? warm : cool).push([wx, wy, wx + 6, wy, wx + 6, wy + 8, wx, wy + 8]);
    x += w + rng.range(2, 10);
  }
  // All lit windows of one colour form a single shape.
  if (warm.length) s.path((b) => warm.forEach((pts) => b.poly(pts)), { fill: "light", bg: true, bare: true });
  if (cool.length) s.path((b) => cool.forEach((pts) => b.poly(pts)), { fill: "accent", bg: true, bare: true });
}

/** Small motif details scattered over a region (falling leaves, sparks, petals…). */
export function sprinkle(s: Scene, rng: Rng, motif: Motif, count: number, region: [number, number, number, number], p: Paint = {}) {
  const [x0, y0, x1, y1] = region;
  for (let i = 0; i < count; i++) {
    const x = rng.range(x0, x1);
    const y = rng.range(y0, y1);
    motifMark(s, motif, x, y, rng.range(0.7, 1.2), rng.range(0, 360), p);
  }
}

/** One motif mark at (x, y), sized around 20px × size. */
export function motifMark(s: Scene, motif: Motif, x: number, y: number, size: number, rot: number, p: Paint = {}) {
  const r = 10 * size;
  switch (motif) {
    case "waves":
      s.with(
        (t) => t.translate(x, y).rotate(rot * 0),
        () =>
          s.path(
            (b) =>
              b
                .m(-r * 1.4, r * 0.4)
                .c(-r, -r * 0.9, r * 0.4, -r * 1.1, r * 0.6, -r * 0.1)
                .q(r * 0.1, -r * 0.4, -r * 0.1, r * 0.1)
                .q(r * 0.5, r * 0.5, r * 1.4, r * 0.4)
                .z(),
            { fill: "water", ...p },
          ),
      );
      break;
    case "leaves":
      leaf(s, x, y, r * 2.2, rot, rot % 2 > 1 ? "leaf" : "gold", p);
      break;
    case "stars":
      if (rot > 180) sparkle(s, x, y, r * 1.1, "light", p);
      else s.poly(starPoints(x, y, r, r * 0.42, 5, rot * 0.2 - 90), { fill: "light", ...p });
      break;
    case "flames":
      s.with(
        (t) => t.translate(x, y),
        () =>
          s.path(
            (b) =>
              b
                .m(0, -r * 1.6)
                .c(r * 0.9, -r * 0.6, r, r * 0.2, 0, r * 0.8)
                .c(-r, r * 0.2, -r * 0.9, -r * 0.6, 0, -r * 1.6)
                .z(),
            { fill: rot > 180 ? "fire" : "sun", ...p },
          ),
      );
      break;
    case "skyline":
      s.poly([x - r * 0.7, y, x, y - r * 1.1, x + r * 0.7, y, x, y + r * 1.1], { fill: rot > 180 ? "accent" : "light", ...p });
      break;
    case "petals":
      s.with(
        (t) => t.translate(x, y).rotate(rot),
        () =>
          s.path(
            (b) =>
              b
                .m(0, 0)
                .c(r * 0.8, -r * 0.8, r * 1.6, -r * 0.2, r * 1.4, r * 0.1)
                .c(r, r * 0.6, r * 0.4, r * 0.4, 0, 0)
                .z(),
            { fill: rot > 180 ? "red" : "accent", ...p },
          ),
      );
      break;
    case "crystals":
      s.poly([x, y - r * 1.4, x + r * 0.55, y - r * 0.3, x, y + r * 1.2, x - r * 0.55, y - r * 0.3], { fill: rot > 180 ? "light" : "water", ...p });
      break;
    case "clouds":
      cloud(s, x, y, r * 4, "pale", p);
      break;
  }
}
