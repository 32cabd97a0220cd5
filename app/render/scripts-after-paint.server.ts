import type { EntryContext } from "@remix-run/cloudflare";

type Manifest = EntryContext["manifest"];

const trimmed = new WeakMap<Manifest, Map<string, Manifest>>();

/**
 * The build's manifest as a document is rendered with it: the entry and the routes the request
 * matched keep their own module, but not the list of the chunks those import. Remix turns that
 * list into `<link rel="modulepreload">` tags for the shared code (React, Remix and the app's
 * shell, about 110 kB gzipped), which the browser then fetched beside the stylesheet, the display
 * face and the first pictures and, on a phone's link, before it painted anything. Without them the
 * shared code is asked for when the page's module script runs, after the stylesheet, so the first
 * paint no longer waits behind it; the page works without JavaScript until then (decision 0125).
 * The other routes keep their lists, which the browser's copy of the manifest uses to fetch a
 * route's chunks together when the person goes there. Made once per build and set of routes.
 */
export function manifestWithoutSharedPreloads(manifest: Manifest, matchedRouteIds: readonly string[]): Manifest {
  let byRoutes = trimmed.get(manifest);
  if (!byRoutes) trimmed.set(manifest, (byRoutes = new Map()));
  const key = matchedRouteIds.join("\n");
  const known = byRoutes.get(key);
  if (known) return known;
  const routes = { ...manifest.routes };
  for (const id of matchedRouteIds) {
    const route = routes[id];
    if (route?.imports?.length) routes[id] = { ...route, imports: [] };
  }
  const result: Manifest = { ...manifest, entry: { ...manifest.entry, imports: [] }, routes };
  byRoutes.set(key, result);
  return result;
}
