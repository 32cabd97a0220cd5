/**
 * A reporter that ends the worker tests' run when every test of every file has its result but the
 * run does not close: the pool sometimes waits on its workerd for ever after the last file, the
 * summary never printed (cloudflare/workers-sdk#14903, docs/decisions/0048), and a run that never
 * returns would hold the whole suite until its time ran out. After a grace period long enough for
 * any file's last hooks, it prints what it saw and exits with the run's result: 1 if a test or a
 * file failed, else 0. A run that closes by itself is never touched (the timer does not keep the
 * process alive).
 */
import type { Reporter, TestCase, TestModule, TestSpecification } from "vitest/node";

/** How long the run may take to close once every test has its result. */
const GRACE_MS = 10_000;

export default class ExitWatch implements Reporter {
  private expected = Number.POSITIVE_INFINITY;
  private readonly modules = new Set<TestModule>();
  private failed = false;
  private armed = false;

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
    this.expected = specifications.length;
  }

  onTestModuleCollected(module: TestModule) {
    this.modules.add(module);
  }

  onTestCaseResult(test: TestCase) {
    if (test.result().state === "failed") this.failed = true;
    this.check();
  }

  onTestModuleEnd(module: TestModule) {
    this.modules.add(module);
    if (module.state() === "failed" || module.errors().length > 0) this.failed = true;
    this.check();
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    if (unhandledErrors.length > 0) this.failed = true;
  }

  private check() {
    if (this.armed || this.modules.size < this.expected) return;
    for (const module of this.modules) for (const test of module.children.allTests()) if (test.result().state === "pending") return;
    this.armed = true;
    setTimeout(() => {
      let tests = 0;
      // The summary that lists failures with their errors never comes in this case: list them here.
      for (const module of this.modules) {
        for (const error of module.errors()) console.error(`\nFAIL ${module.moduleId}\n${error.stack ?? error.message}`);
        for (const test of module.children.allTests()) {
          tests += 1;
          const result = test.result();
          if (result.state !== "failed") continue;
          console.error(`\nFAIL ${module.moduleId} > ${test.fullName}`);
          for (const error of result.errors) console.error(error.stack ?? error.message);
        }
      }
      console.error(
        `\nEvery test of the ${this.modules.size} files (${tests} tests) had its result ${GRACE_MS / 1000} s ago, but the run did not close: ended as ${this.failed ? "failed" : "passed"}.`,
      );
      process.exit(this.failed ? 1 : 0);
    }, GRACE_MS).unref();
  }
}
