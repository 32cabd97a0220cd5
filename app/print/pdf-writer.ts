/**
 * A small PDF writer that hands its bytes on as it goes: one card's picture is held at a time, so a
 * 78-card deck at 300 dpi (over a hundred megabytes of pictures) never sits in memory whole
 * (decision 0066). It writes what a printed deck needs and nothing more: pages with trim and bleed
 * boxes, RGB pictures (deflated), lines, filled rectangles and text in the standard Helvetica.
 */

export type PdfImage = { ref: number; width: number; height: number };
export type PdfPageBoxes = { trim?: [number, number, number, number]; bleed?: [number, number, number, number] };

/** Deflates bytes in the zlib format PDF's FlateDecode reads. */
export async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Text as a PDF string in WinAnsi: letters outside it become their base letter or "?". */
export function pdfText(text: string): string {
  const plain = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  let out = "";
  for (const char of plain) {
    const code = char.codePointAt(0)!;
    const byte =
      code >= 0x20 && code <= 0x7e ? char : code >= 0xa0 && code <= 0xff ? char : char === "’" || char === "‘" ? "'" : char === "—" || char === "–" ? "-" : "?";
    out += byte === "\\" || byte === "(" || byte === ")" ? `\\${byte}` : byte;
  }
  return `(${out})`;
}

/** Bytes of a string as Latin-1 (the writer's own syntax and WinAnsi text). */
function latin1(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

const num = (value: number) => (Math.round(value * 1000) / 1000).toString();

export class PdfWriter {
  private offset = 0;
  private readonly offsets: number[] = [];
  private readonly pageRefs: number[] = [];
  private nextRef = 5;
  /** 1: catalog, 2: page tree, 3: Helvetica, 4: Helvetica-Bold. */
  static readonly FONT = "/F1";
  static readonly BOLD = "/F2";

  constructor(private readonly emit: (chunk: Uint8Array) => Promise<void>) {}

  private async write(chunk: Uint8Array | string) {
    const bytes = typeof chunk === "string" ? latin1(chunk) : chunk;
    this.offset += bytes.length;
    await this.emit(bytes);
  }

  /**
   * Writes an object; its stream, if any, is bytes or a function that writes exactly the bytes
   * its `/Length` says, as they are read.
   */
  private async object(ref: number, body: string, stream?: Uint8Array | ((write: (chunk: Uint8Array) => Promise<void>) => Promise<void>)) {
    this.offsets[ref] = this.offset;
    await this.write(`${ref} 0 obj\n${body}\n`);
    if (stream) {
      await this.write("stream\n");
      if (typeof stream === "function") await stream((chunk) => this.write(chunk));
      else await this.write(stream);
      await this.write("\nendstream\n");
    }
    await this.write("endobj\n");
  }

  async begin() {
    await this.write("%PDF-1.6\n%\xe2\xe3\xcf\xd3\n");
    await this.object(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
    await this.object(4, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  }

  /** Writes an RGB picture (pixels as RGBA, alpha dropped: every picture here is opaque). */
  async image(rgba: Uint8Array, width: number, height: number): Promise<PdfImage> {
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
      rgb[j] = rgba[i]!;
      rgb[j + 1] = rgba[i + 1]!;
      rgb[j + 2] = rgba[i + 2]!;
    }
    const data = await deflate(rgb);
    const ref = this.nextRef++;
    await this.object(
      ref,
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>`,
      data,
    );
    return { ref, width, height };
  }

  /**
   * Writes an RGB picture from the deflated rows of a print PNG as they are (decision 0071): the
   * PNG predictor undoes each row's filter, so nothing is decoded or deflated again. `copy` writes
   * the `length` bytes of rows, a piece at a time as they are read (decision 0083).
   */
  async pngImage(width: number, height: number, length: number, copy: (write: (chunk: Uint8Array) => Promise<void>) => Promise<void>): Promise<PdfImage> {
    const ref = this.nextRef++;
    let copied = 0;
    await this.object(
      ref,
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns ${width} >> /Length ${length} >>`,
      async (write) => {
        await copy((chunk) => {
          copied += chunk.length;
          return write(chunk);
        });
        if (copied !== length) throw new Error(`a picture of ${length} bytes gave ${copied}`);
      },
    );
    return { ref, width, height };
  }

  /** Writes a page of `width` × `height` points whose content (in points) draws the named pictures. */
  async page(width: number, height: number, content: string, images: PdfImage[], boxes: PdfPageBoxes = {}) {
    const data = await deflate(latin1(content) as Uint8Array<ArrayBuffer>);
    const contentRef = this.nextRef++;
    await this.object(contentRef, `<< /Length ${data.length} /Filter /FlateDecode >>`, data);
    const ref = this.nextRef++;
    const xobjects = images.map((image) => `/Im${image.ref} ${image.ref} 0 R`).join(" ");
    const box = (name: string, value?: [number, number, number, number]) => (value ? ` /${name} [${value.map(num).join(" ")}]` : "");
    await this.object(
      ref,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(width)} ${num(height)}]${box("BleedBox", boxes.bleed)}${box("TrimBox", boxes.trim)} /Resources << /Font << /F1 3 0 R /F2 4 0 R >> /XObject << ${xobjects} >> >> /Contents ${contentRef} 0 R >>`,
    );
    this.pageRefs.push(ref);
  }

  /** Writes the page tree, the catalog, the cross-reference table and the trailer. */
  async end(info: { title: string; author: string }) {
    await this.object(2, `<< /Type /Pages /Kids [${this.pageRefs.map((ref) => `${ref} 0 R`).join(" ")}] /Count ${this.pageRefs.length} >>`);
    await this.object(1, "<< /Type /Catalog /Pages 2 0 R >>");
    const infoRef = this.nextRef++;
    await this.object(infoRef, `<< /Title ${pdfText(info.title)} /Author ${pdfText(info.author)} /Producer (Arcanum) >>`);
    const xref = this.offset;
    const size = this.nextRef;
    let table = `xref\n0 ${size}\n0000000000 65535 f \n`;
    for (let ref = 1; ref < size; ref++) table += `${String(this.offsets[ref] ?? 0).padStart(10, "0")} 00000 n \n`;
    await this.write(table);
    await this.write(`trailer\n<< /Size ${size} /Root 1 0 R /Info ${infoRef} 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
    return { pages: this.pageRefs.length, bytes: this.offset };
  }
}

/** Content-stream helpers, in points. */
export const draw = {
  image: (image: PdfImage, x: number, y: number, width: number, height: number) =>
    `q ${num(width)} 0 0 ${num(height)} ${num(x)} ${num(y)} cm /Im${image.ref} Do Q\n`,
  line: (x1: number, y1: number, x2: number, y2: number) => `${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S\n`,
  text: (font: string, size: number, x: number, y: number, text: string) => `BT ${font} ${num(size)} Tf ${num(x)} ${num(y)} Td ${pdfText(text)} Tj ET\n`,
  rect: (x: number, y: number, width: number, height: number) => `${num(x)} ${num(y)} ${num(width)} ${num(height)} re f\n`,
};

/** Helvetica's advance widths (per 1,000 units of the size) for the printable ASCII letters, from its metrics. */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278,
  469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
  334, 584,
];

/** The width of Helvetica text in points (bold a little wider), for centring and wrapping. */
export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    units += code >= 32 && code <= 126 ? HELVETICA[code - 32]! : 556;
  }
  return (units / 1000) * size * (bold ? 1.06 : 1);
}

/** Text broken into lines no wider than `width` points, at word boundaries (a word too long for a line stands alone on it). */
export function wrapText(text: string, size: number, width: number, bold = false): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const tried = line ? `${line} ${word}` : word;
      if (line && textWidth(tried, size, bold) > width) {
        lines.push(line);
        line = word;
      } else line = tried;
    }
    if (line) lines.push(line);
  }
  return lines;
}
