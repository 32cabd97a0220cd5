// The display face's first file: the glyphs nearly every heading needs, cut out of the Latin file.
//
// Headings use Cormorant Garamond at 700 (and 600 for semibold). The Latin file of each weight is
// 22–23 KB and holds some 250 glyphs; the page's first view needs the printable ASCII letters and a
// few marks of punctuation. This writes, for each weight, a "core" file with only those (about
// 13 KB) and the stylesheet that declares both: the core file for its characters, the whole Latin
// file for every other character of its range. A browser checks the later rule first, so a heading
// in plain English loads only the core file, and one with an "é" also loads the Latin file.
//
//   npm run fonts     writes app/styles/fonts/*.woff2 and app/styles/fonts/display-faces.css
//
// The output is committed (the build needs no font tools); run this again after upgrading
// @fontsource/cormorant-garamond. docs/decisions/0049-deck-page-pictures-and-fonts.md says why.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";

const FAMILY = "Cormorant Garamond";
const WEIGHTS = [600, 700] as const;
const OUT = path.join(import.meta.dirname, "..", "app", "styles", "fonts");

/** What the core file holds: printable ASCII, no-break space, middle dot, dashes, curly quotes, ellipsis. */
const CORE_RANGES: Array<[number, number]> = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xb7, 0xb7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2026, 0x2026],
];

/** The range fontsource's Latin file covers (Google Fonts' "latin" subset). */
const LATIN_RANGE =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, "0");
const unicodeRange = (ranges: Array<[number, number]>) => ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(", ");
const coreText = CORE_RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join("");

const require = createRequire(import.meta.url);
const latinFile = (weight: number) => `@fontsource/cormorant-garamond/files/cormorant-garamond-latin-${weight}-normal.woff2`;
const coreFile = (weight: number) => `cormorant-garamond-${weight}-core.woff2`;

const face = (weight: number, src: string, range: string) =>
  `@font-face {\n  font-family: "${FAMILY}";\n  font-style: normal;\n  font-weight: ${weight};\n  font-display: swap;\n  src: url(${src}) format("woff2");\n  unicode-range: ${range};\n}\n`;

mkdirSync(OUT, { recursive: true });
let css = "/* Written by scripts/subset-fonts.ts (npm run fonts): edit that, not this. */\n";
for (const weight of WEIGHTS) {
  const latinPath = require.resolve(latinFile(weight));
  const latin = readFileSync(latinPath);
  const core = await subsetFont(latin, coreText, { targetFormat: "woff2" });
  writeFileSync(path.join(OUT, coreFile(weight)), core);
  console.log(`${weight}: Latin ${latin.length} B, core ${core.length} B`);
  // The later rule is checked first for a character both cover.
  css += face(weight, `"${path.relative(OUT, latinPath)}"`, LATIN_RANGE);
  css += face(weight, `"./${coreFile(weight)}"`, unicodeRange(CORE_RANGES));
}
writeFileSync(path.join(OUT, "display-faces.css"), css);
