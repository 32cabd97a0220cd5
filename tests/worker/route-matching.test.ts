/**
 * The build keeps the results of route matching (scripts/vite-route-matching.ts, a text edit of
 * @remix-run/router). Here the build's matching is held to the library's own, unchanged code over
 * the app's whole route tree and a corpus of addresses: every route's pattern filled with sample
 * values, and unknown, trailing-slash, encoded, doubled-slash and case-variant addresses.
 */
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import * as build from "remix-build";
import { describe, expect, it } from "vitest";

type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** The route tree as Remix's server runtime builds it from the build's manifest. */
function routeTree(parentId: string | undefined = undefined): AgnosticRouteObject[] {
  return (Object.values(build.routes) as RouteEntry[])
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const children = routeTree(route.id);
      return route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children };
    });
}

const SAMPLES = ["abc", "deck-42", "%C3%A9t%C3%A9", "a%20b", "UPPER", "x.y"];

/** Every address a route's full pattern stands for with the sample values (each optional part with and without). */
function fill(pattern: string): string[] {
  let addresses = [""];
  for (const segment of pattern.split("/").filter(Boolean)) {
    const optional = segment.endsWith("?");
    const bare = optional ? segment.slice(0, -1) : segment;
    const values = bare === "*" ? ["a/b/c", "one"] : bare.startsWith(":") ? SAMPLES : [bare];
    const next = addresses.flatMap((address) => values.map((value) => `${address}/${value}`));
    addresses = optional ? [...addresses, ...next] : next;
  }
  return addresses.map((address) => address || "/");
}

function fullPatterns(routes: AgnosticRouteObject[], prefix = ""): string[] {
  return routes.flatMap((route) => {
    const here = route.path ? `${prefix}/${route.path}` : prefix;
    return [here || "/", ...(route.children ? fullPatterns(route.children, here) : [])];
  });
}

function corpus(routes: AgnosticRouteObject[]): string[] {
  const filled = [...new Set(fullPatterns(routes).flatMap(fill))];
  const variants = filled.flatMap((address) => [
    address,
    `${address}/`,
    address.toUpperCase(),
    address.replace(/^\//, "//"),
    encodeURI(address),
    `${address}%2F`,
  ]);
  const unknown = [
    "/nowhere",
    "/marketplace/a/b/c/d/e",
    "/collection//",
    "/%",
    "/.well-known/x",
    "/shared",
    "/shared/",
    "/api",
    "/Marketplace",
    "/cards/major-17/share.png",
    "/ünïcödé",
    "/a b",
    "",
  ];
  return [...new Set([...variants, ...unknown])];
}

const summary = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, pathnameBase: match.pathnameBase })) ?? null;

describe("route matching as the build has it", () => {
  const routes = routeTree();
  const addresses = corpus(routes);

  it("covers the app's routes and a corpus of addresses", () => {
    expect(Object.keys(build.routes).length).toBeGreaterThan(40);
    expect(addresses.length).toBeGreaterThan(500);
  });

  it("matches every address exactly as the library does, the first time and from its kept results", () => {
    for (const basename of [undefined, "/"]) {
      const expected = addresses.map((address) => [address, summary(matchRoutes(routes, address, basename))]);
      const first = addresses.map((address) => [address, summary(build.entry.module.builtMatchRoutes(routes, address, basename))]);
      const kept = addresses.map((address) => [address, summary(build.entry.module.builtMatchRoutes(routes, address, basename))]);
      expect(first).toEqual(expected);
      expect(kept).toEqual(expected);
    }
  }, 120_000);

  it("hands out copies: changing one caller's matches does not change the next caller's", () => {
    const address = fill("/marketplace/:deckId")[1] ?? "/marketplace/deck-42";
    const first = build.entry.module.builtMatchRoutes(routes, address)!;
    const before = JSON.parse(JSON.stringify(summary(first)));
    for (const match of first) (match.params as Record<string, string>).deckId = "changed";
    first.length = 0;
    expect(summary(build.entry.module.builtMatchRoutes(routes, address))).toEqual(before);
  });
});
