// Makes a 78-card deck's print-ready PDF and its pictures ZIP with the Worker's own code, in the
// same streaming way (each written out as it is made, nothing kept), and prints the time and the
// peak memory of each; the figures are saved in bench-results/print.json.
//   npm run bench:print [-- --style "oil painting"]
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { newPaintingSecret } from "../app/art/painting-secret";
import type { PictureEngines } from "../app/media/picture-engines.server";
import { pictureFontFiles } from "../app/media/picture-style";
import { picturesZip, writePrint, type PrintAccess } from "../app/print/print.server";
import { FULL_DECK } from "../app/tarot/cards";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
const bytes = (specifier: string) => {
  const data = readFileSync(require.resolve(specifier));
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
};
const engines: PictureEngines = {
  resvg: new WebAssembly.Module(bytes("@resvg/resvg-wasm/index_bg.wasm")),
  fonts: pictureFontFiles.map(({ file, ...font }) => ({ ...font, data: bytes(`@fontsource/cormorant-garamond/files/${file}`) })),
};
const styleAt = process.argv.indexOf("--style");
const style = styleAt > 0 ? process.argv[styleAt + 1]! : "oil painting";
const sampleAt = process.argv.indexOf("--sample");

/** No stored pictures: every card is painted from the deck's secret, as a local deck's are. */
const bucket = { get: async () => null } as unknown as R2Bucket;
const access: PrintAccess = {
  deck: { id: "bench", title: "Moonlit Forest", theme: "Moonlit forest", artStyle: style, paintingSecret: newPaintingSecret(), back: { kind: "painted", design: 0 }, creator: "Luna Vale" },
  cards: FULL_DECK.map((card) => ({ key: card.key, name: card.name, title: card.name, imageKey: null, regenerations: 0 })),
  holder: { id: "bench", name: "Theo Buyer" },
  role: "buyer",
  licence: "Personal use only: print it for yourself, not for sale",
  version: "bench",
};

// The Worker's 128 MB holds the isolate's JavaScript heap and its buffers (WebAssembly memory
// included): their sum is the figure to hold to it. The process's resident size is shown beside it.
let peak = 0;
let peakRss = 0;
const sample = () => {
  const memory = process.memoryUsage();
  peak = Math.max(peak, memory.heapUsed + memory.external);
  peakRss = Math.max(peakRss, memory.rss);
};
const timer = setInterval(sample, 10);

async function measure(name: string, work: () => Promise<number>) {
  global.gc?.();
  peak = 0;
  peakRss = 0;
  sample();
  const started = performance.now();
  const size = await work();
  const seconds = (performance.now() - started) / 1000;
  sample();
  const result = { name, seconds: Math.round(seconds * 10) / 10, bytes: size, peakHeapAndBuffersMb: Math.round(peak / 1048576), peakRssMb: Math.round(peakRss / 1048576) };
  console.log(`${name}: ${result.seconds} s, ${(size / 1048576).toFixed(1)} MB written, peak heap and buffers ${result.peakHeapAndBuffersMb} MB (process ${result.peakRssMb} MB)`);
  return result;
}

const chunks: Uint8Array[] = [];
const keep = sampleAt > 0;
const pdf = await measure("78-card PDF, A4 sheets", async () => {
  const { bytes: size } = await writePrint(access, { paper: "a4", arrangement: "sheets" }, engines, bucket, async (chunk) => {
    if (keep) chunks.push(chunk);
  });
  return size;
});
if (keep) writeFileSync(process.argv[sampleAt + 1]!, Buffer.concat(chunks));
const zip = await measure("78-card ZIP", async () => {
  const reader = picturesZip(access, engines, bucket).body!.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
  }
  return size;
});
clearInterval(timer);
mkdirSync(path.join(root, "bench-results"), { recursive: true });
const out = path.join(root, "bench-results", "print.json");
writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, style, results: [pdf, zip] }, null, 2)}\n`);
console.log(`saved ${path.relative(root, out)}`);
