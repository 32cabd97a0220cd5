// Renders a sample reader certificate and its link-preview card with the Worker's own renderer and
// saves them under docs/readers/, so the design can be judged without running the app:
//   npx tsx scripts/certificate-sheet.ts [--revoked]
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CertificateArtKind } from "../app/readers/certificate-art";
import { renderCertificatePng } from "../app/readers/certificate-art.server";
import type { PictureEngines } from "../app/media/picture-engines.server";
import { resvgRaster } from "../app/print/resvg-raster.server";
import type { CertificateView } from "../app/readers/certificate.server";
import { pictureFontsInNode } from "./picture-faces";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
const bytes = (specifier: string) => {
  const data = readFileSync(require.resolve(specifier));
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
};

const fonts = await pictureFontsInNode();
const engines: PictureEngines = { fonts, raster: resvgRaster({ resvg: new WebAssembly.Module(bytes("@resvg/resvg-wasm/index_bg.wasm")), fonts }) };

const revoked = process.argv.includes("--revoked");
const sample: CertificateView = {
  id: "q7Xb2LmN0aRt",
  holderName: "Seraphina Vale",
  levelName: "Apprentice",
  issuedAt: Date.UTC(2026, 10, 24, 10, 0),
  score: 11,
  total: 12,
  percent: 92,
  revokedAt: revoked ? Date.UTC(2026, 11, 2, 9, 0) : null,
  revokedReason: revoked ? "The examination was taken on someone else's behalf." : null,
  holderUsername: "seraphina",
};

const files: Record<CertificateArtKind, string> = { certificate: "certificate", og: "certificate-og" };
for (const kind of ["certificate", "og"] as const) {
  const started = performance.now();
  const png = await renderCertificatePng(sample, kind, `https://arcanum.example/certificate/${sample.id}`, engines);
  const ms = Math.round(performance.now() - started);
  const out = path.join(root, "docs", "readers", `${files[kind]}${revoked ? "-revoked" : ""}.png`);
  writeFileSync(out, png);
  console.log(`${path.relative(root, out)}: ${png.byteLength} bytes, rendered in ${ms} ms`);
}
