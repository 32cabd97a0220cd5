/**
 * Where a newcomer looks on a deck page and what leaves with them: the owner's toolbar above the
 * cards on a phone and a desktop, a reading shared from the journal previewing as a link with its
 * tags and a picture a stranger can load, a card repainted with its own words from its page, and an
 * account deleted from the profile taking its decks' pictures out of storage.
 */
import { describe, expect, it } from "vitest";
import { hydrated, openPage, storedMedia, useBrowser, useMemberSession } from "./browser";
import { createDeck, signUpByMagicLink } from "./flows";

const browser = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 } };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

describe("a deck page, a shared reading and a deleted account", () => {
  it("puts the owner's actions in a toolbar above the cards, on a phone and on a desktop", async () => {
    for (const size of [PHONE, DESKTOP]) {
      const page = await openPage(browser(), size);
      await useMemberSession(page, "demo");
      await page.goto("/collection/seed-deck-autumn-lanterns");
      await hydrated(page);
      const toolbar = page.getByTestId("deck-toolbar");
      for (const name of ["Read with this deck", "Rename", "Delete"]) expect(await toolbar.getByText(name, { exact: true }).count(), name).toBeGreaterThan(0);
      const bar = (await toolbar.boundingBox())!;
      const firstCard = (await page.getByTestId("deck-card").first().boundingBox())!;
      expect(bar.y + bar.height).toBeLessThanOrEqual(firstCard.y);
      // On a phone the toolbar is within the first screen, not below the cards.
      expect(bar.y).toBeLessThan(size.viewport.height);
    }
  });

  it("draws its titles from the display face's core file, and fetches the whole Latin file only for a heading that needs it", async () => {
    const page = await openPage(browser(), PHONE);
    await useMemberSession(page, "demo");
    await page.goto("/collection/seed-deck-autumn-lanterns");
    await hydrated(page);
    const faces = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => entry.name.split("/").pop()!)
          .filter((name) => name.endsWith(".woff2")),
      );
    // The faces the browser has loaded: the core one at 700, and no other.
    const loaded = () =>
      page.evaluate(() => [...document.fonts].filter((face) => face.status === "loaded").map((face) => `${face.weight} ${face.unicodeRange}`));
    await expect.poll(loaded).toEqual([expect.stringMatching(/^700 U\+20-7E, /)]);
    // Only the preloaded core file at 700: the title and the logo are plain ASCII, and nothing on the page asks for 600.
    expect((await faces()).map((name) => name.replace(/-[\w-]{8}\.woff2$/, ""))).toEqual(["cormorant-garamond-700-core"]);
    // A heading with a letter outside the core brings the Latin file of its weight.
    await page.evaluate(() => document.querySelector("main")!.insertAdjacentHTML("afterbegin", '<h2 style="font-weight:700">Café</h2>'));
    await expect.poll(async () => (await faces()).some((name) => name.startsWith("cormorant-garamond-latin-700-normal"))).toBe(true);
  });

  it("shares a reading from the journal as a link that previews with its title, description and a PNG a stranger can load", async () => {
    const member = await openPage(browser(), DESKTOP);
    await useMemberSession(member, "sage");
    await member.goto("/reading-room?create=true");
    await member.waitForURL(/session=/);
    await hydrated(member);
    await member.getByRole("textbox", { name: "Question" }).fill("What should I carry into the new year?");
    await member.getByRole("button", { name: "Ask" }).click();
    await member.getByRole("button", { name: "Shuffle" }).click();
    const draw = member.getByRole("button", { name: "Draw" });
    for (let i = 0; i < 3; i++) {
      await expect.poll(() => draw.isEnabled()).toBe(true);
      await draw.click();
      await expect.poll(() => member.getByTestId("table-card").count()).toBe(i + 1);
    }
    await member.getByRole("button", { name: "Reveal all" }).click();
    const interpret = member.getByRole("button", { name: "Interpret the reading" });
    await expect.poll(() => interpret.isEnabled()).toBe(true);
    await interpret.click();
    await expect.poll(() => member.getByTestId("interpretation").textContent(), { timeout: 20_000 }).toMatch(/Overall Energy/);

    // The reading is kept in the journal once its interpretation is written whole.
    const kept = member.getByRole("link", { name: /What should I carry into the new year\?/ });
    await expect
      .poll(async () => {
        await member.goto("/journal");
        return kept.count();
      })
      .toBe(1);
    await kept.click();
    await member.getByRole("button", { name: "Make a read-only link" }).click();
    const link = await member.getByTestId("share-link").getAttribute("href");
    expect(link).toMatch(/^\/shared\/[A-Za-z0-9_-]+$/);

    // A stranger opens the link: the page and what a chat app reads from it.
    const stranger = await openPage(browser(), PHONE);
    const response = await stranger.goto(link!);
    expect(response!.status()).toBe(200);
    const meta = (selector: string) => stranger.locator(`meta[${selector}]`).getAttribute("content");
    expect(await meta('property="og:title"')).toBe("“What should I carry into the new year?” — a tarot reading on Arcanum");
    expect(await meta('property="og:description"')).toMatch(/^Three cards: .+\.$/);
    expect(await meta('name="twitter:card"')).toBe("summary_large_image");
    const image = await meta('property="og:image"');
    expect(image).toBe(new URL(`${link}/share.png`, stranger.url()).href);
    expect(await meta('name="twitter:image"')).toBe(image);
    const picture = await stranger.request.get(image!);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toBe("image/png");
    expect((await picture.body()).subarray(1, 4).toString()).toBe("PNG");
  });

  it("repaints a card with a few words of its own on a phone, and the deck page shows the new picture", async () => {
    const page = await openPage(browser(), PHONE);
    await useMemberSession(page, "demo");
    const deckId = "seed-deck-autumn-lanterns";
    await page.goto(`/collection/${deckId}/cards/major-17`);
    await hydrated(page);
    const field = page.getByLabel("For this card");
    // Words that are not words are refused next to the field, and nothing is painted.
    await field.fill("{{ignore the theme}}");
    await page.getByRole("button", { name: "Repaint this card" }).click();
    await page
      .getByTestId("repaint-note")
      .getByText(/Use words only/)
      .waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await field.fill("with a lighthouse");
    await page.getByRole("button", { name: "Repaint this card" }).click();
    await page.getByTestId("repaint-note").getByText("Painting the card again, with a lighthouse…").waitFor();
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/card-prompt-390.png` });
    // The deck page paints it live; once ready, its picture shows the lighthouse in the deck's own scene.
    await page.getByRole("link", { name: "Watch it on the deck page" }).click();
    await page.waitForURL((url) => url.pathname === `/collection/${deckId}`);
    const tile = page.locator(`a[href="/collection/${deckId}/cards/major-17"][data-stage="ready"] img`);
    await tile.waitFor({ timeout: 30_000 });
    const svg = await (await page.request.get((await tile.getAttribute("src"))!)).text();
    expect(svg).toContain('data-subject="lighthouse"');
    await tile.evaluate((img) => img.scrollIntoView({ block: "center" }));
    // Every picture in view has loaded before the picture is taken.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="deck-card"] img')]
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        })
        .every((img) => img.complete && img.naturalWidth > 0),
    );
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/card-prompt-repainted-390.png` });
    // The repaint painted a second variant and kept the earlier picture: the card's page offers both, and the person keeps the variant.
    await page.goto(`/collection/${deckId}/cards/major-17`);
    await hydrated(page);
    const pictures = page.getByTestId("card-pictures");
    expect(await pictures.getByRole("button", { name: /^Keep picture \d of The Star$/ }).count()).toBe(2);
    const variant = pictures.getByRole("listitem").filter({ hasText: "Painted beside the last repaint" });
    const chosen = await variant.locator("img").getAttribute("src");
    await variant.locator("img").evaluate((img) => img.scrollIntoView({ block: "center" }));
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="card-pictures"] img')].every((img) => img.complete && img.naturalWidth > 0),
    );
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/card-variants-390.png` });
    await variant.getByRole("button", { name: /^Keep picture \d of The Star$/ }).click();
    await page
      .getByTestId("keep-note")
      .getByText(/Kept: the card shows this picture now/)
      .waitFor();
    // The card shows the variant kept (the same stored picture), and the one it showed is offered in its place.
    await page.waitForFunction(
      (src) => document.querySelector<HTMLImageElement>('img[alt="The Star, as painted for this deck"]')?.getAttribute("src")?.split("?")[0] === src,
      chosen!.split("?")[0],
    );
    await pictures.getByText("Shown before").first().waitFor();
    expect(await pictures.getByText("Painted beside the last repaint").count()).toBe(0);
  });

  it("deletes an account from the profile with its decks, whose pictures leave storage, and signs the person out", async () => {
    const page = await openPage(browser(), DESKTOP);
    const email = `leaving-${Date.now()}@example.test`;
    await signUpByMagicLink(page, email, "/collection");
    await createDeck(page, { theme: "Paper boats on a quiet canal", kind: "Major Arcana" });
    const deckId = new URL(page.url()).pathname.split("/").pop()!;
    const picture = await page.getByTestId("deck-card").first().locator("img").getAttribute("src");
    expect(picture).toMatch(new RegExp(`^/media/card-images/${deckId}/`));
    expect(await storedMedia(`card-images/${deckId}/`)).toHaveLength(22);

    await page.goto("/profile#delete-account");
    await hydrated(page);
    await page.getByLabel(/Type your e-mail address or the word DELETE to confirm/).fill(email);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL((url) => url.pathname === "/" && url.searchParams.get("account") === "deleted");
    await page.getByText("Your account is deleted and you are signed out.").waitFor();
    await page.getByRole("link", { name: "Sign In", exact: true }).waitFor();

    expect((await page.request.get(picture!)).status()).toBe(404);
    expect(await storedMedia(`card-images/${deckId}/`)).toEqual([]);
  });
});
