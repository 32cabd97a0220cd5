/**
 * A written reading with two browsers: the reader offers one on her dashboard; a new client tops
 * up, asks with a question and pays from the balance; the reader draws the cards at her private
 * table, turns them over and writes the answer; the client reads it with the cards and finds it in
 * the journal, told by e-mail.
 */
import { describe, expect, it } from "vitest";
import { hydrated, openPage, useBrowser, useMemberSession } from "./browser";
import { payWith, signUpByMagicLink } from "./flows";

const browser = useBrowser();

const ANSWER =
  "The first card shows what you are leaving behind, the second where you stand now, and the third the road that opens if you keep your promise to yourself.";

describe("a written reading", () => {
  it("goes from the client's question to the answer with its cards, in the journal too", async () => {
    const title = `Three cards for the season ${Date.now()}`;
    const reader = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await useMemberSession(reader, "ines");
    await reader.goto("/reader-dashboard/written");
    await hydrated(reader);
    const form = reader.getByTestId("offer-form");
    await form.getByRole("textbox", { name: "Title" }).fill(title);
    await form.getByRole("combobox", { name: "Spread" }).selectOption("three-card");
    await form.getByRole("textbox", { name: "Price ($)" }).fill("12");
    await form.getByRole("radio", { name: "24 hours" }).check();
    await form.getByRole("button", { name: "Add the offer" }).click();
    await expect.poll(() => reader.getByTestId("offer-said").textContent()).toContain("Offer added");

    // A new member tops up $25 and finds the offer on the reader's profile.
    const client = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    const email = `writer-${Date.now()}@example.test`;
    await signUpByMagicLink(client, email, "/balance");
    await hydrated(client);
    await client.getByRole("button", { name: "$25.00" }).click();
    await payWith(client, "4242 4242 4242 4242", "$25.00");
    await client.waitForURL(/\/balance\?topped=/);
    await expect.poll(() => client.getByTestId("wallet-balance").textContent(), { timeout: 10_000 }).toBe("$25.00");
    await client.goto("/readers/ines_duval");
    await hydrated(client);
    expect(await client.getByTestId("written-offers").textContent()).toContain(title);
    await client.getByTestId("ask-written").click();
    await client.waitForURL(/\/readers\/ines_duval\/written/);
    await hydrated(client);
    await client.getByRole("radio", { name: new RegExp(title) }).check();
    await client.getByRole("textbox", { name: "Your question" }).fill("What should I carry into the new season at work?");
    await client.getByRole("button", { name: /Pay and ask/ }).click();
    await client.waitForURL(/\/written\/[^/]+$/);
    const requestPath = new URL(client.url()).pathname;
    expect(await client.getByTestId("written-status").textContent()).toBe("Waiting for the reader's answer");
    // The price left the balance at once: $25.00 less $12.00.
    await client.goto("/balance");
    await expect.poll(() => client.getByTestId("wallet-balance").textContent()).toBe("$13.00");

    // The reader sees it with its deadline, opens the private table and draws the spread.
    await reader.goto("/reader-dashboard/written");
    await reader.getByTestId("written-requests").getByRole("link", { name: title }).first().click();
    await reader.waitForURL(new RegExp(`${requestPath}$`));
    await hydrated(reader);
    await reader.getByTestId("open-table").click();
    await reader.waitForURL(/\/reading-room\?session=/);
    await hydrated(reader);
    await reader.getByRole("button", { name: "Shuffle" }).click();
    for (let i = 0; i < 3; i++) await reader.getByRole("button", { name: "Draw" }).click();
    await reader.getByRole("button", { name: "Reveal all" }).click();
    await expect.poll(() => reader.getByRole("list", { name: "Drawn cards" }).getByRole("listitem").count()).toBe(3);
    // "Position: Card name", as the table lists it.
    const listed = (await reader.getByRole("list", { name: "Drawn cards" }).getByRole("listitem").first().locator("p").first().textContent())!;
    const drawn = listed
      .replace(/^[^:]+: /, "")
      .replace(/,? ?\(?reversed\)?$/i, "")
      .trim();

    // Back on the request, the answer goes out with the table's cards.
    await reader.goto(requestPath);
    await hydrated(reader);
    await reader.getByRole("textbox", { name: "Your answer" }).fill(ANSWER);
    await reader.getByTestId("send-answer").click();
    await expect.poll(() => reader.getByTestId("answer-said").textContent()).toContain("Your answer was sent");

    // The client is told by e-mail, reads it with the three cards' pictures, then in the journal.
    // The message goes out after the reader's answer is saved: look again until it has arrived.
    await expect
      .poll(async () => {
        await client.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
        return client.locator("main").textContent();
      })
      .toContain("Your written reading is answered");
    await client.goto(requestPath);
    await hydrated(client);
    expect(await client.getByTestId("written-status").textContent()).toBe("Answered");
    const answer = client.getByTestId("written-answer");
    expect(await answer.textContent()).toContain(ANSWER);
    expect(await answer.getByRole("list", { name: "Cards" }).getByRole("img").count()).toBe(3);
    expect(await answer.textContent()).toContain(drawn);

    // On the phone the answer and the tip form fit the width; a $5 tip from the $13 left shows on the reading.
    expect(await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (process.env.WRITTEN_SCREENSHOTS) await client.screenshot({ path: `${process.env.WRITTEN_SCREENSHOTS}/written-answered-390.png`, fullPage: true });
    await client.getByTestId("tip-form").getByRole("button", { name: "$5.00" }).click();
    await expect.poll(() => client.getByTestId("tip-said").textContent()).toBe("Thank you: your tip of $5.00 went to your reader.");
    await expect.poll(() => client.getByTestId("written-row-tip").textContent()).toBe("$5.00");
    await client.getByTestId("written-journal-link").click();
    await client.waitForURL(/\/journal\/[^/]+$/);
    expect(await client.locator("main").textContent()).toContain(ANSWER);
    expect(await client.locator("main").textContent()).toContain("What should I carry into the new season at work?");
    expect(await client.locator("main").textContent()).toContain(drawn);
  });
});
