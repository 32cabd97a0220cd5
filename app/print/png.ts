/**
 * The print renders' own PNG: 8-bit RGB, one IDAT chunk, every row "Up"-filtered. Written this way
 * the one stored file serves both downloads (decision 0071): the ZIP holds it as it is, and the
 * PDF copies its IDAT bytes as an image stream (`/FlateDecode` with the PNG predictor), so making
 * the PDF renders and re-encodes nothing.
 */
import { deflate } from "./pdf-writer";

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Where the IDAT data starts: signature (8), IHDR (4 + 4 + 13 + 4), IDAT's length and type (8). */
export const IDAT_AT = 8 + 25 + 8;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** RGBA pixels as the print PNG (alpha dropped: every print picture is opaque). */
export async function encodePrintPng(rgba: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const stride = width * 3;
  const filtered = new Uint8Array((stride + 1) * height);
  for (let y = 0, i = 0, o = 0; y < height; y++) {
    filtered[o++] = 2; // Up: each byte less the one above it
    for (let x = 0; x < width; x++, i += 4) {
      const above = y === 0 ? -1 : i - width * 4;
      filtered[o++] = (rgba[i]! - (above < 0 ? 0 : rgba[above]!)) & 0xff;
      filtered[o++] = (rgba[i + 1]! - (above < 0 ? 0 : rgba[above + 1]!)) & 0xff;
      filtered[o++] = (rgba[i + 2]! - (above < 0 ? 0 : rgba[above + 2]!)) & 0xff;
    }
  }
  const data = await deflate(filtered);
  const out = new Uint8Array(IDAT_AT + data.length + 4 + 12);
  const view = new DataView(out.buffer);
  out.set(SIGNATURE, 0);
  const chunk = (at: number, type: string, length: number) => {
    view.setUint32(at, length);
    for (let i = 0; i < 4; i++) out[at + 4 + i] = type.charCodeAt(i);
    view.setUint32(at + 8 + length, crc32(out, at + 4, at + 8 + length));
  };
  view.setUint32(16, width);
  view.setUint32(20, height);
  out.set([8, 2, 0, 0, 0], 24); // 8 bits, RGB, deflate, adaptive filters, not interlaced
  chunk(8, "IHDR", 13);
  out.set(data, IDAT_AT);
  chunk(IDAT_AT - 8, "IDAT", data.length);
  chunk(IDAT_AT + data.length + 4, "IEND", 0);
  return out;
}

/** The size and the deflated rows of a print PNG, or null if it is not one of ours. */
export function printPngParts(png: Uint8Array): { width: number; height: number; data: Uint8Array } | null {
  if (png.length < IDAT_AT + 16 || SIGNATURE.some((byte, i) => png[i] !== byte)) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const length = view.getUint32(IDAT_AT - 8);
  if (String.fromCharCode(...png.subarray(IDAT_AT - 4, IDAT_AT)) !== "IDAT" || png[24] !== 8 || png[25] !== 2 || png[28] !== 0) return null;
  return { width: view.getUint32(16), height: view.getUint32(20), data: png.subarray(IDAT_AT, IDAT_AT + length) };
}
