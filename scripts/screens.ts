// `npm run screens`: photographs the main pages of the local app, as the demo member, at a phone's
// and a desktop's width (and the desktop in the dark theme), into docs/screens/, so anyone can judge
// the product without running it. Starts its own fresh local app (migrations and demo data) on a free
// port, and stops it afterwards. Runs on the last local build: `npm run screens` builds first.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { hydrated, launchChromium, PERSON_USER_AGENT } from "./chromium";
import { freePort, prepareState, projectRoot, startServer } from "./local-app.mjs";
import { memberSessions } from "../tests/e2e/local-state";

type Shot = {
  name: string;
  /** What the picture shows, for the index. */
  caption: string;
  path: string;
  /** Waits until the page shows what is worth photographing. */
  ready?: (page: Page) => Promise<void>;
};

const SHOTS: Shot[] = [
  { name: "home", caption: "The home page", path: "/" },
  { name: "create-deck", caption: "Creating a deck: theme, style, size and what it costs", path: "/create-deck" },
  {
    name: "create-deck-styles",
    caption: "The art styles, each painted for the theme as it is typed",
    path: "/create-deck",
    ready: async (page) => {
      await hydrated(page);
      await page.getByRole("textbox", { name: "What is the deck about?" }).fill("Foxes in a snowy birch forest");
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="style-tile"] img')].every(
          (img) => (img as HTMLImageElement).src.includes("Foxes") && (img as HTMLImageElement).complete,
        ),
      );
      await page.getByRole("heading", { name: "Art style" }).scrollIntoViewIfNeeded();
      await page.evaluate(() => {
        document.getElementById("style-heading")?.scrollIntoView({ block: "start" });
        window.scrollBy(0, -96);
      });
    },
  },
  { name: "deck", caption: "A deck of the demo member's, with the owner's toolbar", path: "/collection/seed-deck-autumn-lanterns" },
  {
    name: "card-meaning",
    caption: "A card of the deck opened: its picture and its meaning at reading size",
    path: "/collection/seed-deck-autumn-lanterns",
    ready: async (page) => {
      await hydrated(page);
      await page.getByRole("link", { name: /^The Star, / }).click();
      await page.getByRole("dialog").waitFor();
    },
  },
  {
    name: "reading-room",
    caption: "A new reading room with the demo member's deck",
    path: "/reading-room?create=true",
    ready: async (page) => {
      await page.waitForURL(/session=/);
      await hydrated(page);
    },
  },
  { name: "marketplace", caption: "The marketplace", path: "/marketplace" },
  { name: "readers", caption: "Tarot readers, with filters", path: "/readers" },
  { name: "reader-profile", caption: "A reader's public profile", path: "/readers/ines_duval" },
  { name: "demo-reader", caption: "The demo reader, online whenever the app runs locally", path: "/readers/wren_calloway" },
  { name: "book-reader", caption: "Booking a paid reading: the price, the free minutes and what the balance covers", path: "/readers/ines_duval/book" },
  { name: "balance", caption: "The reading balance: top-ups, history and past readings", path: "/balance" },
  { name: "journal", caption: "The reading journal", path: "/journal" },
];

/**
 * Scenes that take more than loading a page: a table with cards drawn and turned, a second person in
 * a video call. Photographed at a phone's width (`SCENE_WIDTHS=360,390,1280` for others), as
 * `<name>-<width>.png`. `company` opens another person's browser, a guest at a desktop.
 */
type Scene = { name: string; caption: string; stage: (page: Page, company: () => Promise<Page>) => Promise<void> };

/** A new room led by the demo member, with `spread` drawn in full and the cards at `turn` turned over. */
async function tableWith(page: Page, spread: string, cards: number, turn: number[]) {
  await page.goto("/reading-room?create=true");
  await page.waitForURL(/session=/);
  await hydrated(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="room-status"]')?.textContent?.includes("live"));
  await page.getByLabel("Spread").selectOption(spread);
  await page.getByRole("button", { name: "Shuffle" }).click();
  const draw = page.getByRole("button", { name: "Draw" });
  for (let i = 0; i < cards; i++) {
    await page.waitForFunction(() => ![...document.querySelectorAll("button")].find((b) => b.textContent === "Draw")?.hasAttribute("disabled"));
    await draw.click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="table-card"]').length === n, i + 1);
  }
  // Turned as the leader turns them; a crossing card lies over the one it crosses, so the press goes to the card itself.
  for (const position of turn)
    await page.locator(`[data-testid="table-card"][data-position="${position}"] button`).evaluate((button) => (button as HTMLButtonElement).click());
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="table-card"]:not([data-card=""])').length >= n, turn.length);
}

const SCENES: Scene[] = [
  {
    name: "reading-room-celtic-cross-leader",
    caption: "The leader of a reading on a phone, with a whole Celtic Cross drawn and some cards turned",
    stage: async (page) => {
      await tableWith(page, "celtic-cross", 10, [0, 1, 2, 3, 4, 5]);
      await page.getByRole("textbox", { name: "Question" }).fill("What should I carry into the new year?");
      await page.getByRole("button", { name: "Ask" }).click();
    },
  },
  {
    name: "video-reading",
    caption: "A video reading on a phone: the other person's picture on the table's corner, one's own inside it, the chat a tap away",
    stage: async (page, company) => {
      await tableWith(page, "three-card", 3, [0, 1, 2]);
      await page.getByLabel("Joins as").selectOption("participant-video");
      await page.getByRole("button", { name: "Make an invite link" }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="invite-link"]')?.getAttribute("href")?.includes("/invite/participant-video/"));
      const invite = new URL((await page.getByTestId("invite-link").getAttribute("href"))!).pathname;
      const guest = await company();
      await guest.goto(invite);
      await hydrated(guest);
      await guest.getByRole("button", { name: "Join the reading" }).click();
      await guest.waitForURL(/video=1/);
      await hydrated(guest);
      await page.getByRole("button", { name: "Join video call" }).click();
      await page.waitForFunction(
        () => [...document.querySelectorAll<HTMLVideoElement>('[data-testid="remote-video"]')].some((v) => v.videoWidth > 0 && !v.paused),
        undefined,
        { timeout: 30_000 },
      );
      await guest.getByRole("textbox", { name: "Message" }).fill("Hello! Ready when you are.");
      await guest.getByRole("button", { name: "Send" }).click();
      // The line arrives: on a phone the Chat button counts it, on a desktop the chat shows it.
      await page.locator('[data-testid="chat-unread"], [data-testid="chat-lines"]').first().waitFor();
    },
  },
];

const VIEWS = [
  { suffix: "phone", viewport: { width: 390, height: 844 }, theme: "light", deviceScaleFactor: 2, isMobile: true },
  { suffix: "desktop", viewport: { width: 1280, height: 800 }, theme: "light", deviceScaleFactor: 1, isMobile: false },
  { suffix: "desktop-dark", viewport: { width: 1280, height: 800 }, theme: "dark", deviceScaleFactor: 1, isMobile: false },
] as const;

const outDir = path.join(projectRoot, "docs", "screens");

async function photograph(browser: Browser, baseURL: string, session: string, shot: Shot, view: (typeof VIEWS)[number]) {
  const context = await browser.newContext({
    baseURL,
    userAgent: PERSON_USER_AGENT,
    viewport: view.viewport,
    deviceScaleFactor: view.deviceScaleFactor,
    isMobile: view.isMobile,
    hasTouch: view.isMobile,
    colorScheme: view.theme,
  });
  await context.addCookies([
    { name: "arcanum_session", value: session, url: baseURL },
    { name: "theme", value: view.theme, url: baseURL },
  ]);
  const page = await context.newPage();
  try {
    await page.goto(shot.path, { waitUntil: "load" });
    await shot.ready?.(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // Pictures in view finish loading before the photograph.
    await page
      .waitForFunction(
        () =>
          [...document.images]
            .filter((img) => {
              const box = img.getBoundingClientRect();
              return box.bottom > 0 && box.top < window.innerHeight;
            })
            .every((img) => img.complete),
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    // Let entrance transitions and lazy pictures settle.
    await page.waitForTimeout(600);
    const file = `${shot.name}-${view.suffix}.png`;
    await page.screenshot({ path: path.join(outDir, file) });
    return file;
  } finally {
    await context.close();
  }
}

async function photographScene(browser: Browser, baseURL: string, session: string, scene: Scene, width: number) {
  const context = await browser.newContext({
    baseURL,
    userAgent: PERSON_USER_AGENT,
    viewport: { width, height: width < 640 ? 844 : 800 },
    deviceScaleFactor: width < 640 ? 2 : 1,
    isMobile: width < 640,
    hasTouch: width < 640,
  });
  await context.addCookies([{ name: "arcanum_session", value: session, url: baseURL }]);
  const others: BrowserContext[] = [];
  const company = async () => {
    const other = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT, viewport: { width: 1280, height: 800 } });
    others.push(other);
    return other.newPage();
  };
  try {
    const page = await context.newPage();
    await page.goto("/");
    await scene.stage(page, company);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // Let the last card's turn and the pictures settle.
    await page.waitForTimeout(1200);
    const file = `${scene.name}-${width}.png`;
    await page.screenshot({ path: path.join(outDir, file) });
    return file;
  } finally {
    for (const other of others) await other.close();
    await context.close();
  }
}

async function main() {
  const state = mkdtempSync(path.join(tmpdir(), "arcanum-screens-"));
  mkdirSync(outDir, { recursive: true });
  prepareState(state);
  const session = (await memberSessions(state, { demo: "seed-user-demo" })).demo!;
  const server = await startServer({ port: await freePort(), persistTo: state, logLevel: "error" });
  const browser = await launchChromium();
  const rows: string[] = [];
  // `SCREENS=deck,readers npm run screens` photographs only those, and leaves the index as it is.
  const only = process.env.SCREENS?.split(",").filter(Boolean);
  try {
    for (const shot of SHOTS.filter((s) => !only || only.includes(s.name))) {
      const files: string[] = [];
      for (const view of VIEWS) files.push(await photograph(browser, server.url, session, shot, view));
      rows.push(
        `## ${shot.caption}\n\n\`${shot.path}\`\n\n${files.map((file) => `![${shot.caption}, ${file.replace(/^.*?-(phone|desktop.*)\.png$/, "$1")}](${file})`).join("\n")}\n`,
      );
      console.log(`${shot.name}: ${files.join(", ")}`);
    }
    const widths = (process.env.SCENE_WIDTHS ?? "390").split(",").map(Number);
    for (const scene of SCENES.filter((s) => !only || only.includes(s.name))) {
      const files: string[] = [];
      for (const width of widths) files.push(await photographScene(browser, server.url, session, scene, width));
      rows.push(`## ${scene.caption}\n\n${files.map((file) => `![${scene.caption}, ${file.replace(/^.*-(\d+)\.png$/, "$1")} px](${file})`).join("\n")}\n`);
      console.log(`${scene.name}: ${files.join(", ")}`);
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(state, { recursive: true, force: true });
  }
  if (only) return;
  writeFileSync(
    path.join(outDir, "README.md"),
    `# Screens\n\nThe main pages as the demo member sees them, at 390×844 (phone) and 1280×800 (desktop, light and dark), then scenes that take a table drawn or a call, at 390 px. Made by \`npm run screens\` from fresh demo data; run it again after a change to the look.\n\n${rows.join("\n")}\n## Pictures the browser tests take\n\nThe other pictures here (\`*-390.png\` beside the ones above: the demo member's journal, collection, balance and receipt, the pricing page, a guarantee claim, a journal entry, a booking, a written answer, a print, the API token's Copy button, a reading room led without JavaScript, drawn and interpreted (\`room-no-script-*\`), the pages the health checks visit) are taken by the browser tests that check those pages when \`SCREENSHOTS_DIR\` names a folder: \`SCREENSHOTS_DIR=$PWD/docs/screens npm run test:e2e\`.\n`,
  );
  console.log(`wrote ${SHOTS.length * VIEWS.length + SCENES.length} screenshots to ${path.relative(process.cwd(), outDir)}`);
}

await main();
