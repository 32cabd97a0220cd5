import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, openMagicLink, openPage, useBrowser, useMemberSession } from "./browser";
import { payWith, signUpByMagicLink } from "./flows";

const browser = useBrowser();

const PHONE = { viewport: { width: 390, height: 844 } };
const MODES = [
  { name: "with JavaScript", javaScriptEnabled: true },
  { name: "without JavaScript", javaScriptEnabled: false },
] as const;

/** Whether the element lies wholly inside the window as the page is scrolled now. */
const inView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });

async function ready(page: Page, javaScript: boolean) {
  if (javaScript) await hydrated(page);
}

describe("the deck page's answers", () => {
  for (const mode of MODES) {
    it(`shows a refused price next to the price, and a success in view, ${mode.name}`, async () => {
      // The demo member is on the free plan: a price is refused, a free listing is theirs to make.
      const page = await openPage(browser(), { ...PHONE, javaScriptEnabled: mode.javaScriptEnabled });
      await useMemberSession(page, "demo");
      await page.goto("/collection/seed-deck-autumn-lanterns");
      await ready(page, mode.javaScriptEnabled);
      await page.getByTestId("listing-menu").locator("summary").click();
      const listing = page.getByTestId("listing");
      await listing.getByLabel("Price in dollars (0 for free)").fill("4.99");
      await listing.getByRole("button", { name: "List in the marketplace" }).click();
      const refusal = listing.getByRole("alert");
      await expect.poll(() => refusal.count()).toBe(1);
      expect(await refusal.textContent()).toContain("Selling a deck for a price is part of the Mystic, Creator and Visionary plans");
      expect(await refusal.isVisible()).toBe(true);
      expect(await inView(refusal)).toBe(true);
      expect(await page.getByTestId("listing-menu").evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);

      // A rename to the same title succeeds: its answer is announced under the toolbar, in view.
      await page.goto("/collection/seed-deck-autumn-lanterns");
      await ready(page, mode.javaScriptEnabled);
      await page.getByRole("navigation", { name: "Deck actions" }).locator("summary", { hasText: "Rename" }).click();
      await page.getByRole("button", { name: "Rename", exact: true }).click();
      const status = page.getByTestId("deck-action-message");
      await expect.poll(() => status.count()).toBe(1);
      expect(await status.getAttribute("role")).toBe("status");
      expect(await status.textContent()).toBe("Renamed.");
      expect(await inView(status)).toBe(true);
    });
  }
});

describe("a priced deck's marketplace page", () => {
  for (const mode of MODES) {
    it(`shows the preview cards face up and the others locked, ${mode.name}`, async () => {
      const page = await openPage(browser(), { ...PHONE, javaScriptEnabled: mode.javaScriptEnabled });
      await page.goto("/marketplace/seed-deck-celestial-tides");
      await ready(page, mode.javaScriptEnabled);
      const previews = page.getByTestId("preview-card");
      expect(await previews.count()).toBe(3);
      // What a person sees at the middle of a preview card is its picture, not a card back.
      const fool = previews.first().locator("img");
      await fool.scrollIntoViewIfNeeded();
      expect(await fool.getAttribute("alt")).toBe("The Fool");
      expect(
        await fool.evaluate((img) => {
          const box = img.getBoundingClientRect();
          return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === img;
        }),
      ).toBe(true);
      const locked = page.getByTestId("locked-card");
      expect(await locked.count()).toBe(19);
      expect((await locked.first().textContent())!.replace(/\s+/g, " ")).toMatch(/Locked\s*For buyers/);
      expect(await locked.locator("img").count()).toBe(0);
    });
  }
});

describe("buying a deck", () => {
  for (const mode of MODES) {
    it(`confirms what was bought, where it is, and offers a reading with it, ${mode.name}`, async () => {
      const stamp = `${Date.now().toString(36)}${mode.javaScriptEnabled ? "j" : "n"}`;
      const signUp = await openPage(browser(), PHONE);
      await signUpByMagicLink(signUp, `buyer-${stamp}@example.com`, "/collection");
      const state = await signUp.context().storageState();

      const page = await openPage(browser(), { ...PHONE, javaScriptEnabled: mode.javaScriptEnabled, storageState: state });
      await page.goto("/checkout/seed-deck-verdant-grove");
      await ready(page, mode.javaScriptEnabled);
      await page.getByRole("button", { name: "Add to my collection" }).click();
      await page.waitForURL((url) => url.pathname === "/collection/seed-deck-verdant-grove");
      const confirmation = page.getByTestId("purchase-confirmation");
      await confirmation.waitFor();
      expect((await confirmation.textContent())!.replace(/\s+/g, " ")).toContain("“Verdant Grove” by @sage_moreno is yours");
      expect(await confirmation.getByRole("link", { name: "your collection" }).getAttribute("href")).toBe("/collection");
      expect(await confirmation.getByRole("link", { name: "Read with it" }).getAttribute("href")).toBe("/reading-room/seed-deck-verdant-grove");
      expect(await inView(confirmation.getByRole("status"))).toBe(true);
    });
  }
});

describe("a bundle with an offer code, and a gift", () => {
  it("is bought through the local checkout without JavaScript, its decks land in the buyer's collection, and a gift is sent and claimed; a creator makes a code", async () => {
    const stamp = Date.now().toString(36);
    const shot = (page: Page, name: string) =>
      process.env.SCREENSHOTS_DIR ? page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${name}`, fullPage: true }) : undefined;

    // A creator makes a code for one of their decks on their own page.
    const creator = await openPage(browser(), { ...PHONE, javaScriptEnabled: false });
    await useMemberSession(creator, "sage");
    await creator.goto("/sales/codes");
    await creator.getByLabel("Code", { exact: true }).fill(`gears-${stamp}`);
    await creator.getByLabel("How much (% or $)").fill("15");
    await creator.locator('select[name="deckId"]').selectOption({ label: "Only “Gilded Clockwork”" });
    await creator.getByLabel("Uses at most (optional)").fill("50");
    await creator.getByRole("button", { name: "Make the code" }).click();
    const made = creator.getByTestId("offer-code-row").filter({ hasText: `GEARS-${stamp.toUpperCase()}` });
    await made.waitFor();
    expect((await made.textContent())!.replace(/\s+/g, " ")).toContain("15% off · only “Gilded Clockwork”");
    await shot(creator, "offer-codes-390.png");

    const signUp = await openPage(browser(), PHONE);
    const bundlePath = "/checkout/bundle/seed-bundle-sky-and-sand";
    await signUpByMagicLink(signUp, `bundle-${stamp}@example.com`, bundlePath);
    const state = await signUp.context().storageState();

    // The code is applied by a plain form: the page comes back with the price after it.
    const page = await openPage(browser(), { ...PHONE, javaScriptEnabled: false, storageState: state });
    await page.goto(bundlePath);
    expect(await page.getByTestId("bundle-decks").getByRole("listitem").count()).toBe(2);
    await page.getByLabel("Offer code").fill("moonlit");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("code") === "moonlit");
    expect(await page.getByRole("status").filter({ hasText: "MOONLIT" }).textContent()).toBe("MOONLIT: 25% off");
    expect((await page.getByTestId("checkout-price").textContent())!.replace(/\s+/g, "")).toBe("$12.00$9.00");
    await shot(page, "bundle-checkout-390.png");
    await page.getByRole("button", { name: "Pay $9.00" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/checkout/local/"));
    await payWith(page, "4242 4242 4242 4242", "$9.00");
    await page.waitForURL((url) => url.pathname === "/collection");
    expect(await page.getByTestId("bundle-confirmation").textContent()).toContain("the bundle’s decks are yours");
    for (const title of ["Celestial Tides", "Desert Mirage"]) await page.getByRole("heading", { name: title }).first().waitFor();

    // The same buyer gives a deck to a friend, who claims it from the dev mailbox in a browser of their own.
    const friend = `friend-${stamp}@example.com`;
    await page.goto("/checkout/seed-deck-gilded-clockwork");
    await page.getByTestId("gift").locator("summary").click();
    await page.getByLabel("Their e-mail address").fill(friend);
    await page.getByLabel("A message (optional)").fill("For your brass-hearted mornings");
    await page.getByRole("button", { name: "Give it for $15.00" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/checkout/local/"));
    await payWith(page, "4242 4242 4242 4242", "$15.00");
    await page.waitForURL((url) => url.searchParams.get("gift") === "sent");
    expect(await page.getByTestId("gift-sent").textContent()).toContain("Your gift is on its way");

    const claim = await openPage(browser(), PHONE);
    await claim.goto(`/dev/mailbox?to=${encodeURIComponent(friend)}`);
    await claim.getByRole("link", { name: "Open the link" }).first().click();
    await claim.waitForURL((url) => url.pathname.startsWith("/gifts/"));
    const giftPath = new URL(claim.url()).pathname;
    expect(await claim.getByTestId("gift-message").textContent()).toBe("“For your brass-hearted mornings”");
    await shot(claim, "gift-claim-390.png");
    await claim.getByRole("link", { name: "Sign in to claim it" }).click();
    await claim.getByLabel("Email").fill(friend);
    await claim.getByRole("button", { name: /Send Magic Link|Sign In/ }).click();
    await claim.getByRole("heading", { name: "Magic Link Sent!" }).waitFor();
    await openMagicLink(claim, friend);
    await claim.waitForURL((url) => url.pathname === giftPath);
    await claim.getByRole("button", { name: "Add it to my collection" }).click();
    await claim.waitForURL((url) => url.pathname === "/collection/seed-deck-gilded-clockwork");
    expect((await claim.getByTestId("purchase-confirmation").textContent())!.replace(/\s+/g, " ")).toContain("“Gilded Clockwork” by @sage_moreno is yours");
  });
});
