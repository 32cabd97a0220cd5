// The built Worker under wrangler's dev server with no debugger attached, for measuring it.
// `wrangler dev` always attaches its inspector, which enables the runtime's network events and
// relays every one of them (several for each D1 query or other subrequest) to the wrangler
// process as a debug log: a cost of the debugger that grows with each query and does not exist
// when deployed (docs/decisions/0047-members-pages.md). wrangler's own API can leave it off.
//
// The port given is wrangler's dev proxy, which forwards to the Worker's own runtime on a port of
// its choosing. That hop keeps connections alive for as long as the runtime does (5 s), so a request
// sent on one just as both close it is lost: a GET then waits until another request arrives, a POST
// is answered 503 (docs/decisions/0087-test-servers-skip-the-dev-proxy.md). The runtime's address
// is printed on a line of its own, `worker runtime http://127.0.0.1:PORT`, after every (re)load, for
// clients that should reach the Worker without the proxy.
//
// node scripts/worker-server.mjs --port 8787 [--persist-to dir] [--build-dir dir] [--test-scheduled] [--var KEY:value ...]
import path from "node:path";
import { parseArgs } from "node:util";
import { unstable_DevEnv } from "wrangler";
import { projectRoot } from "./wrangler-env.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "persist-to": { type: "string" },
    "build-dir": { type: "string" },
    "test-scheduled": { type: "boolean", default: false },
    registry: { type: "string" },
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
const devEnv = new unstable_DevEnv();
// The proxy learns the runtime's address from each completed (re)load; so does this script.
const reloaded = devEnv.proxy.onReloadComplete.bind(devEnv.proxy);
/** @type {() => void} */
let loaded = () => {};
const firstLoad = new Promise((resolve) => (loaded = () => resolve(undefined)));
/** @param {Parameters<typeof reloaded>[0]} event */
devEnv.proxy.onReloadComplete = (event) => {
  const { protocol, hostname, port } = event.proxyData.userWorkerUrl;
  process.stdout.write(`worker runtime ${protocol}//${hostname}:${port}\n`);
  reloaded(event);
  loaded();
};
const worker = await devEnv.startWorker({
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
    registry: values.registry,
  },
});
await worker.ready;
await firstLoad;
// It serves the build it started with until it stops. wrangler would otherwise reload it whenever a
// file of the bundle, of the served build or wrangler.toml changed, watching off or not, and a
// reload moves the runtime to another port, under whoever was talking to it directly.
await devEnv.bundler.teardown();
await devEnv.config.teardown();
const stop = async () => {
  await worker.dispose();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
