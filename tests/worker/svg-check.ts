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
