import { describe, expect, it } from "vitest";
import { hydrated, openPage, sideways, sidewaysCulprits, useBrowser, useMemberSession } from "./browser";

const browser = useBrowser({ serviceWorkers: "block" });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const shots = process.env.SCREENSHOTS_DIR;

describe("learning the cards with one's own deck", () => {
  it("on a phone: picks the deck, reviews five flashcards and grades them, one more offline, today's new cards fall by six and the streak starts; then a quiz answered with its result, and a lesson marked read", async () => {
    const page = await openPage(browser(), PHONE);
    await useMemberSession(page, "demo");
    await page.goto("/learn");
    await hydrated(page);
    // The newest deck of the person's own is chosen first; choosing it again keeps it.
    await page.getByRole("radio", { name: /Autumn Lanterns/ }).check({ force: true });
    await page.getByRole("radio", { name: /The Major Arcana/ }).check();
    await expect.poll(() => page.getByTestId("learn-today").getByRole("heading").textContent()).toContain("Autumn Lanterns");
    const newBefore = Number(await page.getByTestId("new-count").textContent());
    const dueBefore = Number(await page.getByTestId("due-count").textContent());
    expect(newBefore).toBeGreaterThanOrEqual(5);
    expect(await sideways(page), (await sidewaysCulprits(page)).join("\n")).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/learn-390.png`, fullPage: true });

    await page.getByRole("link", { name: "Review", exact: true }).click();
    await page.waitForURL(/\/learn\/seed-deck-autumn-lanterns\?scope=major$/);
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const card = page.getByTestId("flashcard");
      await expect.poll(() => card.getAttribute("data-card")).not.toBe(seen.at(-1) ?? null);
      seen.push((await card.getAttribute("data-card"))!);
      // The answer is folded away until asked for.
      expect(await page.getByRole("button", { name: /^Easy/ }).isVisible()).toBe(false);
      if (i === 0 && shots) {
        await card.locator("img").evaluate((img: HTMLImageElement) => img.decode());
        await page.screenshot({ path: `${shots}/learn-card-390.png` });
      }
      await page.getByText("Show the answer").click();
      await expect.poll(() => page.locator("#answer-heading").isVisible()).toBe(true);
      if (i === 0) {
        expect(await page.locator("main").textContent()).toContain("Upright");
        expect(await sideways(page), (await sidewaysCulprits(page)).join("\n")).toBe(0);
        // The grades stay at the foot of the screen while the answer is read.
        if (shots) await page.screenshot({ path: `${shots}/learn-answer-390.png` });
      }
      // Easy sends a new card days away, so today's counts fall.
      await page.getByRole("button", { name: /^Easy/ }).click();
    }
    expect(new Set(seen).size).toBe(5);

    // A grade given offline waits on the device, and counts once when the connection is back.
    const offlineCard = await page.getByTestId("flashcard").getAttribute("data-card");
    await page.getByText("Show the answer").click();
    await page.context().setOffline(true);
    await page.getByRole("button", { name: /^Easy/ }).click();
    await expect.poll(() => page.getByTestId("outbox-here").textContent()).toContain("Waiting to send");
    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId("flashcard").getAttribute("data-card")).not.toBe(offlineCard);

    await page.getByRole("link", { name: "← Learn" }).click();
    await page.waitForURL(/\/learn\?deck=seed-deck-autumn-lanterns&scope=major$/);
    await expect.poll(async () => Number(await page.getByTestId("new-count").textContent())).toBe(newBefore - 6);
    expect(Number(await page.getByTestId("due-count").textContent())).toBe(dueBefore);
    // Today counts toward the learning streak, and a reminder to learn is now offered.
    expect(Number(await page.getByTestId("learning-streak").getAttribute("data-days"))).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId("learn-reminder").isVisible()).toBe(true);
    if (shots) await page.screenshot({ path: `${shots}/learn-streak-390.png` });

    // At 360 px nothing reaches past the screen, on the picker or on a card.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await sideways(page), (await sidewaysCulprits(page)).join("\n")).toBe(0);
    await page.getByRole("link", { name: "Review", exact: true }).click();
    await page.waitForURL(/\/learn\/seed-deck-autumn-lanterns/);
    await page.getByText("Show the answer").click();
    expect(await sideways(page), (await sidewaysCulprits(page)).join("\n")).toBe(0);

    // A learner's quiz on the phone: ten questions about the Major Arcana with the deck's pictures, answered, then the result.
    await page.setViewportSize(PHONE.viewport);
    await page.getByRole("link", { name: "← Learn" }).click();
    await page.getByTestId("learn-quiz-link").click();
    await page.waitForURL(/\/learn\/quiz\?deck=seed-deck-autumn-lanterns$/);
    await page.getByRole("radio", { name: /The Major Arcana/ }).check();
    await page.getByRole("button", { name: "Start the quiz" }).click();
    await page.waitForURL(/\/learn\/quiz\/[A-Za-z0-9_-]+$/);
    const questions = page.getByTestId("quiz-question");
    await expect.poll(() => questions.count()).toBe(10);
    expect(await page.locator('[data-kind="picture"] img').first().getAttribute("src")).toContain("/media/");
    expect(await sideways(page), (await sidewaysCulprits(page)).join("\n")).toBe(0);
    if (shots) {
      const picture = page.locator('[data-kind="picture"]').first();
      await picture.locator("img").evaluate((img: HTMLImageElement) => img.decode());
      await picture.evaluate((question) => question.scrollIntoView({ block: "start" }));
      await page.screenshot({ path: `${shots}/learn-quiz-390.png` });
    }
    for (let i = 0; i < 10; i++) await questions.nth(i).locator("label").first().click();
    await page.getByRole("button", { name: "See my result" }).click();
    const result = page.getByTestId("quiz-result");
    await expect.poll(() => result.isVisible()).toBe(true);
    const score = Number(await page.getByTestId("quiz-score").textContent());
    expect(await page.locator('[data-testid="quiz-outcome"][data-right="yes"]').count()).toBe(score);
    expect(await page.locator('[data-testid="quiz-outcome"][data-right="no"]').count()).toBe(10 - score);
    expect(await sideways(page), (await sidewaysCulprits(page)).join("\n")).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/learn-quiz-result-390.png` });
    // The cards missed come first in the flashcards, due now.
    const missed = (await result.getAttribute("data-missed"))!.split(" ").filter(Boolean);
    if (missed.length > 0) {
      await page.getByRole("link", { name: "Review them now" }).click();
      await page.waitForURL(/\/learn\/seed-deck-autumn-lanterns\?scope=all$/);
      expect(missed).toContain(await page.getByTestId("flashcard").getAttribute("data-card"));
    }

    // The lessons' path: a lesson marked read shows in the progress.
    await page.goto("/learn/lessons");
    await hydrated(page);
    const first = page.getByTestId("lesson").first();
    const before = await page.getByTestId("lessons-progress").textContent();
    await first.getByRole("button", { name: /^Mark .* read$/ }).click();
    await expect.poll(() => first.getAttribute("data-read")).toBe("yes");
    expect(await page.getByTestId("lessons-progress").textContent()).not.toBe(before);
    expect(await sideways(page), (await sidewaysCulprits(page)).join("\n")).toBe(0);
    if (shots) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${shots}/learn-lessons-390.png` });
    }
  });
});
