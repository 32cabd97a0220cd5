/**
 * What a phone shows: a video reading keeps the other person's picture on the table, in the first
 * screen, and the chat one tap away; the marketplace's and the readers' filters fold behind one
 * Filters button (with or without JavaScript) so the results start on the first screen, while a
 * desktop shows them open.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, openPage, seriousAxeViolations, sideways, spaceBetween, useBrowser } from "./browser";

const browser = useBrowser();

const phone = (width: number) => ({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true });
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** Whether an element lies wholly on the first screen, as the page stands scrolled to its top. */
async function onFirstScreen(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const { width, height, scrollY } = await page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight, scrollY: window.scrollY }));
  return Boolean(box && scrollY === 0 && box.y >= 0 && box.y + box.height <= height && box.x >= 0 && box.x + box.width <= width);
}

/** Whether an element lies wholly on the screen where the page is scrolled now. */
async function inView(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const { width, height } = await page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  return Boolean(box && box.y >= 0 && box.y + box.height <= height && box.x >= 0 && box.x + box.width <= width);
}

const playing = (page: Page) =>
  page.getByTestId("remote-video").evaluateAll((videos) => videos.some((v) => (v as HTMLVideoElement).videoWidth > 0 && !(v as HTMLVideoElement).paused));

describe("a video reading on a phone", () => {
  it.each([360, 390])(
    "at %i px, shows the other's picture on the table in the first screen, and opens the chat without scrolling",
    async (width) => {
      const host = await openPage(browser(), phone(width));
      await host.goto("/");
      await host.goto("/reading-room?create=true");
      await host.waitForURL(/session=/);
      await hydrated(host);
      await host.getByLabel("Joins as").selectOption("participant-video");
      await host.getByRole("button", { name: "Make an invite link" }).click();
      await expect.poll(async () => (await host.getByTestId("invite-link").getAttribute("href")) ?? "").toMatch(/\/invite\/participant-video\//);
      const invite = new URL((await host.getByTestId("invite-link").getAttribute("href"))!).pathname;

      // The guest, at a desktop, comes through a video invitation: the call starts as they arrive.
      const guest = await openPage(browser(), DESKTOP);
      await guest.goto(invite);
      await hydrated(guest);
      await guest.getByRole("button", { name: "Join the reading" }).click();
      await guest.waitForURL(/video=1/);
      await hydrated(guest);
      await guest.getByTestId("local-video").waitFor();
      await host.getByRole("button", { name: "Join video call" }).click();
      await expect.poll(() => playing(host), { timeout: 30_000 }).toBe(true);

      // The table's tools take one row above it, the sounds as a speaker that keeps its name.
      const zoomOut = (await host.getByRole("button", { name: "Zoom out" }).boundingBox())!;
      const sounds = (await host.getByRole("button", { name: "Sounds off" }).boundingBox())!;
      expect(Math.abs(sounds.y - zoomOut.y)).toBeLessThan(2);
      expect(sounds.x + sounds.width).toBeLessThanOrEqual(width);

      // Back at the top of the page: the guest's picture lies on the table, whole and in view, one's own smaller inside it.
      await host.evaluate(() => window.scrollTo(0, 0));
      // Scrolled away by the click on "Join video call", the picture floated over the page; it comes
      // back to the table when the table's observer next reports it in view, a frame or two later.
      await expect.poll(() => host.getByTestId("video-dock").getAttribute("data-floating")).toBeNull();
      const table = host.getByTestId("table");
      const theirs = host.getByTestId("video-dock").getByTestId("remote-video");
      const mine = host.getByTestId("video-dock").getByTestId("local-video");
      expect(await onFirstScreen(host, theirs)).toBe(true);
      expect(await spaceBetween(theirs, table)).toBeLessThan(0);
      const [theirBox, myBox, tableBox] = [(await theirs.boundingBox())!, (await mine.boundingBox())!, (await table.boundingBox())!];
      expect(theirBox.y).toBeLessThan(tableBox.y + tableBox.height);
      expect(theirBox.width).toBeLessThan(tableBox.width / 2);
      expect(myBox.width).toBeLessThan(theirBox.width / 2);
      // The call's panel down the page keeps only its buttons: no second picture of the guest.
      expect(await host.getByTestId("remote-video").count()).toBe(1);
      expect(await host.getByTestId("video-tiles").count()).toBe(0);

      // A tap enlarges the picture across the table and another brings it back; it moves round the corners.
      await host.getByRole("button", { name: /^Enlarge .* picture$/ }).click();
      expect((await theirs.boundingBox())!.width).toBeGreaterThan(tableBox.width * 0.9);
      await host.getByRole("button", { name: /picture small$/ }).click();
      expect((await theirs.boundingBox())!.width).toBeLessThan(tableBox.width / 2);
      await host.getByRole("button", { name: "Move the picture to another corner" }).click();
      const moved = (await theirs.boundingBox())!;
      expect(moved.x + moved.width / 2).toBeLessThan(tableBox.x + tableBox.width / 2);
      // One's own picture can be hidden.
      await host.getByRole("button", { name: "Hide my picture" }).click();
      expect(await mine.count()).toBe(0);
      await host.getByRole("button", { name: "Show my picture" }).click();
      expect(await mine.count()).toBe(1);

      // Scrolled down to the call's buttons, the host still sees the guest: the picture floats on the screen, and a tap goes back to the table.
      await host.getByRole("button", { name: "Leave call" }).scrollIntoViewIfNeeded();
      await expect.poll(() => host.getByTestId("video-dock").getAttribute("data-floating")).toBe("true");
      expect(await inView(host, theirs)).toBe(true);
      expect(await inView(host, table)).toBe(false);
      // Asked for without motion, the way back is one jump: a loaded browser's smooth scroll can stop short of it.
      await host.emulateMedia({ reducedMotion: "reduce" });
      await host.getByRole("button", { name: "Back to the table" }).click();
      await expect.poll(() => inView(host, table)).toBe(true);
      await expect.poll(() => host.getByTestId("video-dock").getAttribute("data-floating")).toBe(null);

      // The guest writes; on the host's phone the Chat button, in view where they are, counts it.
      await guest.getByRole("textbox", { name: "Message" }).fill("I can see your cards from here");
      await guest.getByRole("button", { name: "Send" }).click();
      await host.evaluate(() => window.scrollTo(0, 0));
      const chat = host.getByRole("button", { name: /^Chat/ });
      await expect
        .poll(
          () =>
            host
              .getByTestId("chat-unread")
              .textContent()
              .catch(() => null),
          { timeout: 10_000 },
        )
        .toBe("1 unread");
      expect(await onFirstScreen(host, chat)).toBe(true);
      await chat.click();
      const message = host.getByRole("textbox", { name: "Message" });
      await expect.poll(() => onFirstScreen(host, message)).toBe(true);
      expect(await host.getByTestId("chat-lines").textContent()).toContain("I can see your cards from here");
      expect(await seriousAxeViolations(host)).toEqual([]);
      await message.fill("And I can see you");
      await host.getByRole("button", { name: "Send" }).click();
      await expect.poll(() => guest.getByTestId("chat-lines").textContent(), { timeout: 10_000 }).toContain("And I can see you");
      await host.getByRole("button", { name: "Close" }).click();
      expect(await host.getByTestId("chat-unread").count()).toBe(0);
      expect(await sideways(host)).toBeLessThanOrEqual(0);

      // The desktop keeps its layout: the pictures in the call's panel and the chat open beside the table, no Chat button.
      expect(await guest.getByTestId("video-tiles").isVisible()).toBe(true);
      expect(await guest.getByTestId("video-dock").count()).toBe(0);
      expect(await guest.getByTestId("chat-open").isVisible()).toBe(false);
    },
    90_000,
  );
});

/** Where a browse page's first result starts, and whether its filter fields show. */
async function firstScreen(page: Page, result: Locator, field: Locator) {
  const top = (await result.first().boundingBox())!.y;
  return { resultsStartOnScreen: top < (await page.evaluate(() => window.innerHeight)), fieldShown: await field.isVisible() };
}

describe("browse filters on a phone", () => {
  it.each([360, 390])("at %i px, fold behind one Filters button with the results on the first screen, with and without JavaScript", async (width) => {
    for (const javaScriptEnabled of [true, false]) {
      const page = await openPage(browser(), { ...phone(width), javaScriptEnabled });
      const ready = () => (javaScriptEnabled ? hydrated(page) : Promise.resolve());

      await page.goto("/marketplace");
      await ready();
      const tiles = page
        .getByRole("link")
        .filter({ has: page.locator("img") })
        .and(page.locator('a[href^="/marketplace/"]'));
      const style = page.getByLabel("Style");
      expect(await firstScreen(page, tiles, style)).toEqual({ resultsStartOnScreen: true, fieldShown: false });
      const all = await tiles.count();
      await page.getByTestId("filters-toggle").click();
      expect(await style.isVisible()).toBe(true);
      if (javaScriptEnabled) expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole("checkbox", { name: "Free decks only" }).check();
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL(/free=1/);
      await ready();
      await expect.poll(() => tiles.count()).toBeLessThan(all);
      for (const tile of await tiles.allTextContents()) expect(tile).toMatch(/Free/);
      expect(await page.getByTestId("filters-toggle").textContent()).toContain("1 active");

      await page.goto("/readers");
      await ready();
      const reader = (name: string) => page.getByRole("heading", { level: 2, name });
      const language = page.getByLabel("Language");
      expect(await firstScreen(page, page.getByRole("heading", { level: 2 }), language)).toEqual({ resultsStartOnScreen: true, fieldShown: false });
      await page.getByTestId("filters-toggle").click();
      await language.selectOption("German");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL(/language=German/);
      await ready();
      await expect.poll(() => reader("Theo Ashgrove").count()).toBe(1);
      expect(await reader("Inès Duval").count()).toBe(0);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    }
  });

  it("stay open on a desktop, with and without JavaScript", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const page = await openPage(browser(), { ...DESKTOP, javaScriptEnabled });
      for (const [path, field] of [
        ["/marketplace", "Style"],
        ["/readers", "Language"],
      ] as const) {
        await page.goto(path);
        if (javaScriptEnabled) await hydrated(page);
        expect(await page.getByLabel(field).isVisible(), `${path}, JavaScript ${javaScriptEnabled ? "on" : "off"}`).toBe(true);
        expect(await page.getByTestId("filters-toggle").isVisible()).toBe(false);
      }
    }
  });
});
