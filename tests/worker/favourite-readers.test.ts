/**
 * Favourite readers: favouriting and its notice switch, the list's "Your readers" filter, the online
 * notice by e-mail when no device takes the push, one three-hour gap for push and e-mail alike, the
 * signed link that stops one reader's notices for one person, and the creator's sale e-mail.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { newId } from "../../app/lib/crypto";
import { listOutbox } from "../../app/mail/mail.server";
import { event, LocalPayments } from "../../app/payments/local.server";
import { localWebhookSecret } from "../../app/payments/payments.server";
import { sendPushNow } from "../../app/push/notify.server";
import { READER_ONLINE_GAP_MS, readerOnlineNews } from "../../app/readers/online-news.server";
import { toBase64Url } from "../../app/push/web-push.server";
import { readerFollows, readerProfiles, subscriptions, users } from "../../db/schema";
import worker from "../../workers/app";
import { app, get, oneCardDeck, ORIGIN, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);
const config = () => readConfig(env as unknown as Env);

afterEach(() => vi.restoreAllMocks());

async function newPerson(options: { guest?: boolean } = {}) {
  const id = `p-${newId()}`;
  const email = options.guest ? null : `${id}@example.test`;
  await db()
    .insert(users)
    .values({ id, email, username: options.guest ? null : `m${newId().slice(0, 12)}`, fullName: "Ada Lake" });
  return { id, email, cookie: await signInAs(id) };
}

async function newReader(fullName = "Vera Night") {
  const id = `reader-${newId()}`;
  const username = `r${newId().slice(0, 12)}`.toLowerCase();
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.test`, username, fullName, isReader: true, customPricePerMinute: 150 });
  await db().insert(readerProfiles).values({ userId: id, available: true, introduction: "Clear answers, kindly given." });
  return { id, username, name: fullName, cookie: await signInAs(id) };
}

const favourite = (username: string, intent: string, cookie: string, extra: Record<string, string> = {}) =>
  post(`/readers/${username}/favourite`, { intent, ...extra }, { cookie });
const followRow = async (followerId: string, readerId: string) =>
  (
    await db()
      .select()
      .from(readerFollows)
      .where(and(eq(readerFollows.followerId, followerId), eq(readerFollows.readerId, readerId)))
  )[0];

/** Every request to https://push.test is counted and accepted. */
function pushService() {
  const hits: string[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (new URL(request.url).origin !== "https://push.test") return real(input as RequestInfo, init);
    hits.push(request.url);
    return new Response(null, { status: 201 });
  });
  return hits;
}

async function subscribeDevice(cookie: string) {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const p256dh = toBase64Url(new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer));
  const form = { intent: "subscribe", endpoint: `https://push.test/send/${newId()}`, p256dh, auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) };
  expect((await post("/push/subscription", form, { cookie })).status).toBe(200);
}

const mailTo = (email: string) => listOutbox(db(), email);
const cameOnline = (readerId: string, now?: number) => sendPushNow({ db: db(), config: config() }, readerOnlineNews(readerId, ORIGIN), now);

describe("favourite readers", () => {
  it("favourites and unfavourites a reader, each as often as sent, for members and guests, with notices on from the start", async () => {
    const reader = await newReader();
    const member = await newPerson();
    const guest = await newPerson({ guest: true });
    for (const person of [member, guest]) {
      for (let i = 0; i < 2; i++) {
        const response = await favourite(reader.username, "favourite", person.cookie);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ ok: true, favourite: true, notify: true });
      }
      expect(await followRow(person.id, reader.id)).toMatchObject({ notify: true });
    }
    // Off, and favouriting again keeps it off; on again.
    expect(await (await favourite(reader.username, "notify-off", member.cookie)).json()).toEqual({ ok: true, favourite: true, notify: false });
    expect(await (await favourite(reader.username, "favourite", member.cookie)).json()).toEqual({ ok: true, favourite: true, notify: false });
    expect(await (await favourite(reader.username, "notify-on", member.cookie)).json()).toEqual({ ok: true, favourite: true, notify: true });
    for (let i = 0; i < 2; i++)
      expect(await (await favourite(reader.username, "unfavourite", member.cookie)).json()).toEqual({ ok: true, favourite: false, notify: false });
    expect(await followRow(member.id, reader.id)).toBeUndefined();
    expect(await followRow(guest.id, reader.id)).toMatchObject({ notify: true });

    // Without JavaScript the form goes back to its page.
    const back = await favourite(reader.username, "favourite", member.cookie, { redirectTo: "/readers?mine=1" });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/readers?mine=1");
    expect((await favourite(reader.username, "favourite", member.cookie, { redirectTo: "https://elsewhere.test/" })).headers.get("location")).toBe("/");

    // Bad input, unknown readers and oneself are refused with a reason.
    const bad = await favourite(reader.username, "adore", member.cookie);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/favourite/);
    expect((await favourite("nobody-here", "favourite", member.cookie)).status).toBe(404);
    const self = await favourite(reader.username, "favourite", reader.cookie);
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ error: "You cannot favourite yourself." });
    // A visitor is sent to sign in.
    expect((await post(`/readers/${reader.username}/favourite`, { intent: "favourite" })).status).toBe(302);
  });

  it("lists only the person's favourites under 'Your readers', and shows them on the profile", async () => {
    const kept = await newReader("Kestrel Moon");
    const other = await newReader("Other Reader");
    const member = await newPerson();
    await favourite(kept.username, "favourite", member.cookie);
    const mine = await (await get("/readers?mine=1", { cookie: member.cookie })).text();
    expect(mine).toContain(`data-reader="${kept.username}"`);
    expect(mine).not.toContain(`data-reader="${other.username}"`);
    expect(mine).toContain("Clear answers, kindly given.");
    expect(mine).toMatch(/1 reader\b/);
    const all = await (await get("/readers", { cookie: member.cookie })).text();
    expect(all).toContain(`data-reader="${other.username}"`);
    // Another person's favourites are theirs alone.
    const stranger = await newPerson();
    expect(await (await get("/readers?mine=1", { cookie: stranger.cookie })).text()).toContain("You have no favourite readers yet.");
    const profile = await (await get("/profile", { cookie: member.cookie })).text();
    expect(profile).toContain(`data-favourite="${kept.username}"`);
    expect(profile).not.toContain(`data-favourite="${other.username}"`);
  });
});

describe("notices when a favourite reader comes online", () => {
  it("e-mails a follower no device tells, at most once in three hours across push and e-mail, and nobody with notices off or without an e-mail", async () => {
    const hits = pushService();
    const reader = await newReader();
    const byMail = await newPerson();
    const byPush = await newPerson();
    const quiet = await newPerson();
    const guest = await newPerson({ guest: true });
    for (const person of [byMail, byPush, quiet, guest]) await favourite(reader.username, "favourite", person.cookie);
    await favourite(reader.username, "notify-off", quiet.cookie);
    await subscribeDevice(byPush.cookie);

    await cameOnline(reader.id);
    expect(hits).toHaveLength(1);
    const [mail] = await mailTo(byMail.email!);
    expect(mail).toMatchObject({ subject: "Vera Night is online on Arcanum", link: `${ORIGIN}/readers/${reader.username}` });
    expect(mail!.text).toMatch(new RegExp(`Stop these e-mails: ${ORIGIN}/readers/notices/stop/\\S+`));
    expect(await mailTo(byPush.email!)).toEqual([]);
    expect(await mailTo(quiet.email!)).toEqual([]);

    // Within the gap nobody hears again, by either way: not even once the e-mailed follower has a device.
    await subscribeDevice(byMail.cookie);
    await cameOnline(reader.id, Date.now() + READER_ONLINE_GAP_MS - 1000);
    expect(hits).toHaveLength(1);
    expect(await mailTo(byMail.email!)).toHaveLength(1);
    // After it, each hears once more, now both by push.
    await cameOnline(reader.id, Date.now() + READER_ONLINE_GAP_MS + 1000);
    expect(hits).toHaveLength(3);
    expect(await mailTo(byMail.email!)).toHaveLength(1);
  });

  it("stops exactly that reader's notices for exactly that person from the link, signed in or not, and refuses a changed or forged link", async () => {
    const reader = await newReader();
    const otherReader = await newReader("Second Sight");
    const follower = await newPerson();
    const otherFollower = await newPerson();
    for (const who of [reader, otherReader]) await favourite(who.username, "favourite", follower.cookie);
    await favourite(reader.username, "favourite", otherFollower.cookie);
    await cameOnline(reader.id);
    const link = /Stop these e-mails: (\S+)/.exec((await mailTo(follower.email!))[0]!.text)![1]!;
    const path = new URL(link).pathname;

    // The page asks first (mail scanners open links); it needs no sign-in.
    const page = await get(path);
    expect(page.status).toBe(200);
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Stop notices about Vera Night");
    expect((await followRow(follower.id, reader.id))!.notify).toBe(true);

    // A mail client's one-click POST (RFC 8058), with no cookie and no Origin.
    const oneClick = await post(path, { "List-Unsubscribe": "One-Click" }, { origin: null });
    expect(oneClick.status).toBe(200);
    expect((await oneClick.text()).replace(/<!-- -->/g, "")).toContain("you will no longer hear when Vera Night comes online");
    expect((await followRow(follower.id, reader.id))!.notify).toBe(false);
    expect((await followRow(follower.id, otherReader.id))!.notify).toBe(true);
    expect((await followRow(otherFollower.id, reader.id))!.notify).toBe(true);
    // Still a favourite; a second press changes nothing.
    expect((await post(path, {}, { origin: null })).status).toBe(200);
    expect(await followRow(follower.id, reader.id)).toMatchObject({ notify: false });

    // Another person's id, another reader's, or a changed signature: refused, plainly, and nothing changes.
    const [, , signature] = path.split("/").pop()!.split(".");
    const forged = [
      `/readers/notices/stop/${otherFollower.id}.${reader.id}.${signature}`,
      `/readers/notices/stop/${follower.id}.${otherReader.id}.${signature}`,
      `${path.slice(0, -2)}${path.endsWith("AA") ? "BB" : "AA"}`,
      "/readers/notices/stop/not-a-token",
    ];
    for (const bad of forged) {
      const shown = await get(bad);
      expect(shown.status).toBe(400);
      expect((await shown.text()).replace(/&#x27;|’/g, "'")).toContain("This link is not one of ours, or it was changed or cut short.");
      expect((await post(bad, { "List-Unsubscribe": "One-Click" }, { origin: null })).status).toBe(400);
    }
    expect((await followRow(otherFollower.id, reader.id))!.notify).toBe(true);
    expect((await followRow(follower.id, otherReader.id))!.notify).toBe(true);
  });
});

describe("the creator's sale e-mail", () => {
  const local = () => new LocalPayments(db(), localWebhookSecret(readConfig(env)));

  /** A webhook delivery, waited on to the end of its after-the-answer work. */
  async function deliverAndSettle(evt: Parameters<LocalPayments["sign"]>[0]) {
    const signed = await local().sign(evt);
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}/webhooks/stripe`, {
      method: "POST",
      body: signed.payload,
      headers: { "content-type": "application/json", "stripe-signature": signed.signature },
    });
    const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("lands in the outbox once per purchase, even when the payment's event is delivered twice, and not when sales notices are off", async () => {
    const seller = await newPerson();
    const row = {
      userId: seller.id,
      subscriptionStatus: "active" as const,
      priceId: "price_creator_monthly",
      currentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400,
    };
    await db().insert(subscriptions).values(row);
    const deckId = await oneCardDeck(seller.id, "Lanterns for sale");
    expect(
      (await post(`/collection/${deckId}`, { intent: "list", price: "4.99", description: "Warm light", tags: "lanterns" }, { cookie: seller.cookie })).status,
    ).toBe(200);

    const buy = async () => {
      const buyer = await newPerson();
      const response = await post(`/checkout/${deckId}`, {}, { cookie: buyer.cookie });
      expect(response.status).toBe(302);
      return local().pay(new URL(response.headers.get("location")!, ORIGIN).pathname.split("/").pop()!);
    };
    for (const evt of await buy()) {
      expect((await deliverAndSettle(evt)).status).toBe(200);
      expect((await deliverAndSettle(evt)).status).toBe(200);
    }
    const mails = await mailTo(seller.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: "You made a sale: “Lanterns for sale”", link: `${ORIGIN}/sales` });
    expect(mails[0]!.text).toContain("Someone bought your deck “Lanterns for sale” for $4.99.");

    // A second purchase is a second e-mail; with sales notices off, none.
    for (const evt of await buy()) await deliverAndSettle(evt);
    expect(await mailTo(seller.email!)).toHaveLength(2);
    expect((await post("/push/settings", { "reading-request": "on", "reader-online": "on", "deck-ready": "on" }, { cookie: seller.cookie })).status).toBe(302);
    for (const evt of await buy()) await deliverAndSettle(evt);
    expect(await mailTo(seller.email!)).toHaveLength(2);
  });
});

void app;
void event;
