import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMember, mergeGuestInto } from "../../app/auth/accounts.server";
import { LocalAi } from "../../app/ai/ai.server";
import worker from "../../workers/app";
import { googleSignInOffer } from "../../app/auth/google.server";
import { MAGIC_LINK_ERRORS, SIGN_IN_CODE_ATTEMPTS, SIGN_IN_CODE_ERRORS } from "../../app/auth/magic-link.server";
import { RATE_LIMIT_MESSAGE, RATE_LIMITS } from "../../app/auth/sign-in.server";
import { consumeCredits, getQuota } from "../../app/credits/credits.server";
import { createDatabase } from "../../app/db.server";
import { GUEST_NO_CREDITS_MESSAGE } from "../../app/decks/create.server";
import { sha256Hex } from "../../app/lib/crypto";
import { listOutbox } from "../../app/mail/mail.server";
import { anonymousUsers, authSessions, deckQuotaLedger, decks, readingSessions, sessionParticipants, userDeckQuotas, users } from "../../db/schema";
import { app, CookieJar, get, ORIGIN, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);
let addressCounter = 0;
/** Each test asks from its own address, so the per-address limit only meets the test that is about it. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

type Browser = { jar: CookieJar; address: string };

function newBrowser(): Browser {
  return { jar: new CookieJar(), address: freshAddress() };
}

async function firstVisit(browser: Browser, path = "/") {
  return browser.jar.take(await visit(path, { cookie: browser.jar.header(), headers: { "cf-connecting-ip": browser.address } }));
}

async function currentUserId(browser: Browser) {
  const token = browser.jar.get("arcanum_session");
  if (!token) return null;
  const hash = await sha256Hex(token);
  const row = await db().query.authSessions.findFirst({ where: eq(authSessions.id, hash) });
  return row?.userId ?? null;
}

async function askForLink(browser: Browser, form: Record<string, string>, path = "/login") {
  return browser.jar.take(await post(path, form, { cookie: browser.jar.header(), headers: { "cf-connecting-ip": browser.address } }));
}

async function latestLink(email: string) {
  const [message] = await listOutbox(db(), email, 1);
  if (!message?.link) throw new Error(`no link was sent to ${email}`);
  return new URL(message.link);
}

async function openLink(browser: Browser, link: URL) {
  return browser.jar.take(await visit(link.pathname + link.search, { cookie: browser.jar.header() }));
}

/** The whole magic-link round trip in one browser; returns the callback's response. */
async function signInByLink(browser: Browser, email: string, form: Record<string, string> = {}) {
  const asked = await askForLink(browser, { email, ...form }, form.mode === "create" ? "/signup" : "/login");
  expect(asked.status).toBe(200);
  return openLink(browser, await latestLink(email));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("guests", () => {
  it("gives a browser's first page visit a guest account named Guest_ and the id's last six characters", async () => {
    const browser = newBrowser();
    const response = await firstVisit(browser);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const userId = await currentUserId(browser);
    expect(userId).toBeTruthy();
    const guest = await db().query.anonymousUsers.findFirst({ where: eq(anonymousUsers.id, userId!) });
    expect(guest?.name).toBe(`Guest_${userId!.slice(-6)}`);
    const user = await db().query.users.findFirst({ where: eq(users.id, userId!) });
    expect(user?.email).toBeNull();
    // A guest sees Sign In, never the member's badge or avatar menu.
    const html = await response.text();
    expect(html).toContain("Sign In");
    expect(html).not.toContain('data-testid="avatar-menu"');
    expect(html).not.toContain('data-testid="deck-badge"');
  });

  it("keeps the same guest on later visits", async () => {
    const browser = newBrowser();
    await firstVisit(browser);
    const first = await currentUserId(browser);
    await firstVisit(browser, "/marketplace");
    expect(await currentUserId(browser)).toBe(first);
  });

  it.each([
    ["a crawler", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
    ["a background fetch", { "sec-fetch-dest": "empty" }],
    ["an image request", { "sec-fetch-dest": "image" }],
  ])("makes no guest for %s", async (_label, headers) => {
    const before = await db()
      .select({ n: sql<number>`count(*)` })
      .from(anonymousUsers);
    const response = await visit("/", { headers });
    expect(response.headers.getSetCookie().some((c) => c.includes("arcanum_session="))).toBe(false);
    const after = await db()
      .select({ n: sql<number>`count(*)` })
      .from(anonymousUsers);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("makes one guest for 20 concurrent first requests from one browser", async () => {
    // The browser's device cookie is what ties its requests together (a lapsed session, many tabs).
    const device = "d".repeat(43);
    const before = await db()
      .select({ n: sql<number>`count(*)` })
      .from(anonymousUsers);
    const responses = await Promise.all(Array.from({ length: 20 }, () => visit("/", { cookie: `arcanum_device=${device}` })));
    const sessions = responses.map((r) => r.headers.getSetCookie().find((c) => c.startsWith("arcanum_session=")));
    expect(sessions.every(Boolean)).toBe(true);
    const after = await db()
      .select({ n: sql<number>`count(*)` })
      .from(anonymousUsers);
    expect(after[0]!.n - before[0]!.n).toBe(1);
    const owners = await db()
      .select({ userId: authSessions.userId })
      .from(authSessions)
      .innerJoin(anonymousUsers, eq(anonymousUsers.id, authSessions.userId))
      .where(eq(anonymousUsers.deviceKeyHash, sql`(SELECT device_key_hash FROM anonymous_users ORDER BY created_at DESC LIMIT 1)`));
    expect(new Set(owners.map((o) => o.userId)).size).toBe(1);
  });

  it("lets a guest through the route guards", async () => {
    const browser = newBrowser();
    await firstVisit(browser);
    for (const path of ["/collection", "/profile", "/create-deck"]) {
      const response = await firstVisit(browser, path);
      expect(response.status, path).toBe(200);
    }
  });

  it("shows a guest Pricing in the bar, as for any non-member", async () => {
    const browser = newBrowser();
    const html = await (await firstVisit(browser)).text();
    expect(html).toMatch(/href="\/pricing"/);
  });
});

describe("the sign-in form", () => {
  it.each([
    [{ email: "" }, "Email is required"],
    [{ email: "not-an-email" }, "Invalid email address"],
    [{ email: "a@b" }, "Invalid email address"],
    [{ email: "<script>@x.com" }, "Invalid email address"],
    [{ email: "a<img src=x>@x.com" }, "Invalid email address"],
    [{ email: '"quoted"@x.com' }, "Invalid email address"],
    [{ email: "a@x.com>" }, "Invalid email address"],
    [{ email: "a@[127.0.0.1]" }, "Invalid email address"],
    [{ email: "a..b@x.com" }, "Invalid email address"],
    [{ email: "a;b@x.com", mode: "create" }, "Invalid email address"],
  ])("answers %j with 400 and the spec's message", async (form, message) => {
    const response = await askForLink(newBrowser(), form);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("shows Magic Link Sent! with the inbox and spam-folder hint", async () => {
    const response = await askForLink(newBrowser(), { email: "sent-state@example.com" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Magic Link Sent!");
    expect(html).toContain("spam folder");
    expect(html).toContain("Back to Sign In");
  });

  it("says when Google sign-in is not configured instead of failing", async () => {
    const html = await (await get("/login")).text();
    expect(html).toContain("Google sign-in is not configured on this server.");
    const response = await post("/auth/google", { redirectTo: "/" });
    expect(response.status).toBe(503);
  });

  it("offers Google when it is set up, says it is not set up outside production, and leaves it out in production", () => {
    const google = { clientId: "id", clientSecret: "secret" } as never;
    expect(googleSignInOffer({ google, isProduction: true })).toEqual({ googleEnabled: true, googleNotice: false });
    expect(googleSignInOffer({ google: null as never, isProduction: false })).toEqual({ googleEnabled: false, googleNotice: true });
    expect(googleSignInOffer({ google: null as never, isProduction: true })).toEqual({ googleEnabled: false, googleNotice: false });
  });

  it("limits requests per e-mail and per address, with a clear message", async () => {
    const browser = newBrowser();
    for (let i = 0; i < 5; i++) expect((await askForLink(browser, { email: "limited@example.com" })).status).toBe(200);
    const blocked = await askForLink(browser, { email: "limited@example.com" });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await blocked.text()).toContain(RATE_LIMIT_MESSAGE);

    const crowd = newBrowser();
    for (let i = 0; i < 20; i++) expect((await askForLink(crowd, { email: `crowd${i}@example.com` })).status).toBe(200);
    expect((await askForLink(crowd, { email: "crowd-last@example.com" })).status).toBe(429);
  });
});

describe("sign-in rate limits", () => {
  it("an attacker exhausting their limit for someone's e-mail does not lock the owner out", async () => {
    const attacker = newBrowser();
    for (let i = 0; i < RATE_LIMITS.perEmailAndAddress.limit; i++) {
      expect((await askForLink(attacker, { email: "victim@example.com" })).status).toBe(200);
    }
    // Refused requests keep coming; they must not count towards the e-mail's own ceiling.
    for (let i = 0; i < RATE_LIMITS.perEmail.limit; i++) {
      expect((await askForLink(attacker, { email: "victim@example.com" })).status).toBe(429);
    }
    const owner = newBrowser();
    const asked = await askForLink(owner, { email: "victim@example.com" });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Magic Link Sent!");
  });

  it("still stops one e-mail being flooded from many addresses", async () => {
    let refused = 0;
    for (let i = 0; i < RATE_LIMITS.perEmail.limit + 1; i++) {
      const response = await askForLink(newBrowser(), { email: "flooded@example.com" });
      if (response.status === 429) refused++;
      else expect(response.status).toBe(200);
    }
    expect(refused).toBe(1);
  });
});

describe("magic links", () => {
  it("signs in, returns to the remembered page, and stores only a hash of the link", async () => {
    const browser = newBrowser();
    await firstVisit(browser);
    const guestToken = browser.jar.get("arcanum_session");
    const response = await signInByLink(browser, "first-timer@example.com", { redirectTo: "/collection?view=grid" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/collection?view=grid");
    // A new session id at sign-in; the guest's session is gone from the server.
    expect(browser.jar.get("arcanum_session")).not.toBe(guestToken);
    expect(browser.jar.get("arcanum_session")).toMatch(/^m\./);
    const userId = await currentUserId(browser);
    const user = await db().query.users.findFirst({ where: eq(users.id, userId!) });
    expect(user?.email).toBe("first-timer@example.com");
    expect(user?.username).toMatch(/^[A-Za-z0-9_-]{3,20}$/);
    const used = await env.DB.prepare("SELECT id FROM used_magic_links").all<{ id: string }>();
    for (const row of used.results) expect(row.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a link used twice", async () => {
    const browser = newBrowser();
    await firstVisit(browser);
    const first = await signInByLink(browser, "twice@example.com");
    expect(first.status).toBe(302);
    const again = await openLink(browser, await latestLink("twice@example.com"));
    expect(again.status).toBe(400);
    expect(await again.text()).toMatch(/already used|different browser/);
  });

  it("refuses a link opened in another browser", async () => {
    const asking = newBrowser();
    await askForLink(asking, { email: "elsewhere@example.com" });
    const other = newBrowser();
    const response = await openLink(other, await latestLink("elsewhere@example.com"));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("different browser");
    expect(other.jar.get("arcanum_session")).toBeUndefined();
  });

  it("refuses a link after 15 minutes", async () => {
    const browser = newBrowser();
    await askForLink(browser, { email: "late@example.com" });
    const link = await latestLink("late@example.com");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    const response = await openLink(browser, link);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(MAGIC_LINK_ERRORS.expiredTotp);
    expect(await currentUserId(browser)).toBeNull();
  });

  it("refuses a tampered link", async () => {
    const browser = newBrowser();
    await askForLink(browser, { email: "tamper@example.com" });
    const link = await latestLink("tamper@example.com");
    link.searchParams.set("t", `${link.searchParams.get("t")!.slice(0, -4)}AAAA`);
    const response = await openLink(browser, link);
    expect(response.status).toBe(400);
    expect(await currentUserId(browser)).toBeNull();
  });

  it.each(["https://evil.example/steal", "//evil.example", "/\\evil.example", "javascript:alert(1)"])(
    "never returns off-site after sign-in (%s)",
    async (target) => {
      const browser = newBrowser();
      const response = await signInByLink(browser, `redirect-${addressCounter}@example.com`, { redirectTo: target });
      const location = response.headers.get("location")!;
      expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
      expect(location.startsWith("//")).toBe(false);
    },
  );

  it("says No session found on the callback without a link", async () => {
    const response = await get("/auth/callback");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("No session found");
  });
});

describe("sign-in codes", () => {
  /** The code the e-mail carries, as a person reads it (two groups of three digits). */
  async function latestCode(email: string) {
    const [message] = await listOutbox(db(), email, 1);
    const match = message?.text.match(/code in the browser where you asked to sign in: (\d{3} \d{3})/);
    if (!match) throw new Error(`no code was sent to ${email}`);
    return match[1]!;
  }

  function typeCode(browser: Browser, code: string, path = "/login") {
    return askForLink(browser, { intent: "code", email: "shown@example.com", code }, path);
  }

  it("sends a code with the link, and the browser that asked signs in with it, once, however it is spaced", async () => {
    const laptop = newBrowser();
    await firstVisit(laptop);
    await askForLink(laptop, { email: "two-devices@example.com", redirectTo: "/journal" });
    const code = await latestCode("two-devices@example.com");
    // The phone that holds the mail cannot use the link…
    const phone = newBrowser();
    const opened = await openLink(phone, await latestLink("two-devices@example.com"));
    expect(opened.status).toBe(400);
    expect(await opened.text()).toContain("Type the code from the e-mail in the browser that asked");
    expect(phone.jar.get("arcanum_session")).toBeUndefined();
    // …nor the code: it belongs to the browser that asked.
    const stranger = await typeCode(phone, code);
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain(SIGN_IN_CODE_ERRORS.noRequest);
    expect(phone.jar.get("arcanum_session")).toBeUndefined();
    // The laptop types it, with a dash for the space.
    const signedIn = await typeCode(laptop, code.replace(" ", "-"));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/journal");
    const userId = await currentUserId(laptop);
    expect((await db().query.users.findFirst({ where: eq(users.id, userId!) }))?.email).toBe("two-devices@example.com");
    // The code and the link are one credential, used once.
    const link = await openLink(laptop, await latestLink("two-devices@example.com"));
    expect(link.status).toBe(400);
    expect(await link.text()).toMatch(/already used/);
  });

  it("refuses a wrong code with words, and after five tries refuses even the right one until a new code is asked for", async () => {
    const browser = newBrowser();
    await askForLink(browser, { email: "guesser@example.com" });
    const code = (await latestCode("guesser@example.com")).replace(" ", "");
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < SIGN_IN_CODE_ATTEMPTS; i++) {
      const refused = await typeCode(browser, wrong);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(SIGN_IN_CODE_ERRORS.wrong);
    }
    const locked = await typeCode(browser, code);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain(SIGN_IN_CODE_ERRORS.tooMany);
    expect(await currentUserId(browser)).toBeNull();
    // A new request gives a new code, with its own tries.
    await askForLink(browser, { email: "guesser@example.com" });
    const fresh = await typeCode(browser, await latestCode("guesser@example.com"));
    expect(fresh.status).toBe(302);
  });

  it("refuses a code that is not six digits before checking it, and a code after 15 minutes", async () => {
    const browser = newBrowser();
    await askForLink(browser, { email: "late-code@example.com" });
    for (const typed of ["", "12345", "1234567", "12a456"]) {
      const refused = await typeCode(browser, typed);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(SIGN_IN_CODE_ERRORS.format);
    }
    const code = await latestCode("late-code@example.com");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    const late = await typeCode(browser, code);
    expect(late.status).toBe(400);
    expect(await late.text()).toContain(SIGN_IN_CODE_ERRORS.expired);
    expect(await currentUserId(browser)).toBeNull();
  });

  it("uses a code on the sign-up form as on the sign-in form, keeping the name given", async () => {
    const browser = newBrowser();
    await askForLink(browser, { email: "named-by-code@example.com", fullName: "Coral Reyes", mode: "create" }, "/signup");
    const response = await typeCode(browser, await latestCode("named-by-code@example.com"), "/signup");
    expect(response.status).toBe(302);
    const user = await db().query.users.findFirst({ where: eq(users.id, (await currentUserId(browser))!) });
    expect(user?.fullName).toBe("Coral Reyes");
  });
});

describe("first sign-in without a guest", () => {
  it("creates one profile row with e-mail, username and created_at, and a racing second request re-reads it", async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => createMember(db(), new LocalAi(), { email: "Racer@Example.com", fullName: "Racer" })));
    expect(new Set(ids).size).toBe(1);
    const rows = await db().select().from(users).where(eq(users.email, "racer@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.username).toMatch(/^[A-Za-z0-9_-]{3,20}$/);
    expect(rows[0]!.createdAt).toBeGreaterThan(0);
  });
});

describe("upgrading a guest", () => {
  it("keeps the same id and everything the guest saved", async () => {
    const browser = newBrowser();
    await firstVisit(browser);
    const guestId = (await currentUserId(browser))!;
    const saved = browser.jar.take(
      await post("/profile", { intent: "profile", username: "", fullName: "Wren Ashby", bio: "Reads by candlelight" }, { cookie: browser.jar.header() }),
    );
    expect(saved.status).toBe(200);
    await db()
      .insert(decks)
      .values({ id: `deck-${guestId}`, title: "Guest deck", theme: "rain", creatorId: guestId });
    await db()
      .insert(readingSessions)
      .values({ id: `rs-${guestId}`, hostUserId: guestId });

    const response = await signInByLink(browser, "wren.ashby@example.com", { mode: "create" });
    expect(response.status).toBe(302);
    expect(await currentUserId(browser)).toBe(guestId);
    const user = await db().query.users.findFirst({ where: eq(users.id, guestId) });
    expect(user).toMatchObject({ email: "wren.ashby@example.com", fullName: "Wren Ashby", bio: "Reads by candlelight" });
    expect(await db().query.anonymousUsers.findFirst({ where: eq(anonymousUsers.id, guestId) })).toBeUndefined();
    expect((await db().query.decks.findFirst({ where: eq(decks.id, `deck-${guestId}`) }))?.creatorId).toBe(guestId);
    expect((await db().query.readingSessions.findFirst({ where: eq(readingSessions.id, `rs-${guestId}`) }))?.hostUserId).toBe(guestId);
  });

  it("offers the Account Already Exists choice when the e-mail has an account", async () => {
    const browser = newBrowser();
    await firstVisit(browser);
    const response = await askForLink(browser, { email: "luna@example.com", mode: "create" }, "/signup");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Account Already Exists");
    expect(html).toContain("Cancel");
    expect(html).toContain('name="intent" value="merge"');
    expect(await listOutbox(db(), "luna@example.com")).toHaveLength(0);
  });
});

describe("merging a guest into an existing account", () => {
  async function guestWithData(browser: Browser) {
    await firstVisit(browser);
    const guestId = (await currentUserId(browser))!;
    const d = db();
    await d.insert(decks).values({ id: `deck-${guestId}`, title: "Storm deck", theme: "storms", creatorId: guestId });
    await d.insert(readingSessions).values([
      { id: `rs-own-${guestId}`, hostUserId: guestId, readingStep: "draw", question: "Will the storm pass?" },
      { id: `rs-shared-${guestId}`, hostUserId: "seed-user-orion" },
      { id: `rs-dupe-${guestId}`, hostUserId: "seed-user-orion" },
    ]);
    await d.insert(sessionParticipants).values([
      { id: `sp-own-${guestId}`, sessionId: `rs-own-${guestId}`, anonymousId: guestId, joinedAt: 10 },
      // The member already sits in this one: the guest's seat is deactivated.
      { id: `sp-target-${guestId}`, sessionId: `rs-shared-${guestId}`, userId: "seed-user-sage", joinedAt: 5 },
      { id: `sp-guest-${guestId}`, sessionId: `rs-shared-${guestId}`, userId: guestId, joinedAt: 7 },
    ]);
    await d
      .insert(userDeckQuotas)
      .values({ userId: guestId, nextRefreshDate: Date.now(), majorArcanaQuota: 1, majorArcanaUsed: 1, completeDeckQuota: 1, completeDeckUsed: 1 });
    await d.insert(deckQuotaLedger).values({ id: `ledger-${guestId}`, userId: guestId, description: "Guest deck", referenceId: `deck-${guestId}` });
    return guestId;
  }

  it("moves decks, readings, seats and credits to the account, and deletes the guest", async () => {
    const d = db();
    await d
      .insert(userDeckQuotas)
      .values({ userId: "seed-user-sage", nextRefreshDate: Date.now(), majorArcanaQuota: 2, majorArcanaUsed: 1, completeDeckQuota: 0, completeDeckUsed: 0 })
      .onConflictDoUpdate({ target: userDeckQuotas.userId, set: { majorArcanaQuota: 2, majorArcanaUsed: 1, completeDeckQuota: 0, completeDeckUsed: 0 } });
    const browser = newBrowser();
    const guestId = await guestWithData(browser);

    const asked = await askForLink(browser, { email: "sage@example.com", mode: "create", intent: "merge" }, "/signup");
    expect(await asked.text()).toContain("Magic Link Sent!");
    const response = await openLink(browser, await latestLink("sage@example.com"));
    expect(response.status).toBe(302);
    expect(await currentUserId(browser)).toBe("seed-user-sage");

    expect(await d.query.users.findFirst({ where: eq(users.id, guestId) })).toBeUndefined();
    expect(await d.query.anonymousUsers.findFirst({ where: eq(anonymousUsers.id, guestId) })).toBeUndefined();
    expect((await d.query.decks.findFirst({ where: eq(decks.id, `deck-${guestId}`) }))?.creatorId).toBe("seed-user-sage");
    const own = await d.query.readingSessions.findFirst({ where: eq(readingSessions.id, `rs-own-${guestId}`) });
    expect(own?.hostUserId).toBe("seed-user-sage");
    // The saved reading state lives on the session row, so it travels with it.
    expect(own).toMatchObject({ readingStep: "draw", question: "Will the storm pass?" });
    const seats = await d
      .select()
      .from(sessionParticipants)
      .where(sql`${sessionParticipants.id} LIKE ${`%${guestId}`}`);
    const seat = (id: string) => seats.find((s) => s.id === id)!;
    expect(seat(`sp-own-${guestId}`)).toMatchObject({ userId: "seed-user-sage", anonymousId: null, isActive: true });
    expect(seat(`sp-target-${guestId}`)).toMatchObject({ userId: "seed-user-sage", isActive: true });
    expect(seat(`sp-guest-${guestId}`)).toMatchObject({ userId: "seed-user-sage", isActive: false });
    const quota = await d.query.userDeckQuotas.findFirst({ where: eq(userDeckQuotas.userId, "seed-user-sage") });
    // The guest's spending counts against the account: what fits now, the rest owed to the next refresh.
    expect(quota).toMatchObject({
      majorArcanaQuota: 2,
      majorArcanaUsed: 2,
      majorArcanaOwed: 0,
      completeDeckQuota: 0,
      completeDeckUsed: 0,
      completeDeckOwed: 1,
    });
    expect(await d.query.userDeckQuotas.findFirst({ where: eq(userDeckQuotas.userId, guestId) })).toBeUndefined();
    const ledger = await d.select().from(deckQuotaLedger).where(eq(deckQuotaLedger.userId, "seed-user-sage"));
    expect(ledger.map((l) => l.referenceId)).toEqual(expect.arrayContaining([`deck-${guestId}`, `merge:${guestId}`]));
  });

  it("keeps the earliest of duplicate active seats", async () => {
    const browser = newBrowser();
    const guestId = await guestWithData(browser);
    const d = db();
    await d.insert(sessionParticipants).values([
      { id: `sp-a-${guestId}`, sessionId: `rs-dupe-${guestId}`, userId: "seed-user-theo", joinedAt: 50 },
      { id: `sp-b-${guestId}`, sessionId: `rs-dupe-${guestId}`, anonymousId: guestId, joinedAt: 20 },
    ]);
    await mergeGuestInto(d, guestId, "seed-user-theo");
    const seats = await d
      .select()
      .from(sessionParticipants)
      .where(eq(sessionParticipants.sessionId, `rs-dupe-${guestId}`));
    // The member was already there, so the guest's seat was deactivated and the member's stays.
    expect(seats.filter((s) => s.isActive).map((s) => s.id)).toEqual([`sp-a-${guestId}`]);
  });

  it("rolls back the whole migration when one statement fails", async () => {
    const browser = newBrowser();
    const guestId = await guestWithData(browser);
    const d = db();
    await env.DB.exec(`CREATE TRIGGER refuse_guest_delete BEFORE DELETE ON users WHEN OLD.id = '${guestId}' BEGIN SELECT RAISE(ABORT, 'refused'); END;`);
    try {
      await expect(mergeGuestInto(d, guestId, "seed-user-mira")).rejects.toThrow(/refused/);
    } finally {
      await env.DB.exec("DROP TRIGGER refuse_guest_delete;");
    }
    expect((await d.query.decks.findFirst({ where: eq(decks.id, `deck-${guestId}`) }))?.creatorId).toBe(guestId);
    expect((await d.query.readingSessions.findFirst({ where: eq(readingSessions.id, `rs-own-${guestId}`) }))?.hostUserId).toBe(guestId);
    expect((await d.query.sessionParticipants.findFirst({ where: eq(sessionParticipants.id, `sp-own-${guestId}`) }))?.anonymousId).toBe(guestId);
    expect(await d.query.userDeckQuotas.findFirst({ where: eq(userDeckQuotas.userId, guestId) })).toBeTruthy();
    expect(await d.query.anonymousUsers.findFirst({ where: eq(anonymousUsers.id, guestId) })).toBeTruthy();
    expect(await d.query.authSessions.findFirst({ where: eq(authSessions.userId, guestId) })).toBeTruthy();
    const merged = await d
      .select()
      .from(deckQuotaLedger)
      .where(and(eq(deckQuotaLedger.referenceId, `merge:${guestId}`)));
    expect(merged).toHaveLength(0);
  });
});

describe("the free allowance", () => {
  const unescape = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"');

  async function createDeckAs(browser: Browser) {
    return browser.jar.take(
      await post(
        "/create-deck",
        { intent: "create", theme: "Moonlit tides", style: "watercolour", kind: "major_arcana", quality: "medium" },
        { cookie: browser.jar.header(), headers: { "cf-connecting-ip": browser.address } },
      ),
    );
  }

  const decksOf = async (userId: string) => db().select({ id: decks.id }).from(decks).where(eq(decks.creatorId, userId));

  it("is not renewed by signing out, making a deck as a guest and signing back in", async () => {
    const browser = newBrowser();
    await firstVisit(browser);
    await signInByLink(browser, "looper@example.com");
    const memberId = (await currentUserId(browser))!;
    expect((await createDeckAs(browser)).status).toBe(302);

    const guestAttempts: Response[] = [];
    for (let round = 0; round < 2; round++) {
      browser.jar.take(await post("/logout", {}, { cookie: browser.jar.header() }));
      expect(await currentUserId(browser)).not.toBe(memberId);
      guestAttempts.push(await createDeckAs(browser));
      await signInByLink(browser, "looper@example.com");
      expect(await currentUserId(browser)).toBe(memberId);
    }

    // One free credit a month: the member owns one deck, not three.
    expect(await decksOf(memberId)).toHaveLength(1);
    for (const attempt of guestAttempts) {
      expect(attempt.status).toBe(402);
      expect(unescape(await attempt.text())).toContain(GUEST_NO_CREDITS_MESSAGE);
    }
    const quota = await db().query.userDeckQuotas.findFirst({ where: eq(userDeckQuotas.userId, memberId) });
    expect(quota).toMatchObject({ majorArcanaQuota: 1, majorArcanaUsed: 1, majorArcanaOwed: 0 });
  });

  it("is not renewed by dropping the session cookie and keeping the browser", async () => {
    const browser = newBrowser();
    await firstVisit(browser);
    await signInByLink(browser, "dropper@example.com");
    const memberId = (await currentUserId(browser))!;
    const device = browser.jar.get("arcanum_device")!;
    browser.jar = new CookieJar();
    browser.jar.set("arcanum_device", device);
    await firstVisit(browser);
    const guestId = (await currentUserId(browser))!;
    expect(guestId).not.toBe(memberId);
    expect((await createDeckAs(browser)).status).toBe(402);
    expect(await decksOf(guestId)).toHaveLength(0);
    const page = await firstVisit(browser, "/create-deck");
    expect(unescape(await page.text())).toContain("to use its credits");
  });

  it("is given to a new account made on a browser another account used", async () => {
    const browser = newBrowser();
    await firstVisit(browser);
    await signInByLink(browser, "first-of-family@example.com");
    browser.jar.take(await post("/logout", {}, { cookie: browser.jar.header() }));
    expect((await createDeckAs(browser)).status).toBe(402);
    await signInByLink(browser, "second-of-family@example.com");
    const secondId = (await currentUserId(browser))!;
    expect((await createDeckAs(browser)).status).toBe(302);
    expect(await decksOf(secondId)).toHaveLength(1);
  });

  it("counts a guest's decks against the account it merges into, and takes what does not fit from the next refresh", async () => {
    const d = db();
    const memberId = await createMember(d, new LocalAi(), { email: "spender@example.com" });
    expect((await consumeCredits(d, memberId, { majorArcana: 1, completeDeck: 0 }, { referenceId: "deck:own" })).ok).toBe(true);

    // A browser the member never used: its guest has the free credit and spends it.
    const browser = newBrowser();
    await firstVisit(browser);
    const guestId = (await currentUserId(browser))!;
    expect((await createDeckAs(browser)).status).toBe(302);
    const [guestDeck] = await decksOf(guestId);

    await mergeGuestInto(d, guestId, memberId);
    // The guest's deck is never lost...
    expect((await d.query.decks.findFirst({ where: eq(decks.id, guestDeck!.id) }))?.creatorId).toBe(memberId);
    // ...but it is not free either: the account owes the credit it could not pay now.
    const merged = await d.query.userDeckQuotas.findFirst({ where: eq(userDeckQuotas.userId, memberId) });
    expect(merged).toMatchObject({ majorArcanaQuota: 1, majorArcanaUsed: 1, majorArcanaOwed: 1 });

    const refreshed = await getQuota(d, memberId, merged!.nextRefreshDate);
    expect(refreshed).toMatchObject({ majorArcanaQuota: 0, majorArcanaUsed: 0, majorArcanaOwed: 0 });
    const later = await getQuota(d, memberId, refreshed.nextRefreshDate);
    expect(later).toMatchObject({ majorArcanaQuota: 1, majorArcanaUsed: 0, majorArcanaOwed: 0 });
  });

  it("mints at most the limit of guests per address; past it the page renders for a visitor and no guest is written", async () => {
    // The Worker as deployed: the default limit (the suite itself runs with a high one).
    const DEFAULT_LIMIT = 20;
    const visitAsDeployed = async (path: string, address: string) => {
      const ctx = createExecutionContext();
      const request = new Request(`${ORIGIN}${path}`, {
        headers: { "user-agent": "Mozilla/5.0 Chrome/156.0", accept: "text/html", "sec-fetch-dest": "document", "cf-connecting-ip": address },
      });
      const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, { ...env, GUEST_LIMIT_PER_HOUR: undefined } as Env, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    const address = freshAddress();
    const countGuests = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)` })
          .from(anonymousUsers)
      )[0]!.n;
    const before = await countGuests();
    for (let i = 0; i < DEFAULT_LIMIT; i++) {
      const response = await visitAsDeployed("/", address);
      expect(response.headers.getSetCookie().some((c) => c.startsWith("arcanum_session="))).toBe(true);
      await response.arrayBuffer();
    }
    expect(await countGuests()).toBe(before + DEFAULT_LIMIT);

    const over = await visitAsDeployed("/marketplace", address);
    expect(over.status).toBe(200);
    expect(over.headers.getSetCookie().some((c) => c.startsWith("arcanum_session="))).toBe(false);
    expect(await over.text()).toContain("Sign In");
    expect(await countGuests()).toBe(before + DEFAULT_LIMIT);

    // Another address is not affected; nor is a local one exempt.
    const other = await visitAsDeployed("/", freshAddress());
    expect(other.headers.getSetCookie().some((c) => c.startsWith("arcanum_session="))).toBe(true);
    for (let i = 0; i < DEFAULT_LIMIT; i++) await (await visitAsDeployed("/pricing", "127.0.0.9")).arrayBuffer();
    expect((await visitAsDeployed("/pricing", "127.0.0.9")).headers.getSetCookie()).toEqual([]);
  });
});

describe("sessions", () => {
  it("revokes the session on the server at sign-out, and a later page visit is a fresh guest", async () => {
    const browser = newBrowser();
    await signInByLink(browser, "leaver@example.com");
    const memberId = await currentUserId(browser);
    const token = browser.jar.get("arcanum_session")!;
    const out = browser.jar.take(await post("/logout", {}, { cookie: browser.jar.header() }));
    expect(out.status).toBe(302);
    const stale = await get("/profile", { cookie: `arcanum_session=${token}` });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe("/login?redirectTo=%2Fprofile");
    await firstVisit(browser);
    const next = await currentUserId(browser);
    expect(next).not.toBe(memberId);
    expect(await db().query.anonymousUsers.findFirst({ where: eq(anonymousUsers.id, next!) })).toBeTruthy();
  });

  it("changes nothing on GET: no sign-out, no sign-in start", async () => {
    const browser = newBrowser();
    await signInByLink(browser, "stayer@example.com");
    const memberId = await currentUserId(browser);
    await get("/logout", { cookie: browser.jar.header() });
    expect(await currentUserId(browser)).toBe(memberId);
    const google = await get("/auth/google");
    expect(google.headers.getSetCookie()).toEqual([]);
  });

  it("sends a guest to the callback page's message, not into someone's account", async () => {
    const browser = newBrowser();
    await firstVisit(browser);
    const response = browser.jar.take(await get("/auth/callback?t=garbage", { cookie: browser.jar.header() }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(MAGIC_LINK_ERRORS.invalidTotp);
    expect(await currentUserId(browser)).not.toBeNull();
  });
});

describe("cookie names over https", () => {
  const SECURE = "https://localhost";
  const secureVisit = (path: string, cookie: string) =>
    app.fetch(`${SECURE}${path}`, {
      redirect: "manual",
      headers: {
        cookie,
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
        accept: "text/html",
        "sec-fetch-dest": "document",
        "cf-connecting-ip": freshAddress(),
      },
    });

  it("accepts only the __Host- session cookie over https, and the plain one over http", async () => {
    const token = (await signInAs("seed-user-sage")).split("=")[1]!;
    expect((await secureVisit("/profile", `__Host-arcanum_session=${token}`)).status).toBe(200);
    const unprefixed = await secureVisit("/profile", `arcanum_session=${token}`);
    expect(unprefixed.status).toBe(302);
    expect(unprefixed.headers.get("location")).toBe("/login?redirectTo=%2Fprofile");
    expect((await get("/profile", { cookie: `arcanum_session=${token}` })).status).toBe(200);
  });

  it("accepts only the __Host- device cookie over https", async () => {
    const browser = newBrowser();
    await firstVisit(browser);
    const guestId = await currentUserId(browser);
    const device = browser.jar.get("arcanum_device")!;
    const response = await secureVisit("/", `arcanum_device=${device}`);
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("__Host-arcanum_device="))).toBe(true);
    const session = cookies
      .find((c) => c.startsWith("__Host-arcanum_session="))!
      .split(";")[0]!
      .split("=")[1]!;
    const row = await db().query.authSessions.findFirst({ where: eq(authSessions.id, await sha256Hex(session)) });
    expect(row?.userId).toBeTruthy();
    expect(row?.userId).not.toBe(guestId);
  });
});

describe("the signed-in member's page", () => {
  it("never runs for a request from another site", async () => {
    const response = await app.fetch(`${ORIGIN}/profile`, {
      method: "POST",
      body: new URLSearchParams({ intent: "profile", username: "sneaky" }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", host: "localhost" },
    });
    expect(response.status).toBe(403);
  });
});
