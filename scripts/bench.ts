// `npm run bench`: measures the local build (the production build plus the dev mailbox, which the
// member signs in through) under `wrangler dev` and writes bench-results/latest.json.
// Figures, not pass/fail tests: each target is printed next to its figure.
// It first measures the Worker itself (a production build: its upload and its startup CPU), and
// ends with the reading room's delivery times (scripts/room-delivery.ts, also in bench-results/room.json);
// `npm run bench -- --worker-only` measures just that and keeps the rest of latest.json;
// `npm run bench -- --members-only` measures just the members' pages as served, and keeps the rest.
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { freePort, prepareState, projectRoot, startServer } from "./local-app.mjs";
import { measureRoomDelivery, roomVerdict, saveRoomDelivery, startRoomServer, type RoomDelivery } from "./room-delivery";
import { formatBytes, measureStartup, measureUpload, UPLOAD_GZIP_LIMIT } from "./worker-size.mjs";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Members' pages are measured in rounds, each right after a round of the constant route, so drift on a busy machine hits both. */
const ROUNDS = 3;
const ROUND_S = Number(process.env.BENCH_ROUND_DURATION ?? 4);
const LIGHTHOUSE_RUNS = 3;
/** The simulated distance to the database for the second pass (D1_LATENCY_MS), and the round trips a member's page may wait for. */
const D1_LATENCY_MS = Number(process.env.BENCH_D1_LATENCY_MS ?? 80);
const MEMBER_PAGE_ROUND_TRIPS = 2;
const MEMBER_DECK = "/collection/seed-deck-autumn-lanterns";
/** The seeded member who owns MEMBER_DECK, signed in through the dev mailbox as a person would. */
const MEMBER_EMAIL = "demo@example.com";
const MEMBER_PAGES = ["/", "/marketplace", "/collection", MEMBER_DECK, "/journal", "/pricing", "/readers", "/balance", "/sales"];
/** A page of the tarot library, as visitors read it. */
const LIBRARY_CARD = "/cards/major-17";
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const TARGETS = {
  ssrThroughputRatio: 0.5,
  memberThroughputRatio: 0.5,
  homeJsGzipKb: 120,
  lighthousePerformance: 0.95,
  lighthouseAccessibility: 1,
  workerUploadGzipMb: 1.5,
  workerStartupCpuMs: 50,
};
const STARTUP_RUNS = 5;

/**
 * The Worker as it would be deployed: a production build in a folder of its own (with the list of
 * its largest modules), what wrangler would upload for it, and its startup CPU, the least and the
 * median of several runs (the machine is shared, so single runs vary by several times).
 */
function measureWorker() {
  // Inside the project: the server build names its fonts and WebAssembly by paths that resolve through node_modules.
  const buildDirectory = path.join(projectRoot, "build-bench");
  rmSync(buildDirectory, { recursive: true, force: true });
  const reportFile = path.join(buildDirectory, "modules.json");
  try {
    const build = spawnSync("npx", ["remix", "vite:build"], {
      cwd: projectRoot,
      env: { ...process.env, ARCANUM_BUILD_DIR: buildDirectory, ARCANUM_BUNDLE_REPORT: reportFile },
      stdio: "ignore",
    });
    if (build.status !== 0) throw new Error("the production build failed");
    const upload = measureUpload(buildDirectory);
    const startups = Array.from({ length: STARTUP_RUNS }, () => measureStartup(buildDirectory).cpuMs).sort((a, b) => a - b);
    const bundle = JSON.parse(readFileSync(reportFile, "utf8")) as { packages: Record<string, number>; modules: Record<string, number> };
    const top = (sizes: Record<string, number>) => Object.fromEntries(Object.entries(sizes).slice(0, 15));
    return {
      uploadBytes: upload.bytes,
      uploadGzipBytes: upload.gzipBytes,
      wranglerSays: upload.wranglerSays,
      files: upload.files,
      startupCpuMs: { least: startups[0]!, median: startups[Math.floor(startups.length / 2)]!, runs: startups },
      serverBuildLargest: { packages: top(bundle.packages), modules: top(bundle.modules) },
    };
  } finally {
    rmSync(buildDirectory, { recursive: true, force: true });
  }
}

function printWorker(worker: ReturnType<typeof measureWorker>) {
  const gzipMb = worker.uploadGzipBytes / 1024 / 1024;
  console.log(
    `Worker upload: ${formatBytes(worker.uploadBytes)}, ${formatBytes(worker.uploadGzipBytes)} gzipped (target < ${TARGETS.workerUploadGzipMb} MB: ${gzipMb < TARGETS.workerUploadGzipMb ? "meets" : "MISSES"}; the suite fails over ${formatBytes(UPLOAD_GZIP_LIMIT)})`,
  );
  for (const file of worker.files.slice(0, 4)) console.log(`  ${file.name.padEnd(48)} ${formatBytes(file.bytes)}, ${formatBytes(file.gzipBytes)} gzipped`);
  const startup = worker.startupCpuMs;
  console.log(
    `Worker startup CPU: least ${startup.least} ms, median ${startup.median} ms of ${STARTUP_RUNS} runs (target < ${TARGETS.workerStartupCpuMs} ms: ${startup.least < TARGETS.workerStartupCpuMs ? "meets" : "MISSES"})`,
  );
  console.log("Largest packages of the server build (bytes as rendered, before minifying):");
  for (const [name, bytes] of Object.entries(worker.serverBuildLargest.packages).slice(0, 8)) console.log(`  ${name.padEnd(32)} ${String(bytes).padStart(9)}`);
}

const membersOnly = process.argv.includes("--members-only");
const worker = membersOnly ? null : measureWorker();
if (worker) printWorker(worker);
const latest = path.join(projectRoot, "bench-results", "latest.json");
if (process.argv.includes("--worker-only")) {
  const kept = existsSync(latest) ? JSON.parse(readFileSync(latest, "utf8")) : {};
  writeFileSync(
    latest,
    JSON.stringify({ ...kept, worker: { measuredAt: new Date().toISOString(), ...worker }, targets: { ...kept.targets, ...TARGETS } }, null, 2) + "\n",
  );
  console.log("Saved the Worker's figures to bench-results/latest.json");
  process.exit(0);
}

type Load = { path: string; who: string; requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number };

async function load(url: string, pathname: string, cookie?: string, connections = CONNECTIONS, duration = DURATION_S): Promise<Load> {
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

/** Gzip size of every script the home page loads: the entry and each modulepreload. */
async function homeJavaScript(url: string) {
  const html = await (await fetch(url + "/")).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) sources.add(match[1]!);
  let raw = 0;
  let gzip = 0;
  for (const src of sources) {
    const bytes = Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer());
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: sources.size, rawKb: +(raw / 1024).toFixed(1), gzipKb: +(gzip / 1024).toFixed(1) };
}

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Signs the member in through the sign-in page and the link the dev mailbox holds, in the Chrome
 * listening on `port`; returns the session cookie it was given.
 */
async function signInThroughMailbox(url: string, port: number): Promise<string> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel("Email").fill(MEMBER_EMAIL);
  await page.getByRole("button", { name: /Send Magic Link|Sign In/ }).click();
  await page.getByRole("heading", { name: "Magic Link Sent!" }).waitFor();
  await page.goto(`${url}/dev/mailbox?to=${encodeURIComponent(MEMBER_EMAIL)}`);
  await page.getByRole("link", { name: "Open sign-in link" }).first().click();
  await page.waitForURL((address) => address.pathname === "/");
  const session = (await context.cookies(url)).find((cookie) => cookie.name === "arcanum_session");
  if (!session || !session.value.startsWith("m.")) throw new Error("the sign-in through the dev mailbox gave no member session");
  await page.close();
  return `${session.name}=${session.value}`;
}

/**
 * The member's session for the whole run: one sign-in through the dev mailbox, in a browser of its
 * own (the sign-in page allows five links per address and e-mail in 15 minutes, as it should).
 */
async function memberCookie(url: string): Promise<string> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    return await signInThroughMailbox(url, chrome.port);
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The session in a fresh Chrome's cookie jar, as if that browser had signed in (Lighthouse keeps cookies between its steps). */
async function carrySession(url: string, port: number, cookie: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const [name, ...value] = cookie.split("=");
  await browser.contexts()[0]!.addCookies([{ name: name!, value: value.join("="), url, httpOnly: true, sameSite: "Lax" }]);
}

/**
 * One Lighthouse run in a fresh Chrome; for a member, one carrying the session signed in through
 * the dev mailbox. A run whose trace Lighthouse could not read (it reports a runtime error such as
 * NO_NAVSTART and asks to be run again) is run again, up to twice, rather than counted as a zero.
 */
async function lighthouseRun(url: string, pathname: string, as: "visitor" | "member") {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    try {
      if (as === "member") await carrySession(url, chrome.port, cookie);
      const { lhr } = (await lighthouse(url + pathname, { port: chrome.port, output: "json", logLevel: "error" }))!;
      if (lhr.runtimeError && attempt < 3) {
        console.log(`Lighthouse on ${pathname} failed (${lhr.runtimeError.code}); running it again`);
        continue;
      }
      return Object.fromEntries(Object.entries(lhr.categories).map(([key, c]) => [key, c.score ?? 0]));
    } finally {
      chrome.kill();
    }
  }
}

/** Lighthouse's median of `LIGHTHOUSE_RUNS`. */
async function lighthouseScores(url: string, pathname: string, as: "visitor" | "member") {
  const runs: Record<string, number>[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseRun(url, pathname, as));
  const keys = ["performance", "accessibility", "best-practices", "seo"];
  return { runs, median: Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k] ?? 0))])) };
}

/**
 * A member's page against the constant route: `ROUNDS` rounds of the constant route then the page,
 * `ROUND_S` seconds each; the ratio is the median of the rounds' ratios, the latencies the page's
 * median round.
 */
async function memberRounds(url: string, pathname: string, cookie: string) {
  const rounds: { constant: Load; page: Load; ratio: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const constant = await load(url, "/healthz", undefined, CONNECTIONS, ROUND_S);
    const page = await load(url, pathname, cookie, CONNECTIONS, ROUND_S);
    rounds.push({ constant, page, ratio: page.requestsPerSecond / Math.max(constant.requestsPerSecond, 1) });
  }
  const middle = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(ROUNDS / 2)]!;
  console.log(`  measured ${pathname}: rounds ${rounds.map((round) => round.ratio.toFixed(2)).join(" ")} of /healthz`);
  return {
    ...middle.page,
    constantRequestsPerSecond: middle.constant.requestsPerSecond,
    throughputRatio: +middle.ratio.toFixed(2),
    roundRatios: rounds.map((round) => +round.ratio.toFixed(2)),
    errors: rounds.reduce((sum, round) => sum + round.page.errors, 0),
    non2xx: rounds.reduce((sum, round) => sum + round.page.non2xx, 0),
  };
}

type MemberRow = Awaited<ReturnType<typeof memberRounds>>;

const mark = (ok: boolean) => (ok ? "meets" : "MISSES");

function memberTable(title: string, rows: MemberRow[], target: boolean) {
  console.log(title);
  for (const row of rows) {
    const verdict = target ? `: ${mark(row.throughputRatio >= TARGETS.memberThroughputRatio)}` : "";
    console.log(
      `  ${row.path.padEnd(40)} ${String(row.requestsPerSecond).padStart(6)} req/s (×${row.throughputRatio}${verdict}; rounds ${row.roundRatios.join(" ")})   p50 ${String(row.p50Ms).padStart(4)} ms   p99 ${String(row.p99Ms).padStart(5)} ms   errors ${row.errors + row.non2xx}`,
    );
  }
}

const state = mkdtempSync(path.join(tmpdir(), "arcanum-bench-"));
prepareState(state);
let cookie = "";
// wrangler's dev server without its debugger, which relays several events per D1 query to the
// wrangler process: a cost of the debugger, not of the Worker (docs/decisions/0047-members-pages.md).
// The load goes to the Worker's runtime itself, not through wrangler's dev proxy, which has no
// counterpart when deployed and now and then loses a request (docs/decisions/0087).
const started = async (vars: Record<string, string> = {}) => {
  const server = await startServer({ port: await freePort(), persistTo: state, logLevel: "error", stdio: "ignore", inspector: false, direct: true, vars });
  for (const warm of ["/healthz", "/", "/marketplace", LIBRARY_CARD]) await load(server.url, warm, undefined, 10, 2).catch(() => undefined);
  // The sessions live in the state folder, so one sign-in serves every server of the run.
  cookie ||= await memberCookie(server.url);
  for (const page of MEMBER_PAGES) await load(server.url, page, cookie, 10, 2).catch(() => undefined);
  return server;
};

if (membersOnly) {
  const server = await started();
  try {
    const memberPages: MemberRow[] = [];
    for (const page of MEMBER_PAGES) memberPages.push(await memberRounds(server.url, page, cookie));
    const kept = existsSync(latest) ? JSON.parse(readFileSync(latest, "utf8")) : {};
    const report = { ...kept, load: { ...kept.load, memberPages, memberPagesMeasuredAt: new Date().toISOString() }, targets: { ...kept.targets, ...TARGETS } };
    writeFileSync(latest, JSON.stringify(report, null, 2) + "\n");
    memberTable(
      `Members' pages (${ROUNDS} rounds of ${ROUND_S} s against the constant route; target ≥ ${TARGETS.memberThroughputRatio} of /healthz)`,
      memberPages,
      true,
    );
    console.log("Saved the members' pages to bench-results/latest.json");
  } finally {
    await server.stop();
    rmSync(state, { recursive: true, force: true });
  }
  process.exit(0);
}

const server = await started();
try {
  const constant = await load(server.url, "/healthz");
  // Signed-out visitors get shared copies of public pages.
  const home = await load(server.url, "/");
  const marketplace = await load(server.url, "/marketplace");
  const libraryCard = await load(server.url, LIBRARY_CARD);
  const ratio = (page: Load) => ({
    throughputRatio: +(page.requestsPerSecond / constant.requestsPerSecond).toFixed(2),
    p99Ratio: +(page.p99Ms / constant.p99Ms).toFixed(2),
  });
  // Members' pages, as served: one round trip, and the render reused while the data is the same.
  const memberPages: MemberRow[] = [];
  for (const page of MEMBER_PAGES) memberPages.push(await memberRounds(server.url, page, cookie));
  // One request at a time, for latency without queueing: near here, then with every D1 round trip made far.
  const quiet = async (url: string) => {
    const rows = [await load(url, "/healthz", undefined, 1)];
    for (const page of MEMBER_PAGES) rows.push(await load(url, page, cookie, 1));
    return rows;
  };
  const near = await quiet(server.url);
  const javascript = await homeJavaScript(server.url);
  const lighthouseResult = {
    visitorHome: await lighthouseScores(server.url, "/", "visitor"),
    memberHome: await lighthouseScores(server.url, "/", "member"),
    memberDeck: await lighthouseScores(server.url, MEMBER_DECK, "member"),
  };
  await server.stop();

  // The same pages rendered for every request, to see what a render costs.
  const renderServer = await started({ RENDER_MEMO: "off" });
  const renderedPages: MemberRow[] = [];
  try {
    for (const page of MEMBER_PAGES) renderedPages.push(await memberRounds(renderServer.url, page, cookie));
  } finally {
    await renderServer.stop();
  }

  const farServer = await started({ D1_LATENCY_MS: String(D1_LATENCY_MS) });
  let far: Load[];
  try {
    far = await quiet(farServer.url);
  } finally {
    await farServer.stop();
  }
  // The reading room on a server of its own, where every seated browser may be a guest from here;
  // it needs none of the pages' warming.
  const roomServer = await startRoomServer(state);
  let room: RoomDelivery;
  try {
    room = await measureRoomDelivery(roomServer.url);
  } finally {
    await roomServer.stop();
  }
  saveRoomDelivery(room);

  const distant = MEMBER_PAGES.map((page, i) => {
    const budgetMs = near[i + 1]!.p50Ms + MEMBER_PAGE_ROUND_TRIPS * D1_LATENCY_MS;
    return { path: page, nearP50Ms: near[i + 1]!.p50Ms, farP50Ms: far[i + 1]!.p50Ms, budgetMs, meets: far[i + 1]!.p50Ms <= budgetMs };
  });

  const report = {
    measuredAt: new Date().toISOString(),
    machine: {
      node: process.version,
      durationSeconds: DURATION_S,
      connections: CONNECTIONS,
      memberRounds: ROUNDS,
      memberRoundSeconds: ROUND_S,
      inspector: false,
      memberSignedIn: "through the dev mailbox",
    },
    load: {
      constant,
      home: { ...home, ...ratio(home) },
      marketplace: { ...marketplace, ...ratio(marketplace) },
      libraryCard: { ...libraryCard, ...ratio(libraryCard) },
      memberPages,
      memberPagesRenderedEachTime: renderedPages,
    },
    // p50 of one request at a time, with D1 here and with each D1 round trip made distant;
    // the budget is the near p50 (constant route + render + local queries) plus two far round trips.
    distantDatabase: { latencyMs: D1_LATENCY_MS, constantNearP50Ms: near[0]!.p50Ms, constantFarP50Ms: far[0]!.p50Ms, pages: distant },
    homeJavaScript: javascript,
    lighthouse: lighthouseResult,
    room,
    worker,
    targets: TARGETS,
  };
  const out = path.join(projectRoot, "bench-results");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "latest.json"), JSON.stringify(report, null, 2) + "\n");

  console.log(`\nVisitors (${CONNECTIONS} connections, ${DURATION_S} s each; shared copies of public pages)`);
  for (const row of [constant, home, marketplace, libraryCard]) {
    console.log(
      `  ${row.path.padEnd(13)} ${String(row.requestsPerSecond).padStart(6)} req/s   p99 ${String(row.p99Ms).padStart(5)} ms   errors ${row.errors + row.non2xx}`,
    );
  }
  const l = report.load;
  for (const [name, page] of [
    ["/", l.home],
    ["/marketplace", l.marketplace],
    [LIBRARY_CARD, l.libraryCard],
  ] as const) {
    console.log(
      `  ${name.padEnd(13)} throughput ratio ${page.throughputRatio} (target ≥ ${TARGETS.ssrThroughputRatio}: ${mark(page.throughputRatio >= TARGETS.ssrThroughputRatio)}), p99 ratio ${page.p99Ratio}`,
    );
  }
  memberTable(
    `Members' pages (${ROUNDS} rounds of ${ROUND_S} s against the constant route; target ≥ ${TARGETS.memberThroughputRatio} of /healthz)`,
    memberPages,
    true,
  );
  memberTable(`The same, rendered for every request (RENDER_MEMO=off)`, renderedPages, false);
  console.log(
    `Members' pages one at a time, D1 here and ${D1_LATENCY_MS} ms away (target: far p50 ≤ near p50 + ${MEMBER_PAGE_ROUND_TRIPS} × ${D1_LATENCY_MS} ms)`,
  );
  for (const row of distant) {
    console.log(
      `  ${row.path.padEnd(40)} near p50 ${String(row.nearP50Ms).padStart(4)} ms   far p50 ${String(row.farP50Ms).padStart(4)} ms   budget ${row.budgetMs} ms: ${mark(row.meets)}`,
    );
  }
  console.log(
    `Home page JavaScript: ${javascript.gzipKb} KB gzip in ${javascript.files} files (target ≤ ${TARGETS.homeJsGzipKb}: ${mark(javascript.gzipKb <= TARGETS.homeJsGzipKb)})`,
  );
  for (const [name, result] of [
    ["/ as a visitor", lighthouseResult.visitorHome],
    ["/ as a member", lighthouseResult.memberHome],
    [`${MEMBER_DECK} as its owner`, lighthouseResult.memberDeck],
  ] as const) {
    const lh = result.median;
    console.log(
      `Lighthouse on ${name} (median of ${LIGHTHOUSE_RUNS}): performance ${lh.performance}, accessibility ${lh.accessibility}, best practices ${lh["best-practices"]}, SEO ${lh.seo}`,
    );
    console.log(
      `  performance target ≥ ${TARGETS.lighthousePerformance}: ${mark(lh.performance! >= TARGETS.lighthousePerformance)}; accessibility target ${TARGETS.lighthouseAccessibility}: ${mark(lh.accessibility! >= TARGETS.lighthouseAccessibility)}`,
    );
  }
  const p99At = (people: number) => room.results.find((result) => result.clients === people)!.allClientsP99;
  console.log(`Reading room, until every browser has an action: p99 ${p99At(2)} ms with 2 people, ${p99At(10)} ms with 10; ${roomVerdict(room)}`);
  if (worker) printWorker(worker);
  console.log(`Saved to bench-results/latest.json and bench-results/room.json`);
} finally {
  await server.stop();
  rmSync(state, { recursive: true, force: true });
}
