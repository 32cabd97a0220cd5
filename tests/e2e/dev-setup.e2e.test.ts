// What a developer's first `npm run dev` goes through: preparing a fresh local state prints no warning,
// the periodic jobs can be run in the local server, and the app's variables reach it from the environment.
import { readdirSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { devVariables } from "../../scripts/dev-variables";

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
