// The cookies a request carries, parsed by the `cookie` library (the one Remix's own cookies use)
// and read once: a page asks for several of them (the session, the D1 bookmark, the theme…) and
// each used to split the header again. The last header read is kept, since every request reads its
// own header many times in a row.
import { parse } from "cookie";

let lastHeader: string | null = null;
let lastCookies: Record<string, string | undefined> = {};

/** Every cookie the request carries, by name (URL-decoded; of two with one name, the first, as browsers send the most specific first). */
export function requestCookies(request: Request): Readonly<Record<string, string | undefined>> {
  const header = request.headers.get("cookie");
  if (!header) return {};
  if (header !== lastHeader) {
    lastCookies = parse(header);
    lastHeader = header;
  }
  return lastCookies;
}

/** The value of the request's cookie `name` (URL-decoded), or null when it carries none. */
export function cookieValue(request: Request, name: string): string | null {
  return requestCookies(request)[name] ?? null;
}

/** The names of the request's cookies that start with `prefix`. */
export function cookieNamesStartingWith(request: Request, prefix: string): string[] {
  return Object.keys(requestCookies(request)).filter((name) => name.startsWith(prefix));
}
