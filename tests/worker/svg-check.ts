/** Checks shared by the card painter tests. */

/**
 * A small stack-based XML check: every tag is closed in order, attributes are quoted, and no raw
 * `<` or bare `&` appears in text. Returns a description of the first problem, or null.
 */
export function xmlProblem(doc: string): string | null {
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/y;
  const entity = /^&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/;
  let i = 0;
  let roots = 0;
  while (i < doc.length) {
    const ch = doc[i]!;
    if (ch === "<") {
      if (doc.startsWith("<!--", i)) {
        const end = doc.indexOf("-->", i);
        if (end < 0) return `unterminated comment at ${i}`;
        i = end + 3;
        continue;
      }
      tag.lastIndex = i;
      const m = tag.exec(doc);
      if (!m) return `malformed tag at ${i}: ${doc.slice(i, i + 60)}`;
      const [whole, closing, name, , selfClosing] = m;
      if (closing) {
        const open = stack.pop();
        if (open !== name) return `</${name}> closes <${open ?? "nothing"}> at ${i}`;
      } else if (!selfClosing) {
        if (stack.length === 0) roots++;
        stack.push(name!);
      } else if (stack.length === 0) roots++;
      i += whole.length;
      continue;
    }
    if (ch === "&" && !entity.test(doc.slice(i, i + 12))) return `bare & at ${i}`;
    if (ch === ">" && stack.length === 0 && doc.slice(0, i).trim() !== "") return `stray > at ${i}`;
    i++;
  }
  if (stack.length) return `unclosed <${stack.join("> <")}>`;
  if (roots !== 1) return `expected one root element, found ${roots}`;
  return null;
}

/**
 * The picture of a painted card with everything that names the card or the painting taken out: the
 * title, description, aria-label, every text element (numeral, title, lettering), the subject and
 * symbol and ornament marks, and ids with the references to them. Two cards whose pictures compare equal here
 * look the same.
 */
export function pictureOf(svg: string): string {
  return svg
    .replace(/<title>[^<]*<\/title>|<desc>[^<]*<\/desc>/g, "")
    .replace(/<text\b[^>]*>[^<]*<\/text>/g, "")
    .replace(/\s(?:aria-label|data-subject|data-symbol|data-ornament|data-box)="[^"]*"/g, "")
    .replace(/\sid="[^"]*"/g, "")
    .replace(/url\(#[^)]*\)/g, "url(#)")
    .replace(/href="#[^"]*"/g, 'href="#"');
}

/** The drawing elements of a picture (see `pictureOf`), one string each. */
export function elementsOf(svg: string): string[] {
  return pictureOf(svg).match(/<(?:path|circle|ellipse|rect|line|polygon|use)\b[^>]*>/g) ?? [];
}

/** The share of drawing elements two pictures do not have in common (0: the same, 1: nothing shared). */
export function elementChange(a: string, b: string): number {
  return changeBetween(elementsOf(a), elementsOf(b));
}

/** `elementChange` for pictures already split into their elements. */
export function changeBetween(left: readonly string[], right: readonly string[]): number {
  const pool = new Map<string, number>();
  for (const e of left) pool.set(e, (pool.get(e) ?? 0) + 1);
  let shared = 0;
  for (const e of right) {
    const n = pool.get(e) ?? 0;
    if (n > 0) {
      shared++;
      pool.set(e, n - 1);
    }
  }
  return 1 - shared / Math.max(left.length, right.length, 1);
}

/** How many times each card symbol is marked in a painted card. */
export function symbolCounts(svg: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of svg.matchAll(/<g [^>]*data-symbol="([^"]+)"/g)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  return counts;
}

/** The element that opens at `start` (a `<g …>`), up to its matching close. */
function groupAt(svg: string, start: number): string {
  const tags = /<g\b[^>]*?(\/?)>|<\/g>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(svg); m; m = tags.exec(svg)) {
    if (m[0] === "</g>") depth--;
    else if (!m[1]) depth++;
    if (depth === 0) return svg.slice(start, tags.lastIndex);
  }
  return svg.slice(start);
}

/**
 * What a painted card shows through its frame's window: the clipped picture group, with the art it
 * draws by reference (`<use href>`) put in, and without the frame, numeral or title.
 */
export function pictureArea(svg: string): string {
  const start = svg.search(/<g clip-path="url\(#[^)]*\)"/);
  if (start < 0) return "";
  let area = groupAt(svg, start);
  for (const m of area.matchAll(/<use href="#([^"]+)"/g)) {
    const at = svg.indexOf(`<g id="${m[1]}"`);
    if (at >= 0) area += groupAt(svg, at);
  }
  return area;
}
