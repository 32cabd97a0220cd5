import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GeminiAi, WorkersAi } from "../../app/ai/ai.server";
import { GOOGLE_TAKEN_MESSAGE } from "../../app/auth/accounts.server";
import { GOOGLE, GOOGLE_ERRORS } from "../../app/auth/google.server";
import { createDatabase } from "../../app/db.server";
import { sha256Hex } from "../../app/lib/crypto";
import { readConfig } from "../../app/env.server";
import { createMailer, MailError, OutboxMailer, ResendMailer } from "../../app/mail/mail.server";
import { anonymousUsers, userIdentities, users } from "../../db/schema";
import worker from "../../workers/app";
import { CookieJar, ORIGIN } from "./helpers";

const db = () => createDatabase(env.DB);
const googleEnv = { ...env, GOOGLE_CLIENT_ID: "client-123.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "shh" } as Env;

afterEach(() => {
  vi.restoreAllMocks();
});

/** One browser talking to the real Worker entry with Google configured. */
class Browser {
  jar = new CookieJar();

  async fetch(path: string, init: RequestInit & { document?: boolean } = {}) {
    const headers = new Headers(init.headers);
    headers.set("cookie", this.jar.header());
    if (init.document !== false) {
      headers.set("user-agent", "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36");
      headers.set("sec-fetch-dest", "document");
    }
    if (init.method === "POST") {
      headers.set("origin", ORIGIN);
      headers.set("content-type", "application/x-www-form-urlencoded");
    }
    const ctx = createExecutionContext();
    const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" }) as never, googleEnv, ctx);
    await waitOnExecutionContext(ctx);
    return this.jar.take(response);
  }

  async userId() {
    const token = this.jar.get("arcanum_session");
    if (!token) return null;
    const hash = await sha256Hex(token);
    const row = await db().query.authSessions.findFirst({ where: (s, { eq }) => eq(s.id, hash) });
    return row?.userId ?? null;
  }
}

const base64url = (value: string) => btoa(value).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const jwt = (claims: Record<string, unknown>) => `${base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }))}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

type GoogleAccount = { sub: string; email: string; name?: string; picture?: string; emailVerified?: boolean };

/**
 * Stands in for Google at its HTTP boundary: the token endpoint answers with an ID token for
 * the nonce it was given, the user-info endpoint with the account, the picture with PNG bytes.
 */
function fakeGoogle(account: GoogleAccount, overrides: { nonce?: string; aud?: string; tokenStatus?: number } = {}) {
  const calls: { url: string; body: string; headers: Headers }[] = [];
  let nonce = "";
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const body = request.method === "POST" ? await request.text() : "";
    calls.push({ url: request.url, body, headers: request.headers });
    if (request.url === GOOGLE.tokenEndpoint) {
      if (overrides.tokenStatus) return Response.json({ error: "invalid_grant" }, { status: overrides.tokenStatus });
      return Response.json({
        access_token: "ya29.access",
        refresh_token: "1//refresh",
        expires_in: 3599,
        token_type: "Bearer",
        scope: "openid email profile",
        id_token: jwt({
          iss: "https://accounts.google.com",
          aud: overrides.aud ?? googleEnv.GOOGLE_CLIENT_ID,
          sub: account.sub,
          email: account.email,
          exp: Math.floor(Date.now() / 1000) + 3600,
          iat: Math.floor(Date.now() / 1000),
          nonce: overrides.nonce ?? nonce,
        }),
      });
    }
    if (request.url === GOOGLE.userInfoEndpoint) {
      if (request.headers.get("authorization") !== "Bearer ya29.access") return new Response("unauthorized", { status: 401 });
      return Response.json({
        sub: account.sub,
        email: account.email,
        email_verified: account.emailVerified ?? true,
        name: account.name,
        picture: account.picture,
      });
    }
    if (account.picture && request.url === account.picture) {
      return new Response(PNG, { headers: { "content-type": "image/png" } });
    }
    return new Response("not found", { status: 404 });
  });
  return {
    calls,
    spy,
    /** The authorization request's nonce, which Google would put in the ID token. */
    rememberNonce(location: string) {
      nonce = new URL(location).searchParams.get("nonce") ?? "";
    },
  };
}

async function startGoogle(browser: Browser, redirectTo = "/collection") {
  const response = await browser.fetch("/auth/google", { method: "POST", body: new URLSearchParams({ redirectTo }), document: false });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

describe("Google sign-in", () => {
  it("sends the browser to Google with PKCE, state, nonce, offline access and the consent prompt", async () => {
    const browser = new Browser();
    const url = await startGoogle(browser);
    expect(url.origin + url.pathname).toBe(GOOGLE.authorizationEndpoint);
    const params = url.searchParams;
    expect(params.get("client_id")).toBe(googleEnv.GOOGLE_CLIENT_ID);
    expect(params.get("redirect_uri")).toBe(`${ORIGIN}/auth/callback`);
    expect(params.get("response_type")).toBe("code");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get("state")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.get("nonce")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.get("access_type")).toBe("offline");
    expect(params.get("prompt")).toBe("consent");
    expect(params.get("scope")?.split(" ")).toEqual(["openid", "email", "profile"]);
    expect(browser.jar.names().some((name) => name.startsWith("arcanum_oauth:"))).toBe(true);
    expect(browser.jar.get("arcanum_google")).toBeTruthy();
  });

  it("turns a guest into a member with the Google e-mail, links the account, copies the picture and returns", async () => {
    const browser = new Browser();
    await browser.fetch("/");
    const guestId = await browser.userId();
    expect(guestId).toBeTruthy();
    const google = fakeGoogle({ sub: "g-100", email: "Willow@Example.com", name: "Willow Fern", picture: "https://lh3.googleusercontent.com/a/willow" });
    const authorize = await startGoogle(browser, "/collection");
    google.rememberNonce(authorize.toString());

    const response = await browser.fetch(`/auth/callback?state=${authorize.searchParams.get("state")}&code=4%2Fcode`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/collection");

    const token = google.calls.find((c) => c.url === GOOGLE.tokenEndpoint)!;
    const form = new URLSearchParams(token.body);
    expect(form.get("grant_type")).toBe("authorization_code");
    expect(form.get("code")).toBe("4/code");
    expect(form.get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(form.get("redirect_uri")).toBe(`${ORIGIN}/auth/callback`);

    expect(await browser.userId()).toBe(guestId);
    const user = await db().query.users.findFirst({ where: eq(users.id, guestId!) });
    expect(user).toMatchObject({ email: "willow@example.com", fullName: "Willow Fern" });
    expect(user?.avatarUrl).toMatch(new RegExp(`^/media/avatars/${guestId}/profile-[0-9a-f-]{36}\\.png$`));
    expect(await env.MEDIA.head(user!.avatarUrl!.slice("/media/".length))).not.toBeNull();
    expect(await db().query.anonymousUsers.findFirst({ where: eq(anonymousUsers.id, guestId!) })).toBeUndefined();
    const identity = await db().query.userIdentities.findFirst({ where: eq(userIdentities.subject, "g-100") });
    expect(identity?.userId).toBe(guestId);
    // The round trip's cookies are gone once it is over.
    expect(browser.jar.names().filter((name) => name.startsWith("arcanum_oauth") || name === "arcanum_google")).toEqual([]);
  });

  it("signs a later browser into the same account by the Google subject, merging its guest", async () => {
    const first = new Browser();
    let google = fakeGoogle({ sub: "g-200", email: "aspen@example.com" });
    let authorize = await startGoogle(first, "/");
    google.rememberNonce(authorize.toString());
    await first.fetch(`/auth/callback?state=${authorize.searchParams.get("state")}&code=a`);
    const owner = await first.userId();
    vi.restoreAllMocks();

    const second = new Browser();
    await second.fetch("/");
    const guestId = await second.userId();
    google = fakeGoogle({ sub: "g-200", email: "aspen@example.com" });
    authorize = await startGoogle(second, "/");
    google.rememberNonce(authorize.toString());
    const response = await second.fetch(`/auth/callback?state=${authorize.searchParams.get("state")}&code=b`);
    expect(response.status).toBe(302);
    expect(await second.userId()).toBe(owner);
    expect(await db().query.users.findFirst({ where: eq(users.id, guestId!) })).toBeUndefined();
  });

  it("refuses a Google account already linked to another user", async () => {
    const first = new Browser();
    let google = fakeGoogle({ sub: "g-300", email: "rowan@example.com" });
    let authorize = await startGoogle(first, "/");
    google.rememberNonce(authorize.toString());
    await first.fetch(`/auth/callback?state=${authorize.searchParams.get("state")}&code=a`);
    vi.restoreAllMocks();

    // Someone else, signed in to their own account, tries to link the same Google account.
    const other = new Browser();
    const { startSession } = await import("../../app/auth/session.server");
    const { token } = await startSession(db(), new Request(ORIGIN), "seed-user-orion", "member");
    other.jar.set("arcanum_session", token);
    google = fakeGoogle({ sub: "g-300", email: "rowan@example.com" });
    authorize = await startGoogle(other, "/");
    google.rememberNonce(authorize.toString());
    const response = await other.fetch(`/auth/callback?state=${authorize.searchParams.get("state")}&code=c`);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(GOOGLE_TAKEN_MESSAGE);
    expect(await other.userId()).toBe("seed-user-orion");
  });

  it.each([
    ["a state that is not this browser's", { state: "forged" }],
    ["an ID token with another nonce", { nonce: "someone-elses" }],
    ["an ID token for another client", { aud: "other-client" }],
    ["a refused code", { tokenStatus: 400 }],
  ])("refuses %s", async (_label, bad: { state?: string; nonce?: string; aud?: string; tokenStatus?: number }) => {
    const browser = new Browser();
    await browser.fetch("/");
    const guestId = await browser.userId();
    const google = fakeGoogle({ sub: "g-400", email: "mallow@example.com" }, bad);
    const authorize = await startGoogle(browser, "/");
    google.rememberNonce(authorize.toString());
    const response = await browser.fetch(`/auth/callback?state=${bad.state ?? authorize.searchParams.get("state")}&code=x`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(GOOGLE_ERRORS.failed);
    expect(await browser.userId()).toBe(guestId);
    expect(await db().query.users.findFirst({ where: eq(users.email, "mallow@example.com") })).toBeUndefined();
  });

  it("refuses an unverified Google e-mail", async () => {
    const browser = new Browser();
    const google = fakeGoogle({ sub: "g-500", email: "unverified@example.com", emailVerified: false });
    const authorize = await startGoogle(browser, "/");
    google.rememberNonce(authorize.toString());
    const response = await browser.fetch(`/auth/callback?state=${authorize.searchParams.get("state")}&code=x`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(GOOGLE_ERRORS.unverified);
  });

  it("shows a working Google button when configured", async () => {
    const html = await (await new Browser().fetch("/login")).text();
    expect(html).toContain('action="/auth/google"');
    expect(html).not.toContain(GOOGLE_ERRORS.notConfigured);
  });
});

describe("mail adapters", () => {
  it("sends through Resend's API with the key, sender and link", async () => {
    const requests: Request[] = [];
    const mailer = new ResendMailer("re_key", "Arcanum <hi@arcanum.test>", async (input, init) => {
      requests.push(new Request(input as RequestInfo, init));
      return Response.json({ id: "email_1" });
    });
    await mailer.send({ to: "a@example.com", subject: "Hi", text: "Open https://x.test/l", html: "<p>hi</p>", link: "https://x.test/l" });
    expect(requests[0]!.url).toBe("https://api.resend.com/emails");
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer re_key");
    expect(await requests[0]!.json()).toMatchObject({ from: "Arcanum <hi@arcanum.test>", to: ["a@example.com"], subject: "Hi" });
  });

  it("turns a refusal from Resend into a MailError, and the sign-in form says so", async () => {
    const mailer = new ResendMailer("re_key", "x@y.z", async () => Response.json({ message: "domain not verified" }, { status: 403 }));
    await expect(mailer.send({ to: "a@b.co", subject: "s", text: "t", html: "h" })).rejects.toBeInstanceOf(MailError);
  });

  it("keeps mail in the outbox by default, and refuses to pretend in production", async () => {
    expect(createMailer(readConfig(env), db())).toBeInstanceOf(OutboxMailer);
    const production = readConfig({ ...env, APP_ENV: "production", AUTH_SECRET: "ab".repeat(32) } as Env);
    await expect(createMailer(production, db()).send({ to: "a@b.co", subject: "s", text: "t", html: "h" })).rejects.toBeInstanceOf(MailError);
  });

  it("refuses to start in production without AUTH_SECRET", () => {
    expect(() => readConfig({ ...env, APP_ENV: "production" } as Env)).toThrow(/AUTH_SECRET/);
  });
});

describe("AI adapters for usernames", () => {
  it("asks Gemini with the key and takes the first line of its answer", async () => {
    const requests: Request[] = [];
    const ai = new GeminiAi("gm-key", async (input, init) => {
      requests.push(new Request(input as RequestInfo, init));
      return Response.json({ candidates: [{ content: { parts: [{ text: "**Moon_Seeker**\nother ideas" }] } }] });
    });
    expect(await ai.suggestUsername({ email: "moon@example.com" })).toBe("Moon_Seeker");
    expect(requests[0]!.headers.get("x-goog-api-key")).toBe("gm-key");
    expect(requests[0]!.url).toContain(":generateContent");
  });

  it.each([
    ["an error status", () => new Response("quota", { status: 429 })],
    ["no candidates", () => Response.json({ candidates: [] })],
    ["a network failure", () => Promise.reject(new TypeError("network down"))],
  ])("gives no suggestion on %s, so the local fallback is used", async (_label, answer) => {
    const ai = new GeminiAi("gm-key", async () => answer(), { deps: { sleep: async () => {}, log: () => {} } });
    expect(await ai.suggestUsername({ email: "x@example.com" })).toBeNull();
  });

  it("reads Workers AI's response, and survives its failure", async () => {
    const good = new WorkersAi({ run: async () => ({ choices: [{ message: { role: "assistant", content: "Tarot_Owl" } }] }) } as unknown as Ai);
    expect(await good.suggestUsername({ email: "o@example.com" })).toBe("Tarot_Owl");
    const bad = new WorkersAi({ run: async () => Promise.reject(new Error("capacity")) } as unknown as Ai, { deps: { sleep: async () => {}, log: () => {} } });
    expect(await bad.suggestUsername({ email: "o@example.com" })).toBeNull();
  });
});
