/**
 * How a theme shapes the whole scene, beyond who plays the figures: its setting decides the view
 * (how close, where the horizon lies) and the great masses framing the picture (towers, trunks,
 * waves, dunes, kelp, crags); its time of day and weather decide the light; its objects take the
 * place of traditional props where the card allows (the Star's jugs, the Chariot's car, the Wheel's
 * hub) and of the Minor Arcana's pips, each object for the suit it suits.
 */
import type { Rng } from "./kit";
import type { Scene } from "./scene";
import type { Suit } from "../tarot/cards";
import type { Cast } from "./subjects/cast";
import { SUBJECT_BY_ID } from "./subjects/vocabulary";
import type { Subject } from "./subjects/types";

export type Setting = "city" | "forest" | "sea" | "deep" | "desert" | "peaks" | "open";

/** The setting each place subject makes; places not listed leave the composition's own. */
const SETTING_OF: Record<string, Setting> = {
  "city-street": "city",
  village: "city",
  market: "city",
  temple: "city",
  pagoda: "city",
  torii: "city",
  castle: "city",
  cathedral: "city",
  observatory: "city",
  library: "city",
  bridge: "city",
  ruins: "city",
  forest: "forest",
  jungle: "forest",
  garden: "forest",
  swamp: "forest",
  meadow: "open",
  sea: "sea",
  harbour: "sea",
  lighthouse: "sea",
  beach: "sea",
  island: "sea",
  lake: "sea",
  river: "sea",
  underwater: "deep",
  "sunken-city": "deep",
  desert: "desert",
  canyon: "desert",
  mountain: "peaks",
  tundra: "peaks",
  volcano: "peaks",
  cave: "peaks",
  space: "open",
  "sky-islands": "open",
};

/** The view each setting takes of a composition: zoom and shift (as in `framingFor`), and how far its backdrop's horizon moves. */
export const VIEW: Record<Setting, { zoom: number; fx: number; fy: number; horizon: number }> = {
  // Down in the street, close, the towers rising high: a high horizon.
  city: { zoom: 1.1, fx: -0.55, fy: -0.7, horizon: -60 },
  forest: { zoom: 1.04, fx: 0.4, fy: -0.2, horizon: -20 },
  // Open water: the figures low, the horizon low, much sky.
  sea: { zoom: 1.06, fx: 0, fy: 0.9, horizon: 50 },
  deep: { zoom: 1.08, fx: 0.5, fy: -0.8, horizon: -40 },
  // A long low horizon and a great sky, the figures off to one side.
  desert: { zoom: 1.12, fx: 0.8, fy: 0.85, horizon: 70 },
  peaks: { zoom: 1.05, fx: -0.7, fy: 0.3, horizon: -30 },
  open: { zoom: 1, fx: 0, fy: 0, horizon: 0 },
};

export function settingOf(cast: Cast): Setting {
  for (const place of cast.places) {
    const setting = SETTING_OF[place.id];
    if (setting) return setting;
  }
  return "open";
}

/** Which of the theme's objects may stand for each suit's emblem, and for the Star's vessels, the Chariot's car and the Wheel. */
const SUIT_OBJECTS: Record<Suit, readonly string[]> = {
  cups: ["lantern", "teacup", "teapot", "potion", "cauldron", "bottle", "vase", "shell", "birdcage", "bell"],
  wands: [
    "candle",
    "comet",
    "birch",
    "bamboo",
    "pine",
    "street-lamp",
    "telescope",
    "umbrella",
    "kite",
    "reeds",
    "wheat",
    "lotus",
    "sunflower",
    "cherry-blossom",
    "torii",
  ],
  swords: ["feather", "quill", "key", "sword", "fan", "paper-crane", "anchor", "bow", "letter"],
  pentacles: [
    "coin",
    "crown",
    "clock",
    "compass",
    "globe",
    "ring",
    "pearl",
    "mirror",
    "crystal-ball",
    "books",
    "book",
    "map",
    "gears",
    "moon",
    "sun",
    "chess",
    "shield",
    "drum",
  ],
};
const VEHICLES = ["ship", "boat", "train", "bicycle", "balloon"];

export type ThemeProps = Partial<Record<Suit, Subject>> & { vehicle?: Subject; vessel?: Subject; hub?: Subject };

/** The theme's objects that take the place of traditional props. */
export function themeProps(cast: Cast): ThemeProps {
  const named = [cast.emblem, ...cast.details, cast.forestTree].filter((s): s is Subject => !!s).map((s) => s.id);
  const out: ThemeProps = {};
  for (const suit of Object.keys(SUIT_OBJECTS) as Suit[]) {
    const id = named.find((n) => SUIT_OBJECTS[suit].includes(n));
    if (id) out[suit] = SUBJECT_BY_ID.get(id);
  }
  out.vessel = out.cups;
  out.hub = out.pentacles;
  const vehicle = named.find((n) => VEHICLES.includes(n)) ?? (["sea", "deep"].includes(settingOf(cast)) ? "boat" : undefined);
  if (vehicle) out.vehicle = SUBJECT_BY_ID.get(vehicle);
  return out;
}

/**
 * The great masses a setting puts at the sides and the foot of the picture, behind the figures:
 * towers with lit windows, tall trunks, breaking waves, a dune's sweep, kelp, crags.
 */
export function settingMasses(s: Scene, setting: Setting, rng: Rng, horizon: number, cast: Cast) {
  const mark = `setting-${setting}`;
  switch (setting) {
    case "city":
      s.ornament(mark, () => {
        for (const side of [-1, 1]) {
          const w = rng.range(78, 104);
          const x = side < 0 ? -10 : 610 - w;
          const top = rng.range(90, 170);
          s.rect(x, top, w, 800 - top, { fill: "stone2", bg: true });
          s.rect(x + (side < 0 ? w - 10 : 0), top, 10, 800 - top, { fill: "dark", bg: true, op: 0.5 });
          for (let y = top + 24; y < 760; y += 34)
            for (let i = 0; i < 2; i++)
              if (rng.chance(0.7)) s.rect(x + 16 + i * (w / 2 - 6), y, w / 2 - 26, 16, { fill: rng.chance(0.3) ? "accent" : "light", bg: true, op: 0.9 });
        }
      });
      break;
    case "forest":
      s.ornament(mark, () => {
        const bark = cast.forestTree?.id === "birch" ? "pale" : "trunk";
        for (const side of [-1, 1]) {
          const x = side < 0 ? rng.range(4, 30) : rng.range(570, 596);
          const w = rng.range(44, 60);
          s.path(
            (b) =>
              b
                .m(x - w / 2, 820)
                .c(x - w / 2 + 8, 500, x - w / 3, 200, x - w / 3, -20)
                .l(x + w / 3, -20)
                .c(x + w / 3, 200, x + w / 2 - 8, 500, x + w / 2, 820)
                .z(),
            { fill: bark, bg: true },
          );
          if (bark === "pale") for (let y = 60; y < 780; y += rng.range(40, 80)) s.rect(x - w / 3, y, w * rng.range(0.3, 0.6), 6, { fill: "dark", bg: true });
          s.ellipse(x, 30, 150, 110, { fill: "leaf", bg: true, op: 0.95 });
        }
      });
      break;
    case "sea":
      s.ornament(mark, () => {
        for (let row = 0; row < 2; row++) {
          const y = 748 + row * 30;
          s.path(
            (b) => {
              b.m(-20, 820).l(-20, y);
              for (let x = -20; x < 620; x += 80) b.q(x + 20, y - 46, x + 60, y - 16).q(x + 46, y - 4, x + 80, y);
              b.l(620, 820).z();
            },
            { fill: row ? "water" : "pale", bg: true, op: row ? 1 : 0.9 },
          );
        }
      });
      break;
    case "deep":
      s.ornament(mark, () => {
        for (const side of [-1, 1])
          for (let i = 0; i < 3; i++) {
            const x = side < 0 ? 16 + i * 24 : 584 - i * 24;
            const top = rng.range(120, 380);
            s.path(
              (b) =>
                b
                  .m(x, 820)
                  .c(x + 30, 700, x - 30, 560, x + side * 10, top)
                  .c(x - 20, 560, x + 16, 700, x - 10, 820)
                  .z(),
              { fill: "leaf", bg: true, op: 0.9 },
            );
          }
        for (let i = 0; i < 4; i++)
          s.poly([140 + i * 110, -10, 190 + i * 110, -10, 120 + i * 140, 800, 60 + i * 140, 800], { fill: "light", bg: true, bare: true, op: 0.12 });
      });
      break;
    case "desert":
      s.ornament(mark, () => {
        s.path((b) => b.m(-20, 820).l(-20, 700).q(200, 610, 640, 740).l(640, 820).z(), { fill: "ground", bg: true });
        s.path((b) => b.m(-20, 820).l(-20, 760).q(340, 700, 640, 790).l(640, 820).z(), { fill: "ground2", bg: true });
      });
      break;
    case "peaks":
      s.ornament(mark, () => {
        for (const side of [-1, 1]) {
          const x = side < 0 ? 0 : 600;
          s.poly(
            [
              x,
              820,
              x,
              rng.range(240, 320),
              x - side * rng.range(70, 100),
              rng.range(380, 440),
              x - side * rng.range(40, 70),
              560,
              x - side * rng.range(90, 130),
              820,
            ],
            { fill: "stone2", bg: true },
          );
        }
      });
      break;
    default:
      break;
  }
  void horizon;
}

/** The light of the theme's time of day and weather, laid over the whole picture. */
export function themeLight(s: Scene, cast: Cast) {
  const time = cast.parsed.time;
  const weather = new Set(cast.weather.map((w) => w.id));
  s.ornament("light", () => {
    if (time === "night") {
      s.rect(0, 0, 600, 800, { fill: "night", bg: true, bare: true, op: 0.22 });
      s.ellipse(300, 430, 190, 240, { fill: "light", glow: true, op: 0.22 });
    } else if (time === "dawn") {
      s.ellipse(300, 620, 420, 160, { fill: "sun", glow: true, op: 0.4 });
    } else if (time === "day") s.ellipse(120, 90, 260, 200, { fill: "light", glow: true, op: 0.35 });
    if (weather.has("snowfall") || weather.has("frost")) s.rect(0, 0, 600, 800, { fill: "pale", bg: true, bare: true, op: 0.14 });
    if (weather.has("fog")) for (const y of [520, 620]) s.rect(0, y, 600, 70, { fill: "pale", glow: true, op: 0.45 });
    if (weather.has("storm") || weather.has("rain")) s.rect(0, 0, 600, 800, { fill: "stone2", bg: true, bare: true, op: 0.2 });
  });
}
