/**
 * A deck's guidebook (the "little white book", decision 0117): its title, creator and theme, a page
 * for each card with the deck's own words for it and its upright and reversed meanings, and a few
 * spreads, on A5 pages. As a plain PDF the pages follow one another; as a booklet they are imposed
 * two to an A4 sheet in the order that, printed double-sided (flipping on the short edge), stacked
 * and folded, reads as a book. Text only but for the cover card, so it is written in the request.
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { SPREADS, type Spread } from "../reading-room/spreads";
import { FULL_DECK, cardNumeral } from "../tarot/cards";
import { meaningOf } from "../tarot/meanings";
import { mmToPt } from "./layout";
import { PdfWriter, pdfText, textWidth, wrapText, type PdfImage } from "./pdf-writer";
import type { GuideWords, PrintAccess } from "./print-access.server";

export const GUIDE_FORMATS = {
  plain: "A5 pages, one after another",
  booklet: "A5 booklet, two pages a side of A4, to print double-sided and fold",
} as const;
export type GuideFormat = keyof typeof GUIDE_FORMATS;
export const guideChoice = lazySchema(() =>
  z.object({ format: z.enum(["plain", "booklet"], { error: "Choose the plain guidebook or the booklet" }).default("plain") }),
);

export const A5 = { width: mmToPt(148), height: mmToPt(210) };
export const A4_LANDSCAPE = { width: mmToPt(297), height: mmToPt(210) };
const MARGIN = mmToPt(15);
const COLUMN = A5.width - 2 * MARGIN;
/** The spreads the guidebook teaches: a quick one, the classic and a long one. */
const TAUGHT = ["three-card", "celtic-cross", "horseshoe"];

const TAROT = new Map(FULL_DECK.map((card) => [card.key, card]));
const INK = "0.1 0.09 0.16 rg\n";
const ACCENT = "0.56 0.42 0.16 rg\n";
const MUTED = "0.42 0.4 0.48 rg\n";
const num = (value: number) => (Math.round(value * 100) / 100).toString();

/** A page of the guidebook: its content in points, and whether it shows the cover card. */
export type GuidePage = { content: string; cover?: boolean };

/** Text set down a page from the top, starting a new page when the next line would not fit. */
class Flow {
  readonly pages: GuidePage[] = [];
  private content = "";
  private y = A5.height - MARGIN;

  /** A line of text; `align` centres it in the column. */
  line(text: string, size: number, { bold = false, colour = INK, centre = false, leading = size * 1.35 } = {}) {
    if (this.y - leading < MARGIN) this.newPage();
    this.y -= leading;
    const x = centre ? A5.width / 2 - textWidth(text, size, bold) / 2 : MARGIN;
    this.content += `${colour}BT ${bold ? PdfWriter.BOLD : PdfWriter.FONT} ${num(size)} Tf ${num(x)} ${num(this.y)} Td ${pdfText(text)} Tj ET\n`;
  }

  paragraph(text: string, size: number, options: { bold?: boolean; colour?: string; centre?: boolean } = {}) {
    for (const line of wrapText(text, size, COLUMN, options.bold)) this.line(line, size, options);
  }

  gap(points: number) {
    this.y -= points;
  }

  /** Room left on this page, in points. */
  get room() {
    return this.y - MARGIN;
  }

  /** Draws what `draw` returns in a band `height` points high below the cursor, starting a page if it does not fit. */
  block(height: number, draw: (top: number) => string) {
    if (this.room < height) this.newPage();
    this.content += draw(this.y);
    this.y -= height;
  }

  newPage(cover = false) {
    if (this.content || this.pages.length === 0) this.pages.push({ content: this.content, ...(cover ? { cover } : {}) });
    this.content = "";
    this.y = A5.height - MARGIN;
  }

  end() {
    if (this.content) this.pages.push({ content: this.content });
    this.content = "";
  }
}

/** The card's picture on the cover: 60 mm wide (with its bleed), below the cover's title. */
export const COVER_CARD = { width: mmToPt(60), top: A5.height - mmToPt(50) };
export const coverCardBox = () => {
  const width = COVER_CARD.width;
  const height = (width * 126) / 76;
  return { x: A5.width / 2 - width / 2, y: COVER_CARD.top - height, width, height };
};

/** A spread's places drawn small: each card a rectangle at its place on the table, numbered in order. */
function spreadDiagram(spread: Spread, top: number, height: number): string {
  const width = COLUMN;
  const cardW = (spread.cardWidth / 100) * width * 0.8;
  const cardH = cardW * 1.5;
  let out = "0.56 0.42 0.16 RG 0.8 w\n";
  for (const place of spread.positions) {
    const cx = MARGIN + (place.x / 100) * width;
    const cy = top - (place.y / 100) * height;
    const turn = (place.rotation * Math.PI) / 180;
    const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
    out += `q ${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} ${num(cx)} ${num(cy)} cm 1 1 1 rg ${num(-cardW / 2)} ${num(-cardH / 2)} ${num(cardW)} ${num(cardH)} re B Q\n`;
    const label = String(place.index + 1);
    const dx = place.rotation ? cardH / 2 - 6 : 0;
    out += `${INK}BT ${PdfWriter.BOLD} 9 Tf ${num(cx + dx - textWidth(label, 9, true) / 2)} ${num(cy - 3)} Td ${pdfText(label)} Tj ET\n`;
  }
  return out;
}

/** Every page of the guidebook, in reading order (the cover first). */
export function guidePages(access: PrintAccess, words: GuideWords): GuidePage[] {
  const flow = new Flow();
  const { deck } = access;
  // The cover: the deck's title, its creator, its theme, and its cover card below.
  flow.gap(mmToPt(4));
  for (const line of wrapText(deck.title, 22, COLUMN, true)) flow.line(line, 22, { bold: true, centre: true });
  flow.line(`A tarot deck by ${deck.creator}`, 11, { centre: true, colour: MUTED, leading: 18 });
  for (const line of wrapText(deck.theme, 10, COLUMN - 40)) flow.line(line, 10, { centre: true, colour: ACCENT, leading: 15 });
  flow.newPage(true);
  // The guidebook's first page: what the deck is.
  flow.line("About this deck", 16, { bold: true });
  flow.gap(4);
  flow.paragraph(`Theme: ${deck.theme}`, 10, { colour: ACCENT });
  if (words.artStyle) flow.paragraph(`Painted in ${words.artStyle}`, 10, { colour: ACCENT });
  flow.gap(6);
  if (words.description) {
    flow.paragraph(words.description, 10);
    flow.gap(6);
  }
  flow.paragraph(
    `${access.cards.length} cards, each with its own page: the deck's words for the card, then what the card means upright and reversed. A few spreads to lay them in follow the cards.`,
    10,
  );
  flow.gap(6);
  flow.line("Reading reversed cards", 12, { bold: true });
  flow.paragraph(
    "A card that comes to you upside down is not a bad omen. Read it as the same energy turned inward, delayed or resisted, and ask where it is blocked rather than absent.",
    10,
  );
  flow.gap(10);
  flow.paragraph(`${access.role === "buyer" ? "Made for" : "Made by"} ${access.holder.name}. Licence: ${access.licence}.`, 8, { colour: MUTED });
  for (const card of access.cards) {
    flow.newPage();
    const tarot = TAROT.get(card.key);
    const meaning = meaningOf({ key: card.key });
    if (tarot) flow.line(cardNumeral(tarot).toUpperCase(), 10, { colour: ACCENT, bold: true });
    for (const line of wrapText(card.title, 18, COLUMN, true)) flow.line(line, 18, { bold: true, leading: 22 });
    if (card.title !== card.name) flow.line(`${card.name} in the tarot`, 9, { colour: MUTED });
    flow.gap(6);
    const own = words.cards[card.key];
    if (own) {
      flow.paragraph(own, 10);
      flow.gap(8);
    }
    for (const [heading, side] of [
      ["Upright", meaning.upright],
      ["Reversed", meaning.reversed],
    ] as const) {
      flow.line(heading, 11, { bold: true });
      flow.paragraph(side.keywords.join(", "), 9, { colour: ACCENT });
      flow.paragraph(side.meaning, 10);
      flow.gap(8);
    }
  }
  for (const id of TAUGHT) {
    const spread = SPREADS.find((one) => one.id === id);
    if (!spread) continue;
    flow.newPage();
    flow.line(spread.name, 16, { bold: true });
    flow.paragraph(spread.description, 10, { colour: MUTED });
    flow.gap(8);
    const diagramHeight = mmToPt(55);
    flow.block(diagramHeight + 12, (top) => spreadDiagram(spread, top - 6, diagramHeight));
    for (const place of spread.positions) flow.paragraph(`${place.index + 1}. ${place.name}: ${place.meaning}`, 9);
  }
  flow.newPage();
  flow.gap(A5.height / 2 - MARGIN - 40);
  flow.line(deck.title, 12, { bold: true, centre: true });
  flow.line(`by ${deck.creator}, made with Arcanum`, 9, { centre: true, colour: MUTED });
  flow.end();
  return flow.pages;
}

/**
 * The booklet's sheets: each side of each A4 sheet with the pages (indices into the reading order,
 * null for a blank) on its left and right. The pages are padded to a multiple of four and nested:
 * the first sheet holds the outside pages, so the stack folds into the book in order.
 */
export function bookletSides(pageCount: number): [number | null, number | null][] {
  const total = Math.ceil(pageCount / 4) * 4;
  const page = (index: number) => (index < pageCount ? index : null);
  const sides: [number | null, number | null][] = [];
  for (let sheet = 0; sheet < total / 4; sheet++) {
    sides.push([page(total - 1 - 2 * sheet), page(2 * sheet)]);
    sides.push([page(2 * sheet + 1), page(total - 2 - 2 * sheet)]);
  }
  return sides;
}

/** Writes the guidebook, plain or as a booklet; `cover` writes the cover card's picture, when there is one. */
export async function writeGuidebook(
  access: PrintAccess,
  words: GuideWords,
  format: GuideFormat,
  cover: ((pdf: PdfWriter) => Promise<PdfImage | null>) | null,
  emit: (chunk: Uint8Array) => Promise<void>,
) {
  const pdf = new PdfWriter(emit);
  await pdf.begin();
  const pages = guidePages(access, words);
  const image = cover ? await cover(pdf) : null;
  const box = coverCardBox();
  const pageContent = (page: GuidePage) =>
    page.content + (page.cover && image ? `q ${num(box.width)} 0 0 ${num(box.height)} ${num(box.x)} ${num(box.y)} cm /Im${image.ref} Do Q\n` : "");
  const images = image ? [image] : [];
  if (format === "plain") {
    for (const page of pages) await pdf.page(A5.width, A5.height, pageContent(page), page.cover ? images : []);
  } else {
    // Blank pages go before the last, so that it stays the back cover once folded.
    const blanks = Math.ceil(pages.length / 4) * 4 - pages.length;
    const book = [...pages.slice(0, -1), ...Array.from({ length: blanks }, (): GuidePage => ({ content: "" })), pages[pages.length - 1]!];
    // The two A5 pages sit side by side, centred on the sheet, with a fold mark at the top and bottom of the middle.
    const left = (A4_LANDSCAPE.width - 2 * A5.width) / 2;
    const middle = A4_LANDSCAPE.width / 2;
    const foldMarks = `0.6 G 0.4 w [2 2] 0 d ${num(middle)} ${num(A4_LANDSCAPE.height)} m ${num(middle)} ${num(A4_LANDSCAPE.height - 12)} l S ${num(middle)} 0 m ${num(middle)} 12 l S [] 0 d\n`;
    for (const side of bookletSides(book.length)) {
      let content = foldMarks;
      let shown: PdfImage[] = [];
      side.forEach((index, half) => {
        if (index === null) return;
        const page = book[index]!;
        if (!page.content) return;
        content += `q 1 0 0 1 ${num(left + half * A5.width)} 0 cm\n${pageContent(page)}Q\n`;
        if (page.cover) shown = images;
      });
      await pdf.page(A4_LANDSCAPE.width, A4_LANDSCAPE.height, content, shown);
    }
  }
  return pdf.end({ title: `${access.deck.title}: guidebook`, author: access.deck.creator });
}
