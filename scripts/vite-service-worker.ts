// Builds the service worker (app/sw/sw.ts) into <build>/client/sw.js once the browser build is
// written, with the list of files it precaches taken from that build's own output: every hashed
// file under assets/ and the public files the installed app needs (manifest, icons, favicon).
// The version in its cache names is a hash of that list and of the worker's code, so any change to
// either makes a new worker, which the page offers to load ("New content available. Reload?").
import { createHash } from "node:crypto";
import { readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin as EsbuildPlugin } from "esbuild";
import type { Plugin } from "vite";

const ENTRY = fileURLToPath(new URL("../app/sw/sw.ts", import.meta.url));
const VERSION_MARK = "@@arcanum-build-version@@";
/** Pages the worker fetches at install, so they open with no network at all. */
const PRECACHED_PAGES: string[] = [];
/** Public files worth keeping offline; everything under assets/ is kept too. */
const PUBLIC_FILES = /^(favicon\.svg|manifest\.webmanifest|icons\/.+\.png)$/;

function filesUnder(dir: string, prefix = ""): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith(".")) continue;
    const full = path.join(dir, entry);
    const relative = prefix ? `${prefix}/${entry}` : entry;
    if (statSync(full).isDirectory()) files.push(...filesUnder(full, relative));
    else files.push(relative);
  }
  return files;
}

/**
 * The worker's own modules that register listeners when imported (`import "./outbox.sw"`): the
 * project's `"sideEffects": false` would otherwise let the bundler drop them.
 */
const listenerModules: EsbuildPlugin = {
  name: "arcanum-sw-listener-modules",
  setup(build) {
    build.onResolve({ filter: /\.sw(\.ts)?$/ }, (args) => {
      const file = path.resolve(args.resolveDir, args.path);
      return { path: file.endsWith(".ts") ? file : `${file}.ts`, sideEffects: true };
    });
  },
};

/** The URLs a build's client folder asks the worker to precache, in a stable order. */
export function precacheList(clientDir: string): string[] {
  const files = filesUnder(clientDir)
    .filter((file) => (file.startsWith("assets/") && !file.endsWith(".map")) || PUBLIC_FILES.test(file))
    .map((file) => `/${file}`)
    .sort();
  return [...PRECACHED_PAGES, ...files];
}

/**
 * Writes `sw.js` into a built client folder. `version` overrides the hash (a test makes a second
 * build of the same files this way). Returns the version written.
 */
export async function writeServiceWorker(clientDir: string, { version, minify = true }: { version?: string; minify?: boolean } = {}): Promise<string> {
  const precache = precacheList(clientDir);
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: "iife",
    target: "es2022",
    minify,
    legalComments: "none",
    logLevel: "warning",
    plugins: [listenerModules],
    define: { __ARCANUM_BUILD__: JSON.stringify({ version: VERSION_MARK, precache }) },
  });
  const code = result.outputFiles[0]!.text;
  const chosen = version ?? createHash("sha256").update(code).digest("hex").slice(0, 12);
  writeFileSync(path.join(clientDir, "sw.js"), code.replaceAll(VERSION_MARK, chosen));
  return chosen;
}

export function serviceWorker(): Plugin {
  let clientDir: string | null = null;
  return {
    name: "arcanum-service-worker",
    apply: "build",
    configResolved(config) {
      clientDir = config.build.ssr ? null : path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (clientDir) await writeServiceWorker(clientDir);
    },
  };
}
