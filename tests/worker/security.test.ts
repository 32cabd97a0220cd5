import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { createDatabase } from "../../app/db.server";
import { DISCARD_LIMIT, FORM_BODY_LIMIT, JOURNAL_IMPORT_BODY_LIMIT, UPLOAD_BODY_LIMIT } from "../../app/worker/request-body.server";
import { anonymousUsers, users } from "../../db/schema";
import { app, CookieJar, get, ORIGIN, post, signInAs, visit } from "./helpers";
import { newNonce } from "../../app/security/headers.server";

const db = () => createDatabase(env.DB);

const scriptNonces = (html: string) => [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]!);
const inlineScriptsWithoutNonce = (html: string) => [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].filter((m) => !/\snonce="/.test(m[1]!));

describe("security headers", () => {
  it("gives every page a CSP whose nonce is on each of its inline scripts, and no unsafe-inline script", async () => {
    const cookie = await signInAs("seed-user-demo");
    for (const [path, who] of [
      ["/", cookie],
      ["/collection", cookie],
      ["/profile", cookie],
      ["/login", undefined],
      ["/pricing", cookie],
      ["/journal", cookie],
    ] as const) {
      const response = await visit(path, { cookie: who });
      expect(response.status, path).toBe(200);
      const csp = response.headers.get("content-security-policy")!;
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      const html = await response.text();
      const nonces = scriptNonces(html);
      expect(nonces.length, path).toBeGreaterThan(0);
      expect(new Set(nonces), path).toEqual(new Set([nonce]));
      expect(inlineScriptsWithoutNonce(html), path).toEqual([]);
    }
  });

  it("uses a fresh nonce for each response, also for a shared copy of a public page", async () => {
    const first = await get("/pricing?nonce-check=1");
    const firstNonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy")!)![1];
    expect(scriptNonces(await first.text())).toContain(firstNonce);
    const second = await get("/pricing?nonce-check=1");
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    const secondNonce = /'nonce-([^']+)'/.exec(second.headers.get("content-security-policy")!)![1];
    expect(secondNonce).not.toBe(firstNonce);
    const html = await second.text();
    expect(new Set(scriptNonces(html))).toEqual(new Set([secondNonce]));
    expect(html).not.toContain(firstNonce);
    expect(second.headers.has("x-arcanum-page-nonce")).toBe(false);
  });

  it("draws each nonce from random bytes handed out once, across refills of the block they are drawn in", () => {
    // 600 nonces of 16 bytes take the 4 KiB block more than twice over.
    const nonces = Array.from({ length: 600 }, () => newNonce());
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(nonces).size).toBe(600);
  });

  it("puts nosniff, Referrer-Policy and frame-ancestors on data, media, files and errors too", async () => {
    const cookie = await signInAs("seed-user-demo");
    const responses = [
      await get("/profile.data", { cookie }),
      await get("/collection.data", { cookie }),
      await get("/media/card-images/seed-deck-celestial-tides/major_00.svg"),
      await get("/art/back.svg?theme=Moon&style=woodcut"),
      await get("/healthz"),
      await get("/no-such-page"),
      await post("/theme", { theme: "dark" }, { origin: "https://evil.example" }),
    ];
    for (const response of responses) {
      const where = `${response.url} ${response.status}`;
      expect(response.headers.get("x-content-type-options"), where).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), where).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("content-security-policy"), where).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options"), where).toBe("DENY");
    }
  });

  it("sends HSTS over https only", async () => {
    const secure = await app.fetch("https://arcanum.test/healthz");
    expect(secure.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    expect((await get("/healthz")).headers.get("strict-transport-security")).toBeNull();
  });

  it("lets only the reading room ask for the camera and microphone", async () => {
    const cookie = await signInAs("seed-user-demo");
    const room = await visit("/reading-room?create=true", { cookie, headers: { "sec-fetch-site": "same-origin" } });
    const roomPage = room.status === 302 ? await visit(room.headers.get("location")!, { cookie }) : room;
    expect(roomPage.headers.get("permissions-policy")).toMatch(/camera=\(self\), microphone=\(self\)/);
    for (const path of ["/", "/profile", "/collection", "/login"]) {
      const policy = (await visit(path, { cookie })).headers.get("permissions-policy");
      expect(policy, path).toMatch(/camera=\(\), microphone=\(\)/);
    }
  });
});

describe("responses about a person stay in their browser", () => {
  it("marks private pages and their data private, no-store, varying on the cookie", async () => {
    const cookie = await signInAs("seed-user-demo");
    const paths = [
      "/collection/seed-deck-autumn-lanterns",
      "/collection/seed-deck-autumn-lanterns.data",
      "/profile",
      "/profile.data",
      "/collection",
      "/journal",
      "/journal.data",
      "/create-deck.data",
      "/_root.data",
    ];
    for (const path of paths) {
      const response = await get(path, { cookie });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      expect(response.headers.get("vary") ?? "", path).toMatch(/cookie/i);
    }
    const profile = await (await get("/profile.data", { cookie })).text();
    expect(profile).toContain("demo@example.com");
  });

  it("keeps long public caching only where the answer is the same for everyone", async () => {
    const art = await get("/art/back.svg?theme=Moon&style=woodcut");
    expect(art.headers.get("cache-control")).toMatch(/^public/);
    const privateCard = await get("/media/card-images/seed-deck-autumn-lanterns/major_00.svg", { cookie: await signInAs("seed-user-demo") });
    if (privateCard.status === 200) expect(privateCard.headers.get("cache-control")).toMatch(/^private/);
  });
});

describe("shared copies of public pages carry nobody's identity", () => {
  it("never puts a guest's name or id into the copy another visitor gets", async () => {
    const jar = new CookieJar();
    jar.take(await visit("/"));
    const guestSession = jar.get("arcanum_session")!;
    expect(guestSession).toMatch(/^g\./);
    const saved = await post("/profile", { intent: "profile", fullName: "Zephyrine Quillfeather", username: "" }, { cookie: jar.header() });
    expect(saved.status).toBeLessThan(500);
    const [guest] = await db()
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .innerJoin(anonymousUsers, eq(anonymousUsers.id, users.id))
      .where(eq(users.fullName, "Zephyrine Quillfeather"));
    expect(guest).toBeTruthy();

    const guestsBefore = (await db().select({ id: anonymousUsers.id }).from(anonymousUsers)).length;
    const miss = await visit("/pricing?p=guest-identity", { cookie: jar.header() });
    expect(miss.headers.get("x-page-cache")).toBe("MISS");
    // A miss renders the shared copy as a stranger: the guest keeps their session, nobody new is made.
    expect(miss.headers.getSetCookie()).toEqual([]);
    await miss.text();
    expect((await db().select({ id: anonymousUsers.id }).from(anonymousUsers)).length).toBe(guestsBefore);

    const stranger = await get("/pricing?p=guest-identity");
    expect(stranger.headers.get("x-page-cache")).toBe("HIT");
    const html = await stranger.text();
    expect(html).not.toContain("Zephyrine");
    expect(html).not.toContain(guest!.id);
  });

  it("makes one guest on a new visitor's first page: one device cookie, one session cookie, and the bookmark of that write", async () => {
    const before = (await db().select({ id: anonymousUsers.id }).from(anonymousUsers)).length;
    const first = await visit("/marketplace?first-visit=1");
    await first.text();
    const cookies = first.headers.getSetCookie();
    expect(cookies.map((c) => c.split("=")[0]).sort()).toEqual(["arcanum_device", "arcanum_session", "d1_bookmark"]);
    expect((await db().select({ id: anonymousUsers.id }).from(anonymousUsers)).length).toBe(before + 1);
  });
});

/** A POST whose body streams in without a declared length. */
function streamedPost(path: string, bytes: number, cookie?: string, chunkBytes = 64 * 1024) {
  const chunk = new TextEncoder().encode("x".repeat(chunkBytes));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return {
    response: app.fetch(`${ORIGIN}${path}`, {
      method: "POST",
      redirect: "manual",
      body,
      // @ts-expect-error workerd's RequestInit takes duplex for streamed bodies
      duplex: "half",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    }),
    sent: () => sent,
  };
}

describe("request bodies are capped before they are read", () => {
  it("refuses a declared oversized body at once with 413 and a clear message", async () => {
    const cookie = await signInAs("seed-user-demo");
    for (const [path, limit] of [
      ["/theme", FORM_BODY_LIMIT],
      ["/login", FORM_BODY_LIMIT],
      ["/profile", UPLOAD_BODY_LIMIT],
      ["/journal", JOURNAL_IMPORT_BODY_LIMIT],
      ["/journal/some-entry", FORM_BODY_LIMIT],
      ["/collection/seed-deck-autumn-lanterns", FORM_BODY_LIMIT],
    ] as const) {
      const response = await app.fetch(`${ORIGIN}${path}`, {
        method: "POST",
        redirect: "manual",
        body: new Uint8Array(limit + 1),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie },
      });
      expect(response.status, path).toBe(413);
      expect(await response.text()).toMatch(/too large/);
    }
  });

  it("reads a refused streamed body to its end without keeping it, and stops at the platform's ceiling", async () => {
    const cookie = await signInAs("seed-user-demo");
    const sixtyMegabytes = 60 * 1024 * 1024;
    const upload = streamedPost("/profile", sixtyMegabytes, cookie, 1024 * 1024);
    expect((await upload.response).status).toBe(413);
    // Read through and dropped, so the connection is free for its next request.
    expect(upload.sent()).toBe(sixtyMegabytes);
    const endless = streamedPost("/profile", 4 * DISCARD_LIMIT, cookie, 1024 * 1024);
    expect((await endless.response).status).toBe(413);
    expect(endless.sent()).toBeLessThan(DISCARD_LIMIT + 4 * 1024 * 1024);
  });

  it("refuses a body that is not a form with 415, and a broken multipart form with 400, not a server error", async () => {
    const cookie = await signInAs("seed-user-demo");
    const json = await app.fetch(`${ORIGIN}/collection/seed-deck-autumn-lanterns`, {
      method: "POST",
      redirect: "manual",
      body: JSON.stringify({ intent: "rename", title: "x" }),
      headers: { host: "localhost", origin: ORIGIN, cookie, "content-type": "application/json" },
    });
    expect(json.status).toBe(415);
    expect(await json.text()).toMatch(/Send this as a form/);
    const broken = await app.fetch(`${ORIGIN}/profile`, {
      method: "POST",
      redirect: "manual",
      body: '--nope\r\nContent-Disposition: form-data; name="intent"\r\n\r\nprofile',
      headers: { host: "localhost", origin: ORIGIN, cookie, "content-type": "multipart/form-data; boundary=other" },
    });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toMatch(/could not be read/);
  });

  it("still takes a streamed body under the cap", async () => {
    const response = await streamedPost("/theme", 10, undefined).response;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Choose light or dark." });
  });
});

describe("refusals are logged for the operator", () => {
  it("writes one line per refused request, with no cookie, query or address in it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const cookie = await signInAs("seed-user-demo");
      const response = await post(
        "/theme?secret=query",
        { theme: "dark" },
        { origin: "https://evil.example", cookie, headers: { "cf-connecting-ip": "203.0.113.99" } },
      );
      expect(response.status).toBe(403);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const lines = warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("request-refused"));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ event: "request-refused", status: 403, method: "POST", path: "/theme", socket: false });
      expect(lines[0]).not.toContain("secret");
      expect(lines[0]).not.toContain("203.0.113.99");
      expect(lines[0]).not.toContain(cookie.split("=")[1]!);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("production is the default and safe", () => {
  async function callWorker(path: string, vars: Partial<Env>) {
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`https://arcanum.test${path}`) as Request<unknown, IncomingRequestCfProperties>,
      { ...env, ...vars } as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("refuses to serve at all without AUTH_SECRET, even its health check", async () => {
    for (const path of ["/healthz", "/", "/dev/mailbox", "/login"]) {
      const response = await callWorker(path, { APP_ENV: undefined, AUTH_SECRET: undefined });
      expect(response.status, path).toBe(503);
      expect(await response.text()).not.toMatch(/AUTH_SECRET|secret/i);
    }
  });

  it("serves with its secret, and has no development mailbox", async () => {
    const vars = { APP_ENV: undefined, AUTH_SECRET: "cd".repeat(32) };
    expect((await callWorker("/healthz", vars)).status).toBe(200);
    for (const path of ["/dev/mailbox", "/dev/mailbox.data", "/dev/mailbox?to=demo@example.com"]) {
      expect((await callWorker(path, vars)).status, path).toBe(404);
    }
  });
});
