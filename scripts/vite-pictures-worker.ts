// The pictures Worker (workers/pictures.ts, decision 0095) is built with the app: once the server
// build is written, wrangler bundles it into `<build>/pictures/` as it would upload it (resvg's
// WebAssembly and the faces as modules beside `pictures.js`). The local servers run that bundle in
// a process of their own (scripts/pictures-server.mjs), and the worker tests load it beside the app.
//
// The app's Worker draws nothing itself: the server build fails if anything in it imports a
// `.wasm` file, so resvg cannot come back into the Worker every page runs in unnoticed.
import { spawnSync } from "node:child_process";
import path from "node:path";
import type { Plugin, ResolvedConfig } from "vite";
import { PICTURES_BUNDLE_FOLDER } from "./pictures-bundle.mjs";
import { projectRoot, wranglerBin, wranglerEnv } from "./wrangler-env.mjs";

export function picturesWorker(buildDirectory: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: "arcanum-pictures-worker",
    enforce: "pre",
    configResolved(resolved) {
      config = resolved;
    },
    resolveId(id, importer, options) {
      if (options?.ssr && /\.wasm$/.test(id))
        this.error(`${importer ?? "the server build"} imports ${id}: the app's Worker draws through the pictures Worker (docs/decisions/0095)`);
      return null;
    },
    closeBundle() {
      if (!config.build.ssr) return;
      // The build's folder may be given relative to the project (build, build-test) or whole (the bench's).
      const out = path.resolve(projectRoot, buildDirectory, PICTURES_BUNDLE_FOLDER);
      const built = spawnSync(process.execPath, [wranglerBin, "deploy", "--dry-run", "--outdir", out, "-c", "wrangler.pictures.toml"], {
        cwd: projectRoot,
        env: wranglerEnv(),
        encoding: "utf8",
      });
      if (built.status !== 0) throw new Error(`building the pictures Worker failed:\n${built.stdout}${built.stderr}`);
    },
  };
}
