import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    environment: "node",
    // Each worker runs against an app of its own on a fresh copy of the state (tests/e2e/global-setup.ts,
    // docs/decisions/0072). Two at a time (`--maxWorkers=2`) took 880 s against 970 s one at a
    // time here, and two tests timed out under it (the push notification and the marketplace's long flow):
    // one file at a time until they are settled.
    fileParallelism: true,
    maxWorkers: 1,
    testTimeout: 60_000,
    // The second writes each file's time for `npm test`'s table (ARCANUM_FILE_TIMES).
    reporters: ["default", "./scripts/vitest-file-times.ts"],
    hookTimeout: 120_000,
    // Live updates cross a socket and a Durable Object; on a busy machine they can take seconds.
    expect: { poll: { timeout: 10_000 } },
  },
});
