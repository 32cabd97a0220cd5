import { describe, expect, it } from "vitest";
import { hydrated, openPage, useBrowser } from "./browser";

const browser = useBrowser();

describe("the card of the day", () => {
  it("is kept in the journal with a note, without JavaScript, and shows there with it", async () => {
    const page = await openPage(browser(), { javaScriptEnabled: false });
    // A visitor becomes a guest on their first page, and gets a card like everyone.
    await page.goto("/today");
    const name = (await page.getByTestId("daily-card-name").textContent())!;
    expect(name).toMatch(/(Upright|Reversed)$/);
    await expect.poll(() => page.getByRole("img", { name: /.+/ }).first().isVisible()).toBe(true);
    await page.getByLabel("A note for your journal").fill("Slow down before the interview.");
    await page.getByRole("button", { name: "Keep in my journal" }).click();
    await page.waitForURL(/\/today\?kept=1$/);
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain("Kept in your journal today.");
    // The same card is on the home page, marked kept.
    await page.goto("/");
    expect(await page.getByTestId("home-daily-card").getByTestId("daily-card-name").textContent()).toBe(name);
    await page.getByRole("link", { name: "Open the entry" }).click();
    await page.waitForURL(/\/journal\/.+/);
    const cardName = name.replace(/(Upright|Reversed)$/, "").trim();
    await expect.poll(() => page.locator("main").textContent()).toContain(cardName);
    expect(await page.getByLabel("Your notes").inputValue()).toBe("Slow down before the interview.");
  }, 60_000);
});

describe("the tarot library", () => {
  it("reads a card page without JavaScript: meanings, symbolism, positions, structured data and the way on", async () => {
    const page = await openPage(browser(), { javaScriptEnabled: false });
    const response = await page.goto("/cards/major-16");
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("The Tower");
    for (const heading of ["Upright", "Reversed", "In the classic design", "In a spread"])
      await expect.poll(() => page.getByRole("heading", { name: heading }).isVisible()).toBe(true);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(data).toMatchObject({ "@type": "DefinedTerm", name: "The Tower", termCode: "major-16" });
    await page.getByRole("link", { name: "The Star →" }).click();
    await page.waitForURL(/\/cards\/major-17$/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("The Star");
    await page.getByRole("link", { name: "Tarot library" }).click();
    await page.waitForURL(/\/cards$/);
    expect(await page.locator('a[href^="/cards/"]').count()).toBeGreaterThanOrEqual(78);
  }, 60_000);
});

describe("the guides", () => {
  it("open a lesson's practice reading at the table with the lesson's spread", async () => {
    const page = await openPage(browser());
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Tarot Guides" }).click();
    await page.waitForURL(/\/guides$/);
    await page.getByRole("link", { name: /Building a spread/ }).click();
    await page.waitForURL(/\/guides\/building-a-spread$/);
    await hydrated(page);
    await page.getByTestId("practice-link").click();
    await page.waitForURL(/\/reading-room\?session=/);
    await hydrated(page);
    await expect.poll(() => page.getByTestId("room-status").textContent()).toContain("live");
    expect(await page.getByLabel("Spread").inputValue()).toBe("celtic-cross");
  }, 60_000);
});
