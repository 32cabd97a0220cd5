// What a developer's first `npm run dev` goes through: preparing a fresh local state prints no warning,
// the periodic jobs can be run in the local server, the app's variables reach it from the environment,
// and a stopped server leaves no runtime behind on its state folder.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { createInterface } from "node:readline";
import { describe, expect, inject, it, onTestFinished } from "vitest";
import { devVariables } from "../../scripts/dev-variables";
import { isRunning, stopProcessTree } from "../../scripts/process-tree.mjs";

describe("preparing a fresh local state", () => {
  const output = inject("preparationOutput");

  it("migrates and seeds", () => {
    const migrations = readdirSync(new URL("../../db/migrations", import.meta.url))
      .filter((name) => name.endsWith(".sql"))
      .sort();
    expect(output).toContain(`Applied ${migrations.length} migrations, ${migrations[0]} to ${migrations.at(-1)}.`);
    expect(output).toContain("Seeded 315 users, 6 decks, 132 cards, 5 listings, 532 paid readings and 430 reviews.");
  });

  it("warns of nothing: no Durable Object the seed has no use for, no class missing from its runtime", () => {
    expect(output).not.toContain("internal Durable Objects");
    expect(output).not.toContain("no such Durable Object class is exported");
    // Any warning of wrangler's or workerd's would be as alarming on a first run.
    expect(output).not.toMatch(/\[WARNING\]|warning:/);
  });
});

describe("the periodic jobs in a local server", () => {
  it("run from /__scheduled and all succeed, in every app of the run", () => {
    for (const server of inject("servers")) expect(server.periodicJobs).toEqual({ status: 200, body: "Ran scheduled event" });
  });
});

describe("the variables of npm run dev", () => {
  it("passes on the app's variables set in the environment, and nothing else", () => {
    const { vars, fromEnvironment } = devVariables(
      {
        PAID_MINUTE_MS: "5000",
        LOCAL_AI_IMAGE_DELAY_MS: "400",
        GUEST_LIMIT_PER_HOUR: "50",
        READER_HEARTBEAT_MS: "3000",
        PATH: "/usr/bin",
        HOME: "/root",
        TRACE: "",
      },
      {},
    );
    expect(vars).toEqual({ PAID_MINUTE_MS: "5000", LOCAL_AI_IMAGE_DELAY_MS: "400", GUEST_LIMIT_PER_HOUR: "50", READER_HEARTBEAT_MS: "3000" });
    expect(fromEnvironment.sort()).toEqual(["GUEST_LIMIT_PER_HOUR", "LOCAL_AI_IMAGE_DELAY_MS", "PAID_MINUTE_MS", "READER_HEARTBEAT_MS"]);
  });

  it("keeps a development server in development and skips empty values", () => {
    expect(devVariables({ APP_ENV: "production", PAID_GRACE_MS: "" }, {}).vars).toEqual({});
  });

  it("lets the environment win over .dev.vars, and keeps the file's staff list over the local default", () => {
    const { vars } = devVariables({ PAID_MINUTE_MS: "4000" }, { PAID_MINUTE_MS: "9000", STAFF_EMAILS: "owner@example.com" });
    expect(vars).toEqual({ PAID_MINUTE_MS: "4000", STAFF_EMAILS: "owner@example.com" });
  });

  it("refuses a value the app would refuse, naming it", () => {
    expect(() => devVariables({ PAID_MINUTE_MS: "soon" }, {})).toThrow(/PAID_MINUTE_MS/);
    expect(() => devVariables({ GUEST_LIMIT_PER_HOUR: "0" }, {})).toThrow(/GUEST_LIMIT_PER_HOUR/);
  });
});

describe("stopping a local server", () => {
  /**
   * A Node process that starts a long-running child, as wrangler and miniflare start workerd, and
   * ignores SIGTERM, as one busy closing its runtimes would for a while. Resolves with it and the child's pid.
   */
  async function parentWithRuntime(): Promise<{ parent: ChildProcess; runtime: number }> {
    const script = [
      'process.on("SIGTERM", () => {});',
      'const runtime = require("node:child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });',
      "console.log(runtime.pid);",
      "setInterval(() => {}, 1000);",
    ].join("\n");
    const parent = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    const lines = createInterface({ input: parent.stdout! });
    const line = await new Promise<string>((resolve) => lines.once("line", resolve));
    lines.close();
    return { parent, runtime: Number(line) };
  }

  it("kills the runtime its Node process started, which outlives that process when it is killed", async () => {
    const started: number[] = [];
    onTestFinished(() => started.filter(isRunning).forEach((pid) => process.kill(pid, "SIGKILL")));
    // Killed plainly, the parent leaves its runtime running, as a server's Node process killed
    // before closing them leaves its workerd serving and writing the state folder.
    const plain = await parentWithRuntime();
    started.push(plain.runtime);
    expect(isRunning(plain.runtime)).toBe(true);
    plain.parent.kill("SIGKILL");
    await new Promise((resolve) => plain.parent.once("exit", resolve));
    expect(isRunning(plain.runtime)).toBe(true);

    const { parent, runtime } = await parentWithRuntime();
    started.push(runtime);
    expect(await stopProcessTree(parent, 300)).toEqual(["node"]);
    expect(parent.signalCode).toBe("SIGKILL");
    expect(isRunning(runtime)).toBe(false);
  });
});
