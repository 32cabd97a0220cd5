/**
 * Where every card of a printed deck lies, in millimetres from a page's lower left corner (PDF's
 * own orientation). One function decides it, so the PDF writer draws what the tests measure.
 *
 * - A card is tarot size, 70 × 120 mm, with 3 mm of bleed on every side (76 × 126 mm drawn).
 * - "sheets": A4 or US Letter, two columns by two rows, centred, crop marks in the gutters. Each
 *   sheet of fronts is followed by its backs, mirrored left to right, so that a duplex printer
 *   that flips on the long edge lays every back exactly behind its front.
 * - "single": one card a page at its bleed size, fronts and backs alternating, for print shops.
 * - Both start with a title sheet (the title page and its blank reverse), so fronts stay on the
 *   odd pages and backs on the even ones.
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";

export const CARD_MM = { width: 70, height: 120 } as const;
export const BLEED_MM = 3;
/** The card as drawn: trim plus bleed on each side. */
export const BLEED_BOX_MM = { width: CARD_MM.width + 2 * BLEED_MM, height: CARD_MM.height + 2 * BLEED_MM } as const;
/** Print resolution of a card's picture. */
export const PRINT_DPI = 300;
/** Pixels of a card at print resolution, trimmed and with its bleed. */
export const CARD_PX = { width: Math.round((CARD_MM.width / 25.4) * PRINT_DPI), height: Math.round((CARD_MM.height / 25.4) * PRINT_DPI) } as const;
export const BLEED_PX = { width: Math.round((BLEED_BOX_MM.width / 25.4) * PRINT_DPI), height: Math.round((BLEED_BOX_MM.height / 25.4) * PRINT_DPI) } as const;

export const PAPERS = {
  a4: { label: "A4", width: 210, height: 297 },
  letter: { label: "US Letter", width: 215.9, height: 279.4 },
} as const;
export type PaperId = keyof typeof PAPERS;
export const ARRANGEMENTS = {
  sheets: "Four cards a sheet, fronts and backs for duplex printing",
  single: "One card a page, for a print shop",
} as const;
export type Arrangement = keyof typeof ARRANGEMENTS;

export const printChoice = lazySchema(() =>
  z.object({
    paper: z.enum(["a4", "letter"], { error: "Choose A4 or US Letter paper" }).default("a4"),
    arrangement: z.enum(["sheets", "single"], { error: "Choose sheets or one card a page" }).default("sheets"),
  }),
);
export type PrintChoice = z.infer<typeof printChoice>;

/** Space between two cards' bleed edges on a sheet: room for both cards' crop marks. */
export const GUTTER_MM = 10;
const COLUMNS = 2;
const ROWS = 2;
export const CARDS_PER_SHEET = COLUMNS * ROWS;
/**
 * Crop marks start this far outside the trim (1 mm beyond the bleed's edge, so a cut a little off
 * never prints one on a card) and run this long: two cards' marks in a gutter stay 1 mm apart.
 */
export const MARK_OFFSET_MM = BLEED_MM + 1;
export const MARK_LENGTH_MM = 3.5;

export type Box = { x: number; y: number; width: number; height: number };
/** A card on a page: its trim box and its bleed box. */
export type CardPlacement = { cardIndex: number; trim: Box; bleed: Box };
export type PrintPage =
  | { kind: "title"; width: number; height: number }
  | { kind: "blank"; width: number; height: number }
  | { kind: "fronts" | "backs"; width: number; height: number; cards: CardPlacement[]; marks: boolean };

const placement = (cardIndex: number, bleedX: number, bleedY: number): CardPlacement => ({
  cardIndex,
  bleed: { x: bleedX, y: bleedY, width: BLEED_BOX_MM.width, height: BLEED_BOX_MM.height },
  trim: { x: bleedX + BLEED_MM, y: bleedY + BLEED_MM, width: CARD_MM.width, height: CARD_MM.height },
});

/** The bleed boxes' lower left corners on a sheet, in reading order (top row first, left to right). */
function sheetSlots(paper: PaperId): { x: number; y: number }[] {
  const { width, height } = PAPERS[paper];
  const gridWidth = COLUMNS * BLEED_BOX_MM.width + (COLUMNS - 1) * GUTTER_MM;
  const gridHeight = ROWS * BLEED_BOX_MM.height + (ROWS - 1) * GUTTER_MM;
  const left = (width - gridWidth) / 2;
  const bottom = (height - gridHeight) / 2;
  const slots: { x: number; y: number }[] = [];
  for (let row = 0; row < ROWS; row++)
    for (let column = 0; column < COLUMNS; column++)
      slots.push({ x: left + column * (BLEED_BOX_MM.width + GUTTER_MM), y: bottom + (ROWS - 1 - row) * (BLEED_BOX_MM.height + GUTTER_MM) });
  return slots;
}

/** A back's place for a front's on a sheet flipped on its long edge: mirrored left to right. */
export const mirrored = (box: Box, pageWidth: number): Box => ({ ...box, x: pageWidth - box.x - box.width });

/** Every page of a deck's print, in order. */
export function printPages(cardCount: number, { paper, arrangement }: PrintChoice): PrintPage[] {
  if (arrangement === "single") {
    const { width, height } = BLEED_BOX_MM;
    const pages: PrintPage[] = [
      { kind: "title", width, height },
      { kind: "blank", width, height },
    ];
    for (let i = 0; i < cardCount; i++) {
      pages.push({ kind: "fronts", width, height, marks: false, cards: [placement(i, 0, 0)] });
      pages.push({ kind: "backs", width, height, marks: false, cards: [placement(i, 0, 0)] });
    }
    return pages;
  }
  const { width, height } = PAPERS[paper];
  const pages: PrintPage[] = [
    { kind: "title", width, height },
    { kind: "blank", width, height },
  ];
  const slots = sheetSlots(paper);
  for (let first = 0; first < cardCount; first += CARDS_PER_SHEET) {
    const fronts = slots.slice(0, Math.min(CARDS_PER_SHEET, cardCount - first)).map((slot, i) => placement(first + i, slot.x, slot.y));
    pages.push({ kind: "fronts", width, height, marks: true, cards: fronts });
    const backs = fronts.map((front) => {
      const bleed = mirrored(front.bleed, width);
      return placement(front.cardIndex, bleed.x, bleed.y);
    });
    pages.push({ kind: "backs", width, height, marks: true, cards: backs });
  }
  return pages;
}

/** The crop marks of one card: short lines on the trim's lines, outside its bleed. */
export function cropMarks(trim: Box): [number, number, number, number][] {
  const lines: [number, number, number, number][] = [];
  const start = MARK_OFFSET_MM;
  const end = MARK_OFFSET_MM + MARK_LENGTH_MM;
  const xs = [trim.x, trim.x + trim.width];
  const ys = [trim.y, trim.y + trim.height];
  for (const x of xs) {
    lines.push([x, trim.y - start, x, trim.y - end]);
    lines.push([x, trim.y + trim.height + start, x, trim.y + trim.height + end]);
  }
  for (const y of ys) {
    lines.push([trim.x - start, y, trim.x - end, y]);
    lines.push([trim.x + trim.width + start, y, trim.x + trim.width + end, y]);
  }
  return lines;
}

export const mmToPt = (mm: number) => (mm * 72) / 25.4;
