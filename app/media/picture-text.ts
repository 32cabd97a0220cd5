/**
 * Text for the pictures the Worker draws (certificates, link previews), set without a layout
 * engine: each face's advance widths are read from the font file itself (its `cmap` and `hmtx`
 * tables), so a line can be measured, wrapped, shrunk to fit and centred before resvg draws it with
 * the same font. Kerning and ligatures are left out of the measure; they move a line by a few
 * pixels at most, which the margins of every design allow.
 */
import { escapeXml } from "../art/kit";

export type FaceStyle = { weight: 600 | 700; style: "normal" | "italic" };

/** What one font file tells about its glyphs, in units of its em. */
export type FaceMetrics = FaceStyle & {
  /** The family name the file gives itself, which is the name resvg finds it by. */
  family: string;
  unitsPerEm: number;
  ascender: number;
  descender: number;
  lineGap: number;
  /** The advance width of a character's glyph, or undefined when the file has none for it. */
  advance(codePoint: number): number | undefined;
};

const tag = (view: DataView, at: number) => String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));

/** The character-to-glyph map of a `cmap` table (formats 4 and 12, the Unicode ones). */
function readCmap(view: DataView, cmap: number): (codePoint: number) => number {
  const count = view.getUint16(cmap + 2);
  let format4 = -1;
  let format12 = -1;
  for (let i = 0; i < count; i++) {
    const record = cmap + 4 + i * 8;
    const platform = view.getUint16(record);
    const encoding = view.getUint16(record + 2);
    const at = cmap + view.getUint32(record + 4);
    const format = view.getUint16(at);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) format12 = at;
    if (format === 4) format4 = at;
  }
  if (format12 >= 0) {
    const groups = view.getUint32(format12 + 12);
    return (codePoint) => {
      for (let g = 0; g < groups; g++) {
        const at = format12 + 16 + g * 12;
        const start = view.getUint32(at);
        const end = view.getUint32(at + 4);
        if (codePoint >= start && codePoint <= end) return view.getUint32(at + 8) + codePoint - start;
      }
      return 0;
    };
  }
  if (format4 < 0) throw new Error("the font has no Unicode character map");
  const segments = view.getUint16(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const ranges = deltas + segments * 2;
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    for (let s = 0; s < segments; s++) {
      if (codePoint > view.getUint16(ends + s * 2)) continue;
      const start = view.getUint16(starts + s * 2);
      if (codePoint < start) return 0;
      const delta = view.getInt16(deltas + s * 2);
      const rangeAt = ranges + s * 2;
      const range = view.getUint16(rangeAt);
      if (range === 0) return (codePoint + delta) & 0xffff;
      const glyph = view.getUint16(rangeAt + range + (codePoint - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** The family name in a `name` table: the typographic family (16) when there is one, else the family (1), in UTF-16. */
function readFamily(view: DataView, name: number): string {
  const count = view.getUint16(name + 2);
  const strings = name + view.getUint16(name + 4);
  const found = new Map<number, string>();
  for (let i = 0; i < count; i++) {
    const record = name + 6 + i * 12;
    const platform = view.getUint16(record);
    const id = view.getUint16(record + 6);
    if (platform !== 3 || (id !== 1 && id !== 16)) continue;
    const length = view.getUint16(record + 8);
    const at = strings + view.getUint16(record + 10);
    let text = "";
    for (let k = 0; k < length; k += 2) text += String.fromCharCode(view.getUint16(at + k));
    found.set(id, text);
  }
  const family = found.get(16) ?? found.get(1);
  if (!family) throw new Error("the font names no family");
  return family;
}

/** The metrics of a plain font file (TrueType or OpenType, not WOFF). */
export function readFaceMetrics(font: Uint8Array, face: FaceStyle): FaceMetrics {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, number>();
  const numTables = view.getUint16(4);
  for (let i = 0; i < numTables; i++) tables.set(tag(view, 12 + i * 16), view.getUint32(12 + i * 16 + 8));
  const table = (name: string) => {
    const at = tables.get(name);
    if (at === undefined) throw new Error(`the font has no ${name} table`);
    return at;
  };
  const head = table("head");
  const hhea = table("hhea");
  const hmtx = table("hmtx");
  const metrics = view.getUint16(hhea + 34);
  const glyphOf = readCmap(view, table("cmap"));
  const family = readFamily(view, table("name"));
  const cache = new Map<number, number | undefined>();
  return {
    ...face,
    family,
    unitsPerEm: view.getUint16(head + 18),
    ascender: view.getInt16(hhea + 4),
    descender: view.getInt16(hhea + 6),
    lineGap: view.getInt16(hhea + 8),
    advance(codePoint) {
      if (cache.has(codePoint)) return cache.get(codePoint);
      const glyph = glyphOf(codePoint);
      // Glyphs past the last full metric share its advance width.
      const width = glyph === 0 ? undefined : view.getUint16(hmtx + Math.min(glyph, metrics - 1) * 4);
      cache.set(codePoint, width);
      return width;
    },
  };
}

/** How a run of text is set: its face, size in pixels and extra space after each character. */
export type TextStyle = FaceStyle & { size: number; letterSpacing?: number };

/** Measures text set in a family whose faces may be split over several files (Latin, Latin Extended). */
export class TextMeasure {
  constructor(private readonly faces: FaceMetrics[]) {
    if (faces.length === 0) throw new Error("no faces to measure text with");
  }

  private facesFor(style: FaceStyle): FaceMetrics[] {
    const exact = this.faces.filter((face) => face.weight === style.weight && face.style === style.style);
    if (exact.length > 0) return exact;
    const sameStyle = this.faces.filter((face) => face.style === style.style);
    return sameStyle.length > 0 ? sameStyle : this.faces;
  }

  /** The width of `text` in pixels. A character no face has counts as half an em. */
  width(text: string, style: TextStyle): number {
    const faces = this.facesFor(style);
    let total = 0;
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      let em = 0.5;
      for (const face of faces) {
        const advance = face.advance(codePoint);
        if (advance !== undefined) {
          em = advance / face.unitsPerEm;
          break;
        }
      }
      total += em * style.size + (style.letterSpacing ?? 0);
    }
    return total;
  }

  /** The family name resvg knows the face of `style` by (each weight of the site's face names a family of its own). */
  family(style: FaceStyle): string {
    return this.facesFor(style)[0]!.family;
  }

  /** The face's normal line height and ascent, as fractions of the size. */
  vertical(style: FaceStyle): { lineHeight: number; ascent: number } {
    const face = this.facesFor(style)[0]!;
    return { lineHeight: (face.ascender - face.descender + face.lineGap) / face.unitsPerEm, ascent: face.ascender / face.unitsPerEm };
  }

  /** `text` broken into lines no wider than `width`: at spaces, and inside a word only when the word alone is wider. */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const words = text.split(/\s+/).filter(Boolean);
    const lines: string[] = [];
    let line = "";
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, style) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      let rest = word;
      while (this.width(rest, style) > width) {
        const chars = [...rest];
        let take = chars.length - 1;
        while (take > 1 && this.width(chars.slice(0, take).join(""), style) > width) take--;
        lines.push(chars.slice(0, take).join(""));
        rest = chars.slice(take).join("");
      }
      line = rest;
    }
    if (line) lines.push(line);
    return lines;
  }

  /** `text` cut to fit `width` on one line, ending in an ellipsis when anything was cut. */
  clipLine(text: string, width: number, style: TextStyle): string {
    if (this.width(text, style) <= width) return text;
    const chars = [...text];
    let take = chars.length;
    while (take > 0 && this.width(`${chars.slice(0, take).join("").trimEnd()}…`, style) > width) take--;
    return `${chars.slice(0, take).join("").trimEnd()}…`;
  }

  /**
   * `text` at the largest of `sizes` (largest first) that fits in `width` on at most `lines`
   * lines; at the smallest size, whatever is past the last line is cut with an ellipsis.
   */
  fit(text: string, width: number, lines: number, sizes: number[], face: FaceStyle & { letterSpacing?: number }): { size: number; lines: string[] } {
    for (const size of sizes) {
      const wrapped = this.wrap(text, width, { ...face, size });
      if (wrapped.length <= lines) return { size, lines: wrapped };
    }
    const size = sizes[sizes.length - 1]!;
    const style = { ...face, size };
    const wrapped = this.wrap(text, width, style);
    const kept = wrapped.slice(0, lines);
    kept[lines - 1] = this.clipLine(wrapped.slice(lines - 1).join(" "), width, style);
    return { size, lines: kept };
  }
}

/** Sizes from `largest` down to `smallest` in steps of `step` pixels. */
export function sizesDown(largest: number, smallest: number, step = 2): number[] {
  const sizes: number[] = [];
  for (let size = largest; size > smallest; size -= step) sizes.push(size);
  sizes.push(smallest);
  return sizes;
}

export type TextBlock = TextStyle & {
  lines: string[];
  /** The left edge, the centre or the right edge, by `anchor`. */
  x: number;
  /** The top of the first line's box. */
  top: number;
  /** Line height as a multiple of the size; the face's normal height when not given. */
  lineHeight?: number;
  anchor?: "start" | "middle" | "end";
  fill: string;
};

/** The height a block of `count` lines takes. */
export function blockHeight(measure: TextMeasure, style: TextStyle & { lineHeight?: number }, count: number): number {
  return count * (style.lineHeight ?? measure.vertical(style).lineHeight) * style.size;
}

/**
 * The lines as SVG text, each on its baseline: the line box of CSS (the face's ascent and descent
 * centred in the line height). Letter spacing follows each character, as in CSS, so a centred line
 * is moved back by half of the last one.
 */
export function textSvg(measure: TextMeasure, block: TextBlock): string {
  const { lineHeight: normal, ascent } = measure.vertical(block);
  const descent = normal - ascent;
  const height = (block.lineHeight ?? normal) * block.size;
  const baseline = (height - (ascent + descent) * block.size) / 2 + ascent * block.size;
  const spacing = block.letterSpacing ?? 0;
  const anchor = block.anchor ?? "start";
  const shift = anchor === "middle" ? -spacing / 2 : anchor === "end" ? -spacing : 0;
  const attributes = [
    `font-family="${escapeXml(measure.family(block))}"`,
    `font-size="${block.size}"`,
    `font-weight="${block.weight}"`,
    block.style === "italic" ? `font-style="italic"` : "",
    spacing ? `letter-spacing="${spacing}"` : "",
    anchor === "start" ? "" : `text-anchor="${anchor}"`,
    `fill="${block.fill}"`,
  ].filter(Boolean);
  const lines = block.lines.map(
    (line, i) => `<text x="${round(block.x + shift)}" y="${round(block.top + i * height + baseline)}" ${attributes.join(" ")}>${escapeXml(line)}</text>`,
  );
  return lines.join("");
}

const round = (value: number) => Math.round(value * 100) / 100;
