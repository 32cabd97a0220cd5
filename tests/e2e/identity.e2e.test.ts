import { deflateSync, crc32 } from "node:zlib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, hydrated, openMagicLink, openPage, useBrowser } from "./browser";

const browser = useBrowser();

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A real PNG (a violet-to-gold gradient), so the browser can show what was uploaded. */
function gradientPng(size = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      row[1 + x * 3] = Math.round(90 + t * 140);
      row[2 + x * 3] = Math.round(42 + t * 120);
      row[3 + x * 3] = Math.round(134 - t * 90);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function sessionCookie(page: Page) {
  const cookies = await page.context().cookies(baseURL());
  return cookies.find((c) => c.name === "arcanum_session") ?? null;
}

async function profileName(page: Page) {
  await page.goto("/profile");
  return (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
}

describe("guests", () => {
  it("makes a first visit a guest, who sees Sign In and no member menu", async () => {
    const page = await openPage(browser(), DESKTOP);
    await page.goto("/");
    const cookie = await sessionCookie(page);
    expect(cookie?.value).toMatch(/^g\./);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);
    expect(await page.getByTestId("avatar-menu").count()).toBe(0);
    expect(await page.getByTestId("deck-badge").count()).toBe(0);
    expect(await profileName(page)).toMatch(/^Guest_[0-9a-f]{6}$/);
    await expect.poll(() => page.getByText("You are exploring as a guest").count()).toBe(1);
  });
});

describe("upgrading a guest", () => {
  it("keeps what the guest saved after creating an account from the dialog and the mailbox link", async () => {
    const page = await openPage(browser(), DESKTOP);
    const email = unique("wren");
    await page.goto("/");
    await page.goto("/profile");
    await hydrated(page);
    const guestName = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    await page.getByLabel("Full name").fill("Wren Ashby");
    await page.getByLabel("Bio").fill("Reads by candlelight.");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Profile saved.").waitFor();

    // The dialog opens over the page, which stays where it is.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Sign In" }).waitFor();
    expect(await dialog.getByText("Create an account to save your progress and access all features!").isVisible()).toBe(true);
    await dialog.getByRole("link", { name: "Need an account? Create one" }).click();
    await dialog.getByRole("heading", { name: "Create Account" }).waitFor();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await dialog.getByRole("heading", { name: "Magic Link Sent!" }).waitFor();
    expect(await dialog.getByText(/spam folder/).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/profile");

    await openMagicLink(page, email);
    await page.waitForURL("**/profile");
    await hydrated(page);
    expect(await page.getByTestId("avatar-menu").isVisible()).toBe(true);
    expect(await page.getByLabel("Full name").inputValue()).toBe("Wren Ashby");
    expect(await page.getByLabel("Bio").inputValue()).toBe("Reads by candlelight.");
    expect(await page.getByText(email).count()).toBe(1);
    expect((await page.getByRole("heading", { level: 1 }).textContent())?.trim()).not.toBe(guestName);
    expect((await sessionCookie(page))?.value).toMatch(/^m\./);

    // Sign out from the avatar menu: the member's session ends and Sign In is back.
    const menu = page.getByTestId("avatar-menu");
    await menu.locator("summary").click();
    await menu.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" }).count()).toBe(1);
    expect(await page.getByTestId("avatar-menu").count()).toBe(0);
  });

  it.each([true, false])(
    "signs in on a laptop with the code from an e-mail read on a phone, where the link cannot (JavaScript %s)",
    async (javaScriptEnabled) => {
      const email = unique("two-devices");
      const laptop = await openPage(browser(), { ...DESKTOP, javaScriptEnabled });
      await laptop.goto("/login?redirectTo=%2Fjournal");
      if (javaScriptEnabled) await hydrated(laptop);
      await laptop.getByLabel("Email").fill(email);
      await laptop.getByRole("button", { name: "Send Magic Link" }).click();
      await laptop.getByRole("heading", { name: "Magic Link Sent!" }).waitFor();

      // The mail is read on a phone: its link belongs to the laptop, and says to type the code there.
      const phone = await openPage(browser(), { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
      await phone.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
      await phone.getByText("Message text").click();
      const code = (await phone.locator("pre").first().textContent())?.match(/where you asked to sign in: (\d{3} \d{3})/)?.[1];
      expect(code).toBeTruthy();
      await phone.getByRole("link", { name: "Open sign-in link" }).first().click();
      await phone.getByText(/Type the code from the e-mail in the browser that asked/).waitFor();

      // A slip of the finger is refused beside the box, and the code then signs the laptop in.
      const box = laptop.getByLabel("Reading the e-mail on another device? Type its code here");
      const wrong = code!.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
      await box.fill(wrong);
      await laptop.getByRole("button", { name: "Sign in", exact: true }).click();
      await laptop.getByRole("alert").filter({ hasText: "That code is not the one we sent." }).waitFor();
      await laptop.getByLabel("Reading the e-mail on another device? Type its code here").fill(code!);
      await laptop.getByRole("button", { name: "Sign in", exact: true }).click();
      await laptop.waitForURL((url) => url.pathname === "/journal");
      await laptop.getByRole("link", { name: "Sign In", exact: true }).waitFor({ state: "detached" });
    },
  );

  it("merges a guest into an existing account: the reading moves and the guest is gone", async () => {
    const page = await openPage(browser(), DESKTOP);
    await page.goto("/reading-room");
    await hydrated(page);
    await page.getByRole("button", { name: "Start a reading" }).click();
    await page.waitForURL(/session=/);
    const readingUrl = new URL(page.url());
    await expect.poll(() => page.getByTestId("people").textContent()).toContain("(you) · host");
    const guestCookie = (await sessionCookie(page))!;

    await page.goto("/signup");
    await page.getByLabel("Email").fill("luna@example.com");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("heading", { name: "Account Already Exists" }).waitFor();
    expect(await page.getByRole("link", { name: "Cancel" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await page.getByRole("heading", { name: "Magic Link Sent!" }).waitFor();
    await openMagicLink(page, "luna@example.com");
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByTestId("avatar-menu").textContent()).toContain("luna");

    await page.goto(readingUrl.pathname + readingUrl.search);
    await hydrated(page);
    // The room knows the member as its host now, and lets them lead.
    await expect.poll(() => page.getByTestId("people").textContent()).toContain("Luna Vale");
    await expect.poll(() => page.getByTestId("people").textContent()).toContain("(you) · host");
    await page.getByRole("button", { name: "Shuffle" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Draw" }).isEnabled()).toBe(true);

    // The guest's session went with the guest: its old cookie reaches nothing of the reading.
    const stranger = await openPage(browser(), DESKTOP);
    await stranger.context().addCookies([{ name: "arcanum_session", value: guestCookie.value, url: baseURL() }]);
    const response = await stranger.goto(readingUrl.pathname + readingUrl.search);
    expect(response?.status()).toBe(404);
  });
});

describe("avatar upload", () => {
  it("accepts a PNG and shows it, and refuses a renamed text file and a file over 5 MB with the exact messages", async () => {
    const page = await openPage(browser(), DESKTOP);
    await page.goto("/");
    await page.goto("/profile");
    await hydrated(page);
    const input = page.getByLabel("Choose an image");

    await input.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: gradientPng() });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await page.getByText("Your new picture is saved.").waitFor();
    const avatar = page.locator('section[aria-labelledby="avatar-heading"] img');
    expect(await avatar.getAttribute("src")).toMatch(/^\/media\/avatars\/[^/]+\/profile-[0-9a-f-]{36}\.png$/);
    await expect.poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);

    await input.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("these are words, not pixels") });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await page.getByText("Invalid file type. Please select a JPG, PNG, GIF, or WebP image.").waitFor();

    await input.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5_242_881, 1) });
    await page.getByText("File too large. Please select an image less than 5MB.").waitFor();
    expect(await page.getByRole("button", { name: "Upload picture" }).isDisabled()).toBe(true);
  });

  it("refuses a file over 5 MB on the server too, without JavaScript", async () => {
    const page = await openPage(browser(), { ...DESKTOP, javaScriptEnabled: false });
    await page.goto("/");
    await page.goto("/profile");
    const big = Buffer.concat([gradientPng(), Buffer.alloc(5_242_880, 0)]);
    await page.getByLabel("Choose an image").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await page.getByText("File too large. Please select an image less than 5MB.").waitFor();
  });
});
