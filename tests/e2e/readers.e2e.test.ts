import { describe, expect, it } from "vitest";
import { hydrated, openPage, sideways, spaceBetween, useBrowser, useMemberSession } from "./browser";
import { signUpByMagicLink } from "./flows";
import { answer } from "./tarot-expert";

const browser = useBrowser();

describe("becoming a reader offline", () => {
  it("takes a member from the application through the quiz and the certificate to being seen online, live, by a visitor, and offline once their tab closes", async () => {
    const stamp = Date.now().toString(36);
    const displayName = `Vesper ${stamp}`;

    // The application, saved as a draft, leads to the quiz.
    const reader = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signUpByMagicLink(reader, `reader-${stamp}@example.com`, "/become-reader");
    await reader.getByLabel("Display name").fill(displayName);
    await reader.getByLabel("Bio").fill("Fifteen years of quiet, practical readings about work and home.");
    await reader.getByRole("checkbox", { name: "Decisions" }).check();
    await reader.getByLabel("Languages").fill("English, Portuguese");
    await reader.getByLabel("Years of practice").fill("15");
    await reader.getByLabel(/price per minute/i).fill("1.50");
    await reader.getByRole("button", { name: /continue to the quiz/i }).click();
    await reader.waitForURL((url) => url.pathname === "/tarot-quiz");

    // The quiz, answered by someone who knows the material.
    await reader.getByRole("button", { name: "Start the quiz" }).click();
    await reader.getByRole("timer").waitFor();
    const questions = await reader.locator("fieldset").evaluateAll((sets) =>
      sets.map((set) => ({
        prompt: (set.querySelector("legend")?.textContent ?? "").replace(/^\d+\.\s*/, "").trim(),
        choices: [...set.querySelectorAll("label")].map((label) => (label.textContent ?? "").trim()),
        name: set.querySelector("input[type=radio]")?.getAttribute("name") ?? "",
      })),
    );
    expect(questions.length).toBe(12);
    let answered = 0;
    for (const question of questions) {
      const index = answer(question.prompt, question.choices);
      if (index === null) continue;
      await reader.locator(`input[name="${question.name}"][value="${index}"]`).check();
      answered++;
    }
    expect(answered).toBe(12);
    await reader.getByRole("button", { name: "Submit answers" }).click();
    await reader.getByText(/You passed and are now a reader/).waitFor();
    // The result's two ways on stand apart, side by side on a desktop and on a narrow phone.
    for (const width of [1280, 360]) {
      await reader.setViewportSize({ width, height: 900 });
      expect(
        await spaceBetween(reader.getByTestId("certificate-link"), reader.getByRole("link", { name: "Go to your dashboard" })),
        `${width} px`,
      ).toBeGreaterThanOrEqual(8);
    }
    await reader.setViewportSize({ width: 1280, height: 900 });

    // The certificate: a public page anyone can check, with its QR code, a download and a share card.
    await reader.getByTestId("certificate-link").click();
    await reader.waitForURL(/\/certificate\/[A-Za-z0-9_-]+$/);
    const certificatePath = new URL(reader.url()).pathname;
    const certificateId = certificatePath.split("/").pop()!;
    expect(await reader.getByTestId("certificate-holder").textContent()).toContain(displayName);
    expect(await reader.getByTestId("certificate-id").textContent()).toContain(certificateId);
    await reader.getByTestId("certificate-qr").waitFor();
    const shareImage = await reader.locator('meta[property="og:image"]').getAttribute("content");
    expect(shareImage).toMatch(new RegExp(`/certificate/${certificateId}/og\\.png`));
    const card = await reader.request.get(shareImage!);
    expect(card.status()).toBe(200);
    expect(card.headers()["content-type"]).toBe("image/png");
    expect([...(await card.body()).subarray(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
    // A stranger opening the shared link sees the same certificate.
    const stranger = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await stranger.goto(certificatePath);
    expect(await stranger.getByTestId("certificate-holder").textContent()).toContain(displayName);
    expect(await stranger.getByRole("link", { name: /Download PNG/ }).getAttribute("href")).toContain(`/certificate/${certificateId}/certificate.png`);

    // The dashboard: the reader chooses to be available and sees themselves online.
    await reader.goto("/reader-dashboard");
    await hydrated(reader);
    await expect.poll(() => reader.getByTestId("own-status").textContent()).toBe("Away");

    // A visitor watching the readers list sees the new reader offline…
    const visitor = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await visitor.goto("/readers");
    await hydrated(visitor);
    const status = visitor.locator("li", { hasText: displayName }).getByTestId("reader-status");
    await expect.poll(() => status.textContent()).toBe("Offline");

    // …then online the moment they become available, without reloading…
    await reader.getByRole("button", { name: "Become available" }).click();
    await expect.poll(() => reader.getByTestId("own-status").textContent()).toBe("Online now");
    await expect.poll(() => status.textContent()).toBe("Online now");

    // …and offline again once the reader's tab is closed.
    await reader.close({ runBeforeUnload: true });
    await expect.poll(() => status.textContent()).toBe("Offline");
  });
});

describe("the demo reader", () => {
  it("is online in a local development server with no tab of theirs open, marked as a demo reader, and can be asked for a reading", async () => {
    const visitor = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await visitor.goto("/readers/wren_calloway");
    await hydrated(visitor);
    await expect.poll(() => visitor.getByTestId("reader-status").textContent()).toBe("Online now");
    expect(await visitor.getByTestId("reader-next-available").textContent()).toBe("Available now");
    expect(await visitor.getByTestId("reader-demo").textContent()).toBe("Demo reader");
    await visitor.getByTestId("reader-demo-note").waitFor();
    await visitor.getByTestId("start-reading").waitFor();
    // The list says the same, without JavaScript's help: the server already counts Wren as online.
    const list = await (await visitor.request.get("/readers?online=1")).text();
    expect(list).toContain('data-reader="wren_calloway"');

    // A seeded reader of long standing: the reviews behind her rating are on her page, her week has
    // times to book, and she answers in writing.
    // Booking asks for an account: the demo member looks.
    await useMemberSession(visitor);
    await visitor.goto("/readers/ines_duval");
    await hydrated(visitor);
    expect(await visitor.getByTestId("reader-reviews").getByRole("listitem").count()).toBe(10);
    expect(await visitor.getByTestId("reader-review-count").textContent()).toMatch(/^The 10 newest of \d[\d,]* reviews\.$/);
    expect(await visitor.getByTestId("written-offers").getByText(/\$\d/).count()).toBeGreaterThan(0);
    await visitor.getByTestId("book-a-time").click();
    await visitor.waitForURL(/\/readers\/ines_duval\/schedule/);
    await expect.poll(() => visitor.getByTestId("slot").count()).toBeGreaterThan(0);
    expect(await sideways(visitor)).toBeLessThanOrEqual(0);
  });
});

describe("the demo member", () => {
  it("finds on a phone what the demo promises: a journal to search and filter, a bought deck, a favourite reader and a paid reading with its receipt", async () => {
    const page = await openPage(browser(), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await useMemberSession(page);
    const shot = async (name: string) => {
      expect(await sideways(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
      if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${name}-390.png`, fullPage: true });
    };

    // A dozen readings over weeks, one of them in a spread of the member's own, with tags to filter by.
    // The files before this one may have added readings of their own as the demo member, never fewer.
    await page.goto("/journal");
    const total = Number(/^(\d+) readings$/.exec((await page.getByTestId("journal-count").textContent()) ?? "")?.[1]);
    expect(total).toBeGreaterThanOrEqual(13);
    expect(await page.getByTestId("journal").getByRole("listitem").count()).toBeGreaterThanOrEqual(13);
    expect(await page.getByTestId("journal").getByText("How do I prepare for the interview?").count()).toBe(1);
    await shot("demo-journal");
    const tag = await page.locator("#journal-tag option").nth(1).getAttribute("value");
    await page.goto(`/journal?tag=${encodeURIComponent(tag!)}`);
    const [, found, of] = /^(\d+) of (\d+) readings$/.exec((await page.getByTestId("journal-count").textContent()) ?? "") ?? [];
    expect(Number(of)).toBe(total);
    expect(Number(found)).toBeGreaterThan(0);
    expect(Number(found)).toBeLessThan(total);
    expect(await page.getByTestId("journal").getByRole("listitem").count()).toBe(Number(found));

    // The deck bought in the marketplace, marked as bought.
    await page.goto("/collection");
    await expect.poll(() => page.getByRole("listitem").filter({ hasText: "Desert Mirage" }).getByText("Bought").count()).toBe(1);
    await shot("demo-collection");

    // The favourite reader, under "Your readers" (beside any a file before this one made a favourite).
    await page.goto("/readers?mine=1");
    expect(await page.locator('[data-reader="mira_solenne"]').count()).toBe(1);
    expect(await page.locator("[data-reader]").count()).toBeLessThan(5);

    // The reading with Mira on the balance's history, and its receipt one tap away.
    await page.goto("/balance");
    const line = page.getByTestId("wallet-ledger").getByRole("row").filter({ hasText: "Mira" }).first();
    await shot("demo-balance");
    await line.getByRole("link", { name: "receipt" }).click();
    await page.waitForURL(/\/readings\/[^/]+$/);
    // The address changes before the new page is drawn: wait for the receipt itself.
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Mira");
    await shot("demo-receipt");
  });
});
