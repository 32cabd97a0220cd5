/**
 * Every request runs in a D1 session: a write sends its bookmark back, the next request starts
 * from it, so a person reads their own write even from a replica; a forged or broken bookmark is
 * ignored rather than trusted.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startSession } from "../../app/auth/session.server";
import { createDatabase } from "../../app/db.server";
import { users } from "../../db/schema";
import { BOOKMARK_COOKIE_NAMES } from "../../app/lib/d1-sessions.server";
import { app, CookieJar, get, post, visit } from "./helpers";

const BOOKMARK_COOKIE = BOOKMARK_COOKIE_NAMES[1];
const SECURE_ORIGIN = "https://localhost";

/** A page visit over https, as the deployed app is always reached. */
function secureVisit(path: string, cookie?: string) {
  return app.fetch(`${SECURE_ORIGIN}${path}`, {
    redirect: "manual",
    headers: {
      accept: "text/html",
      "sec-fetch-dest": "document",
      "sec-fetch-mode": "navigate",
      "user-agent": "Mozilla/5.0 Chrome/156.0",
      "cf-connecting-ip": "192.0.2.78",
      ...(cookie ? { cookie } : {}),
    },
  });
}

describe("D1 sessions", () => {
  it("sends the bookmark back after a write, and reads the write back through it", async () => {
    const jar = new CookieJar();
    // A first page visit makes a guest: a write.
    const first = await visit("/", { headers: { "cf-connecting-ip": "192.0.2.77" } });
    const bookmark = first.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));
    expect(bookmark).toBeDefined();
    expect(bookmark).toContain("HttpOnly");
    jar.take(first);
    // The guest is there on the next page, which starts from that bookmark and writes nothing new.
    const next = await visit("/collection", { cookie: jar.header() });
    expect(next.status).toBe(200);
    expect(next.headers.getSetCookie().some((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))).toBe(false);
    // A form that writes moves it on.
    const renamed = await post("/profile", { intent: "profile", fullName: "Session Reader", bio: "" }, { cookie: jar.header() });
    expect(renamed.status).toBeLessThan(500);
  });

  it("keeps the bookmark over https in a __Host- cookie, Secure, on the whole site, with no domain", async () => {
    const first = await secureVisit("/");
    const names = first.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(names).toContain("__Host-d1_bookmark");
    expect(names).not.toContain("d1_bookmark");
    const bookmark = first.headers.getSetCookie().find((c) => c.startsWith("__Host-d1_bookmark="))!;
    const attributes = bookmark
      .split(";")
      .slice(1)
      .map((a) => a.trim().toLowerCase());
    expect(attributes).toContain("secure");
    expect(attributes).toContain("path=/");
    expect(attributes).toContain("httponly");
    expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);

    // A bookmark sent under the old name still counts, and moves to the prefixed name with the next write.
    const { token } = await startSession(createDatabase(env.DB), new Request(SECURE_ORIGIN), "seed-user-demo", "member");
    const { username } = (await createDatabase(env.DB).query.users.findFirst({ columns: { username: true }, where: eq(users.id, "seed-user-demo") }))!;
    const oldBookmark = bookmark.split(";")[0]!.split("=")[1]!;
    const moved = await app.fetch(`${SECURE_ORIGIN}/profile`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ intent: "profile", username: username!, fullName: "Prefixed Reader", bio: "" }),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        host: "localhost",
        origin: SECURE_ORIGIN,
        cookie: `__Host-arcanum_session=${token}; d1_bookmark=${oldBookmark}`,
      },
    });
    expect(moved.status).toBeLessThan(400);
    const set = moved.headers.getSetCookie();
    expect(set.some((c) => c.startsWith("__Host-d1_bookmark="))).toBe(true);
    expect(set.filter((c) => c.startsWith("d1_bookmark="))).toEqual(["d1_bookmark=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure"]);
  });

  it("ignores a bookmark that is not one", async () => {
    const page = await get("/healthz", { cookie: `${BOOKMARK_COOKIE}=<script>` });
    expect(page.status).toBe(200);
    const market = await visit("/marketplace", { cookie: `${BOOKMARK_COOKIE}=${"f".repeat(400)}` });
    expect(market.status).toBe(200);
  });
});
