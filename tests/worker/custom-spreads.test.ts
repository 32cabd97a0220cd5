import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mergeGuestInto } from "../../app/auth/accounts.server";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { cellCentre, checkSpread, CUSTOM_CARD_WIDTH, MAX_POSITIONS, type CustomSpreadDefinition } from "../../app/reading-room/custom-spreads";
import type { ServerMessage } from "../../app/reading-room/messages";
import { apply, type RoomState } from "../../app/reading-room/state";
import { customSpreads, readingJournal, readingSessions, sessionParticipants, users } from "../../db/schema";
import { app, CookieJar, get, ORIGIN, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);

async function newGuest() {
  const jar = new CookieJar();
  jar.take(await visit("/", { headers: { "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250)}` } }));
  return jar;
}

/** The user id behind a jar, from a reading it opens for itself. */
async function idOf(jar: CookieJar) {
  const probe = await post("/reading-room", {}, { cookie: jar.header() });
  const own = new URL(probe.headers.get("location")!, ORIGIN).searchParams.get("session")!;
  const [row] = await db().select({ userId: readingSessions.hostUserId }).from(readingSessions).where(eq(readingSessions.id, own));
  return row!.userId;
}

const positions = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `Card ${i + 1}`, meaning: "", x: i % 7, y: Math.floor(i / 7), rotated: false }));

const definition = (overrides: Partial<CustomSpreadDefinition> = {}): CustomSpreadDefinition => ({
  name: "Crossroads",
  description: "Two ways and what lies between.",
  positions: [
    { name: "Where I stand", meaning: "The ground under the question.", x: 3, y: 3, rotated: false },
    { name: "Left road", meaning: "One way to go.", x: 1, y: 1, rotated: false },
    { name: "Right road", meaning: "The other way.", x: 5, y: 1, rotated: false },
    { name: "What crosses", meaning: "What stands in the middle.", x: 3, y: 1, rotated: true },
  ],
  ...overrides,
});

/** The builder's form fields for a definition, as a browser without JavaScript posts them. */
function formOf(
  spread: { name: string; description: string; positions: { name: string; meaning: string; x: number; y: number; rotated: boolean }[] },
  intent = "save",
) {
  const fields: Record<string, string> = { intent, name: spread.name, description: spread.description, count: String(spread.positions.length) };
  spread.positions.forEach((p, i) => {
    fields[`p${i}-name`] = p.name;
    fields[`p${i}-meaning`] = p.meaning;
    fields[`p${i}-column`] = String(p.x + 1);
    fields[`p${i}-row`] = String(p.y + 1);
    if (p.rotated) fields[`p${i}-rotated`] = "on";
  });
  return fields;
}

async function saveSpread(jar: CookieJar, spread = definition()) {
  const response = await post("/spreads/new", formOf(spread), { cookie: jar.header() });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!, ORIGIN).pathname.split("/").pop()!;
}

type Client = {
  socket: WebSocket;
  messages: ServerMessage[];
  state(): RoomState | null;
  send(command: object): void;
};

async function join(sessionId: string, jar: CookieJar): Promise<Client> {
  const response = await app.fetch(`${ORIGIN}/parties/reading-room/${sessionId}`, { headers: { upgrade: "websocket", origin: ORIGIN, cookie: jar.header() } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const messages: ServerMessage[] = [];
  let state: RoomState | null = null;
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as ServerMessage;
    messages.push(message);
    if (message.type === "snapshot") state = message.state;
    if (message.type === "event" && state) state = apply(state, message.event);
  });
  socket.accept();
  return { socket, messages, state: () => state, send: (command) => socket.send(JSON.stringify({ type: "command", command })) };
}

async function settle<T>(read: () => T | null | undefined | false, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`never settled: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the spread schema", () => {
  it("takes 1 to 15 positions and refuses 0 and 16, each with a clear message", () => {
    expect(checkSpread(definition({ positions: positions(1) })).ok).toBe(true);
    expect(checkSpread(definition({ positions: positions(MAX_POSITIONS) })).ok).toBe(true);
    const none = checkSpread(definition({ positions: [] }));
    expect(none).toMatchObject({ ok: false, problems: { positions: "A spread needs at least one position." } });
    const sixteen = checkSpread(definition({ positions: positions(16) }));
    expect(sixteen).toMatchObject({ ok: false, problems: { positions: "A spread holds at most 15 cards." } });
  });

  it("refuses two cards on one cell, empty or long names, and cells off the grid", () => {
    const twice = checkSpread(definition({ positions: [positions(1)[0]!, { ...positions(1)[0]!, name: "Again" }] }));
    expect(twice).toMatchObject({ ok: false, problems: { "positions.1.x": "Position 1 already lies on column 1, row 1: move one of them." } });
    const unnamed = checkSpread(definition({ positions: [{ ...positions(1)[0]!, name: "   " }] }));
    expect(unnamed).toMatchObject({ ok: false, problems: { "positions.0.name": "Give this position a name." } });
    expect(checkSpread(definition({ name: "" }))).toMatchObject({ ok: false, problems: { name: "Give the spread a name." } });
    expect(checkSpread(definition({ positions: [{ ...positions(1)[0]!, name: "x".repeat(41) }] }))).toMatchObject({
      ok: false,
      problems: { "positions.0.name": "Keep the name to 40 characters." },
    });
    expect(checkSpread(definition({ positions: [{ ...positions(1)[0]!, x: 7 }] }))).toMatchObject({
      ok: false,
      problems: { "positions.0.x": "Choose a column from 1 to 7." },
    });
    expect(checkSpread(definition({ positions: [{ ...positions(1)[0]!, y: -1 }] }))).toMatchObject({
      ok: false,
      problems: { "positions.0.y": "Choose a row from 1 to 4." },
    });
    expect(checkSpread(definition({ positions: [{ ...positions(1)[0]!, x: 1.5 }] })).ok).toBe(false);
  });
});

describe("spreads of your own", () => {
  it("are saved by their owner, readable by link, and changed or deleted by nobody else", async () => {
    const owner = await newGuest();
    const other = await newGuest();
    const ownerId = await idOf(owner);
    const id = await saveSpread(owner);
    const [row] = await db().select().from(customSpreads).where(eq(customSpreads.id, id));
    expect(row).toMatchObject({ ownerId, name: "Crossroads", positions: definition().positions });

    // Listed with the six built-in spreads for its owner only.
    const list = await (await get("/spreads", { cookie: owner.header() })).text();
    expect(list).toContain("Crossroads");
    expect(list).toContain("Celtic Cross");
    expect(await (await get("/spreads", { cookie: other.header() })).text()).not.toContain("Crossroads");

    // The link shows it to anyone; only the owner may open the builder on it.
    const shared = await get(`/spreads/${id}`, { cookie: other.header() });
    expect(shared.status).toBe(200);
    const page = await shared.text();
    expect(page).toContain("What crosses");
    expect(page).toContain("Save to my spreads");
    expect((await get(`/spreads/${id}`)).status).toBe(200);
    expect((await get(`/spreads/${id}/edit`, { cookie: other.header() })).status).toBe(404);
    expect((await get(`/spreads/${id}/edit`, { cookie: owner.header() })).status).toBe(200);
    expect((await post(`/spreads/${id}/edit`, formOf(definition({ name: "Taken" })), { cookie: other.header() })).status).toBe(404);
    expect((await post(`/spreads/${id}/edit`, { intent: "delete" }, { cookie: other.header() })).status).toBe(404);
    expect((await get("/spreads/not-a-spread-at-all")).status).toBe(404);

    // The owner changes it; a change that breaks a rule is refused beside its field, and nothing is written.
    const renamed = await post(`/spreads/${id}/edit`, formOf(definition({ name: "Two roads" })), { cookie: owner.header() });
    expect(renamed.status).toBe(302);
    const refused = await post(
      `/spreads/${id}/edit`,
      formOf(definition({ positions: [...definition().positions, { name: "", meaning: "", x: 3, y: 3, rotated: false }] })),
      { cookie: owner.header() },
    );
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("Give this position a name.");
    expect(refusedPage).toContain("Position 1 already lies on column 4, row 4: move one of them.");
    expect(
      (await db().select({ name: customSpreads.name, positions: customSpreads.positions }).from(customSpreads).where(eq(customSpreads.id, id)))[0],
    ).toEqual({ name: "Two roads", positions: definition().positions });

    // Someone with the link saves a copy of their own.
    const copied = await post(`/spreads/${id}`, { intent: "copy" }, { cookie: other.header() });
    expect(copied.status).toBe(302);
    const copyId = new URL(copied.headers.get("location")!, ORIGIN).pathname.split("/").pop()!;
    expect(copyId).not.toBe(id);
    const [copy] = await db().select().from(customSpreads).where(eq(customSpreads.id, copyId));
    expect(copy).toMatchObject({ ownerId: await idOf(other), name: "Two roads" });

    expect((await post(`/spreads/${id}/edit`, { intent: "delete" }, { cookie: owner.header() })).status).toBe(302);
    expect(await db().select().from(customSpreads).where(eq(customSpreads.id, id))).toEqual([]);
    expect((await get(`/spreads/${id}`)).status).toBe(404);
  });

  it("are built without JavaScript: adding and removing a position shows the layout again, and bad cells are refused with 400", async () => {
    const jar = await newGuest();
    const start = definition({ positions: definition().positions.slice(0, 2) });
    const added = await post("/spreads/new", formOf(start, "add"), { cookie: jar.header() });
    expect(added.status).toBe(200);
    const addedPage = await added.text();
    // The new position lies on the first free cell, row by row: column 1, row 1.
    expect(addedPage).toMatch(/name="p2-column"[^>]*value="1"/);
    expect(addedPage).toMatch(/name="p2-row"[^>]*value="1"/);
    const removed = await (await post("/spreads/new", formOf(start, "remove-0"), { cookie: jar.header() })).text();
    expect(removed).toContain('value="Left road"');
    expect(removed).not.toContain('value="Where I stand"');
    expect(removed).not.toContain('name="p1-name"');

    const offGrid = await post("/spreads/new", { ...formOf(start), "p0-column": "9", "p1-row": "" }, { cookie: jar.header() });
    expect(offGrid.status).toBe(400);
    const offGridPage = await offGrid.text();
    expect(offGridPage).toContain("Choose a column from 1 to 7.");
    expect(offGridPage).toContain("Choose a row from 1 to 4.");
    expect(await post("/spreads/new", formOf(definition({ positions: positions(16) })), { cookie: jar.header() }).then((r) => r.status)).toBe(400);
    expect(await post("/spreads/new", formOf(definition({ positions: [] })), { cookie: jar.header() }).then((r) => r.text())).toContain(
      "A spread needs at least one position.",
    );
  });

  it("a guest's spreads become the account's when the guest signs in to it", async () => {
    const guest = await newGuest();
    const guestId = await idOf(guest);
    const id = await saveSpread(guest);
    const memberId = newId();
    await db()
      .insert(users)
      .values({ id: memberId, email: `${memberId}@example.com`, username: `m${memberId.slice(0, 8)}` });
    await mergeGuestInto(db(), guestId, memberId);
    expect((await db().select({ ownerId: customSpreads.ownerId }).from(customSpreads).where(eq(customSpreads.id, id)))[0]!.ownerId).toBe(memberId);
  });
});

describe("a deleted account", () => {
  it("takes its spreads and their links with it", async () => {
    const memberId = newId();
    const email = `${memberId}@example.com`;
    await db()
      .insert(users)
      .values({ id: memberId, email, username: `s${memberId.slice(0, 8)}` });
    const cookie = await signInAs(memberId);
    const saved = await post("/spreads/new", formOf(definition()), { cookie });
    expect(saved.status).toBe(302);
    const id = new URL(saved.headers.get("location")!, ORIGIN).pathname.split("/").pop()!;
    expect((await post("/profile", { intent: "delete-account", confirm: email }, { cookie })).status).toBe(302);
    expect(await db().select().from(customSpreads).where(eq(customSpreads.ownerId, memberId))).toEqual([]);
    expect((await get(`/spreads/${id}`)).status).toBe(404);
  });
});

describe("a spread of your own at the table", () => {
  async function twoAtTable() {
    const host = await newGuest();
    const response = await post("/reading-room", {}, { cookie: host.header() });
    const sessionId = new URL(response.headers.get("location")!, ORIGIN).searchParams.get("session")!;
    const guest = await newGuest();
    const guestId = await idOf(guest);
    await db().insert(sessionParticipants).values({ id: newId(), sessionId, userId: guestId, name: "Guest" });
    const hostSocket = await join(sessionId, host);
    await settle(() => hostSocket.state(), "the host's snapshot");
    const guestSocket = await join(sessionId, guest);
    await settle(() => guestSocket.state(), "the guest's snapshot");
    return { sessionId, host, guest, hostSocket, guestSocket };
  }

  it("reaches every participant, draws fill its positions, and the journal keeps its layout after the spread is deleted", async () => {
    const { sessionId, host, hostSocket, guestSocket } = await twoAtTable();
    const id = await saveSpread(host);

    // The host's own spreads are offered at the table, after the six.
    const page = await (await get(`/reading-room?session=${sessionId}`, { cookie: host.header() })).text();
    expect(page).toContain(`value="custom:${id}"`);

    hostSocket.send({ type: "chooseCustomSpread", spreadId: id, spread: definition() });
    for (const socket of [hostSocket, guestSocket]) {
      const state = await settle(() => socket.state()?.customSpread && socket.state(), "the spread laid");
      expect(state.spreadId).toBe(`custom:${id}`);
      expect(state.customSpread!.positions.map((p) => p.name)).toEqual(["Where I stand", "Left road", "Right road", "What crosses"]);
      expect(state.customSpread!.positions[3]).toMatchObject({ ...cellCentre(3, 1), rotation: 90 });
      expect(state.customSpread!.cardWidth).toBe(CUSTOM_CARD_WIDTH);
    }

    hostSocket.send({ type: "shuffle" });
    for (let i = 0; i < 4; i++) hostSocket.send({ type: "draw" });
    const drawn = await settle(() => guestSocket.state()?.table.length === 4 && guestSocket.state(), "four cards drawn");
    expect(drawn.step).toBe("drawn");
    expect(drawn.table.map((card) => ({ position: card.position, x: card.x, y: card.y }))).toEqual(
      definition().positions.map((p, position) => ({ position, ...cellCentre(p.x, p.y) })),
    );
    hostSocket.send({ type: "draw" });
    await settle(() => hostSocket.messages.some((m) => m.type === "refused" && m.error === "The spread is full."), "a fifth draw refused");

    // Deleted before the reading is kept: the table and the journal hold their own copy.
    expect((await post(`/spreads/${id}/edit`, { intent: "delete" }, { cookie: host.header() })).status).toBe(302);
    hostSocket.send({ type: "revealAll" });
    hostSocket.send({ type: "interpret" });
    await settle(() => hostSocket.state()?.interpretation.status === "done", "the interpretation");
    const kept = await expect
      .poll(async () => (await db().select().from(readingJournal).where(eq(readingJournal.sessionId, sessionId))).length, { timeout: 3000 })
      .toBe(2)
      .then(() => db().select().from(readingJournal).where(eq(readingJournal.sessionId, sessionId)));
    for (const entry of kept) {
      expect(entry.spreadId).toBe(`custom:${id}`);
      expect(entry.spreadName).toBe("Crossroads");
      expect(entry.cards.map((card) => card.positionName)).toEqual(["Where I stand", "Left road", "Right road", "What crosses"]);
      expect(entry.layout).toEqual(
        definition().positions.map((p) => ({ name: p.name, meaning: p.meaning, ...cellCentre(p.x, p.y), rotation: p.rotated ? 90 : 0 })),
      );
    }
    hostSocket.socket.close();
    guestSocket.socket.close();
  });

  it("an invalid spread sent over the socket is refused with a message, and the room is unchanged", async () => {
    const { hostSocket, guestSocket } = await twoAtTable();
    const before = hostSocket.state()!.version;
    const refusals = () => hostSocket.messages.filter((m): m is Extract<ServerMessage, { type: "refused" }> => m.type === "refused").map((m) => m.error);

    hostSocket.send({ type: "chooseCustomSpread", spreadId: "abcdefgh1234", spread: definition({ positions: positions(16) }) });
    hostSocket.send({ type: "chooseCustomSpread", spreadId: "abcdefgh1234", spread: definition({ positions: [positions(1)[0]!, positions(1)[0]!] }) });
    hostSocket.send({ type: "chooseCustomSpread", spreadId: "abcdefgh1234", spread: definition({ positions: [{ ...positions(1)[0]!, name: "" }] }) });
    hostSocket.send({ type: "chooseCustomSpread", spreadId: "abcdefgh1234", spread: { name: "Odd", positions: "everywhere" } });
    // Only the person leading lays a spread, however good it is.
    guestSocket.send({ type: "chooseCustomSpread", spreadId: "abcdefgh1234", spread: definition() });
    // A message after them all: once its answer is in, every earlier one has been answered.
    hostSocket.send({ type: "setQuestion", question: "Which road?" });
    await settle(() => hostSocket.state()?.question === "Which road?", "the question");
    expect(refusals()).toEqual([
      "That spread cannot be laid: A spread holds at most 15 cards.",
      "That spread cannot be laid: Position 1 already lies on column 1, row 1: move one of them.",
      "That spread cannot be laid: Give this position a name.",
      expect.stringMatching(/^That spread cannot be laid: /),
    ]);
    await settle(
      () => guestSocket.messages.some((m) => m.type === "refused" && m.error === "Only the person leading the reading can do that."),
      "the guest refused",
    );
    for (const socket of [hostSocket, guestSocket]) {
      const state = await settle(() => socket.state()?.question === "Which road?" && socket.state(), "the question everywhere");
      // The question is the only change: nothing else reached the table.
      expect(state.version).toBe(before + 1);
      expect(state.spreadId).toBe("three-card");
      expect(state.customSpread ?? null).toBeNull();
    }
    hostSocket.socket.close();
    guestSocket.socket.close();
  });

  it("a reading opened from a spread's link starts with that spread laid", async () => {
    const owner = await newGuest();
    const id = await saveSpread(owner);
    const visitor = await newGuest();
    const opened = await post(`/reading-room?spread=custom:${id}`, {}, { cookie: visitor.header() });
    expect(opened.status).toBe(302);
    const sessionId = new URL(opened.headers.get("location")!, ORIGIN).searchParams.get("session")!;
    const socket = await join(sessionId, visitor);
    const state = await settle(() => socket.state(), "the snapshot");
    expect(state.spreadId).toBe(`custom:${id}`);
    expect(state.customSpread?.name).toBe("Crossroads");
    const page = await (await get(`/reading-room?session=${sessionId}`, { cookie: visitor.header() })).text();
    expect(page).toContain("What crosses");
    socket.socket.close();
  });
});
