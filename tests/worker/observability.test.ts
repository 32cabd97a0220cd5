/**
 * Knowing when it breaks: an uncaught error in a loader, an action, a Durable Object's alarm and a
 * socket handler each make exactly one report, with the request id the answer named and nothing
 * that could name a person; the Durable Object a request reached logs under its id; metrics are
 * kept and drawn for the staff; the real reporters are tried at their HTTP boundary.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../app/db.server";
import { reportOf } from "../../app/observe/errors.server";
import { analyticsEngineReader } from "../../app/observe/metrics.server";
import { openScope } from "../../app/observe/scope.server";
import { sentryReporter } from "../../app/observe/sentry.server";
import { STAFF_MEMBER_ID } from "../../scripts/seed/seed-data";
import { errorGroups, metricPoints, users } from "../../db/schema";
import { app, get, ORIGIN, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);
const MEMBER_ID = "seed-user-mira";

async function emailOf(userId: string) {
  const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row!.email!;
}

/** The reports kept for a request id, once its after-response work has written them. */
async function reportsOf(requestId: string) {
  await expect
    .poll(async () => (await db().select().from(errorGroups).where(eq(errorGroups.requestId, requestId))).length, { timeout: 5_000 })
    .toBeGreaterThan(0);
  return db().select().from(errorGroups).where(eq(errorGroups.requestId, requestId));
}

/** Nothing in the report could name the person: not their e-mail, their cookie, nor what they posted. */
function expectNoPersonalData(report: unknown, secrets: string[]) {
  const text = JSON.stringify(report);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

let lines: string[] = [];
beforeEach(() => {
  lines = [];
  for (const method of ["log", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  }
});
afterEach(() => vi.restoreAllMocks());

const logLines = () => lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);

describe("an error thrown while answering a request", () => {
  it("in a loader: one report with the request id of the answer, the route and the person, and none of their data", async () => {
    const cookie = await signInAs(MEMBER_ID);
    const response = await visit("/dev/errors?throw=loader&email=" + encodeURIComponent(await emailOf(MEMBER_ID)), { cookie });
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id")!;
    expect(requestId).toMatch(/^[A-Za-z0-9-]{6,64}$/);
    const reports = await reportsOf(requestId);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ source: "server", type: "TestError", route: "routes/_main.dev.errors", userId: MEMBER_ID, count: 1 });
    expect(reports[0]!.message).toContain("loader");
    expectNoPersonalData(reports[0], [await emailOf(MEMBER_ID), cookie.split("=")[1]!]);
    // The log line of the failure carries the same id.
    expect(logLines().some((line) => line.msg === "uncaught error" && line.requestId === requestId)).toBe(true);
  });

  it("in an action: one report, without the posted form", async () => {
    const cookie = await signInAs(MEMBER_ID);
    const body = "a private note about my reading";
    const response = await post("/dev/errors", { intent: "throw", note: body }, { cookie });
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id")!;
    const reports = await reportsOf(requestId);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ source: "server", type: "TestError", route: "routes/_main.dev.errors", userId: MEMBER_ID });
    expect(reports[0]!.message).toContain("action");
    expectNoPersonalData(reports[0], [await emailOf(MEMBER_ID), cookie.split("=")[1]!, body]);
  });

  it("twice: one group, counted", async () => {
    const first = await get("/dev/errors?throw=loader");
    const second = await get("/dev/errors?throw=loader");
    const [group] = await reportsOf(second.headers.get("x-request-id")!);
    const [earlier] = await db().select().from(errorGroups).where(eq(errorGroups.fingerprint, group!.fingerprint));
    expect(first.status).toBe(500);
    expect(earlier!.count).toBeGreaterThanOrEqual(2);
    const list = await visit("/dev/errors");
    expect(await list.text()).toContain(`Seen ${earlier!.count} times`);
  });

  it("every answer names its request id, a different one each time", async () => {
    const [a, b] = [await get("/healthz"), await get("/healthz")];
    expect(a.headers.get("x-request-id")).toBeTruthy();
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });
});

const presenceRoom = () => env.ReaderPresence.get(env.ReaderPresence.idFromName("readers"));

describe("a Durable Object", () => {
  it("logs a socket's connection under the request id the Worker answered with, and reports an error of its close handler once with it", async () => {
    const cookie = await signInAs(MEMBER_ID);
    const email = await emailOf(MEMBER_ID);
    const response = await app.fetch(`${ORIGIN}/parties/reader-presence/readers?as=reader&tab=observe-aaaa`, {
      headers: { upgrade: "websocket", origin: ORIGIN, cookie },
    });
    expect(response.status).toBe(101);
    const requestId = response.headers.get("x-request-id")!;
    expect(requestId).toBeTruthy();
    const ws = response.webSocket!;
    ws.accept();
    expect(logLines().some((line) => line.msg === "party onConnect" && line.requestId === requestId && line.route === "party:ReaderPresence")).toBe(true);
    // The room's leaving step fails, as a broken write would.
    await runInDurableObject(presenceRoom(), (instance) => {
      (instance as unknown as { leave: () => Promise<void> }).leave = async () => {
        throw new Error(`Could not record that ${email} left after 3 tries`);
      };
    });
    try {
      ws.close(1000, "done");
      const reports = await reportsOf(requestId);
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({ source: "party", type: "Error", route: "party:ReaderPresence", count: 1 });
      expect(reports[0]!.message).toBe("Could not record that [email] left after 3 tries");
      expectNoPersonalData(reports[0], [email, cookie.split("=")[1]!]);
    } finally {
      await runInDurableObject(presenceRoom(), (instance) => void delete (instance as unknown as { leave?: unknown }).leave);
    }
  });

  it("reports an error of its alarm once, with the alarm's own request id, which its log lines carry", async () => {
    await runInDurableObject(presenceRoom(), async (instance, state) => {
      (instance as unknown as { settleLeaving: () => Promise<void> }).settleLeaving = async () => {
        throw new Error("Presence alarm could not settle who left");
      };
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    try {
      await runDurableObjectAlarm(presenceRoom()).catch(() => undefined);
      await expect
        .poll(async () => (await db().select().from(errorGroups).where(eq(errorGroups.message, "Presence alarm could not settle who left"))).length, {
          timeout: 5_000,
        })
        .toBe(1);
      const [report] = await db().select().from(errorGroups).where(eq(errorGroups.message, "Presence alarm could not settle who left"));
      expect(report).toMatchObject({ source: "party", route: "party:ReaderPresence", count: 1 });
      expect(logLines().some((line) => line.msg === "party onAlarm" && line.requestId === report!.requestId)).toBe(true);
    } finally {
      await runInDurableObject(presenceRoom(), async (instance, state) => {
        delete (instance as unknown as { settleLeaving?: unknown }).settleLeaving;
        await state.storage.deleteAlarm();
      });
    }
  });
});

describe("errors thrown in a browser", () => {
  it("are taken as a small form, reported under the page's route, and refused when malformed or too many", async () => {
    const ip = { "cf-connecting-ip": "192.0.2.77" };
    const sent = await post(
      "/errors",
      {
        type: "TypeError",
        message: "cards is undefined",
        stack: "TypeError: x\n    at drawSpread (https://arcanum.test/assets/room-1a2b.js:1:2345)",
        path: "/readings/0123456789abcdef0123",
      },
      { headers: ip },
    );
    expect(sent.status).toBe(204);
    const [report] = await reportsOf(sent.headers.get("x-request-id")!);
    expect(report).toMatchObject({
      source: "browser",
      type: "TypeError",
      route: "/readings/:id",
      frame: "drawSpread (https://arcanum.test/assets/room-1a2b.js)",
    });
    expect((await post("/errors", { message: "no type" }, { headers: ip })).status).toBe(400);
    expect((await post("/errors", { type: "Error", message: "x", path: "/a?token=secret" }, { headers: ip })).status).toBe(400);
    let status = 204;
    for (let i = 0; i < 40 && status !== 429; i++)
      status = (await post("/errors", { type: "Error", message: `flood ${i}`, path: "/" }, { headers: ip })).status;
    expect(status).toBe(429);
  });
});

describe("metrics", () => {
  it("note each request's latency and D1 round trips by route, summed a few seconds at a time, and the staff's health page draws them with the error groups", async () => {
    const before = Date.now();
    const cookie = await signInAs(MEMBER_ID);
    // Three at once, so they fall within one gathering (the tests' LOCAL_FLUSH_MS is short).
    await Promise.all([0, 1, 2].map(() => visit("/cards", { cookie })));
    const rows = async () => (await db().select().from(metricPoints).where(eq(metricPoints.label, "routes/_main.cards._index"))).filter((p) => p.at >= before);
    const counted = async () => {
      const byName: Record<string, number> = {};
      for (const row of await rows()) byName[row.name] = (byName[row.name] ?? 0) + row.count;
      return byName;
    };
    await expect.poll(counted, { timeout: 8_000 }).toEqual({ "d1-round-trips": 3, "request-ms": 3 });
    // Written together rather than a row a request.
    expect((await rows()).length).toBeLessThan(6);
    // The route slowest on average in the rows, whichever that is on this machine, read before the
    // page is asked for: the page's own request is noted only after it has answered.
    const byRoute = new Map<string, { count: number; total: number }>();
    for (const row of await db().select().from(metricPoints).where(eq(metricPoints.name, "request-ms"))) {
      const seen = byRoute.get(row.label) ?? { count: 0, total: 0 };
      byRoute.set(row.label, { count: seen.count + row.count, total: seen.total + row.value });
    }
    const [slowest] = [...byRoute].sort(([, a], [, b]) => b.total / b.count - a.total / a.count);
    expect(slowest).toBeDefined();
    const staff = await signInAs(STAFF_MEMBER_ID);
    const page = await visit("/staff/health", { cookie: staff });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("AI failure rate");
    // The page's list leads with it.
    expect(html.match(/Slowest routes<\/h2><ol[^>]*><li[^>]*><code[^>]*>([^<]+)<\/code>/)?.[1]).toBe(slowest![0]);
    expect(html).toMatch(/<svg[^>]*aria-label="Requests, the last 7 days/);
  });
});

describe("the real adapters at their HTTP boundary", () => {
  it("Sentry gets an envelope at the DSN's host with the request id and route, and no cookie, e-mail, body or query value", async () => {
    const posted: { url: string; body: string }[] = [];
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      posted.push({ url: String(input), body: typeof init?.body === "string" ? init.body : new TextDecoder().decode(init?.body as Uint8Array) });
      return new Response("{}", { status: 200 });
    }) as typeof fetch;
    const request = new Request("https://arcanum.test/login?email=ana%40example.com&token=abcdef", {
      method: "POST",
      headers: { cookie: "arcanum_session=secret-session", authorization: "Bearer tok", "user-agent": "Test" },
      body: "email=ana@example.com",
    });
    const scope = openScope({ requestId: "req-observe-1", route: "routes/_main.login", request, env, config: null, waitUntil: () => undefined });
    const report = await reportOf(
      { type: "TypeError", message: "no account for ana@example.com", stack: "TypeError\n    at signIn (app.js:1:2)" },
      { source: "server", requestId: scope.requestId, route: scope.route, userId: "user-1" },
    );
    await sentryReporter("https://publickey@o1.ingest.sentry.io/4242", fetcher).send(report, scope);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toContain("o1.ingest.sentry.io/api/4242/envelope/");
    expect(posted[0]!.body).toContain("req-observe-1");
    expect(posted[0]!.body).toContain("routes/_main.login");
    expect(posted[0]!.body).toContain("[email]");
    expectNoPersonalData(posted[0]!.body, ["ana@example.com", "ana%40example.com", "secret-session", "Bearer tok", "abcdef"]);
  });

  it("Analytics Engine is read through its SQL API with the account token", async () => {
    let asked: Request | undefined;
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      asked = new Request(input, init);
      return Response.json({ data: [{ name: "request-ms", label: "routes/_main._index", day: "2026-11-26", count: "3", total: "42" }] });
    }) as typeof fetch;
    const rows = await analyticsEngineReader({ accountId: "a".repeat(32), token: "read-token" }, fetcher).read(7);
    expect(rows).toEqual([{ name: "request-ms", label: "routes/_main._index", day: "2026-11-26", count: 3, total: 42 }]);
    expect(asked!.url).toBe(`https://api.cloudflare.com/client/v4/accounts/${"a".repeat(32)}/analytics_engine/sql`);
    expect(asked!.headers.get("authorization")).toBe("Bearer read-token");
    expect(await asked!.text()).toMatch(/FROM arcanum_metrics WHERE timestamp > NOW\(\) - INTERVAL '7' DAY/);
  });
});
