// The built Worker under wrangler's dev server with no debugger attached, for measuring it.
// `wrangler dev` always attaches its inspector, which enables the runtime's network events and
// relays every one of them (several for each D1 query or other subrequest) to the wrangler
// process as a debug log: a cost of the debugger that grows with each query and does not exist
// when deployed (docs/decisions/0047-members-pages.md). wrangler's own API can leave it off.
//
// node scripts/worker-server.mjs --port 8787 [--persist-to dir] [--build-dir dir] [--test-scheduled] [--var KEY:value ...]
import path from "node:path";
import { parseArgs } from "node:util";
import { unstable_startWorker } from "wrangler";
import { projectRoot } from "./wrangler-env.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "persist-to": { type: "string" },
    "build-dir": { type: "string" },
    "test-scheduled": { type: "boolean", default: false },
    var: { type: "string", multiple: true, default: [] },
  },
});

process.chdir(projectRoot);
/** @type {Record<string, { type: "plain_text"; value: string }>} */
const bindings = {};
for (const pair of values.var) {
  const at = pair.indexOf(":");
  bindings[pair.slice(0, at)] = { type: "plain_text", value: pair.slice(at + 1) };
}
// Another build than wrangler.toml's `build/` (the tests'): its client files and its server bundle.
const built = values["build-dir"];
const worker = await unstable_startWorker({
  config: "wrangler.toml",
  bindings,
  ...(built ? { assets: path.join(built, "client"), build: { alias: { "remix-build": path.join(built, "server", "index.js") } } } : {}),
  dev: {
    server: { hostname: "127.0.0.1", port: Number(values.port) },
    inspector: false,
    persist: values["persist-to"],
    logLevel: "error",
    watch: false,
    liveReload: false,
    testScheduled: values["test-scheduled"],
  },
});
await worker.ready;
const stop = async () => {
  await worker.dispose();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
