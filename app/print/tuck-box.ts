/**
 * A tuck box for the deck (decision 0117): a die-line template, in millimetres from the page's
 * lower left corner, sized to hold the deck's cards (the card plus a tolerance, and the stack's
 * thickness), with the deck's cover card on the front and its back on the back. Solid lines are
 * cut, dashed ones folded. Panels, left to right: front, side, back, side, glue flap; the lid and
 * its tuck flap close the back panel at top and bottom, and dust flaps fold in from the sides.
 */
import { CARD_MM, mmToPt, type Box } from "./layout";
import { PdfWriter, pdfText, textWidth, type PdfImage } from "./pdf-writer";
import type { PrintAccess } from "./print-access.server";

/** Room round the cards inside the box, on the width and on the height. */
export const BOX_TOLERANCE_MM = 2;
/** A card's thickness (330 gsm card stock, as print shops sell tarot cards), and room for the stack to slide. */
export const CARD_THICKNESS_MM = 0.32;
export const STACK_TOLERANCE_MM = 2;
const GLUE_MM = 12;
const TUCK_MM = 18;
const MARGIN_MM = 10;
const THUMB_MM = 10;

export const BOX_PAPERS = {
  a4: { label: "A4", width: 210, height: 297 },
  a3: { label: "A3", width: 297, height: 420 },
} as const;

export type TuckBox = {
  /** The inside: card plus tolerance, and the stack's depth. */
  inside: { width: number; height: number; depth: number };
  paper: keyof typeof BOX_PAPERS;
  page: { width: number; height: number };
  front: Box;
  back: Box;
  sides: Box[];
  /** The outline to cut, as closed polygons of points, and the folds, as lines. */
  cut: [number, number][][];
  folds: [number, number, number, number][];
  /** The thumb notch on the front's top edge: its centre and radius. */
  notch: { x: number; y: number; r: number };
};

/** The box for a deck of `cardCount` cards, on the smallest paper it fits (A4 for 22 cards, A3 for 78). */
export function tuckBox(cardCount: number): TuckBox {
  const W = CARD_MM.width + BOX_TOLERANCE_MM;
  const H = CARD_MM.height + BOX_TOLERANCE_MM;
  const D = Math.ceil((cardCount * CARD_THICKNESS_MM + STACK_TOLERANCE_MM) * 2) / 2;
  const width = 2 * W + 2 * D + GLUE_MM;
  const height = H + 2 * (D + TUCK_MM);
  const paper = width + 2 * MARGIN_MM <= BOX_PAPERS.a4.width && height + 2 * MARGIN_MM <= BOX_PAPERS.a4.height ? "a4" : "a3";
  const page = BOX_PAPERS[paper];
  const x0 = (page.width - width) / 2;
  const y0 = (page.height - height) / 2 + D + TUCK_MM;
  const front: Box = { x: x0, y: y0, width: W, height: H };
  const side1: Box = { x: x0 + W, y: y0, width: D, height: H };
  const back: Box = { x: x0 + W + D, y: y0, width: W, height: H };
  const side2: Box = { x: x0 + 2 * W + D, y: y0, width: D, height: H };
  const glueX = x0 + 2 * W + 2 * D;
  const top = y0 + H;
  const dust = D * 0.85;
  // The outline, drawn once round: up the front's left edge, over the top, down the glue flap, back under the bottom.
  const notch = { x: x0 + W / 2, y: top, r: THUMB_MM };
  // The thumb notch: a half circle cut down into the front's top edge.
  const notchPoints = Array.from({ length: 13 }, (_, i): [number, number] => {
    const angle = Math.PI + (i / 12) * Math.PI;
    return [notch.x + notch.r * Math.cos(angle), top + notch.r * Math.sin(angle)];
  });
  const outline: [number, number][] = [
    [x0, y0],
    [x0, top],
    ...notchPoints,
    [side1.x, top],
    [side1.x + 1, top + dust],
    [side1.x + D - 2, top + dust],
    [back.x, top],
    [back.x, top + D],
    [back.x + 3, top + D + TUCK_MM],
    [back.x + W - 3, top + D + TUCK_MM],
    [back.x + W, top + D],
    [back.x + W, top],
    [side2.x + 2, top + dust],
    [side2.x + D - 1, top + dust],
    [side2.x + D, top],
    [glueX, top],
    [glueX + GLUE_MM, top - 6],
    [glueX + GLUE_MM, y0 + 6],
    [glueX, y0],
    [side2.x + D, y0],
    [side2.x + D - 1, y0 - dust],
    [side2.x + 2, y0 - dust],
    [back.x + W, y0],
    [back.x + W, y0 - D],
    [back.x + W - 3, y0 - D - TUCK_MM],
    [back.x + 3, y0 - D - TUCK_MM],
    [back.x, y0 - D],
    [back.x, y0],
    [side1.x + D - 2, y0 - dust],
    [side1.x + 1, y0 - dust],
    [side1.x, y0],
  ];
  const folds: [number, number, number, number][] = [
    [side1.x, y0, side1.x, top],
    [back.x, y0, back.x, top],
    [side2.x, y0, side2.x, top],
    [glueX, y0, glueX, top],
    [side1.x, top, side1.x + D, top],
    [back.x, top, back.x + W, top],
    [back.x, top + D, back.x + W, top + D],
    [side2.x, top, side2.x + D, top],
    [side1.x, y0, side1.x + D, y0],
    [back.x, y0, back.x + W, y0],
    [back.x, y0 - D, back.x + W, y0 - D],
    [side2.x, y0, side2.x + D, y0],
  ];
  return {
    inside: { width: W, height: H, depth: D },
    paper,
    page,
    front,
    back,
    sides: [side1, side2],
    cut: [outline],
    folds,
    notch,
  };
}

const pt = (mm: number) => (Math.round(mmToPt(mm) * 1000) / 1000).toString();

/** A card's picture (its bleed box) placed so its trim covers `panel`, the bleed spilling past the panel's edges, clipped 1.5 mm outside them. */
function panelPicture(image: PdfImage, panel: Box, notch?: TuckBox["notch"]): string {
  const sx = panel.width / CARD_MM.width;
  const sy = panel.height / CARD_MM.height;
  const x = panel.x - 3 * sx;
  const y = panel.y - 3 * sy;
  const clip = `${pt(panel.x - 1.5)} ${pt(panel.y - 1.5)} ${pt(panel.width + 3)} ${pt(panel.height + 3)} re W n\n`;
  // The thumb notch is cut out of the front, so its picture leaves the notch white.
  const notchCut = notch ? `1 1 1 rg ${notchPath(notch)} h f\n` : "";
  return `q ${clip}q ${pt(76 * sx)} 0 0 ${pt(126 * sy)} ${pt(x)} ${pt(y)} cm /Im${image.ref} Do Q ${notchCut}Q\n`;
}

/** The notch: the lower half of a circle on an edge, as two Bézier arcs, in millimetres. */
function notchPath({ x: cx, y: cy, r }: TuckBox["notch"]): string {
  const k = 0.5523 * r;
  return (
    `${pt(cx - r)} ${pt(cy)} m ${pt(cx - r)} ${pt(cy - k)} ${pt(cx - k)} ${pt(cy - r)} ${pt(cx)} ${pt(cy - r)} c ` +
    `${pt(cx + k)} ${pt(cy - r)} ${pt(cx + r)} ${pt(cy - k)} ${pt(cx + r)} ${pt(cy)} c`
  );
}

/** Writes the box's template: the art, the sides lettered with the deck's title, then the die-lines over them. */
export async function writeTuckBox(
  access: PrintAccess,
  pictures: { front: (pdf: PdfWriter) => Promise<PdfImage>; back: (pdf: PdfWriter) => Promise<PdfImage> },
  emit: (chunk: Uint8Array) => Promise<void>,
) {
  const box = tuckBox(access.cards.length);
  const pdf = new PdfWriter(emit);
  await pdf.begin();
  const front = await pictures.front(pdf);
  const back = await pictures.back(pdf);
  let content = panelPicture(front, box.front, box.notch) + panelPicture(back, box.back);
  // The sides and lids in the deck's night ink, the sides lettered along their length.
  const lids = [
    { x: box.back.x, y: box.back.y + box.back.height, width: box.back.width, height: box.inside.depth },
    { x: box.back.x, y: box.back.y - box.inside.depth, width: box.back.width, height: box.inside.depth },
  ];
  content += "0.08 0.07 0.16 rg\n";
  for (const panel of [...box.sides, ...lids]) content += `${pt(panel.x)} ${pt(panel.y)} ${pt(panel.width)} ${pt(panel.height)} re f\n`;
  const title = access.deck.title;
  const size = Math.min(mmToPt(box.inside.depth) * 0.45, 14);
  for (const side of box.sides) {
    const length = textWidth(title, size, true);
    const cx = mmToPt(side.x + side.width / 2) + size * 0.35;
    const cy = mmToPt(side.y + side.height / 2) - length / 2;
    content += `0.9 0.74 0.39 rg BT ${PdfWriter.BOLD} ${size.toFixed(2)} Tf 0 1 -1 0 ${cx.toFixed(2)} ${cy.toFixed(2)} Tm ${pdfText(title)} Tj ET\n`;
  }
  // The die-lines: cut solid and black, folds dashed and grey.
  content += "0 G 0.6 w [] 0 d\n";
  for (const outline of box.cut) content += `${outline.map(([x, y], i) => `${pt(x)} ${pt(y)} ${i ? "l" : "m"}`).join(" ")} h S\n`;
  content += "0.45 G 0.5 w [4 3] 0 d\n";
  for (const [x1, y1, x2, y2] of box.folds) content += `${pt(x1)} ${pt(y1)} m ${pt(x2)} ${pt(y2)} l S\n`;
  content += "[] 0 d 0.1 0.09 0.16 rg\n";
  const note = [
    `${title}: a tuck box for ${access.cards.length} cards of ${CARD_MM.width} x ${CARD_MM.height} mm. Inside ${box.inside.width} x ${box.inside.height} x ${box.inside.depth} mm.`,
    `Print at 100% on ${BOX_PAPERS[box.paper].label} card stock. Cut on the solid lines, fold on the dashed ones, glue the flap behind the front.`,
  ];
  note.forEach((line, i) => (content += `BT ${PdfWriter.FONT} 8 Tf ${pt(8)} ${pt(9 - i * 4)} Td ${pdfText(line)} Tj ET\n`));
  await pdf.page(mmToPt(box.page.width), mmToPt(box.page.height), content, [front, back]);
  return pdf.end({ title: `${title}: tuck box`, author: access.deck.creator });
}
