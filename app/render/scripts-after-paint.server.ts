import type { EntryContext } from "@remix-run/cloudflare";

type Manifest = EntryContext["manifest"];

const trimmed = new WeakMap<Manifest, Manifest>();

/**
 * The build's manifest as a document is rendered with it: the entry and each route keep their own
 * module, but not the list of the chunks those import. Remix turns that list into
 * `<link rel="modulepreload">` tags for the shared code (React, Remix and the app's shell, about
 * 110 kB gzipped), which the browser then fetches beside the stylesheet, the display face and the
 * first pictures and, on a phone's link, before it paints anything. Without them the shared code
 * is asked for when the page's module script runs, after the stylesheet, so the first paint no
 * longer waits behind it; the page works without JavaScript until then (docs/decisions/0125).
 * Made once per build and kept.
 */
export function manifestWithoutSharedPreloads(manifest: Manifest): Manifest {
  const known = trimmed.get(manifest);
  if (known) return known;
  const routes: Manifest["routes"] = {};
  for (const [id, route] of Object.entries(manifest.routes)) routes[id] = route.imports?.length ? { ...route, imports: [] } : route;
  const result: Manifest = { ...manifest, entry: { ...manifest.entry, imports: [] }, routes };
  trimmed.set(manifest, result);
  return result;
}
