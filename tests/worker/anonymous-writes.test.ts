/**
 * What a request costs the database when nobody is signed in: nothing. Health checks, unknown
 * paths, public pages fetched by programs and crawlers, made-up API tokens and refused posts read
 * at most; every table (whatever its name, so a new one cannot hide a write) holds the same rows
 * after them as before, also once the metrics kept in memory have been flushed. In production the
 * metrics never reach D1 at all: Analytics Engine when bound, else none, said once.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { app, get, ORIGIN, post, signInAs } from "./helpers";

const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long metrics gather in memory before they are written, as the tests' configuration sets it (vitest.config.ts). */
const flushMs = Number((env as unknown as { LOCAL_FLUSH_MS: string }).LOCAL_FLUSH_MS);

/** Every table's rows, as text, by table: SQLite's and D1's own bookkeeping left out. */
async function everyRow(): Promise<Record<string, string>> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY name",
  ).all<{ name: string }>();
  const tables: Record<string, string> = {};
  for (const { name } of results) {
    const rows = (await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results.map((row) => JSON.stringify(row)).sort();
    tables[name] = `${rows.length} ${rows.join("\n")}`;
  }
  return tables;
}

/** The rows once nothing written after an earlier request is still on its way. */
async function settledRows(): Promise<Record<string, string>> {
  let before = await everyRow();
  for (let round = 0; round < 5; round++) {
    await sleep(flushMs + 500);
    const after = await everyRow();
    if (JSON.stringify(after) === JSON.stringify(before)) return after;
    before = after;
  }
  throw new Error("the database kept changing with no request being made");
}

const madeUpToken = (i: number) => `arcanum_pat_${crypto.randomUUID().replaceAll("-", "")}${i}`;

describe("anonymous requests", () => {
  it("write no row: health checks, 404s, public pages, made-up API tokens and refused posts", async () => {
    const before = await settledRows();
    const statuses: string[] = [];
    const note = async (what: string, response: Promise<Response>) => {
      const answer = await response;
      await answer.arrayBuffer();
      statuses.push(`${what} ${answer.status}`);
    };
    for (let i = 0; i < 10; i++) await note("health", get("/healthz"));
    for (let i = 0; i < 6; i++) await note("unknown", get(`/no-such-page-${i}`));
    for (let i = 0; i < 4; i++) await note("unknown", get(`/no-such-page-${i}`, { headers: { "user-agent": CRAWLER, accept: "text/html" } }));
    for (const path of ["/marketplace", "/cards", "/pricing", "/readers", "/cards/major-00"]) {
      await note("public", get(path));
      await note("public", get(path, { headers: { "user-agent": CRAWLER, accept: "text/html" } }));
    }
    for (let i = 0; i < 10; i++) {
      await note("api", app.fetch(`${ORIGIN}/api/v1/decks`, { headers: { authorization: `Bearer ${madeUpToken(i)}` } }));
    }
    for (let i = 0; i < 5; i++) {
      await note(
        "api",
        app.fetch(`${ORIGIN}/api/v1/decks`, {
          method: "POST",
          headers: { authorization: `Bearer ${madeUpToken(i)}`, "content-type": "application/json", "idempotency-key": `made-up-${i}` },
          body: JSON.stringify({ theme: "Harbour", style: "watercolour", kind: "major" }),
        }),
      );
    }
    for (let i = 0; i < 5; i++) await note("refused", post("/theme", { theme: "dark" }, { origin: "https://elsewhere.example" }));
    expect(statuses).toHaveLength(50);
    expect(new Set(statuses)).toEqual(new Set(["health 200", "unknown 404", "public 200", "api 401", "refused 403"]));

    const after = await settledRows();
    const changed = Object.keys({ ...before, ...after }).filter((table) => after[table] !== before[table]);
    expect(changed.map((table) => `${table}: ${before[table]?.split(" ")[0] ?? "none"} rows before, ${after[table]?.split(" ")[0] ?? "none"} after`)).toEqual(
      [],
    );
  }, 60_000);
});

describe("metrics in production", () => {
  afterEach(() => vi.restoreAllMocks());

  async function asDeployed(path: string, cookie: string, bindings: Partial<Env>) {
    const ctx = createExecutionContext();
    const request = new Request(`https://arcanum.test${path}`, { headers: { cookie: `__Host-${cookie}` } });
    const vars = { APP_ENV: undefined, AUTH_SECRET: "cd".repeat(32) };
    const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, { ...env, ...vars, ...bindings } as Env, ctx);
    await response.arrayBuffer();
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("go to Analytics Engine when it is bound, and nowhere without it, with one warning; never to D1", async () => {
    const cookie = await signInAs("seed-user-demo");
    const before = await settledRows();
    const points: AnalyticsEngineDataPoint[] = [];
    const bound = { writeDataPoint: (point?: AnalyticsEngineDataPoint) => void points.push(point!) } as AnalyticsEngineDataset;
    expect((await asDeployed("/collection", cookie, { METRICS: bound })).status).toBe(200);
    expect(points.map((point) => point.indexes?.[0]).sort()).toEqual(["d1-round-trips", "request-ms"]);
    expect(points.every((point) => point.blobs?.[1] === "routes/_main.collection._index")).toBe(true);

    const warned: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((line: unknown) => void warned.push(String(line)));
    for (let i = 0; i < 3; i++) expect((await asDeployed("/collection", cookie, { METRICS: undefined })).status).toBe(200);
    expect(warned.filter((line) => line.includes("metrics off"))).toHaveLength(1);
    expect((await settledRows()).metric_points).toBe(before.metric_points);
  }, 60_000);
});
