import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { bundleReport } from "./scripts/vite-bundle-report";
import { pictureFonts } from "./scripts/vite-picture-fonts";
import { routeMatchingCache } from "./scripts/vite-route-matching";
import { serverRuntimePatches } from "./scripts/vite-server-runtime";
import { serviceWorker } from "./scripts/vite-service-worker";
import { shellChunks } from "./scripts/vite-shell-chunks";
import { workerWasm } from "./scripts/vite-worker-wasm";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      // The Worker never opens a socket to itself: app/lib/no-sockets.server.ts.
      ...(isSsrBuild
        ? {
            partysocket: fileURLToPath(new URL("./app/lib/no-sockets.server.ts", import.meta.url)),
            // The Worker renders with renderToReadableStream alone: react-dom/server would also bring
            // the legacy string renderer (36 KB the Worker uploads and compiles at every start). Decision 0076.
            "react-dom/server": fileURLToPath(new URL("./node_modules/react-dom/cjs/react-dom-server.browser.production.min.js", import.meta.url)),
          }
        : {}),
    },
  },
  plugins: [
    routeMatchingCache(),
    // Loaders get the request itself when there is nothing to strip: scripts/vite-server-runtime.ts.
    serverRuntimePatches(),
    // WebAssembly as modules for the Worker (the certificate renderer): scripts/vite-worker-wasm.ts.
    workerWasm(),
    // The faces pictures are drawn in, as static files the Worker fetches: scripts/vite-picture-fonts.ts.
    pictureFonts(),
    // The server build's modules by size, when asked for (ARCANUM_BUNDLE_REPORT): scripts/vite-bundle-report.ts.
    bundleReport(),
    tailwindcss(),
    // The service worker, bundled into the browser build with its precache list: scripts/vite-service-worker.ts.
    serviceWorker(),
    remix({
      // The tests build into a folder of their own, so a test run never replaces what `npm run dev` serves.
      buildDirectory: process.env.ARCANUM_BUILD_DIR || "build",
      // Development tools (`/dev/*`) are only in local builds: a production build cannot serve them.
      ignoredRouteFiles: process.env.ARCANUM_BUILD === "local" ? [] : ["**/_main.dev.*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  build: {
    // Runtime modules of workerd (partyserver imports `cloudflare:workers`); wrangler resolves them.
    rollupOptions: {
      external: [/^cloudflare:/],
      // The code every page runs in two files rather than twenty: scripts/vite-shell-chunks.ts.
      output: isSsrBuild ? {} : { manualChunks: shellChunks(fileURLToPath(new URL("./app", import.meta.url))) },
    },
  },
  ssr: {
    // Bundle dependencies into the server build, so the Worker always runs production React
    // (wrangler would otherwise bundle them with NODE_ENV=development under `wrangler dev`).
    noExternal: true,
    target: "webworker",
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
}));
