/**
 * WOFF (1.0) to the plain font file (sfnt) it wraps. The fonts we ship are WOFF; resvg reads only
 * TrueType and OpenType, so the faces are unwrapped once per isolate to draw the text inside a
 * card's own SVG. Each table is stored zlib-compressed or as is (when that is no smaller).
 */

async function inflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const pad4 = (n: number) => (n + 3) & ~3;

export async function woffToSfnt(woff: ArrayBuffer): Promise<Uint8Array> {
  const view = new DataView(woff);
  if (view.getUint32(0) !== 0x774f4646) throw new Error("not a WOFF font"); // "wOFF"
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  const tables: SfntTable[] = [];
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    const offset = view.getUint32(entry + 4);
    const compLength = view.getUint32(entry + 8);
    const origLength = view.getUint32(entry + 12);
    const stored = new Uint8Array(woff, offset, compLength) as Uint8Array<ArrayBuffer>;
    const data = compLength < origLength ? await inflate(stored) : stored;
    if (data.length !== origLength) throw new Error("a WOFF table did not unpack to its size");
    tables.push({ tag: view.getUint32(entry), checksum: view.getUint32(entry + 16), data });
  }

  return buildSfnt(flavor, tables);
}

export type SfntTable = { tag: number; checksum: number; data: Uint8Array };

/** A plain font file from its tables, in the order given (which must be by tag). */
export function buildSfnt(flavor: number, tables: SfntTable[]): Uint8Array {
  const numTables = tables.length;
  const headerSize = 12 + numTables * 16;
  const size = tables.reduce((total, table) => total + pad4(table.data.length), headerSize);
  const out = new Uint8Array(size);
  const sfnt = new DataView(out.buffer);
  // The offset table, with the binary-search fields the format asks for.
  const power = 2 ** Math.floor(Math.log2(numTables));
  sfnt.setUint32(0, flavor);
  sfnt.setUint16(4, numTables);
  sfnt.setUint16(6, power * 16);
  sfnt.setUint16(8, Math.log2(power));
  sfnt.setUint16(10, numTables * 16 - power * 16);
  let offset = headerSize;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    sfnt.setUint32(record, table.tag);
    sfnt.setUint32(record + 4, table.checksum);
    sfnt.setUint32(record + 8, offset);
    sfnt.setUint32(record + 12, table.data.length);
    out.set(table.data, offset);
    offset += pad4(table.data.length);
  });
  return out;
}
