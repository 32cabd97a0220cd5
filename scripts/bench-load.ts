// Load on one page for `npm run bench`: requests a second and latencies, and a page measured in
// rounds against a static file served by the same runtime, so a slower constant route cannot hide a
// slower page.
import autocannon from "autocannon";

/** Each pass over one page: seconds and connections (the members' rounds use ROUND_S). */
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Members' pages are measured in rounds, each right after a round of the constant route, so drift on a busy machine hits both. */
export const ROUNDS = 3;
export const ROUND_S = Number(process.env.BENCH_ROUND_DURATION ?? 4);
/** What every page is compared with: a file of the build's static assets, which the runtime serves without the Worker. */
export const STATIC_FILE = "/favicon.svg";

export type Load = { path: string; who: string; requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number };

export async function load(url: string, pathname: string, cookie?: string, connections = CONNECTIONS, duration = DURATION_S): Promise<Load> {
  const result = await autocannon({
    url: url + pathname,
    connections,
    duration,
    headers: cookie ? { cookie } : {},
  });
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

/**
 * A page against the static file: `ROUNDS` rounds of the static file then the page, `ROUND_S`
 * seconds each, so drift on a busy machine hits both; the ratio is the median of the rounds'
 * ratios, the latencies the page's median round.
 */
export async function againstStatic(url: string, pathname: string, cookie?: string) {
  const rounds: { reference: Load; page: Load; ratio: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const reference = await load(url, STATIC_FILE, undefined, CONNECTIONS, ROUND_S);
    const page = await load(url, pathname, cookie, CONNECTIONS, ROUND_S);
    rounds.push({ reference, page, ratio: page.requestsPerSecond / Math.max(reference.requestsPerSecond, 1) });
  }
  const middle = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(ROUNDS / 2)]!;
  console.log(`  measured ${pathname}${cookie ? " (member)" : ""}: rounds ${rounds.map((round) => round.ratio.toFixed(2)).join(" ")} of ${STATIC_FILE}`);
  return {
    ...middle.page,
    staticRequestsPerSecond: middle.reference.requestsPerSecond,
    staticP99Ms: middle.reference.p99Ms,
    staticRatio: +middle.ratio.toFixed(2),
    roundRatios: rounds.map((round) => +round.ratio.toFixed(2)),
    errors: rounds.reduce((sum, round) => sum + round.page.errors, 0),
    non2xx: rounds.reduce((sum, round) => sum + round.page.non2xx, 0),
  };
}

export type PageRow = Awaited<ReturnType<typeof againstStatic>>;

export const mark = (ok: boolean) => (ok ? "meets" : "MISSES");

export function pageTable(title: string, rows: PageRow[], target: number | null) {
  console.log(title);
  for (const row of rows) {
    const verdict = target === null ? "" : `: ${mark(row.staticRatio >= target)}`;
    console.log(
      `  ${row.path.padEnd(40)} ${String(row.requestsPerSecond).padStart(6)} req/s (×${row.staticRatio}${verdict}; rounds ${row.roundRatios.join(" ")})   p50 ${String(row.p50Ms).padStart(4)} ms   p99 ${String(row.p99Ms).padStart(5)} ms   errors ${row.errors + row.non2xx}`,
    );
  }
}
