// Photographs what the service worker shows, on a phone 390 px wide (and checks 360 px too): the
// offline page for a page never opened, a saved deck page offline, and the update prompt after a
// second build. Runs on the tests' build (`npm run build:test` first), on a fresh local state.
// npx tsx scripts/sw-screens.ts [outDir]   (docs/screens/ by default)
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { hydrated, launchChromium, PERSON_USER_AGENT } from "./chromium";
import { freePort, prepareState, projectRoot, startServer, testBuildDirectory } from "./local-app.mjs";
import { writeServiceWorker } from "./vite-service-worker";
import { memberSessions } from "../tests/e2e/local-state";

const outDir = path.resolve(process.argv[2] ?? path.join(projectRoot, "docs", "screens"));
const DECK = "/collection/seed-deck-autumn-lanterns";

const state = mkdtempSync(path.join(tmpdir(), "arcanum-sw-screens-"));
mkdirSync(path.join(projectRoot, ".cache"), { recursive: true });
const second = mkdtempSync(path.join(projectRoot, ".cache", "second-build-"));
prepareState(state, { capture: true });
const tokens = await memberSessions(state, { demo: "seed-user-demo" });
cpSync(path.join(projectRoot, testBuildDirectory), second, { recursive: true });
await writeServiceWorker(path.join(second, "client"), { version: "screens-second-build" });

const port = await freePort();
const serve = (buildDirectory: string) => startServer({ port, persistTo: state, buildDirectory, inspector: false, logLevel: "error", stdio: "ignore" });
let server = await serve(testBuildDirectory);
const browser: Browser = await launchChromium();

async function phone(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, userAgent: PERSON_USER_AGENT, viewport: { width, height: 844 }, deviceScaleFactor: 2 });
  await context.addCookies([{ name: "arcanum_session", value: tokens.demo!, url: server.url }]);
  const page = await context.newPage();
  await page.goto("/collection");
  await hydrated(page);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  for (const pathname of ["/collection", DECK]) {
    await page.goto(pathname);
    await hydrated(page);
    await page.waitForFunction(
      async (url) => Boolean(await (await caches.open("arcanum-pages")).match(url, { ignoreVary: true })),
      new URL(pathname, server.url).href,
    );
  }
  return { context, page };
}

async function fits(page: Page, name: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  console.log(`${name}: scrollWidth ${scrollWidth}, innerWidth ${innerWidth}${scrollWidth > innerWidth ? "  (scrolls sideways!)" : ""}`);
}

try {
  mkdirSync(outDir, { recursive: true });
  for (const width of [390, 360]) {
    const { context, page } = await phone(width);
    await context.setOffline(true);
    await page.goto("/readers");
    await page.waitForURL(/\/offline/);
    await hydrated(page);
    await fits(page, `offline page at ${width}`);
    await page.screenshot({ path: path.join(outDir, `offline-page-${width}.png`) });
    await page.goto(DECK);
    await hydrated(page);
    await page.getByTestId("offline-notice").waitFor();
    await fits(page, `saved deck page offline at ${width}`);
    await page.screenshot({ path: path.join(outDir, `offline-deck-${width}.png`) });
    await context.close();
  }

  const { context, page } = await phone(390);
  await server.stop();
  server = await serve(path.relative(projectRoot, second));
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await page.getByTestId("update-prompt").waitFor();
  await fits(page, "update prompt at 390");
  await page.screenshot({ path: path.join(outDir, "update-prompt-390.png") });
  await page.setViewportSize({ width: 360, height: 740 });
  await fits(page, "update prompt at 360");
  await page.screenshot({ path: path.join(outDir, "update-prompt-360.png") });
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  rmSync(state, { recursive: true, force: true });
  rmSync(second, { recursive: true, force: true });
}
