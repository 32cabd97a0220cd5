import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, openPage, useBrowser, useMemberSession } from "./browser";

const browser = useBrowser();

/** Every kind of page a person reaches from the navigation, the footer and their menus. */
const PAGES = [
  "/",
  "/marketplace",
  "/marketplace/seed-deck-celestial-tides",
  "/marketplace/seed-deck-verdant-grove",
  "/readers",
  "/readers/mira_solenne",
  "/pricing",
  "/developers",
  "/privacy",
  "/terms",
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
const MEMBER_PAGES = ["/collection", "/journal", "/profile", "/credits", "/create-deck", "/balance", "/subscription", "/become-reader", "/sales"];
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

/** How far the page reaches past the screen's right edge; 0 when nothing scrolls sideways. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("no page scrolls sideways on a phone", () => {
  it.each(ROLES)(
    "for %s, at 360 and 390 px",
    async (_, session, paths) => {
      for (const width of [360, 390]) {
        const page = await openPage(browser(), { viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
        if (session) await useMemberSession(page, session);
        const wide: string[] = [];
        for (const path of paths) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBeLessThan(400);
          await hydrated(page);
          const over = await sideways(page);
          if (over > 0) wide.push(`${path} by ${over} px`);
        }
        expect(wide, `${width} px`).toEqual([]);
        await page.context().close();
      }
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
    await page.context().close();
  });
});
