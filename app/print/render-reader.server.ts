/**
 * Reads stored print renders into the PDF through one buffer reused for every picture (decision
 * 0083). R2 hands an object's body as a byte stream, so a BYOB reader fills the same memory each
 * time: a 78-card PDF reads 80 MB of pictures and leaves no garbage behind for the collector to
 * be late with, where reading each picture whole left a new 1–2 MB buffer per card.
 */
import type { PdfImage, PdfWriter } from "./pdf-writer";
import { IDAT_AT, printPngHeader } from "./png";

/** Bytes read at a time: large enough that a picture takes a few dozen reads. */
const READ_BYTES = 256 * 1024;

export class RenderReader {
  private buffer = new ArrayBuffer(READ_BYTES);

  constructor(private readonly bucket: R2Bucket) {}

  /** Writes the stored render `key` into `pdf` as a picture; a missing or foreign one is an error the job retries. */
  async image(key: string, pdf: PdfWriter): Promise<PdfImage> {
    const image = await this.imageIfStored(key, pdf);
    if (!image) throw new Error(`render ${key} is missing`);
    return image;
  }

  /** Writes the stored render `key` into `pdf` as a picture, or writes nothing and answers null when it is not stored. */
  async imageIfStored(key: string, pdf: PdfWriter): Promise<PdfImage | null> {
    const object = await this.bucket.get(key);
    if (!object) return null;
    const reader = object.body.getReader({ mode: "byob" });
    try {
      const head = await this.read(reader, IDAT_AT, true);
      const header = printPngHeader(head);
      if (!header || object.size < IDAT_AT + header.length) throw new Error(`render ${key} is not a print PNG`);
      return await pdf.pngImage(header.width, header.height, header.length, async (write) => {
        for (let left = header.length; left > 0;) {
          const chunk = await this.read(reader, Math.min(left, READ_BYTES), false);
          await write(chunk);
          left -= chunk.length;
        }
      });
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }

  /**
   * Reads up to `bytes` (exactly that many when `exact`) into the start of the reused buffer. A
   * BYOB read hands the buffer back under a new name, the same memory; the view is valid until
   * the next read.
   */
  private async read(reader: ReadableStreamBYOBReader, bytes: number, exact: boolean): Promise<Uint8Array> {
    let filled = 0;
    do {
      // A read that failed halfway leaves the buffer given away: start a new one.
      if (this.buffer.byteLength === 0) this.buffer = new ArrayBuffer(READ_BYTES);
      const { value, done } = await reader.read(new Uint8Array(this.buffer, filled, bytes - filled));
      if (value) this.buffer = value.buffer as ArrayBuffer;
      if (done || !value || value.byteLength === 0) throw new Error("a stored render ended early");
      filled += value.byteLength;
    } while (exact && filled < bytes);
    return new Uint8Array(this.buffer, 0, filled);
  }
}
