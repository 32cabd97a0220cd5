/**
 * The print renders' own PNG: 8-bit RGB, one IDAT chunk, every row "Up"-filtered. Written this way
 * the one stored file serves both downloads (decision 0071): the ZIP holds it as it is, and the
 * PDF copies its IDAT bytes as an image stream (`/FlateDecode` with the PNG predictor), so making
 * the PDF renders and re-encodes nothing.
 */
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

/** Rows filtered and handed to the deflater at a time: a few hundred kilobytes, never the whole picture. */
const ROWS_AT_ONCE = 64;

/**
 * RGBA pixels as the print PNG (alpha dropped: every print picture is opaque). The rows are
 * filtered and deflated a few at a time as a stream, so besides the pixels only the compressed
 * picture is ever held whole (decision 0083), not a filtered copy of it and a second copy to deflate.
 */
export async function encodePrintPng(rgba: Uint8Array, width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const stride = width * 3;
  const deflater = new CompressionStream("deflate");
  const writer = deflater.writable.getWriter();
  const compressed = (async () => {
    const chunks: Uint8Array[] = [];
    const reader = deflater.readable.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    return chunks;
  })();
  try {
    for (let first = 0; first < height; first += ROWS_AT_ONCE) {
      const rows = Math.min(ROWS_AT_ONCE, height - first);
      const filtered = new Uint8Array((stride + 1) * rows);
      for (let y = first, i = first * width * 4, o = 0; y < first + rows; y++) {
        filtered[o++] = 2; // Up: each byte less the one above it
        for (let x = 0; x < width; x++, i += 4) {
          const above = y === 0 ? -1 : i - width * 4;
          filtered[o++] = (rgba[i]! - (above < 0 ? 0 : rgba[above]!)) & 0xff;
          filtered[o++] = (rgba[i + 1]! - (above < 0 ? 0 : rgba[above + 1]!)) & 0xff;
          filtered[o++] = (rgba[i + 2]! - (above < 0 ? 0 : rgba[above + 2]!)) & 0xff;
        }
      }
      await writer.write(filtered);
    }
    await writer.close();
  } catch (error) {
    await writer.abort(error).catch(() => undefined);
    await compressed.catch(() => undefined);
    throw error;
  }
  const chunks = await compressed;
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const out = new Uint8Array(IDAT_AT + length + 4 + 12);
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
  for (let at = IDAT_AT, i = 0; i < chunks.length; at += chunks[i]!.length, i++) out.set(chunks[i]!, at);
  chunk(IDAT_AT - 8, "IDAT", length);
  chunk(IDAT_AT + length + 4, "IEND", 0);
  return out;
}

/**
 * The size of a print PNG and the length of its deflated rows, read from its first `IDAT_AT`
 * bytes (the rows follow them), or null if it is not one of ours.
 */
export function printPngHeader(head: Uint8Array): { width: number; height: number; length: number } | null {
  if (head.length < IDAT_AT || SIGNATURE.some((byte, i) => head[i] !== byte)) return null;
  if (String.fromCharCode(...head.subarray(IDAT_AT - 4, IDAT_AT)) !== "IDAT" || head[24] !== 8 || head[25] !== 2 || head[28] !== 0) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20), length: view.getUint32(IDAT_AT - 8) };
}
