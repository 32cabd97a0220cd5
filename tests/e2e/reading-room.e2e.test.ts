import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, launch, openPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** What a browser shows on its table: card, position and orientation of every revealed card. */
async function tableOf(page: Page) {
  return page.getByTestId("table-card").evaluateAll((cards) =>
    cards.map((card) => ({
      position: card.getAttribute("data-position"),
      card: card.getAttribute("data-card"),
      reversed: card.getAttribute("data-reversed"),
    })),
  );
}

describe("a shared reading", () => {
  it("shows the host's three-card spread to a guest invited by link, who cannot draw until handed control; a reload restores the table", async () => {
    const host = await openPage(browser, DESKTOP);
    await host.goto("/");
    await host.goto("/reading-room");
    await hydrated(host);
    await host.getByRole("button", { name: "Start a reading" }).click();
    await host.waitForURL(/session=/);
    await hydrated(host);
    await expect.poll(() => host.getByTestId("pile-count").textContent()).toContain("live");

    await host.getByRole("button", { name: "Make an invite link" }).click();
    const inviteLink = host.getByTestId("invite-link");
    await inviteLink.waitFor();
    const invitePath = new URL((await inviteLink.getAttribute("href"))!).pathname;
    expect(invitePath).toMatch(/^\/invite\/participant\/[A-Za-z0-9_-]+$/);

    // The guest is a different browser, with no account: it becomes a guest and joins.
    const guest = await openPage(browser, DESKTOP);
    await guest.goto(invitePath);
    await guest.getByRole("heading", { name: "You are invited" }).waitFor();
    await hydrated(guest);
    await guest.getByRole("button", { name: "Join the reading" }).click();
    await guest.waitForURL(/session=/);
    await hydrated(guest);
    await expect.poll(() => guest.getByTestId("pile-count").textContent()).toContain("live");
    await expect.poll(() => host.getByTestId("people").locator("li").count()).toBe(2);
    expect(await guest.getByRole("button", { name: "Draw" }).count()).toBe(0);
    expect(await guest.getByTestId("watching").textContent()).toMatch(/is leading this reading/);

    await host.getByLabel("Spread").selectOption("three-card");
    await host.getByRole("button", { name: "Shuffle" }).click();
    for (let i = 0; i < 3; i++) {
      await host.getByRole("button", { name: "Draw" }).click();
      await expect.poll(() => host.getByTestId("table-card").count()).toBe(i + 1);
    }
    const revealedAt = Date.now();
    await host.getByRole("button", { name: "Reveal all" }).click();
    await expect.poll(async () => (await tableOf(host)).filter((c) => c.card).length).toBe(3);
    await expect.poll(async () => (await tableOf(guest)).filter((c) => c.card).length, { timeout: 1000, interval: 25 }).toBe(3);
    expect(Date.now() - revealedAt).toBeLessThan(2000);
    const hostTable = await tableOf(host);
    expect(await tableOf(guest)).toEqual(hostTable);
    expect(hostTable.map((c) => c.position)).toEqual(["0", "1", "2"]);
    expect(await guest.getByRole("list", { name: "Drawn cards" }).getByRole("listitem").count()).toBe(3);

    // The guest's browser has no draw button; a forged message is refused by the room.
    await guest.evaluate(() => {
      const socket = new WebSocket(`${location.origin.replace("http", "ws")}/parties/reading-room/${new URL(location.href).searchParams.get("session")}`);
      (window as unknown as { forged: string[] }).forged = [];
      socket.onmessage = (event) => (window as unknown as { forged: string[] }).forged.push(String(event.data));
      socket.onopen = () => socket.send(JSON.stringify({ type: "command", command: { type: "reset" } }));
    });
    await expect
      .poll(() => guest.evaluate(() => (window as unknown as { forged: string[] }).forged.some((m) => m.includes("Only the person leading"))))
      .toBe(true);
    expect((await tableOf(host)).length).toBe(3);

    // Control handed over: the guest leads, the host watches.
    await host.getByRole("button", { name: "Hand over" }).click();
    await guest.getByRole("button", { name: "Gather cards" }).waitFor();
    await guest.getByRole("button", { name: "Gather cards" }).click();
    await expect.poll(() => host.getByTestId("table-card").count()).toBe(0);
    expect(await host.getByRole("button", { name: "Draw" }).count()).toBe(0);
    await host.getByRole("button", { name: "Take back" }).click();
    await host.getByRole("button", { name: "Shuffle" }).waitFor();

    // A reload restores the room as it stands.
    await host.getByRole("button", { name: "Shuffle" }).click();
    await host.getByRole("button", { name: "Draw" }).click();
    await expect.poll(() => guest.getByTestId("table-card").count()).toBe(1);
    await guest.reload();
    await hydrated(guest);
    expect(await guest.getByTestId("table-card").count()).toBe(1);
    await expect.poll(() => guest.getByTestId("pile-count").textContent()).toContain("77 cards in the deck · live");

    await guest.context().close();
    await host.context().close();
  });

  it("says clearly when an invitation is no longer valid", async () => {
    const page = await openPage(browser, DESKTOP);
    const response = await page.goto("/invite/participant/no-such-invite");
    expect(response?.status()).toBe(404);
    await page.getByText("This invitation does not exist.").waitFor();
    await page.context().close();
  });
});
