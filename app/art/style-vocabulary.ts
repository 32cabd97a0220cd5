/**
 * The painter's style vocabulary: every named style and technique a person can type, the words that
 * name it, and what it changes in the painting (line, texture, palette, shading, ornament, frame and
 * lettering). Free text is read against it: a named style is taken as it is, several named in one
 * text are composed (the technique of one, the palette and ornament of the other), and a misspelt or
 * unknown one goes to the nearest names by spelling. Nothing here draws: `styles.ts` and `frames.ts`
 * read the parameters. It imports only the tiny `once` helper, so the create form can read a style live.
 */
import { once } from "../lib/once";

/** The seven original treatments: each named style builds on one of them for what it does not set itself. */
export const BASE_STYLES = ["watercolour", "art nouveau", "woodcut", "minimalist", "oil painting", "surrealist", "pixel art"] as const;
export type BaseStyle = (typeof BASE_STYLES)[number];

/** What lies over the shapes as a surface. */
export type Texture =
  | "none"
  | "wash" // pigment bleeding into wet paper
  | "wax" // waxy strokes broken by the paper's tooth
  | "crayon" // a child's crayon: every shape hatched in waxy strokes on white paper, the paper's tooth showing through
  | "grain" // a fine paper grain
  | "riso" // two inks printed slightly out of register
  | "tesserae" // small tiles with grout between them
  | "facets" // shapes cut into flat triangles
  | "leading" // coloured glass held in lead
  | "stitch" // thread laid in satin stitches
  | "brush" // one ink diluted in water
  | "glow" // lit tubes on a dark ground
  | "canvas" // paint with the weave of the canvas showing
  | "halftone" // printed dots
  | "pixels"; // a coarse grid

/** How a shape's colour turns from light to shade. */
export type Shading = "flat" | "gradient" | "model" | "cel" | "bokashi" | "none";
/** The outline's colour: one ink, a darker shade of the shape, gold, or the shape's own colour lit. */
export type LineColor = "ink" | "shade" | "gold" | "light";
/** Decoration a style adds between the scenery and the figures. */
export type Ornament = "none" | "kasumi" | "scanlines" | "sunburst" | "dots" | "stars" | "swirls" | "scribbles";
/** The card's frame: one of the base treatments' frames, or one of the frames only some styles use. */
export type FrameKind = BaseStyle | "neon" | "cartouche" | "sketch" | "lead" | "deco" | "tiles" | "classic";
export type LetterFamily = "serif" | "sans" | "mono" | "hand" | "display";
export type Lettering = { family: LetterFamily; upper: boolean; weight: "300" | "600" | "700"; italic?: boolean };

/**
 * How a style turns the deck's colours: saturation and contrast factors, a lightness shift, a lean
 * toward one hue, a limit on the number of hues and tones, one ink (mono), a dark ground with lit
 * colours (neon), or white paper behind a drawing (paper).
 */
export type PaletteRule = {
  sat: number;
  contrast: number;
  light: number;
  lean?: readonly [hue: number, amount: number];
  hues?: number;
  tones?: number;
  mono?: number;
  neon?: boolean;
  paper?: boolean;
  /** With a neon palette: the sky's foot burns as a sunset does, under the dark sky. */
  sunset?: boolean;
};

export type StyleParams = {
  base: BaseStyle;
  /** Outline width as a factor of the base line (0: no outline). */
  line: number;
  lineColor: LineColor;
  texture: Texture;
  shading: Shading;
  palette: PaletteRule;
  ornament: Ornament;
  frame: FrameKind;
  lettering: Lettering;
};

/** A style is a technique (how paint is laid: crayon, mosaic) or a look (what it looks like: neon, art deco). */
export type NamedStyle = { id: string; kind: "technique" | "look"; words: readonly string[]; params: StyleParams };

const P = (sat = 1, contrast = 1, light = 0, more: Partial<PaletteRule> = {}): PaletteRule => ({ sat, contrast, light, ...more });
const serif = (upper = false, weight: Lettering["weight"] = "600", italic = false): Lettering => ({
  family: "serif",
  upper,
  weight,
  ...(italic ? { italic } : {}),
});
const sans = (upper = true, weight: Lettering["weight"] = "700"): Lettering => ({ family: "sans", upper, weight });

const style = (id: string, kind: NamedStyle["kind"], words: string[], params: StyleParams): NamedStyle => ({ id, kind, words, params });
const base = (id: BaseStyle, words: string[]): NamedStyle =>
  style(id, "technique", words, {
    base: id,
    line: 1,
    lineColor: "shade",
    texture: "none",
    shading: "flat",
    palette: P(),
    ornament: "none",
    frame: id,
    lettering:
      id === "minimalist"
        ? sans(true, "300")
        : id === "pixel art"
          ? { family: "mono", upper: true, weight: "700" }
          : serif(id === "woodcut" || id === "art nouveau", "700"),
  });

/** Every named style. The first seven are the original treatments and keep their own painting exactly. */
export const NAMED_STYLES: readonly NamedStyle[] = [
  base("watercolour", ["watercolor", "aquarelle", "wet wash", "watercolour wash"]),
  base("art nouveau", ["nouveau", "mucha", "jugendstil", "secession", "liberty style", "victorian poster", "belle epoque"]),
  base("woodcut", ["wood cut", "woodblock", "wood block", "block print", "wood engraving", "engraving", "etching", "intaglio", "copperplate"]),
  base("minimalist", [
    "minimal",
    "minimalism",
    "flat",
    "flat design",
    "line art",
    "clean",
    "simple",
    "vector",
    "icon",
    "bauhaus",
    "swiss",
    "scandinavian",
    "outline",
  ]),
  base("oil painting", [
    "oil",
    "oils",
    "oil on canvas",
    "painterly",
    "baroque",
    "renaissance",
    "old master",
    "old masters",
    "rembrandt",
    "classical painting",
    "realism",
    "realist",
    "romanticism",
    "pre raphaelite",
    "tempera",
    "fresco",
  ]),
  base("surrealist", ["surreal", "surrealism", "dali", "magritte", "dreamscape", "dream", "dreamlike", "escher", "uncanny", "visionary"]),
  base("pixel art", ["pixel", "pixels", "8 bit", "8bit", "16 bit", "16bit", "sprite", "retro game", "arcade", "gameboy", "nes", "snes", "low res", "voxel"]),
  style(
    "ukiyo-e",
    "technique",
    ["ukiyo e", "ukiyoe", "japanese woodblock", "japanese print", "hokusai", "hiroshige", "edo print", "shin hanga", "great wave"],
    {
      base: "woodcut",
      line: 1.5,
      lineColor: "ink",
      texture: "grain",
      shading: "bokashi",
      palette: P(0.72, 1, 4, { lean: [212, 0.25], hues: 7 }),
      ornament: "kasumi",
      frame: "cartouche",
      lettering: serif(false, "700"),
    },
  ),
  style("stained glass", "technique", ["stained glass", "stained glass window", "leaded glass", "church window", "tiffany", "rose window", "glass window"], {
    base: "art nouveau",
    line: 3.4,
    lineColor: "ink",
    texture: "leading",
    shading: "gradient",
    palette: P(1.35, 1.1, 6, { hues: 9 }),
    ornament: "none",
    frame: "lead",
    lettering: serif(true, "700"),
  }),
  style("art deco", "look", ["deco", "art deco", "gatsby", "1920s", "twenties", "roaring twenties", "jazz age", "chrysler", "erte"], {
    base: "minimalist",
    line: 1,
    lineColor: "gold",
    texture: "none",
    shading: "gradient",
    // Black lacquer and gold.
    palette: P(0.7, 1.3, -18, { lean: [42, 0.3], tones: 5 }),
    ornament: "sunburst",
    frame: "deco",
    lettering: { family: "display", upper: true, weight: "300" },
  }),
  style("cyberpunk neon", "look", ["cyberpunk", "cyber punk", "neon", "neon lights", "cyber", "blade runner", "tron", "neon noir", "glowing", "glow"], {
    base: "minimalist",
    line: 1.6,
    lineColor: "light",
    texture: "glow",
    shading: "flat",
    palette: P(1.4, 1, 0, { neon: true }),
    ornament: "scanlines",
    frame: "neon",
    lettering: { family: "mono", upper: true, weight: "700" },
  }),
  style("synthwave", "look", ["synthwave", "vaporwave", "vapor wave", "outrun", "retrowave", "80s", "eighties", "miami"], {
    base: "surrealist",
    line: 1.2,
    lineColor: "light",
    texture: "glow",
    shading: "gradient",
    palette: P(1.3, 1, 0, { neon: true, lean: [310, 0.35], sunset: true }),
    ornament: "scanlines",
    frame: "neon",
    lettering: sans(true, "700"),
  }),
  style(
    "crayon",
    "technique",
    [
      "crayon",
      "crayons",
      "wax crayon",
      "children's crayon",
      "childrens crayon",
      "child's crayon",
      "kids crayon",
      "kid's crayon",
      "children's drawing",
      "childrens drawing",
      "child's drawing",
      "kids drawing",
      "kid's drawing",
      "child drawing",
      "naive",
      "naïve",
      "doodle",
      "scribble",
      "drawn by a child",
      "kindergarten",
    ],
    {
      base: "watercolour",
      line: 2.4,
      lineColor: "shade",
      texture: "crayon",
      shading: "flat",
      palette: P(1.25, 1, 4, { paper: true, hues: 8 }),
      ornament: "scribbles",
      frame: "sketch",
      lettering: { family: "hand", upper: false, weight: "700" },
    },
  ),
  style("pastel", "technique", ["pastel", "pastels", "soft pastel", "chalk", "chalk pastel", "oil pastel", "chalkboard"], {
    base: "watercolour",
    line: 0.8,
    lineColor: "shade",
    texture: "wax",
    shading: "gradient",
    palette: P(0.7, 0.7, 14),
    ornament: "none",
    frame: "sketch",
    lettering: serif(false, "600", true),
  }),
  style("charcoal", "technique", ["charcoal", "graphite", "pencil", "pencil sketch", "sketch", "drawing", "conte"], {
    base: "woodcut",
    line: 1.6,
    lineColor: "ink",
    texture: "wax",
    shading: "model",
    // Soft black on drawing paper.
    palette: P(0.1, 1.25, 10, { mono: 30, paper: true }),
    ornament: "none",
    frame: "sketch",
    lettering: { family: "hand", upper: false, weight: "600" },
  }),
  style("linocut", "technique", ["linocut", "lino", "lino cut", "linoleum", "relief print", "block printed"], {
    base: "woodcut",
    line: 2.8,
    lineColor: "ink",
    texture: "grain",
    shading: "flat",
    palette: P(1.1, 1.3, 0, { hues: 4, tones: 3 }),
    ornament: "none",
    frame: "woodcut",
    lettering: sans(true, "700"),
  }),
  style(
    "ink wash",
    "technique",
    ["ink wash", "sumi e", "sumie", "sumi", "shan shui", "chinese painting", "chinese ink", "brush painting", "ink painting", "calligraphy", "zen", "sumi-e"],
    {
      base: "watercolour",
      line: 0.9,
      lineColor: "ink",
      texture: "brush",
      shading: "gradient",
      // One ink on white rice paper.
      palette: P(0.12, 1.1, 14, { mono: 220, paper: true }),
      ornament: "none",
      frame: "cartouche",
      lettering: serif(false, "600"),
    },
  ),
  style(
    "embroidery",
    "technique",
    ["embroidery", "embroidered", "needlework", "cross stitch", "cross-stitch", "stitched", "tapestry", "sampler", "quilt", "quilted", "textile", "thread"],
    {
      base: "watercolour",
      line: 1.2,
      lineColor: "shade",
      texture: "stitch",
      shading: "flat",
      palette: P(0.9, 1, 0, { tones: 5 }),
      ornament: "none",
      frame: "sketch",
      lettering: serif(false, "700", true),
    },
  ),
  style("mosaic", "technique", ["mosaic", "mosaics", "tesserae", "roman mosaic", "byzantine mosaic", "tiles", "tiled", "tile"], {
    base: "art nouveau",
    line: 0,
    lineColor: "shade",
    texture: "tesserae",
    shading: "flat",
    palette: P(1.1, 1.1, 0, { tones: 6 }),
    ornament: "none",
    frame: "tiles",
    lettering: serif(true, "700"),
  }),
  style("low-poly", "technique", ["low poly", "lowpoly", "low-poly", "polygonal", "faceted", "polygon", "origami", "papercraft", "3d"], {
    base: "minimalist",
    line: 0,
    lineColor: "shade",
    texture: "facets",
    shading: "flat",
    // Warm rendered clay and peach, where anime is clear sky.
    palette: P(1, 1.1, 4, { lean: [22, 0.4] }),
    ornament: "none",
    frame: "minimalist",
    lettering: sans(true, "300"),
  }),
  style("risograph", "technique", ["risograph", "riso", "zine", "duotone", "screen print", "screenprint", "silkscreen", "gig poster"], {
    base: "minimalist",
    line: 0,
    lineColor: "ink",
    texture: "riso",
    shading: "flat",
    palette: P(1.3, 1.1, 4, { hues: 3, tones: 3 }),
    ornament: "none",
    frame: "minimalist",
    lettering: sans(true, "700"),
  }),
  style(
    "tarot classic",
    "look",
    [
      "tarot classic",
      "classic tarot",
      "traditional tarot",
      "rider waite",
      "rider-waite",
      "waite",
      "pamela colman smith",
      "rws",
      "marseille",
      "tarot de marseille",
      "vintage tarot",
      "traditional",
    ],
    {
      base: "woodcut",
      line: 1.7,
      lineColor: "ink",
      texture: "grain",
      shading: "flat",
      palette: P(1.15, 1.05, 4, { lean: [46, 0.18], hues: 6, tones: 4 }),
      ornament: "none",
      frame: "classic",
      lettering: serif(true, "700"),
    },
  ),
  style("pop art", "look", ["pop art", "pop", "comic", "comics", "comic book", "lichtenstein", "warhol", "halftone", "ben day"], {
    base: "minimalist",
    line: 3,
    lineColor: "ink",
    texture: "halftone",
    shading: "cel",
    // Printed primaries on a yellow ground.
    palette: P(1.6, 1.15, 10, { hues: 6, lean: [52, 0.4] }),
    ornament: "dots",
    frame: "minimalist",
    lettering: sans(true, "700"),
  }),
  style("anime", "look", ["anime", "manga", "cel shaded", "cel shading", "ghibli", "studio ghibli", "cartoon", "animated"], {
    base: "minimalist",
    line: 1.8,
    lineColor: "ink",
    texture: "none",
    shading: "cel",
    // Clear skies and bright daylight colour.
    palette: P(1.25, 1.05, 12, { lean: [208, 0.3] }),
    ornament: "none",
    frame: "minimalist",
    lettering: sans(true, "700"),
  }),
  style("gouache", "technique", ["gouache", "poster paint", "tempera poster", "storybook", "picture book", "children's book", "illustration"], {
    base: "watercolour",
    line: 0.6,
    lineColor: "shade",
    texture: "grain",
    shading: "gradient",
    // Opaque and matte: denser, deeper colour than a wash.
    palette: P(1.35, 1.15, -6, { tones: 6 }),
    ornament: "none",
    frame: "watercolour",
    lettering: serif(false, "600", true),
  }),
  style("impressionist", "look", ["impressionist", "impressionism", "monet", "renoir", "plein air", "pointillism", "seurat"], {
    base: "oil painting",
    line: 0,
    lineColor: "shade",
    texture: "canvas",
    shading: "gradient",
    palette: P(1.15, 0.85, 10),
    ornament: "dots",
    frame: "oil painting",
    lettering: serif(false, "600", true),
  }),
  style("expressionist", "look", ["expressionist", "expressionism", "fauvism", "fauve", "van gogh", "munch", "matisse", "bold colour", "bold color"], {
    base: "oil painting",
    line: 2.2,
    lineColor: "ink",
    texture: "canvas",
    shading: "model",
    palette: P(1.6, 1.2, 0, { lean: [20, 0.2] }),
    ornament: "swirls",
    frame: "oil painting",
    lettering: serif(true, "700"),
  }),
  style("cubist", "look", ["cubism", "cubist", "picasso", "braque", "futurism"], {
    base: "oil painting",
    line: 1.6,
    lineColor: "ink",
    texture: "facets",
    shading: "flat",
    palette: P(0.8, 1.1, 0, { lean: [30, 0.3], tones: 5 }),
    ornament: "none",
    frame: "oil painting",
    lettering: sans(true, "700"),
  }),
  style("noir", "look", ["noir", "film noir", "black and white", "monochrome", "grayscale", "greyscale", "high contrast", "b&w"], {
    base: "woodcut",
    line: 1.6,
    lineColor: "ink",
    texture: "grain",
    shading: "model",
    palette: P(0, 1.6, -6, { mono: 230 }),
    ornament: "none",
    frame: "woodcut",
    lettering: sans(true, "700"),
  }),
  style("sepia", "look", ["sepia", "vintage photo", "old photograph", "daguerreotype", "antique", "faded", "vintage"], {
    base: "oil painting",
    line: 0.6,
    lineColor: "shade",
    texture: "grain",
    shading: "gradient",
    palette: P(0.35, 0.9, 6, { mono: 32 }),
    ornament: "none",
    frame: "oil painting",
    lettering: serif(false, "600", true),
  }),
  style("blueprint", "look", ["blueprint", "technical drawing", "schematic", "draft", "architectural drawing", "cyanotype"], {
    base: "minimalist",
    line: 1.1,
    lineColor: "light",
    texture: "grain",
    shading: "none",
    palette: P(0.6, 1, 0, { mono: 214, neon: true }),
    ornament: "none",
    frame: "minimalist",
    lettering: { family: "mono", upper: true, weight: "300" },
  }),
  style(
    "paper cut",
    "technique",
    ["paper cut", "papercut", "cut paper", "kirigami", "paper art", "layered paper", "collage", "cut out", "cutout", "matisse cut outs"],
    {
      base: "surrealist",
      line: 0,
      lineColor: "shade",
      texture: "none",
      shading: "flat",
      palette: P(1, 1, 4, { tones: 5 }),
      ornament: "none",
      frame: "minimalist",
      lettering: sans(true, "300"),
    },
  ),
  style("steampunk", "look", ["steampunk", "steam punk", "brass", "clockwork", "victorian machinery", "gears"], {
    base: "oil painting",
    line: 1.4,
    lineColor: "shade",
    texture: "canvas",
    shading: "model",
    // Brass and sepia in lamplight, where gothic is night.
    palette: P(0.85, 1.05, 10, { lean: [36, 0.6] }),
    ornament: "none",
    frame: "oil painting",
    lettering: serif(true, "700"),
  }),
  style("gothic", "look", ["gothic", "dark fantasy", "dark academia", "goth", "horror", "macabre", "grim"], {
    base: "oil painting",
    line: 1.4,
    lineColor: "ink",
    texture: "canvas",
    shading: "model",
    palette: P(0.8, 1.35, -14, { lean: [280, 0.15] }),
    ornament: "stars",
    frame: "oil painting",
    lettering: serif(true, "700"),
  }),
  style("psychedelic", "look", ["psychedelic", "trippy", "groovy", "sixties", "60s", "70s", "seventies", "acid", "kaleidoscope", "tie dye"], {
    base: "surrealist",
    line: 1.6,
    lineColor: "shade",
    texture: "none",
    shading: "gradient",
    palette: P(1.7, 1.1, 4, { hues: 6 }),
    ornament: "swirls",
    frame: "surrealist",
    lettering: serif(false, "700", true),
  }),
  style(
    "illuminated manuscript",
    "look",
    ["illuminated", "illuminated manuscript", "manuscript", "medieval", "mediaeval", "book of hours", "gothic manuscript", "codex"],
    {
      base: "art nouveau",
      line: 1.6,
      lineColor: "ink",
      texture: "grain",
      shading: "flat",
      // Bright pigments and gold on vellum.
      palette: P(1.25, 1.05, 2, { hues: 6, lean: [0, 0.05], paper: true }),
      ornament: "stars",
      frame: "classic",
      lettering: serif(false, "700"),
    },
  ),
  style("icon painting", "look", ["icon painting", "byzantine", "orthodox icon", "gilded", "gold leaf", "gilt", "religious icon"], {
    base: "oil painting",
    line: 1.4,
    lineColor: "gold",
    texture: "grain",
    shading: "gradient",
    palette: P(0.95, 1.1, -2, { lean: [38, 0.2] }),
    ornament: "sunburst",
    frame: "oil painting",
    lettering: serif(true, "700"),
  }),
  style("persian miniature", "look", ["persian miniature", "miniature", "mughal", "ottoman", "persian", "islamic art", "arabesque"], {
    base: "art nouveau",
    line: 0.9,
    lineColor: "gold",
    texture: "grain",
    shading: "flat",
    palette: P(1.35, 1.05, 4, { hues: 8 }),
    ornament: "dots",
    frame: "deco",
    lettering: serif(false, "700", true),
  }),
  style("egyptian", "look", ["egyptian", "ancient egypt", "papyrus", "hieroglyph", "hieroglyphs", "pharaoh", "tomb painting"], {
    base: "minimalist",
    line: 1.6,
    lineColor: "ink",
    texture: "grain",
    shading: "flat",
    palette: P(0.9, 1, 4, { lean: [36, 0.3], tones: 4, hues: 5 }),
    ornament: "none",
    frame: "tiles",
    lettering: serif(true, "700"),
  }),
  style(
    "folk art",
    "look",
    ["folk art", "folk", "folkloric", "otomi", "alebrije", "mexican folk", "scandinavian folk", "slavic folk", "rosemaling", "hmong", "naive folk"],
    {
      base: "minimalist",
      line: 1.4,
      lineColor: "shade",
      texture: "none",
      shading: "flat",
      palette: P(1.45, 1.05, 4, { hues: 6 }),
      ornament: "dots",
      frame: "tiles",
      lettering: serif(false, "700"),
    },
  ),
  style("graffiti", "look", ["graffiti", "street art", "spray paint", "spraypaint", "mural", "urban art", "banksy"], {
    base: "minimalist",
    line: 3,
    lineColor: "ink",
    texture: "grain",
    shading: "gradient",
    // Spray cans' magentas and limes.
    palette: P(1.6, 1.15, -4, { lean: [300, 0.4], hues: 5 }),
    ornament: "scribbles",
    frame: "minimalist",
    lettering: sans(true, "700"),
  }),
  style(
    "botanical illustration",
    "look",
    ["botanical", "botanical illustration", "scientific illustration", "naturalist", "field guide", "herbarium", "audubon"],
    {
      base: "watercolour",
      line: 0.9,
      lineColor: "ink",
      texture: "grain",
      shading: "gradient",
      palette: P(0.85, 1, 6, { paper: true }),
      ornament: "none",
      frame: "minimalist",
      lettering: serif(false, "600", true),
    },
  ),
  style("gothic woodcut", "technique", ["chapbook", "broadside", "dürer", "durer", "incunabula"], {
    base: "woodcut",
    line: 1.2,
    lineColor: "ink",
    texture: "grain",
    shading: "flat",
    // Black ink on parchment, where noir is a dark picture.
    palette: P(0.25, 1.5, 8, { mono: 34, paper: true }),
    ornament: "none",
    frame: "woodcut",
    lettering: serif(true, "700"),
  }),
  style("batik", "technique", ["batik", "wax resist", "indonesian textile", "shibori", "indigo dye"], {
    base: "watercolour",
    line: 1.6,
    lineColor: "light",
    texture: "wax",
    shading: "flat",
    palette: P(0.9, 1.2, -8, { lean: [222, 0.4], tones: 4 }),
    ornament: "dots",
    frame: "tiles",
    lettering: serif(false, "700"),
  }),
];

const BY_ID = new Map(NAMED_STYLES.map((s) => [s.id, s]));

/** A style by its id. */
export const namedStyle = (id: string): NamedStyle | undefined => BY_ID.get(id);

const normal = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[’`]/g, "'")
    .replace(/[^a-z0-9'& ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Every name and word, normalised, to its style; the longer a phrase, the sooner it is tried. */
// Made when a style is first read, not at load: the Worker would pay for it at every cold start.
const phrases = once((): readonly [phrase: string, id: string][] => {
  const out = new Map<string, string>();
  for (const s of NAMED_STYLES) for (const w of [s.id, ...s.words]) if (!out.has(normal(w))) out.set(normal(w), s.id);
  return [...out.entries()].sort((a, b) => b[0].split(" ").length - a[0].split(" ").length || b[0].length - a[0].length);
});

/** The letter trigrams of a text, padded, for spelling similarity. */
function trigrams(text: string): Set<string> {
  const t = `  ${text.replace(/ /g, "  ")}  `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= t.length; i++) out.add(t.slice(i, i + 3));
  return out;
}

function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let common = 0;
  for (const g of ta) if (tb.has(g)) common++;
  return (2 * common) / (ta.size + tb.size);
}

export type UnderstoodStyle = {
  /** The named styles it was read as, the first giving the technique. */
  ids: string[];
  /** How it was read: one exact name, names found among its words, names nearest in spelling, or nothing known. */
  how: "exact" | "words" | "nearest" | "unknown";
  /** The words that were recognised. */
  words: string[];
  params: StyleParams;
  /** One line naming what the painter understood, for the create form. */
  sentence: string;
};

function hashText(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Composes two styles: the technique's line, texture, shading, frame and lettering; the look's palette and ornament. */
export function composeStyles(first: NamedStyle, second?: NamedStyle): StyleParams {
  if (!second) return first.params;
  const [technique, look] = first.kind === "look" && second.kind === "technique" ? [second, first] : [first, second];
  const t = technique.params;
  const l = look.params;
  return {
    ...t,
    palette: l.palette,
    ornament: l.ornament !== "none" ? l.ornament : t.ornament,
    // A glowing look keeps its glow on a drawing technique: neon lines drawn in crayon still shine.
    lineColor: l.palette.neon ? "light" : t.lineColor,
    line: t.line || (l.palette.neon ? 1.2 : 0),
  };
}

const memo = new Map<string, UnderstoodStyle>();

/** Reads a typed style against the vocabulary. Deterministic: the same text always gives the same reading. */
export function understandStyle(typed: string): UnderstoodStyle {
  const text = normal(typed).slice(0, 80);
  const hit = memo.get(text);
  if (hit) return hit;
  const result = read(text);
  if (memo.size > 300) memo.clear();
  memo.set(text, result);
  return result;
}

function read(text: string): UnderstoodStyle {
  const exact = BY_ID.get(text);
  if (exact) return done([exact], "exact", [text]);
  // Names and words found in the text, longest first, each style once.
  const found: { id: string; word: string; at: number }[] = [];
  let rest = ` ${text} `;
  for (const [phrase, id] of phrases()) {
    const at = rest.indexOf(` ${phrase} `);
    if (at < 0) continue;
    rest = `${rest.slice(0, at)} ${" ".repeat(phrase.length)} ${rest.slice(at + phrase.length + 2)}`;
    if (!found.some((f) => f.id === id)) found.push({ id, word: phrase, at });
  }
  // Words left over that are spelt nearly like a name ("ukiyoe", "watercolor") count too; a word
  // is not read as part of a longer name ("children's" is not "children's book").
  for (const m of rest.matchAll(/[a-z0-9']{5,}/g)) {
    let best: [string, number] | null = null;
    for (const [phrase, id] of phrases()) {
      const joined = phrase.replace(/ /g, "");
      if (Math.abs(joined.length - m[0].length) > 3) continue;
      const score = similarity(m[0], joined);
      if (score >= 0.7 && (!best || score > best[1])) best = [id, score];
    }
    if (best && !found.some((f) => f.id === best[0])) found.push({ id: best[0], word: m[0], at: m.index ?? 0 });
  }
  if (found.length) {
    found.sort((a, b) => a.at - b.at);
    return done(
      found.slice(0, 2).map((f) => BY_ID.get(f.id)!),
      found.length === 1 && found[0]!.word === text ? "exact" : "words",
      found.slice(0, 2).map((f) => f.word),
    );
  }
  // Nothing named: the nearest names by spelling ("ukiyoe", "stainglass", "watercolor pencil").
  const scored = new Map<string, number>();
  for (const [phrase, id] of phrases()) {
    let best = similarity(text, phrase);
    for (const word of text.split(" ")) if (word.length >= 4) best = Math.max(best, similarity(word, phrase) * 0.92);
    if (best > (scored.get(id) ?? 0)) scored.set(id, best);
  }
  const ranked = [...scored.entries()].sort((a, b) => b[1] - a[1]);
  const near = ranked.filter(([, score]) => score >= 0.42);
  if (near.length) {
    const picked = [near[0]!];
    if (near[1] && near[1][1] >= near[0]![1] - 0.06) picked.push(near[1]);
    return done(
      picked.map(([id]) => BY_ID.get(id)!),
      "nearest",
      [],
    );
  }
  // Nothing near either: a stable pick among the original treatments, so a deck keeps its look.
  return done([BY_ID.get(BASE_STYLES[hashText(text) % BASE_STYLES.length]!)!], "unknown", []);
}

function done(styles: NamedStyle[], how: UnderstoodStyle["how"], words: string[]): UnderstoodStyle {
  const params = composeStyles(styles[0]!, styles[1]);
  const ids = styles.map((s) => s.id);
  let sentence: string;
  if (how === "exact") sentence = `Painted as ${ids[0]}.`;
  else if (how === "unknown") sentence = `No style we know by that name: painted as ${ids[0]}.`;
  else {
    const [a, b] = styles;
    const pair = b ? (a!.kind === "look" && b.kind === "technique" ? [b, a] : [a!, b]) : [a!];
    const named = pair.length === 2 ? `${pair[0]!.id} with the colours of ${pair[1]!.id}` : pair[0]!.id;
    sentence = how === "nearest" ? `Read as the nearest we know: ${named}.` : `Understood as ${named}.`;
  }
  return { ids, how, words, params, sentence };
}

/** The base treatment a typed style is painted on (frames, ornaments and the pixel grid are chosen by it). */
export const baseStyleOf = (typed: string): BaseStyle => understandStyle(typed).params.base;

/** True when the typed style is one of the seven original treatments alone, painted exactly as before. */
export function isOriginalTreatment(understood: UnderstoodStyle): boolean {
  return understood.ids.length === 1 && (BASE_STYLES as readonly string[]).includes(understood.ids[0]!);
}
