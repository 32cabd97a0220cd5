import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, prepareState, projectRoot, startServer, testBuildDirectory } from "../../scripts/local-app.mjs";
import { wranglerEnv } from "../../scripts/wrangler-env.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** Session tokens of seeded members for tests that are not about signing in ("demo", "demo-leaving"). */
    memberSessions: Record<string, string>;
    /** Where the running app keeps its local database and bucket. */
    stateDir: string;
    /** What preparing that state printed: the migrations and the seed, as `npm run dev` runs them. */
    preparationOutput: string;
    /** How the running app answered a run of its periodic jobs (`/__scheduled`, what `npm run jobs` asks for). */
    periodicJobs: { status: number; body: string };
  }
}

/** A fresh database and bucket (migrations + demo data), and the built Worker under `wrangler dev`. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(projectRoot, testBuildDirectory, "server", "index.js"))) {
    throw new Error(`The browser tests run the build in ${testBuildDirectory}/: run \`npm run build:test\` first.`);
  }
  const state = mkdtempSync(path.join(tmpdir(), "arcanum-e2e-"));
  project.provide("preparationOutput", prepareState(state, { capture: true }));
  const sessions = execFileSync(
    process.execPath,
    [path.join(projectRoot, "node_modules", "tsx", "dist", "cli.mjs"), path.join(projectRoot, "tests", "e2e", "member-sessions.ts"), "demo=seed-user-demo", "demo-leaving=seed-user-demo", "sage=seed-user-sage", "staff=seed-user-staff", "ines=seed-user-ines"],
    { cwd: projectRoot, env: wranglerEnv({ ARCANUM_PERSIST_TO: state }), encoding: "utf8" },
  );
  project.provide("memberSessions", JSON.parse(sessions));
  // The local AI answers after a short simulated latency, so a deck's progress can be watched.
  const server = await startServer({
    port: await freePort(),
    persistTo: state,
    // The tests' own build, served through wrangler's API (scripts/worker-server.mjs), which takes its folder.
    buildDirectory: testBuildDirectory,
    inspector: false,
    testScheduled: true,
    logLevel: "error",
    // Every browser of the suite comes from one address: the guest limit is raised for them.
    // Readers' tabs beat every 2 seconds and a closed one is waited for half a second, so presence is seen changing quickly.
    // A paid reading's minute lasts 3 seconds, so a whole reading runs out its balance within a test.
    vars: { LOCAL_AI_TEXT_DELAY_MS: "100", LOCAL_AI_IMAGE_DELAY_MS: "400", GUEST_LIMIT_PER_HOUR: "100000", READER_HEARTBEAT_MS: "2000", READER_OFFLINE_GRACE_MS: "500", PAID_MINUTE_MS: "3000" },
  });
  project.provide("baseURL", server.url);
  // Run once on the fresh state, before any test, where they find nothing to change.
  const jobs = await fetch(`${server.url}/__scheduled?cron=${encodeURIComponent("*/15 * * * *")}`);
  project.provide("periodicJobs", { status: jobs.status, body: await jobs.text() });
  project.provide("stateDir", state);
  return async () => {
    await server.stop();
    rmSync(state, { recursive: true, force: true });
  };
}
