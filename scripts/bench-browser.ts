// What `npm run bench` does in Chrome: signs the member in through the dev mailbox, runs Lighthouse,
// and weighs the JavaScript the home page loads.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { gzipSync } from "node:zlib";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const LIGHTHOUSE_RUNS = 3;

/**
 * Gzip size of every script the home page loads: what its document names (the entry, the routes'
 * modules, any modulepreload) and every chunk those import statically, which the document no longer
 * preloads (docs/decisions/0125).
 */
export async function homeJavaScript(url: string) {
  const html = await (await fetch(url + "/")).text();
  const pending: string[] = [];
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) pending.push(new URL(match[1]!, url).href);
  for (const match of html.matchAll(/import(?: \* as \w+ from)? ?\(?"([^"]+\.js)"/g)) pending.push(new URL(match[1]!, url).href);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) pending.push(new URL(match[1]!, url).href);
  const sources = new Set<string>();
  let raw = 0;
  let gzip = 0;
  while (pending.length > 0) {
    const src = pending.pop()!;
    if (sources.has(src)) continue;
    sources.add(src);
    const bytes = Buffer.from(await (await fetch(src)).arrayBuffer());
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    // Static imports only (`import{…}from"./x.js"`, `import"./x.js"`); a dynamic import() loads later, if ever.
    for (const match of bytes.toString("utf8").matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g)) pending.push(new URL(match[1]!, src).href);
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
export async function memberCookie(url: string, email: string): Promise<string> {
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
 * One Lighthouse run in a fresh Chrome; with a `cookie`, one carrying the member's session signed
 * in through the dev mailbox. A run whose trace Lighthouse could not read (it reports a runtime error such as
 * NO_NAVSTART and asks to be run again) is run again, up to twice, rather than counted as a zero.
 */
async function lighthouseRun(url: string, pathname: string, cookie: string | null) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    try {
      if (cookie) await carrySession(url, chrome.port, cookie);
      const { lhr } = (await lighthouse(url + pathname, { port: chrome.port, output: "json", logLevel: "error" }))!;
      if (lhr.runtimeError && attempt < 3) {
        console.log(`Lighthouse on ${pathname} failed (${lhr.runtimeError.code}); running it again`);
        continue;
      }
      const scores = Object.fromEntries(Object.entries(lhr.categories).map(([key, c]) => [key, c.score ?? 0]));
      // The largest paint as Lighthouse's simulated phone on a slow network sees it, in milliseconds.
      return { ...scores, lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0) };
    } finally {
      chrome.kill();
    }
  }
}

/** Lighthouse's median of `LIGHTHOUSE_RUNS`. */
export async function lighthouseScores(url: string, pathname: string, cookie: string | null) {
  const runs: Record<string, number>[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseRun(url, pathname, cookie));
  const keys = ["performance", "accessibility", "best-practices", "seo", "lcpMs"];
  return { runs, median: Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k] ?? 0))])) };
}
