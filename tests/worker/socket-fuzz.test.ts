/**
 * Hostile and random socket messages, of every kind each room accepts, fed straight to the rooms'
 * message handlers (past the per-socket rate limit, which would otherwise stop the run early): the
 * room never throws, an invalid message changes nothing and, where the protocol has a way to say
 * so, its sender is told.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { Connection, WSMessage } from "partyserver";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { parseClientMessage } from "../../app/reading-room/messages";
import { invariantProblems, QUESTION_MAX, type RoomState } from "../../app/reading-room/state";
import { readingSessions, sessionParticipants, users } from "../../db/schema";
import { newId } from "../../app/lib/crypto";
import { app, CookieJar, ORIGIN, post, signInAs, visit } from "./helpers";

const RUNS = 200;
const tried: Record<string, number> = {};
const count = (party: string) => (tried[party] = (tried[party] ?? 0) + 1);

afterAll(() => {
  const total = Object.values(tried).reduce((a, b) => a + b, 0);
  console.log(
    `socket fuzz: ${total} messages tried (${Object.entries(tried)
      .map(([party, n]) => `${party} ${n}`)
      .join(", ")})`,
  );
});

/* ------------------------------------------------------------------------------------------------
 * Hostile inputs
 * --------------------------------------------------------------------------------------------- */

const nasty = fc.constantFrom(
  "' OR 1=1; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "../../../../etc/passwd",
  "\u0000\u0001\u001f",
  "\ud800",
  "\u202e\u200b\ufeff",
  "__proto__",
  "constructor",
  "🂡🃏".repeat(400),
  "*",
  "",
);
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  nasty,
  fc.constant("x".repeat(20_000)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 78, 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER + 2),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  fc.object({ maxDepth: 2, maxKeys: 3 }),
);

type Path = string[];

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [prefix];
  return [prefix, ...Object.entries(value).flatMap(([key, inner]) => pathsOf(inner, [...prefix, key]))].filter((p) => p.length > 0);
}

function withPath(value: unknown, path: Path, change: (parent: Record<string, unknown>, key: string) => void): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  change(parent, path[path.length - 1]!);
  return copy;
}

/** A message of the kind `template` is, bent in one hostile way; strings or raw bytes. */
function mutated(template: object): fc.Arbitrary<WSMessage> {
  const paths = pathsOf(template);
  const json = (value: unknown) => JSON.stringify(value);
  return fc.oneof(
    // A field of the wrong kind, or hostile content where a string belongs.
    fc.tuple(fc.constantFrom(...paths), hostileValue).map(([path, bad]) => json(withPath(template, path, (parent, key) => void (parent[key] = bad)))),
    // A field missing.
    fc.constantFrom(...paths).map((path) => json(withPath(template, path, (parent, key) => void delete parent[key]))),
    // Fields nobody asked for.
    fc.tuple(fc.constantFrom([] as Path, ...paths.slice(0, -1)), fc.string({ maxLength: 12 }), hostileValue).map(([path, extra, bad]) =>
      json(
        path.length === 0
          ? { ...template, [extra]: bad }
          : withPath(template, path, (parent, key) => {
              const inner = parent[key];
              if (inner && typeof inner === "object" && !Array.isArray(inner)) (inner as Record<string, unknown>)[extra] = bad;
            }),
      ),
    ),
    // The same key twice (the last one wins in JSON.parse).
    fc
      .tuple(fc.constantFrom("type", "command", "to", "deckId", "signal"), hostileValue)
      .map(([key, bad]) => `{"${key}":${json(bad) ?? "null"},${json(template).slice(1)}`),
    // Cut short, or not JSON at all.
    fc.nat().map((n) => json(template).slice(0, n % json(template).length)),
    hostileString,
    fc.constantFrom("null", "[]", "0", "true", '"command"', "{}", "{".repeat(5_000), "[".repeat(5_000)),
    // Raw bytes.
    fc.uint8Array({ maxLength: 64 }).map((bytes) => bytes.buffer as ArrayBuffer),
    // Too large to be read.
    fc.constant(json({ ...template, pad: "x".repeat(17_000) })),
    // The message itself, unharmed: valid ones must be handled as well.
    fc.constant(json(template)),
  );
}

/** A socket stand-in that records what the room sends it, and whose state the test controls. */
function fakeConnection<S>(initial: S) {
  const sent: string[] = [];
  let state = initial;
  let closed = false;
  const connection = {
    id: `fuzz-${newId()}`,
    get state() {
      return state;
    },
    setState(next: S) {
      state = next;
      return next;
    },
    send(message: string) {
      sent.push(message);
    },
    close() {
      closed = true;
    },
  };
  return {
    connection: connection as unknown as Connection<S>,
    sent,
    reset(next: S) {
      state = next;
      sent.length = 0;
      closed = false;
    },
    get state() {
      return state;
    },
    get closed() {
      return closed;
    },
  };
}

/* ------------------------------------------------------------------------------------------------
 * A reading with a host and a participant at the table
 * --------------------------------------------------------------------------------------------- */

const db = () => createDatabase(env.DB);

async function newGuest() {
  const jar = new CookieJar();
  jar.take(await visit("/", { headers: { "cf-connecting-ip": `203.0.113.${Math.floor(Math.random() * 250)}` } }));
  return jar;
}

async function openReading(jar: CookieJar) {
  const response = await post("/reading-room", {}, { cookie: jar.header() });
  const sessionId = new URL(response.headers.get("location")!, ORIGIN).searchParams.get("session")!;
  const [row] = await db().select({ hostId: readingSessions.hostUserId }).from(readingSessions).where(eq(readingSessions.id, sessionId));
  return { sessionId, userId: row!.hostId };
}

async function sitDown(sessionId: string, jar: CookieJar) {
  const response = await app.fetch(`${ORIGIN}/parties/reading-room/${sessionId}`, { headers: { upgrade: "websocket", origin: ORIGIN, cookie: jar.header() } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const snapshot = new Promise<void>((resolve) => socket.addEventListener("message", () => resolve(), { once: true }));
  socket.accept();
  await snapshot;
  return socket;
}

async function table() {
  const host = await newGuest();
  const guest = await newGuest();
  const { sessionId, userId: hostId } = await openReading(host);
  const { userId: guestId } = await openReading(guest);
  await db().insert(sessionParticipants).values({ id: newId(), sessionId, userId: guestId, name: "Guest" });
  const sockets = [await sitDown(sessionId, host), await sitDown(sessionId, guest)];
  return { sessionId, hostId, guestId, sockets };
}

const ROOM_MESSAGES: Record<string, object> = {
  shuffle: { type: "command", command: { type: "shuffle" } },
  chooseSpread: { type: "command", command: { type: "chooseSpread", spreadId: "single" } },
  setReversals: { type: "command", command: { type: "setReversals", on: false } },
  draw: { type: "command", command: { type: "draw", pick: 0 } },
  reveal: { type: "command", command: { type: "reveal", position: 0 } },
  revealAll: { type: "command", command: { type: "revealAll" } },
  move: { type: "command", command: { type: "move", position: 0, x: 10, y: 20 } },
  setQuestion: { type: "command", command: { type: "setQuestion", question: "What does spring hold?" } },
  zoom: { type: "command", command: { type: "zoom", zoom: 1.5, x: 5, y: -5 } },
  handOver: { type: "command", command: { type: "handOver", to: "someone" } },
  remove: { type: "command", command: { type: "remove", id: "someone" } },
  lock: { type: "command", command: { type: "lock", locked: true } },
  reset: { type: "command", command: { type: "reset" } },
  interpret: { type: "command", command: { type: "interpret" } },
  resync: { type: "resync" },
  signal: {
    type: "signal",
    to: "*",
    signal: { kind: "ice", candidate: { candidate: "candidate:1 1 udp 1 192.0.2.1 9 typ host", sdpMid: "0", sdpMLineIndex: 0 } },
  },
  changeDeck: { type: "changeDeck", deckId: "no-such-deck" },
  endReading: { type: "endReading" },
  say: { type: "say", text: "Is the Tower always bad news?" },
};

type RoomConnection = { memberId: string; tokens: number; refilledAt: number; strikes: number };
type RoomInstance = { onMessage(connection: Connection<RoomConnection>, raw: WSMessage): Promise<void> };

const stored = async (storage: DurableObjectStorage) => (await storage.get<RoomState>("state"))!;
const fresh = (memberId: string): RoomConnection => ({ memberId, tokens: 30, refilledAt: Date.now(), strikes: 0 });

describe("hostile socket messages", () => {
  it("never crash the reading room nor change it for someone who may not, and an invalid one is answered", async () => {
    const { sessionId, guestId, sockets } = await table();
    const stub = env.ReadingRoom.get(env.ReadingRoom.idFromName(sessionId));
    await runInDurableObject(stub, async (instance, state) => {
      const room = instance as unknown as RoomInstance;
      const guest = fakeConnection(fresh(guestId));
      for (const [kind, template] of Object.entries(ROOM_MESSAGES)) {
        await fc.assert(
          fc.asyncProperty(mutated(template), async (raw) => {
            count("reading-room");
            guest.reset(fresh(guestId));
            const before = await stored(state.storage);
            await room.onMessage(guest.connection, raw);
            // A participant who does not lead may not change the table, whatever they send.
            expect(await stored(state.storage)).toEqual(before);
            const replies = guest.sent.map((text) => JSON.parse(text) as { type: string; error?: string });
            if (parseClientMessage(typeof raw === "string" ? raw : new ArrayBuffer(0)) === null) {
              expect(replies).toEqual([{ type: "refused", error: "That message is not understood." }]);
            } else if (kind === "say") {
              // A line of chat is for everyone at the table, the sender too: it changes nothing on the table.
              expect(replies.every((reply) => reply.type === "chat")).toBe(true);
            } else if (kind !== "signal") {
              expect(replies).toHaveLength(1);
              expect(["refused", "snapshot"]).toContain(replies[0]!.type);
            }
            expect(guest.closed).toBe(false);
          }),
          { numRuns: RUNS },
        );
      }
    });
    for (const socket of sockets) socket.close();
  });

  it("never crash the reading room nor break its rules when the host sends them, and an invalid one changes nothing", async () => {
    const { sessionId, hostId, sockets } = await table();
    const stub = env.ReadingRoom.get(env.ReadingRoom.idFromName(sessionId));
    await runInDurableObject(stub, async (instance, state) => {
      const room = instance as unknown as RoomInstance;
      const host = fakeConnection(fresh(hostId));
      // The interpretation runs on after its command; it is exercised in the room's own tests.
      for (const [, template] of Object.entries(ROOM_MESSAGES).filter(([kind]) => kind !== "interpret")) {
        await fc.assert(
          fc.asyncProperty(mutated(template), async (raw) => {
            count("reading-room");
            host.reset(fresh(hostId));
            const before = await stored(state.storage);
            await room.onMessage(host.connection, raw);
            const after = await stored(state.storage);
            expect(invariantProblems(after)).toEqual([]);
            expect(after.question.length).toBeLessThanOrEqual(QUESTION_MAX);
            expect(after.members.map((m) => m.id)).toContain(hostId);
            const replies = host.sent.map((text) => JSON.parse(text) as { type: string; error?: string });
            if (parseClientMessage(typeof raw === "string" ? raw : new ArrayBuffer(0)) === null) {
              expect(after).toEqual(before);
              expect(replies).toEqual([{ type: "refused", error: "That message is not understood." }]);
            }
            // A valid one that asks for what already is (a card turned twice, a lock set twice) may pass in silence.
            expect(host.closed).toBe(false);
          }),
          { numRuns: RUNS },
        );
      }
    });
    // Still alive and answering over a real socket.
    sockets[0]!.send(JSON.stringify({ type: "resync" }));
    await new Promise<void>((resolve) => sockets[0]!.addEventListener("message", () => resolve(), { once: true }));
    for (const socket of sockets) socket.close();
  });

  it("never crash the readers' presence room nor put anyone online with them", async () => {
    // Any message wakes the room, which recounts presence from its sockets; then the fuzz begins.
    const cookie = await signInAs("seed-user-mira");
    const response = await app.fetch(`${ORIGIN}/parties/reader-presence/readers?as=reader`, { headers: { upgrade: "websocket", origin: ORIGIN, cookie } });
    expect(response.status).toBe(101);
    response.webSocket!.accept();
    const stub = env.ReaderPresence.get(env.ReaderPresence.idFromName("readers"));
    const seenBefore = (await db().select({ lastSeenAt: users.lastSeenAt }).from(users).where(eq(users.id, "seed-user-ines")))[0]!.lastSeenAt;
    await runInDurableObject(stub, async (instance) => {
      const presence = instance as unknown as { onMessage(connection: Connection, raw: WSMessage): Promise<void> };
      for (const readerId of ["seed-user-ines", null]) {
        const now = Date.now();
        const initial = { readerId, username: readerId ? "ines_duval" : null, tab: null, heardAt: now, writtenAt: now };
        const reader = fakeConnection(initial);
        await fc.assert(
          fc.asyncProperty(mutated({ type: "heartbeat" }), async (raw) => {
            count("reader-presence");
            reader.reset(initial);
            await presence.onMessage(reader.connection, raw);
            // The protocol has no reply to a heartbeat, right or wrong; a recent one writes nothing and
            // only moves the time the tab was last heard.
            expect(reader.sent).toEqual([]);
            expect({ ...(reader.state as typeof initial), heardAt: now }).toEqual(initial);
            expect((reader.state as typeof initial).heardAt).toBeGreaterThanOrEqual(now);
            expect(reader.closed).toBe(false);
          }),
          { numRuns: RUNS },
        );
      }
    });
    const seenAfter = (await db().select({ lastSeenAt: users.lastSeenAt, isOnline: users.isOnline }).from(users).where(eq(users.id, "seed-user-ines")))[0]!;
    expect(seenAfter).toEqual({ lastSeenAt: seenBefore, isOnline: false });
    response.webSocket!.close();
  });

  it("never crash a deck's generation room, which takes no messages at all", async () => {
    const stub = env.DeckGenerator.get(env.DeckGenerator.idFromName(`fuzz-${newId()}`));
    await runInDurableObject(stub, async (instance, state) => {
      const generator = instance as unknown as { onMessage(connection: Connection, raw: WSMessage): unknown };
      const before = await state.storage.list();
      const listener = fakeConnection(null);
      for (const template of [{ type: "snapshot" }, { type: "card", card: { key: "the_fool", stage: "ready" } }, { type: "deck", status: "ready" }]) {
        await fc.assert(
          fc.asyncProperty(mutated(template), async (raw) => {
            count("deck-generator");
            await generator.onMessage(listener.connection, raw);
            expect(listener.sent).toEqual([]);
            expect(listener.closed).toBe(false);
          }),
          { numRuns: RUNS },
        );
      }
      expect(await state.storage.list()).toEqual(before);
    });
  });
});
