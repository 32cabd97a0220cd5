/**
 * The account a page was made for, as the service worker reads it to keep each account's saved
 * copies apart (app/sw/account-header.server.ts): on documents and `.data`, opaque, the same for one
 * account, different between accounts, empty for nobody, and absent where the page was made for everyone.
 */
import { describe, expect, it } from "vitest";
import { accountTag } from "../../app/sw/account-header.server";
import { ACCOUNT_HEADER } from "../../app/sw/policy";
import { get, signInAs, visit } from "./helpers";

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
