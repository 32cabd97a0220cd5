/**
 * Decks you can hold, in a browser: a buyer makes and downloads the print-ready PDF and the ZIP of
 * a deck they bought; an owner uploads a card back of their own and finds it on the reading
 * table's pile.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hydrated, openPage, useBrowser, useMemberSession } from "./browser";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 }, acceptDownloads: true };
/** A 2 × 2 PNG, gold. */
const BACK_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPs2tPPwMDAxMDAwMDAAAAhMgKe7w3VjwAAAABJRU5ErkJggg==", "base64");

describe("printing a deck", () => {
  it("lets a buyer make and download the PDF and the ZIP of a bought deck", async () => {
    const page = await openPage(browser(), DESKTOP);
    await useMemberSession(page, "ines");
    await page.goto("/collection/seed-deck-verdant-grove");
    await hydrated(page);
    await page.getByTestId("print-link").click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Print");
    await expect.poll(() => page.getByTestId("print-licence").textContent()).toContain("Personal use only");
    await expect.poll(() => page.getByRole("button", { name: "Prepare the pictures" }).count()).toBe(1);
    await page.getByRole("button", { name: "Make the PDF" }).click();
    // The page follows the print job's progress until the PDF can be downloaded.
    await expect.poll(() => page.getByTestId("download-pdf").count(), { timeout: 300_000, interval: 1000 }).toBe(1);
    const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-pdf").click()]);
    expect(pdf.suggestedFilename()).toMatch(/-a4-sheets\.pdf$/);
    const pdfBytes = readFileSync((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdfBytes.toString("latin1")).toContain("/Count ");

    // Making the PDF drew every card into the stored renders: the ZIP is offered at once and draws nothing.
    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId("download-zip").count()).toBe(1);
    const [zip] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-zip").click()]);
    expect(zip.suggestedFilename()).toMatch(/-cards\.zip$/);
    const zipBytes = readFileSync((await zip.path())!);
    expect(zipBytes.subarray(0, 2).toString()).toBe("PK");
    expect(zipBytes.toString("latin1")).toContain("README.txt");
    expect(zipBytes.toString("latin1")).toContain("back.png");
    await page.context().close();
  }, 600_000);

  it("lets the owner upload a card back of their own and shows it on the reading table's pile", async () => {
    const page = await openPage(browser(), DESKTOP);
    await useMemberSession(page, "demo");
    await page.goto("/collection/seed-deck-autumn-lanterns");
    await hydrated(page);
    await page.getByTestId("back-menu").locator("summary").click();
    await page.locator('input[name="back"]').setInputFiles({ name: "back.png", mimeType: "image/png", buffer: BACK_PNG });
    await page.getByRole("button", { name: "Upload the back" }).click();
    await expect.poll(() => page.getByText("Your card back is saved.").count()).toBeGreaterThan(0);
    await page.goto("/");
    await page.goto("/reading-room/seed-deck-autumn-lanterns?create=true");
    await page.waitForURL(/session=/);
    await hydrated(page);
    await expect.poll(() => page.getByTestId("pile-top").getAttribute("src")).toMatch(/^\/media\/card-backs\/seed-deck-autumn-lanterns\/[A-Za-z0-9-]+\.png\?v=/);
    const src = (await page.getByTestId("pile-top").getAttribute("src"))!;
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(Buffer.from(await served.body())).toEqual(BACK_PNG);
    await page.context().close();
  }, 120_000);

  it("keeps the print page, the card back chooser and the card's words within a phone's width", async () => {
    for (const width of [360, 390, 1280]) {
      const page = await openPage(browser(), { viewport: { width, height: 900 } });
      await useMemberSession(page, "demo");
      for (const [path, open] of [
        ["/collection/seed-deck-autumn-lanterns/print", null],
        ["/collection/seed-deck-autumn-lanterns", "back-menu"],
        ["/collection/seed-deck-autumn-lanterns/cards/major-00", null],
      ] as const) {
        await page.goto(path);
        await hydrated(page);
        if (open) await page.getByTestId(open).locator("summary").click();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
        if (process.env.PRINT_SCREENSHOTS) await page.screenshot({ path: `${process.env.PRINT_SCREENSHOTS}/${path.split("/").pop()}-${width}.png`, fullPage: true });
      }
      await page.context().close();
    }
  }, 120_000);
});
