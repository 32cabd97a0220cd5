/**
 * The grounds a style may have (what lies behind its figures whatever the theme: `grounds.ts` paints
 * them) and the colours each sets for the roles it owns, which the painter applies before a card is
 * drawn.
 */
import type { RoleColors } from "./deck-theme";
import { hsl, type Hsl } from "./kit";
import type { Role } from "./scene";

export const GROUNDS = [
  "sunset grid",
  "wet night",
  "gold leaf",
  "diaper",
  "chrome yellow",
  "ben-day",
  "bright sky",
  "linen",
  "drawing paper",
  "toned paper",
  "venetian blinds",
  "swirling sky",
  "brick wall",
  "blueprint",
  "facet dawn",
  "facet ochre",
  "riso paper",
  "paper layers",
  "faded photo",
  "brass",
  "lapis",
  "dappled",
  "red field",
  "indigo",
  "papyrus",
  "starry vault",
  "rice paper",
  "carved lines",
  "storybook dusk",
  "specimen paper",
  "parchment",
  "op rings",
  "moonlit night",
  "lacquer fans",
  "child's sky",
  "edo sky",
] as const;
export type Ground = (typeof GROUNDS)[number];

/** The colours a ground sets for the roles it owns: its earth, water and hills, in the style's own colours. */
const ROLES: Partial<Record<Ground, Partial<Record<Role, Hsl>>>> = {
  "sunset grid": {
    ground: hsl(282, 70, 12),
    ground2: hsl(290, 65, 16),
    hill: hsl(300, 60, 22),
    water: hsl(270, 70, 18),
    accent: hsl(318, 100, 62),
    stone: hsl(300, 70, 20),
    stone2: hsl(275, 70, 14),
  },
  "wet night": { ground: hsl(230, 40, 6), ground2: hsl(240, 35, 8), hill: hsl(220, 40, 9), water: hsl(200, 60, 10) },
  "gold leaf": {
    ground: hsl(28, 45, 26),
    ground2: hsl(18, 48, 22),
    hill: hsl(95, 28, 30),
    water: hsl(205, 45, 32),
    stone: hsl(12, 58, 42),
    stone2: hsl(150, 36, 30),
  },
  diaper: {
    ground: hsl(112, 42, 34),
    ground2: hsl(105, 40, 28),
    hill: hsl(120, 38, 40),
    water: hsl(214, 60, 42),
    stone: hsl(40, 50, 86),
    stone2: hsl(0, 62, 42),
  },
  "chrome yellow": {
    ground: hsl(82, 48, 46),
    ground2: hsl(90, 45, 38),
    hill: hsl(100, 40, 42),
    water: hsl(205, 62, 52),
    stone: hsl(0, 0, 84),
    stone2: hsl(8, 62, 48),
  },
  "ben-day": {
    ground: hsl(352, 82, 52),
    ground2: hsl(352, 78, 44),
    hill: hsl(48, 96, 55),
    water: hsl(200, 90, 48),
    stone: hsl(48, 96, 55),
    stone2: hsl(352, 82, 50),
  },
  "bright sky": {
    ground: hsl(108, 58, 48),
    ground2: hsl(120, 52, 38),
    hill: hsl(140, 45, 40),
    water: hsl(200, 85, 55),
    stone: hsl(30, 60, 90),
    stone2: hsl(12, 70, 62),
  },
  // The earth and the sea stitched in green and navy thread on the linen.
  linen: {
    ground: hsl(96, 40, 40),
    ground2: hsl(100, 38, 32),
    hill: hsl(95, 28, 48),
    water: hsl(212, 54, 40),
    stone: hsl(8, 65, 50),
    stone2: hsl(210, 55, 40),
  },
  "drawing paper": { ground: hsl(0, 0, 30), ground2: hsl(0, 0, 22), hill: hsl(0, 0, 52), water: hsl(0, 0, 44) },
  "toned paper": { ground: hsl(210, 14, 48), ground2: hsl(210, 16, 42), hill: hsl(200, 20, 62), water: hsl(196, 40, 70) },
  "venetian blinds": { ground: hsl(0, 0, 8), ground2: hsl(0, 0, 5), hill: hsl(0, 0, 12), water: hsl(0, 0, 14) },
  "swirling sky": {
    ground: hsl(18, 45, 24),
    ground2: hsl(12, 50, 20),
    hill: hsl(222, 55, 30),
    water: hsl(224, 62, 34),
    stone: hsl(48, 85, 60),
    stone2: hsl(222, 60, 32),
  },
  "brick wall": {
    ground: hsl(0, 0, 38),
    ground2: hsl(0, 0, 30),
    hill: hsl(300, 80, 45),
    water: hsl(180, 85, 40),
    stone: hsl(60, 95, 55),
    stone2: hsl(285, 80, 40),
  },
  blueprint: { ground: hsl(212, 62, 30), ground2: hsl(212, 62, 26), hill: hsl(212, 55, 36), water: hsl(205, 60, 40) },
  "facet dawn": {
    // The near earth in rendered terracotta clay.
    ground: hsl(30, 50, 45),
    ground2: hsl(26, 46, 36),
    hill: hsl(170, 30, 46),
    water: hsl(190, 55, 48),
    stone: hsl(24, 64, 72),
    // The back row white as an untextured render, the near houses and mantles in rendered clay.
    stone2: hsl(36, 40, 88),
    cloak: hsl(16, 58, 56),
  },
  "facet ochre": { ground: hsl(34, 36, 40), ground2: hsl(30, 30, 32), hill: hsl(70, 16, 46), water: hsl(200, 12, 50) },
  // The third ink, fluorescent yellow, printed flat for the water.
  "riso paper": { ground: hsl(205, 90, 62), ground2: hsl(205, 90, 52), hill: hsl(336, 100, 72), water: hsl(52, 100, 60) },
  "paper layers": {
    ground: hsl(290, 34, 24),
    ground2: hsl(300, 30, 18),
    hill: hsl(340, 40, 44),
    // The sea a layer of rose-plum paper between the peach sky and the plum earth.
    water: hsl(320, 38, 40),
    stone: hsl(30, 70, 88),
    stone2: hsl(345, 45, 40),
  },
  "faded photo": {
    ground: hsl(32, 28, 40),
    ground2: hsl(30, 28, 32),
    hill: hsl(34, 24, 52),
    water: hsl(36, 20, 60),
    stone: hsl(34, 26, 64),
    stone2: hsl(30, 26, 42),
  },
  brass: { ground: hsl(24, 40, 16), ground2: hsl(20, 38, 12), hill: hsl(30, 42, 22), water: hsl(40, 30, 26), stone: hsl(32, 48, 40), stone2: hsl(28, 42, 26) },
  lapis: {
    ground: hsl(18, 60, 78),
    ground2: hsl(14, 56, 70),
    hill: hsl(96, 40, 52),
    water: hsl(190, 62, 52),
    stone: hsl(30, 40, 93),
    stone2: hsl(170, 58, 40),
  },
  dappled: {
    ground: hsl(86, 42, 56),
    ground2: hsl(96, 40, 48),
    hill: hsl(260, 26, 64),
    water: hsl(205, 55, 64),
    stone: hsl(40, 55, 86),
    stone2: hsl(16, 55, 66),
  },
  "red field": {
    ground: hsl(0, 0, 9),
    ground2: hsl(0, 0, 6),
    hill: hsl(145, 62, 34),
    water: hsl(196, 80, 44),
    stone: hsl(48, 95, 58),
    stone2: hsl(200, 80, 40),
  },
  indigo: {
    // Soga brown earth under the indigo, the two dyes of a batik.
    ground: hsl(26, 60, 30),
    ground2: hsl(22, 60, 24),
    hill: hsl(30, 60, 48),
    // Water a single dip of indigo, paler than the cloth.
    water: hsl(210, 50, 56),
    stone: hsl(34, 62, 72),
    stone2: hsl(20, 60, 38),
  },
  papyrus: {
    ground: hsl(36, 50, 62),
    ground2: hsl(32, 48, 54),
    hill: hsl(160, 40, 36),
    water: hsl(196, 62, 42),
    stone: hsl(36, 55, 78),
    stone2: hsl(20, 58, 45),
  },
  // The sea laid in sea-green glass tesserae under the blue vault.
  "starry vault": { ground: hsl(40, 30, 78), ground2: hsl(36, 28, 70), hill: hsl(100, 34, 40), water: hsl(166, 48, 40) },
  "rice paper": { ground: hsl(40, 8, 56), ground2: hsl(40, 8, 46), hill: hsl(40, 6, 74), water: hsl(40, 8, 84) },
  "carved lines": {
    ground: hsl(6, 70, 42),
    ground2: hsl(6, 70, 34),
    hill: hsl(30, 20, 14),
    water: hsl(6, 60, 52),
    stone: hsl(36, 30, 90),
    stone2: hsl(6, 70, 42),
  },
  "storybook dusk": {
    ground: hsl(40, 62, 46),
    ground2: hsl(34, 60, 38),
    hill: hsl(176, 42, 30),
    // The sea at dusk laid on dark, under the lit sky.
    water: hsl(186, 52, 20),
    stone: hsl(40, 70, 82),
    stone2: hsl(8, 60, 50),
  },
  "specimen paper": { ground: hsl(40, 28, 84), ground2: hsl(40, 26, 80), hill: hsl(90, 22, 76), water: hsl(196, 28, 82) },
  parchment: { ground: hsl(38, 40, 74), ground2: hsl(36, 38, 66), hill: hsl(36, 30, 58), water: hsl(38, 36, 80) },
  // Cold stone and black water under the moon.
  "moonlit night": {
    ground: hsl(220, 18, 16),
    ground2: hsl(222, 20, 11),
    hill: hsl(218, 24, 22),
    water: hsl(214, 42, 20),
    stone: hsl(214, 12, 64),
    stone2: hsl(220, 14, 40),
  },
  "lacquer fans": {
    ground: hsl(168, 40, 12),
    ground2: hsl(170, 40, 9),
    hill: hsl(166, 36, 16),
    water: hsl(172, 45, 18),
    stone: hsl(42, 58, 60),
    stone2: hsl(168, 40, 20),
  },
  // Prussian blue water and a pale earth, as a Hiroshige print has them.
  "edo sky": { ground: hsl(40, 34, 74), ground2: hsl(36, 30, 62), hill: hsl(150, 24, 46), water: hsl(212, 62, 36) },
  "child's sky": { ground: hsl(110, 70, 45), ground2: hsl(100, 65, 38), hill: hsl(120, 60, 50), water: hsl(210, 80, 55) },
  "op rings": { ground: hsl(300, 90, 34), ground2: hsl(280, 85, 28), hill: hsl(90, 90, 45), water: hsl(190, 95, 45) },
};

/** The paper of the grounds that are paper, for a frame drawn on it. */
export const GROUND_PAPER: Partial<Record<Ground, string>> = { "toned paper": "#2f3f37", "drawing paper": "#f7f5ef", linen: "#d8c7a3" };

/** The deck's colours with the roles a ground owns set to the ground's own. */
export function groundColors(colors: RoleColors, ground: Ground | undefined): RoleColors {
  const own = ground && ROLES[ground];
  return own ? { ...colors, ...own } : colors;
}
