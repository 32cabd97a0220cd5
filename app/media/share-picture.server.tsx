/**
 * The picture a shared link shows in a chat or a feed (Open Graph, Twitter) for a deck or a
 * reading: one card that anyone may see, beside the title, as a 1200 × 630 PNG, since link
 * previews do not show SVG (the local painter's cards are SVG). Rendered once for each content
 * and kept in R2 under `share-pictures/{scope}/`, which goes when the deck or the share does.
 */
import type { ReactNode } from "react";
import { paintCardSvg, paintPreviewCardSvg } from "../art/local-art";
import { paintedCardFrom } from "../art/painted-card";
import { layOut, svgToPng, type PictureEngines } from "./picture-engines.server";
import { PICTURE_COLOURS, PICTURE_SERIF, SHARE_PICTURE_SIZE, sharePicturePrefix } from "./picture-style";

/** Part of every stored picture's key: a change of design renders every picture again. */
const SHARE_PICTURE_VERSION = "1";
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

/** The face as a data address the layout can place. */
function faceAddress(face: Face): string {
  const data = face.data;
  let binary = "";
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return `data:${face.type};base64,${btoa(binary)}`;
}

const clip = (text: string, most: number) => ([...text].length > most ? `${[...text].slice(0, most - 1).join("").trimEnd()}…` : text);

function titleSize(title: string): number {
  const length = [...title].length;
  return length <= 22 ? 76 : length <= 44 ? 60 : 48;
}

function ShareCard({ face, source }: { face: string; source: ShareSource }): ReactNode {
  const colours = PICTURE_COLOURS;
  const title = clip(source.title, 90);
  return (
    <div
      style={{
        ...SHARE_PICTURE_SIZE,
        display: "flex",
        alignItems: "center",
        padding: `0 ${PADDING.right}px 0 ${PADDING.left}px`,
        fontFamily: PICTURE_SERIF,
        fontVariantNumeric: "lining-nums",
        color: colours.parchment,
        backgroundColor: colours.ink,
        backgroundImage: `radial-gradient(circle at 25% 15%, #2a1f5c 0%, ${colours.night} 50%, ${colours.ink} 100%)`,
      }}
    >
      <div
        style={{
          display: "flex",
          flexShrink: 0,
          ...CARD,
          borderRadius: 22,
          overflow: "hidden",
          border: `3px solid ${colours.goldDim}`,
          boxShadow: "0 24px 60px rgba(0, 0, 0, 0.55)",
        }}
      >
        <img src={face} width={CARD.width} height={CARD.height} alt="" />
      </div>
      <div style={{ display: "flex", flexDirection: "column", marginLeft: 64, width: TEXT_WIDTH }}>
        <div style={{ fontSize: 30, fontWeight: 700, letterSpacing: 12, color: colours.gold }}>ARCANUM</div>
        <div style={{ width: 120, height: 2, background: colours.goldDim, marginTop: 18 }} />
        <div style={{ fontSize: 28, fontWeight: 600, letterSpacing: 3, color: colours.muted, marginTop: 30 }}>{clip(source.eyebrow, 60).toUpperCase()}</div>
        <div style={{ fontSize: titleSize(title), fontWeight: 700, lineHeight: 1.08, marginTop: 12, color: colours.goldBright }}>{title}</div>
        {source.lines.slice(0, 2).map((line) => (
          <div key={line} style={{ fontSize: 32, fontWeight: 600, fontStyle: "italic", lineHeight: 1.25, marginTop: 20 }}>
            {clip(line, 110)}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Puts a painted card's SVG into the laid-out picture in place of the image that held it, so its
 * lettering (the card's name in the frame) is drawn with the picture's own fonts: an SVG given as an
 * image is drawn with none.
 */
function inlineCard(layout: string, address: string, card: string): string {
  const at = layout.indexOf(address);
  const start = layout.lastIndexOf("<image", at);
  const end = layout.indexOf("/>", at) + 2;
  const viewBox = /<svg\b[^>]*\bviewBox="([^"]+)"/.exec(card)?.[1];
  const inner = /<svg\b[^>]*>([\s\S]*)<\/svg>\s*$/.exec(card)?.[1];
  if (at < 0 || start < 0 || end < 2 || !viewBox || !inner) return layout;
  const image = layout.slice(start, end);
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(image)?.[1];
  const box = ["x", "y", "width", "height"].map((name) => `${name}="${attribute(name) ?? 0}"`).join(" ");
  const clip = attribute("clip-path");
  const mask = attribute("mask");
  const group = `<g${clip ? ` clip-path="${clip}"` : ""}${mask ? ` mask="${mask}"` : ""}><svg ${box} viewBox="${viewBox}" preserveAspectRatio="none">${inner}</svg></g>`;
  return layout.slice(0, start) + group + layout.slice(end);
}

/** The picture as PNG bytes, or null when its card face cannot be read. */
export async function renderSharePicture(bucket: R2Bucket, source: ShareSource, engines: PictureEngines): Promise<Uint8Array<ArrayBuffer> | null> {
  const face = await faceBytes(bucket, source.face);
  if (!face) return null;
  const address = faceAddress(face);
  let svg = await layOut(<ShareCard face={address} source={source} />, SHARE_PICTURE_SIZE, engines);
  if (face.type.startsWith("image/svg")) svg = inlineCard(svg, address, new TextDecoder().decode(face.data));
  return svgToPng(svg, engines, { withText: true });
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
