import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { launchChromium, PERSON_USER_AGENT } from "../../scripts/chromium";
import { processTable, withProc } from "../../scripts/process-tree.mjs";
import { afterAll, afterEach, beforeAll, expect, inject, onTestFinished, type RunnerTask, type RunnerTestCase } from "vitest";
import type { TestServer } from "./global-setup";
import { storedMediaKeys } from "./local-state";
// Where a file notes its browser's CPU time for the reporter (TaskMeta's chromiumCpuSeconds).
import type {} from "../../scripts/vitest-file-times";

export { CHROMIUM, hydrated, PERSON_USER_AGENT } from "../../scripts/chromium";
export const launch = launchChromium;

/**
 * The app this file runs against: its worker's own (tests/e2e/global-setup.ts). Vitest numbers the
 * workers running at the same time 1, 2, …, so two files running at once never share an app.
 */
export function testServer(): TestServer {
  const servers = inject("servers");
  const worker = Number(process.env.VITEST_POOL_ID ?? "1");
  const server = servers[worker - 1];
  if (!server) throw new Error(`no app for worker ${worker}: the run started ${servers.length}`);
  return server;
}

export const baseURL = () => testServer().baseURL;

/** Where this file's app keeps its local database and bucket, for scripts that read or write them directly. */
export const stateDir = () => testServer().stateDir;

/**
 * Whether this file's pages may run the app's service worker. Off unless the file tests it
 * (`useBrowser({ serviceWorkers: "allow" })`): installing it precaches the whole app in every new
 * context, which cost the suite about a third of its browser time (docs/decisions/0093).
 */
let serviceWorkers: "allow" | "block" = "block";

/**
 * One browser for the test file: launched before its tests, closed after them (and with it every
 * page and context still open). Chromium's headless shell unless the file asks for the full browser
 * (`full: true`: the shell shows no notifications).
 *
 * A test fails when a page of the file threw an error nothing caught while it ran (`expectPageErrors`
 * names the ones a test throws on purpose); one thrown after the file's last test fails the file.
 */
export function useBrowser(options: { serviceWorkers?: "allow" | "block"; full?: boolean } = {}): () => Browser {
  serviceWorkers = options.serviceWorkers ?? "block";
  let browser: Browser | undefined;
  let cpuBefore = 0;
  beforeAll(async () => {
    cpuBefore = chromiumCpuSeconds();
    browser = await launch({ full: options.full ?? false, smallCamera: true });
  });
  afterEach(() => {
    expected = [];
    failOnPageErrors();
  });
  // Vitest hands the hook its context first, which it insists is destructured; the file comes second.
  // eslint-disable-next-line no-empty-pattern
  afterAll(async ({}, file) => {
    // What this file's browser cost, for `npm test`'s table (scripts/vitest-file-times.ts).
    file.meta.chromiumCpuSeconds = Math.round((chromiumCpuSeconds() - cpuBefore) * 10) / 10;
    await browser?.close();
    failOnPageErrors();
  });
  return () => {
    if (!browser) throw new Error("the browser is not running yet");
    return browser;
  };
}

/**
 * The CPU seconds used so far by the Chromium processes this process started, the ones that ended
 * included (their parents count them once they are reaped), read from /proc; 0 where there is none.
 */
function chromiumCpuSeconds(): number {
  if (!withProc) return 0;
  const processes = new Map(processTable().map((row) => [row.pid, { ...row, chromium: /chrom|headless/i.test(row.name) }]));
  let total = 0;
  for (const [pid, { chromium, cpuSeconds }] of processes) {
    // Chromium's own processes below this one; a process Chromium started counts in its parent once reaped.
    if (!chromium) continue;
    let parent = processes.get(pid)?.parent;
    while (parent !== undefined && parent !== process.pid && processes.get(parent)?.chromium) parent = processes.get(parent)?.parent;
    if (parent === process.pid) total += cpuSeconds ?? 0;
  }
  return total;
}

/** Errors the file's pages threw and nothing caught, since the last test ended. */
const uncaught: string[] = [];
/** What the running test throws in its pages on purpose (`expectPageErrors`). */
let expected: RegExp[] = [];

/** Says that the running test makes its pages throw errors whose message matches `message`: they do not fail it. */
export function expectPageErrors(message: RegExp) {
  expected.push(message);
}

/** Notes every error a page of `context` throws and nothing catches, for the running test to fail on. */
function watchErrors(context: BrowserContext) {
  context.on("weberror", (webError) => {
    const error = webError.error();
    if (expected.some((pattern) => pattern.test(error.message))) return;
    uncaught.push(`${error.stack ?? error.message}\n    on ${webError.page()?.url() ?? "a page"}`);
  });
}

function failOnPageErrors() {
  const errors = uncaught.splice(0);
  if (errors.length > 0) throw new Error(`A page threw ${errors.length === 1 ? "an error" : `${errors.length} errors`} nothing caught:\n${errors.join("\n")}`);
}

/** The options every context of the file starts from: the file's app, a person's browser, the file's service-worker rule. */
const contextSettings = (options: BrowserContextOptions): BrowserContextOptions => ({
  baseURL: baseURL(),
  userAgent: PERSON_USER_AGENT,
  serviceWorkers,
  ...options,
});

/**
 * A browser context of its own for a test that works with the context itself (several tabs, the
 * service worker, going offline): closed when the test ends. Opened outside a test (a file's
 * beforeAll), it is the file's, and closes with the browser.
 */
export async function openContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  // Registered at once, before anything is awaited, while the test is the one running.
  const opened: { context?: BrowserContext } = {};
  try {
    onTestFinished(() => opened.context?.close());
  } catch {
    // Outside a test.
  }
  const context = (opened.context = await browser.newContext(contextSettings(options)));
  watchErrors(context);
  return context;
}

/**
 * A page in a context of its own that the file keeps from test to test (a visitor going from page
 * to page across the tests of a list): it closes with the browser when the file ends.
 */
export async function openFilePage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(contextSettings(options));
  watchErrors(context);
  return context.newPage();
}

/**
 * A page in a context of its own: no cookie, storage or permission of another test's. Opened inside
 * a test, it is the file's for that test alone, and it is let go when the test ends, so nothing left
 * open keeps drawing, ticking or holding a socket through the file's later tests.
 *
 * A tab a test let go untouched is opened again for a later test of the file with the same options,
 * emptied first (its page left for the site's robots.txt, then its cookies and the origin's stored
 * data cleared): a tab's renderer costs Chromium about 0.9 CPU-s to start and load its first page, a
 * page in a tab already open about 0.35 (docs/decisions/0093). A tab whose test changed what a fresh
 * one would not have (routes, init scripts, offline, permissions, the clock, the viewport, a listener
 * left on it, a DevTools session) or failed, and one whose context the test closed, is closed instead.
 * Only without the service worker: one that is allowed keeps its registrations and caches.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const settings = contextSettings(options);
  const key = JSON.stringify(settings);
  const idle = idleTabs.get(browser) ?? new Map<string, Tab[]>();
  idleTabs.set(browser, idle);
  // Registered at once, before anything is awaited, while the test is the one running.
  const opened: { tab?: Tab } = {};
  try {
    onTestFinished(async ({ task }) => {
      if (opened.tab) await letGo(opened.tab, task.result?.state === "fail" || !testsAfter(task), idle.get(key) ?? idle.set(key, []).get(key)!);
    });
  } catch {
    // Opened outside a test (a file's beforeAll): never reused; it closes with the browser.
    return openFilePage(browser, options);
  }
  if (settings.serviceWorkers !== "block") return (await openContext(browser, options)).newPage();
  const tab = idle.get(key)?.pop() ?? (await newTab(browser, settings));
  tab.listeners = listenerCounts(tab);
  opened.tab = tab;
  return tab.page;
}

type Tab = { context: BrowserContext; page: Page; origin: string; script: boolean; changed: boolean; closed: boolean; listeners: number };
const idleTabs = new WeakMap<Browser, Map<string, Tab[]>>();

/** What a test can change on a context or a page that emptying it would not undo: a tab that was changed is closed, not reused. */
const CHANGES_TO_BOTH = [
  "addInitScript",
  "exposeBinding",
  "exposeFunction",
  "route",
  "routeFromHAR",
  "routeWebSocket",
  "setDefaultNavigationTimeout",
  "setDefaultTimeout",
  "setExtraHTTPHeaders",
] as const;
const CONTEXT_CHANGES = [...CHANGES_TO_BOTH, "grantPermissions", "newCDPSession", "setGeolocation", "setHTTPCredentials", "setOffline"] as const;
const PAGE_CHANGES = [...CHANGES_TO_BOTH, "addLocatorHandler", "emulateMedia", "setViewportSize"] as const;

/** Marks the tab changed when `name` is called (a method) or read (the clock) on `target`. */
function watch(tab: Tab, target: object, name: string) {
  let owner: object | null = target;
  let found = Object.getOwnPropertyDescriptor(target, name);
  while (!found && (owner = Object.getPrototypeOf(owner))) found = Object.getOwnPropertyDescriptor(owner, name);
  if (!found) return;
  const descriptor = found;
  if (typeof descriptor.value === "function") {
    const method = descriptor.value as (...args: unknown[]) => unknown;
    Object.defineProperty(target, name, {
      configurable: true,
      value(...args: unknown[]) {
        tab.changed = true;
        return method.apply(target, args);
      },
    });
  } else {
    const read = descriptor.get ? () => descriptor.get!.call(target) : () => descriptor.value as unknown;
    Object.defineProperty(target, name, {
      configurable: true,
      get() {
        tab.changed = true;
        return read();
      },
    });
  }
}

async function newTab(browser: Browser, settings: BrowserContextOptions): Promise<Tab> {
  const context = await browser.newContext(settings);
  // Before the tab's listeners are first counted: the watch is part of every tab.
  watchErrors(context);
  const page = await context.newPage();
  const tab: Tab = {
    context,
    page,
    origin: new URL(settings.baseURL!).origin,
    script: settings.javaScriptEnabled !== false,
    changed: false,
    closed: false,
    listeners: 0,
  };
  context.once("close", () => (tab.closed = true));
  for (const name of CONTEXT_CHANGES) watch(tab, context, name);
  for (const name of PAGE_CHANGES) watch(tab, page, name);
  watch(tab, context, "clock");
  watch(tab, page, "clock");
  return tab;
}

/** How many listeners the tab's context and page hold: a test that leaves one more has changed the tab. */
const listenerCounts = (tab: Tab) =>
  // Playwright's pages and contexts are event emitters, though its types do not say so.
  ([tab.context, tab.page] as unknown as { eventNames(): (string | symbol)[]; listenerCount(name: string | symbol): number }[]).reduce(
    (sum, emitter) => sum + emitter.eventNames().reduce((count, name) => count + emitter.listenerCount(name), 0),
    0,
  );

/** Whether the file runs a test after `task`: the last test's tabs are closed, not emptied for no one. */
function testsAfter(task: RunnerTestCase): boolean {
  const tests: RunnerTask[] = [];
  const collect = (tasks: RunnerTask[]) => tasks.forEach((each) => (each.type === "suite" ? collect(each.tasks) : tests.push(each)));
  collect(task.file.tasks);
  return tests.slice(tests.indexOf(task) + 1).some((later) => later.mode === "run" || later.mode === "only");
}

/** Ends a test's use of a tab: emptied and kept for the file's next test with the same options, or closed. */
async function letGo(tab: Tab, closing: boolean, idle: Tab[]) {
  if (tab.closed) return;
  const reusable = !closing && !tab.changed && !tab.page.isClosed() && listenerCounts(tab) <= tab.listeners;
  try {
    if (!reusable) throw new Error("changed");
    for (const other of tab.context.pages()) if (other !== tab.page) await other.close();
    // Off the test's page first, so nothing it runs (a socket, a poll) writes into the emptied tab.
    // A static file of the origin's own (the health check's answer is sandboxed, an origin of its own).
    await tab.page.goto(`${tab.origin}/robots.txt`, { timeout: 10_000 });
    // The tab's own session storage, which outlives a navigation within the origin.
    if (tab.script) await tab.page.evaluate(() => sessionStorage.clear());
    await tab.context.clearCookies();
    await tab.context.clearPermissions();
    const devtools = await tab.context.newCDPSession(tab.page);
    await devtools.send("Storage.clearDataForOrigin", {
      origin: tab.origin,
      storageTypes: "local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,shared_storage,storage_buckets",
    });
    await devtools.detach();
    tab.changed = false;
    idle.push(tab);
  } catch {
    await tab.context.close().catch(() => undefined);
  }
}

/**
 * How far the page reaches past the screen's right edge, in CSS pixels; 0 or less when nothing
 * scrolls sideways. Measured against the screen's width: on a phone (`isMobile`) a page wider than
 * the screen widens the layout viewport and is zoomed out to fit, so `window.innerWidth` and the
 * root's `clientWidth` grow with the page and a comparison with them never finds the overflow.
 */
export async function sideways(page: Page): Promise<number> {
  const screen = page.viewportSize();
  if (!screen) throw new Error("the page has no fixed viewport to measure against");
  return page.evaluate((width) => Math.max(document.documentElement.scrollWidth, window.innerWidth) - width, screen.width);
}

/**
 * What reaches past the screen's right edge, for a failure message: up to three of the innermost
 * elements that stick out, each as its tag, classes and first words, with how far it reaches.
 */
export async function sidewaysCulprits(page: Page): Promise<string[]> {
  const screen = page.viewportSize();
  if (!screen) throw new Error("the page has no fixed viewport to measure against");
  return page.evaluate((width) => {
    const out: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      const box = element.getBoundingClientRect();
      if (box.right <= width + 0.5 || box.width === 0) continue;
      // Only the innermost: a parent that sticks out because of this child says nothing more.
      if ([...element.children].some((child) => child.getBoundingClientRect().right > width + 0.5)) continue;
      const classes = typeof element.className === "string" ? element.className.split(/\s+/).slice(0, 6).join(".") : "";
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 50);
      out.push(`<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ""}> "${text}" to ${Math.round(box.right)} px`);
      if (out.length === 3) break;
    }
    return out;
  }, screen.width);
}

/** The space between two elements on the screen, in pixels: how far apart they are across or down; negative when they overlap. */
export async function spaceBetween(a: Locator, b: Locator): Promise<number> {
  const [one, two] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!one || !two) throw new Error("both elements must be on the screen");
  return Math.max(two.x - (one.x + one.width), one.x - (two.x + two.width), two.y - (one.y + one.height), one.y - (two.y + two.height));
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe on the page and returns the serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> } }).axe.run(document);
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target })) }));
}

/** Puts a seeded member's session (made in global setup) into the page's browser context. */
export async function useMemberSession(page: Page, name: "demo" | "demo-leaving" | "sage" | "staff" | "ines" | "mira" | "theo" = "demo") {
  const token = inject("memberSessions")[name];
  if (!token) throw new Error(`no member session named ${name}`);
  await page.context().addCookies([{ name: "arcanum_session", value: token, url: baseURL() }]);
}

/** Follows the newest sign-in link the dev mailbox holds for `email`, in this page's browser. */
export async function openMagicLink(page: Page, email: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const link = page.getByRole("link", { name: "Open sign-in link" }).first();
  await link.click();
}

/** The keys the app's media bucket holds under `prefix`, read from its stored state (not through the app); the file's app's unless `state` names another. */
export const storedMedia = (prefix: string, state = stateDir()): Promise<string[]> => storedMediaKeys(state, prefix);

/**
 * Waits until the service worker controls `page`. Installing it first stores the app's files for
 * offline use; on a loaded two-core machine that took longer than a poll's usual 10 s.
 */
export async function serviceWorkerInCharge(page: Page) {
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
}
