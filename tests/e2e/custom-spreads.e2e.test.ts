import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, openPage, sideways, useBrowser } from "./browser";

const browser = useBrowser();

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const NAMES = ["North", "East", "South", "West"];

/** Types into a field reached by focus alone: no pointer is used. */
async function typeInto(page: Page, selector: string, text: string) {
  await page.locator(selector).focus();
  await page.keyboard.type(text);
}

const cellOf = async (page: Page, i: number) => ({
  column: await page.locator(`#p${i}-column`).inputValue(),
  row: await page.locator(`#p${i}-row`).inputValue(),
});

describe("a spread of your own", () => {
  it("is built with the keyboard alone, saved, chosen in a two-person room, seen by both, and filled by the draw", async () => {
    const host = await openPage(browser(), DESKTOP);
    await host.goto("/");
    await host.goto("/spreads/new");
    await hydrated(host);

    await typeInto(host, "#spread-name", "Four winds");
    // The builder starts with three positions; "Add position" makes the fourth and takes the focus to its name.
    await host.getByRole("button", { name: "Add position" }).focus();
    await host.keyboard.press("Enter");
    await expect.poll(() => host.getByTestId("builder-position").count()).toBe(4);
    await expect.poll(() => host.evaluate(() => document.activeElement?.id)).toBe("p3-name");
    for (const [i, name] of NAMES.entries()) await typeInto(host, `#p${i}-name`, name);

    // Lay them as a compass with the arrow keys: North at the top, South at the bottom, East and West either side.
    const card = (i: number) => host.getByTestId("builder-card").nth(i);
    expect(await cellOf(host, 3)).toEqual({ column: "1", row: "1" });
    await card(0).focus();
    await host.keyboard.press("ArrowUp");
    await host.keyboard.press("ArrowRight");
    expect(await cellOf(host, 0)).toEqual({ column: "4", row: "1" });
    await card(2).focus();
    await host.keyboard.press("ArrowDown");
    await host.keyboard.press("ArrowDown");
    await host.keyboard.press("ArrowLeft");
    expect(await cellOf(host, 2)).toEqual({ column: "4", row: "4" });
    await card(1).focus();
    await host.keyboard.press("ArrowRight");
    await host.keyboard.press("ArrowRight");
    await host.keyboard.press("ArrowDown");
    expect(await cellOf(host, 1)).toEqual({ column: "6", row: "3" });
    await host.keyboard.press("ArrowLeft");
    await host.keyboard.press("ArrowDown");
    await host.keyboard.press("ArrowLeft");
    // Onto South's cell (column 4, row 4): refused, East stays.
    expect(await cellOf(host, 1)).toEqual({ column: "5", row: "4" });
    await host.keyboard.press("ArrowUp");
    await host.keyboard.press("ArrowRight");
    expect(await cellOf(host, 1)).toEqual({ column: "6", row: "3" });
    await card(3).focus();
    await host.keyboard.press("ArrowDown");
    await host.keyboard.press("ArrowDown");
    await host.keyboard.press("ArrowRight");
    expect(await cellOf(host, 3)).toEqual({ column: "2", row: "3" });
    // Nor off the grid.
    await card(0).focus();
    await host.keyboard.press("ArrowUp");
    expect(await cellOf(host, 0)).toEqual({ column: "4", row: "1" });

    await host.getByRole("button", { name: "Save the spread" }).focus();
    await host.keyboard.press("Enter");
    await host.waitForURL(/\/spreads\/(?!new$)[A-Za-z0-9_-]+$/);
    await expect.poll(() => host.getByTestId("spread-positions").locator("li").count()).toBe(4);

    // A room of the host's own with a guest who joined by invite link.
    await host.goto("/reading-room?create=true");
    await host.waitForURL(/session=/);
    await hydrated(host);
    await host.getByRole("button", { name: "Make an invite link" }).click();
    const invitePath = new URL((await host.getByTestId("invite-link").getAttribute("href"))!).pathname;
    // The guest follows on a phone, where the spread's ten-unit cards are too narrow for their names.
    const guest = await openPage(browser(), PHONE);
    await guest.goto(invitePath);
    await hydrated(guest);
    await guest.getByRole("button", { name: "Join the reading" }).click();
    await guest.waitForURL(/session=/);
    await hydrated(guest);
    await expect.poll(() => host.getByTestId("people").locator("li").count()).toBe(2);

    // The host's spread is offered after the six built in; both tables show its positions at once.
    await host.getByLabel("Spread").selectOption({ label: "Four winds (4)" });
    for (const page of [host, guest]) {
      await expect.poll(() => page.getByTestId("spot-name").allTextContents()).toEqual(NAMES);
    }
    // On the phone the places are numbered on the table and named whole in the key under it; a desktop names them on the table.
    const table = guest.getByTestId("table");
    expect(await table.getByTestId("spot-name").first().isVisible()).toBe(false);
    expect(await table.getByTestId("place-number").evaluateAll((badges) => badges.map((badge) => (badge as HTMLElement).innerText))).toEqual([
      "1",
      "2",
      "3",
      "4",
    ]);
    const key = guest.getByTestId("spread-key");
    expect(await key.getByTestId("key-place-name").evaluateAll((names) => names.map((name) => (name as HTMLElement).innerText))).toEqual(NAMES);
    expect(await key.getByTestId("key-place-name").evaluateAll((names) => names.every((name) => name.scrollWidth <= name.clientWidth))).toBe(true);
    expect(await key.getByText("Not drawn yet").count()).toBe(4);
    expect(await sideways(guest)).toBeLessThanOrEqual(0);
    expect(await host.getByTestId("spread-key").isVisible()).toBe(false);

    await host.getByRole("button", { name: "Shuffle" }).click();
    for (let i = 0; i < 4; i++) {
      await host.getByRole("button", { name: "Draw" }).click();
      await expect.poll(() => guest.getByTestId("table-card").count()).toBe(i + 1);
    }
    await expect.poll(() => host.getByRole("button", { name: "Draw" }).getAttribute("title")).toBe("The spread is full.");
    await host.getByRole("button", { name: "Reveal all" }).click();
    for (const page of [host, guest]) {
      await expect
        .poll(
          async () =>
            await page
              .getByRole("list", { name: "Drawn cards" })
              .getByRole("listitem")
              .evaluateAll((items) => items.map((item) => item.querySelector("p")?.textContent?.split(":")[0])),
        )
        .toEqual(NAMES);
    }
    // Each card in the phone's key is large enough to see, and opens in the gallery.
    await expect.poll(() => key.getByRole("button", { name: /^Look at / }).count()).toBe(4);
    const widths = await key.locator("img").evaluateAll((pictures) => pictures.map((picture) => picture.getBoundingClientRect().width));
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(90);
    // The narrowest phone the app is made for: the key's names still whole, its cards still large enough to see, nothing off the side.
    await guest.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => key.getByTestId("key-place-name").evaluateAll((names) => names.every((name) => name.scrollWidth <= name.clientWidth))).toBe(true);
    expect(
      Math.min(...(await key.locator("img").evaluateAll((pictures) => pictures.map((picture) => picture.getBoundingClientRect().width)))),
    ).toBeGreaterThanOrEqual(90);
    expect(await sideways(guest)).toBeLessThanOrEqual(0);
    await guest.setViewportSize(PHONE.viewport);
    const south = key.getByRole("button", { name: /^Look at South: / });
    const southCard = (await south.getAttribute("aria-label"))!.replace(/^Look at South: /, "").replace(/, reversed$/, "");
    await south.click();
    await expect.poll(() => guest.getByTestId("gallery-card").textContent()).toContain(southCard);
  });
});
