// Debian's chromium, driven by playwright-core (which cannot download a browser here): launched the
// same way by the browser tests and by the screenshot script.
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

/**
 * Debian's headless shell when it is installed (`apt-get install chromium-headless-shell`): the same
 * engine without the desktop browser around it, which ran the app's browser tests on about 40 % less
 * CPU (docs/decisions/0093); else the full browser.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

/**
 * Headless Chromium names itself HeadlessChrome, which isbot (rightly) takes for a crawler; pages are
 * opened as the person using Chromium would see them.
 */
export const PERSON_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** `full`: the whole browser even where the headless shell is installed, for what the shell lacks (showing notifications). */
export function launchChromium({ full = false } = {}): Promise<Browser> {
  const executablePath = full ? (process.env.CHROMIUM_PATH ?? FULL_CHROMIUM) : CHROMIUM;
  return chromium.launch({
    executablePath,
    args: [
      // The full browser's headless mode; the headless shell has only the one.
      ...(executablePath === HEADLESS_SHELL ? [] : ["--headless=new"]),
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // A camera and microphone that always say yes, for the video call.
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      "--disable-features=WebRtcHideLocalIpsWithMdns",
    ],
  });
}

/**
 * Waits until React has hydrated the page and drawn the address the browser shows (the root marks
 * it), so clicks are handled by the app, not only by the browser, and a page reached by a link
 * inside the app is the one on screen: the address changes before the new page is drawn.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === location.pathname + location.search);
}
