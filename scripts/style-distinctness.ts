// Measures how far apart the painter's styles look: every style of the vocabulary paints the create
// form's preview card (The Star in the form's own theme) and two cards of a deck (under a fixed
// painting secret), each drawn through resvg and halved to 300×400 (about the size a phone shows
// them); for every pair of styles, the mean absolute difference of their pixels' channels (0–1).
// Each style's least difference to any other is set against the least difference between two of the
// seven original treatments, the floor every style must reach:
//   tsx scripts/style-distinctness.ts [--out bench-results/styles.json] [--sheet /tmp/styles] [--cache /tmp/styles-cache]
// `--sheet` also writes each drawing as a PNG and one contact sheet per card, to look at; `--cache`
// keeps each drawing under a hash of its SVG, so a run after changing a few styles draws only those.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { paintDeckCardSvg, paintPreviewCardSvg } from "../app/art/local-art";
import { PREVIEW_CARD } from "../app/art/painted-card";
import { BASE_STYLES } from "../app/art/style-params";
import { NAMED_STYLES } from "../app/art/style-vocabulary";
import { svgToPixels, type ResvgModules } from "../app/media/resvg.server";
import { pictureFontsInNode } from "./picture-faces";
import { FULL_DECK } from "../app/tarot/cards";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};

/** The create form's theme until one is typed (PREVIEW_THEME in the create route), and a deck's theme and secret. */
const PREVIEW_THEME = "Moonlit tides";
const DECK_THEME = "Grandmother's seaside town with fishing boats";
const SECRET = "0123456789abcdef0123456789abcdef";
const DECK_CARDS = ["major-00", "cups-03"];
const W = 300;
const H = 400;

const bytes = (specifier: string) => {
  const data = readFileSync(require.resolve(specifier));
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
};
const engines: ResvgModules = {
  resvg: new WebAssembly.Module(bytes("@resvg/resvg-wasm/index_bg.wasm")),
  fonts: await pictureFontsInNode(),
};

const cache = arg("--cache");
if (cache) mkdirSync(cache, { recursive: true });

/** The drawing halved: each pixel the mean of four, as RGB. */
async function draw(svg: string): Promise<Uint8Array> {
  const kept = cache && path.join(cache, `${createHash("sha256").update(svg).digest("hex").slice(0, 32)}.rgb`);
  if (kept && existsSync(kept)) return new Uint8Array(readFileSync(kept));
  const out = await drawAnew(svg);
  if (kept) writeFileSync(kept, out);
  return out;
}

async function drawAnew(svg: string): Promise<Uint8Array> {
  const { pixels, width, height } = await svgToPixels(svg, engines);
  if (width !== W * 2 || height !== H * 2) throw new Error(`a card drawn at ${width}×${height}`);
  const out = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      for (let c = 0; c < 3; c++) {
        const at = (dy: number, dx: number) => pixels[((y * 2 + dy) * width + x * 2 + dx) * 4 + c]!;
        out[(y * W + x) * 3 + c] = (at(0, 0) + at(0, 1) + at(1, 0) + at(1, 1) + 2) >> 2;
      }
  return out;
}

function difference(a: Uint8Array, b: Uint8Array): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) total += Math.abs(a[i]! - b[i]!);
  return total / (a.length * 255);
}

const round = (value: number) => Math.round(value * 1000) / 1000;

const styles = NAMED_STYLES.map((s) => s.id);
const cards: { name: string; paint: (style: string) => Promise<string> }[] = [
  {
    name: `preview ${PREVIEW_CARD}`,
    paint: async (style) => paintPreviewCardSvg({ card: FULL_DECK.find((c) => c.key === PREVIEW_CARD)!, theme: PREVIEW_THEME, style }),
  },
  ...DECK_CARDS.map((key) => ({
    name: `deck ${key}`,
    paint: (style: string) => paintDeckCardSvg({ card: FULL_DECK.find((c) => c.key === key)!, theme: DECK_THEME, style }, SECRET),
  })),
];

const sheet = arg("--sheet");
if (sheet) mkdirSync(sheet, { recursive: true });
const perCard: { card: string; floor: number; floorPair: [string, string]; least: Record<string, { nearest: string; difference: number }> }[] = [];
/** Whether each style stands at or above the floor on each card, judged before the figures are rounded for the table. */
const reaches = new Map<string, boolean>();
for (const card of cards) {
  const drawn = new Map<string, Uint8Array>();
  for (const style of styles) drawn.set(style, await draw(await card.paint(style)));
  const least: Record<string, { nearest: string; difference: number }> = {};
  let floor = Infinity;
  let floorPair: [string, string] = ["", ""];
  for (const a of styles) {
    for (const b of styles) {
      if (a >= b) continue;
      const d = difference(drawn.get(a)!, drawn.get(b)!);
      for (const [x, y] of [
        [a, b],
        [b, a],
      ] as const)
        if (!least[x] || d < least[x].difference) least[x] = { nearest: y, difference: d };
      const builtIns = (BASE_STYLES as readonly string[]).includes(a) && (BASE_STYLES as readonly string[]).includes(b);
      if (builtIns && d < floor) [floor, floorPair] = [d, [a, b]];
    }
  }
  for (const style of styles) if (least[style]!.difference < floor) reaches.set(style, false);
  perCard.push({
    card: card.name,
    floor: round(floor),
    floorPair,
    least: Object.fromEntries(Object.entries(least).map(([k, v]) => [k, { ...v, difference: round(v.difference) }])),
  });
  if (sheet) await writeSheet(sheet, card.name, drawn);
  console.error(`${card.name}: drawn`);
}

const rows = styles.map((style) => {
  const row: Record<string, string | number | boolean> = { style };
  for (const c of perCard) {
    const { nearest, difference: d } = c.least[style]!;
    row[c.card] = `${d.toFixed(3)} (${nearest})`;
  }
  row.distinct = reaches.get(style) ?? true;
  return row;
});
console.table(rows);
for (const c of perCard) console.log(`${c.card}: least difference between two built-ins ${c.floor.toFixed(3)} (${c.floorPair.join(" / ")})`);
const below = rows.filter((row) => !row.distinct).map((row) => row.style);
console.log(
  below.length
    ? `Below the built-ins' floor: ${below.join(", ")}`
    : `Every one of the ${styles.length} styles is at or above the built-ins' floor on every card.`,
);
const out = path.resolve(root, arg("--out") ?? "bench-results/styles.json");
writeFileSync(
  out,
  `${JSON.stringify(
    {
      measured: "mean absolute difference of RGB channels (0–1), cards drawn by resvg at 600×800 and halved to 300×400",
      previewTheme: PREVIEW_THEME,
      deckTheme: DECK_THEME,
      cards: perCard,
      below,
    },
    null,
    2,
  )}\n`,
);
console.log(`Saved ${path.relative(root, out)}`);

async function writeSheet(dir: string, cardName: string, drawn: Map<string, Uint8Array>) {
  const { default: sharp } = await import("sharp");
  const slug = cardName.replace(/ /g, "-");
  const cols = 8;
  const tile = { width: W / 2, height: H / 2 };
  const tiles = await Promise.all(
    [...drawn].map(async ([style, rgb], i) => {
      const png = sharp(Buffer.from(rgb), { raw: { width: W, height: H, channels: 3 } }).png();
      await png.clone().toFile(path.join(dir, `${slug}-${style.replace(/ /g, "-")}.png`));
      return { input: await png.resize(tile).toBuffer(), left: (i % cols) * (tile.width + 4), top: Math.floor(i / cols) * (tile.height + 4) };
    }),
  );
  const rowsCount = Math.ceil(drawn.size / cols);
  await sharp({ create: { width: cols * (tile.width + 4), height: rowsCount * (tile.height + 4), channels: 3, background: "#fff" } })
    .composite(tiles)
    .png()
    .toFile(path.join(dir, `${slug}-sheet.png`));
}
