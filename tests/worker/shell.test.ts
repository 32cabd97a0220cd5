import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { STAFF_MEMBER_ID } from "../../scripts/seed/seed-data";
import { subscriptions, userDeckQuotas } from "../../db/schema";
import { cookieFrom, get, post, signInAs } from "./helpers";

const navOf = (html: string) => html.slice(html.indexOf('aria-label="Main"'), html.indexOf("</header>"));

/** A field of the root loader's data as a single fetch answers it (turbo-stream: a flat array, objects hold `_keyIndex: valueIndex`). */
function rootField(body: string, key: string): unknown {
  const flat = JSON.parse(body.split("\n")[0]!) as unknown[];
  const keyIndex = flat.indexOf(key);
  const holder = flat.find((v): v is Record<string, number> => typeof v === "object" && v !== null && !Array.isArray(v) && `_${keyIndex}` in v);
  return holder ? flat[holder[`_${keyIndex}`]!] : undefined;
}

describe("navigation bar", () => {
  it("shows a visitor Marketplace, Readers, Reading Room, Pricing and Sign In, but no member links", async () => {
    const nav = navOf(await (await get("/")).text());
    expect(nav).toContain('href="/marketplace"');
    expect(nav).toContain('href="/readers"');
    expect(nav).toContain('href="/reading-room?create=true"');
    expect(nav).toContain('href="/pricing"');
    expect(nav).toContain("Sign In");
    expect(nav).not.toContain("My Collection");
    expect(nav).not.toContain('data-testid="deck-badge"');
  });

  it("marks the current page's link", async () => {
    const nav = navOf(await (await get("/marketplace/seed-deck-neon-oracle")).text());
    expect(nav).toMatch(/href="\/marketplace"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/marketplace"/);
    expect(nav.match(/aria-current="page"/g)).toHaveLength(2); // desktop bar and mobile menu
  });

  it("shows a member My Collection, the deck badge and the avatar menu with its exact entries, and hides Pricing", async () => {
    const cookie = await signInAs("seed-user-demo");
    const nav = navOf(await (await get("/", { cookie })).text());
    expect(nav).toContain("My Collection");
    // Pricing leaves the bar; the plans stay one step away, as the avatar menu's Upgrade your plan.
    expect(nav).not.toContain(">Pricing<");
    expect(nav).toMatch(/href="\/pricing"[^>]*>Upgrade your plan</);
    expect(nav).toMatch(/data-testid="deck-badge"[^>]*>1 credit</);
    expect(nav).toContain("demo_seeker");
    for (const entry of ["Profile", "My Collection", "Upgrade your plan", "Become a Reader", "Sign Out"]) {
      expect(nav).toContain(`>${entry}<`);
    }
    expect(nav).not.toContain('href="/subscription"');
    expect(nav).not.toContain("Reader Dashboard");
  });

  it("offers readers their dashboard and subscribers their membership, and counts credits left", async () => {
    const db = createDatabase(env.DB);
    const now = Date.now();
    await db
      .insert(subscriptions)
      .values({ userId: "seed-user-mira", subscriptionStatus: "active", priceId: "price_creator_monthly", currentPeriodEnd: Math.floor(now / 1000) + 86400 })
      .onConflictDoNothing();
    await db
      .insert(userDeckQuotas)
      .values({
        userId: "seed-user-mira",
        planType: "creator",
        majorArcanaQuota: 4,
        completeDeckQuota: 3,
        majorArcanaUsed: 1,
        completeDeckUsed: 3,
        nextRefreshDate: now + 1e9,
      })
      .onConflictDoNothing();
    const cookie = await signInAs("seed-user-mira");
    const nav = navOf(await (await get("/", { cookie })).text());
    expect(nav).toContain(">Your Creator plan<");
    expect(nav).toContain(">Reader Dashboard<");
    expect(nav).toMatch(/data-testid="deck-badge"[^>]*>3 credits</);
  });

  it("offers staff a Staff entry to the staff pages in the avatar and mobile menus, and no one else", async () => {
    const page = await get("/", { cookie: await signInAs(STAFF_MEMBER_ID) });
    const html = await page.text();
    const nav = navOf(html);
    expect(nav.match(/<a[^>]*href="\/staff\/reports"[^>]*>Staff<\/a>/g)).toHaveLength(2); // avatar menu and mobile menu
    // The page's data says only whether the viewer is staff, never who the staff are.
    const data = await (await get("/_root.data", { cookie: await signInAs(STAFF_MEMBER_ID) })).text();
    expect(rootField(data, "isStaff")).toBe(true);
    expect(html + data).not.toMatch(/staffEmails|STAFF_EMAILS/);

    for (const cookie of [await signInAs("seed-user-demo"), undefined]) {
      const other = await (await get("/", cookie ? { cookie } : {})).text();
      expect(navOf(other)).not.toContain('href="/staff/');
      expect(rootField(await (await get("/_root.data", cookie ? { cookie } : {})).text(), "isStaff")).toBe(false);
    }
  });

  it("signs out on POST and revokes the session on the server", async () => {
    const cookie = await signInAs("seed-user-demo");
    const response = await post("/logout", {}, { cookie });
    expect(response.status).toBe(302);
    // The browser is handed a fresh guest session in place of the member's.
    expect(response.headers.getSetCookie().join()).toMatch(/arcanum_session=g\./);
    // The old cookie no longer opens anything, even if the browser kept it.
    expect((await get("/collection", { cookie })).status).toBe(302);
  });

  it("does not sign out on GET", async () => {
    const cookie = await signInAs("seed-user-demo");
    await get("/logout", { cookie });
    expect((await get("/collection", { cookie })).status).toBe(200);
  });

  it("shows the error screen, with a way to try again, when a request fails", async () => {
    const response = await post("/pricing", {});
    expect(response.status).toBe(405);
    const html = await response.text();
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Try again");
    expect(html).toContain('aria-label="Main"');
  });

  it("renders the footer's groups, each entry a link to a page that exists, and nothing promised for later", async () => {
    const html = await (await get("/pricing")).text();
    const footer = html.slice(html.indexOf("<footer"), html.indexOf("</footer>"));
    const groups = [...footer.matchAll(/<nav aria-label="([^"]+)"[^>]*>([\s\S]*?)<\/nav>/g)];
    expect(groups.map(([, title]) => title)).toEqual(["Explore", "Resources", "Legal"]);
    const entries = groups.flatMap(([, , body]) => [...body!.matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, item]) => item!));
    const links = entries.map((item) => /^<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>$/.exec(item));
    expect(
      links.map((link, i) => link?.[2] ?? `not a link: ${entries[i]}`),
      "every entry is a link",
    ).toEqual([
      "Browse Decks",
      "Create Deck",
      "Reading Room",
      "My Collection",
      "Tarot Guides",
      "Card Meanings",
      "API Documentation",
      "Terms of Service",
      "Privacy Policy",
      "Licensing",
      "Cookie Policy",
    ]);
    expect(links.find((link) => link?.[2] === "API Documentation")?.[1]).toBe("/developers");
    expect(footer).not.toMatch(/soon/i);
    const cookie = await signInAs("seed-user-demo");
    for (const link of links) {
      const response = await get(link![1]!.replace(/&amp;/g, "&"), { cookie });
      expect(response.status, link![1]).toBe(200);
    }
    expect(footer).toContain('href="mailto:');
  });
});

describe("the document's first paint", () => {
  it("preloads the entry and the page's own route modules but not the shared chunks they import, and loads the hero's pictures lazily", async () => {
    const html = await (await get("/")).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(([, href]) => href!);
    const script = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const imported = [...script.matchAll(/import(?: \* as \w+ from)? ?\(?"([^"]+\.js)"\)?/g)].map(([, src]) => src!);
    // The page's script still names the entry and every matched route, and only those are preloaded:
    // the chunks they share (React, Remix, the shell) are asked for once it runs, after the stylesheet.
    expect(imported.some((src) => /\/entry\.client-/.test(src))).toBe(true);
    expect(imported.filter((src) => /\/(root|_main|_main\._index)-/.test(src))).toHaveLength(3);
    expect(new Set(preloads)).toEqual(new Set(imported));
    expect(preloads.some((href) => /\/(shell|main-shell)-/.test(href))).toBe(false);
    // The fan of cards beside the heading is decoration: none of it is asked for before the page's own words.
    const hero = html.slice(html.indexOf("<h1"), html.indexOf('id="daily-heading"'));
    const pictures = hero.match(/<img [^>]*>/g) ?? [];
    expect(pictures.length).toBeGreaterThan(0);
    for (const picture of pictures) {
      expect(picture).toContain('loading="lazy"');
      expect(picture).not.toContain("fetchpriority");
    }
  });
});

describe("theme", () => {
  it("follows the system when no choice is saved: no class on <html>", async () => {
    const html = await (await get("/")).text();
    expect(html).toMatch(/<html lang="en">/);
  });

  it("renders the saved theme on the server, so there is no flash", async () => {
    const html = await (await get("/", { cookie: "theme=dark" })).text();
    expect(html).toMatch(/<html lang="en" class="dark">/);
  });

  it("switches without JavaScript: the form posts, the cookie is set, and the page comes back", async () => {
    const response = await post("/theme", { theme: "toggle", redirectTo: "/pricing?billing=yearly" }, { cookie: "theme=dark" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/pricing?billing=yearly");
    const cookie = cookieFrom(response, "theme");
    expect(cookie).toBe("theme=light");
    expect(await (await get("/", { cookie })).text()).toMatch(/<html lang="en" class="light">/);
  });

  it("flips from the system theme the browser reports when nothing is saved", async () => {
    const response = await post("/theme", { theme: "toggle", redirectTo: "/" }, { headers: { "sec-ch-prefers-color-scheme": "dark" } });
    expect(cookieFrom(response, "theme")).toBe("theme=light");
  });

  it("answers a background submission with data instead of a redirect", async () => {
    const response = await post("/theme", { theme: "dark" });
    expect(response.status).toBe(200);
    expect(cookieFrom(response, "theme")).toBe("theme=dark");
  });

  it("rejects an unknown theme with 400", async () => {
    expect((await post("/theme", { theme: "sepia" })).status).toBe(400);
  });
});

describe("pricing", () => {
  it("shows the monthly catalogue with Creator marked popular", async () => {
    const html = await (await get("/pricing")).text();
    for (const price of ["$12.99", "$29.99", "$79.99", "$5", "$0"]) expect(html).toContain(price);
    expect(html).toMatch(/data-plan="creator-monthly"[\s\S]*?Most popular/);
    expect(html).not.toContain("$287.90");
  });

  it("switches to yearly with a plain link, no JavaScript needed", async () => {
    const html = await (await get("/pricing?billing=yearly")).text();
    for (const price of ["$124.70", "$287.90", "$767.90"]) expect(html).toContain(price);
    expect(html).toContain("24 medium-quality decks · 1,872 cards a year");
    expect(html).toContain("96 high-quality decks · 7,488 cards a year");
    expect(html).not.toContain("$12.99");
  });
});

describe("marketplace and readers show the seeded data", () => {
  it("lists public decks and finds them by theme, title or creator", async () => {
    const all = await (await get("/marketplace")).text();
    for (const title of ["Celestial Tides", "Neon Oracle", "Verdant Grove", "Desert Mirage", "Gilded Clockwork"]) expect(all).toContain(title);
    expect(all).not.toContain("Autumn Lanterns");
    const found = await (await get("/marketplace?q=neon")).text();
    expect(found).toContain("Neon Oracle");
    expect(found).not.toContain("Celestial Tides");
    const byCreator = await (await get("/marketplace?q=luna_vale")).text();
    expect(byCreator).toContain("Desert Mirage");
    expect(byCreator).not.toContain("Neon Oracle");
    expect(await (await get("/marketplace?q=%25")).text()).toContain("0 decks matching");
  });

  it("lists readers with level and price per minute", async () => {
    const html = await (await get("/readers")).text();
    expect(html).toContain("Inès Duval");
    expect(html).toContain("Oracle");
    expect(html).toContain("$4.99/min");
    expect(html).toContain("Mira Solenne");
    expect(html.indexOf("Inès Duval")).toBeLessThan(html.indexOf("Orion Hale"));
  });

  it("shows the member's own private deck in the collection, never to others", async () => {
    const mine = await (await get("/collection", { cookie: await signInAs("seed-user-demo") })).text();
    expect(mine).toContain("Autumn Lanterns");
    const theirs = await (await get("/collection", { cookie: await signInAs("seed-user-luna") })).text();
    expect(theirs).not.toContain("Autumn Lanterns");
    expect(theirs).toContain("Celestial Tides");
  });
});
