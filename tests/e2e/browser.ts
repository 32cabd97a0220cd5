import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot, wranglerEnv } from "../../scripts/wrangler-env.mjs";
import { createRequire } from "node:module";
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { launchChromium, PERSON_USER_AGENT } from "../../scripts/chromium";
import { afterAll, beforeAll, expect, inject, onTestFinished } from "vitest";
import type { TestServer } from "./global-setup";

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
 * One browser for the test file: launched before its tests, closed after them. Chromium's headless
 * shell unless the file asks for the full browser (`full: true`: the shell shows no notifications).
 */
export function useBrowser(options: { serviceWorkers?: "allow" | "block"; full?: boolean } = {}): () => Browser {
  serviceWorkers = options.serviceWorkers ?? "block";
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch({ full: options.full ?? false });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser is not running yet");
    return browser;
  };
}

/**
 * A page in a context of its own. Opened inside a test, the context closes when the test ends, so
 * no page left open keeps drawing, ticking or holding a socket through the file's later tests.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), userAgent: PERSON_USER_AGENT, serviceWorkers, ...options });
  try {
    onTestFinished(() => context.close());
  } catch {
    // Opened outside a test (a file's beforeAll): the file closes it, or the browser does.
  }
  return context.newPage();
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
export function storedMedia(prefix: string, state = stateDir()): string[] {
  const output = execFileSync(
    process.execPath,
    [path.join(projectRoot, "node_modules", "tsx", "dist", "cli.mjs"), path.join(projectRoot, "tests", "e2e", "stored-media.ts"), prefix],
    {
      cwd: projectRoot,
      env: wranglerEnv({ ARCANUM_PERSIST_TO: state }),
      encoding: "utf8",
    },
  );
  return JSON.parse(output) as string[];
}

/**
 * Waits until the service worker controls `page`. Installing it first stores the app's files for
 * offline use; on a loaded two-core machine that took longer than a poll's usual 10 s.
 */
export async function serviceWorkerInCharge(page: Page) {
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
}
