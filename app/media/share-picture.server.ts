/**
 * The picture a shared link shows in a chat or a feed (Open Graph, Twitter) for a deck or a
 * reading: one card that anyone may see, beside the title, as a 1200 × 630 PNG, since link
 * previews do not show SVG (the local painter's cards are SVG). Rendered once for each content
 * and kept in R2 under `share-pictures/{scope}/`, which goes when the deck or the share does.
 */
import { escapeXml } from "../art/kit";
import { paintCardSvg, paintPreviewCardSvg } from "../art/local-art";
import { paintedCardFrom } from "../art/painted-card";
import { pictureText, type PictureEngines } from "./picture-engines.server";
import { PICTURE_COLOURS, SHARE_PICTURE_SIZE, sharePicturePrefix } from "./picture-style";
import { bar, frame, pictureDocument } from "./picture-svg";
import { blockHeight, sizesDown, textSvg, type TextMeasure, type TextStyle } from "./picture-text";

/** Part of every stored picture's key: a change of design renders every picture again. */
const SHARE_PICTURE_VERSION = "2";
const CARD = { width: 405, height: 540 };
const PADDING = { left: 60, right: 72 };
/** What is left of the width beside the card for the words. */
const TEXT_WIDTH = SHARE_PICTURE_SIZE.width - PADDING.left - CARD.width - 64 - PADDING.right;

export type ShareSource = {
  /** Where its pictures are kept: `decks/{deckId}` or `readings/{shareId}`. */
  scope: string;
  /** The address of a card face anyone may see: a stored image (`/media/…`) or one painted on the fly (`/art/card.svg?…`). */
  face: string;
  eyebrow: string;
  title: string;
  lines: string[];
};

type Face = { data: Uint8Array; type: string };

/** The face's bytes: a stored card image read from the bucket, or a classic card painted here. */
async function faceBytes(bucket: R2Bucket, face: string): Promise<Face | null> {
  const url = new URL(face, "https://arcanum.invalid");
  if (url.pathname.startsWith("/media/card-images/")) {
    const object = await bucket.get(decodeURIComponent(url.pathname.slice("/media/".length)));
    if (!object) return null;
    return { data: new Uint8Array(await object.arrayBuffer()), type: object.httpMetadata?.contentType ?? "image/png" };
  }
  if (url.pathname === "/art/card.svg") {
    const painted = paintedCardFrom(url.searchParams);
    if (!painted) return null;
    return { data: new TextEncoder().encode(painted.preview ? paintPreviewCardSvg(painted) : paintCardSvg(painted)), type: "image/svg+xml" };
  }
  return null;
}

/** The face as a data address for an `<image>`. */
function faceAddress(face: Face): string {
  const data = face.data;
  let binary = "";
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return `data:${face.type};base64,${btoa(binary)}`;
}

const clip = (text: string, most: number) =>
  [...text].length > most
    ? `${[...text]
        .slice(0, most - 1)
        .join("")
        .trimEnd()}…`
    : text;

/**
 * The face inside `box`: a painted card's own SVG nested in place, so its lettering (the card's
 * name in the frame) is drawn with the picture's fonts (an SVG given as an image is drawn with
 * none); a stored picture as an image.
 */
function faceSvg(face: Face, box: { x: number; y: number; width: number; height: number }): string {
  const place = `x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" preserveAspectRatio="none"`;
  if (face.type.startsWith("image/svg")) {
    const card = new TextDecoder().decode(face.data);
    const viewBox = /<svg\b[^>]*\bviewBox="([^"]+)"/.exec(card)?.[1];
    const inner = /<svg\b[^>]*>([\s\S]*)<\/svg>\s*$/.exec(card)?.[1];
    if (viewBox && inner) return `<svg ${place} viewBox="${escapeXml(viewBox)}">${inner}</svg>`;
  }
  return `<image ${place} href="${faceAddress(face)}"/>`;
}

type Words = TextStyle & { lineHeight?: number; fill: string };

/** The words beside the card, top to bottom, placed from `top` at `x`. */
function wordsSvg(measure: TextMeasure, source: ShareSource, x: number, centreY: number): string {
  const colours = PICTURE_COLOURS;
  const width = TEXT_WIDTH;
  const blocks: { gap: number; lines: string[]; words: Words }[] = [];
  const eyebrow: Words = { size: 28, weight: 600, style: "normal", letterSpacing: 3, fill: colours.muted };
  const eyebrowFit = measure.fit(clip(source.eyebrow, 60).toUpperCase(), width, 3, [28], eyebrow);
  const title = measure.fit(source.title, width, 3, sizesDown(76, 48, 4), { weight: 700, style: "normal" });
  blocks.push({ gap: 30, lines: eyebrowFit.lines, words: eyebrow });
  blocks.push({ gap: 12, lines: title.lines, words: { size: title.size, weight: 700, style: "normal", lineHeight: 1.08, fill: colours.goldBright } });
  for (const line of source.lines.slice(0, 2)) {
    const words: Words = { size: 32, weight: 600, style: "italic", lineHeight: 1.25, fill: colours.parchment };
    blocks.push({ gap: 20, lines: measure.fit(clip(line, 110), width, 2, [32], words).lines, words });
  }
  const brand: Words = { size: 30, weight: 700, style: "normal", letterSpacing: 12, fill: colours.gold };
  const brandHeight = blockHeight(measure, brand, 1);
  const ruleBlock = 18 + 2;
  const height = brandHeight + ruleBlock + blocks.reduce((total, block) => total + block.gap + blockHeight(measure, block.words, block.lines.length), 0);
  let y = centreY - height / 2;
  const parts = [textSvg(measure, { ...brand, lines: ["ARCANUM"], x, top: y })];
  y += brandHeight + 18;
  parts.push(bar(x, y, 120, 2, colours.goldDim));
  y += 2;
  for (const block of blocks) {
    y += block.gap;
    parts.push(textSvg(measure, { ...block.words, lines: block.lines, x, top: y }));
    y += blockHeight(measure, block.words, block.lines.length);
  }
  return parts.join("");
}

/** The picture as SVG: the card on the left with its shadow, the words on the right. */
function shareSvg(measure: TextMeasure, face: Face, source: ShareSource): string {
  const { height } = SHARE_PICTURE_SIZE;
  const card = { x: PADDING.left, y: (height - CARD.height) / 2, ...CARD };
  const border = 3;
  const inside = { x: card.x + border, y: card.y + border, width: card.width - 2 * border, height: card.height - 2 * border };
  const defs = [
    `<filter id="share-shadow" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="30"/></filter>`,
    `<clipPath id="share-card"><rect x="${inside.x}" y="${inside.y}" width="${inside.width}" height="${inside.height}" rx="${22 - border}"/></clipPath>`,
  ].join("");
  return pictureDocument(
    SHARE_PICTURE_SIZE,
    { x: 0.25, y: 0.15, middle: 0.5 },
    [
      `<rect x="${card.x}" y="${card.y + 24}" width="${card.width}" height="${card.height}" rx="22" fill="#000" fill-opacity="0.55" filter="url(#share-shadow)"/>`,
      `<rect x="${card.x}" y="${card.y}" width="${card.width}" height="${card.height}" rx="22" fill="${PICTURE_COLOURS.ink}"/>`,
      `<g clip-path="url(#share-card)">${faceSvg(face, inside)}</g>`,
      frame(card, { width: border, colour: PICTURE_COLOURS.goldDim, radius: 22 }),
      wordsSvg(measure, source, card.x + card.width + 64, height / 2),
    ].join(""),
    defs,
  );
}

/** The picture as PNG bytes, or null when its card face cannot be read. */
export async function renderSharePicture(bucket: R2Bucket, source: ShareSource, engines: PictureEngines): Promise<Uint8Array<ArrayBuffer> | null> {
  const face = await faceBytes(bucket, source.face);
  if (!face) return null;
  return engines.raster.png(shareSvg(await pictureText(engines), face, source));
}

async function keyOf(source: ShareSource): Promise<string> {
  const content = JSON.stringify([SHARE_PICTURE_VERSION, source.face, source.eyebrow, source.title, source.lines]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(content)));
  const hex = [...digest.slice(0, 12)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${sharePicturePrefix(source.scope)}${hex}.png`;
}

/**
 * The picture route's answer: the stored PNG, or a new render stored before answering, so a second
 * request right after finds it. A content change is a new key; a preview service caches by address
 * anyway, so browsers and caches may keep it for an hour.
 */
export async function sharePictureResponse(bucket: R2Bucket, source: ShareSource, engines: PictureEngines): Promise<Response> {
  const key = await keyOf(source);
  const stored = await bucket.get(key);
  let body: ReadableStream | Uint8Array<ArrayBuffer>;
  if (stored) body = stored.body;
  else {
    const png = await renderSharePicture(bucket, source, engines);
    if (!png) return new Response("Not found", { status: 404 });
    await bucket.put(key, png, { httpMetadata: { contentType: "image/png" } });
    body = png;
  }
  return new Response(body, { headers: { "content-type": "image/png", "cache-control": "public, max-age=3600", "x-content-type-options": "nosniff" } });
}
