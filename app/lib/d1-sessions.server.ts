// Reads from the nearest D1 replica while each person always sees their own last write (decision
// 0041): every request runs in a D1 session. It starts from the bookmark the browser carries (the
// point its last write reached) or, without one, anywhere for a read and at the primary for a write;
// a request that wrote sends the new bookmark back in a cookie. Locally and wherever replicas are
// off, the session is the database itself and the bookmark only travels along.

import { cookieValue } from "./cookies";

/** Over https the bookmark lives in a `__Host-` cookie (Secure, Path=/, no Domain), as the session does. */
export const BOOKMARK_COOKIE_NAMES = ["__Host-d1_bookmark", "d1_bookmark"] as const;

export function bookmarkCookieName(secure: boolean) {
  return secure ? BOOKMARK_COOKIE_NAMES[0] : BOOKMARK_COOKIE_NAMES[1];
}

/** A bookmark as D1 writes them: hexadecimal parts joined by dashes; anything else is ignored. */
const BOOKMARK = /^[0-9a-f-]{1,128}$/i;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const WRITES = /^\s*(insert|update|delete|replace)\b/i;

/**
 * The bookmark the browser carries. Over https a bookmark sent before the prefix still counts until
 * its day runs out: at worst a planted one makes a read wait for a fresher replica.
 */
function bookmarkOf(request: Request, secure: boolean): string | null {
  const value = cookieValue(request, bookmarkCookieName(secure)) ?? (secure ? cookieValue(request, BOOKMARK_COOKIE_NAMES[1]) : null);
  return value !== null && BOOKMARK.test(value) ? value : null;
}

export type RequestSession = {
  /** The binding the request reads and writes through. */
  db: D1Database;
  /** The cookies that carry the session's bookmark to the browser's next request, when this one wrote. */
  cookies(): string[];
};

/** The request's D1 session, and the cookie to send back if it wrote. */
export function openRequestSession(d1: D1Database, request: Request, secure: boolean): RequestSession {
  const carried = bookmarkOf(request, secure);
  const session = d1.withSession(carried ?? (SAFE_METHODS.has(request.method) ? "first-unconstrained" : "first-primary"));
  let wrote = false;
  const db = {
    prepare(query: string) {
      if (WRITES.test(query)) wrote = true;
      return session.prepare(query);
    },
    batch: (statements: D1PreparedStatement[]) => session.batch(statements),
    // Not part of a session: schema changes and dumps go to the database itself.
    exec: (query: string) => d1.exec(query),
    dump: () => d1.dump(),
    withSession: (constraint?: string) => d1.withSession(constraint),
  } as unknown as D1Database;
  return {
    db,
    cookies() {
      const bookmark = session.getBookmark();
      if (!wrote || !bookmark || !BOOKMARK.test(bookmark)) return [];
      const unprefixed = secure && cookieValue(request, BOOKMARK_COOKIE_NAMES[1]) !== null;
      if (bookmark === carried && !unprefixed) return [];
      // A day is long past any replica's lag; the next write refreshes it.
      const cookie = `${bookmarkCookieName(secure)}=${encodeURIComponent(bookmark)}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
      // The bookmark moves to its prefixed name: the old cookie goes.
      return unprefixed ? [cookie, `${BOOKMARK_COOKIE_NAMES[1]}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`] : [cookie];
    },
  };
}
