// Makes the print files of three sample decks (pixel art, oil painting, and a typed style) with the
// app's own code, the cards drawn by resvg in this process as the pictures Worker draws them, and
// renders a few pages of each with poppler's pdftoppm into docs/print/ to look at:
//   npx tsx scripts/print-samples.ts [-- --out docs/print]
// Needs pdftoppm (Debian: apt-get install poppler-utils).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PictureEngines } from "../app/media/picture-engines.server";
import { writeGuidebook, type GuideFormat } from "../app/print/guidebook";
import type { PrintChoice } from "../app/print/layout";
import type { GuideWords, PrintAccess } from "../app/print/print-access.server";
import { uploadPrint } from "../app/print/print-file.server";
import { renderSetOf } from "../app/print/print.server";
import { RenderReader } from "../app/print/render-reader.server";
import { backRenderKey, cardRenderKey, renderSome } from "../app/print/renders.server";
import { resvgRaster } from "../app/print/resvg-raster.server";
import { writeTuckBox } from "../app/print/tuck-box";
import { MAJOR_ARCANA } from "../app/tarot/cards";
import { diskBucket } from "./disk-bucket";
import { pictureFontsInNode } from "./picture-faces";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outAt = process.argv.indexOf("--out");
const out = path.resolve(root, outAt > 0 ? process.argv[outAt + 1]! : "docs/print");
const require = createRequire(import.meta.url);
const bytes = (specifier: string) => {
  const data = readFileSync(require.resolve(specifier));
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
};
const resvg = new WebAssembly.Module(bytes("@resvg/resvg-wasm/index_bg.wasm"));
const fonts = await pictureFontsInNode();
const engines: PictureEngines = { fonts, raster: resvgRaster({ resvg, fonts }) };

type Sample = { slug: string; title: string; creator: string; theme: string; style: string; secret: string; description: string };
const SAMPLES: Sample[] = [
  {
    slug: "pixel-art",
    title: "Neon Oracle",
    creator: "Ada Quill",
    theme: "Moonlit forest",
    style: "pixel art",
    secret: "print-samples-pixel-art",
    description: "Twenty-two cards in chunky pixels under a silver moon, for readers who grew up on cartridges.",
  },
  {
    slug: "oil-painting",
    title: "Gilded Clockwork",
    creator: "Ada Quill",
    theme: "Gilded clockwork city",
    style: "oil painting",
    secret: "print-samples-oil-painting",
    description: "A city of brass and gears painted in thick oils: every card a window onto its streets.",
  },
  {
    slug: "typed-style",
    title: "Harbour Lights",
    creator: "Ada Quill",
    theme: "Grandmother's seaside town with fishing boats",
    style: "children's crayon",
    secret: "print-samples-typed-style",
    description: "A seaside town drawn as a grandchild would draw it, boats and all.",
  },
];
/** Eight cards: two sheets of fronts and backs, and enough guidebook pages to fold. */
const CARDS = MAJOR_ARCANA.slice(0, 8);

async function sample(deck: Sample) {
  const disk = diskBucket();
  const painter = { id: deck.slug, theme: deck.theme, artStyle: deck.style, paintingSecret: deck.secret };
  const cards = await Promise.all(
    CARDS.map(async (card) => {
      // One card carries its owner's own title, as edited words show in every file.
      const title = card.key === "major-02" ? "The Keeper of Tides" : card.name;
      const printCard = { key: card.key, name: card.name, title, imageKey: null, regenerations: 0 };
      return { ...printCard, render: await cardRenderKey(painter, { ...printCard, updatedAt: 0 }) };
    }),
  );
  const words: GuideWords = {
    description: deck.description,
    artStyle: deck.style,
    coverKey: "major-00",
    cards: Object.fromEntries(
      CARDS.map((card) => [card.key, card.key === "major-02" ? "She keeps the harbour's lamp and knows when the tide will turn." : null]),
    ),
  };
  const access: PrintAccess & { words: GuideWords } = {
    deck: { ...painter, title: deck.title, back: { kind: "painted", design: 0 }, creator: deck.creator },
    cards,
    backRender: await backRenderKey(painter, "p:0"),
    holder: { id: "samples", name: deck.creator },
    role: "owner",
    licence: "Commercial use (your own deck)",
    version: "samples",
    words,
  };
  const started = performance.now();
  await renderSome({ bucket: disk.bucket, engines }, renderSetOf(access), new Set(), Number.POSITIVE_INFINITY);
  const perPicture = (performance.now() - started) / 1000 / (cards.length + 1);
  console.log(`${deck.slug}: ${cards.length + 1} pictures, ${perPicture.toFixed(2)} s a picture`);

  const file = async (name: string, write: (emit: (chunk: Uint8Array) => Promise<void>) => Promise<unknown>) => {
    const chunks: Uint8Array[] = [];
    await write(async (chunk) => void chunks.push(chunk.slice()));
    const pdf = path.join(disk.folder, name);
    writeFileSync(pdf, Buffer.concat(chunks));
    return pdf;
  };
  const print = async (choice: PrintChoice) => {
    const key = `prints/${choice.arrangement}.pdf`;
    await uploadPrint(disk.bucket, access, choice, key);
    return disk.file(key);
  };
  const renders = new RenderReader(disk.bucket);
  const guide = (format: GuideFormat) =>
    file(`guide-${format}.pdf`, (emit) => writeGuidebook(access, words, format, (pdf) => renders.imageIfStored(access.cards[0]!.render, pdf), emit));
  const box = await file("box.pdf", (emit) =>
    writeTuckBox(access, { front: (pdf) => renders.image(access.cards[0]!.render, pdf), back: (pdf) => renders.image(access.backRender, pdf) }, emit),
  );
  const sheets = await print({ paper: "a4", arrangement: "sheets" });
  const single = await print({ paper: "a4", arrangement: "single" });
  const plain = await guide("plain");
  const booklet = await guide("booklet");

  const page = (pdf: string, pageNumber: number, dpi: number, name: string) => {
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      String(dpi),
      "-f",
      String(pageNumber),
      "-l",
      String(pageNumber),
      "-singlefile",
      pdf,
      path.join(out, `${deck.slug}-${name}`),
    ]);
  };
  page(sheets, 3, 40, "sheet-fronts");
  page(sheets, 4, 40, "sheet-backs");
  page(single, 3, 100, "card");
  page(single, 4, 100, "card-back");
  page(box, 1, 30, "box");
  page(plain, 1, 50, "guide-cover");
  page(plain, 5, 50, "guide-card");
  page(booklet, 1, 30, "booklet-sheet");
  disk.remove();
  return { style: deck.style, secondsPerPicture: Math.round(perPicture * 100) / 100 };
}

mkdirSync(out, { recursive: true });
const figures = [];
for (const deck of SAMPLES) figures.push(await sample(deck));
console.log(JSON.stringify(figures));
