import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
const root = "/work/wt-size/";
const require = createRequire("/work/wt-size/package.json");
const { renderCertificatePng } = await import("../app/readers/certificate-art.server.ts");
const { renderSharePicture } = await import("../app/media/share-picture.server.ts");
const { pictureFontFiles } = await import("../app/media/picture-style.ts");
const bytes = (s: string) => { const d = readFileSync(require.resolve(s)); return d.buffer.slice(d.byteOffset, d.byteOffset + d.byteLength) as ArrayBuffer; };
const engines: any = {
  resvg: new WebAssembly.Module(bytes("@resvg/resvg-wasm/index_bg.wasm")),
  fonts: pictureFontFiles.map(({ file, ...font }: any) => ({ ...font, data: bytes(`@fontsource/cormorant-garamond/files/${file}`) })),
};
const out = process.argv[2]!;
const base = { id: "q7Xb2LmN0aRt", levelName: "Apprentice", issuedAt: Date.UTC(2026, 10, 24, 10, 0), score: 11, total: 12, percent: 92, revokedAt: null, revokedReason: null, holderUsername: "s" };
const certs = {
  short: { ...base, holderName: "Ana Li" },
  mid: { ...base, holderName: "Seraphina Vale", levelName: "Master" },
  long: { ...base, holderName: "Maximiliana Wolkenstein-Übermarsch de la Fontaine", levelName: "Adept" },
  revoked: { ...base, holderName: "Seraphina Vale", revokedAt: Date.UTC(2026, 11, 2, 9, 0) },
};
for (const [n, c] of Object.entries(certs)) for (const kind of ["certificate", "og"]) {
  const t = performance.now();
  writeFileSync(`${out}/cert-${n}-${kind}.png`, await renderCertificatePng(c, kind, "https://arcanum.example/certificate/q7Xb2LmN0aRt", engines));
  console.log(n, kind, Math.round(performance.now() - t));
}
const face = "/art/card.svg?key=major-17&theme=Classic+tarot&style=art+nouveau";
const shares = {
  deckShort: { scope: "decks/x", face, eyebrow: "A deck by Ana", title: "Moon Garden", lines: ["22 cards · $4.00"] },
  deckLong: { scope: "decks/x", face, eyebrow: "A deck by Maximiliana Wolkenstein-Übermarsch de la Fontaine", title: "The Very Long Chronicle of the Seven Silver Foxes Beneath the Drowned Cathedral of Ys and Beyond", lines: ["78 cards · watercolour", "Free to collect"] },
  reading: { scope: "readings/x", face, eyebrow: "A shared reading", title: "Should I take the job in Lisbon, or stay where my friends are?", lines: ["Three-card spread", "The Star · The Tower (reversed) · Ten of Cups"] },
  readerish: { scope: "readings/x", face, eyebrow: "Reader", title: "Élodie Marchand-Ørsted", lines: ["Certified Adept · 4.9 stars"] },
};
for (const [n, s] of Object.entries(shares)) {
  const t = performance.now();
  const png = await renderSharePicture(null as any, s, engines);
  writeFileSync(`${out}/share-${n}.png`, png!);
  console.log(n, Math.round(performance.now() - t));
}
