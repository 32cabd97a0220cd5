import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { freePort, freshState, startServer, testBuildDirectory } from "./local-app.mjs";
import { memberSessions } from "../tests/e2e/local-state";
import { chromium } from "playwright-core";
const state = mkdtempSync(path.join(tmpdir(), "lh-"));
freshState(state);
const token = process.env.MEMBER ? (await memberSessions(state, { demo: "seed-user-demo" })).demo : null;
const server = await startServer({ port: await freePort(), persistTo: state, buildDirectory: process.env.BUILD ?? testBuildDirectory, inspector: false, direct: true, logLevel: "error", stdio: "ignore" });
for (const p of (process.env.PAGES ?? "/").split(",")) for (let i = 0; i < Number(process.env.N ?? 2); i++) {
  const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  if (token) { const b = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`); await b.contexts()[0]!.addCookies([{ name: "arcanum_session", value: token, url: server.url, httpOnly: true, sameSite: "Lax" }]); }
  const { lhr, artifacts } = (await lighthouse(server.url + p, { port: chrome.port, output: "json", logLevel: "error", ...(process.env.BLOCK ? { blockedUrlPatterns: [process.env.BLOCK] } : {}) }))!;
  chrome.kill();
  const a = lhr.audits;
  const m = (k: string) => `${k}=${a[k]?.displayValue}(${a[k]?.score})`;
  console.log(p, "perf", lhr.categories.performance.score, m("first-contentful-paint"), m("largest-contentful-paint"), m("total-blocking-time"), m("speed-index"), m("cumulative-layout-shift"));
  { const tr = (artifacts as any).Trace ?? (artifacts as any).traces?.defaultPass; const ev = tr.traceEvents as any[];
    const fcp = ev.find((e) => e.name === "firstContentfulPaint"); const nav = ev.filter((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && String(e.args.data.documentLoaderURL).startsWith("http"))[0];
    const tasks = ev.filter((e) => e.ph === "X" && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") && e.pid === fcp?.pid && e.ts < fcp.ts && e.ts > nav.ts && e.dur > 20000);
    console.log("  observed fcp", ((fcp.ts - nav.ts) / 1000).toFixed(0), "long tasks before:", tasks.map((t) => `${((t.ts - nav.ts) / 1000).toFixed(0)}+${(t.dur / 1000).toFixed(0)}`).join(" ")); }
  if (i === 0) {
    writeFileSync(`/work/scratch/lh${p.replace(/\//g, "_")}.json`, JSON.stringify(lhr));
    const lcp = a["largest-contentful-paint-element"]?.details as any;
    console.log(" LCP element:", JSON.stringify(lcp?.items?.[0]?.items?.[0]?.node?.snippet ?? lcp).slice(0, 300));
    console.log(" LCP phases:", JSON.stringify(lcp?.items?.[1]?.items ?? "").slice(0, 400));
    for (const k of ["render-blocking-resources", "bootup-time", "mainthread-work-breakdown", "unused-javascript", "font-display", "uses-long-cache-ttl"]) console.log(" ", k, a[k]?.displayValue, a[k]?.score);
  }
}
await server.stop();
