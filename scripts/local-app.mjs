// Prepares a local database and bucket (migrations + demo data) and starts the built Worker under `wrangler dev`.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import { PICTURES_BUNDLE_FOLDER } from "./pictures-bundle.mjs";
import { stopProcessTree } from "./process-tree.mjs";
import { projectRoot, wranglerBin, wranglerEnv } from "./wrangler-env.mjs";

export { projectRoot };

/**
 * Where the tests build the app (`npm run build:test`) and run it from: `npm run dev` serves `build/`,
 * and a test run beside it must not replace that (docs/decisions/0057).
 */
export const testBuildDirectory = "build-test";

/**
 * Runs a step; with `capture`, its output (stdout, then stderr) is returned instead of shown.
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
function run(command, args, env, capture = false) {
  const result = spawnSync(command, args, { cwd: projectRoot, env, stdio: capture ? "pipe" : "inherit", encoding: "utf8" });
  const output = capture ? `${result.stdout}${result.stderr}` : "";
  if (result.status !== 0) throw new Error(`${path.basename(args[0] ?? command)} ${args.slice(1).join(" ")} failed${capture ? `:\n${output}` : ""}`);
  return output;
}

/** The local build: the production build plus the development tools (the mailbox) under /dev. */
export function build() {
  run(process.execPath, [path.join(projectRoot, "node_modules", "@remix-run", "dev", "dist", "cli.js"), "vite:build"], {
    ...process.env,
    ARCANUM_BUILD: "local",
  });
}

/**
 * Applies the migrations not yet applied and seeds demo data into the state folder (wrangler's
 * default when omitted), in one process (scripts/seed/seed.ts). With `capture`, returns what it printed
 * rather than showing it.
 * @param {string} [persistTo]
 * @param {{ capture?: boolean }} [options]
 */
export function prepareState(persistTo, { capture = false } = {}) {
  return run(
    process.execPath,
    [path.join(projectRoot, "node_modules", "tsx", "dist", "cli.mjs"), path.join(projectRoot, "scripts", "seed", "seed.ts")],
    wranglerEnv(persistTo ? { ARCANUM_PERSIST_TO: persistTo } : {}),
    capture,
  );
}

/** Names a state `npm test` prepared once for its runs (scripts/prepare-state.mjs); each copies it. */
export const PREPARED_STATE_VARIABLE = "ARCANUM_PREPARED_STATE";
/** Where a prepared folder keeps what preparing it printed. */
const PREPARATION_FILE = "preparation.txt";

/**
 * Prepares a state in `folder` to be copied later, keeping what the two steps printed beside it.
 * @param {string} folder
 */
export function prepareStateFolder(folder) {
  const output = prepareState(folder, { capture: true });
  writeFileSync(path.join(folder, PREPARATION_FILE), output);
}

/**
 * A fresh state in `folder`: a copy of the one named by ARCANUM_PREPARED_STATE when there is one,
 * else prepared here. Returns what preparing it printed.
 * @param {string} folder
 */
export function freshState(folder) {
  const prepared = process.env[PREPARED_STATE_VARIABLE];
  if (!prepared) return prepareState(folder, { capture: true });
  cpSync(prepared, folder, { recursive: true });
  return readFileSync(path.join(prepared, PREPARATION_FILE), "utf8");
}

/**
 * What every local server is given: the deployed default is production, a local server is development;
 * the seeded staff account moderates the local marketplace.
 */
export const localVariables = { APP_ENV: "development", STAFF_EMAILS: "staff@arcanum.test" };

/**
 * A local server's Web Push keys (decision 0061): made once per state folder and kept there, so a
 * browser subscribed yesterday still gets today's pushes. Configured keys (the environment, or
 * `.dev.vars`) win. Same shape as `npm run vapid`: base64url of the public point and of `d`.
 * @param {string} stateFolder
 */
export async function localVapidKeys(stateFolder) {
  const file = path.join(stateFolder, "vapid-local.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  const publicKey = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64url");
  const keys = { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: jwk.d };
  mkdirSync(stateFolder, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys)}\n`);
  return keys;
}

/**
 * True when the environment or `.dev.vars` already names VAPID keys.
 * @param {Record<string, string>} vars
 */
function vapidConfigured(vars) {
  if (vars.VAPID_PUBLIC_KEY || process.env.VAPID_PUBLIC_KEY) return true;
  const file = path.join(projectRoot, ".dev.vars");
  return existsSync(file) && /^\s*VAPID_PUBLIC_KEY\s*=/m.test(readFileSync(file, "utf8"));
}

/** A TCP port nobody listens on right now, for a server of our own. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Says so when a stopped server's Node process left processes running, which had to be killed.
 * @param {string} what
 * @param {string[]} killed
 */
function reportLeftovers(what, killed) {
  if (killed.length > 0) process.stderr.write(`The ${what} server left ${killed.join(", ")} running; killed\n`);
}

/**
 * Starts the pictures Worker of `buildDirectory` (decision 0095) in a process of its own, and keeps
 * it running: if it stops (a crash of its runtime), it is started again, and a print job's next
 * step goes on. It enters itself in `registry`, the folder of local Workers through which the
 * app's PICTURES binding finds it (miniflare's dev registry), again after each restart.
 * @param {{ buildDirectory: string, registry: string, stdio: "inherit" | "ignore" | "pipe" }} options
 */
export async function startPictures({ buildDirectory, registry, stdio }) {
  const port = /** @type {number} */ (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const bundle = path.resolve(projectRoot, buildDirectory, PICTURES_BUNDLE_FOLDER);
  if (!existsSync(path.join(bundle, "pictures.js"))) throw new Error(`${path.relative(projectRoot, bundle)}/pictures.js is missing: build the app first`);
  let stopping = false;
  const launch = () => {
    const args = [path.join(projectRoot, "scripts", "pictures-server.mjs"), "--port", String(port), "--bundle", bundle, "--registry", registry];
    const started = spawn(process.execPath, args, {
      cwd: projectRoot,
      env: wranglerEnv(),
      stdio: ["ignore", "ignore", stdio],
    });
    started.once("exit", (code, signal) => {
      if (stopping) return;
      process.stderr.write(`The pictures Worker stopped (${signal ?? code}); starting it again\n`);
      setTimeout(() => {
        if (!stopping) child = launch();
      }, 500).unref();
    });
    return started;
  };
  let child = launch();
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      stopping = true;
      await stopProcessTree(child, 0);
      throw new Error("the pictures Worker did not answer within 60 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    stop: async () => {
      stopping = true;
      reportLeftovers("pictures Worker", await stopProcessTree(child));
    },
  };
}

/**
 * Starts `wrangler dev` on the port, with the build's pictures Worker beside it (startPictures); resolves once the Worker answers /healthz. `inspector: false`
 * runs the same dev server without its debugger (scripts/worker-server.mjs), for measurements.
 * `buildDirectory` is the build it serves (wrangler.toml names `build/`; another needs `inspector: false`); `testScheduled` opens
 * `/__scheduled`, which runs the Worker's scheduled handler (the periodic jobs) and answers when they are done.
 * `direct` (with `inspector: false`) makes `url` the Worker's own runtime rather than wrangler's dev
 * proxy on `port`, which loses a request now and then (docs/decisions/0087); the runtime's port is
 * its own choice, and changes if the server reloads.
 * @param {{ port: number, persistTo?: string, logLevel?: string, stdio?: "inherit" | "ignore" | "pipe", vars?: Record<string, string>, inspector?: boolean, buildDirectory?: string, testScheduled?: boolean, direct?: boolean }} options
 */
export async function startServer({
  port,
  persistTo,
  logLevel = "info",
  stdio = "inherit",
  vars = {},
  inspector = true,
  buildDirectory = "build",
  testScheduled = false,
  direct = false,
}) {
  if (direct && inspector) throw new Error("The Worker's runtime is addressed directly only without the debugger (inspector: false)");
  const args = inspector
    ? [wranglerBin, "dev", "--port", String(port), "--ip", "127.0.0.1", "--log-level", logLevel, "--show-interactive-dev-session=false"]
    : [path.join(projectRoot, "scripts", "worker-server.mjs"), "--port", String(port)];
  if (persistTo) args.push("--persist-to", persistTo);
  if (buildDirectory !== "build") {
    // `wrangler dev --alias` is accepted but left unused by dev; wrangler's API takes the alias.
    if (inspector) throw new Error("Another build than build/ is served without the debugger (inspector: false)");
    args.push("--build-dir", path.join(projectRoot, buildDirectory));
  }
  if (testScheduled) args.push("--test-scheduled");
  const stateFolder = persistTo ?? path.join(projectRoot, ".wrangler", "state");
  const pushKeys = vapidConfigured(vars) ? {} : await localVapidKeys(stateFolder);
  for (const [key, value] of Object.entries({ ...localVariables, ...pushKeys, ...vars })) args.push("--var", `${key}:${value}`);
  // The app's Workers find each other here: this app's own, so apps side by side never mix theirs.
  const registry = path.join(stateFolder, "dev-registry");
  mkdirSync(registry, { recursive: true });
  if (!inspector) args.push("--registry", registry);
  const pictures = await startPictures({ buildDirectory, registry, stdio: stdio === "pipe" ? "inherit" : stdio });
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: wranglerEnv({ WRANGLER_REGISTRY_PATH: registry }),
    stdio: direct ? ["ignore", "pipe", stdio] : stdio,
  });
  /** @type {string | undefined} */
  let runtimeUrl;
  if (direct && child.stdout) {
    // worker-server.mjs names the runtime's address on a line of its own; the rest is shown as `stdio` says.
    createInterface({ input: child.stdout }).on("line", (line) => {
      const named = /^worker runtime (http:\/\/\S+)$/.exec(line);
      if (named) runtimeUrl = named[1];
      else if (stdio === "inherit") process.stdout.write(`${line}\n`);
    });
  }
  const proxyUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await pictures.stop();
      throw new Error(`wrangler dev exited with ${child.exitCode}`);
    }
    try {
      const response = await fetch(`${direct ? runtimeUrl : proxyUrl}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet, or the runtime's address not printed yet
    }
    if (Date.now() > deadline) {
      await stopProcessTree(child);
      await pictures.stop();
      throw new Error("wrangler dev did not answer within 60 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url: direct ? /** @type {string} */ (runtimeUrl) : proxyUrl,
    child,
    // The runtimes go with it, so the next server on the same state folder is alone with it.
    stop: async () => {
      reportLeftovers("app", await stopProcessTree(child));
      await pictures.stop();
    },
  };
}
