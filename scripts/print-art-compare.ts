// Draws a few print cards of each original style as print does (the card's print SVG through resvg
// at 300 dpi), times each one (CPU and wall) and keeps its pixels, so a change to the painter can be
// measured and checked against the drawing before it:
//   tsx scripts/print-art-compare.ts --out /tmp/after [--app /path/to/other/checkout] [--cards 4] [--styles "oil painting,woodcut"]
//   tsx scripts/print-art-compare.ts --diff /tmp/before /tmp/after
// `--app` takes the painter from another checkout (the code before a change); `--diff` reports, per
// card and per style, the mean absolute difference of the two drawings' channels (0–255) and the
// share of pixels that differ by more than 16 levels in any channel, and writes side-by-side PNGs.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import type { ResvgModules } from "../app/media/resvg.server";
import { pictureFontFiles } from "../app/media/picture-style";
import { pictureFontsInNode } from "./picture-faces";
import { FULL_DECK } from "../app/tarot/cards";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const STYLES = ["watercolour", "art nouveau", "woodcut", "minimalist", "oil painting", "surrealist", "pixel art"];
/** Cards spread over the deck: majors with figures and scenery, pips, a court card. */
const PICKS = [0, 17, 21, 30, 47, 62, 75, 9];
const SECRET = "0123456789abcdef0123456789abcdef";

async function draw(out: string) {
  const app = path.resolve(arg("--app") ?? root);
  const bytes = (specifier: string) => {
    const data = readFileSync(require.resolve(specifier));
    return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  };
  const engines: ResvgModules = {
    resvg: new WebAssembly.Module(bytes("@resvg/resvg-wasm/index_bg.wasm")),
    // A checkout from before decision 0122 unwraps the WOFF files itself; a later one takes the faces the build makes.
    fonts: existsSync(path.join(app, "app/media/picture-faces.ts"))
      ? await pictureFontsInNode()
      : pictureFontFiles.map(({ file, ...font }) => ({ ...font, load: () => Promise.resolve(bytes(`@fontsource/cormorant-garamond/files/${file}`)) })),
  };
  const { cardFrontSvg } = (await import(pathToFileURL(path.join(app, "app/print/card-art.server.ts")).href)) as typeof import("../app/print/card-art.server");
  // resvg's wrapper, in a checkout from before the pictures Worker (decision 0095) in picture-engines.server.ts.
  const wrapper = ["app/media/resvg.server.ts", "app/media/picture-engines.server.ts"].map((file) => path.join(app, file)).find((file) => existsSync(file))!;
  const { svgToPixels } = (await import(pathToFileURL(wrapper).href)) as typeof import("../app/media/resvg.server");
  const styles = arg("--styles")?.split(",") ?? STYLES;
  const count = Number(arg("--cards") ?? 4);
  const bucket = { get: async () => null } as unknown as R2Bucket;
  mkdirSync(out, { recursive: true });
  // One picture first, so resvg's start and the fonts' unwrapping are not charged to a style.
  await svgToPixels(`<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text y="6">x</text></svg>`, engines);
  const summary: Record<string, { cpu: number; wall: number; svgKb: number }> = {};
  for (const style of styles) {
    const deck = { id: "compare", theme: "Moonlit forest", artStyle: style, paintingSecret: SECRET, back: { kind: "painted" as const, design: 0 } };
    let cpu = 0;
    let wall = 0;
    let svgBytes = 0;
    for (const index of PICKS.slice(0, count)) {
      const tarot = FULL_DECK[index]!;
      const card = { key: tarot.key, name: tarot.name, title: tarot.name, imageKey: null, regenerations: 0 };
      const usage = process.cpuUsage();
      const started = performance.now();
      const svg = await cardFrontSvg(bucket, deck, card);
      const { pixels, width, height } = await svgToPixels(svg, engines);
      const used = process.cpuUsage(usage);
      const seconds = (performance.now() - started) / 1000;
      cpu += (used.user + used.system) / 1e6;
      wall += seconds;
      svgBytes += svg.length;
      const name = `${style.replace(/ /g, "-")}-${tarot.key}`;
      writeFileSync(path.join(out, `${name}.rgba.gz`), gzipSync(Buffer.concat([Buffer.from(new Uint32Array([width, height]).buffer), pixels]), { level: 1 }));
      writeFileSync(path.join(out, `${name}.svg`), svg);
      console.error(`${name}: ${seconds.toFixed(2)} s, CPU ${((used.user + used.system) / 1e6).toFixed(2)} s, SVG ${Math.round(svg.length / 1024)} KB`);
    }
    const n = Math.min(count, PICKS.length);
    summary[style] = { cpu: round(cpu / n), wall: round(wall / n), svgKb: Math.round(svgBytes / n / 1024) };
  }
  console.table(summary);
  writeFileSync(path.join(out, "times.json"), `${JSON.stringify(summary, null, 2)}\n`);
}

const round = (value: number) => Math.round(value * 100) / 100;

function readPixels(file: string) {
  const data = gunzipSync(readFileSync(file));
  const [width, height] = new Uint32Array(data.buffer.slice(data.byteOffset, data.byteOffset + 8));
  return { width: width!, height: height!, pixels: data.subarray(8) };
}

async function diff(before: string, after: string) {
  const { default: sharp } = await import("sharp");
  const sheets = path.join(after, "side-by-side");
  mkdirSync(sheets, { recursive: true });
  const perStyle = new Map<string, { mean: number[]; over: number[] }>();
  for (const name of readdirSync(after).filter((file) => file.endsWith(".rgba.gz"))) {
    const a = readPixels(path.join(before, name));
    const b = readPixels(path.join(after, name));
    if (a.width !== b.width || a.height !== b.height) throw new Error(`${name}: sizes differ`);
    let total = 0;
    let over = 0;
    const pixels = a.width * a.height;
    for (let i = 0; i < pixels; i++) {
      let worst = 0;
      for (let c = 0; c < 3; c++) {
        const d = Math.abs(a.pixels[i * 4 + c]! - b.pixels[i * 4 + c]!);
        total += d;
        if (d > worst) worst = d;
      }
      if (worst > 16) over++;
    }
    const mean = total / (pixels * 3);
    const card = name.replace(/\.rgba\.gz$/, "");
    const style = card.replace(/-(major|wands|cups|swords|pentacles)-.*$/, "");
    const entry = perStyle.get(style) ?? { mean: [], over: [] };
    entry.mean.push(mean);
    entry.over.push(over / pixels);
    perStyle.set(style, entry);
    console.log(`${card}: mean |Δ| ${mean.toFixed(2)} of 255, ${((100 * over) / pixels).toFixed(2)}% of pixels off by more than 16`);
    const raw = (p: typeof a) => sharp(Buffer.from(p.pixels), { raw: { width: p.width, height: p.height, channels: 4 } });
    const half = { width: Math.round(a.width / 2), height: Math.round(a.height / 2) };
    const [left, right] = await Promise.all([raw(a).resize(half).png().toBuffer(), raw(b).resize(half).png().toBuffer()]);
    await sharp({ create: { width: half.width * 2 + 8, height: half.height, channels: 3, background: "#fff" } })
      .composite([
        { input: left, left: 0, top: 0 },
        { input: right, left: half.width + 8, top: 0 },
      ])
      .png()
      .toFile(path.join(sheets, `${card}.png`));
  }
  const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  console.table(
    Object.fromEntries(
      [...perStyle].map(([style, { mean, over }]) => [
        style,
        { meanAbs: round(average(mean)), worstCardMeanAbs: round(Math.max(...mean)), pctOver16: round(100 * average(over)) },
      ]),
    ),
  );
}

const diffAt = process.argv.indexOf("--diff");
if (diffAt > 0) await diff(process.argv[diffAt + 1]!, process.argv[diffAt + 2]!);
else await draw(path.resolve(arg("--out") ?? "/tmp/print-art"));
