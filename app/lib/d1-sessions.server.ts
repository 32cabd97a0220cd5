// Reads from the nearest D1 replica while each person always sees their own last write (decision
// 0041): every request runs in a D1 session. It starts from the bookmark the browser carries (the
// point its last write reached) or, without one, anywhere for a read and at the primary for a write;
// a request that wrote sends the new bookmark back in a cookie. Locally and wherever replicas are
// off, the session is the database itself and the bookmark only travels along.

import { cookieValue } from "./cookies";

export const BOOKMARK_COOKIE = "d1_bookmark";

/** A bookmark as D1 writes them: hexadecimal parts joined by dashes; anything else is ignored. */
const BOOKMARK = /^[0-9a-f-]{1,128}$/i;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const WRITES = /^\s*(insert|update|delete|replace)\b/i;

function bookmarkOf(request: Request): string | null {
  const value = cookieValue(request, BOOKMARK_COOKIE);
  return value !== null && BOOKMARK.test(value) ? value : null;
}

export type RequestSession = {
  /** The binding the request reads and writes through. */
  db: D1Database;
  /** The cookie that carries the session's bookmark to the browser's next request, when this one wrote. */
  cookie(secure: boolean): string | null;
};

/** The request's D1 session, and the cookie to send back if it wrote. */
export function openRequestSession(d1: D1Database, request: Request): RequestSession {
  const carried = bookmarkOf(request);
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
    cookie(secure) {
      const bookmark = session.getBookmark();
      if (!wrote || !bookmark || bookmark === carried || !BOOKMARK.test(bookmark)) return null;
      // A day is long past any replica's lag; the next write refreshes it.
      return `${BOOKMARK_COOKIE}=${encodeURIComponent(bookmark)}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
    },
  };
}
