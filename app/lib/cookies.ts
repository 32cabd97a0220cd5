// The cookies a request carries, read once: a page asks for several of them (the session, the
// D1 bookmark, the theme…) and each used to split the header again. The last header read is
// kept, since every request reads its own header many times in a row.

let lastHeader: string | null = null;
let lastCookies = new Map<string, string>();

function parse(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    // The first of two cookies with one name wins, as browsers send the most specific first.
    if (cookies.has(name)) continue;
    const raw = part.slice(index + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // A malformed escape is kept as it came.
    }
    cookies.set(name, value);
  }
  return cookies;
}

/** The value of the request's cookie `name` (URL-decoded), or null when it carries none. */
export function cookieValue(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  if (header !== lastHeader) {
    lastCookies = parse(header);
    lastHeader = header;
  }
  return lastCookies.get(name) ?? null;
}
