/** Minor Arcana: pip layouts for Ace–10 and figure compositions for the court cards. */
import type { Suit, TarotCard } from "../tarot/cards";
import type { DeckLook } from "./deck-theme";
import { emblem, pipLayout, SUIT_SYMBOL } from "./emblems";
import { themeProps } from "./theme-staging";
import { drawSubject } from "./subjects/cast";
import { horse } from "./animals";
import { cloud, figure, flower, throne, type Pt } from "./figures";
import type { Rng } from "./kit";
import { scenery, sprinkle } from "./motifs";
import type { Role, Scene } from "./scene";
import { starPoints } from "./scene";
import { lead, type Cast } from "./subjects/cast";

export type Ctx = {
  rng: Rng;
  look: DeckLook;
  card: Pick<TarotCard, "key" | "name" | "arcana" | "suit" | "number">;
  /** The theme's subjects, when the theme names any. */
  cast?: Cast;
  /** Which painting of the card this is: 0 first, then one more for each repaint. */
  variant?: number;
};

const SUIT_GLOW: Record<Suit, Role> = { wands: "fire", cups: "water", swords: "pale", pentacles: "gold" };

/** Elemental details per suit placed in the landscape of court cards. */
function suitDetails(s: Scene, rng: Rng, suit: Suit, horizon: number) {
  if (suit === "wands") {
    for (const x of [70, 530]) {
      s.path(
        (b) =>
          b
            .m(x - 60, horizon + 10)
            .l(x, horizon - 70)
            .l(x + 60, horizon + 10)
            .z(),
        { fill: "ground", bg: true },
      );
      s.path(
        (b) =>
          b
            .m(x, horizon - 70)
            .l(x + 60, horizon + 10)
            .l(x + 14, horizon + 10)
            .z(),
        { fill: "ground2", bg: true, bare: true },
      );
    }
  } else if (suit === "cups") {
    s.ellipse(300, 700, 260, 36, { fill: "water", bg: true });
    for (let i = 0; i < 4; i++) s.line([rng.range(100, 260), 690 + i * 9, rng.range(340, 500), 690 + i * 9], { stroke: "light", w: 2, op: 0.5, bg: true });
  } else if (suit === "swords") {
    cloud(s, 110, 230, 150, "pale", { bg: true, op: 0.8 });
    cloud(s, 480, 180, 130, "pale", { bg: true, op: 0.8 });
    for (let i = 0; i < 4; i++) {
      const x = rng.range(140, 460);
      const y = rng.range(130, 220);
      s.path(
        (b) =>
          b
            .m(x - 12, y)
            .q(x - 6, y - 7, x, y)
            .q(x + 6, y - 7, x + 12, y),
        { stroke: "dark", w: 2.5, bg: true },
      );
    }
  } else {
    for (const x of [60, 540]) {
      s.circle(x, horizon + 30, 60, { fill: "leaf", bg: true });
      for (let i = 0; i < 4; i++) flower(s, x + rng.range(-40, 40), horizon + rng.range(0, 60), 8, 5, "red", "gold", { bg: true });
    }
  }
}

export function paintPips(s: Scene, ctx: Ctx) {
  const { rng, look, card } = ctx;
  const suit = card.suit!;
  const n = card.number;
  const horizon = 630;
  scenery(s, rng, look, horizon, 0.6);
  s.ellipse(300, 392, 230, 270, { fill: "light", glow: true, op: 0.5, bg: true });
  void SUIT_GLOW;
  s.foreground();
  if (n === 1) {
    for (let i = 0; i < 24; i++) {
      const a = (i / 24) * Math.PI * 2;
      const w = i % 2 ? 0.035 : 0.06;
      const r1 = i % 2 ? 215 : 245;
      s.poly(
        [
          300 + Math.cos(a - w) * 110,
          380 + Math.sin(a - w) * 110,
          300 + Math.cos(a) * r1,
          380 + Math.sin(a) * r1,
          300 + Math.cos(a + w) * 110,
          380 + Math.sin(a + w) * 110,
        ],
        { fill: "light", op: 0.55, bare: true },
      );
    }
    s.circle(300, 380, 150, { fill: "light", glow: true });
    cloud(s, 300, 600, 330, "pale", { op: 0.9 });
    emblem(s, suit, 300, 375, suit === "pentacles" ? 300 : 410, 0, true);
    sprinkle(s, rng, look.motif2, 5, [60, 120, 540, 240], { op: 0.85 });
    return;
  }
  const { pips, size } = pipLayout(suit, n);
  // The theme's object for the suit, when it names one, is drawn as the pips: lanterns for cups, a comet for wands.
  const object = ctx.cast ? themeProps(ctx.cast)[suit] : undefined;
  if (object) {
    const long = suit === "wands" || suit === "swords";
    const h = long ? Math.min(190, size * 0.5) : Math.min(170, size * 0.95);
    for (const [x, y, rot] of pips)
      s.symbol(SUIT_SYMBOL[suit], () =>
        s.with(
          (t) => t.translate(x, y).rotate(rot),
          () => drawSubject(s, object, { x: 0, y: h * 0.5, size: h, facing: 1, v: 0 }),
        ),
      );
    return;
  }
  for (const [x, y, rot] of pips) emblem(s, suit, x, y, size, rot);
}

export function paintCourt(s: Scene, ctx: Ctx) {
  const { rng, look, card, cast } = ctx;
  const suit = card.suit!;
  const rank = card.number; // 11 page, 12 knight, 13 queen, 14 king
  const horizon = 520;
  scenery(s, rng, look, horizon);
  suitDetails(s, rng, suit, horizon);
  s.foreground();
  const long = suit === "wands" || suit === "swords";
  const emblemAt = (p: Pt, h: number, rot = 0) => emblem(s, suit, p[0], p[1], h, rot);

  if (rank === 11) {
    // Page: a youth on foot, presenting the emblem.
    const right: Pt = long ? [58, -150] : [74, -236];
    const left: Pt = long ? [-52, -130] : [-50, -120];
    const f = s.symbol("page", () =>
      figure(s, lead(cast, { x: 284, y: 660, h: 400, robe: "robe2", under: "robe", head: "cap", hair: "short", belt: "gold", left, right })),
    );
    if (long) emblemAt([f.right[0], f.right[1] - 40], 300, 0);
    else emblemAt([f.right[0] + 16, f.right[1] - 58], suit === "pentacles" ? 104 : 116);
  } else if (rank === 12) {
    // Knight: a rider on horseback with the emblem raised.
    const facing: 1 | -1 = rng.chance(0.5) ? 1 : -1;
    const hx = 300 - facing * 20;
    const k = 2.1;
    s.symbol("horse", () => horse(s, hx, 668, 100 * k, facing, "pale", "stone2", suit === "wands" || suit === "swords"));
    const riderX = hx + facing * -12 * k;
    const f = s.symbol("knight", () =>
      figure(
        s,
        lead(cast, {
          x: riderX,
          y: 668 - 58 * k,
          h: 300,
          seated: true,
          robe: "metal",
          under: "robe",
          head: "helm",
          belt: "gold",
          left: [30, -150],
          right: long ? [84, -196] : [66, -176],
          facing,
        }),
      ),
    );
    if (long) emblemAt([f.right[0] + facing * 18, f.right[1] - 66], 230, facing * 16);
    else emblemAt([f.right[0] + facing * 14, f.right[1] - 38], 90);
  } else {
    // Queen and King: enthroned.
    const king = rank === 14;
    s.symbol("throne", () => {
      throne(s, 300, 660, 230, 440, "stone", "gold", suit === "pentacles" ? "ram" : "ball");
      // The suit emblem carved on the throne back.
      emblem(s, suit, 300, 262, suit === "pentacles" ? 52 : 64, 0);
    });
    const f = s.symbol(king ? "king" : "queen", () =>
      figure(
        s,
        lead(cast, {
          x: 300,
          y: 665,
          h: 380,
          seated: true,
          robe: king ? "robe" : "robe2",
          under: king ? "robe2" : "pale",
          cloak: king ? "cloak" : undefined,
          head: king ? "square" : "crown",
          hair: king ? "short" : "long",
          belt: "gold",
          left: king ? [-56, -110] : [-30, -130],
          right: long ? [60, -150] : king ? [34, -140] : [30, -132],
        }),
      ),
    );
    if (long) emblemAt([f.right[0], f.right[1] - 60], 260, king ? 0 : 8);
    else emblemAt([300, f.right[1] - 34], 112);
    if (king && !long) s.poly(starPoints(f.left[0], f.left[1] - 10, 12, 5, 4), { fill: "gold" });
  }
  sprinkle(s, rng, look.motif2, 4, [50, 110, 550, 220], { op: 0.8 });
}
