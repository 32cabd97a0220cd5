/**
 * The site's face draws old-style figures unless asked for lining ones (its `lnum` feature), and
 * resvg applies no font features from SVG. A verification id cannot afford a zero that reads as an
 * o, so the faces the pictures are drawn with are given a character map in which the digits point
 * at the lining glyphs the face's own `lnum` substitution names. Nothing else in the file changes.
 */
import { buildSfnt, type SfntTable } from "./woff";

const tagOf = (text: string) => [...text].reduce((value, char) => value * 256 + char.charCodeAt(0), 0);

function tables(font: Uint8Array): { flavor: number; tables: SfntTable[] } {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const count = view.getUint16(4);
  const list: SfntTable[] = [];
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const offset = view.getUint32(record + 8);
    list.push({ tag: view.getUint32(record), checksum: view.getUint32(record + 4), data: font.subarray(offset, offset + view.getUint32(record + 12)) });
  }
  return { flavor: view.getUint32(0), tables: list };
}

const viewOf = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength);

/** Every character the `cmap` maps (its Unicode format 4 or 12 subtable), with its glyph. */
function characterMap(cmap: Uint8Array): Map<number, number> {
  const view = viewOf(cmap);
  const map = new Map<number, number>();
  const count = view.getUint16(2);
  for (let i = 0; i < count; i++) {
    const record = 4 + i * 8;
    const platform = view.getUint16(record);
    const encoding = view.getUint16(record + 2);
    if (!(platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)))) continue;
    const at = view.getUint32(record + 4);
    const format = view.getUint16(at);
    if (format === 12) {
      const groups = view.getUint32(at + 12);
      for (let g = 0; g < groups; g++) {
        const group = at + 16 + g * 12;
        const start = view.getUint32(group);
        for (let c = start; c <= view.getUint32(group + 4); c++) map.set(c, view.getUint32(group + 8) + c - start);
      }
      return map;
    }
    if (format !== 4) continue;
    const segments = view.getUint16(at + 6) / 2;
    const ends = at + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const ranges = deltas + segments * 2;
    for (let s = 0; s < segments; s++) {
      const start = view.getUint16(starts + s * 2);
      const end = view.getUint16(ends + s * 2);
      const delta = view.getInt16(deltas + s * 2);
      const range = view.getUint16(ranges + s * 2);
      for (let c = start; c <= end && c !== 0xffff; c++) {
        const glyph = range === 0 ? (c + delta) & 0xffff : view.getUint16(ranges + s * 2 + range + (c - start) * 2);
        const mapped = range === 0 || glyph === 0 ? glyph : (glyph + delta) & 0xffff;
        if (mapped !== 0) map.set(c, mapped);
      }
    }
    if (map.size > 0) return map;
  }
  throw new Error("the font has no Unicode character map");
}

/** The glyphs a coverage table lists, in coverage order. */
function coverage(view: DataView, at: number): number[] {
  const glyphs: number[] = [];
  const format = view.getUint16(at);
  const count = view.getUint16(at + 2);
  for (let i = 0; i < count; i++) {
    if (format === 1) glyphs.push(view.getUint16(at + 4 + i * 2));
    else for (let g = view.getUint16(at + 4 + i * 6); g <= view.getUint16(at + 6 + i * 6); g++) glyphs.push(g);
  }
  return glyphs;
}

/** What the `GSUB` table's single substitutions for the feature `feature` turn each glyph into. */
function singleSubstitutions(gsub: Uint8Array, feature: string): Map<number, number> {
  const view = viewOf(gsub);
  const features = view.getUint16(4 + 2);
  const lookups = view.getUint16(4 + 4);
  const wanted = new Set<number>();
  for (let i = 0; i < view.getUint16(features); i++) {
    const record = features + 2 + i * 6;
    if (view.getUint32(record) !== tagOf(feature)) continue;
    const table = features + view.getUint16(record + 4);
    for (let k = 0; k < view.getUint16(table + 2); k++) wanted.add(view.getUint16(table + 4 + k * 2));
  }
  const result = new Map<number, number>();
  for (const index of wanted) {
    const lookup = lookups + view.getUint16(lookups + 2 + index * 2);
    let type = view.getUint16(lookup);
    for (let k = 0; k < view.getUint16(lookup + 4); k++) {
      let sub = lookup + view.getUint16(lookup + 6 + k * 2);
      if (type === 7) {
        type = view.getUint16(sub + 2);
        sub += view.getUint32(sub + 4);
      }
      if (type !== 1) continue;
      const glyphs = coverage(view, sub + view.getUint16(sub + 2));
      glyphs.forEach((glyph, n) => {
        const to = view.getUint16(sub) === 1 ? (glyph + view.getInt16(sub + 4)) & 0xffff : view.getUint16(sub + 6 + n * 2);
        if (!result.has(glyph)) result.set(glyph, to);
      });
    }
  }
  return result;
}

/** A Unicode character map (format 12) of `map`. */
function writeCmap(map: Map<number, number>): Uint8Array {
  const entries = [...map].sort((a, b) => a[0] - b[0]);
  const out = new Uint8Array(12 + 16 + entries.length * 12);
  const view = viewOf(out);
  view.setUint16(2, 1);
  view.setUint16(4, 3);
  view.setUint16(6, 10);
  view.setUint32(8, 12);
  view.setUint16(12, 12);
  view.setUint32(16, 16 + entries.length * 12);
  view.setUint32(24, entries.length);
  entries.forEach(([char, glyph], i) => {
    view.setUint32(28 + i * 12, char);
    view.setUint32(32 + i * 12, char);
    view.setUint32(36 + i * 12, glyph);
  });
  return out;
}

/** The font with its digits mapped to its lining figures; the font as it is when it has none. */
export function withLiningFigures(font: Uint8Array): Uint8Array {
  const { flavor, tables: list } = tables(font);
  const cmap = list.find((table) => table.tag === tagOf("cmap"));
  const gsub = list.find((table) => table.tag === tagOf("GSUB"));
  if (!cmap || !gsub) return font;
  const map = characterMap(cmap.data);
  const lining = singleSubstitutions(gsub.data, "lnum");
  let changed = false;
  for (let digit = 0x30; digit <= 0x39; digit++) {
    const glyph = map.get(digit);
    const to = glyph === undefined ? undefined : lining.get(glyph);
    if (to === undefined) continue;
    map.set(digit, to);
    changed = true;
  }
  if (!changed) return font;
  return buildSfnt(
    flavor,
    list.map((table) => (table === cmap ? { ...table, data: writeCmap(map) } : table)),
  );
}
