import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, openPage, seriousAxeViolations, sideways, useBrowser } from "./browser";

const browser = useBrowser();

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

const overflows = async (page: Page) => (await sideways(page)) > 0;

describe("a reading done with a physical deck", () => {
  it("is logged on a phone, position by position, found by search, and counted in the journal's numbers", async () => {
    const page = await openPage(browser(), PHONE);
    // A visitor becomes a guest on their first page, with a journal of their own.
    await page.goto("/");
    await page.goto("/journal");
    await hydrated(page);
    await page.getByRole("link", { name: "Log a reading with your own deck" }).click();
    await page.waitForURL(/\/journal\/log$/);
    await hydrated(page);
    // Choosing the spread lays out its positions at once.
    await page.getByLabel("Spread", { exact: true }).selectOption("single");
    await expect.poll(() => page.getByTestId("log-positions").locator("input[list]").count()).toBe(1);
    await page.getByLabel("Your question").fill("What does the new studio need?");
    await page.getByLabel("Deck", { exact: true }).fill("Thoth");
    // A name the deck does not hold is refused beside its field, and what was typed stays.
    await page.getByLabel("1 · The card").fill("The Comet");
    await page.getByLabel("Your notes").fill("Drawn at the window of the empty studio.");
    await page.getByRole("button", { name: "Save to journal" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("“The Comet” in position 1 · The card is not a tarot card");
    expect(await page.getByLabel("Your notes").inputValue()).toBe("Drawn at the window of the empty studio.");
    await page.getByLabel("1 · The card").fill("three of pentacles");
    await page.getByLabel("Reversed").check();
    await page.getByLabel("Tags").fill("studio, work");
    expect(await overflows(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save to journal" }).click();
    await page.waitForURL(/\/journal\/(?!log)[^/?]+$/);
    await expect.poll(() => page.getByTestId("physical-deck").textContent()).toContain("read with Thoth");
    await expect.poll(() => page.locator("main").textContent()).toContain("Three of Pentacles");

    // Found by the words of its notes.
    await page.goto("/journal?q=empty+studio");
    await expect.poll(() => page.getByTestId("journal-count").textContent()).toBe("1 of 1 reading");
    expect(await page.getByTestId("journal").textContent()).toContain("Three of Pentacles · Thoth");

    // The journal in numbers.
    await page.goto("/journal");
    await page.getByRole("link", { name: "Your journal in numbers" }).click();
    await page.waitForURL(/\/journal\/stats$/);
    expect(await page.getByTestId("stats-totals").textContent()).toBe("1 reading · 1 card drawn");
    expect(await page.getByTestId("stats-cards").textContent()).toContain("Your most drawn card is Three of Pentacles, 1 time in 1 draw.");
    expect(await page.getByTestId("stats-reversed").textContent()).toContain("100% of your draws lay reversed");
    expect(await page.getByRole("img", { name: /Readings a month/ }).isVisible()).toBe(true);
    // Each chart's figures are a tap away as a table.
    await page.getByTestId("stats-suits").getByText("Show as a table").click();
    await expect
      .poll(() =>
        page
          .getByTestId("stats-suits")
          .getByRole("row", { name: /Pentacles/ })
          .textContent(),
      )
      .toContain("1 (100%)");
    expect(await overflows(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 90_000);

  it("is logged without JavaScript: the spread chosen with a button, the card typed", async () => {
    const page = await openPage(browser(), { ...PHONE, javaScriptEnabled: false });
    await page.goto("/");
    await page.goto("/journal/log");
    await page.getByLabel("Spread", { exact: true }).selectOption("celtic-cross");
    await page.getByRole("button", { name: "Show its positions" }).click();
    await page.waitForURL(/spread=celtic-cross/);
    const cards = [
      "The Moon",
      "Two of Swords",
      "Ten of Cups",
      "The Hermit",
      "Ace of Wands",
      "Knight of Swords",
      "Queen of Cups",
      "Six of Pentacles",
      "The Star",
      "The World",
    ];
    for (const [i, name] of cards.entries()) await page.locator(`#log-card-${i}`).fill(name);
    await page.getByRole("button", { name: "Save to journal" }).click();
    await page.waitForURL(/\/journal\/(?!log)[^/?]+$/);
    for (const name of cards) expect(await page.locator("main").textContent()).toContain(name);
    expect(await page.getByTestId("physical-deck").textContent()).toContain("read with My own deck");
  }, 90_000);
});

describe("a reading's page in the journal", () => {
  it.each([true, false])(
    "keeps every field typed into it when its one button is pressed, at 390 px (JavaScript %s)",
    async (javaScriptEnabled) => {
      const page = await openPage(browser(), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, javaScriptEnabled });
      await page.goto("/");
      await page.goto("/journal/log?spread=single");
      await page.locator("#log-card-0").fill("The Star");
      await page.getByRole("button", { name: "Save to journal" }).click();
      await page.waitForURL(/\/journal\/(?!log)[^/?]+$/);
      if (javaScriptEnabled) await hydrated(page);

      // Every field of the entry, then its one button: nothing typed is left behind.
      await page.getByLabel("Your notes").fill("Hope, after the long winter.");
      await page.getByLabel("Tags").fill("winter, Hope");
      await page.getByLabel("Mood").selectOption("hopeful");
      expect(await page.getByRole("button", { name: /^Save/ }).count()).toBe(1);
      // "Saved" shows as soon as the save answers, while the page still loads its new key: held
      // here until the other button is pressed, as a busy phone or server may hold it.
      let letReloadGo = () => {};
      const reloadHeld = new Promise<void>((resolve) => (letReloadGo = resolve));
      await page.route(/\.data(\?|$)/, async (route) => {
        if (route.request().method() === "GET") await reloadHeld;
        await route.continue().catch(() => undefined);
      });
      await page.getByRole("button", { name: "Save notes and tags" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "saved" }).textContent()).toBe("Your notes, tags and mood are saved.");
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      if (process.env.SCREENSHOTS_DIR && javaScriptEnabled)
        await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/journal-entry-390.png`, fullPage: true });

      // The other button of the page, pressed with more typed and not saved, and the entry read again from the server.
      await page.getByLabel("Your notes").fill("Hope, after the long winter. Then the thaw.");
      await page.getByRole("button", { name: "Make a read-only link" }).click();
      letReloadGo();
      await expect.poll(() => page.getByTestId("share-link").count()).toBe(1);
      await page.reload();
      expect(await page.getByLabel("Your notes").inputValue()).toBe("Hope, after the long winter. Then the thaw.");
      expect(await page.getByLabel("Tags").inputValue()).toBe("winter, hope");
      expect(await page.getByLabel("Mood").inputValue()).toBe("hopeful");
      expect(await page.getByTestId("share-link").count()).toBe(1);
    },
    60_000,
  );
});
