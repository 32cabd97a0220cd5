/**
 * A reporter that writes each test file's time and the run's test counts to the JSON file named by
 * ARCANUM_FILE_TIMES (nothing without it), for `npm test`'s table and bench-results/suite.json
 * (scripts/test.mjs, docs/decisions/0093). A file's time runs from its start to its end as the
 * reporter sees them, setup and hooks included; files that run side by side overlap.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

declare module "vitest" {
  interface TaskMeta {
    /** The CPU seconds a browser test file's Chromium used, noted by its browser (tests/e2e/browser.ts). */
    chromiumCpuSeconds?: number;
  }
}

export type FileTimes = {
  /** Each file's time and test count, and its tests of a second or more, slowest first. */
  files: Record<string, { seconds: number; tests: number; chromiumCpuSeconds?: number; slowest?: { name: string; seconds: number }[] }>;
  tests: { passed: number; failed: number; skipped: number };
  /** Each failed test: its file, its full name and the first lines of its first error. */
  failures: { file: string; name: string; error: string }[];
};

/** The first lines of a failed test's first error, enough to tell one failure from another in a CI log. */
function firstLines(test: { result(): { errors?: readonly { message?: string; stack?: string }[] } }) {
  const error = test.result().errors?.[0];
  return (error?.stack ?? error?.message ?? "no error recorded").split("\n").slice(0, 6).join("\n");
}

export default class FileTimesReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();
  private readonly modules = new Set<TestModule>();

  onTestModuleStart(module: TestModule) {
    this.started.set(module.moduleId, performance.now());
  }

  onTestModuleEnd(module: TestModule) {
    this.ended.set(module.moduleId, performance.now());
    this.modules.add(module);
    // Written after every file: a run the pool keeps from closing is ended by another reporter (vitest-exit-watch.ts) before onTestRunEnd.
    this.write();
  }

  onTestRunEnd() {
    this.write();
  }

  private write() {
    const target = process.env.ARCANUM_FILE_TIMES;
    if (!target) return;
    const times: FileTimes = { files: {}, tests: { passed: 0, failed: 0, skipped: 0 }, failures: [] };
    for (const module of this.modules) {
      const tests = [...module.children.allTests()];
      for (const test of tests) {
        const state = test.result().state;
        if (state === "passed") times.tests.passed++;
        else if (state === "failed") {
          times.tests.failed++;
          times.failures.push({ file: path.relative(process.cwd(), module.moduleId), name: test.fullName, error: firstLines(test) });
        } else times.tests.skipped++;
      }
      const start = this.started.get(module.moduleId);
      const end = this.ended.get(module.moduleId);
      const seconds = start !== undefined && end !== undefined ? end - start : module.diagnostic().duration;
      const slowest = tests
        .map((test) => ({ name: test.fullName, seconds: Math.round((test.diagnostic()?.duration ?? 0) / 100) / 10 }))
        .filter((test) => test.seconds >= 1)
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, 5);
      times.files[path.relative(process.cwd(), module.moduleId)] = {
        seconds: Math.round(seconds / 100) / 10,
        tests: tests.length,
        // A browser file's Chromium CPU time, which its browser notes (tests/e2e/browser.ts).
        ...(module.meta().chromiumCpuSeconds !== undefined ? { chromiumCpuSeconds: module.meta().chromiumCpuSeconds } : {}),
        ...(slowest.length > 0 ? { slowest } : {}),
      };
    }
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, `${JSON.stringify(times, null, 2)}\n`);
  }
}
