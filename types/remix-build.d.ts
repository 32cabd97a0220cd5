// The Remix server build, produced by `remix vite:build`; wrangler and vitest alias it to build/server/index.js.
declare module "remix-build" {
  import type { ServerBuild } from "@remix-run/cloudflare";
  export const assets: ServerBuild["assets"];
  /** The server entry (app/entry.server.tsx), which also hands the Worker its handlers and rooms. */
  export const entry: ServerBuild["entry"] & {
    module: ServerBuild["entry"]["module"] & {
      workerSide: typeof import("../app/worker-side.server");
      builtMatchRoutes: typeof import("@remix-run/router").matchRoutes;
    };
  };
  export const routes: ServerBuild["routes"];
  export const future: ServerBuild["future"];
  export const publicPath: ServerBuild["publicPath"];
  export const assetsBuildDirectory: ServerBuild["assetsBuildDirectory"];
  export const isSpaMode: ServerBuild["isSpaMode"];
  export const mode: ServerBuild["mode"];
  export const basename: ServerBuild["basename"];
}
