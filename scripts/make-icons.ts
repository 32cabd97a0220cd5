// Paints the installed app's icons from the star of the favicon: PNGs at the sizes the web app
// manifest and iOS ask for, and a maskable one whose star sits inside the safe circle.
// Run with `npx tsx scripts/make-icons.ts` after changing the mark; the PNGs are committed.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { initWasm, Resvg } from "@resvg/resvg-wasm";

const NIGHT = "#151229";
const GOLD = "#e6bd63";
const STAR = "M16 3 L18.4 13.6 L29 16 L18.4 18.4 L16 29 L13.6 18.4 L3 16 L13.6 13.6 Z";

/** The mark on a 32-unit square: `inset` is the share of the side kept clear around the star. */
function mark({ rounded, inset }: { rounded: boolean; inset: number }) {
  const scale = 1 - 2 * inset;
  const offset = 16 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${NIGHT}"/><g transform="translate(${offset} ${offset}) scale(${scale})"><path d="${STAR}" fill="${GOLD}"/><circle cx="16" cy="16" r="2.4" fill="${NIGHT}"/></g></svg>`;
}

const require = createRequire(import.meta.url);
await initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
const out = path.join(path.dirname(new URL(import.meta.url).pathname), "..", "public", "icons");
const icons: [string, number, string][] = [
  ["icon-192.png", 192, mark({ rounded: true, inset: 0.06 })],
  ["icon-512.png", 512, mark({ rounded: true, inset: 0.06 })],
  // Full bleed, the star within the middle 80 % that every mask shape keeps.
  ["icon-maskable-512.png", 512, mark({ rounded: false, inset: 0.16 })],
  // iOS rounds the corners itself.
  ["apple-touch-icon.png", 180, mark({ rounded: false, inset: 0.1 })],
];
for (const [name, size, svg] of icons) {
  const png = new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
  writeFileSync(path.join(out, name), png);
  console.log(`${name}: ${size}×${size}, ${png.byteLength} bytes`);
}
