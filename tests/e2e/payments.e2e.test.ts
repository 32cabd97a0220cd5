import { describe, expect, it } from "vitest";
import { EXPLORER_PLUS, formatPlanPrice, plansFor } from "../../app/plans/catalogue";
import { hydrated, openMagicLink, openPage, sideways, useBrowser } from "./browser";
import { checkoutPrice, createDeck, payWith, signUpByMagicLink } from "./flows";

const browser = useBrowser();

describe("the pricing page on a phone", () => {
  it("shows each plan at the catalogue's price, monthly and yearly, whole and within the screen at 390 px", async () => {
    const page = await openPage(browser(), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto("/pricing");
    await hydrated(page);
    for (const billing of ["monthly", "yearly"] as const) {
      if (billing === "yearly") {
        await page.getByRole("link", { name: /^Yearly/ }).click();
        await page.waitForURL(/billing=yearly/);
        await hydrated(page);
      }
      const plans = plansFor(billing);
      await expect
        .poll(() => page.locator("[data-plan]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-plan")).sort()))
        .toEqual(plans.map((plan) => plan.key).sort());
      for (const plan of plans) {
        const price = page.locator(`[data-plan="${plan.key}"]`).getByTestId("plan-price");
        expect(await price.textContent(), plan.key).toBe(formatPlanPrice(plan));
        // Whole: no price cut or wrapped inside its card.
        expect(await price.evaluate((element) => element.scrollWidth <= element.clientWidth), plan.key).toBe(true);
      }
      expect(await sideways(page), billing).toBeLessThanOrEqual(0);
      if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/pricing-${billing}-390.png`, fullPage: true });
    }
    // The footer promises only what exists: its API documentation is the developers' page.
    await page.getByRole("contentinfo").getByRole("link", { name: "API Documentation" }).click();
    await page.waitForURL(/\/developers$/);
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
  });
});

describe("buying a subscription offline", () => {
  it("takes a guest who signs up from pricing through the local checkout to a Creator plan, updates a second tab live, and cancels to the period end; a declined card changes nothing", async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    const email = `subscriber-${Date.now()}@example.com`;

    // A guest picks a plan and is asked to sign in first, then comes back to it.
    await page.goto("/pricing");
    await hydrated(page);
    await page.locator('[data-plan="creator-monthly"]').getByRole("link", { name: "Choose Creator" }).click();
    await page.waitForURL(/\/subscription\?plan=creator-monthly/);
    await page.getByRole("link", { name: "Sign in to subscribe" }).click();
    await page.waitForURL(/\/login\?redirectTo=/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: /Send Magic Link|Sign In/ }).click();
    await page.getByRole("heading", { name: "Magic Link Sent!" }).waitFor();
    await openMagicLink(page, email);
    await page.waitForURL(/\/subscription\?plan=creator-monthly/);

    // A second tab of the same browser, left open on the home page, follows the purchase live.
    const second = await page.context().newPage();
    await second.goto("/");
    await hydrated(second);
    const badge = second.getByTestId("deck-badge");
    const before = (await badge.textContent())?.trim();

    await page.getByRole("button", { name: "Continue to checkout" }).click();
    await page.waitForURL(/\/checkout\/local\//);
    await page.getByText("This is a local test checkout.").waitFor();
    expect(await page.getByRole("button", { name: "Pay $29.99" }).isVisible()).toBe(true);

    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByLabel("Expiry").fill("12 / 40");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay $29.99" }).click();
    await page.getByText("Your card was declined. Try another card.").waitFor();
    await page.goto("/subscription");
    await page.getByText("You are on the free plan.").waitFor();
    await page.goBack();

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry").fill("12 / 40");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay $29.99" }).click();
    await page.waitForURL(/\/subscription\/success\?checkout=/);
    await page.getByTestId("purchase-confirmed").waitFor();
    expect(await page.getByTestId("purchase-confirmed").textContent()).toMatch(/now on the Creator plan.*\$29\.99 paid.*12 full-deck credits/s);

    // No reload in the second tab: its badge shows the plan's credits and its menu the plan's name.
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).not.toBe(before);
    expect((await badge.textContent())?.trim()).toBe("12 credits");
    expect(await second.getByText("Creator plan", { exact: true }).count()).toBeGreaterThan(0);

    // The new subscriber makes a deck at high quality, which the Creator plan includes.
    await createDeck(page, { theme: "Gilded observatory", kind: "Major Arcana", quality: "High" });
    expect(await page.getByText("Major Arcana · 22 cards · High quality").count()).toBe(1);
    await page.goto("/collection");
    expect(await page.getByRole("link", { name: /Gilded observatory/ }).count()).toBe(1);

    await page.goto("/subscription");
    expect(await page.getByTestId("current-plan").textContent()).toMatch(/Creator.*Renews on/s);

    // Cancelling in the test billing page keeps the plan to the end of the period and says when that is.
    await page.getByRole("button", { name: "Manage subscription" }).click();
    await page.waitForURL(/\/billing\/local/);
    await page.getByText("This is the local test billing page.").waitFor();
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.waitForURL(/\/subscription$/);
    await expect.poll(() => page.getByTestId("current-plan").textContent()).toMatch(/Cancelled: it ends on .+ and nothing more will be charged/);

    // On a phone, the mailbox holds one receipt for the plan with its amount, and a word on the
    // cancellation; the receipt's link opens that payment on the subscription page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const mails = page.getByRole("list", { name: "Messages" }).getByRole("listitem");
    const receipts = mails.filter({ has: page.getByRole("heading", { name: /^Your receipt: .*Creator/ }) });
    await expect.poll(() => receipts.count()).toBe(1);
    await receipts.getByText("Message text").click();
    expect(await receipts.locator("pre").textContent()).toMatch(/Amount paid:? \$29\.99/);
    expect(await mails.filter({ hasText: /cancel/i }).count()).toBeGreaterThanOrEqual(1);
    await receipts.getByRole("link", { name: "Open the link" }).click();
    await page.waitForURL(/\/subscription#receipt-/);
    const line = page.locator(`[id="${decodeURIComponent(new URL(page.url()).hash.slice(1))}"]`);
    expect(await line.textContent()).toContain("$29.99");
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
});

describe("Explorer Plus offline", () => {
  it("completes a new member's Major Arcana deck with exactly its 56 Minor Arcana through the local checkout; a declined card changes nothing", async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    const price = formatPlanPrice(EXPLORER_PLUS);
    await signUpByMagicLink(page, `explorer-${Date.now()}@example.com`, "/create-deck");
    await hydrated(page);

    // Choosing the full deck without a complete-deck credit says how to have one, before anything is sent.
    await page.getByRole("radio", { name: "Full deck" }).check();
    const ways = page.getByTestId("full-deck-ways");
    await ways.waitFor();
    expect(await ways.textContent()).toContain(`Explorer Plus: a one-off ${price}`);
    expect(await ways.getByRole("link", { name: "See plans" }).getAttribute("href")).toBe("/pricing");

    await createDeck(page, { theme: "Harbour lights at dusk", kind: "Major Arcana" });
    const deckPath = new URL(page.url()).pathname;
    expect(await page.getByText("Major Arcana · 22 cards").count()).toBe(1);
    const names = () => page.getByTestId("deck-card").evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label")!.split(",")[0]!));
    const majors = await names();
    expect(majors).toHaveLength(22);

    await page.getByRole("button", { name: `Complete it with Explorer Plus (${price})` }).click();
    await page.waitForURL(/\/checkout\/local\//);
    await page.getByText("This is a local test checkout.").waitFor();
    expect(await page.getByText("Explorer Plus — all 78 cards for “Harbour Lights At Dusk”").count()).toBe(1);
    await payWith(page, "4000 0000 0000 0002", checkoutPrice(EXPLORER_PLUS.price));
    await page.getByText("Your card was declined. Try another card.").waitFor();
    await payWith(page, "4242 4242 4242 4242", checkoutPrice(EXPLORER_PLUS.price));

    // Back on the deck's page, the 56 Minor Arcana are made after the 22 it had.
    await page.waitForURL((url) => url.pathname === deckPath);
    await hydrated(page);
    await expect.poll(() => page.getByTestId("deck-card").count(), { timeout: 30_000 }).toBe(78);
    await expect.poll(() => page.locator('[data-testid="deck-card"][data-stage="ready"]').count(), { timeout: 30_000 }).toBe(78);
    await page.getByText("Full deck · 78 cards").waitFor();
    const all = await names();
    expect(new Set(all).size).toBe(78);
    expect(all.slice(0, 22)).toEqual(majors);
    expect(all.filter((name) => !majors.includes(name))).toHaveLength(56);
    expect(await page.getByRole("link", { name: /^Queen of Cups, / }).count()).toBe(1);
    expect(await page.getByRole("button", { name: /Explorer Plus/ }).count()).toBe(0);
  });
});
