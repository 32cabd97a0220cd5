// The pictures Worker's bundle as workerd runs it (decision 0095): the script wrangler wrote into
// `<build>/pictures/` (scripts/vite-pictures-worker.ts), its WebAssembly and faces as modules, and
// the compatibility date of wrangler.pictures.toml. The local pictures server and the worker
// tests' pool both start it from these options.
import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./wrangler-env.mjs";

/** The folder inside a build that holds the pictures Worker's bundle. */
export const PICTURES_BUNDLE_FOLDER = "pictures";

/** @param {string} bundle the bundle's folder */
export function picturesWorkerOptions(bundle) {
  const config = readFileSync(path.join(projectRoot, "wrangler.pictures.toml"), "utf8");
  const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(config)?.[1];
  if (!compatibilityDate) throw new Error("wrangler.pictures.toml names no compatibility_date");
  return {
    modules: true,
    scriptPath: path.join(bundle, "pictures.js"),
    modulesRoot: bundle,
    modulesRules: [
      { type: /** @type {const} */ ("CompiledWasm"), include: ["**/*.wasm"] },
      { type: /** @type {const} */ ("Data"), include: ["**/*.ttf"] },
    ],
    compatibilityDate,
  };
}
