/**
 * A printed card's picture: the card's own art (its stored SVG or picture, or painted again from the
 * deck's secret when none is stored) centred on the bleed box, which the deck's ink fills to the
 * edge so a trim a little off shows no white. A painted back sits on it the same way; an uploaded
 * back fills the whole bleed box. Everything is one SVG
 * at 0.1 mm a unit, rasterised at 300 dpi by resvg (decision 0066).
 */
import { paintCardBackSvg, paintDeckCardSvg, paintCardSvg } from "../art/local-art";
import { escapeXml } from "../art/kit";
import { FULL_DECK, cardNumeral } from "../tarot/cards";
import { BLEED_BOX_MM, BLEED_PX } from "./layout";
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

const INK = "#151229";
const GOLD = "#e6bd63";
const UNITS = { width: BLEED_BOX_MM.width * 10, height: BLEED_BOX_MM.height * 10 };
/** The art's box on the card: 64 mm wide at the card's 3:4, centred. */
const ART = { width: 640, height: (640 * 4) / 3 };
const ART_X = (UNITS.width - ART.width) / 2;
const ART_Y = (UNITS.height - ART.height) / 2;

const TAROT = new Map(FULL_DECK.map((card) => [card.key, card]));

const base64 = (bytes: Uint8Array) => {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

const MIME: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", webp: "image/webp", gif: "image/gif" };

/** An SVG document placed as a nested element in the box given. */
function nestedSvg(svg: string, box: { x: number; y: number; width: number; height: number }, fit: "meet" | "slice"): string {
  const body = svg.replace(/^<\?xml[^>]*>\s*/, "");
  return body.replace(/^<svg\b([^>]*)>/, (_, attributes: string) => {
    const kept = attributes.replace(/\s(width|height|x|y|preserveAspectRatio)="[^"]*"/g, "");
    return `<svg${kept} x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" preserveAspectRatio="xMidYMid ${fit}">`;
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

/** A card's front at print size, as SVG. */
export async function cardFrontSvg(bucket: R2Bucket, deck: PrintDeck, card: PrintCard): Promise<string> {
  const art = await cardArt(bucket, deck, card);
  const box = { x: ART_X, y: ART_Y, ...ART };
  // A picture has no painted lettering: its numeral and title are lettered in the bands around it.
  const lettering =
    "picture" in art
      ? `<text x="${UNITS.width / 2}" y="${ART_Y / 2 + 20}" text-anchor="middle" font-size="70" fill="${GOLD}" font-family="serif">${escapeXml(cardNumeral(TAROT.get(card.key)!))}</text>` +
        `<text x="${UNITS.width / 2}" y="${UNITS.height - ART_Y / 2 + 10}" text-anchor="middle" font-size="72" fill="${GOLD}" font-family="serif" font-weight="700">${escapeXml(card.title)}</text>`
      : "";
  const inner =
    "svg" in art
      ? nestedSvg(art.svg, box, "meet")
      : `<image href="${art.picture}" x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" preserveAspectRatio="xMidYMid slice"/>`;
  return frameSvg(`<rect width="${UNITS.width}" height="${UNITS.height}" fill="${INK}"/>${inner}${lettering}`);
}

/** The deck's back at print size, as SVG. */
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
  // A painted back has a frame of its own: it sits on the ink like a front's art, so the two match.
  const painted = paintCardBackSvg({ theme: deck.theme, style: deck.artStyle ?? "", design: backDesignOf(deck.back) });
  return frameSvg(`<rect width="${UNITS.width}" height="${UNITS.height}" fill="${INK}"/>${nestedSvg(painted, { x: ART_X, y: ART_Y, ...ART }, "meet")}`);
}

const frameSvg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${UNITS.width} ${UNITS.height}" width="${BLEED_PX.width}" height="${BLEED_PX.height}">${body}</svg>`;
