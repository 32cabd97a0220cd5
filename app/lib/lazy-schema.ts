import type { z } from "zod";
import { once } from "./once";

/**
 * A schema built the first time something reads it, not when its module loads.
 *
 * Every module's top-level schemas used to be built while the Worker started: about a third of its
 * startup CPU went to constructing schemas that most requests never touch (docs/decisions/0101).
 * The value stands in for the schema everywhere: parsing, composing it into another schema,
 * `instanceof`, `.shape` and `.options` all reach the schema built on first use, once per isolate.
 *
 * Not for schemas given a description or metadata (`.describe`, `.meta`): zod files those by the
 * schema object itself, and a stand-in is a different object.
 */
export function lazySchema<T extends z.ZodType>(build: () => T): T {
  const schema = once(build);
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // Reported configurable: the stand-in's own (empty) target has none of these properties, and a
    // proxy may not report a property its target lacks as fixed.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
