// Where metrics and error reports are kept in D1 (development, tests; error reports without a
// Sentry DSN), they are gathered in memory and written together, at most once every LOCAL_FLUSH_MS
// per isolate however many requests add to them: a flood of requests is never a write each
// (decision 0091).
import { describeError, log } from "./log.server";
import type { Scope } from "./scope.server";

export const LOCAL_FLUSH_MS = 2_000;

/**
 * A write of what has gathered since the last one, made LOCAL_FLUSH_MS after the first addition,
 * inside the `waitUntil` of the work that made that addition. Whatever is added while it is being
 * written waits for the next one.
 */
export function heldWrite(what: string, write: (env: Env) => Promise<void>): (scope: Scope) => void {
  // When the next write is due; a write whose work was cut off before it (an evicted isolate's) is not waited for for ever.
  let due = 0;
  return (scope) => {
    const now = Date.now();
    if (now < due + 4 * LOCAL_FLUSH_MS) return;
    due = now + LOCAL_FLUSH_MS;
    scope.waitUntil(
      new Promise((resolve) => setTimeout(resolve, LOCAL_FLUSH_MS))
        .then(() => {
          due = 0;
          return write(scope.env);
        })
        .catch((error) => log.warn(`${what} not written`, { error: describeError(error) })),
    );
  };
}
