import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { testBuildDirectory } from "./scripts/local-app.mjs";
import { PICTURES_BUNDLE_FOLDER, picturesWorkerOptions } from "./scripts/pictures-bundle.mjs";
import { stripeResources } from "./scripts/vite-stripe-resources";

/**
 * The server build imports its WebAssembly by package path (vite.config.ts leaves them
 * to wrangler). The pool loads such files itself, by a path under the project root; resolving them
 * here keeps that path inside the root even when node_modules is a link to another folder.
 */
const binaryModules: Plugin = {
  name: "arcanum-binary-modules",
  enforce: "pre",
  resolveId(id) {
    if (!/\.wasm$/.test(id) || id.startsWith(".") || id.startsWith("/")) return null;
    return fileURLToPath(new URL(`./node_modules/${id}`, import.meta.url));
  },
};

export default defineConfig(async () => {
  // The tests' own build (`npm run build:test`), never the `build/` a running `npm run dev` serves.
  const built = (file: string) => fileURLToPath(new URL(`./${testBuildDirectory}/${file}`, import.meta.url));
  if (!existsSync(built("server/index.js"))) throw new Error(`The worker tests run the build in ${testBuildDirectory}/: run \`npm run build:test\` first.`);
  const migrations = await readD1Migrations(fileURLToPath(new URL("./db/migrations", import.meta.url)));
  // The tests' own VAPID pair, new on every run, and pushes retried after milliseconds rather than seconds.
  const vapid = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign"])) as CryptoKeyPair;
  const vapidPublic = Buffer.from(await crypto.subtle.exportKey("raw", vapid.publicKey)).toString("base64url");
  const vapidPrivate = (await crypto.subtle.exportKey("jwk", vapid.privateKey)).d!;
  return {
    // The tests run the app as a local build does (vite.config.ts).
    define: { __LOCAL_BUILD__: "true" },
    plugins: [
      binaryModules,
      stripeResources(),
      cloudflareTest({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          assets: { directory: built("client"), binding: "ASSETS" },
          // The pictures Worker as the build bundled it (scripts/vite-pictures-worker.ts), which the
          // app's PICTURES binding (wrangler.toml) reaches by its name, as deployed (decision 0095).
          workers: [{ name: "arcanum-pictures", ...picturesWorkerOptions(built(PICTURES_BUNDLE_FOLDER)) }],
          // A second, empty database: the migration test applies the migrations to it one by one.
          d1Databases: ["MIGRATION_DB"],
          // Tests share one address; the guest limit itself is tested with its default.
          bindings: {
            TEST_MIGRATIONS: migrations,
            APP_ENV: "test",
            GUEST_LIMIT_PER_HOUR: "100000",
            STAFF_EMAILS: "staff@arcanum.test",
            COUNT_ROUND_TRIPS: "1",
            READER_OFFLINE_GRACE_MS: "2000",
            VAPID_PUBLIC_KEY: vapidPublic,
            VAPID_PRIVATE_KEY: vapidPrivate,
            VAPID_SUBJECT: "mailto:push@arcanum.test",
            PUSH_RETRY_BASE_MS: "5",
            // Metrics and error reports are still written together, but a request whose work the test
            // waits for (waitOnExecutionContext) is not held the 2 s a development server waits.
            LOCAL_FLUSH_MS: "200",
            // The tests' push service (a stand-in for fetch in tests/worker/push.test.ts): the one endpoint besides the browsers' push services.
            PUSH_TEST_SERVICE: "https://push.test",
          },
        },
      }),
    ],
    resolve: {
      alias: {
        "remix-build": built("server/index.js"),
        "~": fileURLToPath(new URL("./app", import.meta.url)),
      },
    },
    test: {
      include: ["tests/worker/**/*.test.ts"],
      // Two runtimes, each loading the Worker's modules once and running its files one after
      // another; tests/worker/setup.ts gives every file the same fresh data (docs/decisions/0048).
      // A file that waits out a grace period leaves its core to the other runtime: 258 s alone with
      // one, 181 s with two, and the whole `npm test` 637–662 s with one, 600 s with two
      // (docs/decisions/0093). ARCANUM_WORKER_RUNTIMES=1 runs them one after another.
      maxWorkers: Number(process.env.ARCANUM_WORKER_RUNTIMES ?? 2),
      isolate: false,
      // The pool sometimes keeps a finished run waiting on workerd for ever, with one runtime or
      // two (cloudflare/workers-sdk#14903): this ends such a run with its result.
      // The last writes each file's time for `npm test`'s table (ARCANUM_FILE_TIMES).
      reporters: ["default", "./scripts/vitest-exit-watch.ts", "./scripts/vitest-file-times.ts"],
      // With a second file running beside it, a test that waits out a grace period needs more than 5 s.
      testTimeout: 20_000,
      setupFiles: ["tests/worker/setup.ts"],
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: ["@remix-run/cloudflare", "@remix-run/server-runtime", "@remix-run/react", "react", "react-dom", "react-dom/server", "isbot"],
          },
        },
      },
    },
  };
});
