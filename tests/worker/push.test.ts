import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { newId } from "../../app/lib/crypto";
import { topUpStatements } from "../../app/paid-readings/wallet.server";
import { sendPushNow } from "../../app/push/notify.server";
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

type Hit = { at: number; endpoint: string; headers: Headers; body: Uint8Array };

/**
 * The push service: every request the Worker sends to https://push.test is recorded with when it
 * arrived and answered with the next status of its endpoint's script (201 when the script is done).
 */
function pushService(script: Record<string, Array<{ status: number; retryAfter?: string }>> = {}) {
  const hits: Hit[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (new URL(request.url).origin !== "https://push.test") return real(input as RequestInfo, init);
    hits.push({ at: performance.now(), endpoint: request.url, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) });
    const next = script[request.url]?.shift() ?? { status: 201 };
    return new Response(null, { status: next.status, headers: next.retryAfter ? { "retry-after": next.retryAfter } : {} });
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
    expect(await plainHttp.json()).toEqual({ error: "A push endpoint is an https address" });
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
    await sendPushNow({ db: db(), config: config() }, { kind: "reader-online", readerId: reader.id, origin: ORIGIN });
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
    const outcomes = await sendPushNow({ db: db(), config: config() }, { kind: "reader-online", readerId: reader.id, origin: ORIGIN });
    const count = (device: { endpoint: string }) => hits.filter((hit) => hit.endpoint === device.endpoint).length;
    expect([count(busy), count(down), count(refused), count(broken)]).toEqual([2, 3, 1, 4]);
    expect(outcomes).toEqual(["sent", "sent", "refused", "gave-up"]);
    const rows = await rowsOf(follower.id);
    expect(rows.find((row) => row.endpoint === refused.endpoint)!.failureCount).toBe(1);
    expect(rows.find((row) => row.endpoint === busy.endpoint)!.failureCount).toBe(0);
  });

  it("tells a follower of a reader coming online once in three hours, and respects a kind turned off", async () => {
    const reader = await newReader();
    const follower = await newMember("follower");
    const device = await newDevice();
    expect((await subscribe(follower.cookie, device, { follow: reader.username })).status).toBe(200);
    const hits = pushService();
    await sendPushNow({ db: db(), config: config() }, { kind: "reader-online", readerId: reader.id, origin: ORIGIN });
    await sendPushNow({ db: db(), config: config() }, { kind: "reader-online", readerId: reader.id, origin: ORIGIN });
    expect(hits).toHaveLength(1);
    const message = JSON.parse(new TextDecoder().decode(await decryptMessage(hits[0]!.body, device.secret)));
    expect(message).toMatchObject({ kind: "reader-online", title: "Vera Night is online", url: `/readers/${reader.username}` });
    // Three hours on, again; but not once the person turned that kind off on their profile.
    await db()
      .update(readerFollows)
      .set({ lastNotifiedAt: Date.now() - 3 * 60 * 60 * 1000 - 1 });
    expect((await post("/push/settings", { "reading-request": "on", "deck-ready": "on", sale: "on" }, { cookie: follower.cookie })).status).toBe(302);
    await sendPushNow({ db: db(), config: config() }, { kind: "reader-online", readerId: reader.id, origin: ORIGIN });
    expect(hits).toHaveLength(1);
    const profile = await (await get("/profile", { cookie: follower.cookie })).text();
    expect(profile).toContain("Readers I follow coming online");
  });
});
