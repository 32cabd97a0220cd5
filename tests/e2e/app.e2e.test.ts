import type { ConsoleMessage, Page } from "playwright-core";
import { describe, expect, it, onTestFinished } from "vitest";
import { hydrated, openFilePage, openMagicLink, openPage, seriousAxeViolations, useBrowser, useMemberSession } from "./browser";

const browser = useBrowser();

async function signIn(page: Page, session: "demo" | "demo-leaving" = "demo") {
  await useMemberSession(page, session);
  await page.goto("/");
}

describe("navigation", () => {
  it("moves between pages from the bar and highlights the current link", async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    await page.goto("/");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Marketplace" }).click();
    await page.waitForURL("**/marketplace");
    await expect.poll(() => nav.getByRole("link", { name: "Marketplace" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: "Readers" }).getAttribute("aria-current")).toBeNull();
    await nav.getByRole("link", { name: "Readers" }).click();
    await page.waitForURL("**/readers");
    await expect.poll(() => nav.getByRole("link", { name: "Readers" }).getAttribute("aria-current")).toBe("page");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Talk to a reader");
  });

  it("gives the bar a solid blurred background once the page scrolls past 10 px", async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 700 } });
    await page.goto("/");
    await hydrated(page);
    const header = page.locator("header.site-nav");
    expect(await header.getAttribute("data-scrolled")).toBe("false");
    await page.mouse.wheel(0, 400);
    await expect.poll(() => header.getAttribute("data-scrolled")).toBe("true");
    const backdrop = await header.evaluate((el) => getComputedStyle(el).backdropFilter);
    expect(backdrop).toContain("blur");
  });

  it("opens the mobile menu, and closes it after navigating", async () => {
    const page = await openPage(browser(), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto("/");
    await hydrated(page);
    const menu = page.getByTestId("mobile-menu");
    await menu.locator("summary").click();
    expect(await menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    await menu.getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL("**/pricing");
    await expect.poll(() => menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
  });

  it("closes the mobile menu on Escape, focus back on its button, and on a tap outside it", async () => {
    const page = await openPage(browser(), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto("/");
    await hydrated(page);
    const menu = page.getByTestId("mobile-menu");
    const isOpen = () => menu.evaluate((el) => (el as HTMLDetailsElement).open);
    await menu.locator("summary").click();
    expect(await isOpen()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(isOpen).toBe(false);
    expect(await menu.locator("summary").evaluate((el) => el === document.activeElement)).toBe(true);
    await menu.locator("summary").click();
    expect(await isOpen()).toBe(true);
    await page.touchscreen.tap(195, 820);
    await expect.poll(isOpen).toBe(false);
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("shows the not-found page with status 404 for an unknown path", async () => {
    const page = await openPage(browser());
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(1);
  });

  it("shows the loading screen on a slow navigation, and the refresh hint after five seconds", async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/pricing.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await page.clock.runFor(600);
    const loading = page.getByTestId("loading-screen");
    await loading.waitFor();
    expect(await loading.textContent()).toContain("Weaving magical experiences...");
    expect(await loading.textContent()).not.toContain("taking longer");
    await page.clock.runFor(5000);
    await expect.poll(() => loading.textContent()).toContain("This is taking longer than expected. Try refreshing the page if it doesn't load soon.");
    release();
    await page.waitForURL("**/pricing");
    await loading.waitFor({ state: "detached" });
  });
});

describe("theme", () => {
  it("toggles with JavaScript at once, and remembers the choice across reloads", async () => {
    const page = await openPage(browser(), { colorScheme: "light" });
    await page.goto("/pricing");
    await hydrated(page);
    const htmlClass = () => page.locator("html").getAttribute("class");
    expect(await htmlClass()).toBeNull();
    const submissions: string[] = [];
    page.on("request", (r) => r.method() === "POST" && submissions.push(r.postData() ?? ""));
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/theme"));
    await page.getByTestId("theme-toggle").first().click();
    await expect.poll(htmlClass, { timeout: 5000 }).toBe("dark");
    await saved;
    expect(page.url()).toMatch(/\/pricing$/);
    expect(submissions).toEqual(["theme=dark"]);
    await page.reload();
    expect(await htmlClass()).toBe("dark");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(12, 10, 24)");
    await page.getByTestId("theme-toggle").first().click();
    await expect.poll(htmlClass, { timeout: 5000 }).toBe("light");
  });

  it("toggles without JavaScript through the form, from the system's dark theme to light", async () => {
    const page = await openPage(browser(), { javaScriptEnabled: false, colorScheme: "dark" });
    await page.goto("/pricing?billing=yearly");
    await page.getByTestId("theme-toggle").first().click();
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/pricing?billing=yearly");
    expect(await page.locator("html").getAttribute("class")).toBe("light");
    await page.getByTestId("theme-toggle").first().click();
    await page.waitForLoadState("load");
    expect(await page.locator("html").getAttribute("class")).toBe("dark");
  });

  it("switches pricing between monthly and yearly without JavaScript", async () => {
    const page = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto("/pricing");
    await page.getByRole("link", { name: /Yearly/ }).click();
    await page.waitForURL("**/pricing?billing=yearly");
    expect(await page.locator('[data-plan="creator-yearly"]').textContent()).toContain("$287.90");
  });
});

describe("guards and the signed-in shell", () => {
  it("sends a visitor to sign in and back to the wanted page afterwards", async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    await page.goto("/collection");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/collection");
    await page.getByRole("textbox", { name: "Email" }).fill("demo@example.com");
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await page.getByRole("heading", { name: "Magic Link Sent!" }).waitFor();
    await openMagicLink(page, "demo@example.com");
    await page.waitForURL("**/collection");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your decks");
    expect(await page.getByText("Autumn Lanterns").count()).toBeGreaterThan(0);
  });

  it("shows a member the avatar menu with its entries, and signs out", async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    await signIn(page, "demo-leaving");
    await hydrated(page);
    const menu = page.getByTestId("avatar-menu");
    await menu.locator("summary").click();
    for (const entry of ["Profile", "My Collection", "Upgrade your plan", "Become a Reader"]) {
      expect(await menu.getByRole("link", { name: entry }).isVisible()).toBe(true);
    }
    expect(await page.getByTestId("deck-badge").textContent()).toBe("1 credit");
    await menu.getByRole("link", { name: "Profile" }).click();
    await page.waitForURL("**/profile");
    await expect.poll(() => menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await menu.locator("summary").click();
    await menu.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" }).count()).toBe(1);
    // Signed out, the browser carries on as a fresh guest: its profile is not the member's.
    await page.goto("/profile");
    await expect.poll(() => page.getByText("You are exploring as a guest").count()).toBe(1);
    expect(await page.getByText("demo@example.com").count()).toBe(0);
  });
});

const AXE_PAGES = [
  "/",
  "/marketplace",
  "/marketplace/seed-deck-celestial-tides",
  "/readers",
  "/readers/ines_duval",
  "/pricing",
  "/login",
  "/signup",
  "/subscription",
  "/subscription/success",
  "/auth/callback",
  "/dev/mailbox",
  "/profile",
  "/reading-room",
  "/invite/abc",
  "/no-such-page",
];

describe("accessibility (axe: no serious or critical violations)", () => {
  // One visitor's tab for each colour scheme, going from page to page, as a person would: what axe
  // reads is the page, which a new browser context would only load without its cache.
  const tabs = new Map<"light" | "dark", Page>();
  async function visitorTab(scheme: "light" | "dark") {
    let tab = tabs.get(scheme);
    if (!tab) {
      tab = await openFilePage(browser(), { colorScheme: scheme, viewport: { width: 1280, height: 900 } });
      tabs.set(scheme, tab);
    }
    return tab;
  }

  it.each(AXE_PAGES.flatMap((path) => [[path, "light"] as const, [path, "dark"] as const]))("%s in %s", async (path, scheme) => {
    const page = await visitorTab(scheme);
    await page.goto(path);
    await hydrated(page);
    expect(await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches)).toBe(scheme === "dark");
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it.each([
    "/collection",
    "/profile",
    "/create-deck?theme=lanterns",
    "/reader-dashboard",
    "/become-reader",
    "/tarot-quiz",
    "/checkout/seed-deck-neon-oracle",
    "/reading-room/seed-deck-autumn-lanterns",
  ])("%s for a signed-in member", async (path) => {
    const page = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await useMemberSession(page);
    await page.goto(path);
    await hydrated(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

/** One page of each kind, as chromium receives it: public, private, data-backed, the room, errors. */
const HEADER_PAGES: { path: string; member: boolean; room?: boolean; personal?: boolean }[] = [
  { path: "/", member: false },
  { path: "/marketplace", member: false },
  { path: "/marketplace/seed-deck-celestial-tides", member: false },
  { path: "/readers/ines_duval", member: false },
  { path: "/pricing", member: true },
  { path: "/login", member: false },
  { path: "/invite/abc", member: false },
  { path: "/no-such-page", member: false },
  { path: "/collection", member: true, personal: true },
  { path: "/collection/seed-deck-autumn-lanterns", member: true, personal: true },
  { path: "/profile", member: true, personal: true },
  { path: "/journal", member: true, personal: true },
  { path: "/create-deck", member: true, personal: true },
  { path: "/reading-room/seed-deck-autumn-lanterns", member: true, room: true, personal: true },
];

describe("security headers in the browser", () => {
  // A visitor's tab and a member's, each going from page to page.
  const tabs = new Map<boolean, Page>();
  async function tabOf(member: boolean) {
    let tab = tabs.get(member);
    if (!tab) {
      tab = await openFilePage(browser(), { viewport: { width: 1280, height: 800 } });
      if (member) await useMemberSession(tab);
      tabs.set(member, tab);
    }
    return tab;
  }

  it.each(HEADER_PAGES.map((page) => [page.path, page] as const))("%s", async (path, { member, room, personal }) => {
    const page = await tabOf(member);
    const violations: string[] = [];
    const listener = (message: ConsoleMessage) => {
      if (/Content.Security.Policy|Permissions.Policy/i.test(message.text())) violations.push(message.text());
    };
    page.on("console", listener);
    onTestFinished(() => void page.off("console", listener));
    const response = await page.goto(path);
    await hydrated(page);
    const headers = response!.headers();
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, "a nonce in the policy").toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    // The page ran with that policy: React hydrated and nothing was blocked on the way.
    expect(violations).toEqual([]);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["permissions-policy"]).toMatch(room ? /camera=\(self\), microphone=\(self\)/ : /camera=\(\), microphone=\(\)/);
    if (personal) expect(headers["cache-control"]).toBe("private, no-store");
    else expect(headers["cache-control"]).toMatch(/^private, no-(cache|store)$/);
    // A script injected after the page loaded gets no nonce and does not run.
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.appendChild(script);
      return Boolean((window as unknown as { __injected?: boolean }).__injected);
    });
    expect(ran).toBe(false);
  });
});
