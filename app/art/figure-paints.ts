/**
 * How a style paints its figures and the near things (the robed figure, the boats, the town's front
 * row of buildings): the colours of robes, skin, hair, cloaks and near walls it uses whatever the
 * theme (an Egyptian tomb's ochre skin, white linen and lapis, an icon's cinnabar robes, a child's
 * waxy primaries), and, for some, a mark laid over those shapes in a small tile (the impressionist's
 * broken dabs, batik's wax crackle, the gold lines an icon painter draws on a robe). Flat colours and
 * small tiles only: no filter, so a figure costs no more to draw than before.
 */
import type { RoleColors } from "./deck-theme";
import { hex, hsl, makeRng, n1, type Hsl } from "./kit";
import type { Role } from "./scene";

export const FIGURE_PAINTS = [
  "tomb painting",
  "icon",
  "broken colour",
  "thread",
  "wax primaries",
  "ink washes",
  "indigo wax",
  "charcoal",
  "sepia tones",
  "specimen washes",
  "gothic",
  "edo print",
  "cubist planes",
  "lacquer and gold",
  "riso inks",
  "chalk",
  "miniature",
  "brass and leather",
  "fauve",
  "tesserae",
  "drafting",
  "hologram",
  "marseille",
  "picture book",
  "lino inks",
  "day-glo",
] as const;
export type FigurePaint = (typeof FIGURE_PAINTS)[number];

/** A mark over the figures' shapes, in a small tile. */
export type FigureMark = "dabs" | "crackle" | "chrysography" | "scanlines";

type Paint = { colors: Partial<Record<Role, Hsl>>; mark?: FigureMark; marked?: readonly Role[] };

/**
 * The roles a figure paint owns. `cloak` is the figure's mantle and the town's front row of
 * buildings, `stone2` the row behind it, `trunk` the boats' hulls and masts, `robe`/`robe2` the
 * figure's robes, `skin` and `hair` the figure's face and hands.
 */
const PAINTS: Record<FigurePaint, Paint> = {
  // Ochre skin, white linen, lapis and malachite, black hair, all in flat colour held by black outlines.
  "tomb painting": {
    colors: {
      skin: hsl(18, 62, 40),
      hair: hsl(0, 0, 5),
      robe: hsl(42, 40, 93),
      robe2: hsl(40, 34, 88),
      cloak: hsl(222, 72, 30),
      stone2: hsl(36, 58, 70),
      trunk: hsl(14, 58, 32),
      red: hsl(6, 70, 42),
      gold: hsl(44, 85, 52),
      accent: hsl(165, 55, 40),
    },
  },
  // Cinnabar robes and a dark mantle over olive flesh, with gold lines drawn over the robes.
  icon: {
    colors: {
      skin: hsl(32, 42, 52),
      hair: hsl(18, 45, 14),
      robe: hsl(212, 55, 28),
      robe2: hsl(4, 80, 42),
      cloak: hsl(350, 55, 20),
      stone2: hsl(12, 55, 34),
      trunk: hsl(22, 50, 20),
      red: hsl(4, 82, 42),
      pale: hsl(40, 45, 84),
    },
    mark: "chrysography",
  },
  // Light, high-keyed colour laid in broken dabs: lilac, sky blue, peach, straw.
  "broken colour": {
    colors: {
      skin: hsl(350, 68, 84),
      hair: hsl(32, 45, 50),
      robe: hsl(268, 50, 76),
      robe2: hsl(52, 80, 78),
      cloak: hsl(202, 62, 70),
      stone2: hsl(36, 70, 80),
      trunk: hsl(18, 50, 58),
      red: hsl(350, 70, 70),
      pale: hsl(50, 70, 93),
    },
    mark: "dabs",
    // Broken colour lies over flesh and walls as over robes.
    marked: ["robe", "robe2", "cloak", "stone2", "trunk", "red", "skin", "pale"],
  },
  // Stranded cotton on linen: madder red, bottle green, navy and gold thread.
  thread: {
    colors: {
      skin: hsl(22, 54, 66),
      hair: hsl(24, 55, 22),
      robe: hsl(354, 72, 40),
      robe2: hsl(44, 85, 55),
      cloak: hsl(150, 52, 26),
      stone2: hsl(216, 58, 34),
      trunk: hsl(26, 55, 30),
      red: hsl(354, 75, 44),
    },
  },
  // A child's box of crayons: red, blue, yellow and green, strong and waxy.
  "wax primaries": {
    colors: {
      skin: hsl(26, 85, 74),
      hair: hsl(28, 72, 30),
      robe: hsl(2, 88, 50),
      robe2: hsl(52, 96, 55),
      cloak: hsl(222, 88, 50),
      stone2: hsl(28, 92, 55),
      trunk: hsl(24, 70, 36),
      red: hsl(352, 90, 50),
      accent: hsl(130, 70, 42),
    },
  },
  // One ink diluted in water: the darkest strokes for hair and mantles, pale washes for robes, the paper for faces.
  "ink washes": {
    colors: {
      skin: hsl(40, 18, 94),
      hair: hsl(220, 8, 8),
      robe: hsl(220, 5, 84),
      robe2: hsl(220, 5, 66),
      cloak: hsl(220, 8, 14),
      stone2: hsl(220, 5, 46),
      trunk: hsl(220, 8, 12),
      red: hsl(4, 72, 46),
    },
  },
  // Indigo and soga brown dyed around wax, the wax's crackle showing as fine pale veins.
  "indigo wax": {
    colors: {
      skin: hsl(32, 60, 54),
      hair: hsl(226, 60, 12),
      robe: hsl(40, 55, 82),
      robe2: hsl(26, 64, 34),
      cloak: hsl(228, 66, 24),
      stone2: hsl(24, 62, 30),
      trunk: hsl(226, 55, 18),
      red: hsl(16, 60, 40),
    },
    mark: "crackle",
    // The whole cloth was waxed and dyed, so the crackle runs over flesh as over robes.
    marked: ["robe", "robe2", "cloak", "stone2", "trunk", "red", "skin", "pale"],
  },
  // Black and white only: the paper left white for robes, faces and near walls, drawn round in black; black for hair, hulls and windows.
  charcoal: {
    colors: {
      skin: hsl(0, 0, 97),
      hair: hsl(0, 0, 6),
      robe: hsl(0, 0, 94),
      robe2: hsl(0, 0, 88),
      cloak: hsl(0, 0, 92),
      stone2: hsl(0, 0, 82),
      trunk: hsl(0, 0, 8),
      red: hsl(0, 0, 20),
      accent: hsl(0, 0, 12),
      light: hsl(0, 0, 10),
      gold: hsl(0, 0, 90),
    },
  },
  // A brown monochrome: deep umber shadows, warm browns, the highlights faded to cream.
  "sepia tones": {
    colors: {
      skin: hsl(28, 36, 56),
      hair: hsl(24, 40, 14),
      robe: hsl(30, 34, 48),
      robe2: hsl(34, 30, 68),
      cloak: hsl(24, 42, 18),
      stone2: hsl(30, 30, 36),
      trunk: hsl(22, 40, 16),
      red: hsl(20, 40, 34),
      accent: hsl(34, 36, 60),
      gold: hsl(36, 46, 62),
    },
  },
  // Pale flat washes of leaf green, rose and ochre on white paper, held by fine dark outlines.
  "specimen washes": {
    colors: {
      skin: hsl(26, 50, 88),
      hair: hsl(30, 30, 52),
      robe: hsl(96, 38, 74),
      robe2: hsl(340, 50, 84),
      cloak: hsl(150, 26, 60),
      stone2: hsl(44, 46, 78),
      trunk: hsl(30, 34, 56),
      red: hsl(348, 55, 66),
      accent: hsl(300, 30, 74),
    },
  },
  // Deep crimson and old gold, pale faces, walls of pale stone cold in the moonlight.
  gothic: {
    colors: {
      skin: hsl(30, 18, 84),
      hair: hsl(0, 0, 5),
      robe: hsl(345, 72, 24),
      robe2: hsl(350, 78, 32),
      cloak: hsl(216, 10, 68),
      light: hsl(40, 88, 62),
      stone2: hsl(222, 16, 36),
      trunk: hsl(262, 14, 12),
      red: hsl(350, 80, 36),
      gold: hsl(40, 72, 42),
    },
  },
  // An Edo print's colours: powdered white faces, black hair, vermilion and Prussian blue robes.
  "edo print": {
    colors: {
      skin: hsl(36, 40, 93),
      hair: hsl(220, 20, 8),
      robe: hsl(212, 62, 32),
      robe2: hsl(10, 82, 50),
      cloak: hsl(214, 56, 26),
      stone2: hsl(30, 22, 58),
      trunk: hsl(20, 34, 24),
      red: hsl(6, 84, 48),
    },
  },
  // Planes of ochre, grey-blue and brown, the palette Braque and Picasso kept to.
  "cubist planes": {
    colors: {
      skin: hsl(30, 40, 64),
      hair: hsl(24, 30, 18),
      robe: hsl(36, 52, 54),
      robe2: hsl(205, 18, 56),
      cloak: hsl(26, 36, 30),
      stone2: hsl(40, 30, 70),
      trunk: hsl(24, 34, 22),
      red: hsl(10, 48, 40),
    },
  },
  // Black lacquer, jade and gold, the figures as stylised as a poster's.
  "lacquer and gold": {
    colors: {
      skin: hsl(34, 50, 84),
      hair: hsl(0, 0, 4),
      robe: hsl(0, 0, 6),
      robe2: hsl(166, 56, 34),
      cloak: hsl(0, 0, 8),
      stone2: hsl(44, 64, 54),
      trunk: hsl(0, 0, 10),
      red: hsl(354, 70, 40),
    },
  },
  // The risograph's fluorescent pink and blue inks, and their overprint.
  "riso inks": {
    colors: {
      skin: hsl(340, 100, 84),
      hair: hsl(214, 80, 30),
      robe: hsl(208, 92, 50),
      robe2: hsl(330, 100, 62),
      cloak: hsl(262, 60, 42),
      stone2: hsl(330, 100, 70),
      trunk: hsl(214, 80, 36),
      red: hsl(330, 100, 58),
    },
  },
  // Soft chalk on toned paper: dusty rose, ochre and slate, the paper's grey-blue showing in the shadows.
  chalk: {
    colors: {
      skin: hsl(28, 46, 70),
      hair: hsl(24, 30, 34),
      robe: hsl(200, 30, 38),
      robe2: hsl(352, 42, 64),
      cloak: hsl(210, 20, 32),
      stone2: hsl(36, 50, 74),
      trunk: hsl(24, 26, 30),
      red: hsl(352, 50, 58),
    },
  },
  // A Persian miniature's pigments: vermilion, lapis, turquoise and gold, ivory faces.
  miniature: {
    colors: {
      skin: hsl(36, 50, 90),
      hair: hsl(0, 0, 6),
      robe: hsl(176, 60, 42),
      robe2: hsl(8, 84, 52),
      cloak: hsl(30, 80, 58),
      stone2: hsl(44, 40, 88),
      trunk: hsl(22, 50, 30),
      red: hsl(8, 84, 50),
    },
  },
  // Polished brass, copper and leather: a town of dark copper in front of the verdigris dome of the sky.
  "brass and leather": {
    colors: {
      skin: hsl(28, 40, 70),
      hair: hsl(20, 40, 12),
      robe: hsl(18, 62, 38),
      robe2: hsl(42, 72, 52),
      cloak: hsl(24, 62, 40),
      stone2: hsl(14, 50, 26),
      trunk: hsl(22, 46, 20),
      red: hsl(14, 60, 38),
    },
  },
  // The Fauves' unmixed colour: green shadows on faces, cadmium orange, ultramarine, viridian.
  fauve: {
    colors: {
      skin: hsl(70, 56, 62),
      hair: hsl(230, 70, 24),
      robe: hsl(230, 80, 40),
      robe2: hsl(20, 95, 52),
      cloak: hsl(160, 70, 30),
      stone2: hsl(330, 70, 46),
      trunk: hsl(280, 50, 26),
      red: hsl(356, 90, 48),
    },
  },
  // Stone and glass tesserae: terracotta, ochre, white marble and a Byzantine green.
  tesserae: {
    colors: {
      skin: hsl(30, 50, 78),
      hair: hsl(20, 40, 20),
      robe: hsl(40, 20, 90),
      robe2: hsl(12, 62, 46),
      cloak: hsl(140, 40, 30),
      stone2: hsl(36, 58, 60),
      trunk: hsl(20, 40, 28),
      red: hsl(8, 66, 44),
    },
  },
  // A drawing in white line on the blueprint's blue: near walls and hulls are the paper's blue, only their lines drawn.
  drafting: {
    colors: {
      cloak: hsl(212, 62, 42),
      stone2: hsl(212, 58, 36),
      trunk: hsl(212, 62, 42),
      hair: hsl(212, 58, 36),
      dark: hsl(212, 62, 30),
    },
  },
  // Figures lit like a projection in the rain: cyan and magenta tubes round them, scan lines across them.
  hologram: {
    colors: {
      skin: hsl(186, 96, 70),
      robe: hsl(190, 96, 60),
      robe2: hsl(305, 96, 64),
      pale: hsl(186, 96, 72),
      red: hsl(330, 96, 62),
      // The street's towers lit from within in magenta and violet, not black against the sky.
      cloak: hsl(292, 72, 50),
      stone2: hsl(300, 80, 45),
    },
    mark: "scanlines",
    marked: ["robe", "robe2", "skin", "pale", "red"],
  },
  // The old printed decks' few flat colours: vermilion, a clear blue, flesh and white, under black line.
  marseille: {
    colors: {
      skin: hsl(26, 66, 82),
      hair: hsl(40, 80, 50),
      robe: hsl(212, 62, 46),
      robe2: hsl(4, 76, 48),
      cloak: hsl(205, 48, 62),
      stone2: hsl(0, 0, 90),
      trunk: hsl(24, 50, 34),
      red: hsl(4, 78, 46),
    },
  },
  // A picture book's opaque colours: coral, mustard and teal, warm faces.
  "picture book": {
    colors: {
      skin: hsl(22, 62, 76),
      hair: hsl(20, 46, 24),
      robe: hsl(44, 78, 52),
      robe2: hsl(8, 72, 60),
      cloak: hsl(348, 50, 40),
      stone2: hsl(40, 62, 62),
      trunk: hsl(16, 46, 30),
      red: hsl(6, 72, 52),
    },
  },
  // A two-block lino print: black ink and one red on cream paper, the paper left showing for faces and the back row.
  "lino inks": {
    colors: {
      skin: hsl(36, 40, 90),
      hair: hsl(20, 12, 8),
      robe: hsl(20, 10, 10),
      robe2: hsl(4, 74, 44),
      cloak: hsl(20, 10, 10),
      stone2: hsl(36, 34, 86),
      trunk: hsl(20, 10, 10),
      red: hsl(4, 74, 44),
    },
  },
  // A sixties poster's day-glo inks: hot pink and orange robes, a town in lime and violet, one colour shouting against the next.
  "day-glo": {
    colors: {
      skin: hsl(40, 100, 72),
      hair: hsl(280, 80, 30),
      robe: hsl(322, 96, 56),
      robe2: hsl(28, 100, 55),
      cloak: hsl(84, 90, 50),
      stone2: hsl(276, 80, 48),
      trunk: hsl(300, 80, 30),
      red: hsl(350, 100, 55),
    },
  },
};

/** The colours a figure paint sets, by role. */
export const figurePaintColors = (paint: FigurePaint): Partial<Record<Role, Hsl>> => PAINTS[paint].colors;

/** The colours with the roles a figure paint owns set to its own. */
export function figureColors(colors: RoleColors, paint: FigurePaint | undefined): RoleColors {
  return paint ? { ...colors, ...PAINTS[paint].colors } : colors;
}

/** The roles whose shapes take a mark unless a paint names its own: the figures' clothes and the near things, not faces or the sky. */
const MARKED: readonly Role[] = ["robe", "robe2", "cloak", "stone2", "trunk", "red"];

/** The mark a figure paint lays over the figures, if any, and the roles whose shapes take it. */
export function figureMark(paint: FigurePaint | undefined): { mark: FigureMark; roles: ReadonlySet<Role> } | undefined {
  const own = paint && PAINTS[paint];
  return own?.mark ? { mark: own.mark, roles: new Set(own.marked ?? MARKED) } : undefined;
}

/** The mark's tile (a small pattern, so resvg draws it cheaply for every shape filled with it), as defs with id `${pre}fmk`. */
export function figureMarkDefs(mark: FigureMark, pre: string, seed: number, gold: string): string {
  const rng = makeRng(seed ^ 0x3c6ef372);
  const tile = (size: number, inner: string, extra = "") =>
    `<pattern id="${pre}fmk" width="${size}" height="${size}" patternUnits="userSpaceOnUse"${extra}>${inner}</pattern>`;
  switch (mark) {
    case "dabs": {
      // Short strokes of light colour, side by side and never blended.
      const colors = ["#fff6d8", "#f4b9c8", "#b8d8f4", "#f9e08a", "#c9b6ef", "#ffffff"];
      let dabs = "";
      for (let i = 0; i < 9; i++)
        dabs += `<ellipse cx="${n1(rng.range(0, 22))}" cy="${n1(rng.range(0, 22))}" rx="${n1(rng.range(3, 4.6))}" ry="1.7" transform="rotate(${rng.int(-40, -20)})" fill="${colors[i % colors.length]}" opacity="0.8"/>`;
      return tile(22, dabs);
    }
    case "crackle": {
      // Fine pale veins where the dye ran into the cracked wax.
      let veins = "";
      for (let i = 0; i < 4; i++) {
        const x = rng.range(0, 26);
        const y = rng.range(0, 26);
        veins += `M${n1(x)} ${n1(y)}l${n1(rng.range(-10, 10))} ${n1(rng.range(5, 12))}l${n1(rng.range(-8, 8))} ${n1(rng.range(4, 10))}`;
      }
      const dots = `<circle cx="6" cy="6" r="1.6" fill="${hex(hsl(40, 60, 86))}"/><circle cx="19" cy="19" r="1.6" fill="${hex(hsl(40, 60, 86))}"/>`;
      return tile(26, `<path d="${veins}" fill="none" stroke="${hex(hsl(40, 55, 88))}" stroke-width="0.9" opacity="0.85"/>${dots}`);
    }
    case "scanlines":
      // Bright lines across the figure, the dark between them, as a projected image shows.
      return tile(6, `<rect width="6" height="2" fill="#19e6ff" opacity="0.42"/>`);
    case "chrysography":
      // Gold lines hatched across the robes, as an icon painter lights the folds.
      return tile(10, `<path d="M0 2H10M0 7H10" stroke="${gold}" stroke-width="0.9" opacity="0.75"/>`, ` patternTransform="rotate(62)"`);
  }
}
