import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { and, eq, isNull } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { recordFaces } from "../../app/reading-room/deck-art.server";
import { PAID_NEEDS_LIVE, type ServerMessage } from "../../app/reading-room/messages";
import { apply, HIDDEN, type RoomState } from "../../app/reading-room/state";
import { closeRoom, decksForTable, PUBLIC_DECKS_AT_TABLE } from "../../app/reading-room/room-store.server";
import { FULL_DECK, MAJOR_ARCANA } from "../../app/tarot/cards";
import { AI_HELPER_LIMIT } from "../../app/ai/usage.server";
import { cards, deckListings, deckPurchases, decks, rateLimits, readingInvites, readingJournal, readingSessions, sessionParticipants } from "../../db/schema";
import { app, CookieJar, get, ORIGIN, pngSize, post, signInAs, visit } from "./helpers";
import { newId } from "../../app/lib/crypto";

const db = () => createDatabase(env.DB);

async function newGuest() {
  const jar = new CookieJar();
  jar.take(await visit("/", { headers: { "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250)}` } }));
  return jar;
}

/** A reading hosted by a new guest; returns its id and the host's cookies and id. */
async function newReading() {
  const host = await newGuest();
  const response = await post("/reading-room", {}, { cookie: host.header() });
  expect(response.status).toBe(302);
  const sessionId = new URL(response.headers.get("location")!, ORIGIN).searchParams.get("session")!;
  const [row] = await db().select({ hostId: readingSessions.hostUserId }).from(readingSessions).where(eq(readingSessions.id, sessionId));
  return { sessionId, host, hostId: row!.hostId };
}

/** Gives a person a seat at the reading, as an invite will. */
async function seat(sessionId: string, jar: CookieJar) {
  const probe = await post("/reading-room", {}, { cookie: jar.header() });
  const ownSession = new URL(probe.headers.get("location")!, ORIGIN).searchParams.get("session")!;
  const [row] = await db().select({ userId: readingSessions.hostUserId }).from(readingSessions).where(eq(readingSessions.id, ownSession));
  await db().insert(sessionParticipants).values({ id: newId(), sessionId, userId: row!.userId, name: "Guest" });
  return row!.userId;
}

/** A ready deck of the major arcana owned by `ownerId`, with The Moon's picture in the bucket; returns its id and that picture's URL. */
async function deckOf(ownerId: string, { isPublic = false } = {}) {
  const deckId = `deck-${newId()}`;
  await db()
    .insert(decks)
    .values({ id: deckId, creatorId: ownerId, title: "Night Garden", theme: "night garden", artStyle: "minimalist", status: "ready", isPublic });
  // One row at a time: D1 takes at most 100 bound values a statement.
  for (const card of MAJOR_ARCANA) {
    const { key, name, arcana, suit, number } = card;
    await db()
      .insert(cards)
      .values({ id: newId(), deckId, cardKey: key, name, arcana, suit, number, status: "ready", imageKey: `card-images/${deckId}/${key}.svg` });
  }
  const picture = `/media/card-images/${deckId}/the_moon.svg`;
  await env.MEDIA.put(picture.slice("/media/".length), "<svg xmlns='http://www.w3.org/2000/svg'/>", { httpMetadata: { contentType: "image/svg+xml" } });
  return { deckId, picture };
}

const pictureStatus = async (picture: string, jar: CookieJar) => (await get(picture, { cookie: jar.header() })).status;

/** An invite link to the reading, made by its host through the page's form. */
async function inviteLink(sessionId: string, host: CookieJar, type = "participant") {
  const html = await (await post(`/reading-room?session=${sessionId}`, { intent: "invite", type }, { cookie: host.header() })).text();
  const href = /href="([^"]+)" data-testid="invite-link"/.exec(html)?.[1];
  if (!href) throw new Error("no invite link on the page");
  return new URL(href.replace(/&amp;/g, "&"), ORIGIN).pathname;
}

type Client = {
  socket: WebSocket;
  messages: ServerMessage[];
  /** The table as this browser sees it: the snapshot with every event applied. */
  state(): RoomState | null;
  next(predicate: (message: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  send(command: object): void;
};

async function join(sessionId: string, jar: CookieJar | null, origin = ORIGIN): Promise<Response & { client?: Client }> {
  const response = await app.fetch(`${ORIGIN}/parties/reading-room/${sessionId}`, {
    headers: { upgrade: "websocket", origin, ...(jar ? { cookie: jar.header() } : {}) },
  });
  if (response.status !== 101) return response;
  const socket = response.webSocket!;
  const messages: ServerMessage[] = [];
  let state: RoomState | null = null;
  const waiters = new Set<() => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as ServerMessage;
    messages.push(message);
    if (message.type === "snapshot") state = message.state;
    if (message.type === "event" && state) {
      expect(message.version).toBe(state.version + 1);
      state = apply(state, message.event);
    }
    for (const wake of waiters) wake();
  });
  socket.accept();
  const client: Client = {
    socket,
    messages,
    state: () => state,
    async next(predicate, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching message in ${JSON.stringify(messages.map((m) => m.type))}`);
        await new Promise<void>((resolve) => {
          waiters.add(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    send(command) {
      socket.send(JSON.stringify({ type: "command", command }));
    },
  };
  return Object.assign(response, { client });
}

async function settle(client: Client, predicate: (state: RoomState) => boolean) {
  const deadline = Date.now() + 3000;
  while (!(client.state() && predicate(client.state()!))) {
    if (Date.now() > deadline) throw new Error(`state never settled: ${JSON.stringify(client.state())}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return client.state()!;
}

describe("the reading room's Durable Object", () => {
  it("mirrors to D1 only the seats that changed: a zoom rewrites the reading's row, not every person's", async () => {
    const { sessionId, host } = await newReading();
    const hostSocket = (await join(sessionId, host)).client!;
    await hostSocket.next((m) => m.type === "snapshot");
    const guest = await newGuest();
    const guestId = await seat(sessionId, guest);
    const guestSocket = (await join(sessionId, guest)).client!;
    await guestSocket.next((m) => m.type === "snapshot");
    const seatOf = async () =>
      (
        await db()
          .select()
          .from(sessionParticipants)
          .where(and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.userId, guestId)))
      )[0]!;
    // The guest's arrival is mirrored once (the row takes the name the room gives them).
    await expect.poll(async () => (await seatOf()).name, { timeout: 3000 }).not.toBe("Guest");
    // A mark the room would overwrite if it wrote this seat again.
    await db()
      .update(sessionParticipants)
      .set({ name: "Unchanged since" })
      .where(and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.userId, guestId)));
    hostSocket.send({ type: "zoom", zoom: 1.75, x: 0, y: 0 });
    const zoomOf = async () => (await db().select({ zoom: readingSessions.zoomLevel }).from(readingSessions).where(eq(readingSessions.id, sessionId)))[0]!.zoom;
    await expect.poll(zoomOf, { timeout: 3000 }).toBe(1.75);
    expect((await seatOf()).name).toBe("Unchanged since");
    // A seat that changes is written: the guest leaves.
    guestSocket.socket.close();
    await expect.poll(async () => (await seatOf()).isActive, { timeout: 3000 }).toBe(false);
    expect((await seatOf()).name).not.toBe("Unchanged since");
  });

  it("shows a certified reader at the table with their level, and nobody else with one", async () => {
    const { sessionId, host, hostId } = await newReading();
    const hostSocket = (await join(sessionId, host)).client!;
    await hostSocket.next((m) => m.type === "snapshot");
    // Inès is an Oracle in the demo data.
    await db().insert(sessionParticipants).values({ id: newId(), sessionId, userId: "seed-user-ines", name: "Inès" });
    const cookie = await signInAs("seed-user-ines");
    await join(sessionId, { header: () => cookie } as CookieJar);
    const seen = await settle(hostSocket, (state) => state.members.some((m) => m.id === "seed-user-ines"));
    expect(seen.members.find((m) => m.id === "seed-user-ines")?.readerLevel).toBe("Oracle");
    expect(seen.members.find((m) => m.id === hostId)?.readerLevel ?? null).toBeNull();
  });

  it("lets the host lay out a spread that every seated browser sees, and no one else lead or enter", async () => {
    const { sessionId, host, hostId } = await newReading();
    const hostSocket = (await join(sessionId, host)).client!;
    const snapshot = await hostSocket.next((m) => m.type === "snapshot");
    expect(snapshot.type === "snapshot" && snapshot.you).toBe(hostId);
    expect(hostSocket.state()!.pile).toHaveLength(78);
    expect(hostSocket.state()!.pile.every((key) => key === HIDDEN)).toBe(true);

    const guest = await newGuest();
    // No seat, no socket; nor from another site, nor without a session.
    expect((await join(sessionId, guest)).status).toBe(403);
    expect((await join(sessionId, null)).status).toBe(403);
    expect((await join(sessionId, host, "https://evil.example")).status).toBe(403);

    const guestUserId = await seat(sessionId, guest);
    const guestSocket = (await join(sessionId, guest)).client!;
    await guestSocket.next((m) => m.type === "snapshot");

    hostSocket.send({ type: "chooseSpread", spreadId: "three-card" });
    hostSocket.send({ type: "shuffle" });
    for (let i = 0; i < 3; i++) hostSocket.send({ type: "draw" });
    hostSocket.send({ type: "revealAll" });
    const seen = await settle(guestSocket, (state) => state.table.length === 3 && state.table.every((card) => card.revealed));
    expect(seen.table.map((card) => card.position)).toEqual([0, 1, 2]);
    const hostView = await settle(hostSocket, (state) => state.version === seen.version);
    expect(seen).toEqual(hostView);
    expect(seen.members.map((m) => m.id).sort()).toEqual([hostId, guestUserId].sort());

    guestSocket.send({ type: "draw" });
    const refused = await guestSocket.next((m) => m.type === "refused");
    expect(refused).toEqual({ type: "refused", error: "Only the person leading the reading can do that." });

    // A malformed or oversized message is refused, not acted on.
    guestSocket.socket.send("{not json");
    guestSocket.socket.send(JSON.stringify({ type: "command", command: { type: "setQuestion", question: "x".repeat(3000) } }));
    await guestSocket.next((m) => m.type === "refused" && m.error === "That message is not understood.");

    // The reading is mirrored to D1 for listings and history: a burst of actions lands within a second.
    const mirrored = async () => (await db().select().from(readingSessions).where(eq(readingSessions.id, sessionId)))[0]!;
    await expect.poll(async () => (await mirrored()).selectedCards, { timeout: 3000 }).toHaveLength(3);
    const row = await mirrored();
    expect(row.selectedLayout).toBe("three-card");
    expect(row.selectedCards!.map((card) => card.position)).toEqual([0, 1, 2]);
    const [guestSeat] = await db()
      .select({ active: sessionParticipants.isActive })
      .from(sessionParticipants)
      .where(and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.userId, guestUserId)));
    expect(guestSeat!.active).toBe(true);
    hostSocket.socket.close();
    guestSocket.socket.close();
  });

  it("shows the pictures of the host's private deck to the people at the table while it lies there, and to no one else", async () => {
    const { sessionId, host, hostId } = await newReading();
    const deckId = `private-${newId()}`;
    await db().insert(decks).values({ id: deckId, creatorId: hostId, title: "Night Garden", theme: "night garden", artStyle: "minimalist", status: "ready" });
    // One row at a time: D1 takes at most 100 bound values a statement.
    for (const card of MAJOR_ARCANA) {
      const { key, name, arcana, suit, number } = card;
      await db()
        .insert(cards)
        .values({ id: newId(), deckId, cardKey: key, name, arcana, suit, number, status: "ready", imageKey: `card-images/${deckId}/${key}.svg` });
    }
    const picture = `/media/card-images/${deckId}/the_moon.svg`;
    await env.MEDIA.put(picture.slice("/media/".length), "<svg xmlns='http://www.w3.org/2000/svg'/>", { httpMetadata: { contentType: "image/svg+xml" } });

    const guest = await newGuest();
    await seat(sessionId, guest);
    const stranger = await newGuest();
    const status = async (jar: CookieJar) => (await get(picture, { cookie: jar.header() })).status;
    expect(await status(host)).toBe(200);
    expect(await status(guest)).toBe(404);

    const hostSocket = (await join(sessionId, host)).client!;
    await hostSocket.next((m) => m.type === "snapshot");
    hostSocket.socket.send(JSON.stringify({ type: "changeDeck", deckId }));
    await settle(hostSocket, (state) => state.deckId === deckId && state.pile.length === MAJOR_ARCANA.length);
    await expect.poll(() => status(guest), { timeout: 2000 }).toBe(200);
    expect(await status(stranger)).toBe(404);
    expect((await get(picture)).status).toBe(404);

    // A reading with it is kept with its pictures for the owner; the others keep it told by the cards' names.
    const guestSocket = (await join(sessionId, guest)).client!;
    await guestSocket.next((m) => m.type === "snapshot");
    hostSocket.send({ type: "chooseSpread", spreadId: "single" });
    hostSocket.send({ type: "shuffle" });
    hostSocket.send({ type: "draw" });
    hostSocket.send({ type: "revealAll" });
    hostSocket.send({ type: "interpret" });
    await settle(hostSocket, (state) => state.interpretation.status === "done");
    await expect.poll(async () => (await db().select().from(readingJournal).where(eq(readingJournal.sessionId, sessionId))).length, { timeout: 3000 }).toBe(2);
    guestSocket.socket.close();

    // Once the reading is over, the deck is the host's alone again.
    hostSocket.socket.close();
    await closeRoom(db(), sessionId, Date.now());
    expect(await status(guest)).toBe(404);
    expect(await status(host)).toBe(200);

    const entries = await db().select().from(readingJournal).where(eq(readingJournal.sessionId, sessionId));
    const entryOf = (userId: string) => entries.find((e) => e.userId === userId)!;
    expect(entries.every((e) => e.deckId === deckId)).toBe(true);
    const pictured = (html: string) => html.includes(`src="/media/card-images/${deckId}/`);
    expect(pictured(await (await get(`/journal/${entryOf(hostId).id}`, { cookie: host.header() })).text())).toBe(true);
    const guestEntry = entryOf(entries.find((e) => e.userId !== hostId)!.userId);
    const guestPage = await (await get(`/journal/${guestEntry.id}`, { cookie: guest.header() })).text();
    expect(pictured(guestPage)).toBe(false);
    expect(guestPage).toContain(guestEntry.cards[0]!.name);
    await post(`/journal/${entryOf(hostId).id}`, { intent: "share" }, { cookie: host.header() });
    const [{ shareId }] = (await db()
      .select({ shareId: readingJournal.shareId })
      .from(readingJournal)
      .where(eq(readingJournal.id, entryOf(hostId).id))) as [{ shareId: string }];
    expect(pictured(await (await get(`/shared/${shareId}`, { cookie: stranger.header() })).text())).toBe(false);
    const hostsCopy = await (await get(`/shared/${shareId}`, { cookie: host.header() })).text();
    expect(pictured(hostsCopy)).toBe(true);
    // The link's preview goes to whoever it is sent to: even the host's own copy names no private picture in it.
    expect(hostsCopy).toContain('property="og:title"');
    expect(hostsCopy).not.toMatch(/<meta [^>]*content="[^"]*\/media\/card-images\//);
  });

  it("keeps the table through an eviction, and a reconnecting browser gets the whole state", async () => {
    const { sessionId, host } = await newReading();
    const first = (await join(sessionId, host)).client!;
    await first.next((m) => m.type === "snapshot");
    first.send({ type: "setQuestion", question: "What should I carry into spring?" });
    first.send({ type: "shuffle" });
    first.send({ type: "draw" });
    first.send({ type: "draw" });
    const before = await settle(first, (state) => state.table.length === 2);

    // Without JavaScript the room's URL shows the table as it stands, rendered on the server.
    const html = await (await get(`/reading-room?session=${sessionId}`, { cookie: host.header() })).text();
    expect(html.match(/data-testid="table-card"/g)).toHaveLength(2);
    expect(html).toContain("What should I carry into spring?");

    await abortAllDurableObjects();

    const again = (await join(sessionId, host)).client!;
    const snapshot = await again.next((m) => m.type === "snapshot");
    if (snapshot.type !== "snapshot") throw new Error("no snapshot");
    expect(snapshot.state.table).toEqual(before.table);
    expect(snapshot.state.question).toBe("What should I carry into spring?");
    expect(snapshot.state.pile).toHaveLength(76);
    expect(snapshot.state.version).toBeGreaterThan(before.version);
    // The order of the pile survived too: the next draw continues the same deck.
    again.send({ type: "draw" });
    again.send({ type: "revealAll" });
    const after = await settle(again, (state) => state.table.length === 3 && state.table.every((card) => card.revealed));
    expect(new Set(after.table.map((card) => card.key)).size).toBe(3);
    again.socket.close();
  });

  it("streams the interpretation to the table and refuses card changes meanwhile", async () => {
    const { sessionId, host } = await newReading();
    const client = (await join(sessionId, host)).client!;
    await client.next((m) => m.type === "snapshot");
    client.send({ type: "chooseSpread", spreadId: "single" });
    client.send({ type: "shuffle" });
    client.send({ type: "draw" });
    client.send({ type: "reveal", position: 0 });
    client.send({ type: "interpret" });
    await client.next((m) => m.type === "event" && m.event.type === "interpretationWritten");
    client.send({ type: "shuffle" });
    await client.next((m) => m.type === "refused" && m.error === "Wait until the interpretation is written.");
    const done = await settle(client, (state) => state.interpretation.status === "done");
    expect(done.interpretation.text).toMatch(/Overall Energy/);
    const pieces = client.messages.filter((m) => m.type === "event" && m.event.type === "interpretationWritten");
    expect(pieces.length).toBeGreaterThan(3);
    client.socket.close();
  });
});

describe("asking the AI at the table", () => {
  /** A reading with one card drawn and turned over, ready to be interpreted. */
  async function readyToInterpret() {
    const reading = await newReading();
    const client = (await join(reading.sessionId, reading.host)).client!;
    await client.next((m) => m.type === "snapshot");
    client.send({ type: "chooseSpread", spreadId: "single" });
    client.send({ type: "shuffle" });
    client.send({ type: "draw" });
    client.send({ type: "reveal", position: 0 });
    await settle(client, (state) => state.table.some((card) => card.revealed));
    return { ...reading, client };
  }
  const used = async (userId: string) =>
    (
      await db()
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `ai-helper:${userId}`))
    )[0]?.count ?? 0;

  it("writes one interpretation at a time, however often it is asked for, and counts it against the person's AI allowance", async () => {
    const { client, hostId } = await readyToInterpret();
    for (let i = 0; i < 5; i++) client.send({ type: "interpret" });
    await settle(client, (state) => state.interpretation.status === "done");
    const started = client.messages.filter((m) => m.type === "event" && m.event.type === "interpretationStarted");
    expect(started).toHaveLength(1);
    expect(client.messages.filter((m) => m.type === "refused" && m.error.includes("being written"))).toHaveLength(4);
    expect(await used(hostId)).toBe(1);
    client.socket.close();
  });

  it("ends an interpretation cut short by a restart, so the reading can go on", async () => {
    const { client, sessionId, host } = await readyToInterpret();
    client.socket.close();
    const stub = env.ReadingRoom.get(env.ReadingRoom.idFromName(sessionId));
    // As the room's storage stands when the object dies while the model is writing.
    await runInDurableObject(stub, async (_instance, state) => {
      const stored = (await state.storage.get<RoomState>("state"))!;
      await state.storage.put("state", { ...stored, interpretation: { status: "writing", text: "The Moon asks" } });
    });
    await abortAllDurableObjects();

    const again = (await join(sessionId, host)).client!;
    const snapshot = await again.next((m) => m.type === "snapshot");
    expect(snapshot.type === "snapshot" && snapshot.state.interpretation.status).toBe("done");
    expect(again.state()!.interpretation.text).toMatch(/interrupted/);
    again.send({ type: "shuffle" });
    await settle(again, (state) => state.step === "shuffled" && state.table.length === 0);
    again.send({ type: "draw" });
    again.send({ type: "reveal", position: 0 });
    again.send({ type: "interpret" });
    const done = await settle(again, (state) => state.interpretation.status === "done" && /Overall Energy/.test(state.interpretation.text));
    expect(done.table).toHaveLength(1);
    await expect.poll(async () => (await db().select().from(readingJournal).where(eq(readingJournal.sessionId, sessionId))).length, { timeout: 3000 }).toBe(1);
    again.socket.close();
  });

  it("refuses an interpretation once the person's AI allowance is spent, the same one suggestions use", async () => {
    const { client, hostId, host } = await readyToInterpret();
    await db()
      .insert(rateLimits)
      .values({ key: `ai-helper:${hostId}`, windowStart: Date.now(), count: AI_HELPER_LIMIT.limit });
    client.send({ type: "interpret" });
    const refused = await client.next((m) => m.type === "refused");
    expect(refused.type === "refused" && refused.error).toMatch(/in a short time/);
    expect(client.state()!.interpretation.status).toBe("idle");
    // The suggested questions at the table draw on the same allowance.
    const questions = await post("/api/questions", { category: "love" }, { cookie: host.header() });
    expect(questions.status).toBe(429);
    client.socket.close();
  });
});

describe("invitations to a reading", () => {
  const inviteFrom = async (sessionId: string, host: CookieJar, form: Record<string, string> = {}) => {
    const response = await post(`/reading-room?session=${sessionId}`, { intent: "invite", type: "participant", ...form }, { cookie: host.header() });
    const html = await response.text();
    const href = /data-testid="invite-link"[^>]*>|href="([^"]+)" data-testid="invite-link"/.exec(html)?.[1];
    const body = href ? { invite: { path: new URL(href.replace(/&amp;/g, "&"), ORIGIN).pathname } } : null;
    return { response, body: body! };
  };
  const inviteIdOf = (path: string) => path.split("/").pop()!;

  it("are made by the host only, seat a guest with the link's role, and let a seated person back in freely", async () => {
    const { sessionId, host } = await newReading();
    const stranger = await newGuest();
    expect((await inviteFrom(sessionId, stranger)).response.status).toBe(403);

    const { body } = await inviteFrom(sessionId, host, { type: "co-reader" });
    const path: string = body.invite.path;
    expect(path).toMatch(/^\/invite\/co-reader\/[A-Za-z0-9_-]{20,}$/);

    const page = await app.fetch(`${ORIGIN}${path}`, { headers: { cookie: stranger.header() } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("You will read alongside the host");

    const joined = await post(path, {}, { cookie: stranger.header() });
    expect(joined.status).toBe(302);
    expect(joined.headers.get("location")).toBe(`/reading-room?session=${sessionId}`);
    const seats = await db().select().from(sessionParticipants).where(eq(sessionParticipants.sessionId, sessionId));
    expect(seats.map((s) => s.role).sort()).toEqual(["co-reader", "host"]);
    // Joining again uses nothing and adds no seat.
    expect((await post(path, {}, { cookie: stranger.header() })).status).toBe(302);
    expect(await db().select().from(sessionParticipants).where(eq(sessionParticipants.sessionId, sessionId))).toHaveLength(2);

    // A co-reader may lead alongside the host.
    const socket = (await join(sessionId, stranger)).client!;
    await socket.next((m) => m.type === "snapshot");
    socket.send({ type: "shuffle" });
    await settle(socket, (state) => state.step === "shuffled");
    socket.socket.close();
  });

  it("run out after their uses, however many people click at once, and expire after a day", async () => {
    const { sessionId, host } = await newReading();
    const { body } = await inviteFrom(sessionId, host, { maxUses: "2" });
    const path: string = body.invite.path;
    const people = await Promise.all(Array.from({ length: 6 }, () => newGuest()));
    const results = await Promise.all(people.map((jar) => post(path, {}, { cookie: jar.header() })));
    expect(results.filter((r) => r.status === 302)).toHaveLength(2);
    const refused = results.filter((r) => r.status === 410);
    expect(refused).toHaveLength(4);
    expect(await refused[0]!.text()).toContain("used as many times as it allows");
    expect(await db().select().from(sessionParticipants).where(eq(sessionParticipants.sessionId, sessionId))).toHaveLength(3);

    const later = await inviteFrom(sessionId, host);
    const laterId = inviteIdOf(later.body.invite.path);
    await db()
      .update(readingInvites)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(readingInvites.id, laterId));
    const expired = await app.fetch(`${ORIGIN}${later.body.invite.path}`, { headers: { cookie: people[5]!.header() } });
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This invitation has expired.");
    expect((await post(later.body.invite.path, {}, { cookie: people[5]!.header() })).status).toBe(410);
  });
});

describe("opening and closing readings", () => {
  it("opens a room from the nav link, reusing the host's untouched one, and a new one once it is used", async () => {
    const host = await newGuest();
    const navigate = (path: string) => get(path, { cookie: host.header(), headers: { "sec-fetch-site": "same-origin" } });
    const first = await navigate("/reading-room?create=true");
    expect(first.status).toBe(302);
    const firstUrl = new URL(first.headers.get("location")!, ORIGIN);
    expect(firstUrl.pathname).toBe("/reading-room");
    const sessionId = firstUrl.searchParams.get("session")!;
    const again = await navigate("/reading-room?create=true");
    expect(new URL(again.headers.get("location")!, ORIGIN).searchParams.get("session")).toBe(sessionId);

    const socket = (await join(sessionId, host)).client!;
    await socket.next((m) => m.type === "snapshot");
    socket.send({ type: "shuffle" });
    await settle(socket, (state) => state.step === "shuffled");
    socket.socket.close();
    await expect.poll(async () => (await db().select().from(readingSessions).where(eq(readingSessions.id, sessionId)))[0]!.readingStep).toBe("shuffled");
    const third = await navigate("/reading-room?create=true");
    expect(new URL(third.headers.get("location")!, ORIGIN).searchParams.get("session")).not.toBe(sessionId);
    // Typed into the address bar or bookmarked, it opens one too.
    expect((await get("/reading-room?create=true", { cookie: host.header(), headers: { "sec-fetch-site": "none" } })).status).toBe(302);
    // A visitor without an account (a crawler) just sees the room's page.
    expect((await get("/reading-room?create=true")).status).toBe(200);
  });

  it("starts nothing from a link on another site: the page asks, and its form starts the reading", async () => {
    const host = await newGuest();
    const mine = await newReading();
    const hostId = await seat(mine.sessionId, host);
    // A public deck that is free, so anyone may read with all its cards.
    const [publicDeck] = await db()
      .select({ id: decks.id })
      .from(decks)
      .where(and(eq(decks.isPublic, true), isNull(decks.priceCents)))
      .limit(1);
    const readings = async () =>
      (await db().select({ id: readingSessions.id }).from(readingSessions).where(eq(readingSessions.originalHostUserId, hostId))).length;
    const before = await readings();
    for (const path of ["/reading-room?create=true", `/reading-room/${publicDeck!.id}?create=true`, "/reading-room.data?create=true"]) {
      for (const site of ["cross-site", "same-site", null]) {
        const response = await get(path, { cookie: host.header(), headers: site ? { "sec-fetch-site": site } : {} });
        expect(response.status, `${path} from ${site}`).toBe(200);
        if (!path.includes(".data")) {
          const html = await response.text();
          expect(html).toContain("Start a new reading?");
          expect(html).toMatch(/<form method="post"/);
        }
      }
    }
    expect(await readings()).toBe(before);
    // The confirmation's form posts from the site itself, which passes the origin gate.
    const started = await post(`/reading-room/${publicDeck!.id}?create=true`, {}, { cookie: host.header() });
    expect(started.status).toBe(302);
    expect(await readings()).toBe(before + 1);
  });

  it("closes a room an hour after its last action when nobody is there, and its URL says so", async () => {
    const { sessionId, host } = await newReading();
    const socket = (await join(sessionId, host)).client!;
    await socket.next((m) => m.type === "snapshot");
    socket.send({ type: "shuffle" });
    socket.send({ type: "draw" });
    await settle(socket, (state) => state.table.length === 1);
    socket.socket.close();

    const stub = env.ReadingRoom.get(env.ReadingRoom.idFromName(sessionId));
    // Still within the hour: the alarm leaves the room open.
    await runDurableObjectAlarm(stub);
    expect((await db().select().from(readingSessions).where(eq(readingSessions.id, sessionId)))[0]!.isActive).toBe(true);

    await runInDurableObject(stub, async (_instance, state) => {
      const stored = (await state.storage.get<RoomState>("state"))!;
      await state.storage.put("state", { ...stored, lastActivityAt: Date.now() - 61 * 60 * 1000 });
    });
    await abortAllDurableObjects();
    const fresh = env.ReadingRoom.get(env.ReadingRoom.idFromName(sessionId));
    await runInDurableObject(fresh, async (_instance, state) => {
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    expect(await runDurableObjectAlarm(fresh)).toBe(true);
    expect((await db().select().from(readingSessions).where(eq(readingSessions.id, sessionId)))[0]!.isActive).toBe(false);

    const page = await get(`/reading-room?session=${sessionId}`, { cookie: host.header() });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("This reading has ended");
    expect(html).toContain("Open a new room");
    expect((await join(sessionId, host)).status).toBe(403);
  });
});

describe("video call signalling", () => {
  it("passes a signal only to the person it is for, named by the room rather than the sender", async () => {
    const { sessionId, host, hostId } = await newReading();
    const ana = await newGuest();
    const ben = await newGuest();
    const anaId = await seat(sessionId, ana);
    await seat(sessionId, ben);
    const [h, a, b] = (await Promise.all([join(sessionId, host), join(sessionId, ana), join(sessionId, ben)])).map((x) => x.client!) as [
      Client,
      Client,
      Client,
    ];
    await Promise.all([h, a, b].map((c) => c.next((m) => m.type === "snapshot")));

    a.socket.send(JSON.stringify({ type: "signal", to: hostId, signal: { kind: "offer", sdp: "v=0 fake", from: "someone-else" } }));
    const got = await h.next((m) => m.type === "signal");
    expect(got).toEqual({ type: "signal", from: anaId, signal: { kind: "offer", sdp: "v=0 fake" } });

    a.socket.send(JSON.stringify({ type: "signal", to: "*", signal: { kind: "join" } }));
    await b.next((m) => m.type === "signal" && m.signal.kind === "join");
    await h.next((m) => m.type === "signal" && m.signal.kind === "join");
    expect(b.messages.some((m) => m.type === "signal" && m.signal.kind === "offer")).toBe(false);
    expect(a.messages.some((m) => m.type === "signal")).toBe(false);
    for (const c of [h, a, b]) c.socket.close();
  });
});

describe("the reading journal", () => {
  it("keeps a finished reading for everyone at the table, with private notes and a read-only share link", async () => {
    const { sessionId, host, hostId } = await newReading();
    const guest = await newGuest();
    const guestUserId = await seat(sessionId, guest);
    const h = (await join(sessionId, host)).client!;
    const g = (await join(sessionId, guest)).client!;
    await Promise.all([h, g].map((c) => c.next((m) => m.type === "snapshot")));
    h.send({ type: "setQuestion", question: "Where is my work taking me?" });
    h.send({ type: "chooseSpread", spreadId: "three-card" });
    h.send({ type: "shuffle" });
    for (let i = 0; i < 3; i++) h.send({ type: "draw" });
    h.send({ type: "revealAll" });
    h.send({ type: "interpret" });
    const done = await settle(g, (state) => state.interpretation.status === "done");
    await expect
      .poll(async () => (await db().select().from(readingJournal).where(eq(readingJournal.sessionId, sessionId))).map((e) => e.userId).sort(), {
        timeout: 3000,
      })
      .toEqual([hostId, guestUserId].sort());
    h.socket.close();
    g.socket.close();

    const list = await (await get("/journal", { cookie: guest.header() })).text();
    expect(list).toContain("Where is my work taking me?");
    // Dates arrive in UTC, named as such, with the moment machine-readable for the browser to localise.
    expect(list).toMatch(/<time dateTime="\d{4}-\d\d-\d\dT[^"]+Z"[^>]*>[^<]+ UTC<\/time>/);
    const [entry] = await db()
      .select()
      .from(readingJournal)
      .where(and(eq(readingJournal.sessionId, sessionId), eq(readingJournal.userId, guestUserId)));
    expect(entry!.cards.map((c) => c.positionName)).toEqual(["Past", "Present", "Future"]);
    expect(entry!.cards.map((c) => c.key)).toEqual([...done.table].sort((a, b) => a.position - b.position).map((c) => c.key));
    expect(entry!.interpretation).toBe(done.interpretation.text);

    expect((await post(`/journal/${entry!.id}`, { intent: "notes", notes: "Talk to Sam on Monday." }, { cookie: guest.header() })).status).toBe(200);
    // Someone else's entry is nobody else's business.
    expect((await get(`/journal/${entry!.id}`, { cookie: host.header() })).status).toBe(404);
    expect((await post(`/journal/${entry!.id}`, { intent: "notes", notes: "x" }, { cookie: host.header() })).status).toBe(404);

    await post(`/journal/${entry!.id}`, { intent: "share" }, { cookie: guest.header() });
    const [shared] = await db().select().from(readingJournal).where(eq(readingJournal.id, entry!.id));
    expect(shared!.shareId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const page = await get(`/shared/${shared!.shareId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Where is my work taking me?");
    expect(html).not.toContain("Talk to Sam on Monday.");
    // The classic deck's cards are pictured, and the link previews with the first of them.
    for (const card of entry!.cards) expect(html).toContain(`src="/art/card.svg?key=${card.key}&amp;`);
    expect(html).toContain('<meta property="og:title" content="“Where is my work taking me?” — a tarot reading on Arcanum"/>');
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/shared/${shared!.shareId}/share.png"/>`);
    // The preview picture: the first card, painted for the classic deck, beside the question, as a PNG.
    const picture = await get(`/shared/${shared!.shareId}/share.png`);
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect(pngSize(new Uint8Array(await picture.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    expect((await env.MEDIA.list({ prefix: `share-pictures/readings/${shared!.shareId}/` })).objects).toHaveLength(1);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain(`<meta property="og:description" content="Three cards: ${entry!.cards[0]!.name}`);
    expect((await (await get(`/journal/${entry!.id}`, { cookie: guest.header() })).text()).match(/<img [^>]*src="\/art\/card\.svg\?key=/g)).toHaveLength(3);
    await post(`/journal/${entry!.id}`, { intent: "unshare" }, { cookie: guest.header() });
    expect((await get(`/shared/${shared!.shareId}`)).status).toBe(404);
    expect((await get(`/shared/${shared!.shareId}/share.png`)).status).toBe(404);
    expect((await env.MEDIA.list({ prefix: `share-pictures/readings/${shared!.shareId}/` })).objects).toHaveLength(0);
    // Rendering the preview picture starts its engines in this isolate: seconds, not milliseconds.
  }, 30_000);
});

describe("removal and the lock hold everywhere the reading can be read", () => {
  it("a removed person loses the page, its data, the socket, the deck's pictures and any way back in", async () => {
    const { sessionId, host, hostId } = await newReading();
    const { deckId, picture } = await deckOf(hostId);
    const guest = await newGuest();
    const link = await inviteLink(sessionId, host);
    expect((await post(link, {}, { cookie: guest.header() })).status).toBe(302);
    const [{ guestId }] = (await db()
      .select({ guestId: sessionParticipants.userId })
      .from(sessionParticipants)
      .where(and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.isHost, false)))) as [{ guestId: string }];

    const h = (await join(sessionId, host)).client!;
    await h.next((m) => m.type === "snapshot");
    h.socket.send(JSON.stringify({ type: "changeDeck", deckId }));
    await settle(h, (state) => state.deckId === deckId);
    const g = (await join(sessionId, guest)).client!;
    await g.next((m) => m.type === "snapshot");
    expect(await pictureStatus(picture, guest)).toBe(200);

    h.send({ type: "remove", id: guestId });
    await g.next((m) => m.type === "closed");
    h.send({ type: "setQuestion", question: "Asked after the removal" });
    await settle(h, (state) => state.question === "Asked after the removal");

    const page = await get(`/reading-room?session=${sessionId}`, { cookie: guest.header() });
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("Asked after the removal");
    const data = await get(`/reading-room.data?session=${sessionId}`, { cookie: guest.header() });
    expect(await data.text()).not.toContain("Asked after the removal");
    expect((await join(sessionId, guest)).status).toBe(403);
    expect(await pictureStatus(picture, guest)).toBe(404);
    // Their journal tells the deck's readings by the cards' names only, like anyone's who may not see it.
    const aCard = MAJOR_ARCANA[0]!.key;
    expect(await recordFaces(db(), deckId, [aCard], guestId)).toEqual({});
    expect(Object.keys(await recordFaces(db(), deckId, [aCard], hostId))).toEqual([aCard]);
    // Neither the old link nor a new one seats them again.
    expect((await post(link, {}, { cookie: guest.header() })).status).toBe(403);
    expect((await post(await inviteLink(sessionId, host), {}, { cookie: guest.header() })).status).toBe(403);
    expect((await get(`/reading-room?session=${sessionId}`, { cookie: guest.header() })).status).toBe(404);
    // The host keeps everything.
    expect(await pictureStatus(picture, host)).toBe(200);
    expect((await get(`/reading-room?session=${sessionId}`, { cookie: host.header() })).status).toBe(200);
    h.socket.close();
  });

  it("a locked room seats nobody new through an invite, until it is unlocked", async () => {
    const { sessionId, host, hostId } = await newReading();
    const { deckId, picture } = await deckOf(hostId);
    const link = await inviteLink(sessionId, host);
    const h = (await join(sessionId, host)).client!;
    await h.next((m) => m.type === "snapshot");
    h.socket.send(JSON.stringify({ type: "changeDeck", deckId }));
    await settle(h, (state) => state.deckId === deckId);
    // One person came to the table before the lock; another took a seat but never came.
    const regular = await newGuest();
    const absent = await newGuest();
    expect((await post(link, {}, { cookie: regular.header() })).status).toBe(302);
    expect((await post(link, {}, { cookie: absent.header() })).status).toBe(302);
    const r = (await join(sessionId, regular)).client!;
    await r.next((m) => m.type === "snapshot");
    h.send({ type: "lock", locked: true });
    await settle(h, (state) => state.locked);
    expect((await get(`/reading-room?session=${sessionId}`, { cookie: regular.header() })).status).toBe(200);
    expect(await pictureStatus(picture, regular)).toBe(200);
    // The room keeps out whoever has not sat down yet, and so does every other door.
    expect((await join(sessionId, absent)).status).toBe(403);
    expect((await get(`/reading-room?session=${sessionId}`, { cookie: absent.header() })).status).toBe(404);
    expect(await pictureStatus(picture, absent)).toBe(404);

    const newcomer = await newGuest();
    const refused = await post(link, {}, { cookie: newcomer.header() });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("locked");
    expect((await get(`/reading-room?session=${sessionId}`, { cookie: newcomer.header() })).status).toBe(404);
    expect((await join(sessionId, newcomer)).status).toBe(403);
    expect(await pictureStatus(picture, newcomer)).toBe(404);

    h.send({ type: "lock", locked: false });
    await settle(h, (state) => !state.locked);
    expect((await post(link, {}, { cookie: newcomer.header() })).status).toBe(302);
    expect((await get(`/reading-room?session=${sessionId}`, { cookie: newcomer.header() })).status).toBe(200);
    expect(await pictureStatus(picture, newcomer)).toBe(200);
    expect(await pictureStatus(picture, absent)).toBe(200);
    h.socket.close();
    r.socket.close();
  });
});

describe("a deck made private", () => {
  it("is shown only to its owner, not at a table someone else opened with it while it was public", async () => {
    const owner = await newReading();
    const { deckId, picture } = await deckOf(owner.hostId, { isPublic: true });
    const host = await newGuest();
    const opened = await post(`/reading-room/${deckId}`, {}, { cookie: host.header() });
    expect(opened.status).toBe(302);
    const sessionId = new URL(opened.headers.get("location")!, ORIGIN).searchParams.get("session")!;
    const guest = await newGuest();
    expect((await post(await inviteLink(sessionId, host), {}, { cookie: guest.header() })).status).toBe(302);
    expect(await pictureStatus(picture, guest)).toBe(200);

    await db().update(decks).set({ isPublic: false }).where(eq(decks.id, deckId));
    expect(await pictureStatus(picture, host)).toBe(404);
    expect(await pictureStatus(picture, guest)).toBe(404);
    expect(await pictureStatus(picture, owner.host)).toBe(200);
  });
});

describe("cards drawn face down", () => {
  it("are named to nobody, on the socket or in the page's state, until they are turned over", async () => {
    const { sessionId, host } = await newReading();
    const guest = await newGuest();
    const guestId = await seat(sessionId, guest);
    const h = (await join(sessionId, host)).client!;
    const g = (await join(sessionId, guest)).client!;
    await Promise.all([h, g].map((c) => c.next((m) => m.type === "snapshot")));
    h.send({ type: "chooseSpread", spreadId: "three-card" });
    h.send({ type: "shuffle" });
    h.send({ type: "draw" });
    h.send({ type: "draw" });
    await settle(g, (state) => state.table.length === 2);
    await settle(h, (state) => state.table.length === 2);

    const stub = env.ReadingRoom.get(env.ReadingRoom.idFromName(sessionId));
    const drawn = await runInDurableObject(stub, async (_instance, state) => (await state.storage.get<RoomState>("state"))!.table.map((card) => card.key));
    expect(drawn.every((key) => key !== HIDDEN)).toBe(true);
    // What a browser was told about the table (the deck's list of cards is no secret).
    const toldTo = (client: Client) => JSON.stringify(client.messages.map((m) => (m.type === "snapshot" ? { ...m, state: { ...m.state, cards: [] } } : m)));
    for (const client of [h, g]) {
      const told = toldTo(client);
      for (const key of drawn) expect(told).not.toContain(`"${key}"`);
      expect(client.state()!.table.map((card) => card.key)).toEqual([HIDDEN, HIDDEN]);
    }
    // The page's first paint comes from the same snapshot.
    const room = await getServerByName(env.ReadingRoom, sessionId);
    expect((await room.snapshot(guestId))!.table.map((card) => card.key)).toEqual([HIDDEN, HIDDEN]);
    g.socket.send(JSON.stringify({ type: "resync" }));
    await g.next((m) => m.type === "snapshot" && g.messages.filter((x) => x.type === "snapshot").length === 2);
    expect(toldTo(g)).not.toContain(`"${drawn[0]}"`);

    h.send({ type: "reveal", position: 0 });
    const seen = await settle(g, (state) => state.table.some((card) => card.revealed));
    expect(seen.table.map((card) => card.key)).toEqual([drawn[0], HIDDEN]);
    expect(toldTo(g)).not.toContain(`"${drawn[1]}"`);
    h.socket.close();
    g.socket.close();

    // Once the reading has ended, its page lists the card that was turned over, and only that one.
    const names = drawn.map((key) => FULL_DECK.find((card) => card.key === key)!.name);
    await expect.poll(async () => (await db().select().from(readingSessions).where(eq(readingSessions.id, sessionId)))[0]!.selectedCards).toHaveLength(1);
    await closeRoom(db(), sessionId, Date.now());
    const ended = await (await get(`/reading-room?session=${sessionId}`, { cookie: guest.header() })).text();
    expect(ended).toContain("This reading has ended");
    expect(ended).toContain(names[0]!);
    expect(ended).not.toContain(names[1]!);
  });
});

/** A ready deck of `keys` (one card each, painted), its cover the first of them unless told; returns its id. */
async function paintedDeck(
  ownerId: string,
  title: string,
  { isPublic = true, createdAt = Date.now(), keys = ["major-00"], cover }: { isPublic?: boolean; createdAt?: number; keys?: string[]; cover?: string } = {},
) {
  const deckId = `deck-${newId()}`;
  const cardRows = keys.map((key) => {
    const card = FULL_DECK.find((c) => c.key === key)!;
    return {
      id: newId(),
      deckId,
      cardKey: key,
      name: card.name,
      arcana: card.arcana,
      suit: card.suit,
      number: card.number,
      status: "ready" as const,
      imageKey: `card-images/${deckId}/${key}.svg`,
    };
  });
  const coverId = cardRows.find((row) => row.cardKey === (cover ?? keys[0]))?.id ?? null;
  await db().batch([
    db().insert(decks).values({
      id: deckId,
      creatorId: ownerId,
      title,
      theme: title.toLowerCase(),
      artStyle: "woodcut",
      status: "ready",
      isPublic,
      coverCardId: coverId,
      createdAt,
    }),
    ...cardRows.map((row) => db().insert(cards).values(row)),
  ]);
  return deckId;
}

describe("the decks a table offers", () => {
  it("lists all of the person's own and bought decks however many public ones are newer, caps the public ones, and sends no cover the person may not see", async () => {
    const reader = await newReading();
    const maker = await newReading();
    // The reader's own deck, older than every public deck.
    const own = await paintedDeck(reader.hostId, "Heron Marsh", { isPublic: false, createdAt: 1 });
    for (let i = 0; i < PUBLIC_DECKS_AT_TABLE + 1; i++) await paintedDeck(maker.hostId, `Open Deck ${i}`, { createdAt: Date.now() + i });
    // A deck for sale whose cover is not one of its previews, bought by the reader and by no one else.
    const sold = await paintedDeck(maker.hostId, "Lantern Harbour", {
      createdAt: Date.now() + 100,
      keys: ["major-00", "major-01", "major-13"],
      cover: "major-13",
    });
    await db()
      .insert(deckListings)
      .values({ deckId: sold, sellerId: maker.hostId, priceCents: 900, previewCardKeys: ["major-00", "major-01"] });
    await db()
      .insert(deckPurchases)
      .values({ id: newId(), deckId: sold, buyerId: reader.hostId, sellerId: maker.hostId, grossCents: 900, feePercent: 10, feeCents: 90, netCents: 810 });
    const lockedCover = `/media/card-images/${sold}/major-13.svg`;

    const offered = await decksForTable(db(), reader.hostId);
    expect(offered.find((deck) => deck.id === own)).toMatchObject({ title: "Heron Marsh", own: true, bought: false, cards: 1 });
    expect(offered.find((deck) => deck.id === own)!.coverUrl).toMatch(new RegExp(`^/media/card-images/${own}/major-00\\.svg\\?v=`));
    expect(offered.find((deck) => deck.id === sold)).toMatchObject({ own: false, bought: true, cards: 3 });
    expect(offered.find((deck) => deck.id === sold)!.coverUrl).toContain(lockedCover);
    const others = offered.filter((deck) => !deck.own && !deck.bought);
    expect(others).toHaveLength(PUBLIC_DECKS_AT_TABLE);
    expect(others.map((deck) => deck.title)).toContain(`Open Deck ${PUBLIC_DECKS_AT_TABLE}`);
    expect(offered.every((deck) => deck.backUrl.startsWith("/art/back.svg?"))).toBe(true);

    // The page carries the reader's decks with their covers, the classic deck, and the deck on the table's title.
    const page = await (await get(`/reading-room?session=${reader.sessionId}`, { cookie: reader.host.header() })).text();
    expect(page).toContain("Heron Marsh");
    expect(page).toContain(lockedCover);
    expect(page).toContain("Classic deck");

    // Someone who has not bought the deck is not offered it, and neither the list nor the page sends its locked cover.
    const stranger = await newReading();
    const theirs = await decksForTable(db(), stranger.hostId);
    expect(theirs.some((deck) => deck.id === sold || deck.id === own)).toBe(false);
    expect(JSON.stringify(theirs)).not.toContain(lockedCover);
    const strangerPage = await (await get(`/reading-room?session=${stranger.sessionId}`, { cookie: stranger.host.header() })).text();
    expect(strangerPage).not.toContain(lockedCover);
    expect(strangerPage).not.toContain("Heron Marsh");
  });

  it("lets the person leading change the deck through the page's form, as the socket does, and no one else", async () => {
    const { sessionId, host, hostId } = await newReading();
    const deckId = await paintedDeck(hostId, "Quiet Orchard", { isPublic: false, keys: ["major-00", "major-01", "major-02"] });
    const changed = await post(`/reading-room?session=${sessionId}`, { intent: "deck", deckId }, { cookie: host.header() });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe(`/reading-room?session=${sessionId}#table`);
    const room = await getServerByName(env.ReadingRoom, sessionId);
    expect(await room.snapshot(hostId)).toMatchObject({ deckId, pile: ["", "", ""], step: "shuffled" });
    // D1 knows at once, so the deck's pictures are served to the table.
    expect((await db().select({ deckId: readingSessions.deckId }).from(readingSessions).where(eq(readingSessions.id, sessionId)))[0]!.deckId).toBe(deckId);

    // A guest at the table who does not lead is refused, and so is a deck that is not the person's to use.
    const guest = await newGuest();
    await seat(sessionId, guest);
    const refused = await post(`/reading-room?session=${sessionId}`, { intent: "deck", deckId: "" }, { cookie: guest.header() });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Only the person leading the reading can do that.");
    const stranger = await newReading();
    const strangerDeck = await paintedDeck(stranger.hostId, "Hidden Cove", { isPublic: false });
    const notTheirs = await post(`/reading-room?session=${sessionId}`, { intent: "deck", deckId: strangerDeck }, { cookie: host.header() });
    expect(notTheirs.status).toBe(400);
    expect(await notTheirs.text()).toContain("That deck cannot be used here.");
    // Someone with no seat at the reading does not learn it exists.
    expect((await post(`/reading-room?session=${sessionId}`, { intent: "deck", deckId: "" }, { cookie: stranger.host.header() })).status).toBe(404);
    expect((await room.snapshot(hostId))!.deckId).toBe(deckId);
  });
});

describe("the table's forms, for a page without JavaScript", () => {
  const at = (sessionId: string) => `/reading-room?session=${sessionId}`;
  const table = async (sessionId: string, viewerId: string) => (await (await getServerByName(env.ReadingRoom, sessionId)).snapshot(viewerId))!;

  it("carry each of the leader's steps to the room, which seats the person and tells every socket, and come back to the table", async () => {
    const { sessionId, host, hostId } = await newReading();
    const guest = await newGuest();
    const guestId = await seat(sessionId, guest);
    const g = (await join(sessionId, guest)).client!;
    await g.next((m) => m.type === "snapshot");
    const step = async (form: Record<string, string>) => {
      const response = await post(at(sessionId), form, { cookie: host.header() });
      expect(response.status, JSON.stringify(form)).toBe(302);
      // Back at the table, or at the chat after a line of it, rather than at the page's top.
      expect(response.headers.get("location")).toBe(`${at(sessionId)}${form.intent === "say" ? "#chat" : "#table"}`);
      return table(sessionId, hostId);
    };

    // The first form seats its sender, away: no socket of theirs is open.
    let state = await step({ intent: "spread", spreadId: "celtic-cross" });
    expect(state.spreadId).toBe("celtic-cross");
    expect(state.members.find((m) => m.id === hostId)).toMatchObject({ role: "host", connections: 0 });
    expect((await step({ intent: "spread", spreadId: "three-card" })).spreadId).toBe("three-card");
    expect((await step({ intent: "question", question: "  What does   the spring ask of me? " })).question).toBe("What does the spring ask of me?");
    expect((await step({ intent: "reversals" })).reversals).toBe(false);
    expect((await step({ intent: "reversals", on: "on" })).reversals).toBe(true);
    expect((await step({ intent: "shuffle" })).step).toBe("shuffled");
    for (let i = 1; i <= 3; i++) expect((await step({ intent: "draw" })).table).toHaveLength(i);
    state = await step({ intent: "reveal", position: "1" });
    expect(state.table.map((card) => card.revealed)).toEqual([false, true, false]);
    state = await step({ intent: "revealAll" });
    expect(state.table.every((card) => card.revealed && card.key !== HIDDEN)).toBe(true);
    // The browser with a socket saw every step as the room made it, and holds the same table.
    const seen = await settle(g, (s) => s.table.filter((card) => card.revealed).length === 3);
    expect(seen.table).toEqual(state.table);
    expect(seen.question).toBe("What does the spring ask of me?");

    expect((await step({ intent: "interpret" })).interpretation.status).not.toBe("idle");
    const done = await settle(g, (s) => s.interpretation.status === "done");
    // The reading is kept in the journal of the person who led it through forms, as in everyone else's.
    await expect
      .poll(async () => (await db().select().from(readingJournal).where(eq(readingJournal.sessionId, sessionId))).map((e) => e.userId).sort(), {
        timeout: 3000,
      })
      .toEqual([hostId, guestId].sort());
    const entries = await db().select().from(readingJournal).where(eq(readingJournal.sessionId, sessionId));
    const [mine, theirs] = [entries.find((e) => e.userId === hostId)!, entries.find((e) => e.userId === guestId)!];
    const kept = ({ question, spreadId, spreadName, cards, interpretation, layout, deckId }: typeof mine) => ({
      question,
      spreadId,
      spreadName,
      cards,
      interpretation,
      layout,
      deckId,
    });
    expect(kept(mine)).toEqual(kept(theirs));
    expect(mine.interpretation).toBe(done.interpretation.text);

    // The chat's form: the line is the room's, told to the sockets and on the page as it loads.
    await step({ intent: "say", text: "Thank you for sitting with me." });
    await g.next((m) => m.type === "chat" && m.entries.some((e) => e.text === "Thank you for sitting with me."));
    expect(await (await get(at(sessionId), { cookie: guest.header() })).text()).toContain("Thank you for sitting with me.");

    expect((await step({ intent: "gather" })).table).toHaveLength(0);
    expect((await step({ intent: "lock", locked: "true" })).locked).toBe(true);
    expect((await step({ intent: "lock", locked: "false" })).locked).toBe(false);
    expect((await step({ intent: "handOver", to: guestId })).controllerId).toBe(guestId);
    expect((await step({ intent: "handOver", to: hostId })).controllerId).toBe(hostId);
    state = await step({ intent: "remove", id: guestId });
    expect(state.removed).toEqual([guestId]);
    await g.next((m) => m.type === "closed");
  }, 30_000);

  it("let only the person leading lead, show a stranger nothing, and answer bad input with a 400 that says what is wrong", async () => {
    const { sessionId, host, hostId } = await newReading();
    const guest = await newGuest();
    const guestId = await seat(sessionId, guest);
    const send = (jar: CookieJar, form: Record<string, string>) => post(at(sessionId), form, { cookie: jar.header() });
    const refusal = async (response: Response) => ({
      status: response.status,
      said: /data-testid="table-notice"[^>]*>([^<]+)</.exec(await response.text())?.[1],
    });

    // A participant may talk, not lead or run the room.
    const leading: Record<string, string>[] = [
      { intent: "shuffle" },
      { intent: "spread", spreadId: "single" },
      { intent: "question", question: "Mine?" },
      { intent: "interpret" },
    ];
    for (const form of leading) {
      expect(await refusal(await send(guest, form)), form.intent).toEqual({ status: 400, said: "Only the person leading the reading can do that." });
    }
    expect(await refusal(await send(guest, { intent: "lock", locked: "true" }))).toEqual({ status: 400, said: "Only the host can lock the reading." });
    expect(await refusal(await send(guest, { intent: "remove", id: hostId }))).toEqual({ status: 400, said: "Only the host can remove someone." });
    expect((await send(guest, { intent: "say", text: "Hello" })).status).toBe(302);
    let state = await table(sessionId, hostId);
    expect({ step: state.step, spreadId: state.spreadId, question: state.question, locked: state.locked }).toEqual({
      step: "setup",
      spreadId: "three-card",
      question: "",
      locked: false,
    });
    expect(state.members.find((m) => m.id === guestId)).toMatchObject({ role: "participant", connections: 0 });

    // Someone with no seat learns nothing, whatever they post.
    const stranger = await newGuest();
    const anything: Record<string, string>[] = [{ intent: "shuffle" }, { intent: "say", text: "hi" }, { intent: "reveal", position: "x" }];
    for (const form of anything) expect((await send(stranger, form)).status).toBe(404);
    expect((await table(sessionId, hostId)).members.map((m) => m.id)).toEqual([guestId]);

    // Bad input: refused before the room hears of it, with the reason by the table.
    const bad: [Record<string, string>, string][] = [
      [{ intent: "reveal", position: "x" }, "Choose a card on the table."],
      [{ intent: "reveal" }, "Choose a card on the table."],
      [{ intent: "question", question: "?".repeat(301) }, "Keep the question under 300 characters."],
      [{ intent: "spread", spreadId: "no-such-spread" }, "There is no such spread."],
      [{ intent: "spread", spreadId: "custom:nothing-here" }, "There is no such spread."],
      [{ intent: "say", text: "   " }, "Write a message first."],
      [{ intent: "lock", locked: "maybe" }, "Say whether to lock the room."],
      [{ intent: "handOver" }, "Choose someone at the table."],
    ];
    for (const [form, said] of bad) expect(await refusal(await send(host, form)), JSON.stringify(form)).toEqual({ status: 400, said });
    // What the room refuses, it says in its own words: a step out of turn, someone not at the table.
    expect(await refusal(await send(host, { intent: "draw" }))).toEqual({ status: 400, said: "Shuffle the deck first." });
    expect(await refusal(await send(host, { intent: "handOver", to: "nobody" }))).toEqual({ status: 400, said: "That person is not in the reading." });
    state = await table(sessionId, hostId);
    expect({ step: state.step, table: state.table.length, locked: state.locked }).toEqual({ step: "setup", table: 0, locked: false });

    // A paid reading is held live: its room takes no form while its clock runs.
    const clockOf = (instance: unknown) => instance as { meter: unknown };
    await runInDurableObject(await getServerByName(env.ReadingRoom, sessionId), (instance) => {
      clockOf(instance).meter = { status: "running" };
    });
    expect(await refusal(await send(host, { intent: "shuffle" }))).toEqual({ status: 400, said: PAID_NEEDS_LIVE });
    await runInDurableObject(await getServerByName(env.ReadingRoom, sessionId), (instance) => {
      clockOf(instance).meter = null;
    });
    expect((await send(host, { intent: "shuffle" })).status).toBe(302);
  }, 30_000);
});
