import { defineConfig } from "vitest/config";
import RecordedTimesFirst from "./sequencer";

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    environment: "node",
    // Each worker runs against an app of its own on a fresh copy of the state (tests/e2e/global-setup.ts,
    // docs/decisions/0072). The files spend most of their time waiting (the pages, the local AI's
    // latency, a paid minute, a reader's grace), so two at a time roughly halve the wall time; the
    // checks beside them run niced (scripts/test.mjs, docs/decisions/0093).
    fileParallelism: true,
    // The same order of files on every machine, longest first (tests/e2e/sequencer.ts).
    sequence: { sequencer: RecordedTimesFirst },
    maxWorkers: 2,
    testTimeout: 60_000,
    // The second writes each file's time for `npm test`'s table (ARCANUM_FILE_TIMES).
    reporters: ["default", "./scripts/vitest-file-times.ts"],
    hookTimeout: 120_000,
    // Live updates cross a socket and a Durable Object; on a busy machine they can take seconds.
    expect: { poll: { timeout: 10_000 } },
  },
});
