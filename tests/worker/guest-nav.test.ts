/**
 * The header as a person finds it: a guest's way back to what they saved, the prompt to keep it,
 * the credits badge, the welcome after a sign-in, and the Google button where it cannot work.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId, sha256Hex } from "../../app/lib/crypto";
import { ROUND_TRIPS_HEADER } from "../../app/lib/round-trips.server";
import { listOutbox } from "../../app/mail/mail.server";
import worker from "../../workers/app";
import { authSessions, decks, readingJournal } from "../../db/schema";
import { CookieJar, get, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);
const navOf = (html: string) => html.slice(html.indexOf('aria-label="Main"'), html.indexOf("</header>"));
const desktopBarOf = (html: string) => {
  const nav = navOf(html);
  return nav.slice(0, nav.indexOf('data-testid="mobile-menu"'));
};
const mobileMenuOf = (html: string) => {
  const nav = navOf(html);
  return nav.slice(nav.indexOf('data-testid="mobile-menu"'));
};
const PROMPT = 'data-testid="account-prompt"';
const TOAST = 'data-testid="welcome-toast"';

let addressCounter = 0;

/** A browser with its own cookies and address (the sign-in limits count per address). */
function newBrowser() {
  const jar = new CookieJar();
  const address = `203.0.113.${++addressCounter}`;
  const open = async (path: string) => jar.take(await visit(path, { cookie: jar.header(), headers: { "cf-connecting-ip": address } }));
  const send = async (path: string, form: Record<string, string>) =>
    jar.take(await post(path, form, { cookie: jar.header(), headers: { "cf-connecting-ip": address } }));
  return { jar, open, send };
}

async function userIdOf(jar: CookieJar) {
  const token = jar.get("arcanum_session");
  const row = await db().query.authSessions.findFirst({ where: eq(authSessions.id, await sha256Hex(token!)) });
  return row!.userId;
}

async function newGuest() {
  const browser = newBrowser();
  expect((await browser.open("/")).status).toBe(200);
  return { ...browser, id: await userIdOf(browser.jar) };
}

const saveDeck = (userId: string) => db().insert(decks).values({ id: newId(), creatorId: userId, title: "Tide Pool", theme: "tide pools", status: "ready" });
const saveReading = (userId: string) => db().insert(readingJournal).values({ id: newId(), userId, spreadId: "single", spreadName: "Single card", cards: [] });

describe("a guest's way back to what they saved", () => {
  it("shows no collection or journal to a guest with nothing saved", async () => {
    const guest = await newGuest();
    const html = await (await guest.open("/marketplace")).text();
    expect(navOf(html)).not.toContain('href="/collection"');
    expect(navOf(html)).not.toContain('href="/journal"');
    expect(html).not.toContain(PROMPT);
  });

  it("shows My Collection and Journal in the bar and the mobile menu once a guest has a deck", async () => {
    const guest = await newGuest();
    await saveDeck(guest.id);
    const own = await guest.open("/collection");
    expect(own.status).toBe(200);
    const html = await own.text();
    for (const part of [desktopBarOf(html), mobileMenuOf(html)]) {
      expect(part).toMatch(/href="\/collection"[^>]*>My Collection</);
      expect(part).toMatch(/href="\/journal"[^>]*>Journal</);
    }
    // Still a guest: Sign In and Pricing stay, no member badge.
    expect(navOf(html)).toContain('href="/pricing"');
    expect(navOf(html)).not.toContain('data-testid="deck-badge"');
    expect((await guest.open("/journal")).status).toBe(200);
  });

  it("renders public pages for that guest instead of the shared copy, so the links are there too", async () => {
    const guest = await newGuest();
    // Shared with every visitor while the guest has nothing.
    expect((await guest.open("/marketplace")).headers.get("x-page-cache")).toMatch(/HIT|MISS/);
    await saveDeck(guest.id);
    // The next page of their own marks the browser, and from then on the public pages are theirs.
    await guest.open("/create-deck");
    expect(guest.jar.get("arcanum_saved")).toBe("1");
    for (const path of ["/", "/marketplace", "/readers", "/pricing"]) {
      const page = await guest.open(path);
      expect(page.headers.get("x-page-cache"), path).toBeNull();
      expect(navOf(await page.text()), path).toContain('href="/collection"');
    }
    // Signed in, the mark goes: members never see shared copies anyway.
    const member = newBrowser();
    member.jar.set("arcanum_saved", "1");
    member.jar.set("arcanum_session", (await signInAs("seed-user-demo")).split("=")[1]!);
    await member.open("/collection");
    expect(member.jar.get("arcanum_saved")).toBeUndefined();
  });

  it("learns what the guest saved with the user's own query: no extra wait on the database", async () => {
    const guest = await newGuest();
    const before = (await guest.open("/journal")).headers.get(ROUND_TRIPS_HEADER);
    await saveDeck(guest.id);
    await saveReading(guest.id);
    const after = await guest.open("/journal");
    expect(navOf(await after.text())).toContain('href="/collection"');
    expect(after.headers.get(ROUND_TRIPS_HEADER)).toBe(before);
  });

  it("does the same for a guest with only a reading in the journal", async () => {
    const guest = await newGuest();
    await saveReading(guest.id);
    const nav = navOf(await (await guest.open("/journal")).text());
    expect(nav).toContain('href="/collection"');
    expect(nav).toContain('href="/journal"');
  });

  it("gives a member's bar My Collection, the Journal and Create, and the collection once in the mobile menu's account entries", async () => {
    const html = await (await get("/marketplace", { cookie: await signInAs("seed-user-demo") })).text();
    expect(desktopBarOf(html)).toMatch(/href="\/collection"[^>]*>My Collection</);
    expect(desktopBarOf(html)).toMatch(/href="\/journal"[^>]*>Journal</);
    expect(desktopBarOf(html)).toMatch(/href="\/create-deck"[^>]*>Create</);
    expect(mobileMenuOf(html)).toMatch(/href="\/journal"[^>]*>Journal</);
    expect(mobileMenuOf(html).match(/href="\/collection"/g)).toHaveLength(1);
  });
});

describe("the prompt to create an account", () => {
  it("appears after the first deck, offers an account, and 'Not now' puts it away without JavaScript", async () => {
    const guest = await newGuest();
    expect(await (await guest.open("/")).text()).not.toContain(PROMPT);
    await saveDeck(guest.id);
    const html = await (await guest.open("/collection?view=grid")).text();
    const prompt = html.slice(html.indexOf(PROMPT));
    expect(prompt).toContain("Your deck is saved in this browser only. Create a free account to keep it");
    expect(prompt).toMatch(/href="\/signup\?redirectTo=%2Fcollection%3Fview%3Dgrid"/);
    expect(prompt).toContain('action="/account-prompt"');

    const dismissed = await guest.send("/account-prompt", { dismiss: "deck", redirectTo: "/collection?view=grid" });
    expect(dismissed.status).toBe(302);
    expect(dismissed.headers.get("location")).toBe("/collection?view=grid");
    expect(guest.jar.get("arcanum_prompt_dismissed")).toBe("deck");
    const later = await (await guest.open("/marketplace")).text();
    expect(later).not.toContain(PROMPT);
    // The way back stays: only the prompt was put away.
    expect(navOf(later)).toContain('href="/collection"');
  });

  it("comes back once after the first reading, speaking of the reading", async () => {
    const guest = await newGuest();
    await saveDeck(guest.id);
    await guest.send("/account-prompt", { dismiss: "deck" });
    await saveReading(guest.id);
    const html = await (await guest.open("/journal")).text();
    expect(html).toContain(PROMPT);
    expect(html).toContain("Your reading is saved in this browser only.");
    expect(html).not.toContain("Your deck is");
    const answer = await guest.send("/account-prompt", { dismiss: "reading" });
    expect(answer.status).toBe(200);
    expect(await (await guest.open("/")).text()).not.toContain(PROMPT);
  });

  it("speaks of both when both are new, and is never shown to members or on the sign-in pages", async () => {
    const guest = await newGuest();
    await saveDeck(guest.id);
    await saveReading(guest.id);
    expect(await (await guest.open("/collection")).text()).toContain("Your deck and your reading are saved in this browser only.");
    expect(await (await guest.open("/signup")).text()).not.toContain(PROMPT);
    expect(await (await get("/", { cookie: await signInAs("seed-user-demo") })).text()).not.toContain(PROMPT);
  });

  it("refuses a dismissal that names nothing it knows, with 400", async () => {
    const guest = await newGuest();
    for (const form of [{}, { dismiss: "everything" }] as Record<string, string>[]) {
      const response = await guest.send("/account-prompt", form);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("deck or reading");
    }
  });
});

describe("the way to the daily practice", () => {
  const PRACTICE = { "/today": "Card of the Day", "/cards": "Card Meanings", "/guides": "Guides", "/spreads": "Spreads", "/learn": "Learn" };

  it("is in the phone menu and under Practice in the bar, for a guest and a member, and every entry opens", async () => {
    const guest = await newGuest();
    const member = await signInAs("seed-user-demo");
    for (const html of [await (await guest.open("/marketplace")).text(), await (await get("/marketplace", { cookie: member })).text()]) {
      const phone = mobileMenuOf(html);
      const practice = phone.slice(phone.indexOf('aria-label="Daily practice"'));
      const bar = desktopBarOf(html);
      const barPractice = bar.slice(bar.indexOf('data-testid="practice-menu"'));
      expect(bar).toContain('data-testid="practice-menu"');
      for (const [path, label] of Object.entries(PRACTICE)) {
        expect(practice, label).toMatch(new RegExp(`<a[^>]*href="${path}"[^>]*>${label}</a>`));
        expect(barPractice, label).toMatch(new RegExp(`<a[^>]*href="${path}"[^>]*>${label}</a>`));
      }
    }
    for (const path of Object.keys(PRACTICE)) expect((await guest.open(path)).status, path).toBe(200);
    // The entry for the page one is on is marked, in both places.
    const onGuides = navOf(await (await guest.open("/guides")).text());
    expect(onGuides.match(/<a[^>]*href="\/guides"[^>]*aria-current="page"|<a[^>]*aria-current="page"[^>]*href="\/guides"/g)).toHaveLength(2);
  });
});

describe("the credits badge", () => {
  it("says credits, explains them in its tooltip, and leads to the credits page", async () => {
    const nav = navOf(await (await get("/", { cookie: await signInAs("seed-user-demo") })).text());
    const badge = /<a[^>]*data-testid="deck-badge"[^>]*>[^<]*</.exec(nav)?.[0] ?? "";
    expect(badge).toMatch(/>1 credit<$/);
    expect(badge).toContain('href="/credits"');
    expect(badge).toMatch(/title="Deck credits left\. A deck costs 1 credit, or 3 at high quality: see what yours make\."/);
  });

  it("keeps the plans within reach of a member who is not subscribed, from the account menu", async () => {
    const nav = navOf(await (await get("/", { cookie: await signInAs("seed-user-demo") })).text());
    expect(nav).not.toMatch(/<li><a[^>]*href="\/pricing"[^>]*>Pricing</);
    expect(nav.match(/<a[^>]*href="\/pricing"[^>]*>Upgrade your plan<\/a>/g)).toHaveLength(2); // avatar menu and mobile menu
  });
});

describe("the welcome after a sign-in", () => {
  async function signInByLink(browser: ReturnType<typeof newBrowser>, email: string, redirectTo: string) {
    expect((await browser.send("/login", { email, redirectTo })).status).toBe(200);
    const [message] = await listOutbox(db(), email, 1);
    const link = new URL(message!.link!);
    return browser.open(link.pathname + link.search);
  }

  it("greets the person by name on the page they asked for, once", async () => {
    const browser = newBrowser();
    await browser.open("/");
    const landed = await signInByLink(browser, "welcome-new@example.com", "/marketplace");
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toBe("/marketplace");
    expect(browser.jar.get("arcanum_welcome")).toBe("new");

    const page = await browser.open("/marketplace");
    const html = await page.text();
    expect(html).toContain(TOAST);
    expect(html).toMatch(/Welcome to Arcanum, welcome-new|Welcome to Arcanum, [A-Za-z0-9_-]+/);
    expect(browser.jar.get("arcanum_welcome")).toBeUndefined();
    expect(await (await browser.open("/marketplace")).text()).not.toContain(TOAST);

    // Signing in again later is a return.
    await browser.send("/logout", {});
    await signInByLink(browser, "welcome-new@example.com", "/readers");
    const again = await (await browser.open("/readers")).text();
    expect(again).toMatch(/Welcome back, [A-Za-z0-9_-]+/);
    expect(await (await browser.open("/readers")).text()).not.toContain(TOAST);
  });

  it("greets nobody from a cookie alone, and clears a cookie it cannot read", async () => {
    const guest = await newGuest();
    guest.jar.set("arcanum_welcome", "back");
    const asGuest = await guest.open("/collection");
    expect(await asGuest.text()).not.toContain(TOAST);
    expect(guest.jar.get("arcanum_welcome")).toBeUndefined();

    const member = await get("/", { cookie: `${await signInAs("seed-user-demo")}; arcanum_welcome=%3Cscript%3E` });
    expect(await member.text()).not.toContain(TOAST);
    expect(member.headers.getSetCookie().join()).toMatch(/arcanum_welcome=; Path=\/; Max-Age=0/);
  });
});

describe("Google sign-in where it cannot work", () => {
  async function callWorker(path: string, vars: Partial<Env>) {
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`https://arcanum.test${path}`, { headers: { accept: "text/html" } }) as Request<unknown, IncomingRequestCfProperties>,
      { ...env, ...vars } as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("hides the button and says nothing about it in production without keys, and says it is not set up elsewhere", async () => {
    const production = await (await callWorker("/login", { APP_ENV: undefined, AUTH_SECRET: "ef".repeat(32) })).text();
    expect(production).toContain("Send Magic Link");
    expect(production).not.toContain("Continue with Google");
    expect(production).not.toContain("Google sign-in is not configured");

    const local = await (await get("/login")).text();
    expect(local).toContain("Continue with Google");
    expect(local).toContain("Google sign-in is not configured on this server.");
  });
});
