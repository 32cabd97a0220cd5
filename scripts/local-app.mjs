// Prepares a local database and bucket (migrations + demo data) and starts the built Worker under `wrangler dev`.
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { projectRoot, wranglerBin, wranglerEnv } from "./wrangler-env.mjs";

export { projectRoot };

function run(command, args, env) {
  const result = spawnSync(command, args, { cwd: projectRoot, env, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${path.basename(args[0] ?? command)} ${args.slice(1).join(" ")} failed`);
}

/** The local build: the production build plus the development tools (the mailbox) under /dev. */
export function build() {
  run(process.execPath, [path.join(projectRoot, "node_modules", "@remix-run", "dev", "dist", "cli.js"), "vite:build"], { ...process.env, ARCANUM_BUILD: "local" });
}

/** Applies migrations and seeds demo data into the state folder (wrangler's default when omitted). */
export function prepareState(persistTo) {
  const persist = persistTo ? ["--persist-to", persistTo] : [];
  run(process.execPath, [wranglerBin, "d1", "migrations", "apply", "DB", "--local", ...persist], wranglerEnv({ CI: "true" }));
  run(
    process.execPath,
    [path.join(projectRoot, "node_modules", "tsx", "dist", "cli.mjs"), path.join(projectRoot, "db", "seed.ts")],
    wranglerEnv(persistTo ? { ARCANUM_PERSIST_TO: persistTo } : {}),
  );
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
 * Starts `wrangler dev` on the port; resolves once the Worker answers /healthz. `inspector: false`
 * runs the same dev server without its debugger (scripts/worker-server.mjs), for measurements.
 */
export async function startServer({ port, persistTo, logLevel = "info", stdio = "inherit", vars = {}, inspector = true }) {
  const args = inspector
    ? [wranglerBin, "dev", "--port", String(port), "--ip", "127.0.0.1", "--log-level", logLevel, "--show-interactive-dev-session=false"]
    : [path.join(projectRoot, "scripts", "worker-server.mjs"), "--port", String(port)];
  if (persistTo) args.push("--persist-to", persistTo);
  // The deployed default is production; a local server is development unless told otherwise.
  // The seeded staff account moderates the local marketplace.
  for (const [key, value] of Object.entries({ APP_ENV: "development", STAFF_EMAILS: "staff@arcanum.test", ...vars })) args.push("--var", `${key}:${value}`);
  const child = spawn(process.execPath, args, { cwd: projectRoot, env: wranglerEnv(), stdio });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error("wrangler dev did not answer within 60 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(undefined);
        child.once("exit", () => resolve(undefined));
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}
