import { describe, expect, it } from "vitest";
import { hydrated, openPage, useBrowser } from "./browser";

const browser = useBrowser({ serviceWorkers: "allow" });

/** A PNG's width and height, from its header. */
const pngSize = (bytes: Buffer) => (bytes.subarray(1, 4).toString() === "PNG" ? `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}` : "not a PNG");

describe("the installable app", () => {
  it("links a manifest whose icons, shortcuts and display Chrome accepts for installing", async () => {
    const page = await openPage(browser(), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto("/");
    await hydrated(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({ short_name: "Arcanum", display: "standalone", start_url: "/" });
    // Each icon is the PNG it says it is, a 192 and a 512 among them, and one is maskable.
    for (const icon of manifest.icons) {
      const picture = await page.request.get(icon.src);
      expect(pngSize(await picture.body()), icon.src).toBe(icon.sizes);
    }
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
    // The shortcuts open real pages.
    expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toEqual(["Create a deck", "Reading room", "Journal"]);
    for (const shortcut of manifest.shortcuts) expect((await page.request.get(shortcut.url)).status(), shortcut.url).toBeLessThan(400);
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    expect(pngSize(await (await page.request.get(touchIcon!)).body())).toBe("180x180");

    // Chrome's own installability checks of the manifest find nothing wrong.
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
    // A test browser's contexts are private windows, where Chrome never installs; that is the one error allowed.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
  });
});
