import { describe, expect, it } from "vitest";
import { WRITTEN_BY_AI } from "../../app/ai/authorship";
import { hydrated, openPage, sideways, useBrowser, useMemberSession } from "./browser";
import { createDeck, signUpByMagicLink } from "./flows";

const browser = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

describe("a guest finds their way back", () => {
  it("sees My Collection in the phone menu after making a deck, can put the prompt away, and the menu leads there", async () => {
    const page = await openPage(browser(), PHONE);
    await page.goto("/");
    await hydrated(page);
    const menu = page.getByTestId("mobile-menu");
    const isOpen = () => menu.evaluate((el) => (el as HTMLDetailsElement).open);
    await menu.locator("summary").click();
    expect(await menu.getByRole("link", { name: "My Collection" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await expect.poll(isOpen).toBe(false);

    // A theme whose subject the painter does not know: the words typed stay the deck's words.
    await createDeck(page, { theme: "Yokai spirits along a misty river at dusk", kind: "Major Arcana" });
    const deckUrl = page.url();
    await page.goto((await page.locator('a[href*="/cards/"]').first().getAttribute("href"))!);
    const card = page.getByRole("article");
    await expect.poll(() => card.textContent()).toMatch(/yokai/i);
    expect(await card.textContent()).not.toMatch(/angel/i);
    expect(await card.getByTestId("written-by-ai").textContent()).toBe(WRITTEN_BY_AI);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.goto(deckUrl);
    await hydrated(page);
    const prompt = page.getByTestId("account-prompt");
    expect(await prompt.textContent()).toContain("Your deck is saved in this browser only.");
    expect(await prompt.getByRole("link", { name: "Create account" }).isVisible()).toBe(true);

    // Back on the home page, the menu leads to the collection and the journal.
    await page.goto("/");
    await hydrated(page);
    await menu.locator("summary").click();
    expect(await isOpen()).toBe(true);
    expect(await menu.getByRole("link", { name: "My Collection" }).isVisible()).toBe(true);
    expect(await menu.getByRole("link", { name: "Journal" }).isVisible()).toBe(true);
    // Escape and an outside tap close it (app.e2e.test.ts); a link inside leads on.
    await menu.getByRole("link", { name: "My Collection" }).click();
    await page.waitForURL("**/collection");
    await expect.poll(isOpen).toBe(false);
    expect(await page.getByText(/^Yokai spirits/).count()).toBeGreaterThan(0);

    // "Not now" puts the prompt away, and it stays away.
    const answered = page.waitForResponse((response) => response.url().includes("/account-prompt") && response.request().method() === "POST");
    await prompt.getByRole("button", { name: "Not now" }).click();
    await expect.poll(() => prompt.count()).toBe(0);
    expect((await answered).status()).toBe(200);
    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId("account-prompt").count()).toBe(0);
  });
});

describe("the header after a sign-in", () => {
  it("greets the new member by name on the page they asked for, once, and the badge counts credits", async () => {
    const page = await openPage(browser(), DESKTOP);
    await signUpByMagicLink(page, "harbour-welcome@example.com", "/readers");
    await hydrated(page);
    const toast = page.getByTestId("welcome-toast");
    expect(await toast.textContent()).toMatch(/^.?Welcome to Arcanum, \S+/);
    // It leaves by itself.
    await expect.poll(() => toast.count(), { timeout: 8_000 }).toBe(0);
    // The journal stays in the bar after signing up, beside a way to make a deck.
    const bar = page.getByRole("navigation", { name: "Main" });
    await bar.getByRole("link", { name: "Journal", exact: true }).waitFor();
    expect(await bar.getByRole("link", { name: "Create", exact: true }).getAttribute("href")).toBe("/create-deck");
    const badge = page.getByTestId("deck-badge");
    expect(await badge.textContent()).toBe("1 credit");
    expect(await badge.getAttribute("title")).toMatch(/^Deck credits left\./);
    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId("welcome-toast").count()).toBe(0);
  });
});

describe("a member's navigation bar on a desktop", () => {
  it.each([1024, 1280])("fits every entry, the credits badge on one line, at %i px", async (width) => {
    const page = await openPage(browser(), { viewport: { width, height: 800 } });
    await useMemberSession(page, "demo");
    await page.goto("/marketplace");
    await hydrated(page);
    const bar = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Marketplace", "Readers", "Reading Room", "My Collection", "Journal", "Create"])
      expect(await bar.getByRole("link", { name, exact: true }).isVisible(), name).toBe(true);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const badge = (await page.getByTestId("deck-badge").boundingBox())!;
    expect(badge.height).toBeLessThan(40);
  });
});

describe("a member's navigation on a phone", () => {
  it.each([true, false])("lists the journal and Create in the menu (JavaScript %s)", async (javaScriptEnabled) => {
    const page = await openPage(browser(), { ...PHONE, javaScriptEnabled });
    await useMemberSession(page, "demo");
    await page.goto("/marketplace");
    if (javaScriptEnabled) await hydrated(page);
    const menu = page.getByTestId("mobile-menu");
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: "Journal", exact: true }).click();
    await page.waitForURL("**/journal");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/journal/i);
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: "Create", exact: true }).click();
    await page.waitForURL("**/create-deck");
  });
});

describe("the daily practice on a phone", () => {
  it("is in the phone menu at 390 px, every entry within the screen, and leads to the card of the day and the guides", async () => {
    const page = await openPage(browser(), PHONE);
    await page.goto("/");
    await hydrated(page);
    const menu = page.getByTestId("mobile-menu");
    await menu.locator("summary").click();
    const practice = menu.getByRole("navigation", { name: "Daily practice" });
    for (const name of ["Card of the Day", "Card Meanings", "Guides", "Spreads", "Learn"]) {
      const link = practice.getByRole("link", { name, exact: true });
      expect(await link.isVisible(), name).toBe(true);
      const box = (await link.boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    await practice.getByRole("link", { name: "Card of the Day", exact: true }).click();
    await page.waitForURL("**/today");
    await expect.poll(() => menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await menu.locator("summary").click();
    await practice.getByRole("link", { name: "Guides", exact: true }).click();
    await page.waitForURL("**/guides");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Learn to read");
  });
});
