/**
 * Reader presence: who is online, kept by the presence room from readers' open tabs. Timings in this
 * file's Worker: a closed tab's reader is announced offline after a 2-second grace (READER_OFFLINE_GRACE_MS),
 * long enough for a reload to come back in time while another test file is running beside this one.
 */
import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import type { Connection } from "partyserver";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { readerProfiles, users } from "../../db/schema";
import { app, get, ORIGIN, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);

function connect(path: string, headers: Record<string, string> = {}) {
  return app.fetch(`${ORIGIN}${path}`, { headers: { upgrade: "websocket", origin: ORIGIN, ...headers } });
}

function messages(ws: WebSocket) {
  const received: unknown[] = [];
  const waiters: (() => void)[] = [];
  ws.addEventListener("message", (event) => {
    received.push(JSON.parse(String(event.data)));
    waiters.splice(0).forEach((w) => w());
  });
  return {
    received,
    async next(predicate: (m: any) => boolean) {
      for (let i = 0; i < 50; i++) {
        const found = received.find(predicate);
        if (found) return found as any;
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      throw new Error(`no matching message in ${JSON.stringify(received)}`);
    },
  };
}

describe("reader presence Durable Object", () => {
  it("gives a listener a snapshot, announces a reader going online and offline, and records it in D1", async () => {
    const listenerResponse = await connect("/parties/reader-presence/readers");
    expect(listenerResponse.status).toBe(101);
    const listener = listenerResponse.webSocket!;
    listener.accept();
    const heard = messages(listener);
    await heard.next((m) => m.type === "snapshot");

    const cookie = await signInAs("seed-user-mira");
    const readerResponse = await connect("/parties/reader-presence/readers?as=reader", { cookie });
    expect(readerResponse.status).toBe(101);
    const reader = readerResponse.webSocket!;
    reader.accept();
    await heard.next((m) => m.type === "online" && m.username === "mira_solenne");
    const [row] = await db().select({ isOnline: users.isOnline }).from(users).where(eq(users.id, "seed-user-mira"));
    expect(row?.isOnline).toBe(true);

    const readersPage = await (await get("/readers", { cookie })).text();
    expect(readersPage).toMatch(/Mira Solenne[\s\S]*?Online now/);

    reader.close(1000, "bye");
    await heard.next((m) => m.type === "offline" && m.username === "mira_solenne");
    const [after] = await db().select({ isOnline: users.isOnline }).from(users).where(eq(users.id, "seed-user-mira"));
    expect(after?.isOnline).toBe(false);
    listener.close();
  });

  it("recounts who is online from the live sockets when it starts again, so a dead socket leaves nobody online", async () => {
    const cookie = await signInAs("seed-user-theo");
    const isOnline = async () => (await db().select({ isOnline: users.isOnline }).from(users).where(eq(users.id, "seed-user-theo")))[0]!.isOnline;
    const first = await connect("/parties/reader-presence/readers?as=reader", { cookie });
    first.webSocket!.accept();
    await expect.poll(isOnline).toBe(true);

    // The room dies without hearing the socket close.
    await abortAllDurableObjects();
    const listenerResponse = await connect("/parties/reader-presence/readers");
    const listener = listenerResponse.webSocket!;
    listener.accept();
    const heard = messages(listener);
    const snapshot = await heard.next((m) => m.type === "snapshot");
    expect(snapshot.online).not.toContain("theo_ashgrove");
    expect(await isOnline()).toBe(false);

    // Back with one socket, counted once: closing it takes the reader offline.
    const again = (await connect("/parties/reader-presence/readers?as=reader", { cookie })).webSocket!;
    again.accept();
    await heard.next((m) => m.type === "online" && m.username === "theo_ashgrove");
    expect(await isOnline()).toBe(true);
    again.close(1000, "bye");
    await heard.next((m) => m.type === "offline" && m.username === "theo_ashgrove");
    expect(await isOnline()).toBe(false);
    listener.close();
  });

  it("refuses to put a non-reader online, and ignores a forged identity header", async () => {
    const member = await connect("/parties/reader-presence/readers?as=reader", { cookie: await signInAs("seed-user-demo") });
    expect(member.status).toBe(403);
    const forged = await connect("/parties/reader-presence/readers", { "x-arcanum-verified-reader": "seed-user-ines" });
    expect(forged.status).toBe(101);
    const ws = forged.webSocket!;
    ws.accept();
    const heard = messages(ws);
    const snapshot = await heard.next((m) => m.type === "snapshot");
    expect(snapshot.online).not.toContain("ines_duval");
    ws.close();
    const [ines] = await db().select({ isOnline: users.isOnline }).from(users).where(eq(users.id, "seed-user-ines"));
    expect(ines?.isOnline).toBe(false);
  });

  it("refuses sockets from other sites and rooms that do not exist", async () => {
    expect((await connect("/parties/reader-presence/readers", { origin: "https://evil.example" })).status).toBe(403);
    expect((await connect("/parties/reader-presence/another-room")).status).toBe(404);
    expect((await connect("/parties/no-such-party/x")).status).toBe(404);
    expect((await get("/parties/reader-presence/readers")).status).toBe(426);
  });
});
type TabState = { readerId: string | null; username: string | null; tab: string | null; heardAt: number };

const isOnline = async (id: string) => (await db().select({ isOnline: users.isOnline }).from(users).where(eq(users.id, id)))[0]!.isOnline;

async function listen() {
  const ws = (await connect("/parties/reader-presence/readers")).webSocket!;
  ws.accept();
  const heard = messages(ws);
  await heard.next((m) => m.type === "snapshot");
  return { ws, heard };
}

async function openTab(cookie: string, tab: string) {
  const response = await connect(`/parties/reader-presence/readers?as=reader&tab=${tab}`, { cookie });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
  ws.accept();
  return { ws, closed };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const GRACE_MS = readConfig(env).readerPresence.graceMs;
const presenceRoom = () => env.ReaderPresence.get(env.ReaderPresence.idFromName("readers"));

describe("a reader's tabs", () => {
  it("count as one reader: closing one of two changes nothing, closing the last takes them offline after the grace", async () => {
    const { ws: listener, heard } = await listen();
    const cookie = await signInAs("seed-user-mira");
    const first = await openTab(cookie, "tab-one-aaaa");
    const second = await openTab(cookie, "tab-two-bbbb");
    await heard.next((m) => m.type === "online" && m.username === "mira_solenne");
    first.ws.close(1000, "bye");
    await wait(GRACE_MS + 500);
    expect(heard.received.filter((m: any) => m.username === "mira_solenne").map((m: any) => m.type)).toEqual(["online"]);
    expect(await isOnline("seed-user-mira")).toBe(true);

    second.ws.close(1000, "bye");
    await wait(200);
    // Still within the grace: a reload would come back now without anyone seeing a blink.
    expect(heard.received.some((m: any) => m.type === "offline")).toBe(false);
    await heard.next((m) => m.type === "offline" && m.username === "mira_solenne");
    expect(await isOnline("seed-user-mira")).toBe(false);
    listener.close();
  });

  it("keep the reader online through a reload: a tab back within the grace is neither announced offline nor online again", async () => {
    const { ws: listener, heard } = await listen();
    const cookie = await signInAs("seed-user-theo");
    const before = await openTab(cookie, "reload-aaaa");
    await heard.next((m) => m.type === "online" && m.username === "theo_ashgrove");
    before.ws.close(1001, "reload");
    await wait(100);
    const after = await openTab(cookie, "reload-bbbb");
    await wait(GRACE_MS + 500);
    expect(heard.received.filter((m: any) => m.username === "theo_ashgrove").map((m: any) => m.type)).toEqual(["online"]);
    expect(await isOnline("seed-user-theo")).toBe(true);
    after.ws.close(1000, "bye");
    await heard.next((m) => m.type === "offline" && m.username === "theo_ashgrove");
    listener.close();
  });

  it("go offline once nothing is heard from them for the window, and are closed so they reconnect", async () => {
    const { ws: listener, heard } = await listen();
    const tab = await openTab(await signInAs("seed-user-ines"), "silent-aaaa");
    await heard.next((m) => m.type === "online" && m.username === "ines_duval");
    // Six minutes of silence: the tab is frozen or cut off without closing.
    await runInDurableObject(presenceRoom(), async (instance) => {
      const room = instance as unknown as { getConnections(): Iterable<Connection<TabState>> };
      for (const connection of room.getConnections()) {
        if (connection.state?.readerId) connection.setState({ ...connection.state, heardAt: Date.now() - 6 * 60 * 1000 });
      }
    });
    expect(await runDurableObjectAlarm(presenceRoom())).toBe(true);
    await heard.next((m) => m.type === "offline" && m.username === "ines_duval");
    expect(await tab.closed).toBe(4002);
    expect(await isOnline("seed-user-ines")).toBe(false);
    listener.close();
  });

  it("say goodbye by beacon: that tab leaves at once, the reader after the grace", async () => {
    const { ws: listener, heard } = await listen();
    const cookie = await signInAs("seed-user-theo");
    const tab = await openTab(cookie, "beacon-aaaa");
    await heard.next((m) => m.type === "online" && m.username === "theo_ashgrove");
    const goodbye = await post("/reader-presence", { tab: "beacon-aaaa" }, { cookie });
    expect(goodbye.status).toBe(204);
    expect(await tab.closed).toBe(4001);
    await heard.next((m) => m.type === "offline" && m.username === "theo_ashgrove");
    expect(await isOnline("seed-user-theo")).toBe(false);
    listener.close();
  });

  it("refuse a goodbye from someone who is not a reader, or without a tab", async () => {
    expect((await post("/reader-presence", { tab: "beacon-aaaa" }, { cookie: await signInAs("seed-user-demo") })).status).toBe(403);
    expect((await post("/reader-presence", { tab: "x" }, { cookie: await signInAs("seed-user-theo") })).status).toBe(400);
    expect((await get("/reader-presence")).status).toBe(405);
  });
});

describe("availability", () => {
  it("away closes every tab at once and keeps the reader offline; available lets them back", async () => {
    const { ws: listener, heard } = await listen();
    const cookie = await signInAs("seed-user-mira");
    const tabs = [await openTab(cookie, "away-one-aaaa"), await openTab(cookie, "away-two-bbbb")];
    await heard.next((m) => m.type === "online" && m.username === "mira_solenne");

    const away = await post("/reader-dashboard", { intent: "availability", available: "no" }, { cookie });
    expect(away.status).toBe(200);
    // No grace for a choice: offline by the time the answer arrives.
    expect(heard.received.some((m: any) => m.type === "offline" && m.username === "mira_solenne")).toBe(true);
    expect(await Promise.all(tabs.map((t) => t.closed))).toEqual([4001, 4001]);
    expect(await isOnline("seed-user-mira")).toBe(false);
    const [profile] = await db().select({ available: readerProfiles.available }).from(readerProfiles).where(eq(readerProfiles.userId, "seed-user-mira"));
    expect(profile?.available).toBe(false);
    expect((await connect("/parties/reader-presence/readers?as=reader&tab=again-aaaa", { cookie })).status).toBe(409);

    expect((await post("/reader-dashboard", { intent: "availability", available: "yes" }, { cookie })).status).toBe(200);
    const back = await openTab(cookie, "again-aaaa");
    await heard.next((m) => m.type === "online" && m.username === "mira_solenne" && heard.received.indexOf(m) > 2);
    back.ws.close();
    listener.close();
  });

  it("is the readers' own: a member who is not a reader is refused, and bad choices are told", async () => {
    const member = await post("/reader-dashboard", { intent: "availability", available: "yes" }, { cookie: await signInAs("seed-user-demo") });
    expect(member.status).toBe(403);
    const reader = await signInAs("seed-user-theo");
    expect((await post("/reader-dashboard", { intent: "availability", available: "maybe" }, { cookie: reader })).status).toBe(400);
    expect((await post("/reader-dashboard", { intent: "nonsense" }, { cookie: reader })).status).toBe(400);
  });
});

describe("restarting the room", () => {
  it("keeps nobody online whose socket died with it", async () => {
    const cookie = await signInAs("seed-user-orion");
    await openTab(cookie, "dies-aaaa");
    await expect.poll(() => isOnline("seed-user-orion")).toBe(true);
    await abortAllDurableObjects();
    const { ws, heard } = await listen();
    expect(heard.received[0]).toMatchObject({ type: "snapshot" });
    expect((heard.received[0] as { online: string[] }).online).not.toContain("orion_hale");
    expect(await isOnline("seed-user-orion")).toBe(false);
    ws.close();
  });
});
