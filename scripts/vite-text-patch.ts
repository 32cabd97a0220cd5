// What the build-time changes to a dependency's code have in common (scripts/vite-route-matching.ts,
// scripts/vite-server-runtime.ts): exact text edits, each of which must fit exactly once, so a
// dependency whose code changed shape fails the build instead of silently going unpatched.
import type { Plugin } from "vite";

export type TextEdit = { find: string; replace: string };

/** Applies the edits to `source`; throws, naming `file` and `what` was expected, when one does not fit exactly once. */
export function applyEdits(source: string, edits: readonly TextEdit[], what: string, file: string): string {
  let out = source;
  for (const { find, replace } of edits) {
    const found = out.split(find).length - 1;
    if (found !== 1) throw new Error(`${file}: expected ${what} to contain ${JSON.stringify(find.trim())} once, found ${found}`);
    out = out.replace(find, replace);
  }
  return out;
}

/** A Vite plugin that rewrites the modules whose path (without its query) matches `file`. */
export function patchModules(name: string, file: RegExp, patch: (code: string, id: string) => string): Plugin {
  return {
    name,
    enforce: "pre",
    transform(code, id) {
      if (!file.test(id.split("?")[0]!)) return null;
      return { code: patch(code, id), map: null };
    },
  };
}
