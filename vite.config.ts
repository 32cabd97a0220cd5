import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { bundleReport } from "./scripts/vite-bundle-report";
import { pictureFonts } from "./scripts/vite-picture-fonts";
import { picturesWorker } from "./scripts/vite-pictures-worker";
import { routeMatchingCache } from "./scripts/vite-route-matching";
import { serverRuntimePatches } from "./scripts/vite-server-runtime";
import { serviceWorker } from "./scripts/vite-service-worker";
import { shellChunks } from "./scripts/vite-shell-chunks";
import { stripeResources } from "./scripts/vite-stripe-resources";

/** Route files only local builds (`ARCANUM_BUILD=local`: `npm run dev`, the tests) have. scripts/check-production.mjs checks for them. */
const LOCAL_ONLY_ROUTES = ["**/_main.dev.*", "**/_main.checkout.local.*", "**/_main.billing.local.*", "**/_main.sales_.onboarding.local.*"];

/** A local build (`npm run dev`, the tests, the benchmarks' app) rather than the production one. */
const localBuild = process.env.ARCANUM_BUILD === "local";
/** The tests build into a folder of their own, so a test run never replaces what `npm run dev` serves. */
const buildDirectory = process.env.ARCANUM_BUILD_DIR || "build";

const local = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  // Code behind `__LOCAL_BUILD__` (the local payment and payout providers) is left out of
  // the production build (types/build-kind.d.ts).
  define: { __LOCAL_BUILD__: JSON.stringify(localBuild) },
  resolve: {
    alias: [
      { find: "~", replacement: local("./app") },
      ...(isSsrBuild
        ? [
            // The Worker never opens a socket to itself: app/lib/no-sockets.server.ts.
            { find: "partysocket", replacement: local("./app/lib/no-sockets.server.ts") },
            // The Worker renders with renderToReadableStream alone: react-dom/server would also bring
            // the legacy string renderer (36 KB the Worker uploads and compiles at every start). Decision 0076.
            { find: /^react-dom\/server$/, replacement: local("./node_modules/react-dom/cjs/react-dom-server.browser.production.min.js") },
            // Nor does it need the browser renderer: app/lib/no-client-dom.server.ts. Decision 0076.
            { find: /^react-dom$/, replacement: local("./app/lib/no-client-dom.server.ts") },
          ]
        : []),
    ],
  },
  plugins: [
    routeMatchingCache(),
    // Loaders get the request itself when there is nothing to strip, and a page's data is encoded only
    // when a render asks for it: scripts/vite-server-runtime.ts.
    serverRuntimePatches(),
    // Stripe's client with the resources the app calls and no others: scripts/vite-stripe-resources.ts.
    stripeResources(),
    // The pictures Worker, built beside the app, and no WebAssembly in the app's own: scripts/vite-pictures-worker.ts.
    picturesWorker(buildDirectory),
    // The faces pictures are drawn in, as static files the Worker fetches: scripts/vite-picture-fonts.ts.
    pictureFonts(),
    // The server build's modules by size, when asked for (ARCANUM_BUNDLE_REPORT): scripts/vite-bundle-report.ts.
    bundleReport(),
    tailwindcss(),
    // The service worker, bundled into the browser build with its precache list: scripts/vite-service-worker.ts.
    serviceWorker(),
    remix({
      buildDirectory,
      // Development tools (`/dev/*`) and the local stand-ins for Stripe's pages (the test checkout,
      // billing portal and payout onboarding, which production never offers) are only in local
      // builds: a production build cannot serve them.
      ignoredRouteFiles: localBuild ? [] : LOCAL_ONLY_ROUTES,
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
      output: isSsrBuild ? {} : { manualChunks: shellChunks(local("./app")) },
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
