// Runs a deck's print job (78 cards unless `--cards`) with the Worker's own code, step by step as the job's Durable
// Object does (draw renders for up to a step's budget, then put the PDF together from them and
// upload it in parts), then, in a process of its own as the route runs in the Worker rather than
// the job, streams the pictures ZIP from the same renders, for a painterly style (filters, masks)
// and for pixel art. Prints the time per card, the largest step's CPU time, the
// totals and the peak memory of each part; the figures are saved in bench-results/print.json (print-N.json for `--cards N`).
//   npm run bench:print [-- --styles "oil painting,pixel art"] [-- --cards 22] [-- --sample file.pdf]
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { newPaintingSecret } from "../app/art/painting-secret";
import type { PictureEngines } from "../app/media/picture-engines.server";
import { resvgRaster } from "../app/print/resvg-raster.server";
import { STEP_MS } from "../app/print/print-job.server";
import type { PrintAccess } from "../app/print/print-access.server";
import { uploadPrint } from "../app/print/print-file.server";
import { picturesZip, renderSetOf } from "../app/print/print.server";
import { backRenderKey, cardRenderKey, renderSome } from "../app/print/renders.server";
import { FULL_DECK } from "../app/tarot/cards";
import { diskBucket } from "./disk-bucket";
import { pictureFontsInNode } from "./picture-faces";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
const bytes = (specifier: string) => {
  const data = readFileSync(require.resolve(specifier));
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
};
const resvg = new WebAssembly.Module(bytes("@resvg/resvg-wasm/index_bg.wasm"));
const fonts = await pictureFontsInNode();
/** resvg in this process, as the pictures Worker has it in its isolate (decision 0095). */
const engines: PictureEngines = { fonts, raster: resvgRaster({ resvg, fonts }) };
const stylesAt = process.argv.indexOf("--styles");
const styles = stylesAt > 0 ? process.argv[stylesAt + 1]!.split(",") : ["oil painting", "pixel art"];
const sampleAt = process.argv.indexOf("--sample");
const cardsAt = process.argv.indexOf("--cards");
const deckSize = cardsAt > 0 ? Number(process.argv[cardsAt + 1]) : FULL_DECK.length;

// What is measured: a Worker's 128 MB holds its isolate's JavaScript heap and everything kept
// outside it, ArrayBuffers and WebAssembly memory alike. Node counts the same two things as
// `heapUsed` and `external` (a WebAssembly memory's pages are part of `external`: growing one by
// 62.5 MB raises it by 62.5 MB), so their sum, sampled every 10 ms and after each step, is the
// figure held to the limit; resvg's own WebAssembly memory, which grows to the largest picture
// drawn and never shrinks, is shown on its own. The process's resident size (Node itself, compiled
// code, the tsx loader) has no counterpart in a Worker's limit and is shown only beside it. Each
// style runs in a process of its own, as each print job runs in an isolate of its own, so a light
// style is not charged with the memory a heavy one left behind.
let resvgMemory: WebAssembly.Memory | null = null;
const instantiate = WebAssembly.instantiate.bind(WebAssembly) as (...args: unknown[]) => Promise<unknown>;
(WebAssembly as unknown as { instantiate: typeof instantiate }).instantiate = async (...args) => {
  const made = await instantiate(...args);
  const instance = made instanceof WebAssembly.Instance ? made : (made as WebAssembly.WebAssemblyInstantiatedSource).instance;
  if (args[0] === resvg) resvgMemory ??= instance.exports.memory as WebAssembly.Memory;
  return made;
};

type Peak = { total: number; heap: number; external: number; resvg: number; rss: number };
let peak: Peak = { total: 0, heap: 0, external: 0, resvg: 0, rss: 0 };
const sample = () => {
  const memory = process.memoryUsage();
  const total = memory.heapUsed + memory.external;
  if (total > peak.total) peak = { ...peak, total, heap: memory.heapUsed, external: memory.external, resvg: resvgMemory?.buffer.byteLength ?? 0 };
  peak.rss = Math.max(peak.rss, memory.rss);
};
/**
 * Starts a part's measurement afresh, as the job's next alarm step would start: after a moment in
 * which the runtime closes what the last step let go (a finished deflater frees its native memory
 * a turn later) and the garbage collector has had its turn.
 */
const restart = async () => {
  await new Promise((resolve) => setTimeout(resolve, 100));
  global.gc?.();
  peak = { total: 0, heap: 0, external: 0, resvg: 0, rss: 0 };
  sample();
};
const mb = (value: number) => Math.round(value / 1048576);
const round = (value: number) => Math.round(value * 100) / 100;
const peakOf = (at: Peak) => ({ peakMb: mb(at.total), heapMb: mb(at.heap), externalMb: mb(at.external), resvgWasmMb: mb(at.resvg) });

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
  const disk = diskBucket();
  const { bucket } = disk;
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
  const timer = setInterval(sample, 10);
  await restart();
  const stored = new Set<string>();
  const steps: { pictures: number; cpuSeconds: number; seconds: number }[] = [];
  for (;;) {
    const before = stored.size;
    const step = await timed(() => renderSome({ bucket, engines }, renderSetOf(access), stored, STEP_MS));
    steps.push({ pictures: stored.size - before, cpuSeconds: round(step.cpuSeconds), seconds: round(step.seconds) });
    console.error(`${style}: step ${steps.length} drew ${stored.size - before} pictures in ${step.seconds.toFixed(1)} s (CPU ${step.cpuSeconds.toFixed(1)} s)`);
    if (step.value === 0) break;
  }
  const renderPeak = peak;
  const renderSeconds = steps.reduce((sum, step) => sum + step.seconds, 0);
  const renderBytes = [...stored].reduce((sum, key) => sum + disk.size(key), 0);

  // The PDF as the job's last step makes it: put together from the stored renders and uploaded in parts.
  await restart();
  const pdfKey = "prints/bench.pdf";
  const assemble = await timed(() => uploadPrint(bucket, access, { paper: "a4", arrangement: "sheets" }, pdfKey));
  const assemblePeak = peak;
  if (sampleAt > 0 && style === styles[0]) copyFileSync(disk.file(pdfKey), process.argv[sampleAt + 1]!);

  clearInterval(timer);
  writeFileSync(path.join(disk.folder, "access.json"), JSON.stringify(access));

  const result = {
    style,
    pictures: stored.size,
    secondsPerPicture: round(renderSeconds / stored.size),
    renderSteps: steps.length,
    largestRenderStepCpuSeconds: Math.max(...steps.map((step) => step.cpuSeconds)),
    renderSeconds: round(renderSeconds),
    rendersMb: round(renderBytes / 1048576),
    render: peakOf(renderPeak),
    assembleCpuSeconds: round(assemble.cpuSeconds),
    assembleSeconds: round(assemble.seconds),
    pdfMb: round(assemble.value / 1048576),
    pdf: peakOf(assemblePeak),
    peakRssMb: mb(Math.max(renderPeak.rss, assemblePeak.rss)),
    steps,
    folder: disk.folder,
  };
  console.error(
    `${style}, ${deckSize} cards: ${result.secondsPerPicture} s a picture, ${steps.length} drawing steps (largest ${result.largestRenderStepCpuSeconds} s CPU)\n` +
      `  ${part("drawing", result.renderSeconds, result.render)}\n` +
      `  ${part(`PDF (${result.pdfMb} MB)`, result.assembleSeconds, result.pdf)}\n` +
      `  process resident size ${result.peakRssMb} MB (not what a Worker counts)`,
  );
  return result;
}

const part = (name: string, seconds: number, at: ReturnType<typeof peakOf>) =>
  `${name} ${seconds} s, peak ${at.peakMb} MB (heap ${at.heapMb} + outside it ${at.externalMb}, of which resvg ${at.resvgWasmMb})`;

/**
 * The ZIP as its route streams it from the renders a style's run left in `folder`, read to the end
 * as a download would. The route runs in the Worker's own isolate, not the print job's, so this is
 * a process of its own; the Worker draws nothing itself (the pictures Worker does, decision 0095),
 * so nothing is drawn here first.
 */
async function benchZip(folder: string) {
  const disk = diskBucket(folder);
  const access = JSON.parse(readFileSync(path.join(folder, "access.json"), "utf8")) as PrintAccess;
  const timer = setInterval(sample, 10);
  await restart();
  const zip = await timed(async () => {
    const reader = picturesZip(access, disk.bucket).body!.getReader();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
    }
    return size;
  });
  const zipPeak = peak;
  clearInterval(timer);
  disk.remove();
  const result = { zipSeconds: round(zip.seconds), zipMb: round(zip.value / 1048576), zip: peakOf(zipPeak), zipPeakRssMb: mb(zipPeak.rss) };
  console.error(`${access.deck.artStyle}, ${access.cards.length} cards:\n  ${part(`ZIP (${result.zipMb} MB)`, result.zipSeconds, result.zip)}`);
  return result;
}

const onlyAt = process.argv.indexOf("--only");
const zipAt = process.argv.indexOf("--zip");
/** Runs this script again in a child process with `extra` arguments, and returns what it printed on stdout. */
const child = (extra: string[]) => {
  const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2), ...extra], {
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 16 * 1048576,
  });
  if (run.status !== 0) throw new Error(`the run ${extra.join(" ")} failed`);
  return JSON.parse(run.stdout.toString()) as Record<string, unknown>;
};
if (onlyAt > 0) {
  // A child run: one style's drawing and PDF, its result on stdout for the parent.
  process.stdout.write(JSON.stringify(await benchStyle(process.argv[onlyAt + 1]!)));
} else if (zipAt > 0) {
  // A child run: the ZIP of the renders a style's run left.
  process.stdout.write(JSON.stringify(await benchZip(process.argv[zipAt + 1]!)));
} else {
  console.log(
    "Peak memory is the JavaScript heap plus what is held outside it (buffers and WebAssembly memory), as a Worker's 128 MB counts them; each style runs in a fresh process.",
  );
  const results = [];
  for (const style of styles) {
    const { folder, ...drawn } = child(["--only", style]);
    const zip = child(["--zip", folder as string]);
    results.push({ ...drawn, ...zip, totalSeconds: round((drawn.renderSeconds as number) + (drawn.assembleSeconds as number) + (zip.zipSeconds as number)) });
  }
  mkdirSync(path.join(root, "bench-results"), { recursive: true });
  // A whole deck's figures in print.json, a smaller deck's beside them (print-22.json), so each run keeps the other.
  const out = path.join(root, "bench-results", deckSize === FULL_DECK.length ? "print.json" : `print-${deckSize}.json`);
  const measured =
    "peak of V8 heapUsed + external (ArrayBuffers and WebAssembly memory), sampled every 10 ms and after each step; each style's drawing and PDF in a process of its own, its ZIP in another";
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cards: deckSize, stepMs: STEP_MS, limitMb: 128, measured, results }, null, 2)}\n`,
  );
  console.log(`saved ${path.relative(root, out)}`);
}
