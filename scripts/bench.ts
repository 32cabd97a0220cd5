// `npm run bench`: measures the local build (the production build plus the dev mailbox, which the
// member signs in through) under `wrangler dev` and writes bench-results/latest.json.
// Figures, not pass/fail tests: each target is printed next to its figure.
// It first measures the Worker itself (a production build: its upload and its startup CPU,
// scripts/bench-worker.ts), and
// ends with the reading room's delivery times (scripts/room-delivery.ts, also in bench-results/room.json);
// `npm run bench -- --worker-only` measures just that and keeps the rest of latest.json;
// `npm run bench -- --pages-only` measures just the constant route, the visitors' and the members' pages as
// served, against a static file, and keeps the rest; `npm run bench -- --print-only` just a print drawn
// while pages are served; `npm run bench -- --lighthouse-only` just Lighthouse and the home page's JavaScript.
// Every page is measured against a static file served by the same runtime (STATIC_FILE), in rounds,
// so that a slower constant route cannot hide a slower page (it did: /healthz fell to 0.42 of a
// static file while the pages were still measured against it).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { homeJavaScript, LIGHTHOUSE_RUNS, lighthouseScores, memberCookie } from "./bench-browser";
import { againstStatic, CONNECTIONS, DURATION_S, load, mark, pageTable, ROUND_S, ROUNDS, STATIC_FILE, type Load, type PageRow } from "./bench-load";
import { TARGETS } from "./bench-targets";
import { measureWorker, printWorker } from "./bench-worker";
import { freePort, prepareState, projectRoot, startServer } from "./local-app.mjs";
import { measureRoomDelivery, roomVerdict, saveRoomDelivery, startRoomServer, type RoomDelivery } from "./room-delivery";

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
/** The painted deck whose print is drawn while pages are served, and its creator, who prints it. */
const PRINTED_DECK = "seed-deck-gilded-clockwork";
const PRINTER_EMAIL = "sage@example.com";

const pagesOnly = process.argv.includes("--pages-only");
const printOnly = process.argv.includes("--print-only");
const lighthouseOnly = process.argv.includes("--lighthouse-only");
const worker = pagesOnly || printOnly || lighthouseOnly ? null : measureWorker();
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

/** Lighthouse's median on a visitor's home, a member's home and a member's deck page. */
async function lighthouseOf(url: string) {
  return {
    visitorHome: await lighthouseScores(url, "/", null),
    memberHome: await lighthouseScores(url, "/", cookie),
    memberDeck: await lighthouseScores(url, MEMBER_DECK, cookie),
  };
}

function lighthouseTable(result: Awaited<ReturnType<typeof lighthouseOf>>) {
  for (const [name, scores] of [
    ["/ as a visitor", result.visitorHome],
    ["/ as a member", result.memberHome],
    [`${MEMBER_DECK} as its owner`, result.memberDeck],
  ] as const) {
    const lh = scores.median;
    console.log(
      `Lighthouse on ${name} (median of ${LIGHTHOUSE_RUNS}): performance ${lh.performance}, accessibility ${lh.accessibility}, best practices ${lh["best-practices"]}, SEO ${lh.seo}, LCP ${lh.lcpMs} ms`,
    );
    console.log(
      `  performance target ≥ ${TARGETS.lighthousePerformance}: ${mark(lh.performance! >= TARGETS.lighthousePerformance)}; accessibility target ${TARGETS.lighthouseAccessibility}: ${mark(lh.accessibility! >= TARGETS.lighthouseAccessibility)}`,
    );
  }
  const lcp = result.visitorHome.median.lcpMs!;
  console.log(`  LCP on / as a visitor ${lcp} ms (target < ${TARGETS.homeLcpMs} ms): ${mark(lcp < TARGETS.homeLcpMs)}`);
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
  cookie ||= await memberCookie(server.url, MEMBER_EMAIL);
  for (const page of MEMBER_PAGES) await load(server.url, page, cookie, 10, 2).catch(() => undefined);
  return server;
};

/** Keeps the rest of latest.json and puts `part` in. */
function saveInto(part: Record<string, unknown>) {
  const kept = existsSync(latest) ? JSON.parse(readFileSync(latest, "utf8")) : {};
  writeFileSync(latest, JSON.stringify({ ...kept, ...part, targets: { ...kept.targets, ...TARGETS } }, null, 2) + "\n");
}

if (pagesOnly || printOnly || lighthouseOnly) {
  const server = await started();
  try {
    if (lighthouseOnly) {
      const lighthouse = await lighthouseOf(server.url);
      saveInto({ homeJavaScript: await homeJavaScript(server.url), lighthouse: { ...lighthouse, measuredAt: new Date().toISOString() } });
      lighthouseTable(lighthouse);
    } else if (pagesOnly) {
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
  const lighthouseResult = await lighthouseOf(server.url);
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
  lighthouseTable(lighthouseResult);
  const p99At = (people: number) => room.results.find((result) => result.clients === people)!.allClientsP99;
  console.log(`Reading room, until every browser has an action: p99 ${p99At(2)} ms with 2 people, ${p99At(10)} ms with 10; ${roomVerdict(room)}`);
  if (worker) printWorker(worker);
  console.log(`Saved to bench-results/latest.json and bench-results/room.json`);
} finally {
  await server.stop();
  rmSync(state, { recursive: true, force: true });
}
