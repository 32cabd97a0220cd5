import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, openPage, useBrowser, useMemberSession } from "./browser";

const browser = useBrowser();

const DESKTOP = { viewport: { width: 1280, height: 900 } };

/**
 * Follows the deck page's progress bar until it reaches 100%; returns every percentage it showed,
 * recorded by the page itself as each change lands rather than sampled now and then.
 */
async function watchProgress(page: Page, timeoutMs = 60_000) {
  await page.getByRole("progressbar", { name: "Deck progress" }).waitFor();
  return page.evaluate(
    (timeout) =>
      new Promise<number[]>((resolve, reject) => {
        const seen: number[] = [];
        const record = () => {
          const value = Number(document.querySelector('[role="progressbar"][aria-label="Deck progress"]')?.getAttribute("aria-valuenow"));
          if (Number.isFinite(value) && value !== seen.at(-1)) seen.push(value);
          if (value !== 100) return false;
          observer.disconnect();
          clearTimeout(timer);
          resolve(seen);
          return true;
        };
        const observer = new MutationObserver(record);
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`the deck's progress stopped at ${seen.join(", ")}`));
        }, timeout);
        if (!record()) observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
      }),
    timeoutMs,
  );
}

/** A painted card's SVG without its ids, which a repaint changes whatever it paints. */
const pictureOf = (svg: string) =>
  svg
    .replace(/\sid="[^"]*"/g, "")
    .replace(/url\(#[^)]*\)/g, "url(#)")
    .replace(/href="#[^"]*"/g, 'href="#"');

async function readyImages(page: Page) {
  return page
    .locator('[data-testid="deck-card"][data-stage="ready"] img')
    .evaluateAll((imgs) => imgs.map((img) => ({ src: (img as HTMLImageElement).getAttribute("src"), width: (img as HTMLImageElement).naturalWidth })));
}

describe("a guest's first deck", () => {
  it("is created from the home page's theme box, made live, flipped, and a second is refused without a charge", async () => {
    const page = await openPage(browser(), DESKTOP);
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("textbox", { name: "Your deck's theme" }).fill("Moonlit tides");
    await page.getByRole("button", { name: "Create my deck" }).click();
    await page.waitForURL(/\/create-deck\?theme=Moonlit/);
    await hydrated(page);
    expect(await page.getByRole("textbox", { name: "What is the deck about?" }).inputValue()).toBe("Moonlit tides");
    await page.getByRole("radio", { name: "watercolour" }).check();
    expect(await page.getByTestId("estimate").textContent()).toMatch(/1 Major Arcana credit/);
    await page.getByRole("button", { name: "Create deck" }).click();
    await page.waitForURL(/\/collection\/[0-9a-f-]{36}$/);
    await hydrated(page);

    const seen = await watchProgress(page);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
    expect(seen.some((value) => value < 100)).toBe(true);
    expect(seen.at(-1)).toBe(100);
    await page.getByRole("heading", { name: "Your deck is ready" }).waitFor();
    expect(await page.getByTestId("progress-count").textContent()).toBe("22 of 22 ready");
    await expect.poll(() => page.locator('[data-testid="deck-card"][data-stage="ready"]').count(), { timeout: 30_000 }).toBe(22);
    const images = await readyImages(page);
    expect(new Set(images.map((img) => img.src)).size).toBe(22);
    // Every image is served as an image, and no two cards share a picture.
    const bodies = await Promise.all(
      images.map(async (img) => {
        const response = await page.request.get(img.src!);
        expect(response.status()).toBe(200);
        expect(response.headers()["content-type"]).toMatch(/^image\//);
        expect(response.headers()["cache-control"]).toMatch(/max-age=\d{6,}/);
        return (await response.body()).toString("base64");
      }),
    );
    expect(new Set(bodies).size).toBe(22);
    // The first row is on screen: its pictures are actually drawn.
    await expect.poll(async () => (await readyImages(page)).slice(0, 5).every((img) => img.width > 0), { timeout: 15_000 }).toBe(true);

    const star = page.getByRole("link", { name: /^The Star, / });
    expect(await star.getAttribute("aria-label")).toBe("The Star, show its meaning");
    await star.click();
    // The meaning opens at reading size beside the picture, with nothing to scroll inside a small box.
    const meaning = page.getByRole("dialog", { name: "The Star" });
    await meaning.waitFor();
    // The classic meanings come with the first card opened.
    await meaning.getByRole("heading", { name: "Upright" }).waitFor();
    const text = meaning.locator("p").first();
    expect(Number((await text.evaluate((p) => getComputedStyle(p).fontSize)).replace("px", ""))).toBeGreaterThanOrEqual(16);
    expect((await text.textContent())!.length).toBeGreaterThan(40);
    await page.keyboard.press("Escape");
    await meaning.waitFor({ state: "hidden" });

    // A repaint: the card gets a new picture in place, without a reload, and the message ends when it is there.
    const starImage = page
      .getByRole("link", { name: /^The Star, / })
      .locator("img")
      .first();
    const oldSrc = await starImage.getAttribute("src");
    const oldPicture = pictureOf(await (await page.request.get(oldSrc!)).text());
    await page.evaluate(() => ((window as unknown as { stayedOnPage: boolean }).stayedOnPage = true));
    await page.getByRole("button", { name: "Paint The Star again" }).click();
    // The local painter can finish before the answer to the click is shown: then only the closing word appears.
    await page.getByText(/^(Painting the card again…|The card has been painted again\.)$/).waitFor();
    await expect
      .poll(
        async () => {
          const src = await starImage.getAttribute("src");
          return Boolean(src?.startsWith("/media/") && src !== oldSrc);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.getByText("The card has been painted again.").waitFor({ timeout: 20_000 });
    const newSrc = await starImage.getAttribute("src");
    expect(pictureOf(await (await page.request.get(newSrc!)).text())).not.toBe(oldPicture);
    expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);

    await page.goto("/create-deck");
    await hydrated(page);
    // The style tiles are painted for the theme as it is typed.
    const watercolour = page.getByTestId("style-tile").filter({ hasText: "watercolour" }).locator("img");
    const before = await watercolour.getAttribute("src");
    await page.getByRole("textbox", { name: "What is the deck about?" }).fill("Desert caravans");
    await expect.poll(() => watercolour.getAttribute("src")).toContain("theme=Desert+caravans");
    expect(await watercolour.getAttribute("src")).not.toBe(before);
    await expect.poll(() => watercolour.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    // With no credit left, Create is disabled before anything is sent, and says why and what to do.
    expect(await page.getByTestId("estimate").textContent()).toMatch(/not enough/i);
    const create = page.getByRole("button", { name: "Create deck" });
    expect(await create.isDisabled()).toBe(true);
    expect(await page.getByTestId("create-blocked").textContent()).toContain("No credits left for this deck.");
    expect(await page.getByTestId("create-blocked").getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe("/pricing");
    expect(await create.getAttribute("aria-describedby")).toBe("create-blocked");
    await page.goto("/collection");
    // The title keeps the creator's own capitals.
    expect(await page.getByRole("link", { name: /Moonlit tides/ }).count()).toBe(1);
    expect(await page.getByRole("link", { name: /Desert Caravans/ }).count()).toBe(0);
  });
});

describe("upgrading a Major Arcana deck", () => {
  it("makes exactly the 56 Minor Arcana cards", async () => {
    const page = await openPage(browser(), DESKTOP);
    await useMemberSession(page, "sage");
    await page.goto("/collection/seed-deck-verdant-grove");
    await hydrated(page);
    expect(await page.getByTestId("deck-card").count()).toBe(22);
    const majorsBefore = (await readyImages(page)).map((img) => img.src);
    expect(majorsBefore).toHaveLength(22);
    await page.getByRole("button", { name: "Upgrade to all 78 cards" }).click();
    await page.getByText("Making the 56 Minor Arcana cards…").waitFor();
    const seen = await watchProgress(page);
    expect(seen.at(-1)).toBe(100);
    await expect.poll(() => page.getByTestId("deck-card").count(), { timeout: 30_000 }).toBe(78);
    await expect.poll(() => page.locator('[data-testid="deck-card"][data-stage="ready"]').count(), { timeout: 30_000 }).toBe(78);
    expect(await page.getByRole("link", { name: /^Queen of Cups/ }).count()).toBe(1);
    // The 22 Major Arcana keep their images (a repainted card gets a new URL); 56 new ones appear.
    const after = (await readyImages(page)).map((img) => img.src);
    expect(after.slice(0, 22)).toEqual(majorsBefore);
    expect(new Set(after).size).toBe(78);
  });
});
