// `npm run deck:sample -- "<theme>" [--style "<style>"] [--out <folder>] [--tile <px>] [--scale <factor>]`: paints a whole
// deck with the offline card painter and writes a contact sheet (all 78 faces plus the back) to
// deck-samples/ (or --out), as HTML and as a PNG screenshot, so the art can be judged at a glance.
// Prints the paths, the subjects read from the theme and the time per card, in CPU time and wall time.
// `npm run deck:sample -- "<theme>" --timings` only times the deck in each of the seven styles.
// `npm run deck:sample -- --set --out docs/art/sheets --tile 90 --scale 0.5` paints the fixed sample set
// (ten themes, each in five styles) as PNG sheets only.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { ART_STYLES, paintCardBackSvg, paintCardSvg, paintSubjectSvg, resolveStyle, understandStyle } from "../app/art/local-art";
import { SUBJECTS } from "../app/art/subjects/vocabulary";
import { parseTheme } from "../app/art/subjects/parse-theme";
import { FULL_DECK } from "../app/tarot/cards";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Stands for the theme when every sample theme is painted in every sample style. */
const SET = "the sample set";
/** The fixed sample set: ten themes, each painted in five styles, to judge the painter by. */
export const SAMPLE_THEMES = [
  "Cats ruling a neon Tokyo",
  "Foxes in a snowy birch forest",
  "Octopus librarians in a sunken city",
  "Desert nomads under a comet",
  "Lanterns on a winter sea",
  "Moonlit tides",
  "Wolves in the mountains at dawn",
  "Ravens over a ruined castle in the rain",
  "Koi in a lotus garden",
  "Robots trading in a desert market",
];
export const SAMPLE_STYLES = ["cyberpunk neon", "crayon", "ukiyo-e", "stained glass", "art deco"];

/** Stands for the theme when the sheet shows every vocabulary subject instead of a deck. */
const VOCABULARY = "the painter's vocabulary";

function parseArgs(argv: string[]) {
  let theme = "";
  let style = "watercolour";
  let out = "deck-samples";
  let tile = 170;
  let scale = 1;
  let timings = false;
  let styleGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--style") {
      style = argv[++i] ?? style;
      styleGiven = true;
    } else if (arg.startsWith("--style=")) style = arg.slice("--style=".length);
    else if (arg === "--out") out = argv[++i] ?? out;
    else if (arg === "--tile") tile = Number(argv[++i]) || tile;
    else if (arg === "--scale") scale = Number(argv[++i]) || scale;
    else if (arg === "--vocabulary") theme = VOCABULARY;
    else if (arg === "--timings") timings = true;
    else if (arg === "--set") theme = SET;
    else if (!theme) theme = arg;
  }
  if (!theme) {
    console.error(
      'usage: npm run deck:sample -- "<theme>" [--style "<style>"] [--out <folder>] [--tile <px>] [--scale <factor>]\n       npm run deck:sample -- --vocabulary [--style "<style>"] …  (every subject of the vocabulary on one sheet)',
    );
    process.exit(1);
  }
  return { theme, style, out, tile: Math.max(80, Math.min(400, tile)), scale: Math.max(0.25, Math.min(2, scale)), timings, styleGiven };
}

/** The subjects the painter read from the theme, in one line. */
export function subjectsLine(theme: string): string {
  const parsed = parseTheme(theme);
  const parts = [`main: ${parsed.main ?? "none"}`, `setting: ${parsed.setting.join(", ") || "none"}`, `details: ${parsed.details.join(", ") || "none"}`];
  if (parsed.time) parts.push(`time: ${parsed.time}`);
  if (parsed.era) parts.push(`era: ${parsed.era}`);
  return parts.join(" · ");
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "deck";

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c]!);

type Timing = { cpuMs: number; wallMs: number; back: string; faces: { card: (typeof FULL_DECK)[number]; svg: string }[] };

/**
 * Paints the deck and its back three times after a warm-up deck and keeps the fastest round: the
 * machine may be busy with other work during any one of them. CPU time is the process's own
 * (process.cpuUsage), so it does not count time the machine spent on other work; wall time does.
 */
function timeDeck(theme: string, style: string, rounds = 3): Timing {
  if (rounds > 1) for (const card of FULL_DECK) paintCardSvg({ card, theme: "warm-up deck", style });
  let cpuMs = Infinity;
  let wallMs = Infinity;
  let back = "";
  let faces: Timing["faces"] = [];
  for (let round = 0; round < rounds; round++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    back = paintCardBackSvg({ theme, style });
    faces = FULL_DECK.map((card) => ({ card, svg: paintCardSvg({ card, theme, style }) }));
    wallMs = Math.min(wallMs, performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuMs = Math.min(cpuMs, (used.user + used.system) / 1000);
  }
  return { cpuMs, wallMs, back, faces };
}

async function main() {
  const { theme, style, out, tile, scale, timings, styleGiven } = parseArgs(process.argv.slice(2));
  if (timings) {
    console.log(`time per card for "${theme}" (fastest of three rounds, 78 faces and the back)`);
    console.log("| Style | CPU | Wall | Deck (CPU) |\n|---|---|---|---|");
    for (const id of ART_STYLES) {
      const t = timeDeck(theme, id);
      console.log(`| ${id} | ${(t.cpuMs / 79).toFixed(2)} ms | ${(t.wallMs / 79).toFixed(2)} ms | ${Math.round(t.cpuMs)} ms |`);
    }
    return;
  }
  const outDir = path.resolve(projectRoot, out);
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless=new", "--no-sandbox"] });
  try {
    if (theme !== SET) await makeSheet(browser, theme, style, outDir, tile, scale, true, 3);
    else for (const t of SAMPLE_THEMES) for (const st of styleGiven ? [style] : SAMPLE_STYLES) await makeSheet(browser, t, st, outDir, tile, scale, false, 1);
  } finally {
    await browser.close();
  }
}

/** Paints one deck and writes its contact sheet as a PNG (and as HTML when `keepHtml`). */
async function makeSheet(browser: Browser, theme: string, style: string, outDir: string, tile: number, scale: number, keepHtml: boolean, rounds: number) {
  const base = `${slug(theme)}-${slug(style)}`;
  const htmlPath = path.join(keepHtml ? outDir : tmpdir(), `${base}.html`);
  const pngPath = path.join(outDir, `${base}.png`);

  const { cpuMs, wallMs, back, faces } = timeDeck(theme, style, rounds);
  const cpuPerCard = cpuMs / (faces.length + 1);
  const wallPerCard = wallMs / (faces.length + 1);
  const sizes = faces.map((f) => f.svg.length);
  const avgKb = sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024;
  const maxKb = Math.max(...sizes) / 1024;

  const fontDir = path.relative(path.dirname(htmlPath), path.join(projectRoot, "node_modules/@fontsource/cormorant-garamond/files")).split(path.sep).join("/");
  const fontFaces = [
    [600, "normal"],
    [600, "italic"],
    [700, "normal"],
    [300, "normal"],
  ]
    .map(
      ([weight, fontStyle]) =>
        `@font-face{font-family:'Cormorant Garamond';font-style:${fontStyle};font-weight:${weight};src:url('${fontDir}/cormorant-garamond-latin-${weight}-${fontStyle}.woff2') format('woff2');}`,
    )
    .join("\n");

  const tileHtml = (name: string, svg: string) => `<figure>${svg}<figcaption>${escapeHtml(name)}</figcaption></figure>`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(theme)} · ${escapeHtml(style)}</title>
<style>
${fontFaces}
*{box-sizing:border-box}
body{margin:0;padding:28px 32px 40px;background:#0f0d14;color:#e9e4f2;font-family:'Cormorant Garamond',Georgia,serif}
header{display:flex;align-items:baseline;gap:18px;flex-wrap:wrap;margin-bottom:22px}
h1{margin:0;font-size:34px;font-weight:600}
header p{margin:0;color:#a79fba;font-size:18px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(${tile}px,1fr));gap:${Math.round(tile / 8)}px ${Math.round(tile / 10)}px}
figure{margin:0;display:flex;flex-direction:column;gap:8px}
figure svg{width:100%;height:auto;display:block;border-radius:10px;box-shadow:0 6px 18px rgba(0,0,0,.55)}
figcaption{text-align:center;font-size:${Math.max(11, Math.round(tile / 11))}px;color:#cfc7de}
</style>
</head>
<body>
<header><h1>${escapeHtml(theme)}</h1>${
    theme === VOCABULARY
      ? `<p>${escapeHtml(style)} (${escapeHtml(resolveStyle(style))}) · ${SUBJECTS.length} subjects, each with a creature's figure beside it where it can play one</p>`
      : `<p>${escapeHtml(style)} (${escapeHtml(understandStyle(style).sentence)}) · 78 cards and the back · ${cpuPerCard.toFixed(2)} ms CPU (${wallPerCard.toFixed(2)} ms wall) per card · ${avgKb.toFixed(1)} KB average SVG</p><p>${escapeHtml(subjectsLine(theme))}</p>`
  }</header>
<main class="grid">
${theme === VOCABULARY ? SUBJECTS.map((s) => tileHtml(`${s.id} · ${s.category}`, paintSubjectSvg({ subject: s.id, style }))).join("\n") : `${tileHtml("Card back", back)}\n${faces.map((f) => tileHtml(f.card.name, f.svg)).join("\n")}`}
</main>
</body>
</html>
`;
  writeFileSync(htmlPath, html);

  const page = await browser.newPage({ viewport: { width: Math.round(tile * 10 + 120), height: 1000 }, deviceScaleFactor: scale });
  try {
    await page.goto(pathToFileURL(htmlPath).href, { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: pngPath, fullPage: true });
  } finally {
    await page.close();
    if (!keepHtml) rmSync(htmlPath, { force: true });
  }

  console.log(`contact sheet: ${path.relative(process.cwd(), htmlPath)}`);
  console.log(`screenshot:    ${path.relative(process.cwd(), pngPath)}`);
  console.log(`subjects:      ${subjectsLine(theme)}`);
  console.log(
    `painted ${faces.length} faces + back: ${cpuPerCard.toFixed(2)} ms CPU, ${wallPerCard.toFixed(2)} ms wall per card on average (SVG ${avgKb.toFixed(1)} KB average, ${maxKb.toFixed(1)} KB largest)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
