/**
 * A paid reading's journal entry, shared from both sides in a browser: the reader asks with
 * JavaScript off (plain forms), the client sees the request and agrees with JavaScript on, the link
 * then shows the reading, and the client's withdrawal stops it for both.
 */
import { describe, expect, it } from "vitest";
import { hydrated, openPage, stateDir, useBrowser, useMemberSession } from "./browser";
import { paidReadingInJournals } from "./local-state";

const browser = useBrowser();
const QUESTION = "Should I take the lighthouse job?";

describe("sharing a paid reading from the journal", () => {
  it("asks, waits for the other side's agreement, shows the link only then, and stops when either withdraws", async () => {
    // An ended paid reading between staff (the client) and Sage (the reader), in both journals.
    const entries = await paidReadingInJournals(stateDir(), "seed-user-staff", "seed-user-sage", QUESTION);

    // The reader, without JavaScript, asks to share.
    const reader = await openPage(browser(), { javaScriptEnabled: false });
    await useMemberSession(reader, "sage");
    await reader.goto(`/journal/${entries.reader}`);
    expect(await reader.getByTestId("share-state").textContent()).toContain("a link to it works only once both of you agree");
    await reader.getByRole("button", { name: "Ask to share by a link" }).click();
    await reader.getByText("You asked to share this reading. The link works once the other side agrees.").waitFor();
    expect(await reader.getByTestId("share-state").textContent()).toContain("Its link works once your client agrees");
    expect(await reader.getByTestId("share-link").count()).toBe(0);

    // The client, with JavaScript, sees the request and agrees; the link appears.
    const client = await openPage(browser());
    await useMemberSession(client, "staff");
    await client.goto(`/journal/${entries.client}`);
    await hydrated(client);
    expect(await client.getByTestId("share-state").textContent()).toContain("Your reader asked to share this reading by a link");
    await client.getByRole("button", { name: "Agree and make a read-only link" }).click();
    const link = client.getByTestId("share-link");
    await link.waitFor();
    expect(await client.getByTestId("share-state").textContent()).toContain("You and your reader both agreed");
    const href = (await link.getAttribute("href"))!;

    // Anyone with the link reads the question now.
    const stranger = await openPage(browser());
    await stranger.goto(href);
    expect(await stranger.getByText(QUESTION).count()).toBeGreaterThan(0);

    // The reader's page, reloaded without JavaScript, shows the agreement and its own link.
    await reader.reload();
    expect(await reader.getByTestId("share-state").textContent()).toContain("You and your client both agreed");
    expect(await reader.getByTestId("share-link").count()).toBe(1);

    // The client withdraws: the link stops working for everyone.
    await client.getByRole("button", { name: "Withdraw and stop sharing" }).click();
    await client.getByText("You withdrew: the link no longer works, for either of you.").waitFor();
    const gone = await stranger.goto(href);
    expect(gone?.status()).toBe(404);
    expect(await stranger.getByText(QUESTION).count()).toBe(0);
  });
});
