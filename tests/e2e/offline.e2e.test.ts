/**
 * The service worker in chromium: it controls the page from the first load; offline (the network
 * cut for the page and for the worker alike), pages visited before open from the saved copies with
 * the offline state and their network-only controls disabled, a page never visited opens our
 * offline page, and after signing out, once the session ended without signing out, or on the same
 * browser under another account, nothing of the first account is served.
 */
import type { BrowserContext, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { NETWORK_TIMEOUT_MS } from "../../app/sw/policy";
import { baseURL, hydrated, openContext, serviceWorkerInCharge, stateDir, useBrowser } from "./browser";
import { memberSessions, paidReadingInJournals } from "./local-state";

const browser = useBrowser({ serviceWorkers: "allow" });
const DECK = "/collection/seed-deck-autumn-lanterns";
const DECK_TITLE = "Autumn Lanterns";
const QUESTION = "Will the lanterns last the winter?";

/** Fresh sessions of our own, so signing out here takes nobody else's away. */
const sessions = await memberSessions(stateDir(), {
  demo: "seed-user-demo",
  again: "seed-user-demo",
  ines: "seed-user-ines",
  daily: "seed-user-demo",
  lapsed: "seed-user-demo",
  slow: "seed-user-demo",
});
/** A reading in the demo member's journal. */
const entry = `/journal/${(await paidReadingInJournals(stateDir(), "seed-user-demo", "seed-user-sage", QUESTION)).client}`;

async function newContext(): Promise<BrowserContext> {
  return openContext(browser(), { viewport: { width: 390, height: 844 } });
}

async function signInAs(context: BrowserContext, session: string) {
  await context.addCookies([{ name: "arcanum_session", value: session, url: baseURL() }]);
}

/** Whether the worker holds a saved copy of the page (asked through the page's own Cache Storage). */
function isSaved(page: Page, pathname: string): Promise<boolean> {
  return page.evaluate(
    async (url) => Boolean(await (await caches.open("arcanum-pages")).match(new URL(url, location.origin).href, { ignoreVary: true })),
    pathname,
  );
}

async function visit(page: Page, pathname: string) {
  await page.goto(pathname);
  await hydrated(page);
  await expect.poll(() => isSaved(page, pathname)).toBe(true);
}

/** Cuts the network for the whole context, and shows the worker's own requests are cut too. */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  expect(
    await worker!.evaluate(() =>
      fetch("/healthz", { cache: "no-store" }).then(
        () => "reached",
        () => "cut",
      ),
    ),
  ).toBe("cut");
}

describe("offline with the service worker", () => {
  it("controls the page after the first load and serves saved pages, and the offline page, with the network cut", async () => {
    const context = await newContext();
    await signInAs(context, sessions.demo!);
    const page = await context.newPage();
    await page.goto("/collection");
    await hydrated(page);
    await serviceWorkerInCharge(page);
    await visit(page, "/collection");
    await visit(page, DECK);
    await visit(page, entry);

    await goOffline(context);
    await page.goto(DECK);
    await expect.poll(async () => (await page.getByTestId("offline-notice").textContent()) ?? "").toContain("You are offline — showing what you saved");
    await expect.poll(() => page.getByRole("heading", { name: DECK_TITLE }).isVisible()).toBe(true);
    // The owner's forms post to the server: disabled, saying why.
    const waiting = page.locator("button[data-offline-disabled]");
    await expect.poll(() => waiting.count()).toBeGreaterThan(0);
    expect(await waiting.first().isDisabled()).toBe(true);
    expect(await waiting.first().getAttribute("title")).toBe("Needs a connection");
    const reason = await waiting.first().getAttribute("aria-describedby");
    expect(await page.locator(`#${reason}`).textContent()).toContain("Needs a connection");
    // The card pictures seen while online (the first screen's; the rest load as they are scrolled to) come from the image cache.
    const pictures = () =>
      page.evaluate(() => {
        const images = [...document.querySelectorAll<HTMLImageElement>("main img")].filter((image) => image.getBoundingClientRect().top < window.innerHeight);
        return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0);
      });
    await expect.poll(pictures).toBe(true);

    // An in-app visit offline: a saved page opens whole from its saved copy, an unsaved one on the offline page.
    const navigate = (to: string) =>
      page.evaluate((path) => (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(path), to);
    await navigate("/collection");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/collection");
    await hydrated(page);
    await expect.poll(() => page.getByTestId("offline-notice").isVisible()).toBe(true);
    expect(await page.getByText(DECK_TITLE).first().isVisible()).toBe(true);
    await navigate("/credits");
    await expect.poll(() => page.url()).toMatch(/\/offline\?from=%2Fcredits$/);

    await page.goto(entry);
    await expect.poll(() => page.getByTestId("offline-notice").isVisible()).toBe(true);
    expect(await page.getByText(QUESTION).first().isVisible()).toBe(true);

    // Never opened: our own offline page, listing what this device holds.
    await page.goto("/marketplace/seed-deck-gilded-clockwork");
    await expect.poll(() => page.url()).toMatch(/\/offline\?from=/);
    await expect.poll(() => page.getByRole("heading", { name: "You are offline" }).isVisible()).toBe(true);
    const saved = page.locator("#offline-saved");
    expect(await saved.getByRole("link", { name: DECK_TITLE }).getAttribute("href")).toBe(DECK);
    expect(await saved.getByRole("link", { name: `“${QUESTION}”` }).getAttribute("href")).toBe(entry);

    // The network comes back: the notice goes at once, the buttons work, and the saved copy offers the latest.
    await page.goto(DECK);
    await expect.poll(() => page.getByTestId("offline-notice").isVisible()).toBe(true);
    await hydrated(page);
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId("online-again").textContent()).toContain("You are back online");
    expect(await page.getByTestId("offline-notice").count()).toBe(0);
    expect(await page.locator("button[data-offline-disabled]").count()).toBe(0);
    await page.getByRole("button", { name: "Show the latest" }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.hasAttribute("data-offline-copy"))).toBe(false);
    await hydrated(page);
    expect(await page.getByTestId("online-again").count()).toBe(0);
    expect(await page.getByTestId("offline-notice").count()).toBe(0);
  });

  it("waits for a slow server instead of calling the device offline, and clears the offline state once a failed server answers again", async () => {
    const context = await newContext();
    await signInAs(context, sessions.slow!);
    const page = await context.newPage();
    await page.goto("/collection");
    await hydrated(page);
    await serviceWorkerInCharge(page);
    await visit(page, DECK);
    await visit(page, "/collection");

    // Slow (twice the worker's short wait), with the device online: the fresh page, never the saved copy.
    const slow = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 2 * NETWORK_TIMEOUT_MS));
      await route.continue();
    };
    await context.route(`**${DECK}`, slow);
    const started = Date.now();
    await page.goto(DECK);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * NETWORK_TIMEOUT_MS);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-offline-copy"))).toBe(false);
    await hydrated(page);
    expect(await page.getByTestId("offline-notice").count()).toBe(0);
    expect(await page.locator("button[data-offline-disabled]").count()).toBe(0);
    await context.unroute(`**${DECK}`, slow);

    // The server fails while the device stays online: the saved copy, offline, until the server answers again.
    const fail = (route: Route) => route.abort("connectionrefused");
    await context.route(`**${DECK}`, fail);
    await context.route("**/healthz", fail);
    await page.goto(DECK);
    await expect.poll(() => page.getByTestId("offline-notice").isVisible()).toBe(true);
    await hydrated(page);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await context.unroute("**/healthz", fail);
    await context.unroute(`**${DECK}`, fail);
    await expect.poll(() => page.getByTestId("online-again").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId("offline-notice").count()).toBe(0);
    // Another page opened is the latest: nothing more to say.
    await page.getByRole("link", { name: "Collection" }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/collection");
    await expect.poll(() => page.getByTestId("online-again").count()).toBe(0);
  });

  it("serves nothing of an account once it signed out, even by a form posted without JavaScript", async () => {
    const context = await newContext();
    await signInAs(context, sessions.again!);
    const page = await context.newPage();
    await page.goto("/collection");
    await hydrated(page);
    await serviceWorkerInCharge(page);
    await visit(page, DECK);

    // The sign-out form as a page without JavaScript posts it: a plain navigation.
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/logout";
      document.body.appendChild(form);
      form.submit();
    });
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => isSaved(page, DECK)).toBe(false);

    await goOffline(context);
    await page.goto(DECK);
    await expect.poll(() => page.url()).toMatch(/\/offline\?from=/);
    expect(await page.getByText(DECK_TITLE).count()).toBe(0);
  });

  it("serves nothing of an account whose session ended without signing out, at the very next load, with the network cut", async () => {
    const context = await newContext();
    await signInAs(context, sessions.lapsed!);
    const page = await context.newPage();
    await page.goto("/collection");
    await hydrated(page);
    await serviceWorkerInCharge(page);
    await visit(page, DECK);

    // The session's cookies run out (or are cleared) on the device: no sign-out, no answer from the server.
    await context.clearCookies();
    await goOffline(context);
    await page.goto(DECK);
    await expect.poll(() => page.url()).toMatch(/\/offline\?from=/);
    expect(await page.getByText(DECK_TITLE).count()).toBe(0);
    expect(await isSaved(page, DECK)).toBe(false);
  });

  it("never shows one account's saved pages to another account on the same browser", async () => {
    const context = await newContext();
    await signInAs(context, sessions.demo!);
    const page = await context.newPage();
    await page.goto("/collection");
    await hydrated(page);
    await serviceWorkerInCharge(page);
    await visit(page, DECK);
    await visit(page, entry);

    // Someone else signs in on this browser and opens a page of their own.
    await context.clearCookies();
    await signInAs(context, sessions.ines!);
    await page.goto("/collection");
    await hydrated(page);
    await expect.poll(() => isSaved(page, DECK)).toBe(false);
    expect(await isSaved(page, entry)).toBe(false);

    await goOffline(context);
    for (const pathname of [DECK, entry]) {
      await page.goto(pathname);
      await expect.poll(() => page.url()).toMatch(/\/offline\?from=/);
    }
    expect(await page.getByText(DECK_TITLE).count()).toBe(0);
    expect(await page.getByText(QUESTION).count()).toBe(0);
  });

  it("refreshes the saved collection and the card of the day on the daily update, as the browser would fire it", async () => {
    const context = await newContext();
    await signInAs(context, sessions.daily!);
    const page = await context.newPage();
    await page.goto("/collection");
    await hydrated(page);
    await serviceWorkerInCharge(page);
    await visit(page, "/collection");
    const savedCollection = () =>
      page.evaluate(
        async () => (await (await caches.open("arcanum-pages")).match(new URL("/collection", location.origin).href, { ignoreVary: true }))?.text() ?? "",
      );
    const rename = (title: string) => page.request.post(DECK, { form: { intent: "rename", title }, headers: { origin: baseURL() }, maxRedirects: 0 });
    const renamed = "Autumn Lanterns, Relit";
    try {
      expect((await rename(renamed)).status()).toBeLessThan(400);
      expect(await savedCollection()).not.toContain(renamed);
      // Chromium fires periodic syncs only for installed apps; the DevTools protocol fires the same event.
      const cdp = await context.newCDPSession(page);
      const registration = new Promise<string>((resolve) =>
        cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
          const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${baseURL()}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        }),
      );
      await cdp.send("ServiceWorker.enable");
      const savedToday = () =>
        page.evaluate(
          async () => (await (await caches.open("arcanum-pages")).match(new URL("/today", location.origin).href, { ignoreVary: true }))?.text() ?? "",
        );
      expect(await savedToday()).toBe("");
      await cdp.send("ServiceWorker.dispatchPeriodicSyncEvent", { origin: baseURL(), registrationId: await registration, tag: "daily-update" });
      await expect.poll(savedCollection).toContain(renamed);
      // The card of the day is fetched with it, ready to be read offline in the morning.
      await expect.poll(savedToday).toMatch(/data-testid="daily-card" data-stage="(face-down|turned|read)"/);
    } finally {
      await rename(DECK_TITLE);
    }
  });
});
