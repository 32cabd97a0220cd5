import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    environment: "node",
    // Files run side by side, each worker against an app of its own on a fresh copy of the state
    // (tests/e2e/global-setup.ts, docs/decisions/0072). Two was the fastest on two cores.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Live updates cross a socket and a Durable Object; on a busy machine they can take seconds.
    expect: { poll: { timeout: 10_000 } },
  },
});
