// `npm test`: every check and test, in as few minutes as two cores allow (docs/decisions/0093).
// Steps start as soon as what they need is ready. The tests' build and a prepared state come first;
// the steps that wait on real time (browser tests, worker tests, the restore drill) then run at
// normal priority side by side; the checks that only compute (types, lint, format, cycles, the
// production build) run one at a time, niced, in the cores the tests leave idle, and side by side
// once the tests have ended. A step's output is
// shown as one block when it ends, headed by its name, result and time; the browser tests' output is
// shown as it comes. Any failed step fails the run (exit 1) once every started step has ended; a
// step whose prerequisite failed does not start. The end prints each step's wall and CPU time and
// each test file's, and a whole run that passes saves them in bench-results/suite.json with the test
// counts and the machine's load.
// `npm test -- lint "worker tests"` runs only the steps named and what they need (and saves nothing).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PREPARED_STATE_VARIABLE } from "./local-app.mjs";
import { projectRoot } from "./wrangler-env.mjs";

/** The folder the production build is checked in, so it can be built beside the tests' own build. */
const PRODUCTION_CHECK_DIR = "build-production-check";
const scratch = mkdtempSync(path.join(os.tmpdir(), "arcanum-test-"));
const preparedState = path.join(scratch, "state");
const fileTimes = { worker: path.join(scratch, "worker-files.json"), browser: path.join(scratch, "browser-files.json") };

/**
 * @typedef {{ name: string, command: [string, ...string[]], env?: Record<string, string>, minutes?: number, needs?: string[], background?: boolean, stream?: boolean, files?: keyof typeof fileTimes }} Step
 * A `background` step only computes: it runs niced, and one at a time with the other background steps.
 */

/** @type {Step[]} */
const steps = [
  // What the tests run: the build, and a state with every migration and the demo data.
  { name: "test build", command: ["npm", "run", "build:test"] },
  { name: "prepared state", command: ["node", "scripts/prepare-state.mjs", preparedState] },
  { name: "browser tests", command: ["npm", "run", "test:e2e"], needs: ["test build", "prepared state"], minutes: 40, stream: true, files: "browser" },
  { name: "worker tests", command: ["npm", "run", "test:worker"], needs: ["test build"], minutes: 30, files: "worker" },
  { name: "restore drill", command: ["npm", "run", "drill:restore"], needs: ["prepared state"] },
  // The checks, longest first.
  { name: "lint", command: ["npm", "run", "lint"], background: true },
  { name: "typecheck", command: ["npm", "run", "typecheck"], background: true },
  { name: "production build", command: ["npm", "run", "check:production"], env: { ARCANUM_BUILD_DIR: PRODUCTION_CHECK_DIR }, background: true },
  { name: "format", command: ["npm", "run", "format:check"], background: true },
  { name: "import cycles", command: ["npm", "run", "check:cycles"], background: true },
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !steps.some((step) => step.name === name));
if (unknown.length > 0) {
  console.error(`No step named ${unknown.join(", ")}; the steps are: ${steps.map((step) => step.name).join(", ")}`);
  process.exit(2);
}
/** The steps named and, recursively, what they need. */
function withNeeds(/** @type {string[]} */ names) {
  const wanted = new Set(names);
  for (let grew = true; grew;) {
    grew = false;
    for (const step of steps) if (wanted.has(step.name)) for (const need of step.needs ?? []) if (!wanted.has(need)) grew = wanted.add(need) !== undefined;
  }
  return steps.filter((step) => wanted.has(step.name));
}
const toRun = chosen.length > 0 ? withNeeds(chosen) : steps;

/** A step's time limit unless it names its own: a step that hangs fails the run rather than holding it. */
const DEFAULT_MINUTES = 20;

/** The steps running now; each is a process group of its own, stopped with us. */
/** @type {Set<import("node:child_process").ChildProcess>} */
const running = new Set();

/** @param {import("node:child_process").ChildProcess} child */
function stopGroup(child) {
  try {
    process.kill(-(child.pid ?? 0), "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}

function cleanUp() {
  rmSync(scratch, { recursive: true, force: true });
}

for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, () => {
    for (const child of running) stopGroup(child);
    cleanUp();
    process.exit(130);
  });
}

/** @param {number} since */
const seconds = (since) => Math.round((performance.now() - since) / 100) / 10;

/**
 * The CPU seconds this process's finished children used, their own finished children included, as
 * the kernel counts them (/proc/self/stat, at 100 ticks a second); null where there is no /proc.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}
let cpuSeen = childrenCpuSeconds();
const runStarted = performance.now();

/**
 * Runs a step; with `stream`, its output goes straight to ours, otherwise it is kept and returned.
 * A background step runs niced: the browser tests, which wait on real time, keep the cores first.
 * @param {Step} step
 * @returns {Promise<{ name: string, passed: boolean, code: number | string | null, error: Error | undefined, seconds: number, cpuSeconds: number | null, startedAt: number, output: string }>}
 */
function run(step) {
  const started = performance.now();
  const [command, ...args] = step.background ? ["nice", "-n", "19", ...step.command] : step.command;
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: projectRoot,
      env: {
        ...process.env,
        ...step.env,
        [PREPARED_STATE_VARIABLE]: preparedState,
        ...(step.files ? { ARCANUM_FILE_TIMES: fileTimes[step.files] } : {}),
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0"),
      },
      stdio: step.stream ? "inherit" : ["ignore", "pipe", "pipe"],
      // A group of its own, so a step out of time is stopped with everything it started.
      detached: true,
    });
    running.add(child);
    // Each step is a session of its own (detached), and Linux shares the cores fairly between sessions
    // whatever their nice: a background step's session is niced as a whole, where the kernel allows.
    if (step.background && child.pid) {
      try {
        writeFileSync(`/proc/${child.pid}/autogroup`, "19");
      } catch {
        // No autogroups here: `nice` alone orders the steps.
      }
    }
    /** @type {Buffer[]} */
    const chunks = [];
    const minutes = step.minutes ?? DEFAULT_MINUTES;
    const limit = setTimeout(() => {
      const note = `\n${step.name} did not end within ${minutes} minutes: stopped.\n`;
      if (step.stream) console.error(note);
      else chunks.push(Buffer.from(note));
      stopGroup(child);
    }, minutes * 60_000);
    child.stdout?.on("data", (chunk) => chunks.push(chunk));
    child.stderr?.on("data", (chunk) => chunks.push(chunk));
    /** @param {number | string | null} code @param {Error | undefined} error */
    const finish = (code, error) => {
      clearTimeout(limit);
      running.delete(child);
      // What the step's processes used: the kernel adds a child's time when it ends (steps ending at the same moment may share theirs).
      const cpu = childrenCpuSeconds();
      const cpuSeconds = cpu === null || cpuSeen === null ? null : Math.round((cpu - cpuSeen) * 10) / 10;
      cpuSeen = cpu;
      resolve({
        cpuSeconds,
        name: step.name,
        passed: code === 0,
        code,
        error,
        seconds: seconds(started),
        startedAt: seconds(runStarted) - seconds(started),
        output: Buffer.concat(chunks).toString("utf8"),
      });
    };
    child.on("error", (error) => finish(null, error));
    child.on("close", (code, signal) => finish(code ?? signal, undefined));
  });
}

/** @param {string} text */
function heading(text) {
  console.log(`\n━━ ${text} ${"━".repeat(Math.max(3, 72 - text.length))}`);
}

const load = () => os.loadavg().map((n) => Math.round(n * 100) / 100);
/**
 * @type {{ startedAt: string, cores: number, loadAtStart: number[], loadAtEnd: number[], passed: boolean, totalSeconds: number,
 *   steps: Record<string, { seconds: number, cpuSeconds: number | null, startedAtSecond: number }>, tests: Record<string, { passed: number, failed: number, skipped: number }>,
 *   files: Record<string, Record<string, { seconds: number, tests: number, chromiumCpuSeconds?: number }>> }}
 */
const report = {
  startedAt: new Date().toISOString(),
  cores: os.availableParallelism(),
  loadAtStart: load(),
  loadAtEnd: [],
  passed: false,
  totalSeconds: 0,
  steps: {},
  tests: {},
  files: {},
};

/**
 * Background steps waiting for their turn: one runs at a time while any test step runs, so the
 * checks never crowd out the tests; once every test step has ended, as many as there are cores.
 * (The restore drill's wrangler, a test step, fails to bundle with a second check beside it.)
 */
/** @type {(() => void)[]} */
const waiting = [];
let backgroundRunning = 0;
let backgroundRoom = 1;
function backgroundTurn() {
  if (backgroundRunning < backgroundRoom) {
    backgroundRunning += 1;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(() => resolve(undefined)));
}
function letBackgroundIn() {
  while (backgroundRunning < backgroundRoom && waiting.length > 0) {
    backgroundRunning += 1;
    waiting.shift()?.();
  }
}
function backgroundDone() {
  backgroundRunning -= 1;
  letBackgroundIn();
}

heading(`npm test: ${toRun.map((step) => step.name).join(", ")}`);
/** @type {Map<string, Promise<Awaited<ReturnType<typeof run>> | null>>} */
const outcomes = new Map();
for (const step of toRun) {
  outcomes.set(
    step.name,
    (async () => {
      const needed = await Promise.all((step.needs ?? []).map((name) => outcomes.get(name) ?? Promise.resolve(null)));
      if (needed.some((outcome) => !outcome?.passed)) {
        console.log(`\n${step.name}: not started, as ${step.needs?.join(" and ")} did not pass.`);
        return null;
      }
      if (step.background) await backgroundTurn();
      if (step.stream) heading(`${step.name} (shown as it runs)`);
      const result = await run(step).finally(() => {
        if (step.background) backgroundDone();
      });
      heading(`${result.name} ${result.passed ? "passed" : "FAILED"} in ${result.seconds} s`);
      if (!step.stream) process.stdout.write(result.output);
      if (result.error) console.error(`${result.name} could not start: ${result.error.message}`);
      report.steps[result.name] = { seconds: result.seconds, cpuSeconds: result.cpuSeconds, startedAtSecond: Math.round(result.startedAt) };
      return result;
    })(),
  );
}
// The tests done, the checks left take every core.
void Promise.all(toRun.filter((step) => !step.background).map((step) => outcomes.get(step.name) ?? Promise.resolve(null))).then(() => {
  backgroundRoom = os.availableParallelism();
  letBackgroundIn();
});
const results = await Promise.all(outcomes.values());
const failed = toRun.filter((_, index) => !results[index]?.passed);

/** @type {import("./vitest-file-times").FileTimes["failures"]} */
const failures = [];
for (const [suite, file] of Object.entries(fileTimes)) {
  if (!existsSync(file)) continue;
  /** @type {import("./vitest-file-times").FileTimes} */
  const times = JSON.parse(readFileSync(file, "utf8"));
  report.files[suite] = times.files;
  report.tests[suite] = times.tests;
  failures.push(...times.failures);
}

report.totalSeconds = seconds(runStarted);
report.loadAtEnd = load();
report.passed = failed.length === 0;
if (report.passed && toRun === steps) writeFileSync(path.join(projectRoot, "bench-results", "suite.json"), `${JSON.stringify(report, null, 2)}\n`);
cleanUp();

heading("summary");
for (const [name, step] of Object.entries(report.steps).sort(([, a], [, b]) => a.startedAtSecond - b.startedAtSecond)) {
  console.log(
    `${name.padEnd(18)} ${String(step.seconds).padStart(7)} s   from ${String(step.startedAtSecond).padStart(4)} s   ${String(step.cpuSeconds ?? "?").padStart(6)} CPU-s`,
  );
}
for (const [suite, files] of Object.entries(report.files)) {
  const rows = Object.entries(files).sort(([, a], [, b]) => b.seconds - a.seconds);
  const counts = report.tests[suite];
  console.log(`\n${suite} test files, slowest first (${rows.length} files; ${counts?.passed} passed, ${counts?.failed} failed, ${counts?.skipped} skipped):`);
  // Every browser file; the worker files' first fifteen and the rest as one line.
  const shown = suite === "browser" ? rows : rows.slice(0, 15);
  for (const [file, time] of shown) {
    const chromium = time.chromiumCpuSeconds === undefined ? "" : `${String(time.chromiumCpuSeconds).padStart(7)} Chromium CPU-s  `;
    console.log(`  ${String(time.seconds).padStart(7)} s  ${String(time.tests).padStart(3)} tests  ${chromium}${file}`);
  }
  const rest = rows.slice(shown.length);
  if (rest.length > 0)
    console.log(`  ${String(Math.round(rest.reduce((sum, [, time]) => sum + time.seconds, 0))).padStart(7)} s  the other ${rest.length} files`);
}
console.log(
  `\n${"total".padEnd(18)} ${String(report.totalSeconds).padStart(7)} s   (load ${report.loadAtStart.join(" ")} → ${report.loadAtEnd.join(" ")}, ${report.cores} cores)`,
);
// The failed tests come last, so the end of a CI log names them without scrolling back through the output.
for (const failure of failures) console.error(`\n✗ ${failure.file} › ${failure.name}\n${failure.error.replace(/^/gm, "    ")}`);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((step) => `${step.name} (${results[toRun.indexOf(step)]?.code ?? "not started"})`).join(", ")}`);
  process.exit(1);
}
