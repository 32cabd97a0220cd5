/**
 * "New content available. Reload?" after a second build. The second build is the test build's
 * own output copied to a temporary folder with its service worker built again by the build's own
 * step (scripts/vite-service-worker.ts) under another version, which is what a new deploy changes
 * for the browser: a different /sw.js. The app is served from the first folder, then from the
 * second on the same address, as a deploy would.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, request, type Server as HttpServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, freshState, projectRoot, startServer, testBuildDirectory } from "../../scripts/local-app.mjs";
import { writeServiceWorker } from "../../scripts/vite-service-worker";
import { hydrated, openContext, serviceWorkerInCharge, sideways, useBrowser } from "./browser";

const browser = useBrowser({ serviceWorkers: "allow" });
const SECOND_VERSION = "second-build";

type Server = Awaited<ReturnType<typeof startServer>>;
let state = "";
let second = "";
let server: Server | null = null;
/** The address the browser knows the app by, which a deploy keeps. */
let front: HttpServer | null = null;
let address = "";

async function serve(buildDirectory: string): Promise<Server> {
  return startServer({
    port: await freePort(),
    persistTo: state,
    buildDirectory,
    inspector: false,
    direct: true,
    logLevel: "error",
    vars: { GUEST_LIMIT_PER_HOUR: "1000" },
  });
}

/**
 * The app's fixed address, handing each request to whichever build's runtime is serving, as the
 * edge does across a deploy. The runtime's own port changes with each server (decision 0087); the
 * request keeps the address the browser used as its Host.
 */
function listenInFront(port: number): Promise<HttpServer> {
  const forwarder = createServer((incoming, outgoing) => {
    // A runtime stopped for the deploy cuts what it was sending: that request ends cut, as at the
    // edge, and nothing is thrown (an error event with no listener would end the test file).
    const cut = () => (outgoing.headersSent ? outgoing.destroy() : outgoing.writeHead(502).end());
    const upstream = request(new URL(incoming.url ?? "/", server!.url), { method: incoming.method, headers: incoming.headers }, (answer) => {
      answer.on("error", cut);
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on("error", cut);
    incoming.on("error", () => upstream.destroy());
    outgoing.on("error", () => upstream.destroy());
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => forwarder.listen(port, "127.0.0.1", () => resolve(forwarder)));
}

beforeAll(async () => {
  state = mkdtempSync(path.join(tmpdir(), "arcanum-update-state-"));
  freshState(state);
  // Inside the project, where the server bundle finds the packages it imports.
  mkdirSync(path.join(projectRoot, ".cache"), { recursive: true });
  second = mkdtempSync(path.join(projectRoot, ".cache", "second-build-"));
  cpSync(path.join(projectRoot, testBuildDirectory), second, { recursive: true });
  await writeServiceWorker(path.join(second, "client"), { version: SECOND_VERSION });
  server = await serve(testBuildDirectory);
  const port = await freePort();
  front = await listenInFront(port);
  address = `http://127.0.0.1:${port}`;
}, 180_000);

afterAll(async () => {
  front?.closeAllConnections();
  front?.close();
  await server?.stop();
  rmSync(state, { recursive: true, force: true });
  rmSync(second, { recursive: true, force: true });
});

const precaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("arcanum-precache-")));
const prompt = (page: Page) => page.getByTestId("update-prompt");

describe("the update prompt", () => {
  it("offers a new build's worker, keeps the old one when dismissed, and reloads into the new one once when accepted", async () => {
    const context = await openContext(browser(), { baseURL: address, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto("/pricing");
    await hydrated(page);
    await serviceWorkerInCharge(page);
    const [first] = await precaches(page);
    expect(first).toMatch(/^arcanum-precache-[0-9a-f]{12}$/);
    // The first worker took over silently: nothing to offer.
    expect(await prompt(page).count()).toBe(0);

    // A deploy: the same address now serves the second build.
    await server!.stop();
    server = await serve(path.relative(projectRoot, second));
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect.poll(() => prompt(page).isVisible()).toBe(true);
    expect(await page.getByText("New content available. Reload?").count()).toBe(1);
    const box = await prompt(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // "Not now": this tab keeps its version, the new worker waits.
    await page.getByRole("button", { name: "Not now" }).click();
    await expect.poll(() => prompt(page).count()).toBe(0);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    // Both builds' files are kept until the new worker takes over.
    expect((await precaches(page)).sort()).toEqual([first, `arcanum-precache-${SECOND_VERSION}`].sort());

    // The next visit (a new tab) asks again; accepted from the keyboard, it reloads into the new worker once.
    const next = await context.newPage();
    await next.goto("/terms");
    await hydrated(next);
    await expect.poll(() => prompt(next).isVisible()).toBe(true);
    let loads = 0;
    next.on("load", () => loads++);
    await next.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    // From the keyboard: the prompt comes first in the tab order (after the skip link), and never takes the focus itself.
    expect(await next.evaluate(() => document.activeElement === document.body)).toBe(true);
    for (let presses = 0; presses < 4 && (await next.evaluate(() => document.activeElement?.textContent)) !== "Reload"; presses++)
      await next.keyboard.press("Tab");
    expect(await next.evaluate(() => document.activeElement?.textContent)).toBe("Reload");
    await next.keyboard.press("Enter");
    await expect.poll(() => precaches(next)).toEqual([`arcanum-precache-${SECOND_VERSION}`]);
    await hydrated(next);
    expect(await next.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(false);
    expect(await next.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    expect(await prompt(next).count()).toBe(0);
    expect(loads).toBe(1);
    // The first tab, which said "Not now", was not reloaded by the other tab's choice.
    expect(await page.evaluate(() => document.readyState)).toBe("complete");
  }, 240_000);
});
