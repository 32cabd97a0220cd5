import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createDeck } from "./flows";
import { hydrated, openPage, sideways, useBrowser, useMemberSession } from "./browser";

const browser = useBrowser();

const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** Whether the page is wider than its window. */
const overflows = async (page: Page) => (await sideways(page)) > 0;

describe("the credits page", () => {
  it("shows the charge of a new deck with a link to it, from the header's badge with JavaScript and at its address without", async () => {
    const page = await openPage(browser(), DESKTOP);
    await useMemberSession(page, "sage");
    await createDeck(page, { theme: "Ledger of lanterns", kind: "Major Arcana" });
    const deckPath = new URL(page.url()).pathname;

    await page.goto("/");
    await hydrated(page);
    await page.getByTestId("deck-badge").click();
    await page.waitForURL(/\/credits$/);
    await hydrated(page);
    const charge = page.getByTestId("credit-ledger").getByRole("link", { name: "Deck “Ledger of lanterns”" });
    expect(await charge.getAttribute("href")).toBe(deckPath);
    expect(await page.getByTestId("credit-ledger").locator("li").first().textContent()).toContain("−1 complete-deck credit");
    expect(await page.getByTestId("credits-make").textContent()).toMatch(/^Your credits make \d+ full decks? at \w+ quality/);
    await charge.click();
    await page.waitForURL((url) => url.pathname === deckPath);

    for (const width of [360, 390, 1280]) {
      const plain = await openPage(browser(), { viewport: { width, height: 800 }, javaScriptEnabled: false });
      await useMemberSession(plain, "sage");
      await plain.goto("/credits");
      const link = plain.getByTestId("credit-ledger").getByRole("link", { name: "Deck “Ledger of lanterns”" });
      expect(await link.getAttribute("href")).toBe(deckPath);
      expect(await overflows(plain), `${width}px`).toBe(false);
      if (width === 360) {
        await link.click();
        await plain.waitForURL((url) => url.pathname === deckPath);
      }
    }
  });
});
