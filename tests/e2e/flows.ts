/** Steps several browser tests take the same way: signing up, becoming a reader, making a deck, paying at the local checkout. */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { hydrated, openMagicLink } from "./browser";
import { answer } from "./tarot-expert";

/** Signs a new person up by the link the dev mailbox holds, starting at `/login?redirectTo=…`. */
export async function signUpByMagicLink(page: Page, email: string, redirectTo: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /Send Magic Link|Sign In/ }).click();
  await page.getByRole("heading", { name: "Magic Link Sent!" }).waitFor();
  await openMagicLink(page, email);
  await page.waitForURL((url) => url.pathname === redirectTo);
}

/** Fills the create-deck form and submits it; returns once the new deck's page has every card ready. */
export async function createDeck(page: Page, form: { theme: string; kind: "Major Arcana" | "Full deck"; quality?: "Medium" | "High" }) {
  await page.goto("/create-deck");
  await hydrated(page);
  await page.getByRole("textbox", { name: "What is the deck about?" }).fill(form.theme);
  await page.getByRole("radio", { name: "woodcut" }).check();
  await page.getByRole("radio", { name: form.kind }).check();
  if (form.quality) await page.getByRole("radio", { name: `${form.quality} quality` }).check();
  await page.getByRole("button", { name: "Create deck" }).click();
  await page.waitForURL(/\/collection\/[0-9a-f-]{36}$/);
  await hydrated(page);
  const cards = form.kind === "Full deck" ? 78 : 22;
  await expect.poll(() => page.locator('[data-testid="deck-card"][data-stage="ready"]').count(), { timeout: 30_000 }).toBe(cards);
}

/** A price as the checkout shows it, with cents. */
export const checkoutPrice = (dollars: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(dollars);

/** Pays the open local test checkout with a card. */
export async function payWith(page: Page, card: string, price: string) {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry").fill("12 / 40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: `Pay ${price}` }).click();
}

/**
 * Signs a new person up, sends the reader application at `price` dollars a minute and passes the quiz
 * as a reader who knows the material would; returns their username.
 */
export async function becomeReader(page: Page, email: string, displayName: string, price: string) {
  await signUpByMagicLink(page, email, "/become-reader");
  await page.getByLabel("Display name").fill(displayName);
  await page.getByLabel("Bio").fill("Plain, practical readings about work and home, for twenty years.");
  await page.getByRole("checkbox", { name: "Decisions" }).check();
  await page.getByLabel("Languages").fill("English");
  await page.getByLabel("Years of practice").fill("20");
  await page.getByLabel(/price per minute/i).fill(price);
  await page.getByRole("button", { name: /continue to the quiz/i }).click();
  await page.waitForURL((url) => url.pathname === "/tarot-quiz");
  await page.getByRole("button", { name: "Start the quiz" }).click();
  await page.getByRole("timer").waitFor();
  const questions = await page.locator("fieldset").evaluateAll((sets) =>
    sets.map((set) => ({
      prompt: (set.querySelector("legend")?.textContent ?? "").replace(/^\d+\.\s*/, "").trim(),
      choices: [...set.querySelectorAll("label")].map((label) => (label.textContent ?? "").trim()),
      name: set.querySelector("input[type=radio]")?.getAttribute("name") ?? "",
    })),
  );
  for (const question of questions) {
    const index = answer(question.prompt, question.choices);
    if (index !== null) await page.locator(`input[name="${question.name}"][value="${index}"]`).check();
  }
  await page.getByRole("button", { name: "Submit answers" }).click();
  await page.getByText(/You passed and are now a reader/).waitFor();
  await page.goto("/profile");
  return page.getByRole("textbox", { name: "Username" }).inputValue();
}
