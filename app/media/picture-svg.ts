/**
 * The shapes the Worker's pictures are drawn from (certificates, link previews), written as SVG
 * strings like the card painter's: a document with the night background, framed boxes, diamonds.
 */
import { PICTURE_COLOURS } from "./picture-style";

const num = (value: number) => String(Math.round(value * 100) / 100);

/**
 * A whole picture: a circular glow from `glow` (fractions of the width and height) fading to the
 * night and then the ink at the farthest corner, as the site's dark look has it, under `body`.
 */
export function pictureDocument(size: { width: number; height: number }, glow: { x: number; y: number; middle: number }, body: string, defs = ""): string {
  const { width, height } = size;
  const cx = glow.x * width;
  const cy = glow.y * height;
  const radius = Math.max(
    ...[
      [0, 0],
      [width, 0],
      [0, height],
      [width, height],
    ].map(([x, y]) => Math.hypot(x! - cx, y! - cy)),
  );
  const { ink, night } = PICTURE_COLOURS;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><radialGradient id="picture-glow" gradientUnits="userSpaceOnUse" cx="${num(cx)}" cy="${num(cy)}" r="${num(radius)}">`,
    `<stop offset="0" stop-color="#2a1f5c"/><stop offset="${glow.middle}" stop-color="${night}"/><stop offset="1" stop-color="${ink}"/></radialGradient>${defs}</defs>`,
    `<rect width="${width}" height="${height}" fill="url(#picture-glow)"/>`,
    body,
    `</svg>`,
  ].join("");
}

/** A box with a border drawn inside its edges (as CSS's border box), optionally filled. */
export function frame(
  box: { x: number; y: number; width: number; height: number },
  border: { width: number; colour: string; radius: number },
  fill = "none",
): string {
  const inset = border.width / 2;
  return `<rect x="${num(box.x + inset)}" y="${num(box.y + inset)}" width="${num(box.width - border.width)}" height="${num(box.height - border.width)}" rx="${num(Math.max(0, border.radius - inset))}" fill="${fill}" stroke="${border.colour}" stroke-width="${border.width}"/>`;
}

/** A square of side `size` turned a quarter, centred on (cx, cy). */
export function diamond(cx: number, cy: number, size: number, colour: string): string {
  const half = (size * Math.SQRT2) / 2;
  return `<path d="M${num(cx)} ${num(cy - half)}L${num(cx + half)} ${num(cy)}L${num(cx)} ${num(cy + half)}L${num(cx - half)} ${num(cy)}Z" fill="${colour}"/>`;
}

/** A filled bar (a rule) of the given box. */
export function bar(x: number, y: number, width: number, height: number, colour: string): string {
  return `<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" fill="${colour}"/>`;
}
