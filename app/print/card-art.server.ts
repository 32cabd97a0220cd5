/**
 * A printed card's picture, composed for the card's own shape (70 × 120 mm, 7:12) with 3 mm of
 * bleed on every side (decision 0117). The painting fills the whole bleed box, so it runs past the
 * trim and a cut a little off shows more of it, never a border; the print frame (a double rule, the
 * numeral's cartouche and the title's banner) lies inside the safe area, 3 mm and more within the
 * trim. A painted card is stored with the painter's own 3:4 frame and lettering: the print takes
 * its painting alone and letters the title the card has now (the owner's words, or the original).
 * A picture (AI) is lettered the same way. Everything is one SVG at 0.1 mm a unit, rasterised at
 * 300 dpi by the pictures Worker (decisions 0066, 0095).
 */
import { paintCardBackSvg, paintDeckCardSvg, paintCardSvg } from "../art/local-art";
import { escapeXml } from "../art/kit";
import { fitFont } from "../art/frames";
import { FULL_DECK, cardNumeral } from "../tarot/cards";
import { BLEED_BOX_MM, BLEED_MM, BLEED_PX } from "./layout";
import { backDesignOf, type DeckBack } from "../decks/card-back";

export type PrintCard = {
  key: string;
  name: string;
  /** The title shown on the card: the owner's words, or the original. */
  title: string;
  imageKey: string | null;
  regenerations: number;
};
export type PrintDeck = { id: string; theme: string; artStyle: string | null; paintingSecret: string | null; back: DeckBack };

const UNITS = { width: BLEED_BOX_MM.width * 10, height: BLEED_BOX_MM.height * 10 };
const TRIM = BLEED_MM * 10;
/** The safe area starts this far inside the bleed box's edge: the bleed and 3 mm within the trim. */
export const SAFE_INSET = TRIM + 30;
const SERIF = "Cormorant Garamond, serif";
const INK = "#151229";
const GOLD = "#e6bd63";

const TAROT = new Map(FULL_DECK.map((card) => [card.key, card]));

const base64 = (bytes: Uint8Array) => {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

const MIME: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", webp: "image/webp", gif: "image/gif" };

/** A painting on its own, as the print takes it: its SVG, the part of its canvas to show, and its card stock's colour. */
type Painting = { svg: string; viewBox: string; stock: string };

/**
 * A pixel-art painting's frame is drawn in its pixels (a ring 3 cells deep, 12.5 units a cell, the
 * numeral's plate above y 100 and the title's below y 675): the print shows what lies inside them.
 */
const PIXEL_INSIDE = "37.5 100 525 575";

/**
 * The painter's card (`<svg …><defs>…</defs>{frame under}<g clip-path="url(#…w)">{painting}</g>{frame over}</svg>`)
 * as its painting alone: the frame's stock and its border, numeral and title are left out, and the
 * window's clip and mask let go, so the painting shows to its canvas's edges. A document of another
 * shape is kept whole.
 */
export function paintingOf(svg: string): Painting {
  const body = svg.replace(/^<\?xml[^>]*>\s*/, "");
  const viewBox = /^<svg\b[^>]*\bviewBox="([^"]+)"/.exec(body)?.[1] ?? "0 0 600 800";
  const defsEnd = body.indexOf("</defs>");
  const open = /<g clip-path="url\(#[\w-]+w\)"[^>]*>/g;
  open.lastIndex = Math.max(0, defsEnd);
  const group = defsEnd < 0 ? null : open.exec(body);
  if (!group) return { svg: body, viewBox, stock: INK };
  const under = body.slice(defsEnd + "</defs>".length, group.index);
  const stock = /fill="(#[0-9a-fA-F]{3,6})"/.exec(under)?.[1] ?? INK;
  // The painting's group ends where its own <g> and </g> tags balance.
  const tags = /<g\b[^>]*?(\/?)>|<\/g>/g;
  tags.lastIndex = group.index + group[0].length;
  let depth = 1;
  let end = -1;
  for (let tag = tags.exec(body); tag; tag = tags.exec(body)) {
    if (tag[0] === "</g>") depth -= 1;
    else if (tag[1] !== "/") depth += 1;
    if (depth === 0) {
      end = tag.index;
      break;
    }
  }
  if (end < 0) return { svg: body, viewBox, stock };
  const painting = body.slice(group.index + group[0].length, end);
  const head = body.slice(0, defsEnd + "</defs>".length);
  const pixel = /^<g transform="scale\(12\.5\)" shape-rendering="crispEdges">/.test(painting);
  return { svg: `${head}<g>${painting}</g></svg>`, viewBox: pixel ? PIXEL_INSIDE : viewBox, stock };
}

/** How far a filter's work reaches past what it covers (displacement, blur), in the painting's units. */
const FILTER_REACH = 12;

/**
 * The painting's filters laid over the whole canvas are cut to the part the card shows (and a
 * little more, for what they move in from outside): a filter works every pixel of its region, and
 * the print shows about four fifths of a painting's width.
 */
function filtersWithin(svg: string, viewBox: string): string {
  const [vx, vy, vw, vh] = viewBox.split(/[\s,]+/).map(Number) as [number, number, number, number];
  const scale = Math.max(UNITS.width / vw, UNITS.height / vh);
  const shown = { width: UNITS.width / scale, height: UNITS.height / scale };
  const x0 = vx + (vw - shown.width) / 2 - FILTER_REACH;
  const y0 = vy + (vh - shown.height) / 2 - FILTER_REACH;
  const x1 = x0 + shown.width + 2 * FILTER_REACH;
  const y1 = y0 + shown.height + 2 * FILTER_REACH;
  return svg.replace(/<filter\b[^>]*\bfilterUnits="userSpaceOnUse"[^>]*>/g, (tag) => {
    const at = (name: string) => Number(new RegExp(`\\s${name}="(-?[\\d.]+)"`).exec(tag)?.[1] ?? Number.NaN);
    const [x, y, width, height] = [at("x"), at("y"), at("width"), at("height")];
    if ([x, y, width, height].some(Number.isNaN)) return tag;
    const left = Math.max(x, x0);
    const top = Math.max(y, y0);
    const right = Math.min(x + width, x1);
    const bottom = Math.min(y + height, y1);
    if (right <= left || bottom <= top) return tag;
    return tag
      .replace(/\sx="[^"]*"/, ` x="${left.toFixed(1)}"`)
      .replace(/\sy="[^"]*"/, ` y="${top.toFixed(1)}"`)
      .replace(/\swidth="[^"]*"/, ` width="${(right - left).toFixed(1)}"`)
      .replace(/\sheight="[^"]*"/, ` height="${(bottom - top).toFixed(1)}"`);
  });
}

/** The painting placed over the whole bleed box, cropped to its height (the card is narrower than the painting's 3:4). */
function paintingOverBleed(painting: Painting): string {
  return filtersWithin(painting.svg, painting.viewBox).replace(/^<svg\b([^>]*)>/, (_, attributes: string) => {
    const kept = attributes.replace(/\s(width|height|x|y|viewBox|preserveAspectRatio)="[^"]*"/g, "");
    return `<svg${kept} viewBox="${painting.viewBox}" x="0" y="0" width="${UNITS.width}" height="${UNITS.height}" preserveAspectRatio="xMidYMid slice">`;
  });
}

/** The art of a card as its deck has it: stored bytes, else painted from the deck's secret. */
async function cardArt(bucket: R2Bucket, deck: PrintDeck, card: PrintCard): Promise<{ svg: string } | { picture: string }> {
  if (card.imageKey) {
    const object = await bucket.get(card.imageKey);
    if (object) {
      const ext = card.imageKey.split(".").pop()!.toLowerCase();
      if (ext === "svg") return { svg: await object.text() };
      return { picture: `data:${MIME[ext] ?? "image/png"};base64,${base64(new Uint8Array(await object.arrayBuffer()))}` };
    }
  }
  const tarot = TAROT.get(card.key)!;
  const input = { card: { ...tarot, name: card.title }, theme: deck.theme, style: deck.artStyle ?? "", variant: card.regenerations };
  return { svg: deck.paintingSecret ? await paintDeckCardSvg(input, deck.paintingSecret) : paintCardSvg(input) };
}

/** Whether a colour reads as light (text on it is set dark). */
function isLight(colour: string): boolean {
  const hex = colour.length === 4 ? colour.replace(/\w/g, (c) => c + c) : colour;
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 150;
}

/** The print frame's colours, from the card stock the painter chose for the deck. */
function frameColours(stock: string) {
  return isLight(stock) ? { panel: stock, rule: "#8a6a2c", letter: "#2b2236" } : { panel: stock, rule: GOLD, letter: GOLD };
}

/** The double rule inside the safe area, on fronts and backs alike. */
function rules(rule: string): string {
  const outer = SAFE_INSET - 8;
  const inner = SAFE_INSET + 6;
  return (
    `<rect x="${outer}" y="${outer}" width="${UNITS.width - 2 * outer}" height="${UNITS.height - 2 * outer}" rx="22" fill="none" stroke="${rule}" stroke-width="6" stroke-opacity="0.9"/>` +
    `<rect x="${inner}" y="${inner}" width="${UNITS.width - 2 * inner}" height="${UNITS.height - 2 * inner}" rx="14" fill="none" stroke="${rule}" stroke-width="2" stroke-opacity="0.8"/>`
  );
}

/** The numeral's cartouche at the top and the title's banner at the bottom, both inside the safe area. */
function lettering(numeral: string, title: string, colours: ReturnType<typeof frameColours>): string {
  const centre = UNITS.width / 2;
  const numeralSize = 50;
  const cartoucheWidth = Math.max(150, fitFontWidth(numeral, numeralSize) + 70);
  const cartoucheTop = SAFE_INSET + 14;
  const bannerHeight = 112;
  const bannerWidth = UNITS.width - 2 * (SAFE_INSET + 40);
  const bannerTop = UNITS.height - SAFE_INSET - 14 - bannerHeight;
  const titleSize = fitFont(title, 66, bannerWidth - 60, false);
  const panel = (x: number, y: number, width: number, height: number, radius: number) =>
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}" fill="${colours.panel}" fill-opacity="0.9" stroke="${colours.rule}" stroke-width="5"/>`;
  const text = (x: number, y: number, size: number, words: string) =>
    `<text x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central" font-family="${SERIF}" font-weight="700" font-size="${size.toFixed(1)}" fill="${colours.letter}">${escapeXml(words)}</text>`;
  return (
    panel(centre - cartoucheWidth / 2, cartoucheTop, cartoucheWidth, 84, 42) +
    text(centre, cartoucheTop + 42, numeralSize, numeral) +
    panel(centre - bannerWidth / 2, bannerTop, bannerWidth, bannerHeight, 18) +
    text(centre, bannerTop + bannerHeight / 2, titleSize, title)
  );
}

/** Roughly how wide a numeral is set, for its cartouche. */
const fitFontWidth = (text: string, size: number) => text.length * size * 0.62;

/** A card's front at print size, as SVG. */
export async function cardFrontSvg(bucket: R2Bucket, deck: PrintDeck, card: PrintCard): Promise<string> {
  const art = await cardArt(bucket, deck, card);
  const numeral = cardNumeral(TAROT.get(card.key)!);
  if ("picture" in art) {
    const colours = frameColours(INK);
    return frameSvg(
      `<rect width="${UNITS.width}" height="${UNITS.height}" fill="${INK}"/><image href="${art.picture}" x="0" y="0" width="${UNITS.width}" height="${UNITS.height}" preserveAspectRatio="xMidYMid slice"/>` +
        rules(colours.rule) +
        lettering(numeral, card.title, colours),
    );
  }
  const painting = paintingOf(art.svg);
  const colours = frameColours(painting.stock);
  return frameSvg(
    `<rect width="${UNITS.width}" height="${UNITS.height}" fill="${painting.stock}"/>${paintingOverBleed(painting)}${rules(colours.rule)}${lettering(numeral, card.title, colours)}`,
  );
}

/** The deck's back at print size, as SVG: an upload or the painted design over the whole bleed box. */
export async function cardBackSvg(bucket: R2Bucket, deck: PrintDeck): Promise<string> {
  if (deck.back.kind === "upload") {
    const object = await bucket.get(deck.back.key);
    if (object) {
      const ext = deck.back.key.split(".").pop()!.toLowerCase();
      const data = `data:${MIME[ext] ?? "image/png"};base64,${base64(new Uint8Array(await object.arrayBuffer()))}`;
      return frameSvg(
        `<rect width="${UNITS.width}" height="${UNITS.height}" fill="${INK}"/><image href="${data}" x="0" y="0" width="${UNITS.width}" height="${UNITS.height}" preserveAspectRatio="xMidYMid slice"/>`,
      );
    }
  }
  const painting = paintingOf(paintCardBackSvg({ theme: deck.theme, style: deck.artStyle ?? "", design: backDesignOf(deck.back) }));
  // The same rule as the fronts', and symmetric, so a back shows no way up.
  return frameSvg(
    `<rect width="${UNITS.width}" height="${UNITS.height}" fill="${painting.stock}"/>${paintingOverBleed(painting)}${rules(frameColours(painting.stock).rule)}`,
  );
}

const frameSvg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${UNITS.width} ${UNITS.height}" width="${BLEED_PX.width}" height="${BLEED_PX.height}">${body}</svg>`;
