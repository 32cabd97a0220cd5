/**
 * Every request runs in a D1 session: a write sends its bookmark back, the next request starts
 * from it, so a person reads their own write even from a replica; a forged or broken bookmark is
 * ignored rather than trusted.
 */
import { describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE } from "../../app/lib/d1-sessions.server";
import { CookieJar, get, post, visit } from "./helpers";

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

  it("ignores a bookmark that is not one", async () => {
    const page = await get("/healthz", { cookie: `${BOOKMARK_COOKIE}=<script>` });
    expect(page.status).toBe(200);
    const market = await visit("/marketplace", { cookie: `${BOOKMARK_COOKIE}=${"f".repeat(400)}` });
    expect(market.status).toBe(200);
  });
});
