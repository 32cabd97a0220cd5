import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { hydrated, openPage, sideways, useBrowser } from "./browser";

const browser = useBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const shot = (page: Page, name: string) => (process.env.SCREENSHOTS_DIR ? page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${name}` }) : undefined);

describe("the card of the day", () => {
  it("is turned over, kept in the journal with what was seen, without JavaScript, and shows there with it", async () => {
    const page = await openPage(browser(), { ...PHONE, javaScriptEnabled: false });
    // A visitor becomes a guest on their first page, and gets a card like everyone: face down.
    await page.goto("/today");
    const card = page.getByTestId("daily-card");
    expect(await card.getAttribute("data-stage")).toBe("face-down");
    expect(await page.getByTestId("daily-card-name").count()).toBe(0);
    await page.getByRole("button", { name: "Turn it over" }).click();
    await page.waitForURL(/\/today$/);
    expect(await card.getAttribute("data-stage")).toBe("turned");
    const name = (await page.getByTestId("daily-card-name").textContent())!;
    expect(name).toMatch(/(Upright|Reversed)$/);
    await expect.poll(() => page.getByRole("img", { name: /.+/ }).first().isVisible()).toBe(true);
    // What they see comes first; the meaning waits.
    expect(await page.getByRole("link", { name: /^More about/ }).count()).toBe(0);
    await page.getByLabel("What do you see?").fill("Slow down before the interview.");
    await page.getByRole("button", { name: "Keep in my journal" }).click();
    await page.waitForURL(/\/today\?kept=1$/);
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain("Kept in your journal today.");
    expect(await page.getByRole("link", { name: /^More about/ }).isVisible()).toBe(true);
    // The same card is on the home page, turned and marked kept.
    await page.goto("/");
    expect(await page.getByTestId("home-daily-card").getByTestId("daily-card-name").textContent()).toBe(name);
    await page.getByRole("link", { name: "Open the entry" }).click();
    await page.waitForURL(/\/journal\/.+/);
    const cardName = name.replace(/(Upright|Reversed)$/, "").trim();
    await expect.poll(() => page.locator("main").textContent()).toContain(cardName);
    expect(await page.getByLabel("Your notes").inputValue()).toBe("Slow down before the interview.");
  }, 60_000);

  it("flips over in place on a phone from the keyboard, stays turned, then shows the meaning", async () => {
    const page = await openPage(browser(), PHONE);
    await page.goto("/today");
    await hydrated(page);
    const card = page.getByTestId("daily-card");
    expect(await card.getAttribute("data-stage")).toBe("face-down");
    // The deck's back is what shows.
    const back = card.locator('img[src^="/art/back.svg"]');
    await expect.poll(() => back.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    await shot(page, "daily-face-down-390.png");
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const turn = page.getByRole("button", { name: "Turn it over" });
    await turn.focus();
    const saved = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/today.data");
    await page.keyboard.press("Enter");
    // The card turns where it lies: no new page, and the name takes the focus.
    await expect.poll(() => card.getAttribute("data-stage")).toBe("turned");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("daily-card-name");
    expect((await saved).status()).toBe(200);
    await page.waitForTimeout(800);
    await shot(page, "daily-turned-390.png");
    expect(await page.getByRole("link", { name: /^More about/ }).count()).toBe(0);
    // A reload finds it turned; at 360 px nothing runs off the side.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await hydrated(page);
    expect(await card.getAttribute("data-stage")).toBe("turned");
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.getByLabel("What do you see?").fill("A bright road.");
    await page.getByRole("button", { name: "Skip to the meaning" }).click();
    await expect.poll(() => card.getAttribute("data-stage")).toBe("read");
    expect(await page.getByRole("link", { name: /^More about/ }).isVisible()).toBe(true);
    expect(await page.getByLabel("A note for your journal").isVisible()).toBe(true);
    // The meaning can be listened to, by the browser's own voice: what it was given to say is recorded.
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => void said.push(utterance.text);
    });
    const name = (await page.getByTestId("daily-card-name").textContent())!.replace(/(Upright|Reversed)$/, "").trim();
    await page.getByRole("button", { name: "Listen to the meaning" }).click();
    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(name);
    expect(await page.getByRole("button", { name: "Stop" }).getAttribute("aria-pressed")).toBe("true");
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

  it("shows the cards' pictures in a grid on a phone, each described, loaded as they come into view", async () => {
    const page = await openPage(browser(), PHONE);
    await page.goto("/cards");
    const pictures = page.getByTestId("library-grid").getByRole("img");
    expect(await pictures.count()).toBe(78);
    const tower = page.getByRole("img", { name: /^The Tower: / });
    expect(await tower.getAttribute("loading")).toBe("lazy");
    const first = pictures.first();
    await expect.poll(() => first.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    // Three to a row at 390 px.
    const [a, b, c, d] = await Promise.all([0, 1, 2, 3].map((i) => pictures.nth(i).boundingBox()));
    expect(a!.y).toBe(b!.y);
    expect(b!.y).toBe(c!.y);
    expect(d!.y).toBeGreaterThan(a!.y);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.getByTestId("library-grid").first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await shot(page, "library-grid-390.png");
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await sideways(page)).toBeLessThanOrEqual(0);
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
