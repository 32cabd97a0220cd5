// `npm run bench:marketplace`: the marketplace with 5,000 listed decks, measured under `wrangler dev`
// against the constant route in the same run; writes bench-results/marketplace.json.
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { memberSessions } from "../tests/e2e/local-state";
import { freePort, prepareState, projectRoot, startServer } from "./local-app.mjs";
import { wranglerEnv } from "./wrangler-env.mjs";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 5000);
const SEARCH = "/marketplace?q=moon&max=20&kind=complete&sort=top-rated";

const TARGETS = { searchP99Ratio: 3 };

type Load = { path: string; who: string; requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number };

async function load(url: string, pathname: string, cookie?: string): Promise<Load> {
  const result = await autocannon({ url: url + pathname, connections: CONNECTIONS, duration: DURATION_S, headers: cookie ? { cookie } : {} });
  return {
    path: pathname,
    who: cookie ? "member" : "visitor",
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

function tsx(script: string, env: Record<string, string>, args: string[] = []) {
  return execFileSync(process.execPath, [path.join(projectRoot, "node_modules", "tsx", "dist", "cli.mjs"), path.join(projectRoot, script), ...args], {
    cwd: projectRoot,
    env: wranglerEnv(env),
    encoding: "utf8",
  });
}

const state = mkdtempSync(path.join(tmpdir(), "arcanum-bench-marketplace-"));
prepareState(state);
console.log(tsx("scripts/bench-marketplace-data.ts", { ARCANUM_PERSIST_TO: state, BENCH_LISTINGS: String(LISTINGS) }).trim());
// Visitors get shared copies of public pages; a member's page is rendered, and queried, for each request.
const cookie = `arcanum_session=${(await memberSessions(state, { demo: "seed-user-demo" })).demo}`;
// Without wrangler's debugger, which costs every D1 query a relayed event (docs/decisions/0047-members-pages.md).
const server = await startServer({ port: await freePort(), persistTo: state, logLevel: "error", stdio: "ignore", inspector: false, direct: true });
try {
  const check = await (await fetch(server.url + SEARCH, { headers: { cookie } })).text();
  const found = check.match(/([\d,]+) decks? matching/)?.[1] ?? "0";
  // Warm each page as each kind of visitor, so the first wave of misses is not what is measured.
  for (const warm of ["/healthz", "/marketplace", SEARCH]) {
    await load(server.url, warm).catch(() => undefined);
    if (warm !== "/healthz") await load(server.url, warm, cookie).catch(() => undefined);
  }

  const constant = await load(server.url, "/healthz");
  const rows = [
    constant,
    await load(server.url, "/marketplace"),
    await load(server.url, SEARCH),
    await load(server.url, "/marketplace", cookie),
    await load(server.url, SEARCH, cookie),
  ];
  const withRatios = rows.map((row) => ({
    ...row,
    throughputRatio: +(row.requestsPerSecond / constant.requestsPerSecond).toFixed(2),
    p99Ratio: +(row.p99Ms / constant.p99Ms).toFixed(2),
  }));
  const search = withRatios[4]!;
  // What the search itself costs a member: its throughput against the plain shop's, both rendered each time.
  const searchAgainstShop = +(search.requestsPerSecond / withRatios[3]!.requestsPerSecond).toFixed(2);
  const report = {
    measuredAt: new Date().toISOString(),
    machine: { node: process.version, durationSeconds: DURATION_S, connections: CONNECTIONS },
    listings: LISTINGS,
    search: { path: SEARCH, matches: Number(found.replace(/,/g, "")) },
    load: {
      constant: withRatios[0],
      marketplace: withRatios[1],
      search: withRatios[2],
      memberMarketplace: withRatios[3],
      memberSearch: search,
    },
    memberSearchThroughputAgainstShop: searchAgainstShop,
    targets: TARGETS,
  };
  const out = path.join(projectRoot, "bench-results");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "marketplace.json"), JSON.stringify(report, null, 2) + "\n");

  console.log(`\nMarketplace with ${LISTINGS} listings (${CONNECTIONS} connections, ${DURATION_S} s each); search matches ${found}`);
  for (const row of withRatios) {
    console.log(
      `  ${row.path.padEnd(58)} ${row.who.padEnd(8)} ${String(row.requestsPerSecond).padStart(6)} req/s (×${row.throughputRatio})   p50 ${String(row.p50Ms).padStart(5)} ms   p99 ${String(row.p99Ms).padStart(5)} ms (×${row.p99Ratio})   errors ${row.errors + row.non2xx}`,
    );
  }
  console.log(`A member's search runs at ${searchAgainstShop}× the throughput of the plain shop (the search's own cost at ${LISTINGS} listings)`);
  const ok = search.p99Ratio < TARGETS.searchP99Ratio;
  console.log(`Search (member, rendered each time) p99 ratio ${search.p99Ratio} (target < ${TARGETS.searchP99Ratio}: ${ok ? "meets" : "MISSES"})`);
  console.log(`Saved to bench-results/marketplace.json`);
} finally {
  await server.stop();
  rmSync(state, { recursive: true, force: true });
}
