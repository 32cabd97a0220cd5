import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, openMagicLink, openPage, seriousAxeViolations, useBrowser } from "./browser";

const browser = useBrowser();

/** A new member on the Visionary plan, paid through the local test checkout. */
async function visionaryMember(page: Page) {
  const email = `api-${Date.now()}@example.com`;
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /Send Magic Link|Sign In/ }).click();
  await page.getByRole("heading", { name: "Magic Link Sent!" }).waitFor();
  await openMagicLink(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await page.goto("/subscription?plan=visionary-monthly");
  await hydrated(page);
  await page.getByRole("button", { name: "Continue to checkout" }).click();
  await page.waitForURL(/\/checkout\/local\//);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry").fill("12 / 40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay $79.99" }).click();
  await page.waitForURL(/\/subscription\/success/);
}

/** Makes a token on the profile page and returns the token the page showed. */
async function makeToken(page: Page, name: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel(/Read and write/).check();
  await page.getByRole("button", { name: "Make a token" }).click();
  const shown = page.getByTestId("new-api-token");
  await shown.waitFor();
  const token = await shown.inputValue();
  expect(token).toMatch(/^arcanum_pat_[A-Za-z0-9_-]{43}$/);
  await expect.poll(() => page.getByRole("list", { name: "Your tokens" }).textContent()).toContain(name);
  return token;
}

async function revoke(page: Page, name: string) {
  await page.getByRole("button", { name: `Revoke ${name}` }).click();
  await page.getByText("The token was revoked.").waitFor();
  // With JavaScript the list is read again after the answer: the token leaves it then.
  await page.getByRole("button", { name: `Revoke ${name}` }).waitFor({ state: "detached" });
}

describe("API tokens on the profile page", () => {
  it("makes a token shown once, which works until it is revoked, with JavaScript and without", async () => {
    const page = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await visionaryMember(page);
    await page.goto("/profile");
    await hydrated(page);
    const token = await makeToken(page, "Script with JS");
    // Copied whole with one tap, from a button on the field's line.
    const field = (await page.getByTestId("new-api-token").boundingBox())!;
    const copy = (await page.getByRole("button", { name: "Copy token" }).boundingBox())!;
    expect(copy.x + copy.width).toBeLessThanOrEqual(390);
    expect(Math.abs(copy.y + copy.height / 2 - (field.y + field.height / 2))).toBeLessThan(4);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy token" }).click();
    await expect.poll(() => page.getByText("The token is on your clipboard.").count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/api-token-copy-390.png` });
    const api = (t: string) => page.request.get("/api/v1/decks", { headers: { authorization: `Bearer ${t}` } });
    expect((await api(token)).status()).toBe(200);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Shown once: the page opened again lists the token by name, never the token itself.
    await page.goto("/profile");
    const again = await page.content();
    expect(again).toContain("Script with JS");
    expect(again).not.toContain(token);
    await hydrated(page);
    await revoke(page, "Script with JS");
    expect((await api(token)).status()).toBe(401);

    // The same, in a browser without JavaScript, as the same member.
    const plain = await openPage(browser(), { javaScriptEnabled: false, storageState: await page.context().storageState() });
    await plain.goto("/profile");
    const second = await makeToken(plain, "Script without JS");
    expect((await api(second)).status()).toBe(200);
    await revoke(plain, "Script without JS");
    expect((await api(second)).status()).toBe(401);
  });
});
