// Runs a deck's print job (78 cards unless `--cards`) with the Worker's own code, step by step as the job's Durable
// Object does (draw renders for up to a step's budget, then put the PDF together from them), then
// streams the pictures ZIP from the same renders, for a painterly style (filters, masks) and for
// pixel art. Prints the time per card, the largest step's CPU time, the totals and the peak
// memory; the figures are saved in bench-results/print.json.
//   npm run bench:print [-- --styles "oil painting,pixel art"] [-- --cards 22] [-- --sample file.pdf]
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { newPaintingSecret } from "../app/art/painting-secret";
import type { PictureEngines } from "../app/media/picture-engines.server";
import { pictureFontFiles } from "../app/media/picture-style";
import { STEP_MS } from "../app/print/print-job.server";
import { picturesZip, renderSetOf, writePrint, type PrintAccess } from "../app/print/print.server";
import { printPngParts } from "../app/print/png";
import { backRenderKey, cardRenderKey, renderSome } from "../app/print/renders.server";
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
const stylesAt = process.argv.indexOf("--styles");
const styles = stylesAt > 0 ? process.argv[stylesAt + 1]!.split(",") : ["oil painting", "pixel art"];
const sampleAt = process.argv.indexOf("--sample");
const cardsAt = process.argv.indexOf("--cards");
const deckSize = cardsAt > 0 ? Number(process.argv[cardsAt + 1]) : FULL_DECK.length;

/**
 * The renders kept in memory as R2 would keep them: no card pictures are stored, so every card is
 * painted from the deck's secret, as a local deck's are.
 */
function memoryBucket() {
  const objects = new Map<string, Uint8Array<ArrayBuffer>>();
  const bucket = {
    get: async (key: string) => {
      const data = objects.get(key);
      if (!data) return null;
      return { size: data.length, arrayBuffer: async () => data.slice().buffer, body: new Blob([data.slice()]).stream() };
    },
    put: async (key: string, value: Uint8Array<ArrayBuffer>) => void objects.set(key, value),
    list: async ({ prefix }: { prefix: string }) => ({
      objects: [...objects.keys()].filter((key) => key.startsWith(prefix)).map((key) => ({ key })),
      truncated: false,
    }),
  };
  return { bucket: bucket as unknown as R2Bucket, objects };
}

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
const mb = (value: number) => Math.round(value / 1048576);
const round = (value: number) => Math.round(value * 100) / 100;

/** One step's CPU time (this process's own, all threads) and its wall time, in seconds. */
async function timed<T>(work: () => Promise<T>) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const used = process.cpuUsage(cpu);
  sample();
  return { value, cpuSeconds: (used.user + used.system) / 1e6, seconds: (performance.now() - started) / 1000 };
}

async function benchStyle(style: string) {
  const { bucket, objects } = memoryBucket();
  const painter = { id: "bench", theme: "Moonlit forest", artStyle: style, paintingSecret: newPaintingSecret() };
  const cards = await Promise.all(
    FULL_DECK.slice(0, deckSize).map(async (card) => {
      const printCard = { key: card.key, name: card.name, title: card.name, imageKey: null, regenerations: 0 };
      return { ...printCard, render: await cardRenderKey(painter, { ...printCard, updatedAt: 0 }) };
    }),
  );
  const access: PrintAccess = {
    deck: { ...painter, title: "Moonlit Forest", back: { kind: "painted", design: 0 }, creator: "Luna Vale" },
    cards,
    backRender: await backRenderKey(painter, "p:0"),
    holder: { id: "bench", name: "Theo Buyer" },
    role: "buyer",
    licence: "Personal use only: print it for yourself, not for sale",
    version: "bench",
  };
  global.gc?.();
  peak = 0;
  peakRss = 0;
  sample();
  const stored = new Set<string>();
  const steps: { pictures: number; cpuSeconds: number; seconds: number }[] = [];
  for (;;) {
    const before = stored.size;
    const step = await timed(() => renderSome({ bucket, engines }, renderSetOf(access), stored, STEP_MS));
    steps.push({ pictures: stored.size - before, cpuSeconds: round(step.cpuSeconds), seconds: round(step.seconds) });
    console.log(`${style}: step ${steps.length} drew ${stored.size - before} pictures in ${step.seconds.toFixed(1)} s (CPU ${step.cpuSeconds.toFixed(1)} s)`);
    if (step.value === 0) break;
  }
  const renderPeak = peak;
  const renderSeconds = steps.reduce((sum, step) => sum + step.seconds, 0);
  const renderBytes = [...objects.values()].reduce((sum, png) => sum + png.length, 0);

  global.gc?.();
  peak = 0;
  sample();
  const chunks: Uint8Array[] = [];
  const keep = sampleAt > 0 && style === styles[0];
  const assemble = await timed(() =>
    writePrint(
      access,
      { paper: "a4", arrangement: "sheets" },
      async (key) => printPngParts(objects.get(key)!)!,
      async (chunk) => {
        if (keep) chunks.push(chunk);
      },
    ),
  );
  const assemblePeak = peak;
  if (keep) writeFileSync(process.argv[sampleAt + 1]!, Buffer.concat(chunks));

  global.gc?.();
  peak = 0;
  sample();
  const zip = await timed(async () => {
    const reader = picturesZip(access, bucket).body!.getReader();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
    }
    return size;
  });
  const zipPeak = peak;

  const result = {
    style,
    pictures: stored.size,
    secondsPerPicture: round(renderSeconds / stored.size),
    renderSteps: steps.length,
    largestRenderStepCpuSeconds: Math.max(...steps.map((step) => step.cpuSeconds)),
    renderSeconds: round(renderSeconds),
    rendersMb: round(renderBytes / 1048576),
    renderPeakHeapAndBuffersMb: mb(renderPeak),
    assembleCpuSeconds: round(assemble.cpuSeconds),
    assembleSeconds: round(assemble.seconds),
    pdfMb: round(assemble.value.bytes / 1048576),
    assemblePeakHeapAndBuffersMb: mb(assemblePeak),
    zipSeconds: round(zip.seconds),
    zipMb: round(zip.value / 1048576),
    zipPeakHeapAndBuffersMb: mb(zipPeak),
    totalSeconds: round(renderSeconds + assemble.seconds + zip.seconds),
    peakRssMb: mb(peakRss),
    steps,
  };
  console.log(
    `${style}: ${result.secondsPerPicture} s a picture, ${steps.length} drawing steps (largest ${result.largestRenderStepCpuSeconds} s CPU), ` +
      `PDF put together in ${result.assembleSeconds} s (${result.pdfMb} MB), ZIP streamed in ${result.zipSeconds} s (${result.zipMb} MB); ` +
      `peak heap and buffers ${result.renderPeakHeapAndBuffersMb} / ${result.assemblePeakHeapAndBuffersMb} / ${result.zipPeakHeapAndBuffersMb} MB (process ${result.peakRssMb} MB)`,
  );
  return result;
}

const results = [];
for (const style of styles) results.push(await benchStyle(style));
clearInterval(timer);
mkdirSync(path.join(root, "bench-results"), { recursive: true });
const out = path.join(root, "bench-results", "print.json");
writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cards: deckSize, stepMs: STEP_MS, results }, null, 2)}\n`);
console.log(`saved ${path.relative(root, out)}`);
