/**
 * Decks you can hold: the print-ready PDF (its pages, paper sizes, card boxes with bleed, backs
 * that fall behind their fronts when printed duplex, cards painted into their bleed, crop marks
 * outside it), the guidebook and its booklet, the tuck box, the e-mail when a print is ready, the ZIP of print-resolution pictures, who
 * may download them (owner and buyers; not a stranger, a refunded buyer, or after unlisting), and
 * a new PDF once a card changes; the print job's steps, run from its Durable Object's alarm, that
 * draw each card once into a stored render and survive a step that fails halfway.
 */
import { env, runDurableObjectAlarm } from "cloudflare:test";
import { LICENCES } from "../../app/marketplace/licences";
import { and, eq } from "drizzle-orm";
import { PDFDocument, PDFName, type PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import {
  BLEED_BOX_MM,
  BLEED_MM,
  BLEED_PX,
  CARD_MM,
  MARK_LENGTH_MM,
  MARK_OFFSET_MM,
  PAPERS,
  cropMarks,
  mmToPt,
  printPages,
  type PaperId,
} from "../../app/print/layout";
import { PdfWriter, pdfText } from "../../app/print/pdf-writer";
import { bookletSides } from "../../app/print/guidebook";
import { BOX_TOLERANCE_MM, CARD_THICKNESS_MM, tuckBox } from "../../app/print/tuck-box";
import { encodePrintPng, IDAT_AT } from "../../app/print/png";
import { RenderReader } from "../../app/print/render-reader.server";
import { backRenderKey, cardRenderKey } from "../../app/print/renders.server";
import { backVersion, deckBackOf } from "../../app/decks/card-back";
import { FULL_DECK, MAJOR_ARCANA } from "../../app/tarot/cards";
import { cards, deckListings, deckPrints, deckPurchases, decks, outboxMessages, users } from "../../db/schema";
import { app, get, ORIGIN, post, pngSize, signInAs } from "./helpers";
import { paintDeckCardSvg } from "../../app/art/local-art";
import { deckArt } from "../../app/reading-room/deck-art.server";

const db = () => createDatabase(env.DB);

async function person(name: string) {
  const id = newId();
  await db()
    .insert(users)
    .values({
      id,
      email: `${id}@example.com`,
      username: `p_${id
        .slice(0, 10)
        .toLowerCase()
        .replace(/[^a-z0-9_]/g, "")}`,
      fullName: name,
    });
  return { id, cookie: await signInAs(id) };
}

/** A finished deck in pixel art (the quickest style to paint), its pictures painted from its secret. */
async function readyDeck(ownerId: string, size: 22 | 78, title = "Moonlit Forest") {
  const deckId = newId();
  await db()
    .insert(decks)
    .values({
      id: deckId,
      creatorId: ownerId,
      title,
      theme: "Moonlit forest",
      artStyle: "pixel art",
      kind: size === 78 ? "complete" : "major_arcana",
      status: "ready",
      // The same pictures every run: a random secret paints new ones each time.
      paintingSecret: "print-tests-moonlit-forest",
    });
  const chosen = size === 78 ? FULL_DECK : MAJOR_ARCANA;
  for (let i = 0; i < chosen.length; i += 10)
    await db()
      .insert(cards)
      .values(
        chosen.slice(i, i + 10).map((card) => ({
          id: newId(),
          deckId,
          cardKey: card.key,
          name: card.name,
          arcana: card.arcana,
          suit: card.suit ?? null,
          number: card.number,
          status: "ready" as const,
        })),
      );
  return deckId;
}

async function sell(deckId: string, sellerId: string, buyerId: string, licence: "personal" | "commercial" = "personal") {
  await db().insert(deckListings).values({ deckId, sellerId, priceCents: 499, licence }).onConflictDoNothing();
  const purchaseId = newId();
  await db().insert(deckPurchases).values({ id: purchaseId, deckId, buyerId, sellerId, grossCents: 499, feePercent: 20, feeCents: 100, netCents: 399 });
  return purchaseId;
}

const printJob = (name: string) => env.PrintJob.get(env.PrintJob.idFromName(name));

/**
 * Runs a print job's steps from its alarm (the alarm may also have fired on its own) until `done`
 * holds; a retry waiting minutes runs at once. Returns how many steps were run here.
 */
async function runJob(name: string, done: () => Promise<boolean>, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  let steps = 0;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`the print job ${name} did not finish in time`);
    if (await runDurableObjectAlarm(printJob(name))) steps += 1;
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return steps;
}

const printRows = (deckId: string, holderId: string) =>
  db()
    .select()
    .from(deckPrints)
    .where(and(eq(deckPrints.deckId, deckId), eq(deckPrints.holderId, holderId)));

/** Asks for the PDF on the print page and runs its job until it is made; returns its bytes. */
async function makePdf(
  deckId: string,
  cookie: string,
  choice: { paper: PaperId; arrangement: "sheets" | "single" },
  timeoutMs = 150_000,
  extra: Record<string, string> = {},
) {
  const asked = await post(`/collection/${deckId}/print`, { ...choice, ...extra }, { cookie });
  expect(asked.status).toBe(303);
  expect(asked.headers.get("location")).toBe(`/collection/${deckId}/print?paper=${choice.paper}&arrangement=${choice.arrangement}`);
  const file = () => get(`/collection/${deckId}/print.pdf?paper=${choice.paper}&arrangement=${choice.arrangement}`, { cookie });
  // The file route answers 404 until this version of the deck's print is stored.
  const before = await file();
  if (before.status === 200) return new Uint8Array(await before.arrayBuffer());
  expect(before.status).toBe(404);
  await before.arrayBuffer();
  const rows = await db()
    .select()
    .from(deckPrints)
    .where(and(eq(deckPrints.deckId, deckId), eq(deckPrints.status, "working")));
  for (const row of rows)
    await runJob(row.id, async () => (await db().query.deckPrints.findFirst({ where: eq(deckPrints.id, row.id) }))?.status !== "working", timeoutMs);
  const response = await file();
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Stores a flat grey print PNG as the render of every card and the back of a deck, under the names
 * the job looks for, as if they had been drawn: 2 × 2 unless `full`, when each is a whole 300 dpi
 * picture with its bleed. `leaveOut` keeps the last few cards' renders missing, for the job to draw.
 * For the tests about what is done with renders rather than how they are painted.
 */
async function storeRenders(deckId: string, { full = false, leaveOut = 0 }: { full?: boolean; leaveOut?: number } = {}) {
  const deck = (await db().query.decks.findFirst({ where: eq(decks.id, deckId) }))!;
  const painter = { id: deck.id, theme: deck.theme, artStyle: deck.artStyle, paintingSecret: deck.paintingSecret };
  const [width, height] = full ? [BLEED_PX.width, BLEED_PX.height] : [2, 2];
  const png = await encodePrintPng(new Uint8Array(width * height * 4).fill(90), width, height);
  const rows = (await db().select().from(cards).where(eq(cards.deckId, deckId))).sort((a, b) => a.cardKey.localeCompare(b.cardKey));
  const keys = await Promise.all(
    rows.slice(0, rows.length - leaveOut).map((card) =>
      cardRenderKey(painter, {
        key: card.cardKey,
        imageKey: card.imageKey,
        updatedAt: card.updatedAt,
        title: card.editedName ?? card.name,
        regenerations: card.regenerations,
      }),
    ),
  );
  keys.push(await backRenderKey(painter, backVersion(deckBackOf(deck))));
  for (const key of keys) await env.MEDIA.put(key, png);
}

/** The deck's stored renders, each with when it was stored. */
async function renders(deckId: string): Promise<Map<string, number>> {
  const listed = await env.MEDIA.list({ prefix: `print-renders/${deckId}/` });
  return new Map(listed.objects.map((object) => [object.key, object.uploaded.getTime()]));
}

/** The pictures of a PDF's image streams, as their bytes (each is copied from a stored render). */
function pdfImages(pdf: PDFDocument): Uint8Array[] {
  return pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => "dict" in object && (object as PDFRawStream).dict.get(PDFName.of("Subtype"))?.toString() === "/Image")
    .map((stream) => stream.contents);
}

async function inflate(bytes: Uint8Array): Promise<string> {
  const stream = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new TextDecoder("latin1").decode(await new Response(stream).arrayBuffer());
}

/** The pictures a page draws, as `[x, y, width, height]` in points, read from its content stream. */
async function drawnPictures(pdf: PDFDocument, pageIndex: number): Promise<number[][]> {
  const page = pdf.getPage(pageIndex);
  const contents = page.node.Contents();
  const stream = pdf.context.lookup(contents as never) as PDFRawStream;
  expect(stream.dict.get(PDFName.of("Filter"))?.toString()).toBe("/FlateDecode");
  const text = await inflate(stream.contents);
  return [...text.matchAll(/q ([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm \/Im\d+ Do Q/g)].map((m) => [Number(m[3]), Number(m[4]), Number(m[1]), Number(m[2])]);
}

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(0.01);

/** Every mark (x1, y1, x2, y2) keeps at least half a millimetre (in the marks' own unit, `mm`) from every card's bleed box. */
function marksClearOfBleeds(marks: number[][], cards: { bleed: { x: number; y: number; width: number; height: number } }[], mm = 1) {
  expect(marks.length).toBe(cards.length * 8);
  for (const [x1, y1, x2, y2] of marks)
    for (const { bleed } of cards) {
      const gapX = Math.max(bleed.x - Math.max(x1!, x2!), Math.min(x1!, x2!) - (bleed.x + bleed.width));
      const gapY = Math.max(bleed.y - Math.max(y1!, y2!), Math.min(y1!, y2!) - (bleed.y + bleed.height));
      expect(Math.max(gapX, gapY), `mark ${[x1, y1, x2, y2].join(" ")}`).toBeGreaterThanOrEqual(0.5 * mm);
    }
}

/** A page's content stream, inflated: its text is in it as PDF strings. */
async function pageText(pdf: PDFDocument, pageIndex: number): Promise<string> {
  const contents = pdf.getPage(pageIndex).node.Contents();
  const stream = pdf.context.lookup(contents as never) as PDFRawStream;
  return inflate(stream.contents);
}

/** The lines a page strokes, as `[x1, y1, x2, y2]` in points. */
async function drawnLines(pdf: PDFDocument, pageIndex: number): Promise<number[][]> {
  const stream = pdf.context.lookup(pdf.getPage(pageIndex).node.Contents() as never) as PDFRawStream;
  const text = await inflate(stream.contents);
  return [...text.matchAll(/([\d.]+) ([\d.]+) m ([\d.]+) ([\d.]+) l S/g)].map((m) => m.slice(1, 5).map(Number));
}

/** A print render's pixels, 3 bytes each: its one IDAT inflated and every Up-filtered row undone. */
async function renderPixels(png: Uint8Array): Promise<{ width: number; height: number; rgb: Uint8Array }> {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const [width, height, length] = [view.getUint32(16), view.getUint32(20), view.getUint32(IDAT_AT - 8)];
  const stream = new Blob([png.slice(IDAT_AT, IDAT_AT + length)]).stream().pipeThrough(new DecompressionStream("deflate"));
  const rows = new Uint8Array(await new Response(stream).arrayBuffer());
  const stride = width * 3;
  const rgb = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    expect(rows[y * (stride + 1)]).toBe(2);
    for (let i = 0; i < stride; i++) rgb[y * stride + i] = (rows[y * (stride + 1) + 1 + i]! + (y ? rgb[(y - 1) * stride + i]! : 0)) & 0xff;
  }
  return { width, height, rgb };
}

/**
 * The 3 mm bleed strip on each side of a card's picture, as how many colours it has and the share
 * of its pixels in the commonest one: a flat border is one colour and all of the strip.
 */
function bleedStrips({ width, height, rgb }: { width: number; height: number; rgb: Uint8Array }) {
  const strip = Math.round((BLEED_MM / 25.4) * 300);
  const sides = {
    top: [0, 0, width, strip],
    bottom: [0, height - strip, width, height],
    left: [0, 0, strip, height],
    right: [width - strip, 0, width, height],
  } as const;
  return Object.fromEntries(
    Object.entries(sides).map(([side, [x0, y0, x1, y1]]) => {
      const counts = new Map<number, number>();
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const at = (y * width + x) * 3;
          const colour = (rgb[at]! << 16) | (rgb[at + 1]! << 8) | rgb[at + 2]!;
          counts.set(colour, (counts.get(colour) ?? 0) + 1);
        }
      const commonest = Math.max(...counts.values());
      return [side, { colours: counts.size, commonest: commonest / ((x1 - x0) * (y1 - y0)) }];
    }),
  );
}

/**
 * Where two byte runs first differ, or -1 when they are the same: a megabyte compared in a loop,
 * where `toEqual` walks it element by element and took over 20 s on a busy machine.
 */
function firstDifference(actual: Uint8Array | undefined, expected: Uint8Array): number {
  if (!actual) return 0;
  const length = Math.min(actual.length, expected.length);
  for (let at = 0; at < length; at++) if (actual[at] !== expected[at]) return at;
  return actual.length === expected.length ? -1 : length;
}

describe("the print layout", () => {
  for (const count of [22, 78] as const)
    for (const paper of ["a4", "letter"] as const)
      it(`lays ${count} cards on ${PAPERS[paper].label}: title sheet, then fronts each followed by their mirrored backs`, () => {
        const pages = printPages(count, { paper, arrangement: "sheets" });
        expect(pages.length).toBe(2 + 2 * Math.ceil(count / 4));
        expect(pages.slice(0, 2).map((page) => page.kind)).toEqual(["title", "blank"]);
        for (const page of pages) {
          expect(page.width).toBe(PAPERS[paper].width);
          expect(page.height).toBe(PAPERS[paper].height);
        }
        const placed: number[] = [];
        for (let i = 2; i < pages.length; i += 2) {
          const fronts = pages[i]!;
          const backs = pages[i + 1]!;
          if (fronts.kind !== "fronts" || backs.kind !== "backs") throw new Error("fronts and backs alternate");
          expect(backs.cards.map((card) => card.cardIndex)).toEqual(fronts.cards.map((card) => card.cardIndex));
          for (const [n, front] of fronts.cards.entries()) {
            placed.push(front.cardIndex);
            expect(front.trim.width).toBe(CARD_MM.width);
            expect(front.trim.height).toBe(CARD_MM.height);
            expect(front.bleed.width).toBe(BLEED_BOX_MM.width);
            expect(front.bleed.height).toBe(BLEED_BOX_MM.height);
            close(front.trim.x - front.bleed.x, 3);
            close(front.trim.y - front.bleed.y, 3);
            // Flipped on the long edge, the sheet's left edge meets the right: a back at x lies behind a front at W - x - w.
            const back = backs.cards[n]!;
            close(back.trim.x, fronts.width - front.trim.x - front.trim.width);
            close(back.trim.y, front.trim.y);
            // Every card, crop marks included, stays on the paper.
            const reach = MARK_OFFSET_MM - BLEED_MM + MARK_LENGTH_MM;
            expect(front.bleed.x - reach).toBeGreaterThan(0);
            expect(front.bleed.x + front.bleed.width + reach).toBeLessThan(fronts.width);
            expect(front.bleed.y - reach).toBeGreaterThan(0);
            expect(front.bleed.y + front.bleed.height + reach).toBeLessThan(fronts.height);
          }
        }
        expect(placed).toEqual([...Array(count).keys()]);
        // Every crop mark lies outside every card's bleed on its sheet, fronts and backs alike.
        for (const page of pages)
          if (page.kind === "fronts" || page.kind === "backs")
            marksClearOfBleeds(
              page.cards.flatMap((card) => cropMarks(card.trim)),
              page.cards,
            );
      });

  it("imposes the guidebook's pages for folding, and sizes the tuck box to the deck", () => {
    // Eight pages on two sheets: the outer sheet holds the covers, each side's pages face across the fold.
    expect(bookletSides(8)).toEqual([
      [7, 0],
      [1, 6],
      [5, 2],
      [3, 4],
    ]);
    // Six pages are padded to eight with blanks.
    expect(bookletSides(6)).toEqual([
      [null, 0],
      [1, null],
      [5, 2],
      [3, 4],
    ]);
    for (const [count, paper] of [
      [22, { width: 210, height: 297 }],
      [78, { width: 297, height: 420 }],
    ] as const) {
      const box = tuckBox(count);
      expect(box.page).toEqual({ ...paper, label: count === 22 ? "A4" : "A3" });
      expect(box.inside.width).toBe(CARD_MM.width + BOX_TOLERANCE_MM);
      expect(box.inside.height).toBe(CARD_MM.height + BOX_TOLERANCE_MM);
      expect(box.inside.depth).toBeGreaterThanOrEqual(count * CARD_THICKNESS_MM);
      expect(box.inside.depth).toBeLessThan(count * CARD_THICKNESS_MM + 4);
      expect(box.front).toMatchObject({ width: box.inside.width, height: box.inside.height });
      expect(box.sides.map((side) => side.width)).toEqual([box.inside.depth, box.inside.depth]);
      // The die-line stays on the paper with a margin, and every fold lies on the outline's panels.
      for (const [x, y] of box.cut.flat()) {
        expect(x).toBeGreaterThan(5);
        expect(x).toBeLessThan(paper.width - 5);
        expect(y).toBeGreaterThan(5);
        expect(y).toBeLessThan(paper.height - 5);
      }
    }
  });

  it("puts one card a page at its bleed size for a print shop, front then back", () => {
    for (const count of [22, 78]) {
      const pages = printPages(count, { paper: "letter", arrangement: "single" });
      expect(pages.length).toBe(2 + 2 * count);
      expect(pages.every((page) => page.width === 76 && page.height === 126)).toBe(true);
    }
  });
});

describe("the print-ready PDF", () => {
  it("makes a 22-card A4 PDF whose pages, sizes and card positions are as laid out, backs behind their fronts", { timeout: 200_000 }, async () => {
    const owner = await person("Ada Ink");
    const deckId = await readyDeck(owner.id, 22);
    const bytes = await makePdf(deckId, owner.cookie, { paper: "a4", arrangement: "sheets" });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(14);
    for (const page of pdf.getPages()) {
      close(page.getWidth(), mmToPt(210));
      close(page.getHeight(), mmToPt(297));
    }
    expect(pdf.getTitle()).toBe("Moonlit Forest");
    const fronts = await drawnPictures(pdf, 2);
    const backs = await drawnPictures(pdf, 3);
    expect(fronts.length).toBe(4);
    expect(backs.length).toBe(4);
    const width = mmToPt(210);
    for (const [n, [x, y, w, h]] of fronts.entries()) {
      close(w!, mmToPt(76));
      close(h!, mmToPt(126));
      const [bx, by] = backs[n]!;
      close(bx!, width - x! - w!);
      close(by!, y!);
    }
    // The last sheet holds the last two cards.
    expect((await drawnPictures(pdf, 12)).length).toBe(2);
    expect((await drawnPictures(pdf, 13)).length).toBe(2);
    // The crop marks the sheets stroke lie outside every card's bleed, on fronts and backs.
    for (const [pageIndex, boxes] of [
      [2, fronts],
      [3, backs],
    ] as const)
      marksClearOfBleeds(
        await drawnLines(pdf, pageIndex),
        boxes.map(([x, y, w, h]) => ({ bleed: { x: x!, y: y!, width: w!, height: h! } })),
        mmToPt(1),
      );
    // Every card and the back is painted into its bleed: the 3 mm strip round each face is no flat border.
    const stored = [...(await renders(deckId)).keys()];
    expect(stored.length).toBe(23);
    for (const key of stored) {
      const strips = bleedStrips(await renderPixels(new Uint8Array(await (await env.MEDIA.get(key))!.arrayBuffer())));
      for (const [side, { colours, commonest }] of Object.entries(strips)) {
        expect(colours, `${key} ${side}`).toBeGreaterThan(1);
        expect(commonest, `${key} ${side}`).toBeLessThan(0.98);
      }
    }

    // The guidebook and the box take the same renders. The owner's words for a card show in the guidebook.
    await db()
      .update(cards)
      .set({ editedName: "The Lantern Bearer", editedDescription: "A keeper of small lights on the forest path." })
      .where(and(eq(cards.deckId, deckId), eq(cards.cardKey, "major-09")));
    await db().update(decks).set({ description: "Twenty-two cards under a silver moon." }).where(eq(decks.id, deckId));
    const guide = await get(`/collection/${deckId}/guidebook.pdf`, { cookie: owner.cookie });
    expect(guide.status).toBe(200);
    expect(guide.headers.get("content-disposition")).toContain("moonlit-forest-guidebook.pdf");
    const plain = await PDFDocument.load(new Uint8Array(await guide.arrayBuffer()));
    // The cover, the deck's page, a page (or two) a card, three spreads and the last page.
    expect(plain.getPageCount()).toBeGreaterThanOrEqual(2 + 22 + 3 + 1);
    for (const page of plain.getPages()) {
      close(page.getWidth(), mmToPt(148));
      close(page.getHeight(), mmToPt(210));
    }
    const guideText = (await Promise.all(plain.getPages().map((_, i) => pageText(plain, i)))).join("\n");
    for (const words of [
      "Moonlit Forest",
      "Theme: Moonlit forest",
      "Twenty-two cards under a silver moon.",
      "The Lantern Bearer",
      "The Hermit in the tarot",
      "A keeper of small lights on the forest path.",
      "Upright",
      "Reversed",
      "Celtic Cross",
    ])
      expect(guideText, words).toContain(pdfText(words));
    // The cover shows the cover card's render.
    expect(pdfImages(plain).length).toBe(1);
    const booklet = await PDFDocument.load(
      new Uint8Array(await (await get(`/collection/${deckId}/guidebook.pdf?format=booklet`, { cookie: owner.cookie })).arrayBuffer()),
    );
    expect(booklet.getPageCount()).toBe(Math.ceil(plain.getPageCount() / 4) * 2);
    close(booklet.getPage(0).getWidth(), mmToPt(297));
    close(booklet.getPage(0).getHeight(), mmToPt(210));
    expect((await get(`/collection/${deckId}/guidebook.pdf?format=scroll`, { cookie: owner.cookie })).status).toBe(400);

    const boxFile = await get(`/collection/${deckId}/box.pdf`, { cookie: owner.cookie });
    expect(boxFile.status).toBe(200);
    const box = await PDFDocument.load(new Uint8Array(await boxFile.arrayBuffer()));
    expect(box.getPageCount()).toBe(1);
    close(box.getPage(0).getWidth(), mmToPt(210));
    const geometry = tuckBox(22);
    // The front shows the first card's render over the front panel, its trim on the panel's edges; the back panel the back's.
    const [front, back] = await drawnPictures(box, 0);
    close(front![0]! + mmToPt(3 * (geometry.front.width / CARD_MM.width)), mmToPt(geometry.front.x));
    close(front![2]!, mmToPt((76 * geometry.front.width) / CARD_MM.width));
    close(back![0]! + mmToPt(3 * (geometry.back.width / CARD_MM.width)), mmToPt(geometry.back.x));
    const boxImages = pdfImages(box);
    expect(boxImages.length).toBe(2);
    const backKey = stored.find((key) => key.includes("/back-"))!;
    const backPng = new Uint8Array(await (await env.MEDIA.get(backKey))!.arrayBuffer());
    expect(boxImages.some((image) => firstDifference(backPng.subarray(41, 41 + image.length), image) === -1)).toBe(true);
  });

  it("makes a 78-card US Letter PDF of 42 Letter pages", { timeout: 120_000 }, async () => {
    const owner = await person("Bea Press");
    const deckId = await readyDeck(owner.id, 78);
    // What is measured here is the layout of 78 cards: their renders are stored beforehand, tiny,
    // so the job only puts the PDF together (the 22-card tests draw real ones).
    await storeRenders(deckId);
    const sheets = await PDFDocument.load(await makePdf(deckId, owner.cookie, { paper: "letter", arrangement: "sheets" }));
    expect(sheets.getPageCount()).toBe(42);
    for (const page of sheets.getPages()) {
      close(page.getWidth(), mmToPt(215.9));
      close(page.getHeight(), mmToPt(279.4));
    }
    const fronts = await drawnPictures(sheets, 40);
    const backs = await drawnPictures(sheets, 41);
    expect(fronts.length).toBe(2);
    for (const [n, [x, y, w]] of fronts.entries()) {
      close(backs[n]![0]!, mmToPt(215.9) - x! - w!);
      close(backs[n]![1]!, y!);
    }
  });

  it("makes a new PDF once the owner changes a card's words, and lets the old one go", { timeout: 300_000 }, async () => {
    const owner = await person("Cy Change");
    const deckId = await readyDeck(owner.id, 22);
    // Drawn already (the first test draws a deck): what this one shows is which file is kept.
    await storeRenders(deckId, { full: true });
    // Asked for with an e-mail when it is ready: the job sends one, through the mail adapter (the outbox here).
    const before = await PDFDocument.load(await makePdf(deckId, owner.cookie, { paper: "a4", arrangement: "single" }, 150_000, { email: "1" }));
    expect(before.getPageCount()).toBe(46);
    const mailed = () =>
      db()
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, `${owner.id}@example.com`.toLowerCase()));
    await expect.poll(async () => (await mailed()).length).toBe(1);
    const [mail] = await mailed();
    expect(mail!.subject).toBe("Your print of Moonlit Forest is ready");
    expect(mail!.link).toBe(`${ORIGIN}/collection/${deckId}/print?paper=a4&arrangement=single`);
    // Asked for once the print is made: back to the page, which offers the file, and nothing is flagged.
    expect((await post(`/collection/${deckId}/print`, { intent: "email", paper: "a4", arrangement: "single" }, { cookie: owner.cookie })).status).toBe(303);
    expect((await db().select().from(deckPrints).where(eq(deckPrints.deckId, deckId))).map((row) => row.emailWhenReady)).toEqual([false]);
    const trim = before.getPage(2).getTrimBox();
    close(before.getPage(2).getWidth(), mmToPt(76));
    close(trim.x, mmToPt(3));
    close(trim.width, mmToPt(70));
    close(trim.height, mmToPt(120));
    const [first] = await db().select().from(deckPrints).where(eq(deckPrints.deckId, deckId));
    // Asked again unchanged: the same file, nothing made anew.
    await post(`/collection/${deckId}/print`, { paper: "a4", arrangement: "single" }, { cookie: owner.cookie });
    expect((await db().select().from(deckPrints).where(eq(deckPrints.deckId, deckId))).map((row) => row.version)).toEqual([first!.version]);

    const saved = await post(
      `/collection/${deckId}/cards/major-00`,
      { intent: "words", title: "The Wanderer", description: "Setting out." },
      { cookie: owner.cookie },
    );
    expect(saved.status).toBe(200);
    const page = await get(`/collection/${deckId}/print?paper=a4&arrangement=single`, { cookie: owner.cookie });
    expect(await page.text()).toContain("Make the PDF");
    await makePdf(deckId, owner.cookie, { paper: "a4", arrangement: "single" });
    const rows = await db().select().from(deckPrints).where(eq(deckPrints.deckId, deckId));
    expect(rows.length).toBe(1);
    expect(rows[0]!.version).not.toBe(first!.version);
    expect(await env.MEDIA.head(first!.fileKey!)).toBeNull();
    expect(await env.MEDIA.head(rows[0]!.fileKey!)).not.toBeNull();
    // That one was not asked to e-mail: still the one message.
    expect((await mailed()).length).toBe(1);
  });
});

/** The files of a ZIP, from its central directory (client-zip stores them uncompressed). */
function unzip(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end--;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    files.set(name, bytes.subarray(start, start + size));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

describe("reading stored renders into the PDF", () => {
  /** A written PDF's bytes, with `key`'s render read into it as its one picture. */
  async function pdfWith(key: string) {
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    const pdf = new PdfWriter(async (chunk) => void chunks.push(chunk.slice()));
    await pdf.begin();
    const image = await new RenderReader(env.MEDIA).image(key, pdf);
    return { image, bytes: new Uint8Array(await new Blob(chunks).arrayBuffer()) };
  }

  it("copies a render's deflated rows as they are, read in pieces through one buffer, and refuses a cut or foreign one", async () => {
    // Large and noisy enough that its rows take several reads of the reader's buffer.
    const width = 700;
    const height = 500;
    const pixels = new Uint8Array(width * height * 4);
    for (let at = 0; at < pixels.length; at += 65536) crypto.getRandomValues(pixels.subarray(at, at + 65536));
    const png = await encodePrintPng(pixels, width, height);
    const rows = png.length - IDAT_AT - 16;
    expect(rows).toBeGreaterThan(3 * 256 * 1024);
    const key = `print-renders/test-${newId()}.png`;
    await env.MEDIA.put(key, png);
    const { image, bytes } = await pdfWith(key);
    expect(image).toMatchObject({ width, height });
    const text = new TextDecoder("latin1").decode(bytes);
    const start = text.indexOf("stream\n") + "stream\n".length;
    expect(text).toContain(`/Columns ${width} >> /Length ${rows} >>`);
    expect(firstDifference(bytes.subarray(start, start + rows), png.subarray(IDAT_AT, IDAT_AT + rows))).toBe(-1);
    expect(text.slice(start + rows, start + rows + "\nendstream".length)).toBe("\nendstream");

    await env.MEDIA.put(key, png.subarray(0, IDAT_AT + Math.floor(rows / 2)));
    await expect(pdfWith(key)).rejects.toThrow("is not a print PNG");
    await env.MEDIA.put(key, new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>".padEnd(100, " ")));
    await expect(pdfWith(key)).rejects.toThrow("is not a print PNG");
    await expect(pdfWith(`${key}-missing`)).rejects.toThrow("is missing");
  });
});

describe("the pictures ZIP", () => {
  it("holds a README naming the buyer and licence, every card and the back as 300 dpi PNGs with bleed", { timeout: 200_000 }, async () => {
    const owner = await person("Dee Seller");
    const buyer = await person("Eli Buyer");
    const deckId = await readyDeck(owner.id, 22, "Lantern Tarot");
    await sell(deckId, owner.id, buyer.id, "commercial");
    // All but the last card drawn already (the first test draws a deck): the job draws that one.
    await storeRenders(deckId, { full: true, leaveOut: 1 });
    // Nothing is drawn in the download: until the pictures are prepared, the ZIP says so.
    const early = await get(`/collection/${deckId}/cards.zip`, { cookie: buyer.cookie });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("prepare them on the deck's print page");
    expect(await (await get(`/collection/${deckId}/print`, { cookie: buyer.cookie })).text()).toContain("Prepare the pictures");
    const asked = await post(`/collection/${deckId}/print`, { intent: "pictures", paper: "a4", arrangement: "sheets" }, { cookie: buyer.cookie });
    expect(asked.status).toBe(303);
    expect((await post(`/collection/${deckId}/print`, { intent: "frames" }, { cookie: buyer.cookie })).status).toBe(400);
    await runJob(`pictures:${deckId}`, async () => (await renders(deckId)).size === 23);
    const page = await (await get(`/collection/${deckId}/print`, { cookie: buyer.cookie })).text();
    expect(page).toContain("Download the ZIP");
    const response = await get(`/collection/${deckId}/cards.zip`, { cookie: buyer.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toContain("lantern-tarot-cards.zip");
    const files = unzip(new Uint8Array(await response.arrayBuffer()));
    expect(files.size).toBe(24);
    const readme = new TextDecoder().decode(files.get("README.txt"));
    expect(readme).toContain("Eli Buyer");
    expect(readme).toContain(`Licence: ${LICENCES.commercial.short}.`);
    expect(readme).toContain("(/licensing)");
    expect([...files.keys()].slice(1, 3)).toEqual(["01-the_fool.png", "02-the_magician.png"]);
    expect(files.has("22-the_world.png")).toBe(true);
    for (const [name, bytes] of files) {
      if (name === "README.txt") continue;
      expect(pngSize(bytes), name).toEqual({ width: BLEED_PX.width, height: BLEED_PX.height });
    }
    // Each picture is its stored render, byte for byte, and a browser can open it.
    const fool = [...(await renders(deckId)).keys()].find((key) => key.includes("/major-00-"))!;
    expect(firstDifference(files.get("01-the_fool.png"), new Uint8Array(await (await env.MEDIA.get(fool))!.arrayBuffer()))).toBe(-1);
    // A whole PNG: its rows inflate to one filter byte and 898 RGB pixels each, and it ends with IEND.
    const png = files.get("01-the_fool.png")!;
    const idat = new DataView(png.buffer, png.byteOffset).getUint32(33);
    expect(new TextDecoder().decode(png.subarray(37, 41))).toBe("IDAT");
    expect((await inflate(png.subarray(41, 41 + idat))).length).toBe((BLEED_PX.width * 3 + 1) * BLEED_PX.height);
    expect(new TextDecoder().decode(png.subarray(png.length - 8, png.length - 4))).toBe("IEND");
    expect(BLEED_PX).toEqual({ width: 898, height: 1488 });
  });
});

describe("the print job", () => {
  it(
    "draws each card once: a second buyer's PDF and the ZIP take the stored renders, and a changed card alone is drawn again",
    { timeout: 300_000 },
    async () => {
      const owner = await person("Oli Maker");
      const first = await person("Pat First");
      const second = await person("Quin Second");
      const deckId = await readyDeck(owner.id, 22, "Shared Renders");
      await sell(deckId, owner.id, first.id);
      await sell(deckId, owner.id, second.id);
      // Most of the deck drawn already (the first test draws a whole one): the job draws the last three cards.
      await storeRenders(deckId, { full: true, leaveOut: 3 });

      const firstPdf = await PDFDocument.load(await makePdf(deckId, first.cookie, { paper: "a4", arrangement: "sheets" }));
      expect(firstPdf.getPageCount()).toBe(14);
      const drawn = await renders(deckId);
      expect(drawn.size).toBe(23);
      // The PDF copies the renders: 22 fronts and one back, each its render's deflated rows.
      const images = pdfImages(firstPdf);
      expect(images.length).toBe(23);
      const foolKey = [...drawn.keys()].find((key) => key.includes("/major-00-"))!;
      const foolPng = new Uint8Array(await (await env.MEDIA.get(foolKey))!.arrayBuffer());
      expect(images.some((image) => image.length > 1000 && foolPng.subarray(41, 41 + image.length).every((byte, i) => byte === image[i]))).toBe(true);
      expect((await printRows(deckId, first.id))[0]).toMatchObject({ status: "ready", cardsDone: 22, cardsTotal: 22 });

      // The other buyer's ZIP is there at once, and their PDF draws nothing.
      expect((await get(`/collection/${deckId}/cards.zip`, { cookie: second.cookie })).status).toBe(200);
      const secondPdf = await PDFDocument.load(await makePdf(deckId, second.cookie, { paper: "letter", arrangement: "single" }));
      expect(secondPdf.getPageCount()).toBe(46);
      expect(await renders(deckId)).toEqual(drawn);

      // The owner retitles the Fool: their new PDF draws that card again, and only it.
      expect((await post(`/collection/${deckId}/cards/major-00`, { intent: "words", title: "The Wanderer" }, { cookie: owner.cookie })).status).toBe(200);
      await makePdf(deckId, owner.cookie, { paper: "a4", arrangement: "sheets" });
      const after = await renders(deckId);
      const added = [...after.keys()].filter((key) => !drawn.has(key));
      expect(added.length).toBe(1);
      expect(added[0]).toContain("/major-00-");
      for (const [key, uploaded] of drawn) expect(after.get(key), key).toBe(uploaded);
    },
  );

  it(
    "retries a step that fails halfway, ends in a failed print the page offers to try again, and goes on from what was drawn",
    { timeout: 300_000 },
    async () => {
      const owner = await person("Rae Retry");
      const deckId = await readyDeck(owner.id, 22, "Broken Hermit");
      // The tenth card's stored picture cannot be drawn: every step stops there.
      const imageKey = `card-images/${deckId}/the_hermit.svg`;
      await env.MEDIA.put(imageKey, '<svg xmlns="http://www.w3.org/2000/svg"><g>', { httpMetadata: { contentType: "image/svg+xml" } });
      await db()
        .update(cards)
        .set({ imageKey })
        .where(and(eq(cards.deckId, deckId), eq(cards.cardKey, "major-09")));
      // The back and the first eight cards drawn already: the job draws the ninth, then stops at the Hermit.
      await storeRenders(deckId, { full: true, leaveOut: 14 });

      expect((await post(`/collection/${deckId}/print`, { paper: "a4", arrangement: "sheets" }, { cookie: owner.cookie })).status).toBe(303);
      const [row] = await printRows(deckId, owner.id);
      // While it is being made the owner asks to be e-mailed when it is ready.
      expect((await post(`/collection/${deckId}/print`, { intent: "email", paper: "a4", arrangement: "sheets" }, { cookie: owner.cookie })).status).toBe(303);
      expect((await printRows(deckId, owner.id))[0]!.emailWhenReady).toBe(true);
      expect(await (await get(`/collection/${deckId}/print?paper=a4&arrangement=sheets`, { cookie: owner.cookie })).text()).toContain(
        "We will e-mail you when it is ready.",
      );
      const steps = await runJob(row!.id, async () => (await printRows(deckId, owner.id))[0]!.status === "failed");
      // The first try and four retries (the alarm sets each one further off), then the job gives up.
      expect(steps).toBeGreaterThanOrEqual(5);
      expect((await printRows(deckId, owner.id))[0]).toMatchObject({ status: "failed", cardsDone: 9 });
      const page = await (await get(`/collection/${deckId}/print?paper=a4&arrangement=sheets`, { cookie: owner.cookie })).text();
      expect(page).toContain("The last attempt did not finish. Try again.");
      expect(page).toContain("Make the PDF");
      const drawn = await renders(deckId);
      expect(drawn.size).toBe(10);

      // The picture is mended and the owner tries again: the job goes on from the Hermit.
      await env.MEDIA.put(
        imageKey,
        await paintDeckCardSvg({ card: MAJOR_ARCANA[9]!, theme: "Moonlit forest", style: "pixel art" }, "00112233445566778899aabbccddeeff"),
        {
          httpMetadata: { contentType: "image/svg+xml" },
        },
      );
      const pdf = await PDFDocument.load(await makePdf(deckId, owner.cookie, { paper: "a4", arrangement: "sheets" }));
      expect(pdf.getPageCount()).toBe(14);
      expect(pdfImages(pdf).length).toBe(23);
      const after = await renders(deckId);
      expect(after.size).toBe(23);
      for (const [key, uploaded] of drawn) expect(after.get(key), key).toBe(uploaded);
      const rows = await printRows(deckId, owner.id);
      expect(rows.map((one) => [one.id, one.status, one.cardsDone])).toEqual([[row!.id, "ready", 22]]);
    },
  );
});

describe("who may download a deck", () => {
  it("lets the owner and a buyer in, the buyer still once unlisted or hidden; refuses a stranger and a refunded buyer", { timeout: 60_000 }, async () => {
    const owner = await person("Fay Owner");
    const buyer = await person("Gil Buyer");
    const refunded = await person("Hal Refunded");
    const stranger = await person("Ivy Stranger");
    const deckId = await readyDeck(owner.id, 22);
    await sell(deckId, owner.id, buyer.id);
    const refundedPurchase = await sell(deckId, owner.id, refunded.id);
    await db().update(deckPurchases).set({ status: "refunded", refundedAt: Date.now() }).where(eq(deckPurchases.id, refundedPurchase));

    const paths = [
      `/collection/${deckId}/print`,
      `/collection/${deckId}/print.pdf?paper=a4&arrangement=sheets`,
      `/collection/${deckId}/cards.zip`,
      `/collection/${deckId}/guidebook.pdf`,
      `/collection/${deckId}/box.pdf`,
    ];
    for (const path of paths) {
      expect((await get(path)).status, `nobody ${path}`).toBe(302);
      expect((await get(path, { cookie: stranger.cookie })).status, `stranger ${path}`).toBe(404);
      expect((await get(path, { cookie: refunded.cookie })).status, `refunded ${path}`).toBe(404);
    }
    expect((await post(`/collection/${deckId}/print`, { paper: "a4" }, { cookie: stranger.cookie })).status).toBe(404);
    expect((await post(`/collection/${deckId}/print`, { paper: "a4" }, { cookie: refunded.cookie })).status).toBe(404);
    expect((await db().select().from(deckPrints).where(eq(deckPrints.deckId, deckId))).length).toBe(0);

    const ownerPage = await get(`/collection/${deckId}/print`, { cookie: owner.cookie });
    expect(ownerPage.status).toBe(200);
    const buyerPage = await get(`/collection/${deckId}/print`, { cookie: buyer.cookie });
    expect(buyerPage.status).toBe(200);
    const html = await buyerPage.text();
    expect(html).toContain("Made for Gil Buyer");
    expect(html).toContain("Personal use only");
    // Not made yet: the file route says so rather than failing.
    expect((await get(paths[1]!, { cookie: buyer.cookie })).status).toBe(404);
    // The guidebook is written at once; the box waits for the card pictures (409), as the ZIP does.
    const guide = await get(paths[3]!, { cookie: buyer.cookie });
    expect(guide.status).toBe(200);
    expect(guide.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await guide.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect((await get(paths[4]!, { cookie: buyer.cookie })).status).toBe(409);
    expect((await get(`/collection/${deckId}/print?paper=a5`, { cookie: owner.cookie })).status).toBe(400);

    // A bought deck stays the buyer's (the Terms): taken out of the marketplace by its creator, or
    // hidden by staff, it is still theirs to print, under the licence they bought.
    for (const change of [{ status: "unlisted" as const }, { status: "listed" as const, hiddenAt: Date.now() }]) {
      await db().update(deckListings).set(change).where(eq(deckListings.deckId, deckId));
      const page = await get(paths[0]!, { cookie: buyer.cookie });
      expect(page.status, `${JSON.stringify(change)}: the print page`).toBe(200);
      const words = await page.text();
      expect(words).toContain("Made for Gil Buyer");
      expect(words).toContain("Personal use only");
      expect((await get(`/collection/${deckId}`, { cookie: buyer.cookie })).status, `${JSON.stringify(change)}: the deck's page`).toBe(200);
      // Let in to the pictures, which are not drawn yet (409), where a refused person is not found (404).
      expect((await get(paths[2]!, { cookie: buyer.cookie })).status, `${JSON.stringify(change)}: the ZIP`).toBe(409);
      for (const path of paths) expect((await get(path, { cookie: refunded.cookie })).status, `refunded ${path}`).toBe(404);
    }
    expect((await get(paths[0]!, { cookie: owner.cookie })).status).toBe(200);
  });
});

describe("a card's words", () => {
  it("lets the owner retitle a card, reletters its painted SVG, shows buyers the new words, and undoes to the original", async () => {
    const owner = await person("Jo Words");
    const buyer = await person("Kit Reader");
    const stranger = await person("Lou Else");
    const deckId = await readyDeck(owner.id, 22);
    const imageKey = `card-images/${deckId}/the_fool.svg`;
    const painted = await paintDeckCardSvg({ card: MAJOR_ARCANA[0]!, theme: "Moonlit forest", style: "art nouveau" }, "00112233445566778899aabbccddeeff");
    await env.MEDIA.put(imageKey, painted, { httpMetadata: { contentType: "image/svg+xml" } });
    await db()
      .update(cards)
      .set({ imageKey, description: "A first step." })
      .where(and(eq(cards.deckId, deckId), eq(cards.cardKey, "major-00")));
    await sell(deckId, owner.id, buyer.id);

    const path = `/collection/${deckId}/cards/major-00`;
    expect((await post(path, { intent: "words", title: "The Wanderer" }, { cookie: stranger.cookie })).status).toBe(404);
    expect((await post(path, { intent: "words", title: "The Wanderer" }, { cookie: buyer.cookie })).status).toBe(404);
    expect((await post(path, { intent: "words", title: "" }, { cookie: owner.cookie })).status).toBe(400);
    expect((await post(path, { intent: "words", title: "x".repeat(41) }, { cookie: owner.cookie })).status).toBe(400);

    const saved = await post(path, { intent: "words", title: "The Wanderer", description: "Setting out at dawn." }, { cookie: owner.cookie });
    expect(saved.status).toBe(200);
    const svg = await (await env.MEDIA.get(imageKey))!.text();
    expect(svg).toMatch(/>(The Wanderer|THE WANDERER)<\/text>/);
    expect(svg).not.toMatch(/>(The Fool|THE FOOL)<\/text>/);
    expect(svg.replace(/The Wanderer/g, "The Fool").replace(/THE WANDERER/g, "THE FOOL")).toBe(painted);

    const seen = await (await get(`/collection/${deckId}`, { cookie: buyer.cookie })).text();
    expect(seen).toContain("The Wanderer");
    expect(seen).toContain("Setting out at dawn.");
    const ownerPage = (await (await get(path, { cookie: owner.cookie })).text()).replaceAll("<!-- -->", "");
    expect(ownerPage).toContain("Originally “The Fool”");

    expect((await post(path, { intent: "restore-words" }, { cookie: owner.cookie })).status).toBe(200);
    expect(await (await env.MEDIA.get(imageKey))!.text()).toBe(painted);
    const row = await db().query.cards.findFirst({ where: and(eq(cards.deckId, deckId), eq(cards.cardKey, "major-00")) });
    expect(row).toMatchObject({ name: "The Fool", description: "A first step.", editedName: null, editedDescription: null });
  });
});

describe("card backs of one's own", () => {
  it("lets the owner pick a painted back or upload one, shown on the deck page and at the reading table; refuses others and wrong files", async () => {
    const owner = await person("Mo Backs");
    const stranger = await person("Ned Else");
    const deckId = await readyDeck(owner.id, 22);
    const deckPath = `/collection/${deckId}`;

    expect((await post(deckPath, { intent: "back", design: "2" }, { cookie: stranger.cookie })).status).toBe(404);
    expect((await post(deckPath, { intent: "back", design: "9" }, { cookie: owner.cookie })).status).toBe(400);
    expect((await post(deckPath, { intent: "back", design: "2" }, { cookie: owner.cookie })).status).toBe(200);
    expect((await deckArt(db(), deckId)).back).toContain("design=2");
    expect(await (await get(deckPath, { cookie: owner.cookie })).text()).toContain("design=2");
    const painted = await get(`/art/back.svg?theme=Moonlit+forest&style=pixel+art&design=2`);
    expect(painted.status).toBe(200);
    expect(await painted.text()).not.toBe(await (await get(`/art/back.svg?theme=Moonlit+forest&style=pixel+art`)).text());

    const upload = (file: Blob, cookie: string) => {
      const form = new FormData();
      form.set("intent", "back-upload");
      form.set("back", file, "back.png");
      return app.fetch(`${ORIGIN}${deckPath}`, { method: "POST", body: form, headers: { origin: ORIGIN, host: "localhost", cookie } });
    };
    const onePixel = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) =>
      c.charCodeAt(0),
    );
    expect((await upload(new Blob(["not an image"], { type: "image/png" }), owner.cookie)).status).toBe(415);
    expect((await upload(new Blob([new Uint8Array(5_242_881)], { type: "image/png" }), owner.cookie)).status).toBe(413);
    expect((await upload(new Blob([onePixel], { type: "image/png" }), stranger.cookie)).status).toBe(404);
    expect((await upload(new Blob([onePixel], { type: "image/png" }), owner.cookie)).status).toBe(200);
    const back = (await deckArt(db(), deckId)).back;
    expect(back).toMatch(new RegExp(`^/media/card-backs/${deckId}/[A-Za-z0-9-]+\\.png\\?v=`));
    const served = await get(back);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(onePixel);
  });
});
