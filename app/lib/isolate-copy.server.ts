// Copies of shared data an isolate keeps for a few seconds instead of reading them on every
// request: only data that is the same for everyone and may be as old as a visitor's shared copy of
// a public page (decision 0129). Whatever is a person's own is read fresh every time.

/**
 * How long a copy of what is the same for everyone may be served before it is read or rendered
 * again: the visitors' shared copies of public pages (app/cache/public-pages.server.ts) and the
 * isolate's copies here.
 */
export const SHARED_COPY_TTL_S = 15;

type Copy = { value: unknown; until: number };

/**
 * Every copy of the isolate, in one map kept on the global object: the worker tests load the app's
 * modules twice (their own imports and the server build) and empty it between files through either.
 */
const COPIES = Symbol.for("arcanum.isolate-copies");
const copies = ((globalThis as { [COPIES]?: Map<string, Copy> })[COPIES] ??= new Map<string, Copy>());

export type IsolateCopy<T> = {
  /** The copy while it is younger than its time to live, else undefined. */
  get(now: number): T | undefined;
  /** Keeps `value` from `now` and returns it. */
  keep(value: T, now: number): T;
  /** Drops the copy: the next request reads afresh (a change made through this isolate). */
  forget(): void;
};

export function isolateCopy<T>(name: string, ttlMs: number): IsolateCopy<T> {
  return {
    get(now) {
      const copy = copies.get(name);
      return copy && copy.until > now ? (copy.value as T) : undefined;
    },
    keep(value, now) {
      copies.set(name, { value, until: now + ttlMs });
      return value;
    },
    forget() {
      copies.delete(name);
    },
  };
}

/** Drops every copy (the worker tests, between files). */
export function forgetIsolateCopies() {
  copies.clear();
}
