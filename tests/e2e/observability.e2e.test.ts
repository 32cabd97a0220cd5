// An error thrown in a page reaches the server (no DSN here) and /dev/errors lists it, counted; the
// staff's health page and the error list fit a phone's width.
import { describe, expect, it } from "vitest";
import { expectPageErrors, hydrated, openPage, sideways, useBrowser, useMemberSession } from "./browser";

const browser = useBrowser();
const WIDTHS = [360, 390, 1280];

const overflow = sideways;

describe("errors thrown in the browser", () => {
  it("are reported, and the same error thrown twice is one group counted twice", async () => {
    const page = await openPage(browser(), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto("/cards");
    await hydrated(page);
    const marker = `Browser check ${"abcdefghij"
      .split("")
      .sort(() => Math.random() - 0.5)
      .join("")}`;
    // Thrown on purpose: the page's error reporting is what is tested.
    expectPageErrors(new RegExp(marker));
    const throwOnce = () =>
      page.evaluate((message) => {
        setTimeout(() => {
          throw new TypeError(message);
        });
      }, marker);
    const reported = () => page.waitForResponse((response) => response.url().endsWith("/errors") && response.request().method() === "POST");
    await Promise.all([reported(), throwOnce()]);
    await Promise.all([reported(), throwOnce()]);
    const list = await openPage(browser());
    await list.goto("/dev/errors");
    const group = list.getByRole("listitem").filter({ hasText: marker });
    await expect.poll(async () => (await list.reload(), await group.count())).toBe(1);
    expect(await group.getByText("TypeError").count()).toBeGreaterThan(0);
    expect(await group.getByLabel("Seen 2 times").count()).toBe(1);
    expect(await group.textContent()).toContain("browser · /cards");
  });
});

describe("the pages that show them", () => {
  it("fit 360, 390 and 1280 pixels without sideways scrolling", async () => {
    for (const width of WIDTHS) {
      const page = await openPage(browser(), { viewport: { width, height: 900 } });
      await useMemberSession(page, "staff");
      for (const path of ["/staff/health", "/dev/errors"]) {
        await page.goto(path);
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(/Health|Errors/);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        if (process.env.SCREENSHOTS_DIR)
          await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${path.replaceAll("/", "_")}-${width}.png`, fullPage: true });
      }
    }
  });
});
