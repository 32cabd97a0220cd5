import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { WRITTEN_BY_AI } from "../../app/ai/authorship";
import { hydrated, openPage, seriousAxeViolations, spaceBetween, useBrowser, useMemberSession } from "./browser";

const browser = useBrowser();

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

/** A host in a new room of their own, and a guest (another browser) who joined by invite link. */
async function hostWithGuest() {
  const host = await openPage(browser(), DESKTOP);
  await host.goto("/");
  await host.goto("/reading-room?create=true");
  await host.waitForURL(/session=/);
  await hydrated(host);
  await host.getByRole("button", { name: "Make an invite link" }).click();
  const invitePath = new URL((await host.getByTestId("invite-link").getAttribute("href"))!).pathname;
  const guest = await openPage(browser(), DESKTOP);
  await guest.goto(invitePath);
  await hydrated(guest);
  await guest.getByRole("button", { name: "Join the reading" }).click();
  await guest.waitForURL(/session=/);
  await hydrated(guest);
  await expect.poll(() => host.getByTestId("people").locator("li").count()).toBe(2);
  return { host, guest };
}

/** How a button looks to the person: what tells an unavailable one from one that can be pressed. */
async function looks(button: Locator) {
  return button.evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, color: style.color, borderStyle: style.borderTopStyle, cursor: style.cursor };
  });
}

/** Counts the cards seen flying from the pile to the spread, from now on. */
async function countFlights(page: Page) {
  await page.evaluate(() => {
    const seen = window as unknown as { flights: number };
    seen.flights = 0;
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if ((node as HTMLElement).dataset?.testid === "card-in-flight") seen.flights++;
    }).observe(document.body, { childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { flights: number }).flights);
}

/** The name the gallery should show for the first revealed card, from the drawn-cards list. */
async function galleryName(page: Page) {
  const first = (await page.getByRole("list", { name: "Drawn cards" }).getByRole("listitem").first().locator("p").first().textContent())!;
  return first.replace(/^[^:]+: /, "");
}

/**
 * The controls on a page without JavaScript that would do nothing: a button or field a person can
 * reach outside a form that can be sent, a button that does not send its form, or a link to nowhere.
 */
async function deadControls(page: Page) {
  return page.evaluate(() => {
    const dead: string[] = [];
    const shown = (element: Element) => element.checkVisibility();
    const named = (element: Element) =>
      `<${element.tagName.toLowerCase()}> ${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}`;
    for (const element of document.querySelectorAll("a, button, input:not([type=hidden]), select, textarea, [role=button]")) {
      if (!shown(element)) continue;
      if (element instanceof HTMLAnchorElement) {
        const href = element.getAttribute("href") ?? "";
        if (!href || href === "#" || href.startsWith("javascript:")) dead.push(`${named(element)}: goes nowhere`);
        continue;
      }
      const form = (element as HTMLButtonElement).form ?? null;
      if (!form) {
        dead.push(`${named(element)}: in no form`);
        continue;
      }
      if (element instanceof HTMLButtonElement && element.type !== "submit") dead.push(`${named(element)}: sends nothing`);
      const sends = [...form.elements].some((other) => (other as HTMLButtonElement).type === "submit" && shown(other));
      if (!sends || !form.getAttribute("action") || form.method !== "post") dead.push(`${named(element)}: its form cannot be sent`);
    }
    return dead;
  });
}

describe("a shared reading", () => {
  it("shows the host's three-card spread to a guest invited by link, who cannot draw until handed control; a reload restores the table", async () => {
    const host = await openPage(browser(), DESKTOP);
    await host.goto("/");
    await host.goto("/reading-room");
    await hydrated(host);
    await host.getByRole("button", { name: "Start a reading" }).click();
    await host.waitForURL(/session=/);
    await hydrated(host);
    await expect.poll(() => host.getByTestId("room-status").textContent()).toContain("live");

    await host.getByRole("button", { name: "Make an invite link" }).click();
    const inviteLink = host.getByTestId("invite-link");
    await inviteLink.waitFor();
    const invitePath = new URL((await inviteLink.getAttribute("href"))!).pathname;
    expect(invitePath).toMatch(/^\/invite\/participant\/[A-Za-z0-9_-]+$/);

    // The guest is a different browser, with no account: it becomes a guest and joins.
    const guest = await openPage(browser(), DESKTOP);
    await guest.goto(invitePath);
    await guest.getByRole("heading", { name: "You are invited" }).waitFor();
    await hydrated(guest);
    await guest.getByRole("button", { name: "Join the reading" }).click();
    await guest.waitForURL(/session=/);
    await hydrated(guest);
    await expect.poll(() => guest.getByTestId("room-status").textContent()).toContain("live");
    await expect.poll(() => host.getByTestId("people").locator("li").count()).toBe(2);
    expect(await guest.getByRole("button", { name: "Draw" }).count()).toBe(0);
    expect(await guest.getByTestId("watching").textContent()).toMatch(/is leading this reading/);

    await host.getByLabel("Spread").selectOption("three-card");
    await host.getByRole("button", { name: "Shuffle" }).click();
    for (let i = 0; i < 3; i++) {
      await host.getByRole("button", { name: "Draw" }).click();
      await expect.poll(() => host.getByTestId("table-card").count()).toBe(i + 1);
    }
    // Each page notes, on the machine's one clock, the moment its table shows the three cards turned
    // over: timed in the pages themselves, so the test's own polling of two tabs adds nothing to it.
    const noteRevealed = (page: Page) =>
      page.evaluate(() => {
        const revealed = () => document.querySelectorAll('[data-testid="table-card"][data-card]:not([data-card=""])').length === 3;
        const observer = new MutationObserver(() => {
          if (!revealed()) return;
          (window as unknown as { revealedAt: number }).revealedAt = performance.timeOrigin + performance.now();
          observer.disconnect();
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-card"] });
      });
    const revealedAt = (page: Page) => page.evaluate(() => (window as unknown as { revealedAt?: number }).revealedAt ?? null);
    await noteRevealed(host);
    await noteRevealed(guest);
    const clickedAt = await host.evaluate(() => performance.timeOrigin + performance.now());
    await host.getByRole("button", { name: "Reveal all" }).click();
    await expect.poll(() => revealedAt(host)).not.toBeNull();
    await expect.poll(() => revealedAt(guest)).not.toBeNull();
    // The guest sees the cards within a second of the host, and within two of the click.
    expect((await revealedAt(guest))! - (await revealedAt(host))!).toBeLessThan(1000);
    expect((await revealedAt(guest))! - clickedAt).toBeLessThan(2000);
    const hostTable = await tableOf(host);
    expect(await tableOf(guest)).toEqual(hostTable);
    expect(hostTable.map((c) => c.position)).toEqual(["0", "1", "2"]);
    expect(await guest.getByRole("list", { name: "Drawn cards" }).getByRole("listitem").count()).toBe(3);
    // The live table, for the person leading and for a guest, passes axe.
    expect(await seriousAxeViolations(host)).toEqual([]);
    expect(await seriousAxeViolations(guest)).toEqual([]);

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
    await expect.poll(() => guest.getByTestId("room-status").textContent()).toContain("live");
    expect(await guest.getByTestId("pile-count").textContent()).toBe("77 cards");

    // Without JavaScript the host's page shows the table as it stands, and its controls as forms: none that cannot work.
    const still = await openPage(browser(), { ...DESKTOP, javaScriptEnabled: false });
    await still.context().addCookies(await host.context().cookies());
    await still.goto(host.url());
    expect(await tableOf(still)).toEqual(await tableOf(host));
    expect(await still.getByTestId("no-script").innerText()).toContain("each of your steps brings it up to date");
    expect(await still.getByRole("button", { name: "Join video call" }).count()).toBe(0);
    expect(await deadControls(still)).toEqual([]);
    expect(await still.getByTestId("watching").count()).toBe(0);
    expect(await still.getByTestId("pile-count").innerText()).toBe("77 cards");
    expect(await still.getByTestId("pile-top").getAttribute("src")).toMatch(/^\/art\/back\.svg\?/);
    // The plain deck form is there, and says why the deck cannot change while a card lies on the table.
    expect(await still.getByTestId("deck-form").getByRole("combobox", { name: "Deck" }).isDisabled()).toBe(true);
    expect(await still.getByTestId("deck-form").innerText()).toContain("Gather the cards before changing the deck.");
  });

  it("shows why Draw and the other controls are unavailable, and an unavailable button looks it", async () => {
    const host = await openPage(browser(), DESKTOP);
    await host.goto("/");
    await host.goto("/reading-room?create=true");
    await host.waitForURL(/session=/);
    await hydrated(host);
    await expect.poll(() => host.getByTestId("people").locator("li").count()).toBe(1);

    // Before the shuffle Draw is unavailable, looks it, and says why.
    const draw = host.getByRole("button", { name: "Draw" });
    expect(await draw.isDisabled()).toBe(true);
    expect(await draw.getAttribute("title")).toBe("Shuffle the deck first.");
    expect(await draw.evaluate((el) => document.getElementById(el.getAttribute("aria-describedby") ?? "")?.textContent)).toBe("Shuffle the deck first.");
    expect(await host.getByTestId("draw-reason").isVisible()).toBe(true);
    expect(await host.getByRole("button", { name: "Reveal all" }).getAttribute("title")).toBe("No card lies on the table.");
    expect(await host.getByRole("button", { name: "Interpret the reading" }).getAttribute("title")).toBe("Draw some cards first.");
    const unavailable = await looks(draw);
    await host.getByRole("button", { name: "Shuffle" }).click();
    await expect.poll(() => draw.isEnabled()).toBe(true);
    // The button eases into its new face: look once the change has settled, with the pointer elsewhere.
    await host.mouse.move(0, 0);
    await expect.poll(async () => (await looks(draw)).background).not.toBe(unavailable.background);
    const available = await looks(draw);
    expect(unavailable.cursor).toBe("not-allowed");
    expect(available.cursor).not.toBe("not-allowed");
    expect(unavailable.borderStyle).toBe("dashed");
    expect(available.borderStyle).not.toBe("dashed");
    expect(unavailable.background).not.toBe(available.background);
    expect(unavailable.color).not.toBe(available.color);
    expect(await draw.getAttribute("title")).toBeNull();
    expect(await host.getByTestId("draw-reason").count()).toBe(0);

    // A full spread: Draw is unavailable again, with the reason; so are the spread and the deck while cards lie there.
    for (let i = 1; i <= 3; i++) {
      await expect.poll(() => draw.isEnabled()).toBe(true);
      await draw.click();
      await expect.poll(() => host.getByTestId("table-card").count()).toBe(i);
    }
    expect(await draw.isDisabled()).toBe(true);
    expect(await host.getByTestId("draw-reason").textContent()).toBe("The spread is full.");
    expect(await host.getByLabel("Spread").getAttribute("title")).toBe("Gather the cards before choosing another spread.");
    expect(await host.getByTestId("deck-picker").getAttribute("title")).toBe("Gather the cards before changing the deck.");
  });

  it("lays the deck's pile on the table with its painted back and count, and deals each drawn card from it", async () => {
    const host = await openPage(browser(), DESKTOP);
    await host.goto("/");
    await host.goto("/reading-room?create=true");
    await host.waitForURL(/session=/);
    await hydrated(host);
    await expect.poll(() => host.getByTestId("room-status").textContent()).toContain("live");

    // The pile: the deck's painted back, and how many cards it holds.
    expect(await host.getByTestId("pile-count").textContent()).toBe("78 cards");
    expect(await host.getByRole("img", { name: "The deck, face down: 78 cards" }).count()).toBe(1);
    const back = (await host.getByTestId("pile-top").getAttribute("src"))!;
    expect(back).toMatch(/^\/art\/back\.svg\?/);
    expect(await host.getByTestId("pile-top").evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);

    // Each card drawn flies from the pile to its place, and the pile counts down.
    await host.getByRole("button", { name: "Shuffle" }).click();
    const draw = host.getByRole("button", { name: "Draw" });
    const flights = await countFlights(host);
    for (let i = 1; i <= 3; i++) {
      await expect.poll(() => draw.isEnabled()).toBe(true);
      await draw.click();
      await expect.poll(() => host.getByTestId("pile-count").textContent()).toBe(`${78 - i} cards`);
      await expect.poll(flights).toBe(i);
      await expect.poll(() => host.getByTestId("card-in-flight").count()).toBe(0);
    }
    const laid = host.getByTestId("table-card");
    expect(await laid.locator("img").evaluateAll((pictures) => pictures.map((img) => img.getAttribute("src")))).toEqual([back, back, back]);
    expect(await laid.evaluateAll((cards) => cards.map((card) => getComputedStyle(card).opacity))).toEqual(["1", "1", "1"]);
    expect(await host.getByRole("img", { name: "The deck, face down: 75 cards" }).count()).toBe(1);
  });

  // Four browsers with cameras at once: 47–53 s on this two-core machine, past the usual 60 s when it is loaded.
  it("connects a video call between host and guest with fake cameras, and a refused camera leaves the reading intact", async () => {
    const { host, guest } = await hostWithGuest();

    await host.getByRole("button", { name: "Join video call" }).click();
    await host.getByTestId("local-video").waitFor();
    await guest.getByRole("button", { name: "Join video call" }).click();
    // A second guest comes through a video invitation: the call starts as they arrive.
    await host.getByLabel("Joins as").selectOption("participant-video");
    await host.getByRole("button", { name: "Make an invite link" }).click();
    await expect.poll(async () => (await host.getByTestId("invite-link").getAttribute("href")) ?? "").toMatch(/\/invite\/participant-video\//);
    const videoInvite = new URL((await host.getByTestId("invite-link").getAttribute("href"))!).pathname;
    const third = await openPage(browser(), DESKTOP);
    await third.goto(videoInvite);
    await hydrated(third);
    await third.getByText("A video call is part of this reading").waitFor();
    await third.getByRole("button", { name: "Join the reading" }).click();
    await third.waitForURL(/video=1/);
    await third.getByTestId("local-video").waitFor();
    // A participant's microphone is on; a spectator joins the call listening, the microphone off until they turn it on.
    expect(await third.getByRole("button", { name: "Mute" }).getAttribute("aria-pressed")).toBe("false");
    await host.getByLabel("Joins as").selectOption("spectator");
    await host.getByRole("button", { name: "Make an invite link" }).click();
    await expect.poll(async () => (await host.getByTestId("invite-link").getAttribute("href")) ?? "").toMatch(/\/invite\/spectator\//);
    const watcher = await openPage(browser(), DESKTOP);
    await watcher.goto(new URL((await host.getByTestId("invite-link").getAttribute("href"))!).pathname);
    await hydrated(watcher);
    await watcher.getByRole("button", { name: "Join the reading" }).click();
    await watcher.waitForURL(/session=/);
    await hydrated(watcher);
    // The room has seated the watcher as a spectator before they join the call.
    await expect.poll(() => watcher.getByTestId("people").textContent()).toContain("(you) · spectator");
    await watcher.getByRole("button", { name: "Join video call" }).click();
    await watcher.getByTestId("local-video").waitFor();
    expect(await watcher.getByRole("button", { name: "Unmute" }).getAttribute("aria-pressed")).toBe("true");
    await watcher.context().close();
    const playing = (page: Page) =>
      page.getByTestId("remote-video").evaluateAll((videos) => videos.some((v) => (v as HTMLVideoElement).videoWidth > 0 && !(v as HTMLVideoElement).paused));
    await expect.poll(() => playing(guest), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => playing(host), { timeout: 15_000 }).toBe(true);
    // One person can be brought up large across the panel, the others staying small below, and back.
    // The spectator has left the table by now, and with it the call: the host sees the guest and the third.
    await expect.poll(() => host.getByTestId("remote-video").count(), { timeout: 15_000 }).toBe(2);
    const tiles = host.getByTestId("video-tiles").locator("figure");
    await tiles
      .filter({ has: host.getByTestId("remote-video") })
      .first()
      .getByRole("button", { name: /^Enlarge .* video$/ })
      .click();
    expect(await tiles.first().getAttribute("data-spotlit")).toBe("true");
    const [large, small] = [await tiles.nth(0).boundingBox(), await tiles.nth(1).boundingBox()];
    expect(large!.width).toBeGreaterThan(small!.width * 2);
    expect(await tiles.count()).toBe(3);
    await tiles
      .first()
      .getByRole("button", { name: /at the size of the others$/ })
      .click();
    expect(await host.getByTestId("video-tiles").locator("[data-spotlit]").count()).toBe(0);
    await expect.poll(() => third.getByTestId("remote-video").count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => playing(third), { timeout: 15_000 }).toBe(true);
    await third.context().close();

    await guest.getByRole("button", { name: "Mute" }).click();
    expect(await guest.getByRole("button", { name: "Unmute" }).getAttribute("aria-pressed")).toBe("true");
    await guest.getByRole("button", { name: "Leave call" }).click();
    await expect.poll(() => guest.getByTestId("remote-video").count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => host.getByTestId("remote-video").count(), { timeout: 10_000 }).toBeLessThanOrEqual(1);

    // A browser that refuses the camera still takes part in the reading.
    const shy = await openPage(browser(), DESKTOP);
    await shy.goto("/");
    await shy.goto("/reading-room?create=true");
    await shy.waitForURL(/session=/);
    await hydrated(shy);
    await shy.evaluate(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await shy.getByRole("button", { name: "Join video call" }).click();
    await shy.getByText("Your camera or microphone could not be used. You are still part of the reading.").waitFor();
    await shy.getByRole("button", { name: "Shuffle" }).click();
    await shy.getByRole("button", { name: "Draw" }).click();
    await expect.poll(() => shy.getByTestId("table-card").count()).toBe(1);
  }, 150_000);

  it("shares zoom, takes keyboard shortcuts, shows the gallery, suggests questions, switches decks and lets cards move in the free layout", async () => {
    const { host, guest } = await hostWithGuest();
    await expect.poll(() => guest.getByTestId("room-status").textContent()).toContain("live");

    // Suggested questions: pick one and everyone sees it.
    await host.getByLabel("Question ideas about").selectOption("career");
    await host.getByRole("button", { name: "Suggest questions" }).click();
    const ideas = host.getByRole("list", { name: "Suggested questions" }).getByRole("button");
    await expect.poll(() => ideas.count()).toBe(4);
    const idea = (await ideas.first().textContent())!;
    await ideas.first().click();
    await expect.poll(() => guest.getByRole("region", { name: "The table" }).first().textContent()).toContain(idea);

    // Another deck on the table, from the picker: its search narrows the list as one types, and a free deck from the marketplace is chosen.
    const classicBack = await guest.getByTestId("pile-top").getAttribute("src");
    await host.getByRole("button", { name: "Deck Classic deck" }).click();
    const picker = host.getByRole("dialog", { name: "Choose a deck" });
    await picker.waitFor();
    const options = picker.locator("[data-deck-option]");
    expect(await options.first().getAttribute("aria-current")).toBe("true");
    expect(await seriousAxeViolations(host)).toEqual([]);
    expect(await picker.getByRole("heading", { name: "Public" }).count()).toBe(1);
    const everyDeck = await options.count();
    expect(everyDeck).toBeGreaterThan(1);
    // Each deck shows its picture.
    expect(await options.locator("img").evaluateAll((pictures) => pictures.every((img) => Boolean(img.getAttribute("src"))))).toBe(true);
    await picker.getByRole("searchbox", { name: "Search decks" }).fill("no such deck");
    await expect.poll(() => options.count()).toBe(0);
    expect(await picker.getByRole("status").textContent()).toBe("No deck is called “no such deck”.");
    await picker.getByRole("searchbox", { name: "Search decks" }).fill("verd");
    await expect.poll(() => options.count()).toBe(1);
    expect(await picker.getByRole("status").textContent()).toBe("1 deck");
    // The deck's size as the picker lists it: the seeded deck is a full one once the decks file has upgraded it.
    const grove = picker.getByRole("button", { name: /Verdant Grove/ });
    const groveCards = (await grove.textContent())?.match(/(22|78) cards/)?.[0];
    expect(groveCards).toBeDefined();
    await grove.click();
    await expect.poll(() => guest.getByTestId("pile-count").textContent()).toBe(groveCards);
    await expect.poll(() => guest.getByTestId("pile-top").getAttribute("src")).not.toBe(classicBack);
    await expect.poll(() => host.getByTestId("deck-picker").textContent()).toContain("Verdant Grove");

    // Without JavaScript the plain form changes the deck for everyone at the table.
    const still = await openPage(browser(), { ...DESKTOP, javaScriptEnabled: false });
    await still.context().addCookies(await host.context().cookies());
    await still.goto(host.url());
    const form = still.getByTestId("deck-form");
    await form.getByRole("combobox", { name: "Deck" }).selectOption({ label: "Classic deck" });
    await form.getByRole("button", { name: "Use this deck" }).click();
    await expect.poll(() => still.getByTestId("pile-count").textContent()).toBe("78 cards");
    await expect.poll(() => guest.getByTestId("pile-count").textContent()).toBe("78 cards");

    // The keyboard: K opens the picker, the search takes the typing, the arrow goes to the list and Enter chooses.
    await expect.poll(() => host.getByTestId("deck-picker").textContent()).toContain("Classic deck");
    await host.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await host.keyboard.press("k");
    await picker.waitFor();
    await expect.poll(() => host.evaluate(() => document.activeElement?.id)).toBe("deck-search");
    await host.keyboard.type("grove");
    await expect.poll(() => options.count()).toBe(1);
    await host.keyboard.press("ArrowDown");
    expect(await host.evaluate(() => document.activeElement?.textContent)).toContain("Verdant Grove");
    await host.keyboard.press("Enter");
    await expect.poll(() => host.getByTestId("deck-picker").textContent()).toContain("Verdant Grove");
    await expect.poll(() => guest.getByTestId("pile-count").textContent()).toBe(groveCards);

    // Keyboard: shuffle, draw twice, reveal all; + zooms for everyone.
    await host.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await host.keyboard.press("s");
    await host.keyboard.press("d");
    await expect.poll(() => host.getByTestId("table-card").count()).toBe(1);
    await host.keyboard.press("d");
    await host.keyboard.press("r");
    await expect.poll(async () => (await tableOf(guest)).filter((c) => c.card).length).toBe(2);
    // The turned cards are the new deck's: its pictures come with the page's next data, never the deck before's meanwhile.
    const faces = () =>
      guest
        .getByTestId("table-card")
        .locator("img")
        .evaluateAll((images) => images.map((image) => image.getAttribute("src") ?? ""));
    expect((await faces()).some((src) => src.startsWith("/art/card.svg"))).toBe(false);
    await expect.poll(async () => (await faces()).every((src) => src.startsWith("/media/card-images/seed-deck-verdant-grove/"))).toBe(true);
    await host.keyboard.press("+");
    await expect.poll(() => guest.getByTestId("zoom-level").textContent()).toBe("125%");
    await host.keyboard.press("0");
    await expect.poll(() => guest.getByTestId("zoom-level").textContent()).toBe("100%");
    // A double tap on the table zooms in for everyone, and another zooms back out.
    const box = (await host.getByTestId("table").boundingBox())!;
    await host.mouse.dblclick(box.x + 20, box.y + 20);
    await expect.poll(() => guest.getByTestId("zoom-level").textContent()).toBe("200%");
    // The host's own table has caught up before the second double tap decides which way to go.
    await expect.poll(() => host.getByTestId("zoom-level").textContent()).toBe("200%");
    await host.mouse.dblclick(box.x + 20, box.y + 20);
    await expect.poll(() => guest.getByTestId("zoom-level").textContent()).toBe("100%");
    // Two double taps in a row, faster than the room echoes: out from 125%, then in again.
    await host.keyboard.press("+");
    await expect.poll(() => host.getByTestId("zoom-level").textContent()).toBe("125%");
    await host.mouse.dblclick(box.x + 20, box.y + 20);
    await host.mouse.dblclick(box.x + 20, box.y + 20);
    await expect.poll(() => guest.getByTestId("zoom-level").textContent()).toBe("200%");
    // Two quick presses of + zoom twice, each from the last.
    await host.keyboard.press("0");
    await host.keyboard.press("+");
    await host.keyboard.press("+");
    await expect.poll(() => guest.getByTestId("zoom-level").textContent()).toBe("156%");
    await host.keyboard.press("0");
    await expect.poll(() => guest.getByTestId("zoom-level").textContent()).toBe("100%");

    // The help sheet and the gallery.
    await guest.keyboard.press("?");
    await guest.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
    await guest.keyboard.press("Escape");
    await guest.getByRole("button", { name: /^Look at Past: / }).click();
    const gallery = guest.getByRole("dialog", { name: "Card gallery" });
    await gallery.waitFor();
    expect(await gallery.getByTestId("gallery-card").textContent()).toBe((await tableOf(guest))[0]!.card ? await galleryName(guest) : "");
    await gallery.getByRole("button", { name: "Close" }).click();

    // The free layout: a card dragged by the host lands where they dropped it, for everyone.
    await host.keyboard.press("g");
    await host.getByLabel("Spread").selectOption("free");
    await host.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await host.keyboard.press("s");
    await host.keyboard.press("d");
    await expect.poll(() => guest.getByTestId("table-card").count()).toBe(1);
    const table = (await host.getByTestId("table").boundingBox())!;
    const card = (await host.getByTestId("table-card").boundingBox())!;
    await host.mouse.move(card.x + card.width / 2, card.y + card.height / 2);
    await host.mouse.down();
    await host.mouse.move(table.x + table.width * 0.6, table.y + table.height * 0.7, { steps: 8 });
    await host.mouse.up();
    await expect
      .poll(() => guest.getByTestId("table-card").evaluate((el) => [parseFloat((el as HTMLElement).style.left), parseFloat((el as HTMLElement).style.top)]))
      .toEqual([expect.closeTo(60, 0), expect.closeTo(70, 0)]);
  });

  it("on a phone, guesses the question's category and brings the interpretation into view above the tools as it starts", async () => {
    const phone = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await phone.goto("/");
    await phone.goto("/reading-room?create=true");
    await phone.waitForURL(/session=/);
    await hydrated(phone);
    await expect.poll(() => phone.getByTestId("room-status").textContent()).toContain("live");
    // The deck's pile is on the table and in view as the room opens.
    const pile = (await phone.getByRole("img", { name: "The deck, face down: 78 cards" }).boundingBox())!;
    expect(pile.y + pile.height).toBeLessThan(844);
    // The question's words choose the category of suggested questions, until the person picks one.
    await phone.getByRole("textbox", { name: "Question" }).fill("Will I get the job I interviewed for?");
    await expect.poll(() => phone.getByLabel("Question ideas about").inputValue()).toBe("career");
    await phone.getByRole("textbox", { name: "Question" }).fill("How can I save money this year?");
    await expect.poll(() => phone.getByLabel("Question ideas about").inputValue()).toBe("finance");
    await phone.getByRole("button", { name: "Ask" }).click();

    await phone.getByRole("button", { name: "Shuffle" }).click();
    const draw = phone.getByRole("button", { name: "Draw" });
    for (let i = 0; i < 3; i++) {
      await expect.poll(() => draw.isEnabled()).toBe(true);
      await draw.click();
      await expect.poll(() => phone.getByTestId("pile-count").textContent()).toBe(`${77 - i} cards`);
    }
    await phone.getByRole("button", { name: "Reveal all" }).click();
    const interpret = phone.getByRole("button", { name: "Interpret the reading" });
    await expect.poll(() => interpret.isEnabled()).toBe(true);
    // The button sits low on the page, under the table: the reading must come to the person.
    await interpret.scrollIntoViewIfNeeded();
    await interpret.click();
    const panel = phone.getByTestId("interpretation-panel");
    await panel.waitFor();
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return Boolean(box && box.y >= -1 && box.y < 844);
      })
      .toBe(true);
    // On a phone it comes before the tools, right under the table.
    const panelY = (await panel.boundingBox())!.y;
    const toolsY = (await phone.getByRole("heading", { name: /You lead this reading/ }).boundingBox())!.y;
    expect(panelY).toBeLessThan(toolsY);
    await expect.poll(() => phone.getByTestId("interpretation").textContent(), { timeout: 20_000 }).toMatch(/Overall Energy/);
    // Said to be the AI's, where a person reads it.
    expect(await panel.getByTestId("written-by-ai").textContent()).toBe(WRITTEN_BY_AI);
    expect(await panel.getByTestId("written-by-ai").isVisible()).toBe(true);
  });

  it("leads a whole reading through forms on a phone without JavaScript, while a browser with it follows each step live, and keeps it in the journal", async () => {
    const PHONE = { viewport: { width: 390, height: 844 } };
    const shot = (page: Page, name: string) =>
      process.env.SCREENSHOTS_DIR ? page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${name}`, fullPage: true }) : undefined;
    const still = await openPage(browser(), { ...PHONE, javaScriptEnabled: false });
    await useMemberSession(still, "mira");
    await still.goto("/reading-room?create=true&spread=celtic-cross");
    await still.waitForURL(/session=/);
    await still.getByRole("button", { name: "Make an invite link" }).click();
    const invitePath = new URL((await still.getByTestId("invite-link").getAttribute("href"))!).pathname;
    expect(await deadControls(still)).toEqual([]);

    const live = await openPage(browser(), DESKTOP);
    await live.goto(invitePath);
    await hydrated(live);
    await live.getByRole("button", { name: "Join the reading" }).click();
    await live.waitForURL(/session=/);
    await hydrated(live);
    await expect.poll(() => live.getByTestId("room-status").textContent()).toContain("live");
    const heading = () => live.getByRole("region", { name: "The table" }).first().locator("p").first().textContent();
    expect(await heading()).toContain("Celtic Cross");

    // Each step is a form: posted, the room decides it, and the page comes back to the table.
    await still.getByRole("combobox", { name: "Spread" }).selectOption("three-card");
    await still.getByRole("button", { name: "Use this spread" }).click();
    await expect.poll(heading).toContain("Three cards");
    await still.getByRole("textbox", { name: "Question" }).fill("What should I tend to this season?");
    await still.getByRole("button", { name: "Ask" }).click();
    await expect.poll(heading).toContain("What should I tend to this season?");
    await still.getByRole("button", { name: "Shuffle" }).click();
    await expect.poll(() => live.getByTestId("pile").textContent()).toContain("Shuffled");
    for (let i = 1; i <= 3; i++) {
      await still.getByRole("button", { name: "Draw" }).click();
      await expect.poll(() => live.getByTestId("table-card").count()).toBe(i);
    }
    // Its own page, back from the third draw's form, offers no fourth.
    await expect.poll(() => still.getByRole("button", { name: "Draw" }).isDisabled()).toBe(true);
    expect(await deadControls(still)).toEqual([]);
    await shot(still, "room-no-script-drawn-390.png");
    // A card turned by tapping it; then the rest.
    await still.getByRole("button", { name: /^Reveal Present: face down$/ }).click();
    await expect.poll(async () => (await tableOf(live)).map((card) => Boolean(card.card))).toEqual([false, true, false]);
    await still.getByRole("button", { name: "Reveal all" }).click();
    await expect.poll(async () => (await tableOf(live)).every((card) => card.card)).toBe(true);
    // The live page hears of it over its socket, often before the page without JavaScript is back from its form.
    const turned = await tableOf(live);
    await expect.poll(() => tableOf(still)).toEqual(turned);
    // Without JavaScript a turned card opens as its picture, by a plain link.
    expect(
      await still
        .getByRole("link", { name: /^Look at Past: / })
        .first()
        .getAttribute("href"),
    ).toMatch(/^\/art\/card\.svg\?key=/);
    expect(await deadControls(still)).toEqual([]);

    // The interpretation: the page follows it by itself while it is written, and the live browser sees it too.
    await still.getByRole("button", { name: "Interpret the reading" }).click();
    await expect.poll(() => live.getByTestId("interpretation").textContent(), { timeout: 20_000 }).toMatch(/Overall Energy/);
    await expect
      .poll(
        () =>
          still
            .getByRole("heading", { name: "Interpretation", exact: true })
            .count()
            .catch(() => 0),
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(await still.getByTestId("interpretation").textContent()).toBe(await live.getByTestId("interpretation").textContent());
    await shot(still, "room-no-script-interpreted-390.png");

    // Kept in the journal of the person who led it without JavaScript, as it is in the live browser's person's.
    const entryOf = async (page: Page) => {
      const journal = (await (await page.request.get("/journal/export.json")).json()) as { entries: Record<string, unknown>[] };
      const entry = journal.entries.find((e) => e.question === "What should I tend to this season?")!;
      const { id: _id, createdAt: _createdAt, ...kept } = entry;
      return kept;
    };
    const [mine, theirs] = [await entryOf(still), await entryOf(live)];
    expect(mine).toEqual(theirs);
    expect(mine).toMatchObject({ spreadId: "three-card", spreadName: "Three cards", interpretation: expect.stringMatching(/Overall Energy/) });
    expect((mine.cards as { positionName: string }[]).map((card) => card.positionName)).toEqual(["Past", "Present", "Future"]);
  });

  it("names the Celtic Cross's Present and Challenge apart, level and readable, on a phone and a desktop", async () => {
    const page = await openPage(browser(), { viewport: { width: 360, height: 800 } });
    await page.goto("/");
    await page.goto("/reading-room?create=true");
    await page.waitForURL(/session=/);
    await hydrated(page);
    await page.getByLabel("Spread").selectOption("celtic-cross");
    const spot = (name: string) => page.getByTestId("spot-name").filter({ hasText: new RegExp(`^${name}$`) });
    for (const width of [360, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      // Measured once the table has settled into the new spread and width.
      await expect.poll(() => spaceBetween(spot("Present"), spot("Challenge")).catch(() => -Infinity), { message: `${width} px` }).toBeGreaterThanOrEqual(2);
    }
  });

  it("says clearly when an invitation is no longer valid", async () => {
    const page = await openPage(browser(), DESKTOP);
    const response = await page.goto("/invite/participant/no-such-invite");
    expect(response?.status()).toBe(404);
    await page.getByText("This invitation does not exist.").waitFor();
  });
});
