// `npm test`: the whole suite as few minutes as two cores allow (docs/decisions/0072).
// Stages run one after another; the steps of a stage run side by side. A step's output is shown as
// one block when it ends, headed by its name, result and time; a step alone in its stage is shown
// as it runs. Any failed step fails the run (exit 1) once its stage has ended, so every failure of
// that stage is shown, and no later stage starts. A whole run that passes writes each stage's and
// step's seconds to bench-results/suite.json, with the machine's load when it started and ended.
// `npm test -- checks "worker tests"` runs only the stages named (and writes no figures).
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "./wrangler-env.mjs";

/** The folder the production build is checked in, so it can be built beside the tests' own build. */
const PRODUCTION_CHECK_DIR = "build-production-check";

/**
 * @typedef {{ name: string, command: [string, ...string[]], env?: Record<string, string>, minutes?: number }} Step
 * @typedef {{ name: string, steps: Step[] }} Stage
 */

/** @type {Stage[]} */
const stages = [
  {
    // Independent of each other; a new check (lint, format) joins this list.
    name: "checks",
    steps: [
      { name: "typecheck", command: ["npm", "run", "typecheck"] },
      { name: "lint", command: ["npm", "run", "lint"] },
      { name: "format", command: ["npm", "run", "format:check"] },
      { name: "import cycles", command: ["npm", "run", "check:cycles"] },
      { name: "production build", command: ["npm", "run", "check:production"], env: { ARCANUM_BUILD_DIR: PRODUCTION_CHECK_DIR } },
      { name: "test build", command: ["npm", "run", "build:test"] },
      { name: "restore drill", command: ["npm", "run", "drill:restore"] },
    ],
  },
  // Both run the build in build-test/. On two cores, each uses both: side by side they only share them.
  { name: "worker tests", steps: [{ name: "worker tests", command: ["npm", "run", "test:worker"], minutes: 30 }] },
  { name: "browser tests", steps: [{ name: "browser tests", command: ["npm", "run", "test:e2e"], minutes: 40 }] },
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !stages.some((stage) => stage.name === name));
if (unknown.length > 0) {
  console.error(`No stage named ${unknown.join(", ")}; the stages are: ${stages.map((stage) => stage.name).join(", ")}`);
  process.exit(2);
}
const toRun = chosen.length > 0 ? stages.filter((stage) => chosen.includes(stage.name)) : stages;

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

for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, () => {
    for (const child of running) stopGroup(child);
    process.exit(130);
  });
}

/** @param {number} since */
const seconds = (since) => Math.round((performance.now() - since) / 100) / 10;

/**
 * Runs a step; with `stream`, its output goes straight to ours, otherwise it is kept and returned.
 * @param {Step} step
 * @param {boolean} stream
 * @returns {Promise<{ name: string, passed: boolean, code: number | string | null, error: Error | undefined, seconds: number, output: string }>}
 */
function run(step, stream) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command[0], step.command.slice(1), {
      cwd: projectRoot,
      env: { ...process.env, ...step.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
      stdio: stream ? "inherit" : ["ignore", "pipe", "pipe"],
      // A group of its own, so a step out of time is stopped with everything it started.
      detached: true,
    });
    running.add(child);
    /** @type {Buffer[]} */
    const chunks = [];
    const minutes = step.minutes ?? DEFAULT_MINUTES;
    const limit = setTimeout(() => {
      const note = `\n${step.name} did not end within ${minutes} minutes: stopped.\n`;
      if (stream) console.error(note);
      else chunks.push(Buffer.from(note));
      stopGroup(child);
    }, minutes * 60_000);
    child.stdout?.on("data", (chunk) => chunks.push(chunk));
    child.stderr?.on("data", (chunk) => chunks.push(chunk));
    /** @param {number | string | null} code @param {Error | undefined} error */
    const finish = (code, error) => {
      clearTimeout(limit);
      running.delete(child);
      resolve({ name: step.name, passed: code === 0, code, error, seconds: seconds(started), output: Buffer.concat(chunks).toString("utf8") });
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
/** @type {{ startedAt: string, cores: number, loadAtStart: number[], loadAtEnd: number[], passed: boolean, totalSeconds: number, stages: Record<string, number>, steps: Record<string, number> }} */
const report = {
  startedAt: new Date().toISOString(),
  cores: os.availableParallelism(),
  loadAtStart: load(),
  loadAtEnd: [],
  passed: false,
  totalSeconds: 0,
  stages: {},
  steps: {},
};
const runStarted = performance.now();
/** @type {Awaited<ReturnType<typeof run>>[]} */
let failed = [];

for (const stage of toRun) {
  const stream = stage.steps.length === 1;
  const stageStarted = performance.now();
  heading(`${stage.name}: ${stage.steps.map((step) => step.name).join(", ")}`);
  const results = await Promise.all(
    stage.steps.map(async (step) => {
      const result = await run(step, stream);
      if (!stream) {
        heading(`${result.name} ${result.passed ? "passed" : "FAILED"} in ${result.seconds} s`);
        process.stdout.write(result.output);
      }
      if (result.error) console.error(`${result.name} could not start: ${result.error.message}`);
      report.steps[result.name] = result.seconds;
      return result;
    }),
  );
  report.stages[stage.name] = seconds(stageStarted);
  failed = results.filter((result) => !result.passed);
  if (failed.length > 0) break;
}

report.totalSeconds = seconds(runStarted);
report.loadAtEnd = load();
report.passed = failed.length === 0;
if (report.passed && toRun === stages) writeFileSync(path.join(projectRoot, "bench-results", "suite.json"), `${JSON.stringify(report, null, 2)}\n`);

heading("summary");
for (const [name, time] of Object.entries(report.stages)) console.log(`${name.padEnd(16)} ${String(time).padStart(7)} s`);
console.log(
  `${"total".padEnd(16)} ${String(report.totalSeconds).padStart(7)} s   (load ${report.loadAtStart.join(" ")} → ${report.loadAtEnd.join(" ")}, ${report.cores} cores)`,
);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((result) => `${result.name} (exit ${result.code ?? "not started"})`).join(", ")}`);
  process.exit(1);
}
