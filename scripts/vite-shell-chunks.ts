// The browser build's shared code in two files instead of some twenty.
//
// Rollup splits shared modules by the set of routes that import them, so the code every page runs
// (React, Remix, the root and the main layout with their components) came as twenty-odd files of
// one to four kilobytes, because some other route happens to import `button` or `cn` too. Every
// page loads them all anyway. On a link that opens a few connections at a time, each file is a
// round trip before the first paint (docs/decisions/0047-members-pages.md).
//
// Here what the entry and the root route import goes into one `shell` chunk, and what the main
// layout adds into `main-shell`. No page loads a byte more: every page runs the root, and every
// page under the main layout runs that layout (the few outside it, the reading room and the
// invitations, do not load `main-shell`). Route modules keep their own chunks.
import type { Rollup } from "vite";

const CLIENT_ROUTE = "?__remix-build-client-route";

type ModuleInfo = { importedIds: readonly string[] } | null;

/** Every module `start` imports statically, directly or not, stopping at route modules. */
function reachable(start: string, info: (id: string) => ModuleInfo, isRoute: (id: string) => boolean, into: Set<string>) {
  const stack = [...(info(start)?.importedIds ?? [])];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (into.has(id) || isRoute(id)) continue;
    into.add(id);
    stack.push(...(info(id)?.importedIds ?? []));
  }
}

export function shellChunks(appDirectory: string): Rollup.ManualChunksOption {
  const root = `${appDirectory}/root.tsx`;
  const main = `${appDirectory}/routes/_main.tsx`;
  const entry = `${appDirectory}/entry.client.tsx`;
  const isRoute = (id: string) => id.endsWith(CLIENT_ROUTE) || id === root || id.startsWith(`${appDirectory}/routes/`);
  let groups: Map<string, string> | null = null;
  return (id, { getModuleInfo }) => {
    if (!groups) {
      const shell = new Set<string>();
      reachable(entry, getModuleInfo, isRoute, shell);
      reachable(root, getModuleInfo, isRoute, shell);
      reachable(`${root}${CLIENT_ROUTE}`, getModuleInfo, isRoute, shell);
      const mainShell = new Set<string>();
      reachable(main, getModuleInfo, isRoute, mainShell);
      reachable(`${main}${CLIENT_ROUTE}`, getModuleInfo, isRoute, mainShell);
      if (shell.size === 0 || mainShell.size === 0) throw new Error("shell chunks: the entry, root or main layout was not found in the browser build");
      groups = new Map([...[...mainShell].map((module) => [module, "main-shell"] as const), ...[...shell].map((module) => [module, "shell"] as const)]);
    }
    return groups.get(id);
  };
}
