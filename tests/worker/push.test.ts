import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { newId } from "../../app/lib/crypto";
import { topUpStatements } from "../../app/paid-readings/wallet.server";
import { dailyCardNews } from "../../app/daily/reminders.server";
import { readingRequestNews } from "../../app/paid-readings/news.server";
import { sendPushNow } from "../../app/push/notify.server";
import { readerOnlineNews } from "../../app/readers/online-news.server";
import { decryptMessage, fromBase64Url, toBase64Url, verifyVapidAuthorization } from "../../app/push/web-push.server";
import { pushSubscriptions, readerFollows, readerProfiles, users } from "../../db/schema";
import worker from "../../workers/app";
import { get, ORIGIN, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);
const config = () => readConfig(env as unknown as Env);

/** A browser's push subscription: its keys, and the private key only the browser holds. */
async function newDevice() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const privateKey = fromBase64Url(((await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey).d!);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const endpoint = `https://push.test/send/${newId()}`;
  return { endpoint, p256dh: toBase64Url(publicKey), auth: toBase64Url(auth), secret: { privateKey, publicKey, auth } };
}

type Hit = { at: number; endpoint: string; headers: Headers; body: Uint8Array; redirect: RequestRedirect };

/**
 * The push service: every request the Worker sends to https://push.test is recorded with when it
 * arrived and answered with the next status of its endpoint's script (201 when the script is done).
 */
function pushService(script: Record<string, Array<{ status: number; retryAfter?: string; location?: string }>> = {}) {
  const hits: Hit[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (new URL(request.url).origin !== "https://push.test") return real(input as RequestInfo, init);
    hits.push({
      at: performance.now(),
      endpoint: request.url,
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
      redirect: request.redirect,
    });
    const next = script[request.url]?.shift() ?? { status: 201 };
    const headers: Record<string, string> = {};
    if (next.retryAfter) headers["retry-after"] = next.retryAfter;
    if (next.location) headers.location = next.location;
    return new Response(null, { status: next.status, headers });
  });
  return hits;
}

afterEach(() => vi.restoreAllMocks());

async function newMember(name = "member") {
  const id = `${name}-${newId()}`;
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.test`, username: id.slice(0, 30), fullName: "Ada Lake" });
  return { id, cookie: await signInAs(id) };
}

async function newReader() {
  const id = `reader-${newId()}`;
  const username = `r${newId().slice(0, 12)}`.toLowerCase();
  await db()
    .insert(users)
    .values({
      id,
      email: `${id}@example.test`,
      username,
      fullName: "Vera Night",
      isReader: true,
      customPricePerMinute: 150,
      isOnline: true,
      lastSeenAt: Date.now(),
    });
  await db().insert(readerProfiles).values({ userId: id, available: true });
  return { id, username, cookie: await signInAs(id) };
}

async function subscribe(cookie: string, device: Awaited<ReturnType<typeof newDevice>>, extra: Record<string, string> = {}) {
  return post("/push/subscription", { intent: "subscribe", endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, ...extra }, { cookie });
}

const rowsOf = (userId: string) => db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe("subscriptions", () => {
  it("keeps a device for the signed-in account, refuses bad input with 400, and gives the key to subscribe with", async () => {
    const member = await newMember();
    const key = await (await get("/push/subscription", { cookie: member.cookie })).json();
    expect(key).toEqual({ publicKey: env.VAPID_PUBLIC_KEY });
    const device = await newDevice();
    expect((await subscribe(member.cookie, device)).status).toBe(200);
    expect((await rowsOf(member.id)).map((row) => row.endpoint)).toEqual([device.endpoint]);
    const plainHttp = await subscribe(member.cookie, { ...device, endpoint: "http://push.example.net/x" });
    expect(plainHttp.status).toBe(400);
    expect(await plainHttp.json()).toEqual({ error: "A push endpoint is the address of a browser's push service" });
    expect((await subscribe(member.cookie, { ...device, auth: "short" })).status).toBe(400);
    expect((await post("/push/subscription", { intent: "shout" }, { cookie: member.cookie })).status).toBe(400);
    expect((await subscribe(member.cookie, device, { follow: "nobody-here" })).status).toBe(404);
    // Another site cannot subscribe a browser.
    expect(
      (
        await subscribe(member.cookie, device, {}).then(() =>
          post("/push/subscription", { intent: "subscribe" }, { cookie: member.cookie, origin: "https://evil.example" }),
        )
      ).status,
    ).toBe(403);
  });

  it("ends with the sign-in it was made through, and with the account", async () => {
    const member = await newMember();
    const device = await newDevice();
    await subscribe(member.cookie, device);
    const other = await newDevice();
    const elsewhere = await signInAs(member.id);
    await subscribe(elsewhere, other);
    expect((await post("/logout", {}, { cookie: member.cookie })).status).toBe(302);
    expect((await rowsOf(member.id)).map((row) => row.endpoint)).toEqual([other.endpoint]);
    const deleted = await post("/profile", { intent: "delete-account", confirm: "DELETE" }, { cookie: elsewhere });
    expect(deleted.status).toBeLessThan(400);
    expect(await rowsOf(member.id)).toEqual([]);
  });
});

describe("endpoints and devices", () => {
  it("takes only a known push service's https address, or the tests' own push service, never an address of this network or an IP", async () => {
    const member = await newMember();
    const device = await newDevice();
    const refused = [
      "https://127.0.0.1/send/x",
      "https://localhost/send/x",
      "https://10.0.0.7/send/x",
      "https://192.168.1.1/send/x",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]/send/x",
      "https://[fd00::1]/send/x",
      "https://2130706433/send/x",
      "https://0x7f000001/send/x",
      "https://017700000001/send/x",
      "http://127.0.0.1:9/send/x",
      "http://localhost:8787/send/x",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
      "https://evil.example/fcm.googleapis.com/send/x",
      "https://user:secret@fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://push.apple.com/x",
      "https://notify.windows.com.evil.example/w/x",
      "https://push.test:444/send/x",
      "http://push.test/send/x",
    ];
    for (const endpoint of refused) {
      const answer = await subscribe(member.cookie, { ...device, endpoint });
      expect(answer.status, endpoint).toBe(400);
      expect(await answer.json(), endpoint).toEqual({ error: "A push endpoint is the address of a browser's push service" });
    }
    const taken = [
      `https://fcm.googleapis.com/fcm/send/${newId()}`,
      `https://updates.push.services.mozilla.com/wpush/v2/${newId()}`,
      `https://web.push.apple.com/${newId()}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${newId()}`,
      `https://push.test/send/${newId()}`,
    ];
    for (const endpoint of taken) expect((await subscribe(member.cookie, { ...device, endpoint })).status, endpoint).toBe(200);
    expect((await rowsOf(member.id)).map((row) => row.endpoint).sort()).toEqual([...taken].sort());
  });

  it("takes the tests' push service only where it is configured, and never in production", async () => {
    const { isPushServiceEndpoint } = await import("../../app/push/push-services");
    expect(isPushServiceEndpoint("https://push.test/send/x", "https://push.test")).toBe(true);
    expect(isPushServiceEndpoint("https://push.test/send/x", null)).toBe(false);
    expect(isPushServiceEndpoint("http://127.0.0.1:4567/send/x", "http://127.0.0.1:4567")).toBe(true);
    expect(isPushServiceEndpoint("http://127.0.0.1:4568/send/x", "http://127.0.0.1:4567")).toBe(false);
    expect(isPushServiceEndpoint("https://fcm.googleapis.com/fcm/send/x", null)).toBe(true);
    const production = readConfig({ ...env, APP_ENV: "production", AUTH_SECRET: "ab".repeat(32), PUSH_TEST_SERVICE: "https://push.test" } as unknown as Env);
    expect(production.push?.testService).toBeNull();
    expect(config().push?.testService).toBe("https://push.test");
  });

  it("keeps at most ten devices an account, the oldest giving way to a new one, even when several arrive at once", async () => {
    const member = await newMember();
    const first = [];
    for (let i = 0; i < 10; i++) {
      const device = await newDevice();
      expect((await subscribe(member.cookie, device)).status).toBe(200);
      first.push(device.endpoint);
    }
    // Made a second apart, the first one oldest.
    const base = Date.now() - 60_000;
    for (const [i, endpoint] of first.entries()) {
      await db()
        .update(pushSubscriptions)
        .set({ createdAt: base + i * 1000 })
        .where(eq(pushSubscriptions.endpoint, endpoint));
    }
    const eleventh = await newDevice();
    expect((await subscribe(member.cookie, eleventh)).status).toBe(200);
    expect((await rowsOf(member.id)).map((row) => row.endpoint).sort()).toEqual([...first.slice(1), eleventh.endpoint].sort());

    const burst = await Promise.all(Array.from({ length: 6 }, () => newDevice()));
    const answers = await Promise.all(burst.map((device) => subscribe(member.cookie, device)));
    expect(answers.map((answer) => answer.status)).toEqual(burst.map(() => 200));
    const rows = await rowsOf(member.id);
    expect(rows).toHaveLength(10);
    for (const device of burst) expect(rows.map((row) => row.endpoint)).toContain(device.endpoint);
  });
});

describe("delivery", () => {
  it("sends a paid request to the reader only after the client's answer, encrypted for the device, urgent, with Accept and Decline", async () => {
    const reader = await newReader();
    const device = await newDevice();
    await subscribe(reader.cookie, device);
    const client = await newMember("client");
    await db().batch(topUpStatements(db(), { id: newId(), userId: client.id, kind: "top-up", amountCents: 5000 }, Date.now()) as [never]);
    const hits = pushService();
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}/readers/${reader.username}/book`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ mode: "video", question: "" }),
      headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost", origin: ORIGIN, cookie: client.cookie },
    });
    const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env as unknown as Env, ctx);
    const answeredAt = performance.now();
    expect(response.status).toBe(302);
    // Nothing went out while the client waited for the answer.
    expect(hits).toEqual([]);
    await waitOnExecutionContext(ctx);
    expect(hits).toHaveLength(1);
    const [hit] = hits;
    expect(hit!.at).toBeGreaterThan(answeredAt);
    expect(hit!.endpoint).toBe(device.endpoint);
    expect(hit!.headers.get("urgency")).toBe("high");
    expect(hit!.headers.get("content-encoding")).toBe("aes128gcm");
    expect(Number(hit!.headers.get("ttl"))).toBeGreaterThan(0);
    expect(await verifyVapidAuthorization(hit!.headers.get("authorization")!, env.VAPID_PUBLIC_KEY!)).toMatchObject({ aud: "https://push.test" });
    const message = JSON.parse(new TextDecoder().decode(await decryptMessage(hit!.body, device.secret)));
    const requestId = response.headers.get("location")!.split("/").pop();
    expect(message).toEqual({
      kind: "reading-request",
      title: "Paid reading request",
      body: "Ada Lake asks for a video reading at $1.50 a minute.",
      url: `/readings/requests/${requestId}`,
      tag: `reading-request-${requestId}`,
      actions: [
        { action: "accept", title: "Accept" },
        { action: "decline", title: "Decline" },
      ],
    });
    expect((await rowsOf(reader.id))[0]!.lastSuccessAt).not.toBeNull();
  });

  it("forgets a device its push service answers 404 or 410 for", async () => {
    const reader = await newReader();
    const [gone, unknown, kept] = [await newDevice(), await newDevice(), await newDevice()];
    for (const device of [gone, unknown, kept]) await subscribe(reader.cookie, device);
    const follower = await newMember("follower");
    await db().insert(readerFollows).values({ followerId: follower.id, readerId: reader.id });
    await db().update(pushSubscriptions).set({ userId: follower.id }).where(eq(pushSubscriptions.userId, reader.id));
    const hits = pushService({ [gone.endpoint]: [{ status: 410 }], [unknown.endpoint]: [{ status: 404 }] });
    await sendPushNow({ db: db(), config: config() }, readerOnlineNews(reader.id, ORIGIN));
    expect(hits).toHaveLength(3);
    expect((await rowsOf(follower.id)).map((row) => row.endpoint)).toEqual([kept.endpoint]);
  });

  it("tries again after a 429 (waiting as Retry-After says) and a 503, never after a 400, and stops after four tries", async () => {
    const reader = await newReader();
    const [busy, down, refused, broken] = [await newDevice(), await newDevice(), await newDevice(), await newDevice()];
    const follower = await newMember("follower");
    for (const device of [busy, down, refused, broken]) await subscribe(follower.cookie, device);
    await db().insert(readerFollows).values({ followerId: follower.id, readerId: reader.id });
    const hits = pushService({
      [busy.endpoint]: [{ status: 429, retryAfter: "0" }],
      [down.endpoint]: [{ status: 503 }, { status: 502 }],
      [refused.endpoint]: [{ status: 400 }],
      [broken.endpoint]: [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }],
    });
    const outcomes = await sendPushNow({ db: db(), config: config() }, readerOnlineNews(reader.id, ORIGIN));
    const count = (device: { endpoint: string }) => hits.filter((hit) => hit.endpoint === device.endpoint).length;
    expect([count(busy), count(down), count(refused), count(broken)]).toEqual([2, 3, 1, 4]);
    expect(outcomes).toEqual(["sent", "sent", "refused", "gave-up"]);
    const rows = await rowsOf(follower.id);
    expect(rows.find((row) => row.endpoint === refused.endpoint)!.failureCount).toBe(1);
    expect(rows.find((row) => row.endpoint === busy.endpoint)!.failureCount).toBe(0);
  });

  it("never follows a push service's redirect: it counts as a failure and nothing is sent where it points", async () => {
    const follower = await newMember("follower");
    const device = await newDevice();
    await subscribe(follower.cookie, device);
    const hits = pushService({ [device.endpoint]: [{ status: 307, location: "https://push.test/elsewhere" }] });
    const outcomes = await sendPushNow({ db: db(), config: config() }, dailyCardNews(follower.id));
    expect(outcomes).toEqual(["refused"]);
    expect(hits.map((hit) => [hit.endpoint, hit.redirect])).toEqual([[device.endpoint, "manual"]]);
    expect((await rowsOf(follower.id))[0]!.failureCount).toBe(1);
  });

  it("sends nothing to a device kept from before whose address is no push service's, and forgets it", async () => {
    const follower = await newMember("follower");
    const device = await newDevice();
    await subscribe(follower.cookie, device);
    const inside = { ...(await newDevice()), endpoint: "https://169.254.169.254/latest/meta-data/" };
    await db().insert(pushSubscriptions).values({ id: newId(), userId: follower.id, endpoint: inside.endpoint, p256dh: inside.p256dh, auth: inside.auth });
    const sent: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      sent.push(new Request(input as RequestInfo, init).url);
      return new Response(null, { status: 201 });
    });
    await sendPushNow({ db: db(), config: config() }, dailyCardNews(follower.id));
    expect(sent).toEqual([device.endpoint]);
    expect((await rowsOf(follower.id)).map((row) => row.endpoint)).toEqual([device.endpoint]);
  });

  it("tells a follower of a reader coming online once in three hours, and respects a kind turned off", async () => {
    const reader = await newReader();
    const follower = await newMember("follower");
    const device = await newDevice();
    expect((await subscribe(follower.cookie, device, { follow: reader.username })).status).toBe(200);
    const hits = pushService();
    await sendPushNow({ db: db(), config: config() }, readerOnlineNews(reader.id, ORIGIN));
    await sendPushNow({ db: db(), config: config() }, readerOnlineNews(reader.id, ORIGIN));
    expect(hits).toHaveLength(1);
    const message = JSON.parse(new TextDecoder().decode(await decryptMessage(hits[0]!.body, device.secret)));
    expect(message).toMatchObject({ kind: "reader-online", title: "Vera Night is online", url: `/readers/${reader.username}` });
    // Three hours on, again; but not once the person turned that kind off on their profile.
    await db()
      .update(readerFollows)
      .set({ lastNotifiedAt: Date.now() - 3 * 60 * 60 * 1000 - 1 });
    expect((await post("/push/settings", { "reading-request": "on", "deck-ready": "on", sale: "on" }, { cookie: follower.cookie })).status).toBe(302);
    await sendPushNow({ db: db(), config: config() }, readerOnlineNews(reader.id, ORIGIN));
    expect(hits).toHaveLength(1);
    const profile = await (await get("/profile", { cookie: follower.cookie })).text();
    expect(profile).toContain("Readers I follow coming online");
  });
});

describe("pacing", () => {
  it("rings a reader once when a client asks, cancels and asks again eight times in a row", async () => {
    const reader = await newReader();
    const devices = await Promise.all(Array.from({ length: 5 }, () => newDevice()));
    for (const device of devices) await subscribe(reader.cookie, device);
    const client = await newMember("client");
    await db().batch(topUpStatements(db(), { id: newId(), userId: client.id, kind: "top-up", amountCents: 5000 }, Date.now()) as [never]);
    const hits = pushService();
    const contexts: ExecutionContext[] = [];
    const send = async (path: string, form: Record<string, string>) => {
      const ctx = createExecutionContext();
      contexts.push(ctx);
      const request = new Request(`${ORIGIN}${path}`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams(form),
        headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost", origin: ORIGIN, cookie: client.cookie },
      });
      return worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env as unknown as Env, ctx);
    };
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const asked = await send(`/readers/${reader.username}/book`, { mode: "chat", question: "" });
      statuses.push(asked.status);
      const location = asked.headers.get("location");
      if (location) await send(location, { intent: "cancel" });
    }
    await Promise.all(contexts.map((ctx) => waitOnExecutionContext(ctx)));
    expect(statuses[0]).toBe(302);
    expect(statuses.slice(1)).toEqual(Array.from({ length: 7 }, () => 429));
    expect(hits).toHaveLength(devices.length);
  });

  it("lets no kind of push ring a person at will: each is paced per person, and per sender where it has one", async () => {
    const { PUSH_PACE } = await import("../../app/push/pace.server");
    const reader = await newReader();
    const device = await newDevice();
    await subscribe(reader.cookie, device);
    const hits = pushService();
    const target = { db: db(), config: config() };
    const request = (clientId: string) =>
      sendPushNow(
        target,
        readingRequestNews({
          requestId: newId(),
          readerId: reader.id,
          clientId,
          clientName: "Ada Lake",
          pricePerMinuteCents: 150,
          mode: "chat",
          ttlMs: 90_000,
        }),
      );
    const perSender = PUSH_PACE["reading-request"].perSender!.limit;
    for (let i = 0; i < perSender + 5; i++) await request("client-one");
    expect(hits).toHaveLength(perSender);
    // Another client still reaches the reader.
    await request("client-two");
    expect(hits).toHaveLength(perSender + 1);

    // A kind with no sender is paced per person.
    const member = await newMember();
    const phone = await newDevice();
    await subscribe(member.cookie, phone);
    const perPerson = PUSH_PACE["daily-card"].perRecipient.limit;
    for (let i = 0; i < perPerson + 3; i++) await sendPushNow(target, dailyCardNews(member.id));
    expect(hits.filter((hit) => hit.endpoint === phone.endpoint)).toHaveLength(perPerson);
  });
});
