// Where metrics and error reports are kept in D1 (development, tests; error reports without a
// Sentry DSN), they are gathered in memory and written together, at most once every LOCAL_FLUSH_MS
// (the configuration's `localFlushMs`) per isolate however many requests add to them: a flood of
// requests is never a write each (decision 0091).
import { LOCAL_FLUSH_MS } from "../env.server";
import { describeError, log } from "./log.server";
import type { Scope } from "./scope.server";

export { LOCAL_FLUSH_MS };

/**
 * A write of what has gathered since the last one, made the configured flush time after the first
 * addition, inside the `waitUntil` of the work that made that addition. Whatever is added while it
 * is being written waits for the next one.
 */
export function heldWrite(what: string, write: (env: Env) => Promise<void>): (scope: Scope) => void {
  // When the next write is due; a write whose work was cut off before it (an evicted isolate's) is not waited for for ever.
  let due = 0;
  return (scope) => {
    const now = Date.now();
    const wait = scope.config?.localFlushMs ?? LOCAL_FLUSH_MS;
    if (now < due + 4 * wait) return;
    due = now + wait;
    scope.waitUntil(
      new Promise((resolve) => setTimeout(resolve, wait))
        .then(() => {
          due = 0;
          return write(scope.env);
        })
        .catch((error) => log.warn(`${what} not written`, { error: describeError(error) })),
    );
  };
}
