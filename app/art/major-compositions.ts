/** Major Arcana: one composition per card, each built on its traditional imagery. */
import { dog, horse, lion, sphinx } from "./animals";
import { emblem } from "./emblems";
import {
  cloud,
  crescent,
  figure,
  flower,
  hills,
  leaf,
  moon,
  mountains,
  pillar,
  sky,
  sleeve,
  smallFigure,
  starField,
  stem,
  sun,
  throne,
  tower,
  tree,
  waterBand,
  wheat,
} from "./figures";
import type { Ctx } from "./minor-compositions";
import { drawSubject, lead, mainCreature } from "./subjects/cast";
import { scenery, skyline, sprinkle } from "./motifs";
import { themeProps } from "./theme-staging";
import {
  banner,
  bolt,
  crayfish,
  crownProp,
  flame,
  ground,
  infinity,
  jug,
  key,
  lantern,
  lily,
  rose,
  scales,
  skull,
  stream,
  wheelOfFortune,
} from "./major-props";
import { starPoints, type Scene } from "./scene";

/* ------------------------------------------------------------------ the 22 cards */

type Compose = (s: Scene, ctx: Ctx) => void;

const fool: Compose = (s, { rng, cast, look }) => {
  sky(s, 560);
  s.symbol("sun", () => sun(s, 130, 190, 50, 16, false));
  mountains(s, rng, 520, 190, "hill", 3, "pale");
  s.rect(0, 540, 600, 260, { fill: "hill", fill2: "skyLow", bg: true, op: 0.9 });
  cloud(s, 520, 700, 200, "pale", { bg: true, op: 0.6 });
  s.symbol("cliff", () => {
    s.path((b) => b.m(0, 800).l(0, 590).q(160, 560, 300, 574).q(360, 578, 404, 590).l(420, 624).l(408, 668).l(424, 800).z(), { fill: "ground", bg: true });
    s.path((b) => b.m(404, 590).l(420, 624).l(408, 668).l(424, 800).l(384, 800).l(384, 660).l(400, 620).z(), { fill: "ground2", bg: true, bare: true });
  });
  sprinkle(s, rng, look.motif2, 4, [260, 110, 560, 300], { bg: true, op: 0.7 });
  s.foreground();
  for (const [x, y] of [
    [70, 620],
    [120, 650],
    [60, 690],
  ] as const)
    flower(s, x, y, 12, 5, "accent", "gold");
  const f = figure(
    s,
    lead(cast, { x: 320, y: 590, h: 330, robe: "robe2", under: "pale", head: "cap", hair: "short", belt: "gold", left: [-62, -120], right: [40, -222] }),
  );
  s.symbol("bundle", () => {
    s.line([f.right[0] + 22, f.right[1] + 30, f.right[0] - 88, f.right[1] - 56], { stroke: "trunk", w: 6 });
    s.path(
      (b) =>
        b
          .m(f.right[0] - 82, f.right[1] - 50)
          .q(f.right[0] - 120, f.right[1] - 60, f.right[0] - 112, f.right[1] - 20)
          .q(f.right[0] - 80, f.right[1] - 6, f.right[0] - 82, f.right[1] - 50)
          .z(),
      { fill: "red" },
    );
  });
  rose(s, f.left[0] - 6, f.left[1] - 14, 14, "pale");
  s.symbol("dog", () => dog(s, 200, 596, 84, 1, "pale", "leap"));
};

const magician: Compose = (s, { rng, cast, look }) => {
  scenery(s, rng, look, 600);
  s.foreground();
  s.symbol("garland", () => {
    for (let i = 0; i < 8; i++) {
      const x = 50 + i * 71;
      s.path((b) => b.m(x - 36, 108).q(x, 150, x + 36, 108), { stroke: "leaf", w: 4 });
      rose(s, x, 132 + (i % 2) * 10, 16, "red");
    }
  });
  const f = figure(
    s,
    lead(cast, { x: 300, y: 610, h: 390, robe: "pale", cloak: "red", head: "none", hair: "short", belt: "gold", left: [-64, -70], right: [52, -336] }),
  );
  infinity(s, 300, f.head[1] - 58, 56);
  s.symbol("wand", () => {
    s.line([f.right[0], f.right[1] - 60, f.right[0], f.right[1] + 30], { stroke: "pale", w: 8 });
    s.circle(f.right[0], f.right[1] - 62, 7, { fill: "light" });
  });
  sprinkle(s, rng, look.motif2, 3, [100, 200, 500, 320], { op: 0.8 });
  s.symbol("table", () => {
    s.rect(130, 560, 340, 26, { fill: "trunk" });
    s.rect(150, 586, 300, 90, { fill: "robe2" });
  });
  emblem(s, "cups", 185, 520, 76);
  emblem(s, "pentacles", 262, 530, 56);
  emblem(s, "swords", 350, 540, 100, 76);
  emblem(s, "wands", 425, 520, 84, 10);
  for (const x of [170, 250, 350, 430]) lily(s, x, 700, 22);
};

const priestess: Compose = (s, { rng, cast, variant = 0 }) => {
  sky(s, 600, "night", "sky");
  ground(s, 600, "ground2");
  // The veil of pomegranates, its pattern woven anew in each painting.
  const phase = variant ? [rng.range(-40, 40), rng.range(-36, 36)] : [0, 0];
  const tilt = variant ? rng.range(-40, 40) : 0;
  s.symbol("veil", () => {
    s.rect(120, 150, 360, 470, { fill: "robe2", bg: true });
    for (let r = -1; r < 6; r++)
      for (let c = -1; c < 5; c++) {
        const x = 165 + c * 90 + (((r % 2) + 2) % 2) * 45 + phase[0]!;
        const y = 190 + r * 80 + phase[1]!;
        if (x < 130 || x > 484 || y < 166 || y > 560) continue;
        s.circle(x, y, 13, { fill: "red", bg: true });
        leaf(s, x - 2, y - 10, 16, -120 + tilt, "leaf", { bg: true });
      }
  });
  s.foreground();
  s.symbol("pillar", () => pillar(s, 92, 650, 130, 72, "dark", "stone", "B"));
  s.symbol("pillar", () => pillar(s, 508, 650, 130, 72, "pale", "stone", "J"));
  const f = figure(
    s,
    lead(cast, { x: 300, y: 650, h: 420, seated: true, robe: "water", under: "pale", head: "moon", hair: "long", left: [-32, -142], right: [32, -138] }),
  );
  s.symbol("scroll", () => s.rect(264, f.left[1] - 18, 72, 34, { fill: "pale" }));
  s.text(300, f.left[1] + 1, "TORA", 14, "dark", "700");
  s.symbol("cross", () => {
    s.rect(294, f.head[1] + 46, 12, 40, { fill: "pale", bare: true });
    s.rect(282, f.head[1] + 58, 36, 12, { fill: "pale", bare: true });
  });
  s.symbol("moon", () => crescent(s, 300, 652, 46, "light", 0.5, -90));
};

const empress: Compose = (s, { rng, cast, look }) => {
  sky(s, 480);
  hills(s, rng, 470, 40, "hill", 3);
  for (let i = 0; i < 6; i++) tree(s, 30 + i * 110 + rng.range(-15, 15), 500, rng.range(150, 200), "leaf", "trunk", { bg: true });
  s.symbol("stream", () => s.path((b) => b.m(470, 330).q(500, 400, 490, 560).l(530, 560).q(540, 400, 500, 330).z(), { fill: "water", bg: true }));
  ground(s, 540, "ground");
  sprinkle(s, rng, look.motif2, 4, [60, 110, 540, 250], { bg: true, op: 0.7 });
  s.foreground();
  s.path((b) => b.m(150, 650).l(150, 330).q(150, 290, 300, 280).q(450, 290, 450, 330).l(450, 650).z(), { fill: "red", op: 0.9 });
  const f = figure(
    s,
    lead(cast, { x: 300, y: 660, h: 400, seated: true, robe: "pale", under: "robe2", head: "stars", hair: "long", left: [-58, -112], right: [46, -170] }),
  );
  for (let i = 0; i < 9; i++) s.circle(240 + (i % 3) * 60 + rng.range(-8, 8), 470 + Math.floor(i / 3) * 50, 7, { fill: "red", bare: true });
  s.symbol("sceptre", () => {
    s.line([f.right[0], f.right[1] + 40, f.right[0], f.right[1] - 110], { stroke: "gold", w: 6 });
    s.circle(f.right[0], f.right[1] - 116, 14, { fill: "gold" });
  });
  s.symbol("venus-shield", () => {
    s.path((b) => b.m(168, 560).c(150, 530, 170, 500, 200, 515).c(230, 500, 250, 530, 232, 560).l(200, 600).z(), { fill: "gold" });
    s.circle(200, 538, 13, { stroke: "dark", w: 3.5 });
    s.line([200, 551, 200, 576], { stroke: "dark", w: 3.5 });
    s.line([191, 566, 209, 566], { stroke: "dark", w: 3.5 });
  });
  s.symbol("wheat-field", () => {
    for (let i = 0; i < 11; i++) s.symbol("wheat", () => wheat(s, 50 + i * 50, 690, rng.range(70, 100), rng.range(-18, 18)));
  });
};

const emperor: Compose = (s, { rng, cast }) => {
  sky(s, 520, "skyLow", "light");
  mountains(s, rng, 540, 300, "ground", 4);
  mountains(s, rng, 560, 160, "ground2", 3);
  ground(s, 600, "ground2");
  s.foreground();
  s.symbol("throne", () => throne(s, 300, 668, 260, 470, "stone", "gold", "ram"));
  const f = figure(
    s,
    lead(cast, {
      x: 300,
      y: 668,
      h: 410,
      seated: true,
      robe: "red",
      under: "metal",
      cloak: "fire",
      head: "square",
      hair: "short",
      left: [-66, -130],
      right: [58, -150],
    }),
  );
  s.path(
    (b) =>
      b
        .m(f.head[0] - 20, f.head[1] + 8)
        .q(f.head[0], f.head[1] + 70, f.head[0] + 20, f.head[1] + 8)
        .z(),
    { fill: "pale" },
  );
  const ax = f.right[0];
  const ay = f.right[1];
  s.symbol("ankh", () => {
    s.line([ax, ay + 30, ax, ay - 120], { stroke: "gold", w: 7 });
    s.line([ax - 16, ay - 96, ax + 16, ay - 96], { stroke: "gold", w: 7 });
    s.path((b) => b.circle(ax, ay - 118, 16).circle(ax, ay - 118, 8), { fill: "gold" });
  });
  s.symbol("orb", () => {
    s.circle(f.left[0], f.left[1] - 18, 20, { fill: "gold" });
    s.line([f.left[0], f.left[1] - 38, f.left[0], f.left[1] - 56], { stroke: "gold", w: 4 });
    s.line([f.left[0] - 8, f.left[1] - 48, f.left[0] + 8, f.left[1] - 48], { stroke: "gold", w: 4 });
  });
};

const hierophant: Compose = (s, { rng, cast, look }) => {
  sky(s, 620, "sky", "skyLow");
  ground(s, 620, "ground2");
  sprinkle(s, rng, look.motif2, 3, [200, 110, 400, 200], { bg: true, op: 0.6 });
  s.foreground();
  s.symbol("pillar", () => pillar(s, 110, 640, 150, 70, "stone2", "gold"));
  s.symbol("pillar", () => pillar(s, 490, 640, 150, 70, "stone2", "gold"));
  s.symbol("throne", () => throne(s, 300, 640, 220, 440, "stone", "gold", "ball"));
  const f = figure(
    s,
    lead(cast, { x: 300, y: 640, h: 390, seated: true, robe: "red", under: "pale", cloak: "red", head: "tiara", left: [-60, -150], right: [40, -250] }),
  );
  s.poly([f.right[0] - 4, f.right[1] - 8, f.right[0] - 6, f.right[1] - 34, f.right[0] + 1, f.right[1] - 34, f.right[0] + 2, f.right[1] - 10], { fill: "skin" });
  const sx = f.left[0];
  s.symbol("papal-cross", () => {
    s.line([sx, 640, sx, f.left[1] - 130], { stroke: "gold", w: 6 });
    for (const [dy, w] of [
      [-126, 22],
      [-108, 30],
      [-90, 38],
    ] as const)
      s.line([sx - w / 2, f.left[1] + dy, sx + w / 2, f.left[1] + dy], { stroke: "gold", w: 5 });
  });
  key(s, 270, 650, 70, -35, "gold");
  key(s, 330, 650, 70, 35, "metal");
  s.symbol("acolyte", () => smallFigure(s, 170, 690, 140, "robe2"));
  s.symbol("acolyte", () => smallFigure(s, 430, 690, 140, "robe"));
  flower(s, 170, 640, 10, 5, "red", "gold");
  lily(s, 430, 652, 14);
};

const lovers: Compose = (s, { rng, cast }) => {
  sky(s, 560);
  s.symbol("sun", () => sun(s, 300, 170, 60, 20));
  s.symbol("mountain", () => s.path((b) => b.m(200, 600).l(300, 380).l(400, 600).z(), { fill: "hill", bg: true }));
  hills(s, rng, 580, 20, "ground", 3);
  s.foreground();
  s.symbol("angel", () =>
    figure(s, { x: 300, y: 420, h: 220, robe: "robe", wings: "feather", hair: "long", head: "none", left: [-80, -250], right: [80, -250] }),
  );
  cloud(s, 300, 405, 300, "pale");
  s.symbol("tree", () => tree(s, 110, 620, 260, "fire", "trunk"));
  s.symbol("tree", () => {
    tree(s, 490, 620, 260, "leaf", "trunk");
    for (const [x, y] of [
      [460, 430],
      [510, 410],
      [480, 470],
      [530, 450],
    ] as const)
      s.circle(x, y, 9, { fill: "red" });
  });
  s.symbol("serpent", () => s.path((b) => b.m(490, 600).c(470, 560, 520, 540, 496, 500).c(480, 480, 510, 470, 500, 450), { stroke: "accent", w: 6 }));
  s.symbol("lover", () => figure(s, lead(cast, { x: 190, y: 660, h: 300, robe: "robe2", head: "none", hair: "short", left: [-40, -130], right: [52, -190] })));
  s.symbol("lover", () => figure(s, lead(cast, { x: 410, y: 660, h: 290, robe: "pale", head: "none", hair: "long", left: [-54, -210], right: [44, -130] })));
};

const chariot: Compose = (s, { rng, cast }) => {
  sky(s, 470);
  skyline(s, rng, 480, 130, "stone", 0.6);
  ground(s, 470, "ground");
  s.rect(0, 520, 600, 60, { fill: "water", bg: true });
  s.foreground();
  s.symbol("canopy", () => {
    for (const x of [170, 430]) s.rect(x - 6, 170, 12, 330, { fill: "gold" });
    s.path((b) => b.m(150, 190).q(300, 140, 450, 190).l(450, 160).q(300, 110, 150, 160).z(), { fill: "night" });
    for (let i = 0; i < 6; i++) s.poly(starPoints(190 + i * 44, 158 - Math.sin((i / 5) * Math.PI) * 18, 8, 3.5, 6), { fill: "light", bare: true });
  });
  const f = figure(
    s,
    lead(cast, { x: 300, y: 600, h: 330, robe: "metal", under: "robe", head: "crown", hair: "short", belt: "gold", left: [-46, -150], right: [56, -170] }),
  );
  s.symbol("wand", () => {
    s.line([f.right[0], f.right[1] + 20, f.right[0], f.right[1] - 130], { stroke: "gold", w: 6 });
    s.circle(f.right[0], f.right[1] - 134, 9, { fill: "light" });
  });
  const vehicle = cast ? themeProps(cast).vehicle : undefined;
  if (vehicle) {
    // The theme's own vehicle carries the charioteer: a boat on the water, a train, a balloon.
    s.symbol("chariot", () => drawSubject(s, vehicle, { x: 300, y: 640, size: 230, facing: 1, v: 0 }));
  } else
    s.symbol("chariot", () => {
      s.rect(160, 470, 280, 140, { fill: "stone" });
      s.rect(160, 470, 280, 18, { fill: "gold" });
      s.path(
        (b) =>
          b.m(300, 540).c(250, 500, 220, 520, 200, 510).c(230, 550, 260, 550, 300, 552).c(340, 550, 370, 550, 400, 510).c(380, 520, 350, 500, 300, 540).z(),
        { fill: "gold" },
      );
      s.circle(300, 542, 14, { fill: "red" });
      for (const x of [150, 450]) s.path((b) => b.circle(x, 590, 46).circle(x, 590, 34), { fill: "trunk" });
    });
  s.symbol("sphinx", () => sphinx(s, 205, 700, 120, 1, "dark"));
  s.symbol("sphinx", () => sphinx(s, 395, 700, 120, -1, "pale"));
};

const strength: Compose = (s, { rng, cast, look }) => {
  scenery(s, rng, look, 560, 1, true);
  s.foreground();
  const f = figure(s, lead(cast, { x: 210, y: 660, h: 390, robe: "pale", head: "wreath", hair: "long", belt: "red", left: [78, -112], right: [96, -170] }));
  infinity(s, f.head[0], f.head[1] - 60, 60);
  s.symbol("lion", () => lion(s, 430, 668, 190, -1, "gold", "fire"));
  for (let i = 0; i < 5; i++) flower(s, 150 + i * 28, 448 + Math.sin(i) * 6, 8, 5, "red", "gold");
};

const hermit: Compose = (s, { rng, cast }) => {
  sky(s, 700, "night", "sky");
  starField(s, rng, 40, 60, 420);
  s.path((b) => b.m(0, 800).l(0, 660).l(160, 600).l(260, 560).l(360, 570).l(470, 610).l(600, 650).l(600, 800).z(), { fill: "pale", bg: true });
  s.path((b) => b.m(0, 800).l(0, 700).l(200, 650).l(300, 680).l(420, 660).l(600, 720).l(600, 800).z(), { fill: "stone", bg: true });
  s.foreground();
  const f = figure(s, lead(cast, { x: 330, y: 610, h: 440, robe: "stone2", cloak: "cloak", head: "hood", left: [-60, -140], right: [-96, -246], facing: 1 }));
  s.path(
    (b) =>
      b
        .m(f.head[0] - 14, f.head[1] + 12)
        .q(f.head[0], f.head[1] + 80, f.head[0] + 14, f.head[1] + 12)
        .z(),
    { fill: "pale" },
  );
  lantern(s, f.right[0], f.right[1] + 40, 30);
  s.symbol("staff", () => s.line([f.left[0], f.left[1] - 60, f.left[0] + 6, 640], { stroke: "gold", w: 7 }));
};

const wheel: Compose = (s, { rng, cast, variant = 0 }) => {
  sky(s, 800);
  for (const [x, y] of [
    [110, 150],
    [490, 150],
    [110, 600],
    [490, 600],
  ] as const)
    cloud(s, x, y, 170, "pale", { bg: true });
  s.foreground();
  // The four living creatures, one in each corner: angel, eagle, lion and bull.
  s.symbol("living-creature", () => {
    s.circle(110, 118, 20, { fill: "skin" });
    for (const side of [-1, 1])
      s.path(
        (b) =>
          b
            .m(110 + side * 10, 118)
            .q(110 + side * 50, 80, 110 + side * 56, 110)
            .q(110 + side * 40, 120, 110 + side * 14, 128)
            .z(),
        { fill: "pale" },
      );
  });
  s.symbol("living-creature", () =>
    s.path((b) => b.m(452, 120).q(470, 90, 490, 104).q(510, 90, 528, 120).q(510, 112, 494, 128).l(490, 140).l(486, 128).q(470, 112, 452, 120).z(), {
      fill: "gold",
    }),
  );
  s.symbol("living-creature", () => {
    s.poly(starPoints(110, 570, 30, 22, 12), { fill: "fire" });
    s.circle(110, 570, 20, { fill: "gold" });
  });
  s.symbol("living-creature", () => {
    s.circle(490, 572, 22, { fill: "trunk" });
    for (const side of [-1, 1]) s.path((b) => b.m(490 + side * 14, 556).q(490 + side * 34, 548, 490 + side * 30, 530), { stroke: "pale", w: 5 });
  });
  // The snake descending and the sphinx on top.
  s.symbol("serpent", () => s.path((b) => b.m(120, 260).c(80, 320, 160, 360, 110, 420).c(70, 470, 150, 500, 120, 540), { stroke: "leaf", w: 9 }));
  // Each repaint finds the wheel turned a little further.
  s.symbol("wheel", () => {
    wheelOfFortune(s, (variant * 3 * Math.PI) / 16);
    // The theme's round thing turns at the hub: a clock, a crown, the moon.
    const hub = cast ? themeProps(cast).hub : undefined;
    if (hub) drawSubject(s, hub, { x: 300, y: 446, size: 92, facing: 1, v: 0 });
  });
  s.symbol("sphinx", () => {
    sphinx(s, 300, 224, 90, 1, "stone");
    s.line([330, 150, 330, 210], { stroke: "metal", w: 4 });
  });
  // Anubis rising on the right.
  s.symbol("anubis", () => {
    s.path((b) => b.m(480, 620).c(450, 580, 470, 560, 460, 520), { stroke: "red", w: 14 });
    s.circle(458, 512, 14, { fill: "red" });
  });
  void rng;
};

const justice: Compose = (s, { rng, cast, look }) => {
  sky(s, 600, "sky", "skyLow");
  ground(s, 600, "ground2");
  sprinkle(s, rng, look.motif2, 3, [200, 110, 400, 170], { bg: true, op: 0.6 });
  s.foreground();
  s.symbol("veil", () => s.rect(110, 160, 380, 470, { fill: "robe2" }));
  s.symbol("pillar", () => pillar(s, 92, 650, 140, 62, "stone2", "gold"));
  s.symbol("pillar", () => pillar(s, 508, 650, 140, 62, "stone2", "gold"));
  s.symbol("throne", () => throne(s, 300, 660, 220, 430, "stone", "gold", "none"));
  const f = figure(
    s,
    lead(cast, {
      x: 300,
      y: 660,
      h: 400,
      seated: true,
      robe: "red",
      under: "leaf",
      cloak: "red",
      head: "square",
      hair: "long",
      left: [-72, -150],
      right: [56, -150],
    }),
  );
  emblem(s, "swords", f.right[0], f.right[1] - 90, 240);
  scales(s, f.left[0] - 10, f.left[1] - 4, 100);
};

const hangedMan: Compose = (s, { rng, look }) => {
  scenery(s, rng, look, 640);
  s.foreground();
  // A tau of living wood: one trunk, one beam, leaves sprouting from both.
  s.symbol("tau-tree", () => {
    s.path((b) => b.m(286, 690).q(282, 400, 288, 146).l(312, 146).q(318, 400, 314, 690).z(), { fill: "trunk" });
    s.path((b) => b.m(120, 118).q(300, 104, 480, 118).l(480, 148).q(300, 136, 120, 148).z(), { fill: "trunk" });
    for (const [x, y, a] of [
      [132, 122, 200],
      [150, 150, 130],
      [468, 122, -20],
      [450, 150, 50],
      [216, 112, -70],
      [384, 112, 250],
      [312, 600, -30],
      [288, 640, 210],
    ] as const)
      leaf(s, x, y, 30, a, "leaf");
  });
  s.line([300, 146, 300, 178], { stroke: "trunk", w: 4 });
  // Hanging by one foot, the other leg crossed behind to make a figure four.
  s.symbol("hanged-figure", () => {
    sleeve(
      s,
      [
        [304, 300],
        [350, 256],
        [306, 222],
      ],
      22,
      18,
      "robe2",
    );
    sleeve(
      s,
      [
        [300, 172],
        [300, 236],
        [300, 304],
      ],
      20,
      26,
      "robe2",
    );
    s.ellipse(300, 172, 14, 8, { fill: "trunk" });
    sleeve(
      s,
      [
        [266, 430],
        [236, 388],
        [292, 352],
      ],
      24,
      16,
      "robe",
    );
    sleeve(
      s,
      [
        [334, 430],
        [364, 388],
        [308, 352],
      ],
      24,
      16,
      "robe",
    );
    s.path((b) => b.m(272, 296).l(328, 296).l(340, 446).q(300, 456, 260, 446).z(), { fill: "robe" });
    s.rect(268, 318, 64, 14, { fill: "gold" });
    s.rect(292, 446, 16, 16, { fill: "skin" });
    s.symbol("halo", () => s.circle(300, 500, 66, { fill: "light", glow: true }));
    s.path((b) => b.m(278, 486).q(270, 540, 286, 560).l(314, 560).q(330, 540, 322, 486).z(), { fill: "hair" });
    s.circle(300, 484, 24, { fill: "skin" });
    for (const side of [-1, 1]) s.path((b) => b.m(300 + side * 4, 483).q(300 + side * 9, 479, 300 + side * 14, 483), { stroke: "hair", w: 2.2, op: 0.85 });
    s.symbol("halo", () => s.circle(300, 488, 54, { stroke: "light", w: 4 }));
  });
};

const death: Compose = (s, { rng, cast }) => {
  sky(s, 520, "sky", "skyLow");
  s.symbol("sun", () => sun(s, 500, 520, 40, 14));
  s.symbol("tower", () => tower(s, 446, 540, 46, 140, "stone", "light"));
  s.symbol("tower", () => tower(s, 556, 540, 46, 140, "stone", "light"));
  ground(s, 520, "ground");
  s.path((b) => b.m(0, 560).q(200, 530, 380, 560).l(380, 600).q(200, 570, 0, 610).z(), { fill: "water", bg: true });
  s.foreground();
  s.symbol("horse", () => horse(s, 250, 680, 175, -1, "pale", "stone2"));
  const f = s.symbol("rider", () => {
    const rider = figure(
      s,
      lead(cast, { x: 262, y: 572, h: 230, robe: "dark", under: "stone2", head: "helm", face: false, left: [-60, -110], right: [-64, -170], facing: -1 }),
    );
    if (!cast?.actor) skull(s, rider.head[0], rider.head[1] + 4, 19);
    return rider;
  });
  banner(s, f.right[0], 150, f.right[1] + 60, 180, 130, -1, "dark");
  rose(s, f.right[0] - 92, 216, 44, "pale");
  crownProp(s, 470, 650, 50, 60);
  void rng;
};

const temperance: Compose = (s, { rng, cast }) => {
  sky(s, 520);
  mountains(s, rng, 520, 120, "hill", 3);
  s.symbol("sun", () => sun(s, 130, 440, 28, 12));
  ground(s, 520, "ground");
  s.symbol("path", () => s.path((b) => b.m(130, 470).q(160, 560, 260, 620).l(330, 620).q(180, 560, 140, 470).z(), { fill: "pale", bg: true }));
  s.symbol("pool", () => s.ellipse(430, 660, 170, 52, { fill: "water", bg: true }));
  s.foreground();
  for (const x of [90, 520]) {
    stem(s, x, 680, 90, x < 300 ? 14 : -14);
    lily(s, x + (x < 300 ? 6 : -6), 592, 18);
  }
  const f = s.symbol("angel", () =>
    figure(
      s,
      lead(cast, { x: 300, y: 670, h: 440, robe: "pale", wings: "feather", halo: true, hair: "long", head: "none", left: [-70, -210], right: [66, -120] }),
    ),
  );
  s.symbol("triangle", () => s.poly([300, 300, 320, 336, 280, 336], { fill: "sun" }));
  emblem(s, "cups", f.left[0] - 4, f.left[1] - 22, 70, 30);
  emblem(s, "cups", f.right[0] + 6, f.right[1] - 20, 70, -14);
  stream(s, [f.left[0] + 16, f.left[1] - 40, f.left[0] + 80, f.left[1] - 30, f.right[0] + 2, f.right[1] - 46], 6);
};

const devil: Compose = (s, { rng, cast }) => {
  sky(s, 800, "night", "night");
  s.circle(300, 260, 240, { fill: "fire", glow: true, op: 0.35, bg: true });
  s.foreground();
  s.symbol("pentagram", () => s.poly(starPoints(300, 132, 34, 14, 5, 90), { fill: "light" }));
  s.symbol("pedestal", () => {
    s.rect(220, 520, 160, 150, { fill: "stone2" });
    s.rect(200, 510, 200, 20, { fill: "stone" });
  });
  const f = s.symbol("devil", () =>
    figure(
      s,
      lead(cast, { x: 300, y: 520, h: 340, robe: "dark", under: "fire", wings: "bat", head: "horns", hair: "none", left: [-70, -70], right: [60, -270] }),
    ),
  );
  s.path(
    (b) =>
      b
        .m(f.right[0] - 4, f.right[1])
        .l(f.right[0] - 8, f.right[1] - 34)
        .l(f.right[0] + 4, f.right[1] - 30)
        .l(f.right[0] + 8, f.right[1] - 4)
        .z(),
    { fill: "skin" },
  );
  s.symbol("torch", () => {
    s.line([f.left[0], f.left[1] - 30, f.left[0] - 30, f.left[1] + 80], { stroke: "trunk", w: 8 });
    flame(s, f.left[0] - 32, f.left[1] + 120, 50);
  });
  s.symbol("chain", () => s.circle(300, 580, 16, { stroke: "metal", w: 5 }));
  for (const [x, dir] of [
    [180, -1],
    [420, 1],
  ] as const) {
    s.symbol("chained-figure", () => {
      smallFigure(s, x, 690, 170, dir < 0 ? "robe2" : "robe");
      s.symbol("chain", () => s.path((b) => b.m(x, 600).q((x + 300) / 2, 640, 300 - dir * 14, 590), { stroke: "metal", w: 4 }));
      s.path((b) => b.m(x + dir * 14, 660).q(x + dir * 40, 650, x + dir * 36, 620), { stroke: "fire", w: 4 });
      for (const side of [-1, 1]) s.poly([x + side * 6, 584, x + side * 14, 560, x + side * 12, 586], { fill: "stone" });
    });
  }
  void rng;
};

const towerCard: Compose = (s, { rng }) => {
  sky(s, 800, "night", "sky");
  for (let i = 0; i < 4; i++) cloud(s, rng.range(60, 540), rng.range(120, 260), rng.range(140, 220), "stone2", { bg: true, op: 0.9 });
  s.foreground();
  s.path((b) => b.m(120, 800).l(170, 650).l(240, 610).l(370, 600).l(430, 640).l(480, 800).z(), { fill: "stone2" });
  s.symbol("tower", () => {
    s.path((b) => b.m(240, 610).l(256, 250).l(344, 250).l(360, 604).z(), { fill: "stone" });
    for (const [x, y] of [
      [280, 340],
      [322, 420],
      [280, 500],
      [318, 560],
    ] as const) {
      s.path(
        (b) =>
          b
            .m(x - 12, y + 24)
            .l(x - 12, y)
            .q(x, y - 14, x + 12, y)
            .l(x + 12, y + 24)
            .z(),
        { fill: "dark" },
      );
      flame(s, x, y + 18, 40);
    }
    crownProp(s, 340, 214, 100, 24);
    s.poly([250, 250, 260, 232, 276, 244, 292, 226, 304, 246, 320, 230, 336, 248, 350, 250], { fill: "stone" });
  });
  flame(s, 270, 250, 70);
  flame(s, 310, 252, 60, "sun", "light");
  bolt(s, [560, 100, 470, 160, 500, 170, 400, 210, 420, 220, 350, 240], 14);
  for (let i = 0; i < 14; i++) flame(s, rng.range(60, 540), rng.range(140, 560), rng.range(14, 22), "sun", "light");
  for (const [x, y, rot] of [
    [170, 420, 160],
    [430, 470, -150],
  ] as const) {
    s.save();
    s.rotate(rot, x, y);
    s.symbol("falling-figure", () => smallFigure(s, x, y + 60, 120, x < 300 ? "robe" : "robe2", true));
    s.restore();
  }
};

const starCard: Compose = (s, { rng, cast }) => {
  sky(s, 560, "night", "sky");
  starField(s, rng, 20, 60, 420, [300, 210, 150]);
  hills(s, rng, 540, 40, "hill", 3);
  s.symbol("tree", () => tree(s, 500, 560, 150, "leaf", "trunk", { bg: true }));
  s.symbol("ibis", () => s.path((b) => b.m(482, 470).q(500, 450, 520, 458).l(536, 450).l(528, 466).q(510, 476, 482, 470).z(), { fill: "red", bg: true }));
  ground(s, 580, "ground");
  s.symbol("pool", () => s.path((b) => b.m(300, 800).l(300, 600).q(450, 570, 600, 600).l(600, 800).z(), { fill: "water", bg: true }));
  s.foreground();
  // One great star and seven small ones.
  s.symbol("star", () => {
    s.poly(starPoints(300, 210, 98, 40, 8), { fill: "sun" });
    s.poly(starPoints(300, 210, 60, 26, 8, -67.5), { fill: "light", bare: true });
  });
  for (let i = 0; i < 7; i++) {
    const a = Math.PI * (0.95 + (i / 6) * 1.1 + rng.range(-0.03, 0.03));
    const r = rng.range(0.92, 1.04);
    s.symbol("star", () => s.poly(starPoints(300 + Math.cos(a) * 200 * r, 250 + Math.sin(a) * 130 * r, 20, 8, 8, rng.range(-90, -67.5)), { fill: "light" }));
  }
  const f = figure(
    s,
    lead(cast, { x: 300, y: 660, h: 330, seated: true, robe: "skin", under: "robe2", hair: "long", head: "none", left: [-110, -100], right: [100, -110] }),
  );
  // The theme's vessel, when it names one, pours the waters in place of the jugs.
  const vessel = cast ? themeProps(cast).vessel : undefined;
  if (vessel) {
    s.symbol("jug", () =>
      s.with(
        (t) => t.translate(f.left[0] - 6, f.left[1] - 4).rotate(-40),
        () => drawSubject(s, vessel, { x: 0, y: 36, size: 72, facing: 1, v: 0 }),
      ),
    );
    s.symbol("jug", () =>
      s.with(
        (t) => t.translate(f.right[0] + 6, f.right[1] - 4).rotate(50),
        () => drawSubject(s, vessel, { x: 0, y: 36, size: 72, facing: -1, v: 1 }),
      ),
    );
  } else {
    jug(s, f.left[0] - 6, f.left[1] - 4, 46, -40);
    jug(s, f.right[0] + 6, f.right[1] - 4, 46, 50);
  }
  stream(s, [f.left[0] - 24, f.left[1] - 10, f.left[0] - 60, f.left[1] + 10, f.left[0] - 66, 650], 5);
  stream(s, [f.right[0] + 26, f.right[1] - 8, f.right[0] + 70, f.right[1] + 20, f.right[0] + 84, 640], 5);
  for (let i = 0; i < 4; i++) s.circle(f.right[0] + 84 + (i - 1.5) * 18, 650 + (i % 2) * 6, 4, { fill: "light", bare: true });
};

const moonCard: Compose = (s, { rng, cast, variant = 0 }) => {
  sky(s, 520, "night", "sky");
  starField(s, rng, 18, 60, 380, [300, 220, 150]);
  mountains(s, rng, 520, 130, "hill", 3);
  ground(s, 520, "ground");
  s.path((b) => b.m(300, 520).q(230, 560, 300, 600).q(380, 640, 280, 690).l(330, 690).q(430, 640, 340, 600).q(270, 560, 310, 520).z(), {
    fill: "pale",
    bg: true,
    op: 0.85,
  });
  s.foreground();
  s.symbol("moon", () => {
    for (let i = 0; i < 24; i++) {
      const a = (i / 24) * Math.PI * 2;
      s.line([300 + Math.cos(a) * 96, 220 + Math.sin(a) * 96, 300 + Math.cos(a) * (i % 2 ? 120 : 140), 220 + Math.sin(a) * (i % 2 ? 120 : 140)], {
        stroke: "light",
        w: 3,
      });
    }
    moon(s, 300, 220, 84, true);
  });
  for (let i = 0; i < 9; i++) {
    const x = 190 + i * 28;
    const y = 350 + (i % 3) * 26;
    s.path(
      (b) =>
        b
          .m(x, y - 12)
          .c(x + 7, y - 2, x + 6, y + 6, x, y + 6)
          .c(x - 6, y + 6, x - 7, y - 2, x, y - 12)
          .z(),
      { fill: "sun", bare: true },
    );
  }
  s.symbol("tower", () => tower(s, 100, 560, 70, 250, "stone", "light"));
  s.symbol("tower", () => tower(s, 500, 560, 70, 250, "stone", "light"));
  // The pool the crayfish climbs out of, between a dog and a wolf (or two of the theme's creature).
  s.symbol("pool", () => s.ellipse(300, 668, 210, 42, { fill: "water" }));
  const beast = mainCreature(cast);
  if (beast) {
    s.symbol("beast", () => drawSubject(s, beast, { x: 190, y: 620, size: 110, facing: 1, v: variant }));
    s.symbol("beast", () => drawSubject(s, beast, { x: 410, y: 620, size: 110, facing: -1, v: variant + 1 }));
  } else {
    s.symbol("beast", () => dog(s, 190, 620, 80, 1, "pale", "howl"));
    s.symbol("beast", () => dog(s, 410, 620, 80, -1, "stone2", "howl"));
  }
  crayfish(s, 300, 652);
};

const sunCard: Compose = (s, { rng, cast }) => {
  sky(s, 520, "skyLow", "light");
  s.foreground();
  s.symbol("sun", () => sun(s, 300, 210, 96, 22, true));
  s.symbol("wall", () => {
    s.rect(30, 470, 540, 90, { fill: "stone" });
    for (let r = 0; r < 3; r++) for (let c = 0; c < 9; c++) s.rect(30 + c * 60 + (r % 2) * 30, 470 + r * 30, 60, 30, { stroke: "stone2", w: 2 });
  });
  for (const x of [90, 200, 400, 510])
    s.symbol("sunflower", () => {
      s.line([x, 480, x + 4, 390], { stroke: "leaf", w: 5 });
      leaf(s, x, 440, 30, -30, "leaf");
      flower(s, x + 4, 380, 26, 12, "sun", "trunk");
    });
  ground(s, 560, "ground");
  s.foreground();
  s.symbol("horse", () => horse(s, 300, 700, 210, 1, "pale", "stone2"));
  const f = s.symbol("child", () =>
    figure(s, lead(cast, { x: 286, y: 600, h: 190, robe: "skin", head: "wreath", hair: "short", left: [-96, -200], right: [90, -200] })),
  );
  s.symbol("banner", () => {
    s.line([f.left[0], f.left[1] + 60, f.left[0], f.left[1] - 60], { stroke: "trunk", w: 4 });
    s.path(
      (b) =>
        b
          .m(f.left[0], f.left[1] - 60)
          .q(f.left[0] - 60, f.left[1] - 80, f.left[0] - 110, f.left[1] - 40)
          .q(f.left[0] - 60, f.left[1] - 10, f.left[0], f.left[1] - 20)
          .z(),
      { fill: "red" },
    );
  });
  void rng;
};

const judgement: Compose = (s, { rng, cast }) => {
  sky(s, 520);
  mountains(s, rng, 540, 170, "hill", 4, "pale");
  waterBand(s, rng, 540, 800);
  s.foreground();
  const f = s.symbol("angel", () =>
    figure(s, lead(cast, { x: 300, y: 440, h: 270, robe: "robe2", wings: "feather", hair: "long", head: "none", left: [-70, -190], right: [-46, -236] })),
  );
  cloud(s, 300, 410, 380, "pale");
  s.symbol("trumpet", () => {
    s.poly([f.right[0], f.right[1] + 4, f.right[0] - 150, f.right[1] + 100, f.right[0] - 158, f.right[1] + 84], { fill: "gold" });
    s.path(
      (b) =>
        b
          .m(f.right[0] - 168, f.right[1] + 110)
          .l(f.right[0] - 146, f.right[1] + 76)
          .l(f.right[0] - 132, f.right[1] + 108)
          .z(),
      { fill: "gold" },
    );
  });
  s.symbol("flag", () => {
    s.rect(f.right[0] - 110, f.right[1] + 76, 50, 38, { fill: "pale" });
    s.rect(f.right[0] - 89, f.right[1] + 78, 8, 34, { fill: "red", bare: true });
    s.rect(f.right[0] - 108, f.right[1] + 91, 46, 8, { fill: "red", bare: true });
  });
  for (const [x, h] of [
    [150, 150],
    [300, 170],
    [450, 150],
  ] as const) {
    s.symbol("coffin", () => s.rect(x - 60, 640, 120, 36, { fill: "trunk" }));
    s.symbol("rising-figure", () => smallFigure(s, x, 650, h, "stone", true));
  }
};

const world: Compose = (s, { rng, cast }) => {
  sky(s, 800, "sky", "skyLow");
  starField(s, rng, 26, 50, 760, [300, 390, 260]);
  s.foreground();
  const cx = 300;
  const cy = 390;
  // The laurel wreath, tied top and bottom with red ribbons.
  s.symbol("wreath", () => {
    for (let i = 0; i < 44; i++) {
      const a = (i / 44) * Math.PI * 2;
      const x = cx + Math.cos(a) * 150;
      const y = cy + Math.sin(a) * 230;
      const ang = (Math.atan2(Math.cos(a) * 230, -Math.sin(a) * 150) * 180) / Math.PI;
      leaf(s, x, y, 34, ang + 30 + (i % 2) * 20, "leaf");
    }
    for (const y of [cy - 232, cy + 232]) {
      s.poly([cx - 30, y - 14, cx + 30, y + 14, cx + 30, y - 14, cx - 30, y + 14], { fill: "red" });
      s.circle(cx, y, 8, { fill: "red" });
    }
  });
  const f = s.symbol("dancer", () =>
    figure(s, lead(cast, { x: 300, y: 600, h: 340, robe: "accent", under: "skin", hair: "long", head: "none", left: [-62, -186], right: [62, -150] })),
  );
  for (const p of [f.left, f.right]) s.symbol("wand", () => s.line([p[0] - 6, p[1] - 40, p[0] + 6, p[1] + 40], { stroke: "gold", w: 5 }));
  const corners: [number, number, "wands" | "cups" | "swords" | "pentacles"][] = [
    [100, 170, "wands"],
    [500, 170, "cups"],
    [100, 600, "swords"],
    [500, 600, "pentacles"],
  ];
  for (const [x, y, suit] of corners) {
    s.circle(x, y, 50, { fill: "pale" });
    emblem(s, suit, x, y, suit === "pentacles" ? 66 : 80, suit === "swords" ? 45 : 0);
  }
};

const COMPOSITIONS: Compose[] = [
  fool,
  magician,
  priestess,
  empress,
  emperor,
  hierophant,
  lovers,
  chariot,
  strength,
  hermit,
  wheel,
  justice,
  hangedMan,
  death,
  temperance,
  devil,
  towerCard,
  starCard,
  moonCard,
  sunCard,
  judgement,
  world,
];

export function paintMajor(s: Scene, ctx: Ctx) {
  const compose = COMPOSITIONS[ctx.card.number] ?? fool;
  compose(s, ctx);
  if (s.fgStart < 0) s.foreground();
}
