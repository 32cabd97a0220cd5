import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, openPage, sideways, sidewaysCulprits, useBrowser, useMemberSession } from "./browser";

const browser = useBrowser();

/** Every kind of page a person reaches from the navigation, the footer and their menus. */
const PAGES = [
  "/",
  "/marketplace",
  "/marketplace/seed-deck-celestial-tides",
  "/marketplace/seed-deck-verdant-grove",
  "/shop/luna_vale",
  "/readers",
  "/readers/mira_solenne",
  "/pricing",
  "/developers",
  "/privacy",
  "/terms",
  "/licensing",
  "/login",
  "/signup",
  "/offline",
  "/today",
  "/cards",
  "/cards/major-00",
  "/cards/pentacles-knight",
  "/guides",
  "/guides/building-a-spread",
];
const MEMBER_PAGES = ["/collection", "/journal", "/profile", "/credits", "/create-deck", "/balance", "/messages", "/subscription", "/become-reader", "/sales"];
const READER_PAGES = ["/reader-dashboard", "/reader-dashboard/written", "/tarot-quiz"];
const STAFF_PAGES = [
  "/staff",
  "/staff/people",
  "/staff/people?q=demo",
  "/staff/people/seed-user-demo",
  "/staff/payments",
  "/staff/readers",
  "/staff/health",
  "/staff/reports",
  "/staff/listings",
  "/staff/readings",
];

const ROLES: [string, "demo" | "ines" | "staff" | null, string[]][] = [
  ["a visitor", null, PAGES],
  ["a member", "demo", [...PAGES, ...MEMBER_PAGES, "/readers/ines_duval/written"]],
  ["a reader", "ines", [...MEMBER_PAGES, ...READER_PAGES]],
  ["staff", "staff", STAFF_PAGES],
];

/** Lets the page lay itself out again after the screen changed size: two frames. */
const settled = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

describe("no page scrolls sideways on a phone", () => {
  it.each(ROLES)(
    "for %s, at 360 and 390 px",
    async (_, session, paths) => {
      // Each page is loaded once and measured at both widths, as a phone turned between them would show it.
      const page = await openPage(browser(), { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });
      if (session) await useMemberSession(page, session);
      const wide: Record<number, string[]> = { 360: [], 390: [] };
      for (const path of paths) {
        await page.setViewportSize({ width: 360, height: 800 });
        const response = await page.goto(path);
        expect(response?.status(), path).toBeLessThan(400);
        await hydrated(page);
        for (const width of [360, 390]) {
          if (width !== 360) {
            await page.setViewportSize({ width, height: 800 });
            await settled(page);
          }
          const over = await sideways(page);
          if (over > 0) wide[width]!.push(`${path} by ${over} px: ${(await sidewaysCulprits(page)).join("; ")}`);
        }
      }
      expect(wide, `pages wider than the screen: ${JSON.stringify(wide)}`).toEqual({ 360: [], 390: [] });
    },
    180_000,
  );

  it.each([360, 390])("for the leader of a reading with a whole Celtic Cross on the table, at %i px", async (width) => {
    const page = await openPage(browser(), { viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
    await page.goto("/");
    await page.goto("/reading-room?create=true");
    await page.waitForURL(/session=/);
    await hydrated(page);
    await expect.poll(() => page.getByTestId("room-status").textContent()).toContain("live");
    await page.getByLabel("Spread").selectOption("celtic-cross");
    await page.getByRole("button", { name: "Shuffle" }).click();
    const draw = page.getByRole("button", { name: "Draw" });
    for (let i = 0; i < 10; i++) {
      await expect.poll(() => draw.isEnabled()).toBe(true);
      await draw.click();
      await expect.poll(() => page.getByTestId("table-card").count()).toBe(i + 1);
    }
    await page.getByRole("button", { name: "Reveal all" }).click();
    await page.getByRole("textbox", { name: "Question" }).fill("What should I carry into the new year?");
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    // Every card lies inside the table, and the question's button is whole.
    const table = (await page.getByTestId("table").boundingBox())!;
    for (const card of await page.getByTestId("table-card").all()) {
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(table.x - 1);
      expect(box.x + box.width).toBeLessThanOrEqual(table.x + table.width + 1);
    }
    const ask = (await page.getByRole("button", { name: "Ask" }).boundingBox())!;
    expect(ask.x + ask.width).toBeLessThanOrEqual(width);
  });
});
