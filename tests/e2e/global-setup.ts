import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, freshState, projectRoot, startServer, testBuildDirectory } from "../../scripts/local-app.mjs";
import { memberSessions } from "./local-state";

/** One running app of the suite: its address and where it keeps its local database and bucket. */
export type TestServer = {
  baseURL: string;
  stateDir: string;
  /** How this app answered a run of its periodic jobs (`/__scheduled`, what `npm run jobs` asks for). */
  periodicJobs: { status: number; body: string };
};

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * One app per worker of the run (docs/decisions/0072): the files a worker runs, one after
     * another, share its app; files running at the same time never share one.
     */
    servers: TestServer[];
    /** Session tokens of seeded members for tests that are not about signing in ("demo", "demo-leaving"); valid on every app. */
    memberSessions: Record<string, string>;
    /** What preparing the state printed: the migrations and the seed, as `npm run dev` runs them. */
    preparationOutput: string;
    /**
     * The origin (http://127.0.0.1:port) where a test may run its own push service: every app of the
     * run takes subscriptions there (PUSH_TEST_SERVICE), and at no other address but the browsers' push services.
     */
    pushService: string;
  }
}

/**
 * How many apps to start: one per file that can run at once, and never more than there are files
 * in this run (a single file needs one). The files of the run are those `vitest run <filters>` was
 * given, which vitest keeps on its instance; without them, every file of the suite.
 */
async function serverCount(project: TestProject): Promise<number> {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
  const { testFiles } = await project.globTestFiles(filters);
  return Math.max(1, Math.min(workers, testFiles.length));
}

/**
 * Fresh databases and buckets (migrations + demo data), each under the built Worker in `wrangler dev`.
 * The state is prepared once and copied for the other apps: the same migrations and seed, and the
 * same member sessions, in folders of their own.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(projectRoot, testBuildDirectory, "server", "index.js"))) {
    throw new Error(`The browser tests run the build in ${testBuildDirectory}/: run \`npm run build:test\` first.`);
  }
  const count = await serverCount(project);
  const first = mkdtempSync(path.join(tmpdir(), "arcanum-e2e-"));
  const states = [first];
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const state of states) rmSync(state, { recursive: true, force: true });
  };
  try {
    project.provide("preparationOutput", freshState(first));
    const sessions = await memberSessions(first, {
      demo: "seed-user-demo",
      "demo-leaving": "seed-user-demo",
      sage: "seed-user-sage",
      staff: "seed-user-staff",
      ines: "seed-user-ines",
      mira: "seed-user-mira",
      theo: "seed-user-theo",
    });
    project.provide("memberSessions", sessions);
    for (let i = 1; i < count; i++) {
      const copy = mkdtempSync(path.join(tmpdir(), "arcanum-e2e-"));
      states.push(copy);
      cpSync(first, copy, { recursive: true });
    }
    const pushService = `http://127.0.0.1:${await freePort()}`;
    project.provide("pushService", pushService);
    const started = await Promise.all(
      states.map(async (state) => {
        // The local AI answers after a short simulated latency, so a deck's progress can be watched.
        const server = await startServer({
          port: await freePort(),
          persistTo: state,
          // The tests' own build, served through wrangler's API (scripts/worker-server.mjs), which takes its folder.
          buildDirectory: testBuildDirectory,
          inspector: false,
          // The browsers reach the Worker's runtime itself, not through wrangler's dev proxy (decision 0087).
          direct: true,
          testScheduled: true,
          logLevel: "error",
          // Every browser of the suite comes from one address: the limits on new guests and on magic links are raised for them.
          // Readers' tabs beat every 2 seconds and a closed one is waited for half a second, so presence is seen changing quickly.
          // A paid reading's minute lasts 3 seconds, so a whole reading runs out its balance within a test.
          vars: {
            LOCAL_AI_TEXT_DELAY_MS: "100",
            LOCAL_AI_IMAGE_DELAY_MS: "400",
            GUEST_LIMIT_PER_HOUR: "100000",
            SIGN_IN_LIMIT_PER_ADDRESS: "100000",
            READER_HEARTBEAT_MS: "2000",
            READER_OFFLINE_GRACE_MS: "500",
            PAID_MINUTE_MS: "3000",
            PUSH_TEST_SERVICE: pushService,
          },
        });
        servers.push(server);
        // Run once on the fresh state, before any test, where they find nothing to change.
        const jobs = await fetch(`${server.url}/__scheduled?cron=${encodeURIComponent("*/15 * * * *")}`);
        return { baseURL: server.url, stateDir: state, periodicJobs: { status: jobs.status, body: await jobs.text() } };
      }),
    );
    project.provide("servers", started);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
