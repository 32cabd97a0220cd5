// Cloudflare Workers refuse to compile WebAssembly from bytes at run time: a Worker gets its
// WebAssembly as modules that wrangler uploads with it (`import wasm from "x.wasm"` gives a compiled
// WebAssembly.Module). The picture renderer needs one, resvg, which its package ships as a file.
//
// This build step, for the server build only, leaves imports of `.wasm` files from packages as
// imports, so that wrangler bundles them as modules (and the test pool loads them the same way).
// The renderer's fonts are static files instead (scripts/vite-picture-fonts.ts).
import type { Plugin } from "vite";

export function workerWasm(): Plugin {
  return {
    name: "arcanum-worker-wasm",
    enforce: "pre",
    resolveId(id, _importer, options) {
      if (!options?.ssr) return null;
      if (/\.wasm$/.test(id) && !id.startsWith(".") && !id.startsWith("/")) return { id, external: true };
      return null;
    },
  };
}
