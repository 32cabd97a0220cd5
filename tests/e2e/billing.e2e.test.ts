import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, openMagicLink, openPage, seriousAxeViolations, useBrowser } from "./browser";

const browser = useBrowser();

async function subscribe(page: Page, plan: string, price: string) {
  const email = `billing-${Date.now()}@example.com`;
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /Send Magic Link|Sign In/ }).click();
  await page.getByRole("heading", { name: "Magic Link Sent!" }).waitFor();
  await openMagicLink(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await page.goto(`/subscription?plan=${plan}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Continue to checkout" }).click();
  await page.waitForURL(/\/checkout\/local\//);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry").fill("12 / 40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: `Pay ${price}` }).click();
  await page.waitForURL(/\/subscription\/success/);
}

async function saveCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry").fill("12 / 40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
}

describe("a subscription over time, in the browser", () => {
  it("moves down at the period's end, renews with a failing card into past due, is fixed with a working card, and lists every payment", async () => {
    const page = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await subscribe(page, "creator-monthly", "$29.99");

    await page.goto("/subscription");
    await page.getByRole("button", { name: "Manage subscription" }).click();
    await page.waitForURL(/\/billing\/local/);
    await hydrated(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A move down waits for the end of the period, and both pages say so.
    await page.getByLabel(/Mystic monthly/).check();
    await page.getByRole("button", { name: "Change plan" }).click();
    await page.getByRole("status").filter({ hasText: "Your plan was changed." }).waitFor();
    // The notice comes with the action's answer; the plan with the page's data reloaded after it.
    await expect.poll(() => page.getByTestId("portal-plan").textContent()).toMatch(/Creator.*Changes to Mystic \(monthly\) on/s);

    // A card that saves but cannot be charged; then the period ends.
    await saveCard(page, "4000 0000 0000 0341");
    await page.getByRole("status").filter({ hasText: "Your card was saved." }).waitFor();
    await page.getByRole("button", { name: "End this period now" }).click();
    await page.getByRole("status").filter({ hasText: "The test clock moved" }).waitFor();
    await expect.poll(() => page.getByTestId("portal-plan").textContent()).toMatch(/Mystic.*The last payment failed/s);

    await page.getByRole("link", { name: "Back to Arcanum" }).click();
    await page.waitForURL(/\/subscription$/);
    await page.getByText("Your last payment did not go through.").waitFor();

    // A working card pays what is owed at once.
    await page.getByRole("button", { name: "Update payment method" }).click();
    await page.waitForURL(/\/billing\/local/);
    await saveCard(page, "4242 4242 4242 4242");
    await page.getByRole("status").filter({ hasText: "the payment went through" }).waitFor();
    await page.getByRole("link", { name: "Back to Arcanum" }).click();
    await page.waitForURL(/\/subscription$/);
    await expect.poll(() => page.getByTestId("current-plan").textContent()).toMatch(/Mystic.*Renews on/s);
    const payments = page.getByTestId("payments");
    expect(await payments.getByRole("listitem").count()).toBe(2);
    expect(await payments.textContent()).toMatch(
      /Creator, monthly.*\$29\.99.*Mystic, monthly.*\$12\.99|Mystic, monthly.*\$12\.99.*Creator, monthly.*\$29\.99/s,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
