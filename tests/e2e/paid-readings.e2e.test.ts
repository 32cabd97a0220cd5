/**
 * A paid reading from first top-up to the reader's earnings, with two browsers and a 3-second
 * minute: the client tops up through the local checkout, asks an online reader, who accepts from
 * the notice in their tab; both meet in one room with video; the free minutes pass, billing runs,
 * the warning shows, the reading ends itself when the balance runs out; the receipt is right to
 * the cent; the client reviews; the reader's dashboard shows the earning and the review.
 */
import { describe, expect, it } from "vitest";
import { guaranteeClaimedText } from "../../app/paid-readings/guarantee";
import { hydrated, openPage, sideways, useBrowser, useMemberSession } from "./browser";
import { payWith, signUpByMagicLink } from "./flows";

const browser = useBrowser();

describe("a paid reading with a human reader", () => {
  it("runs from top-up to receipt, review and the reader's earning", async () => {
    // Inès (in the demo data, $4.99 a minute) keeps her dashboard open and is online.
    const reader = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await useMemberSession(reader, "ines");
    await reader.goto("/reader-dashboard");
    await hydrated(reader);
    await expect.poll(() => reader.getByTestId("own-status").textContent(), { timeout: 10_000 }).toBe("Online now");
    // What she has earned before this reading (other tests in this run may have read with her).
    const cents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);
    const earnedBefore = cents(await reader.getByTestId("earnings-net").textContent());

    // A new member tops up $25 through the local checkout.
    const client = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await signUpByMagicLink(client, `seeker-${Date.now()}@example.test`, "/balance");
    await hydrated(client);
    expect(await client.getByTestId("wallet-balance").textContent()).toBe("$0.00");
    await client.getByRole("button", { name: "$25.00" }).click();
    await payWith(client, "4242 4242 4242 4242", "$25.00");
    await client.waitForURL(/\/balance\?topped=/);
    await expect.poll(() => client.getByTestId("wallet-balance").textContent(), { timeout: 10_000 }).toBe("$25.00");

    // The booking page: her price, three free minutes, and what the balance covers (3 + 5 paid).
    await client.goto("/readers/ines_duval/book");
    await hydrated(client);
    const quote = client.getByTestId("booking-quote");
    expect(await quote.textContent()).toContain("First 3 free");
    // Her name is whole at 390 px: nothing of it cut off or hidden.
    const name = client.getByTestId("reader-name");
    expect(await name.textContent()).toBe("Inès Duval");
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth && getComputedStyle(element).textOverflow !== "ellipsis")).toBe(true);
    if (process.env.SCREENSHOTS_DIR) await client.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/booking-390.png` });
    expect(await client.getByTestId("booking-minutes").textContent()).toBe("8 minutes");
    await client.getByRole("radio", { name: "Cards and video" }).check();
    await client.getByRole("textbox", { name: /Your question/ }).fill("What should I carry into the new year?");
    await client.getByRole("button", { name: /Ask .* for a reading/ }).click();
    await client.waitForURL(/\/readings\/requests\//);
    await client.getByTestId("request-countdown").waitFor();

    // The request reaches the reader's open tab live; she accepts there.
    const notice = reader.getByTestId("incoming-request");
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toContain("What should I carry into the new year?");
    await notice.getByRole("button", { name: "Accept" }).click();
    await reader.waitForURL(/\/reading-room\?session=.*video=1/);

    // The client's waiting page follows into the same room.
    await client.waitForURL(/\/reading-room\?session=.*video=1/, { timeout: 10_000 });
    expect(new URL(client.url()).searchParams.get("session")).toBe(new URL(reader.url()).searchParams.get("session"));
    // Whatever the test is looking at when the last minute comes, each tab notes the warning it shows.
    for (const page of [client, reader]) {
      await page.evaluate(() => {
        new MutationObserver(() => {
          const warning = document.querySelector('[data-testid="meter-warning"]');
          if (warning) sessionStorage.setItem("seen-warning", warning.textContent ?? "");
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    }

    // The clock starts as the two meet: the first minutes are free.
    const cost = client.getByTestId("meter-cost");
    await expect.poll(() => client.getByTestId("paid-meter").getAttribute("data-status"), { timeout: 10_000 }).toBe("running");
    expect(await cost.textContent()).toBe("$0.00");
    expect(await client.getByTestId("meter-status").textContent()).toMatch(/Free minute [1-3] of 3/);
    // The client may tip from the first free minute; the reader is never offered a tip.
    expect([await client.getByTestId("room-tip").isVisible(), await reader.getByTestId("room-tip").count()]).toEqual([true, 0]);

    for (const page of [client, reader]) await page.getByTestId("local-video").waitFor({ timeout: 15_000 });
    for (const page of [client, reader]) {
      // The room was opened by a redirect, so the browser may wait for a tap before playing sound: the tile offers it.
      await expect
        .poll(
          async () => {
            const play = page.getByRole("button", { name: /^Play .* video$/ });
            if (await play.count()) await play.first().click();
            return page
              .getByTestId("remote-video")
              .evaluateAll((videos) => videos.some((v) => (v as HTMLVideoElement).videoWidth > 0 && !(v as HTMLVideoElement).paused));
          },
          // Two peers on a busy machine can take a while to agree on a connection.
          { timeout: 30_000 },
        )
        .toBe(true);
    }

    // They talk through the table's chat as well: on the client's phone it opens from its button.
    await client.getByRole("button", { name: /^Chat/ }).click();
    await client.getByRole("textbox", { name: "Message" }).fill("Hello! I am ready.");
    await client.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => reader.getByTestId("chat-lines").textContent(), { timeout: 5_000 }).toContain("Hello! I am ready.");

    // Then each started minute is charged at $4.99; both see the same figures, and only the client sees the balance.
    await expect.poll(async () => cents(await cost.textContent()), { timeout: 15_000 }).toBeGreaterThan(0);
    const charged = cents(await cost.textContent());
    expect(charged % 499).toBe(0);
    await expect.poll(async () => cents(await client.getByTestId("meter-balance").textContent())).toBe(2500 - cents(await cost.textContent()));
    await expect.poll(async () => cents(await reader.getByTestId("meter-cost").textContent()), { timeout: 5_000 }).toBeGreaterThanOrEqual(charged);
    expect(await reader.getByTestId("meter-balance").count()).toBe(0);

    // The reading ends itself when the balance runs out, and both land on the receipt.
    await client.waitForURL(/\/readings\/[0-9a-f-]{36}$/, { timeout: 45_000, waitUntil: "commit" });
    await reader.waitForURL(/\/readings\/[0-9a-f-]{36}$/, { timeout: 15_000, waitUntil: "commit" });
    await hydrated(client);
    const receipt = new URL(client.url()).pathname;
    // One minute before the balance ran out, both were warned.
    expect(await client.evaluate(() => sessionStorage.getItem("seen-warning"))).toContain("Your balance pays for this minute only");
    expect(await reader.evaluate(() => sessionStorage.getItem("seen-warning"))).toContain("The client’s balance pays for this minute only");
    expect(await client.getByRole("heading", { level: 1 }).textContent()).toContain("Your reading with");
    expect(await client.getByText("The reading ended: your balance ran out.").count()).toBe(1);
    expect(await reader.getByText("The reading ended: the client’s balance ran out.").count()).toBe(1);
    expect(await client.getByTestId("receipt-minutes").textContent()).toBe("8");
    expect(await client.getByTestId("receipt-free-minutes").textContent()).toBe("3");
    expect(await client.getByTestId("receipt-paid-minutes").textContent()).toBe("5 × $4.99");
    expect(await client.getByTestId("receipt-total").textContent()).toBe("$24.95");

    // The client rates and reviews once.
    await client.getByRole("radio", { name: "5 out of 5 stars" }).check();
    await client.getByRole("textbox", { name: /Your review/ }).fill("Warm, precise and honest about the Tower.");
    await client.getByRole("button", { name: "Publish the review" }).click();
    await client.getByTestId("reading-review").waitFor();
    expect(await client.getByRole("button", { name: "Publish the review" }).count()).toBe(0);

    // The review is on her public profile.
    await client.goto("/readers/ines_duval");
    expect(await client.getByTestId("reader-reviews").textContent()).toContain("Warm, precise and honest about the Tower.");

    // The balance keeps the five cents left and every line of the reading.
    await client.goto("/balance");
    expect(await client.getByTestId("wallet-balance").textContent()).toBe("$0.05");
    // Two lines: the top-up, and the reading's five paid minutes as one charge.
    const lines = client.getByTestId("wallet-ledger").locator("tbody tr");
    expect(await lines.count()).toBe(2);
    expect(await lines.first().textContent()).toMatch(/Reading with .* · 5 paid minutes.*−\$24\.95/);

    // The reader's side of the receipt, and her dashboard: the earning after the 30 % fee, and the review.
    expect(await reader.getByTestId("receipt-your-earning").textContent()).toBe("$17.46");
    await reader.goto("/reader-dashboard");
    expect(cents(await reader.getByTestId("earnings-net").textContent()) - earnedBefore).toBe(1746);
    expect(await reader.getByTestId("dashboard-reviews").textContent()).toContain("Warm, precise and honest about the Tower.");
    expect(await reader.getByTestId("dashboard-sessions").textContent()).toContain("$24.95");

    // Not what the client hoped for after all: the satisfaction guarantee, claimed from the receipt on the phone.
    await client.goto(receipt);
    await hydrated(client);
    const guarantee = client.getByTestId("guarantee");
    await guarantee.getByLabel("What went wrong?").selectOption("generic");
    await guarantee.getByLabel(/In a few words/).fill("The Tower was read the way a book would read it.");
    expect(await sideways(client)).toBeLessThanOrEqual(0);
    if (process.env.SCREENSHOTS_DIR) await guarantee.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/guarantee-claim-390.png` });
    await guarantee.getByRole("button", { name: "Claim the guarantee" }).click();
    await expect.poll(() => guarantee.getByTestId("guarantee-claimed").textContent()).toBe(guaranteeClaimedText(2495));
    await client.goto("/balance");
    expect(await client.getByTestId("wallet-balance").textContent()).toBe("$25.00");
    expect(await lines.first().textContent()).toMatch(/Satisfaction guarantee: reading with .*\+\$24\.95/);
    // The reader's receipt says what the claim took from her earning: the rest after the platform's $7.49 fee.
    await reader.goto(receipt);
    expect(await reader.getByTestId("guarantee-claimed").textContent()).toContain("$17.46 came from the reader");

    // The two can still talk about the reading: the client writes from the receipt on the phone, the
    // reader finds it waiting under Messages and answers, and the client reads the answer.
    await client.goto(receipt);
    await client.getByTestId("write-link").click();
    await client.waitForURL(/\/messages\/[^/]+$/);
    const conversationPath = new URL(client.url()).pathname;
    await hydrated(client);
    await client.getByRole("textbox", { name: /Write to/ }).fill("Thank you all the same. Could you say more about where the Tower stood?");
    await client.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => client.getByTestId("messages").textContent()).toContain("Could you say more about where the Tower stood?");
    await reader.goto("/messages");
    const waiting = reader.getByTestId("conversation").first();
    expect(await waiting.textContent()).toContain("1 new");
    await waiting.click();
    await reader.waitForURL(new RegExp(`${conversationPath}$`));
    await hydrated(reader);
    expect(await reader.getByTestId("messages").textContent()).toContain("Could you say more about where the Tower stood?");
    await reader.getByRole("textbox", { name: /Write to/ }).fill("It stood where you began: it speaks of what has already changed, not of what will.");
    await reader.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => reader.getByTestId("messages").textContent()).toContain("not of what will.");
    await client.goto("/messages");
    expect(await client.getByTestId("conversation").first().textContent()).toContain("not of what will.");
    expect(await sideways(client)).toBeLessThanOrEqual(0);
    if (process.env.SCREENSHOTS_DIR) await client.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/messages-390.png`, fullPage: true });
    await client.goto(conversationPath);
    expect(await client.getByTestId("messages").textContent()).toContain("not of what will.");
    expect(await sideways(client)).toBeLessThanOrEqual(0);
    if (process.env.SCREENSHOTS_DIR) await client.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/conversation-390.png`, fullPage: true });

    // Two browsers, a checkout and a reading that runs until the balance is spent: about 40 s alone, 60 s beside the rest of the suite.
  }, 150_000);
});
