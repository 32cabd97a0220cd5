import { hsl, mixHue, type Hsl } from "./kit";
import { hashString, paletteFor } from "./palette";
import { parseTheme } from "./subjects/parse-theme";
import { MOTIFS, type Motif } from "./motifs";
import type { Role } from "./scene";

export type RoleColors = Record<Role, Hsl>;

export type DeckLook = {
  seed: number;
  hue: number;
  accentHue: number;
  /** Day themes get a light sky; night themes a deep one. */
  daylight: boolean;
  motif: Motif;
  /** A second, quieter motif used for scattered details. */
  motif2: Motif;
  colors: RoleColors;
};

const MOTIF_WORDS: [RegExp, Motif][] = [
  [/\b(sea|seas|ocean|oceans|tide|tides|wave|waves|shore|coast|coral|mermaid|river|lake|rain|storm|water|abyss|harbou?r|sailor|pearl|deep)/, "waves"],
  [/\b(forest|forests|leaf|leaves|tree|trees|woods?|woodland|autumn|fern|moss|grove|jungle|oak|willow|vine|herb)/, "leaves"],
  [/\b(star|stars|starry|night|nights|cosmic|cosmos|galaxy|astral|moon|moonlit|lunar|celestial|space|nebula|planet|dream)/, "stars"],
  [/\b(fire|fires|flame|flames|sun|suns|solar|ember|embers|lantern|lanterns|candle|desert|dragon|phoenix|volcan|lava|blaze|summer|heat)/, "flames"],
  [/\b(city|cities|neon|urban|street|metro|cyber|tower|skyline|noir|machine|steam|clockwork|retro|synth|arcade|robot)/, "skyline"],
  [/\b(flower|flowers|garden|gardens|petal|petals|rose|roses|bloom|blossom|spring|lotus|lily|orchid|meadow|sakura|cherry)/, "petals"],
  [/\b(crystal|crystals|gem|gems|ice|frost|snow|winter|mountain|mountains|glacier|quartz|diamond|mineral|cave)/, "crystals"],
  [/\b(cloud|clouds|sky|skies|wind|air|feather|feathers|bird|birds|angel|heaven|mist|fog)/, "clouds"],
];

/** Hue hints for common theme words, so "forest" leans green and "desert" leans ochre. */
const HUE_WORDS: [RegExp, number][] = [
  [/\b(sea|ocean|tide|tides|wave|waves|water|river|lake|rain|ice|frost|winter|glacier|abyss|deep)/, 212],
  [/\b(moon|moonlit|night|lunar|starry|cosmic|cosmos|galaxy|nebula|space|celestial|dream)/, 238],
  [/\b(forest|leaf|leaves|woods?|fern|moss|jungle|grove|herb|meadow)/, 128],
  [/\b(autumn|lantern|lanterns|harvest|pumpkin|amber|ember|embers|candle)/, 24],
  [/\b(desert|sand|dune|dunes|sun|solar|gold|golden|summer|honey)/, 38],
  [/\b(fire|flame|flames|dragon|phoenix|lava|volcan|blood|crimson)/, 8],
  [/\b(neon|cyber|synth|arcade|electric)/, 292],
  [/\b(rose|roses|flower|flowers|garden|blossom|sakura|cherry|spring|orchid)/, 334],
  [/\b(city|urban|street|noir|steam|clockwork|machine)/, 200],
];

const DAY_WORDS = /\b(sun|suns|sunny|solar|desert|day|dawn|morning|summer|noon|golden|meadow|garden|spring|beach|sand|dune|dunes)/;
const NIGHT_WORDS = /\b(night|moon|moonlit|dark|noir|neon|cosmic|star|stars|starry|midnight|shadow|abyss|lantern|lanterns|space|galaxy|dusk)/;

function parseHue(color: string): number {
  const match = /hsl\((\d+)/.exec(color);
  return match ? Number(match[1]) : 0;
}

/** The look of a whole deck, derived from its theme text only. */
export function deckLook(theme: string): DeckLook {
  const text = theme.trim().toLowerCase();
  const seed = hashString(text);
  const base = paletteFor(theme);
  const baseHue = parseHue(base.deep);
  const baseAccent = parseHue(base.accent);

  // The word that comes first in the theme decides: "Autumn forest" leans amber, "Forest in autumn" green.
  const firstHit = <T>(table: [RegExp, T][]): T | undefined => {
    let best: T | undefined;
    let at = Infinity;
    for (const [re, value] of table) {
      const m = re.exec(text);
      if (m && m.index < at) {
        at = m.index;
        best = value;
      }
    }
    return best;
  };
  const hintHue = firstHit(HUE_WORDS);
  const hint = hintHue === undefined ? undefined : ([null, hintHue] as const);
  const jitter = (seed % 31) - 15;
  const hue = hint ? (hint[1] + jitter + 360) % 360 : baseHue;
  const accentHue = hint ? (hue + 150 + ((seed >>> 9) % 60)) % 360 : baseAccent;

  const wordMotifs = MOTIF_WORDS.map(([re, m]) => [re.exec(text)?.index ?? -1, m] as const)
    .filter(([at]) => at >= 0)
    .sort((a, b) => a[0] - b[0])
    .map(([, m]) => m);
  const motif = wordMotifs[0] ?? MOTIFS[seed % MOTIFS.length]!;
  const motif2 = wordMotifs.find((m) => m !== motif) ?? MOTIFS.filter((m) => m !== motif)[(seed >>> 7) % (MOTIFS.length - 1)]!;

  // The time of day read from the theme's subjects wins ("under a comet" is a night sky).
  const time = parseTheme(text).time;
  const night = time === "night" || (time === null && NIGHT_WORDS.test(text));
  const day = !night && (time !== null || DAY_WORDS.test(text) || (!hint && (seed >>> 12) % 3 === 0));

  const h = hue;
  const a = accentHue;
  // Water stays in the blues, leaning slightly toward the deck's hue.
  const water = 200 + ((((h - 200 + 540) % 360) - 180) / 180) * 22;
  // Suns, gold and lamplight stay warm whatever the base hue, nudged a little toward it.
  const warm = 26 + (seed % 24) + (((h - 40 + 540) % 360) - 180) * 0.06;
  // Hue pulled toward an anchor: semantic colours (sky blue, leaf green, rose red) keep their
  // meaning but lean a little toward the deck's hue.
  const lean = (anchor: number, amount: number) => anchor + (((h - anchor + 540) % 360) - 180) * amount;
  const colors: RoleColors = {
    sky: day ? hsl(lean(208, 0.1), 50, 70) : hsl(h, 48, 17),
    skyLow: day ? hsl(lean(40, 0.3), 62, 84) : hsl(h + 28, 45, 34),
    night: hsl(h, 50, 9),
    ground: day ? hsl(lean(32, 0.35), 34, 46) : hsl(mixHue(h, 30, 0.3), 30, 24),
    ground2: day ? hsl(lean(32, 0.35), 36, 33) : hsl(mixHue(h, 30, 0.3), 32, 15),
    hill: day ? hsl(lean(220, 0.12), 20, 62) : hsl(h + 12, 30, 29),
    water: day ? hsl(water, 50, 54) : hsl(water, 48, 36),
    light: hsl(warm, 80, 86),
    sun: hsl(warm, 88, 64),
    gold: hsl(warm + 6, 66, 56),
    accent: hsl(a, 68, 60),
    robe: hsl(a, 46, 44),
    robe2: hsl(h + 30, 38, 58),
    cloak: hsl(h - 10, 38, 30),
    skin: hsl(lean(28, 0.15), 36, 80),
    hair: hsl(lean(25, 0.4), 30, 20),
    dark: hsl(h, 45, 8),
    pale: hsl(h, 30, 94),
    stone: hsl(h, 10, 62),
    stone2: hsl(h, 12, 40),
    leaf: hsl(lean(112, 0.25), 42, 36),
    trunk: hsl(lean(26, 0.15), 32, 24),
    fire: hsl(14 + ((seed >>> 5) % 14), 88, 56),
    red: hsl(348 + ((seed >>> 3) % 22), 62, 46),
    metal: hsl(h, 14, 78),
  };
  return { seed, hue, accentHue, daylight: day, motif, motif2, colors };
}
