/**
 * "Notify me when online", with two browsers: a new client favourites a reader who is away and
 * keeps the notices on; the reader shows under "Your readers" on /readers and on the client's
 * profile; the reader becomes available on their dashboard, as a real reader does; the client's
 * e-mail (they have no device taking pushes) arrives in the dev mailbox, and its stop link, opened
 * signed out, turns that reader's notices off with one press.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, openPage, useBrowser, useMemberSession } from "./browser";
import { signUpByMagicLink } from "./flows";

const browser = useBrowser();

const NOTICE_SUBJECT = "Theo Ashgrove is online on Arcanum";

/** The texts of the messages the dev mailbox holds for `email` under `subject`. */
async function messagesTo(page: Page, email: string, subject: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  return page
    .getByRole("list", { name: "Messages" })
    .locator("li")
    .filter({ has: page.getByRole("heading", { name: subject, exact: true }) })
    .locator("pre")
    .allTextContents();
}

/** Presses a favourite control and waits for the server's answer (the page shows the new state before it). */
async function pressAndSave(page: Page, control: Locator) {
  const saved = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/readers/theo_ashgrove/favourite"),
  );
  await control.click();
  expect((await saved).status()).toBeLessThan(400);
}

describe("notify me when a favourite reader comes online", () => {
  it("favourites a reader, lists them as yours, tells the client by e-mail when they come online, and stops with the e-mail's link", async () => {
    // Theo opens his dashboard (he is online), then chooses to be away.
    const reader = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await useMemberSession(reader, "theo");
    await reader.goto("/reader-dashboard");
    await hydrated(reader);
    const ownStatus = reader.getByTestId("own-status");
    await expect.poll(() => ownStatus.textContent()).toBe("Online now");
    await reader.getByRole("button", { name: "Go away" }).click();
    await expect.poll(() => ownStatus.textContent()).toBe("Away");

    // A new client favourites him from the list with the heart.
    const email = `follower-${Date.now()}@example.test`;
    const client = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await signUpByMagicLink(client, email, "/readers");
    await hydrated(client);
    const heart = client.locator("li", { hasText: "Theo Ashgrove" }).getByTestId("favourite-heart");
    await pressAndSave(client, heart);
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");

    // On his page the notices come on with the favourite; the client turns them off and on again, and it is kept.
    await client.goto("/readers/theo_ashgrove");
    await hydrated(client);
    expect(await client.getByTestId("favourite-button").getAttribute("aria-pressed")).toBe("true");
    const notifySwitch = client.getByTestId("notify-switch");
    expect(await notifySwitch.getAttribute("aria-checked")).toBe("true");
    await pressAndSave(client, notifySwitch);
    await expect.poll(() => notifySwitch.getAttribute("aria-checked")).toBe("false");
    await pressAndSave(client, notifySwitch);
    await expect.poll(() => notifySwitch.getAttribute("aria-checked")).toBe("true");
    await client.reload();
    expect(await client.getByTestId("notify-switch").getAttribute("aria-checked")).toBe("true");

    // "Your readers" on /readers holds him alone; so does the list on the client's profile, with the notices on.
    await client.goto("/readers?mine=1");
    expect(await client.getByTestId("filter-mine").isChecked()).toBe(true);
    const mine = client.getByTestId("favourite-heart");
    expect(await mine.count()).toBe(1);
    expect(await mine.getAttribute("aria-label")).toBe("Remove Theo Ashgrove from your readers");
    await client.goto("/profile");
    const favourites = client.getByTestId("favourite-readers").locator("[data-favourite]");
    expect(await favourites.evaluateAll((items) => items.map((item) => item.getAttribute("data-favourite")))).toEqual(["theo_ashgrove"]);
    expect(await favourites.getByTestId("notify-switch").getAttribute("aria-checked")).toBe("true");
    // Nothing was sent while he was away.
    expect(await messagesTo(client, email, NOTICE_SUBJECT)).toEqual([]);

    // Theo becomes available on his dashboard: he is online, and the client hears of it by e-mail.
    await reader.getByRole("button", { name: "Become available" }).click();
    await expect.poll(() => ownStatus.textContent()).toBe("Online now");
    await expect.poll(async () => (await messagesTo(client, email, NOTICE_SUBJECT)).length).toBe(1);
    const [notice] = await messagesTo(client, email, NOTICE_SUBJECT);
    expect(notice).toContain("/readers/theo_ashgrove");
    const stopLink = /Stop these e-mails: (\S+)/.exec(notice!)?.[1];
    expect(stopLink).toMatch(/\/readers\/notices\/stop\/[\w.-]+$/);

    // The stop link works signed out: it names the reader, and one press turns his notices off.
    const mailReader = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await mailReader.goto(stopLink!);
    await mailReader.getByRole("button", { name: "Stop notices about Theo Ashgrove" }).click();
    await mailReader.getByText("Done: you will no longer hear when Theo Ashgrove comes online.").waitFor();

    // He stays a favourite, with the notices off.
    await client.goto("/readers/theo_ashgrove");
    expect(await client.getByTestId("favourite-button").getAttribute("aria-pressed")).toBe("true");
    expect(await client.getByTestId("notify-switch").getAttribute("aria-checked")).toBe("false");
  }, 120_000);
});
