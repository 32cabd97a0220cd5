// `npm run bench`: measures the local build (the production build plus the dev mailbox, which the
// member signs in through) under `wrangler dev` and writes bench-results/latest.json.
// Figures, not pass/fail tests: each target is printed next to its figure.
// It first measures the Worker itself (a production build: its upload and its startup CPU), and
// ends with the reading room's delivery times (scripts/room-delivery.ts, also in bench-results/room.json);
// `npm run bench -- --worker-only` measures just that and keeps the rest of latest.json;
// `npm run bench -- --pages-only` measures just the constant route, the visitors' and the members' pages as
// served, against a static file, and keeps the rest; `npm run bench -- --print-only` just a print drawn
// while pages are served.
// Every page is measured against a static file served by the same runtime (STATIC_FILE), in rounds,
// so that a slower constant route cannot hide a slower page (it did: /healthz fell to 0.42 of a
// static file while the pages were still measured against it).
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
const MEMBER_PAGES = [
  "/",
  "/marketplace",
  "/collection",
  MEMBER_DECK,
  "/journal",
  "/journal/stats",
  "/pricing",
  "/readers",
  "/balance",
  "/sales",
  "/learn",
  "/today",
  "/profile",
  "/messages",
  "/bookings",
];
/** A page of the tarot library, as visitors read it. */
const LIBRARY_CARD = "/cards/major-17";
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** What every page is compared with: a file of the build's static assets, which the runtime serves without the Worker. */
const STATIC_FILE = "/favicon.svg";
/** The painted deck whose print is drawn while pages are served, and its creator, who prints it. */
const PRINTED_DECK = "seed-deck-gilded-clockwork";
const PRINTER_EMAIL = "sage@example.com";

const TARGETS = {
  constantStaticRatio: 1,
  visitorStaticRatio: 0.6,
  memberStaticRatio: 0.4,
  homeJsGzipKb: 120,
  lighthousePerformance: 0.95,
  lighthouseAccessibility: 1,
  workerUploadGzipMb: 1.4,
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

const pagesOnly = process.argv.includes("--pages-only");
const printOnly = process.argv.includes("--print-only");
const worker = pagesOnly || printOnly ? null : measureWorker();
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
async function signInThroughMailbox(url: string, port: number, email: string): Promise<string> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /Send Magic Link|Sign In/ }).click();
  await page.getByRole("heading", { name: "Magic Link Sent!" }).waitFor();
  await page.goto(`${url}/dev/mailbox?to=${encodeURIComponent(email)}`);
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
async function memberCookie(url: string, email = MEMBER_EMAIL): Promise<string> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    return await signInThroughMailbox(url, chrome.port, email);
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
 * A page against the static file: `ROUNDS` rounds of the static file then the page, `ROUND_S`
 * seconds each, so drift on a busy machine hits both; the ratio is the median of the rounds'
 * ratios, the latencies the page's median round.
 */
async function againstStatic(url: string, pathname: string, cookie?: string) {
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

type PageRow = Awaited<ReturnType<typeof againstStatic>>;

const mark = (ok: boolean) => (ok ? "meets" : "MISSES");

function pageTable(title: string, rows: PageRow[], target: number | null) {
  console.log(title);
  for (const row of rows) {
    const verdict = target === null ? "" : `: ${mark(row.staticRatio >= target)}`;
    console.log(
      `  ${row.path.padEnd(40)} ${String(row.requestsPerSecond).padStart(6)} req/s (×${row.staticRatio}${verdict}; rounds ${row.roundRatios.join(" ")})   p50 ${String(row.p50Ms).padStart(4)} ms   p99 ${String(row.p99Ms).padStart(5)} ms   errors ${row.errors + row.non2xx}`,
    );
  }
}

/** The constant route, the visitors' pages (shared copies of public pages) and the members' pages, each against the static file. */
async function servedPages(url: string) {
  const constant = await againstStatic(url, "/healthz");
  const visitors: PageRow[] = [];
  for (const page of ["/", "/marketplace", "/cards", LIBRARY_CARD, "/licensing", "/shop/luna_vale"]) visitors.push(await againstStatic(url, page));
  const members: PageRow[] = [];
  for (const page of MEMBER_PAGES) members.push(await againstStatic(url, page, cookie));
  return { constant, visitors, members };
}

function servedTables({ constant, visitors, members }: Awaited<ReturnType<typeof servedPages>>) {
  const rounds = `${ROUNDS} rounds of ${ROUND_S} s after the static file ${STATIC_FILE}, ${CONNECTIONS} connections`;
  pageTable(`The constant route (${rounds}; target ≥ ${TARGETS.constantStaticRatio} of the static file)`, [constant], TARGETS.constantStaticRatio);
  pageTable(`Visitors' pages, shared copies (target ≥ ${TARGETS.visitorStaticRatio} of the static file)`, visitors, TARGETS.visitorStaticRatio);
  pageTable(`Members' pages as served (target ≥ ${TARGETS.memberStaticRatio} of the static file)`, members, TARGETS.memberStaticRatio);
}

/**
 * A painted deck's print (22 oil-painting cards and the back, drawn by the pictures Worker) asked for
 * by its creator, with the constant route and a visitor's page under load while it is drawn: their
 * p99 while drawing against their p99 before, and how long the PDF took.
 */
async function printWhileServing(url: string) {
  const printer = await memberCookie(url, PRINTER_EMAIL);
  const before = {
    constant: await load(url, "/healthz", undefined, CONNECTIONS, ROUND_S),
    page: await load(url, "/marketplace", undefined, CONNECTIONS, ROUND_S),
  };
  const asked = Date.now();
  const response = await fetch(`${url}/collection/${PRINTED_DECK}/print`, {
    method: "POST",
    headers: { cookie: printer, origin: url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "pdf", paper: "a4", arrangement: "sheets" }),
    redirect: "manual",
  });
  if (response.status !== 303) throw new Error(`asking for the print answered ${response.status}: ${await response.text()}`);
  const progress = async () => {
    // React marks the joins between a sentence's parts with empty comments; the words are read without them.
    const html = (await (await fetch(`${url}/collection/${PRINTED_DECK}/print`, { headers: { cookie: printer } })).text()).replaceAll("<!-- -->", "");
    if (html.includes("Download the PDF")) return "ready";
    return /Making the PDF: (\d+) of (\d+) cards/.exec(html)?.slice(1, 3).join(" of ") ?? "starting";
  };
  const during: { constant: Load; page: Load; progress: string }[] = [];
  for (;;) {
    const state = await progress();
    if (state === "ready" || Date.now() - asked > 20 * 60_000) break;
    const constant = await load(url, "/healthz", undefined, CONNECTIONS, ROUND_S);
    const page = await load(url, "/marketplace", undefined, CONNECTIONS, ROUND_S);
    during.push({ constant, page, progress: state });
    console.log(`  while drawing (${state} cards): /healthz p99 ${constant.p99Ms} ms, /marketplace p99 ${page.p99Ms} ms`);
  }
  const readySeconds = Math.round((Date.now() - asked) / 1000);
  const worst = (pick: (row: (typeof during)[number]) => Load) => Math.max(0, ...during.map((row) => pick(row).p99Ms));
  return {
    deck: PRINTED_DECK,
    cards: 22,
    readySeconds,
    ready: (await progress()) === "ready",
    before: { constantP99Ms: before.constant.p99Ms, pageP99Ms: before.page.p99Ms },
    whileDrawing: { rounds: during.length, constantP99MsWorst: worst((row) => row.constant), pageP99MsWorst: worst((row) => row.page), rows: during },
  };
}

function printTable(print: Awaited<ReturnType<typeof printWhileServing>>) {
  console.log(
    `A print of ${print.cards} oil-painting cards drawn while serving: ${print.ready ? `ready after ${print.readySeconds} s` : "NOT READY"}; /healthz p99 ${print.before.constantP99Ms} ms before, at worst ${print.whileDrawing.constantP99MsWorst} ms while drawing; /marketplace p99 ${print.before.pageP99Ms} ms before, at worst ${print.whileDrawing.pageP99MsWorst} ms while drawing (${print.whileDrawing.rounds} rounds)`,
  );
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

/** Keeps the rest of latest.json and puts `part` in. */
function saveInto(part: Record<string, unknown>) {
  const kept = existsSync(latest) ? JSON.parse(readFileSync(latest, "utf8")) : {};
  writeFileSync(latest, JSON.stringify({ ...kept, ...part, targets: { ...kept.targets, ...TARGETS } }, null, 2) + "\n");
}

if (pagesOnly || printOnly) {
  const server = await started();
  try {
    if (pagesOnly) {
      const served = await servedPages(server.url);
      saveInto({ load: { ...served, staticFile: STATIC_FILE, measuredAt: new Date().toISOString() } });
      servedTables(served);
    } else {
      const print = await printWhileServing(server.url);
      saveInto({ printWhileServing: { ...print, measuredAt: new Date().toISOString() } });
      printTable(print);
    }
    console.log("Saved to bench-results/latest.json");
  } finally {
    await server.stop();
    rmSync(state, { recursive: true, force: true });
  }
  process.exit(0);
}

const server = await started();
try {
  const served = await servedPages(server.url);
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
  // Last on this server: the print's pictures stay in its state, and nothing after it is measured here.
  const print = await printWhileServing(server.url);
  await server.stop();

  // The same pages rendered for every request, to see what a render costs.
  const renderServer = await started({ RENDER_MEMO: "off" });
  const renderedPages: PageRow[] = [];
  try {
    for (const page of MEMBER_PAGES) renderedPages.push(await againstStatic(renderServer.url, page, cookie));
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
    load: { ...served, staticFile: STATIC_FILE, membersRenderedEachTime: renderedPages },
    printWhileServing: print,
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

  servedTables(served);
  pageTable(`Members' pages rendered for every request (RENDER_MEMO=off)`, renderedPages, null);
  printTable(print);
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
