/**
 * A written reading with two browsers: the reader offers one on her dashboard; a new client tops
 * up, asks with a question and pays from the balance; the reader draws the cards at her private
 * table, turns them over and writes the answer; the client reads it with the cards and finds it in
 * the journal, told by e-mail; then asks her about a card of the day kept in the journal, and her
 * written answer lands on that entry. And a reader who closes their account with a booking and an
 * unanswered written reading still to come: the client's balance comes back whole, and they are told.
 */
import { describe, expect, it } from "vitest";
import { hydrated, openPage, sideways, useBrowser, useMemberSession } from "./browser";
import { becomeReader, payWith, signUpByMagicLink } from "./flows";

const browser = useBrowser();

const SECOND_ANSWER = "This card speaks of your home first: the change you feel at work starts with how you rest, so begin there this week.";
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

    // A new member tops up $50 and finds the offer on the reader's profile.
    const client = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    const email = `writer-${Date.now()}@example.test`;
    await signUpByMagicLink(client, email, "/balance");
    await hydrated(client);
    await client.getByRole("button", { name: "$50.00" }).click();
    await payWith(client, "4242 4242 4242 4242", "$50.00");
    await client.waitForURL(/\/balance\?topped=/);
    await expect.poll(() => client.getByTestId("wallet-balance").textContent(), { timeout: 10_000 }).toBe("$50.00");
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
    // The price left the balance at once: $50.00 less $12.00.
    await client.goto("/balance");
    await expect.poll(() => client.getByTestId("wallet-balance").textContent()).toBe("$38.00");

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

    // On the phone the answer and the tip form fit the width; a $5 tip from the $38 left shows on the reading.
    expect(await sideways(client)).toBeLessThanOrEqual(0);
    if (process.env.SCREENSHOTS_DIR) await client.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/written-answered-390.png`, fullPage: true });
    await client.getByTestId("tip-form").getByRole("button", { name: "$5.00" }).click();
    await expect.poll(() => client.getByTestId("tip-said").textContent()).toBe("Thank you: your tip of $5.00 went to your reader.");
    await expect.poll(() => client.getByTestId("written-row-tip").textContent()).toBe("$5.00");
    await client.getByTestId("written-journal-link").click();
    await client.waitForURL(/\/journal\/[^/]+$/);
    expect(await client.locator("main").textContent()).toContain(ANSWER);
    expect(await client.locator("main").textContent()).toContain("What should I carry into the new season at work?");
    expect(await client.locator("main").textContent()).toContain(drawn);

    // The client keeps today's card and asks the same reader about it from the journal, on the phone:
    // her three-card offer is the cheapest that covers one card. She reads the card as it was drawn
    // and answers in writing; the answer is on that journal entry, labelled as hers.
    await client.goto("/today");
    await hydrated(client);
    await client.getByRole("button", { name: "Turn it over" }).click();
    // The name is read once the turned card is the page's own, not while it flips.
    await expect.poll(() => client.getByTestId("daily-card").getAttribute("data-stage")).toBe("turned");
    const dayCard = (await client.getByTestId("daily-card-name").textContent())!.replace(/(Upright|Reversed)$/, "").trim();
    await client.getByLabel("What do you see?").fill("A figure at a crossroads, looking back.");
    await client.getByRole("button", { name: "Keep in my journal" }).click();
    await client.waitForURL(/\/today\?kept=1$/);
    await client.getByRole("link", { name: "Open the entry" }).click();
    await client.waitForURL(/\/journal\/[^/]+$/);
    const entryPath = new URL(client.url()).pathname;
    await client.getByTestId("ask-a-reader").click();
    await client.waitForURL(/\/ask$/);
    await hydrated(client);
    expect(await client.getByTestId("ask-reading").textContent()).toContain(dayCard);
    await client.getByRole("radio", { name: /Inès Duval.*\$12\.00/ }).check();
    await client.getByRole("textbox", { name: "What would you like the reader to look at?" }).fill("Is this card about my work or my home?");
    expect(await sideways(client)).toBeLessThanOrEqual(0);
    if (process.env.SCREENSHOTS_DIR) await client.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/ask-a-reader-390.png`, fullPage: true });
    await client.getByRole("button", { name: "Pay and ask" }).click();
    await client.waitForURL(/\/written\/[^/]+$/);
    const opinionPath = new URL(client.url()).pathname;
    expect(await client.getByTestId("written-status").textContent()).toBe("Waiting for the reader's answer");

    await reader.goto(opinionPath);
    await hydrated(reader);
    expect(await reader.getByTestId("second-opinion-reading").textContent()).toContain(dayCard);
    expect(await reader.getByTestId("open-table").count()).toBe(0);
    await reader.getByRole("textbox", { name: "Your answer" }).fill(SECOND_ANSWER);
    await reader.getByTestId("send-answer").click();
    await expect.poll(() => reader.getByTestId("answer-said").textContent()).toContain("Your answer was sent");

    await client.goto(entryPath);
    const opinion = client.getByTestId("second-opinion");
    expect(await opinion.textContent()).toContain(SECOND_ANSWER);
    expect(await opinion.getByTestId("written-by-reader").textContent()).toBe("Written by your reader");
    expect(await sideways(client)).toBeLessThanOrEqual(0);
    if (process.env.SCREENSHOTS_DIR) await client.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/second-opinion-journal-390.png`, fullPage: true });
    // $38.00 less the $5.00 tip and the $12.00 second opinion.
    await client.goto("/balance");
    await expect.poll(() => client.getByTestId("wallet-balance").textContent()).toBe("$21.00");
  });

  it("comes back whole to the client, with e-mails, when the reader closes their account before the booked reading and the answer", async () => {
    const stamp = Date.now().toString(36);
    const reader = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    const username = await becomeReader(reader, `leaving-${stamp}@example.test`, `Wren ${stamp}`, "0.99");

    // Fifteen minutes two days from now, in UTC, and a written reading at $5.00.
    const day = new Date(Date.now() + 2 * 24 * 60 * 60_000);
    const weekday = day.toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
    await reader.goto("/reader-dashboard");
    await hydrated(reader);
    const hours = reader.getByTestId("hours-form");
    await hours.getByRole("combobox", { name: "Time zone" }).selectOption("UTC");
    await hours.getByRole("combobox", { name: "Length of a slot" }).selectOption("15");
    await hours.getByLabel(`${weekday} from`, { exact: true }).fill("10:00");
    await hours.getByLabel(`${weekday} until`, { exact: true }).fill("10:15");
    await hours.getByRole("button", { name: "Save availability" }).click();
    await reader.getByText("Your availability is saved: clients can book your open times.").waitFor();
    await reader.goto("/reader-dashboard/written");
    await hydrated(reader);
    const form = reader.getByTestId("offer-form");
    await form.getByRole("textbox", { name: "Title" }).fill("One card, one answer");
    await form.getByRole("combobox", { name: "Spread" }).selectOption("single");
    await form.getByRole("textbox", { name: "Price ($)" }).fill("5");
    await form.getByRole("radio", { name: "24 hours" }).check();
    await form.getByRole("button", { name: "Add the offer" }).click();
    await expect.poll(() => reader.getByTestId("offer-said").textContent()).toContain("Offer added");

    // A client tops up $25, books the slot ($14.85 held) and pays $5.00 for a written reading.
    const client = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    const email = `stranded-${stamp}@example.test`;
    await signUpByMagicLink(client, email, "/balance");
    await hydrated(client);
    await client.getByRole("button", { name: "$25.00" }).click();
    await payWith(client, "4242 4242 4242 4242", "$25.00");
    await client.waitForURL(/\/balance\?topped=/);
    await expect.poll(() => client.getByTestId("wallet-balance").textContent()).toBe("$25.00");
    await client.goto(`/readers/${username}/schedule`);
    await hydrated(client);
    await client.getByTestId("slot").first().click();
    await client.waitForURL(/\/bookings\/[^/?]+\?booked=1$/);
    await client.goto(`/readers/${username}/written`);
    await hydrated(client);
    await client.getByRole("radio", { name: /One card, one answer/ }).check();
    await client.getByRole("textbox", { name: "Your question" }).fill("Should I take the job across the sea?");
    await client.getByRole("button", { name: /Pay and ask/ }).click();
    await client.waitForURL(/\/written\/[^/]+$/);
    await client.goto("/balance");
    expect(await client.getByTestId("wallet-balance").textContent()).toBe("$20.00");
    expect(await client.getByTestId("wallet-available").textContent()).toBe("$5.15 available · $14.85 on hold");

    // The reader closes their account.
    await reader.goto("/profile#delete-account");
    await reader.getByRole("textbox", { name: /Type your e-mail address or the word DELETE/ }).fill("DELETE");
    await reader.getByRole("button", { name: "Delete my account" }).click();
    await reader.waitForURL((url) => url.searchParams.get("account") === "deleted");

    // The client's balance is whole again, nothing on hold, with the refund's line in the ledger…
    await client.goto("/balance");
    expect(await client.getByTestId("wallet-balance").textContent()).toBe("$25.00");
    expect(await client.getByTestId("wallet-holds").count()).toBe(0);
    expect(await client.getByTestId("wallet-ledger").textContent()).toContain("Written reading refunded: the reader closed their account");
    // …and two e-mails say why, by the name they knew.
    await expect
      .poll(async () => {
        await client.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
        const text = (await client.locator("main").textContent()) ?? "";
        return [text.includes("Refunded: your written reading"), text.includes(`Wren ${stamp} has closed their account`)];
      })
      .toEqual([true, true]);
  }, 120_000);
});
