// Remix's router (@remix-run/router 1.x) matches a URL against the route tree four times for each
// page it renders on the server (the request handler, the data query, the router during render and
// the partial manifest), and each time it flattens and ranks the whole tree again and builds a new
// regular expression for every route path it tries. With this app's fifty routes that was a sixth
// of a member's page (docs/decisions/0025-render-path.md).
//
// This build step keeps what matching works out: the ranked branches per route array, until the
// tree is patched (lazy route discovery adds routes in the browser), each compiled path, and the
// matches of each pathname (handed out as copies). The output of matching is unchanged. The build fails if the library's code no longer has the shape patched
// here, so an upgrade cannot silently drop it.
import type { Plugin } from "vite";
import { applyEdits, patchModules, type TextEdit } from "./vite-text-patch";

const ROUTER_FILE = /[\\/]@remix-run[\\/]router[\\/]dist[\\/]router(\.cjs)?\.js$/;

const edits: TextEdit[] = [
  {
    find: "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n",
    replace: "  let branches = rankedBranchesOf(routes);\n",
  },
  {
    find: "function compilePath(path, caseSensitive, end) {\n",
    replace: "function compilePathUncached(path, caseSensitive, end) {\n",
  },
  {
    find: "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {\n",
    replace: "function matchRoutesImplUncached(routes, locationArg, basename, allowPartial) {\n",
  },
  {
    find: "function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {\n",
    replace: "function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {\n  routeTreeVersion++;\n",
  },
];

const additions = `
// Kept results of route matching (added at build time, see scripts/vite-route-matching.ts).
let routeTreeVersion = 0;
const rankedBranchesByRoutes = new WeakMap();
function rankedBranchesOf(routes) {
  let known = rankedBranchesByRoutes.get(routes);
  if (known && known.version === routeTreeVersion) return known.branches;
  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
  rankedBranchesByRoutes.set(routes, { version: routeTreeVersion, branches });
  return branches;
}
// The matches of each pathname, per route array and tree version; callers get their own copies.
const matchesByRoutes = new WeakMap();
const copyMatches = (matches) => matches && matches.map((match) => ({ ...match, params: { ...match.params } }));
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  let location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;
  let key = (allowPartial ? "p" : "e") + basename + "\u0000" + (location.pathname || "/");
  let known = matchesByRoutes.get(routes);
  if (!known || known.version !== routeTreeVersion) {
    known = { version: routeTreeVersion, results: new Map() };
    matchesByRoutes.set(routes, known);
  }
  if (known.results.has(key)) return copyMatches(known.results.get(key));
  let matches = matchRoutesImplUncached(routes, location, basename, allowPartial);
  if (known.results.size >= 1000) known.results.clear();
  known.results.set(key, matches);
  return copyMatches(matches);
}
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  let key = (caseSensitive ? "s" : "i") + (end === false ? "p" : "e") + path;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    if (compiledPaths.size >= 2000) compiledPaths.clear();
    compiled = compilePathUncached(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
`;

/** Applies the edits to the router's source; throws when one of them does not fit exactly once. */
export function memoizeRouteMatching(source: string, file = "router"): string {
  return applyEdits(source, edits, "the router code", file) + additions;
}

export function routeMatchingCache(): Plugin {
  return patchModules("arcanum:route-matching-cache", ROUTER_FILE, memoizeRouteMatching);
}
