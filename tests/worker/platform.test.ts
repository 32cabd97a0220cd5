import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { runPeriodicJobs } from "../../app/jobs/periodic.server";
import { authSessions, readingSessions, sessionParticipants, userDeckQuotas, users } from "../../db/schema";
import { app, get, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);

describe("requests from other sites", () => {
  it.each([
    ["/logout", {}],
    ["/theme", { theme: "dark" }],
    ["/login", { email: "demo@example.com" }],
    ["/profile", { intent: "profile", username: "hijacked" }],
  ])("refuses a cross-origin POST to %s", async (path, form) => {
    const response = await post(path, form as Record<string, string>, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a cross-site POST that hides its Origin", async () => {
    const response = await post("/theme", { theme: "dark" }, { origin: null, headers: { "sec-fetch-site": "cross-site" } });
    expect(response.status).toBe(403);
  });

  it("refuses a POST that names neither its Origin nor its Sec-Fetch-Site, changing nothing; Sec-Fetch-Site: same-origin alone lets it through", async () => {
    const cookie = await signInAs("seed-user-theo");
    const person = () => db().query.users.findFirst({ columns: { username: true, fullName: true }, where: eq(users.id, "seed-user-theo") });
    const { username, fullName } = (await person())!;
    const form = { intent: "profile", username: username!, fullName: "Renamed Without Origin", bio: "" };
    const bare = await post("/profile", form, { cookie, origin: null });
    expect(bare.status).toBe(403);
    expect(bare.headers.get("set-cookie")).toBeNull();
    expect((await person())!.fullName).toBe(fullName);

    const sameOrigin = await post("/profile", form, { cookie, origin: null, headers: { "sec-fetch-site": "same-origin" } });
    expect(sameOrigin.status).toBeLessThan(400);
    expect((await person())!.fullName).toBe("Renamed Without Origin");
  });

  it("keeps the session cookies HttpOnly and SameSite=Lax, and Secure on https", async () => {
    const http = await visit("/");
    const cookies = http.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("arcanum_session="))).toBe(true);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
    }
    const https = await app.fetch("https://arcanum.test/", {
      redirect: "manual",
      headers: { "user-agent": "Mozilla/5.0 Chrome/156.0", "sec-fetch-dest": "document", accept: "text/html" },
    });
    const secure = https.headers.getSetCookie();
    expect(secure.some((c) => c.startsWith("__Host-arcanum_session="))).toBe(true);
    for (const cookie of secure) expect(cookie).toMatch(/; Secure/);
  });

  it("stores only a hash of the session token", async () => {
    const cookie = await signInAs("seed-user-theo");
    const token = decodeURIComponent(cookie.split("=")[1]!).replace(/^"|"$/g, "");
    const rows = await db().select().from(authSessions).where(eq(authSessions.userId, "seed-user-theo"));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.id).toMatch(/^[0-9a-f]{64}$/);
      expect(cookie).not.toContain(row.id);
    }
    expect(token.length).toBeGreaterThan(20);
  });
});

describe("shared copies of public pages for signed-out visitors", () => {
  it("renders once, then serves the copy, and never lets the browser keep it", async () => {
    const first = await get("/pricing?billing=yearly");
    await first.text();
    const second = await get("/pricing?billing=yearly");
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    expect(second.headers.get("cache-control")).toBe("private, no-cache");
    expect(await second.text()).toContain("$287.90");
  });

  it("renders a page once when many visitors ask for it at the same moment", async () => {
    // A query no other test asks for, so no copy of it exists yet.
    const path = "/marketplace?q=lantern&sort=newest";
    const responses = await Promise.all(Array.from({ length: 8 }, () => get(path)));
    const states = responses.map((r) => r.headers.get("x-page-cache"));
    expect(states.filter((s) => s === "MISS")).toHaveLength(1);
    expect(states.filter((s) => s === "HIT")).toHaveLength(7);
    const pages = await Promise.all(responses.map((r) => r.text()));
    for (const page of pages) expect(page).toContain("lantern");
  });

  it("keeps one copy per theme", async () => {
    await (await get("/pricing", { cookie: "theme=dark" })).text();
    const dark = await get("/pricing", { cookie: "theme=dark" });
    expect(await dark.text()).toMatch(/<html lang="en" class="dark">/);
    const light = await get("/pricing", { cookie: "theme=light" });
    expect(await light.text()).toMatch(/<html lang="en" class="light">/);
  });

  it("keeps one copy of a reader's page per time zone, since it names their next free time in the visitor's", async () => {
    const nextFree = async (timezone: string) => {
      const html = (await (await get("/readers/ines_duval", { cf: { timezone } })).text()).replaceAll("<!-- -->", "");
      return /data-testid="reader-next-available">([^<]+)</.exec(html)?.[1];
    };
    const tokyo = await nextFree("Asia/Tokyo");
    const lisbon = await nextFree("Europe/Lisbon");
    expect(tokyo).toMatch(/^Next available .+ \(GMT\+9\)$/);
    expect(lisbon).toMatch(/^Next available .+ \(GMT(\+1)?\)$/);
    // Each is served again from its own copy.
    expect(await nextFree("Asia/Tokyo")).toBe(tokyo);
    const again = await get("/readers/ines_duval", { cf: { timezone: "Europe/Lisbon" } });
    expect(again.headers.get("x-page-cache")).toBe("HIT");
  });

  it("always renders afresh for anyone with a session, and for pages that are not public", async () => {
    const cookie = await signInAs("seed-user-demo");
    for (let i = 0; i < 2; i++) {
      const response = await get("/", { cookie });
      expect(response.headers.get("x-page-cache")).toBeNull();
      expect(await response.text()).toContain("demo_seeker");
    }
    for (const path of ["/login", "/subscription", "/reading-room"]) {
      await (await get(path)).text();
      expect((await get(path)).headers.get("x-page-cache")).toBeNull();
    }
  });
});

describe("media", () => {
  it("serves a public deck's card image with a long cache", async () => {
    const response = await get("/media/card-images/seed-deck-neon-oracle/the_fool.svg?v=1");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(await response.text()).toContain("The Fool");
  });

  it("answers a repeat request with 304 when the ETag matches", async () => {
    // The Fool is one of the deck's preview cards: anyone may see it.
    const first = await get("/media/card-images/seed-deck-neon-oracle/the_fool.svg");
    await first.arrayBuffer();
    const again = await get("/media/card-images/seed-deck-neon-oracle/the_fool.svg", { headers: { "if-none-match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("shows a private deck's images to its owner only", async () => {
    const path = "/media/card-images/seed-deck-autumn-lanterns/the_moon.svg";
    expect((await get(path)).status).toBe(404);
    expect((await get(path, { cookie: await signInAs("seed-user-luna") })).status).toBe(404);
    const owner = await get(path, { cookie: await signInAs("seed-user-demo") });
    expect(owner.status).toBe(200);
    expect(owner.headers.get("cache-control")).toContain("private");
  });

  it.each(["card-images/../secrets", "card-images/seed-deck-neon-oracle/../../x.svg", "other/x.png", "card-images/seed-deck-neon-oracle/nope.svg"])(
    "returns 404 for %s",
    async (key) => {
      expect((await get(`/media/${key}`)).status).toBe(404);
    },
  );
});

describe("periodic jobs (cron every 15 minutes)", () => {
  it("marks stale readers offline, closes quiet readings, and deletes expired sessions", async () => {
    const d = db();
    const now = Date.now();
    const hour = 60 * 60 * 1000;
    await d
      .update(users)
      .set({ isOnline: true, lastSeenAt: now - 10 * 60 * 1000 })
      .where(eq(users.id, "seed-user-theo"));
    await d
      .update(users)
      .set({ isOnline: true, lastSeenAt: now - 60 * 1000 })
      .where(eq(users.id, "seed-user-ines"));
    await d.insert(readingSessions).values([
      { id: "rs-quiet", hostUserId: "seed-user-demo", lastActivityAt: now - 2 * hour },
      { id: "rs-lively", hostUserId: "seed-user-demo", lastActivityAt: now - 2 * hour },
    ]);
    await d.insert(sessionParticipants).values([
      { id: "sp-quiet", sessionId: "rs-quiet", userId: "seed-user-demo", lastSeenAt: now - 2 * hour },
      { id: "sp-lively", sessionId: "rs-lively", userId: "seed-user-demo", lastSeenAt: now - 5 * 60 * 1000 },
    ]);
    await d.insert(authSessions).values({ id: "f".repeat(64), userId: "seed-user-demo", expiresAt: now - 1 });

    const result = await runPeriodicJobs(d, now);
    expect(result.failed).toEqual([]);

    const online = await d
      .select({ id: users.id, isOnline: users.isOnline })
      .from(users)
      .where(sql`${users.id} in ('seed-user-theo', 'seed-user-ines')`);
    expect(Object.fromEntries(online.map((u) => [u.id, u.isOnline]))).toEqual({ "seed-user-theo": false, "seed-user-ines": true });
    const sessions = await d.select({ id: readingSessions.id, isActive: readingSessions.isActive }).from(readingSessions);
    expect(Object.fromEntries(sessions.map((s) => [s.id, s.isActive]))).toMatchObject({ "rs-quiet": false, "rs-lively": true });
    expect(
      await d
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, "f".repeat(64))),
    ).toHaveLength(0);
  });

  it("runs from the Worker's scheduled handler", async () => {
    const d = db();
    await d.update(users).set({ isOnline: true, lastSeenAt: 1 }).where(eq(users.id, "seed-user-orion"));
    const controller = createScheduledController({ scheduledTime: new Date(), cron: "*/15 * * * *" });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    const [orion] = await d.select({ isOnline: users.isOnline }).from(users).where(eq(users.id, "seed-user-orion"));
    expect(orion?.isOnline).toBe(false);
  });
});

describe("data model guards", () => {
  it("refuses quota usage above the quota or below zero at the database", async () => {
    const d = db();
    await d.insert(userDeckQuotas).values({ userId: "seed-user-sage", nextRefreshDate: Date.now() }).onConflictDoNothing();
    await expect(d.update(userDeckQuotas).set({ majorArcanaUsed: 2 }).where(eq(userDeckQuotas.userId, "seed-user-sage"))).rejects.toThrow();
    await expect(d.update(userDeckQuotas).set({ completeDeckUsed: -1 }).where(eq(userDeckQuotas.userId, "seed-user-sage"))).rejects.toThrow();
  });

  it("refuses a deck for a user that does not exist", async () => {
    await expect(env.DB.prepare("insert into decks (id, creator_id, title, theme) values ('x', 'ghost', 't', 't')").run()).rejects.toThrow(/FOREIGN KEY/);
  });

  it("is safe to seed twice", async () => {
    const { seedDemoData } = await import("../../scripts/seed/seed-data");
    await seedDemoData(db(), env.MEDIA);
    const [count] = await d1Count("decks");
    expect(count).toBe(6);
  });
});

async function d1Count(table: string) {
  const row = await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>();
  return [row?.n];
}
