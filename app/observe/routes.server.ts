import type { ServerBuild } from "@remix-run/cloudflare";
import { nameRoute } from "./scope.server";

type Routes = ServerBuild["routes"];

function depth(routes: Routes, id: string): number {
  let levels = 0;
  for (let route = routes[id]; route?.parentId; route = routes[route.parentId]) levels++;
  return levels;
}

/**
 * The build with each loader and action naming its route in the request's scope before it runs,
 * so logs, error reports and metrics say which route answered (the deepest that ran).
 */
export function namingBuild<B extends ServerBuild>(build: B): B {
  const routes: Routes = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = { ...route.module };
    const level = depth(build.routes, id);
    for (const kind of ["loader", "action"] as const) {
      const handler = route.module[kind];
      if (!handler) continue;
      module[kind] = (args: { context: object }) => {
        nameRoute(id, level);
        return handler(args as never);
      };
    }
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}
