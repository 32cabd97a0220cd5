/**
 * The account a page was made for, as the service worker reads it to keep each account's saved
 * copies apart (app/sw/account-header.server.ts): on documents and `.data`, opaque, the same for one
 * account, different between accounts, empty for nobody, and absent where the page was made for everyone.
 * The same name rides in a cookie beside the session, which the worker reads with no network before
 * it shows any saved copy: when the session is gone or names someone else, the copies go first.
 */
import { describe, expect, it } from "vitest";
import { SESSION_TTL_MS } from "../../app/auth/session.server";
import { accountTag } from "../../app/sw/account-header.server";
import { ACCOUNT_HEADER, accountCookieName, copiesOutliveSession } from "../../app/sw/policy";
import { app, get, signInAs, visit } from "./helpers";

const DEMO = "seed-user-demo";
const INES = "seed-user-ines";

describe("the account header for saved copies", () => {
  it("names a member's account on their pages and `.data`, the same each time and unlike the id", async () => {
    const cookie = await signInAs(DEMO);
    const page = await visit("/collection", { cookie });
    expect(page.status).toBe(200);
    const tag = page.headers.get(ACCOUNT_HEADER);
    expect(tag).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(tag).not.toContain(DEMO);
    const data = await get("/collection.data", { cookie });
    expect(data.status).toBe(200);
    expect(data.headers.get(ACCOUNT_HEADER)).toBe(tag);
    const again = await visit("/journal", { cookie: await signInAs(DEMO) });
    expect(again.headers.get(ACCOUNT_HEADER)).toBe(tag);
  });

  it("names another account differently", async () => {
    const demo = (await visit("/collection", { cookie: await signInAs(DEMO) })).headers.get(ACCOUNT_HEADER);
    const ines = (await visit("/collection", { cookie: await signInAs(INES) })).headers.get(ACCOUNT_HEADER);
    expect(ines).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(ines).not.toBe(demo);
  });

  it("cannot be worked out without the server's secret", async () => {
    const secret = "11".repeat(32);
    expect(await accountTag(DEMO, secret)).not.toBe(await accountTag(DEMO, "22".repeat(32)));
    expect(await accountTag(DEMO, secret)).toBe(await accountTag(DEMO, secret));
  });

  it("is empty for a page made for nobody signed in, and absent on a copy shared by every visitor", async () => {
    // A robot gets no guest: the page is made for nobody.
    const nobody = await get("/pricing.data");
    expect(nobody.status).toBe(200);
    expect(nobody.headers.get(ACCOUNT_HEADER)).toBe("");
    // A visitor's home page is the shared copy, rendered as a stranger: it names no account at all.
    const shared = await visit("/");
    expect(shared.status).toBe(200);
    expect(shared.headers.has(ACCOUNT_HEADER)).toBe(false);
  });

  it("is not on files or answers that are not pages", async () => {
    const cookie = await signInAs(DEMO);
    const health = await get("/healthz", { cookie });
    expect(health.headers.has(ACCOUNT_HEADER)).toBe(false);
    const card = await get("/art/card.svg?theme=autumn&style=minimalist&card=major-0", { cookie });
    expect(card.headers.has(ACCOUNT_HEADER)).toBe(false);
  });
});

describe("the account cookie beside the session", () => {
  const markerOf = (response: Response, name = accountCookieName(false)) => response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

  it("names the page's account as the header does, readable by the worker, for as long as a session lasts", async () => {
    const cookie = await signInAs(DEMO);
    const page = await visit("/collection", { cookie });
    const tag = page.headers.get(ACCOUNT_HEADER)!;
    const marker = markerOf(page)!;
    expect(marker.split(";")[0]).toBe(`arcanum_account=${tag}`);
    const attributes = marker
      .split(";")
      .slice(1)
      .map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["path=/", "samesite=lax", `max-age=${SESSION_TTL_MS / 1000}`]));
    expect(attributes).not.toContain("httponly");
    expect(page.headers.get("cache-control")).toMatch(/private/);
    // Sent back, it is not set again; a `.data` answer keeps it the same way.
    expect(markerOf(await visit("/journal", { cookie: `${cookie}; arcanum_account=${tag}` }))).toBeUndefined();
    expect(markerOf(await get("/collection.data", { cookie: `${cookie}; arcanum_account=stale` }))).toBe(marker);
  });

  it("is taken back when the page names nobody, and never set on a copy shared by every visitor", async () => {
    const nobody = await get("/pricing.data", { cookie: "arcanum_account=left-behind" });
    expect(nobody.headers.get(ACCOUNT_HEADER)).toBe("");
    expect(markerOf(nobody)).toMatch(/^arcanum_account=; .*Max-Age=0/);
    expect(markerOf(await get("/pricing.data"))).toBeUndefined();
    expect(markerOf(await visit("/?shared-copy=1"))).toBeUndefined();
  });

  it("is the __Host- cookie over https, Secure", async () => {
    const secure = await app.fetch("https://arcanum.test/collection", {
      redirect: "manual",
      headers: { "user-agent": "Mozilla/5.0 Chrome/156.0", "sec-fetch-dest": "document", accept: "text/html", cookie: `__Host-${await signInAs(INES)}` },
    });
    const marker = markerOf(secure, accountCookieName(true))!;
    expect(marker.split(";")[0]).toBe(`__Host-arcanum_account=${secure.headers.get(ACCOUNT_HEADER)}`);
    expect(marker).toMatch(/; Secure/);
  });
});

describe("the service worker's rule for copies a session left behind", () => {
  it("keeps them while the cookie names the account they were kept for, and wipes them first when it names nobody or someone else", () => {
    expect(copiesOutliveSession("tag-a", "tag-a")).toBe(false);
    // The session lapsed or its cookies were cleared: the cookie beside it went with it.
    expect(copiesOutliveSession("tag-a", null)).toBe(true);
    expect(copiesOutliveSession("tag-a", "")).toBe(true);
    // Another account's session on this browser.
    expect(copiesOutliveSession("tag-a", "tag-b")).toBe(true);
    // Nothing of anyone's is kept: nothing to wipe.
    expect(copiesOutliveSession(null, null)).toBe(false);
    expect(copiesOutliveSession("", null)).toBe(false);
    expect(copiesOutliveSession(null, "tag-b")).toBe(false);
  });
});
