import { performance } from "node:perf_hooks";
import * as z from "zod";
let count = 0;
const orig = (z as any).core.$constructor;
void orig;
const mods = process.argv.slice(2);
z.object({ a: z.string() });
for (const m of mods) {
  const t = performance.now();
  await import(m);
  console.log((performance.now() - t).toFixed(1).padStart(6), m);
}
void count;
