/**
 * JPEG from RGBA pixels, for card stills (decision 0124): jpeg-js, plain JavaScript, so the pictures
 * Worker needs no second WebAssembly beside resvg's. It hands back a Node Buffer, which the
 * pictures Worker has through its `nodejs_compat` flag.
 */
import { encode } from "jpeg-js";

/** A still's quality: at tile size no blocks or rings show on the painted cards, at a third of the PNG's bytes. */
export const STILL_QUALITY = 70;

export function encodeJpeg(pixels: Uint8Array, width: number, height: number, quality = STILL_QUALITY): Uint8Array<ArrayBuffer> {
  const { data } = encode({ data: pixels, width, height }, quality);
  return new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
}

/** RGBA pixels at half the width and height, each pixel the mean of the four it covers (sharp, no ringing). */
export function halfSize(pixels: Uint8Array, width: number, height: number): { pixels: Uint8Array; width: number; height: number } {
  const w = width >> 1;
  const h = height >> 1;
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    const top = 2 * y * width * 4;
    const bottom = top + width * 4;
    for (let x = 0; x < w; x++) {
      const a = top + x * 8;
      const b = bottom + x * 8;
      const o = (y * w + x) * 4;
      for (let c = 0; c < 4; c++) out[o + c] = (pixels[a + c]! + pixels[a + 4 + c]! + pixels[b + c]! + pixels[b + 4 + c]! + 2) >> 2;
    }
  }
  return { pixels: out, width: w, height: h };
}
