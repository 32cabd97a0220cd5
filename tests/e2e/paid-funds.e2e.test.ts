/**
 * Adding funds during a paid reading, with two browsers and a 3-second minute: the client's
 * balance runs low, they add funds from the room's warning through the local checkout in a new
 * tab, both see "Adding funds…", and the reading goes on in the same room on the new balance;
 * the receipt shows the minutes and the top-up, and the client leaves a tip.
 */
import { describe, expect, it } from "vitest";
import { hydrated, openPage, useBrowser, useMemberSession } from "./browser";
import { payWith, signUpByMagicLink } from "./flows";

const browser = useBrowser();

describe("adding funds during a paid reading", () => {
  it("keeps the reading going in the same room while the client tops up, and the receipt shows the top-up", { timeout: 120_000 }, async () => {
    const reader = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await useMemberSession(reader, "ines");
    await reader.goto("/reader-dashboard");
    await hydrated(reader);
    await expect.poll(() => reader.getByTestId("own-status").textContent(), { timeout: 10_000 }).toBe("Online now");

    // A new member tops up $25: at $4.99 a minute, three free minutes and five paid ones.
    const client = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await signUpByMagicLink(client, `topping-${Date.now()}@example.test`, "/balance");
    await hydrated(client);
    await client.getByRole("button", { name: "$25.00" }).click();
    await payWith(client, "4242 4242 4242 4242", "$25.00");
    await client.waitForURL(/\/balance\?topped=/);
    await expect.poll(() => client.getByTestId("wallet-balance").textContent(), { timeout: 10_000 }).toBe("$25.00");

    await client.goto("/readers/ines_duval/book");
    await hydrated(client);
    await client.getByRole("radio", { name: "Cards and chat" }).check();
    await client.getByRole("button", { name: /Ask .* for a reading/ }).click();
    await client.waitForURL(/\/readings\/requests\//);
    const notice = reader.getByTestId("incoming-request");
    await notice.waitFor({ timeout: 10_000 });
    await notice.getByRole("button", { name: "Accept" }).click();
    await reader.waitForURL(/\/reading-room\?session=/);
    await client.waitForURL(/\/reading-room\?session=/, { timeout: 10_000 });
    const room = client.url();
    // The reader's tab notes "Adding funds…" whenever it shows, whatever the test is looking at then.
    await reader.evaluate(() => {
      new MutationObserver(() => {
        const funding = document.querySelector('[data-testid="meter-funding"]');
        if (funding) sessionStorage.setItem("seen-funding", funding.textContent ?? "");
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    // The last minute the balance pays for: the warning offers to add funds, and the checkout opens in a new tab.
    const warning = client.getByTestId("meter-warning");
    await warning.waitFor({ timeout: 45_000 });
    await warning.getByText("Add funds").click();
    const [checkout] = await Promise.all([client.context().waitForEvent("page"), warning.getByRole("button", { name: "$10.00" }).click()]);
    await checkout.waitForURL(/\/checkout\/local\//);
    // The clock holds while the client pays, and both are told.
    await expect.poll(() => client.getByTestId("paid-meter").getAttribute("data-status")).toBe("funding");
    expect(await client.getByTestId("meter-funding").textContent()).toContain("Adding funds…");
    await expect.poll(() => reader.evaluate(() => sessionStorage.getItem("seen-funding"))).toContain("Adding funds…");
    const held = await client.getByTestId("meter-cost").textContent();

    await hydrated(checkout);
    await payWith(checkout, "4242 4242 4242 4242", "$10.00");
    await checkout.waitForURL(/\/balance\?reading=.*topped=/);
    await expect.poll(() => checkout.getByTestId("top-up-status").textContent()).toContain("your reading goes on");

    // Back in the room, which never left: billing goes on from the new balance.
    await expect.poll(() => client.getByTestId("paid-meter").getAttribute("data-status")).toBe("running");
    expect(client.url()).toBe(room);
    const cents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);
    expect(cents(held)).toBe(5 * 499);
    await expect.poll(async () => cents(await client.getByTestId("meter-cost").textContent()), { timeout: 15_000 }).toBeGreaterThan(5 * 499);

    // Two more minutes, and the reading ends when the balance runs out again: the receipt has every minute and the top-up.
    await checkout.close();
    await client.waitForURL(/\/readings\/[0-9a-f-]{36}$/, { timeout: 45_000, waitUntil: "commit" });
    await hydrated(client);
    expect(await client.getByTestId("receipt-minutes").textContent()).toBe("10");
    expect(await client.getByTestId("receipt-paid-minutes").textContent()).toBe("7 × $4.99");
    expect(await client.getByTestId("receipt-total").textContent()).toBe("$34.93");
    expect(await client.getByTestId("receipt-top-up-during-the-reading").textContent()).toBe("$10.00");

    // A tip from what is left is refused: $0.07 pays for none.
    expect(await client.getByRole("button", { name: "$2.00" }).isDisabled()).toBe(true);
  });
});
