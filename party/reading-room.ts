import type { Connection, ConnectionContext, WSMessage } from "partyserver";
import { ObservedServer } from "./observed";
import { AI_HELPER_BUSY_MESSAGE, allowAiHelper } from "../app/ai/usage.server";
import { createDatabase } from "../app/db.server";
import { log } from "../app/observe/log.server";
import { PAID_NEEDS_LIVE, parseClientMessage, type ChatEntry, type ServerMessage, type TableAction } from "../app/reading-room/messages";
import {
  CLASSIC_DECK_KEYS,
  closeRoom,
  deckForReading,
  laidForRoom,
  loadRoomSeed,
  mirrorRoom,
  ROOM_MEMBER_HEADER,
  type MirroredSeats,
  type RoomMemberClaim,
} from "../app/reading-room/room-store.server";
import type { Meter } from "../app/paid-readings/clock";
import { paidReadingForRoom } from "../app/paid-readings/readings.server";
import { BillingClock, type ClockRoom } from "./room/billing-clock";
import { TableChat } from "./room/chat";
import { INTERRUPTED_TEXT, writeInterpretation } from "./room/interpretation";
import { RateLimiter, type Bucket } from "./room/rate-limit";
import { relaySignal } from "./room/video-relay";
import {
  apply,
  decide,
  decideJoin,
  decideLeave,
  decideSeat,
  decideMerge,
  decideDeckChange,
  ACTIVITY_WINDOW_MS,
  INTERPRETATION_BUSY,
  initialState,
  layTable,
  mayJoin,
  memberOf,
  redact,
  view,
  type RoomCommand,
  type RoomEvent,
  type RoomState,
} from "../app/reading-room/state";

const STATE_KEY = "state";
/** Who laid the deck now on the table: a private deck is shown at the table only when its owner did. */
const DECK_LAID_BY_KEY = "deckLaidBy";
/** How soon a room with people still connected is looked at again after its idle hour. */
const RECHECK_MS = 15 * 60 * 1000;

/**
 * D1 mirrors the room for listings and history. The first change of a burst is written at once; later ones
 * are gathered and written at most this often, always ending on the latest state.
 */
const MIRROR_EVERY_MS = 1000;

type ConnectionState = { memberId: string } & Bucket;

/**
 * One per reading (named by the reading's id). Holds the authoritative state in its own storage,
 * so it survives eviction and restarts; every change is an event applied here, saved, mirrored to
 * D1 for listings and history, and broadcast (with the pile's order hidden) to every socket.
 * Identity comes from the Worker's gate, never from the browser.
 */
export class ReadingRoom extends ObservedServer<Env> {
  static options = { hibernate: true };

  private state: RoomState | null = null;
  private readonly limiter = new RateLimiter();
  /** Each person's allowance for the page's forms, as each socket has its own. */
  private readonly formBuckets = new Map<string, Bucket>();
  private readonly chat = new TableChat(this.ctx.storage);
  /** Undefined until known; null for the classic deck or a room older than this record. */
  private deckLaidBy: string | null | undefined = undefined;
  /** The paid reading's clock; idle in a free room. */
  private readonly clock = new BillingClock(this.clockRoom());
  private mirroredAt = 0;
  /** What this instance last wrote to the seats' rows: a mirror writes only the seats that changed. */
  private readonly mirroredSeats: MirroredSeats = new Map();
  /** Set while an interpretation's AI allowance is being checked, so a second request waits its turn. */
  private askingAi = false;
  /** Set when a paid reading ended and the room closed: the sockets closing after it change nothing. */
  private over = false;
  private mirrorTimer: ReturnType<typeof setTimeout> | null = null;

  /** The paid reading's meter, or null in a free room: the clock's own, reachable on the room for inspection in tests. */
  get meter(): Meter | null {
    return this.clock.meter;
  }
  set meter(meter: Meter | null) {
    this.clock.meter = meter;
  }

  private loading: Promise<RoomState | null> | null = null;

  /** The state, read or seeded once however many sockets arrive together while the room wakes. */
  private load(): Promise<RoomState | null> {
    if (this.state) return Promise.resolve(this.state);
    this.loading ??= this.read().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async read(): Promise<RoomState | null> {
    const stored = await this.ctx.storage.get<RoomState>(STATE_KEY);
    if (stored) {
      this.state = stored;
      this.deckLaidBy = (await this.ctx.storage.get<string | null>(DECK_LAID_BY_KEY)) ?? undefined;
      await this.clock.restore();
      // The idle alarm re-arms itself (see onAlarm); a room woken without one gets it back here.
      if ((await this.ctx.storage.getAlarm()) === null) await this.armAlarm(stored.lastActivityAt + ACTIVITY_WINDOW_MS);
      return stored;
    }
    const db = createDatabase(this.env.DB);
    const [seed, paid, laid] = await Promise.all([loadRoomSeed(db, this.name), paidReadingForRoom(db, this.name), laidForRoom(db, this.name)]);
    if (!seed) return null;
    const now = Date.now();
    if (laid) {
      // A live second opinion: the client's reading is on the table before anyone sits down (decision 0104).
      const deck = laid.deck;
      const spreadId = laid.spreadId ?? (laid.customSpread ? null : "free");
      const opened = initialState({
        host: seed.host,
        deckId: deck?.deckId ?? null,
        cards: deck?.cards ?? CLASSIC_DECK_KEYS,
        at: now,
        spreadId,
        customSpread: laid.customSpread,
      });
      this.state = layTable(opened, laid.laid);
      this.deckLaidBy = deck ? deck.laidBy : null;
      // The row says whose deck lies here at once: its pictures are served to the table by it.
      await mirrorRoom(db, this.name, this.state, this.deckLaidBy);
    } else {
      this.state = initialState({ host: seed.host, deckId: seed.deckId, cards: seed.cards, at: now, spreadId: seed.spreadId, customSpread: seed.customSpread });
      this.deckLaidBy = seed.deckLaidBy;
    }
    const meter = this.clock.start(paid);
    await this.ctx.storage.put({ [STATE_KEY]: this.state, [DECK_LAID_BY_KEY]: seed.deckLaidBy, ...meter });
    await this.armAlarm(this.state.lastActivityAt + ACTIVITY_WINDOW_MS);
    return this.state;
  }

  /**
   * A room that wakes in a new instance holds no interpretation in progress: one the stored state
   * says is being written died with the old instance, so it ends here and the reading can go on.
   */
  async onStart() {
    const state = await this.load();
    if (state?.interpretation.status !== "writing") return;
    await this.commit([{ type: "interpretationFinished", text: INTERRUPTED_TEXT, at: Date.now() }]);
  }

  /**
   * Wakes the room so its alarms run: a paid reading's clock calls the reading off if the two
   * never come, even when neither opens the room.
   */
  async open(): Promise<void> {
    await this.load();
  }

  /** The table as `viewerId`'s browser may see it, for the page rendered on the server; null for someone removed or locked out. */
  async snapshot(viewerId: string): Promise<RoomState | null> {
    const state = await this.load();
    return state && mayJoin(state, viewerId).ok ? view(state) : null;
  }

  /** The table and its chat as `viewerId`'s browser may see them, for the page rendered on the server; null for someone removed or locked out. */
  async table(viewerId: string): Promise<{ state: RoomState; chat: ChatEntry[] } | null> {
    const state = await this.load();
    if (!state || !mayJoin(state, viewerId).ok) return null;
    return { state: view(state), chat: await this.chat.lines() };
  }

  /**
   * A message from the page's forms without JavaScript, for `member` as the Worker vouched for them:
   * it goes through the same handler as a socket's. Someone not yet at the table is seated first,
   * away (no socket of theirs is open). Answers the refusal, or null.
   */
  async post(member: RoomMemberClaim, message: TableAction): Promise<string | null> {
    const state = await this.load();
    if (!state) return "This reading does not exist.";
    // The billing clock counts the minutes both are connected: a paid reading is led live only.
    if (this.clock.active) return PAID_NEEDS_LIVE;
    const now = Date.now();
    const { bucket, verdict } = this.limiter.take(this.formBuckets.get(member.id) ?? this.limiter.fresh(now), now);
    this.formBuckets.set(member.id, bucket);
    if (verdict !== "allowed") return "Too many actions at once; slow down a little.";
    if (!memberOf(state, member.id)) {
      const seated = decideSeat(state, member, now);
      if (!seated.ok) return seated.error;
      await this.commit(seated.events);
    }
    return this.handle(member.id, message);
  }

  private async changeDeck(memberId: string, deckId: string | null): Promise<string | null> {
    const cards = await deckForReading(createDatabase(this.env.DB), deckId, memberId);
    if (!cards) return "That deck cannot be used here.";
    const decision = decideDeckChange(this.state!, memberId, { deckId, cards }, Math.random, Date.now());
    if (!decision.ok) return decision.error;
    await this.layDeck(deckId ? memberId : null);
    // Written to D1 at once: the pictures of a private deck are served to the people at its table by that row.
    await this.commit(decision.events, { mirror: "now" });
    return null;
  }

  /**
   * The client is going to add funds: while their balance pays only the running minute, the clock
   * holds until the top-up arrives or the hold runs out. Answers whether the reading is still on.
   */
  async holdForFunds(memberId: string): Promise<"held" | "live" | "closed"> {
    await this.load();
    return this.clock.holdForFunds(memberId);
  }

  /** A top-up of the client's reached the balance: the clock takes the new figure, and a hold ends if it pays the next minute. */
  async fundsArrived(): Promise<void> {
    await this.load();
    await this.clock.fundsArrived();
  }

  /** A guest in this reading signed in to an existing account: its place passes to that account. */
  async mergeMember(from: string, to: string) {
    const state = await this.load();
    if (!state) return;
    const decision = decideMerge(state, from, to, Date.now());
    if (!decision.ok || decision.events.length === 0) return;
    for (const connection of this.getConnections<ConnectionState>()) {
      if (connection.state?.memberId === from) connection.setState({ ...connection.state, memberId: to });
    }
    if (this.deckLaidBy === from) await this.layDeck(to);
    await this.commit(decision.events);
  }

  /** Applies events in order, saves once, mirrors to D1, and tells every socket. */
  private async commit(events: RoomEvent[], { mirror = "soon" }: { mirror?: "soon" | "now" | false } = {}) {
    if (events.length === 0 || !this.state) return;
    let state = this.state;
    const messages: string[] = [];
    for (const event of events) {
      state = apply(state, event);
      messages.push(JSON.stringify({ type: "event", version: state.version, event: redact(event) } satisfies ServerMessage));
    }
    this.state = state;
    await this.ctx.storage.put(STATE_KEY, state);
    // Pages, pictures and invites are answered from D1: a removal, a lock or a new deck holds there before anyone hears of it.
    if (mirror === "now") await this.mirrorNow();
    this.tellEveryone(messages);
    if (mirror === "soon") this.mirrorSoon();
  }

  /**
   * Sends the messages, each serialised once, to every open socket. The sockets are taken from the
   * runtime directly: the generic broadcast reads each socket's stored attachment again on every
   * message to recognise it, a cost per person and per change that the table's busiest moments felt.
   */
  private tellEveryone(messages: string[]) {
    const sockets = this.ctx.getWebSockets().filter((socket) => socket.readyState === WebSocket.OPEN);
    for (const message of messages) {
      for (const socket of sockets) {
        try {
          socket.send(message);
        } catch {
          socket.close(1011, "Unexpected error");
        }
      }
    }
  }

  private async layDeck(by: string | null) {
    this.deckLaidBy = by;
    await this.ctx.storage.put(DECK_LAID_BY_KEY, by);
  }

  /** Mirrors the state to D1 now, or once `MIRROR_EVERY_MS` has passed since the last time. */
  private mirrorSoon() {
    if (this.mirrorTimer) return;
    const wait = this.mirroredAt + MIRROR_EVERY_MS - Date.now();
    // The mirror runs on behind the change: mirrorNow catches its failure and hands it to waitUntil.
    if (wait <= 0) {
      void this.mirrorNow();
      return;
    }
    this.mirrorTimer = setTimeout(() => {
      this.mirrorTimer = null;
      void this.mirrorNow();
    }, wait);
  }

  private mirrorNow(): Promise<void> {
    const state = this.state;
    if (!state) return Promise.resolve();
    this.mirroredAt = Date.now();
    const done = mirrorRoom(createDatabase(this.env.DB), this.name, state, this.deckLaidBy, this.mirroredSeats).catch((error: unknown) =>
      log.error("mirroring the reading failed", { room: this.name, error }),
    );
    this.ctx.waitUntil(done);
    return done;
  }

  private send(connection: Connection, message: ServerMessage) {
    connection.send(JSON.stringify(message));
  }

  async onConnect(connection: Connection<ConnectionState>, ctx: ConnectionContext) {
    const claim = ctx.request.headers.get(ROOM_MEMBER_HEADER);
    const state = await this.load();
    if (!claim || !state) {
      this.send(connection, { type: "closed", reason: "This reading does not exist." });
      connection.close(4404, "not found");
      return;
    }
    const member = JSON.parse(claim) as RoomMemberClaim;
    const decision = decideJoin(state, member, Date.now());
    if (!decision.ok) {
      this.send(connection, { type: "closed", reason: decision.error });
      connection.close(4403, "refused");
      return;
    }
    connection.setState({ memberId: member.id, ...this.limiter.fresh(Date.now()) });
    await this.commit(decision.events);
    this.send(connection, { type: "snapshot", state: view(this.state!), you: member.id });
    const chat = await this.chat.lines();
    if (chat.length > 0) this.send(connection, { type: "chat", entries: chat, replace: true });
    if (this.clock.active) await this.clock.arrived(member.id);
  }

  /** Token bucket per socket; false when the socket has sent too much. */
  private allow(connection: Connection<ConnectionState>): boolean {
    const current = connection.state!;
    const { bucket, verdict } = this.limiter.take(current, Date.now());
    connection.setState({ ...current, ...bucket });
    if (verdict === "flooding") connection.close(4429, "too many messages");
    return verdict === "allowed";
  }

  async onMessage(connection: Connection<ConnectionState>, raw: WSMessage) {
    const memberId = connection.state?.memberId;
    if (!memberId) return;
    if (!this.allow(connection)) {
      this.send(connection, { type: "refused", error: "Too many actions at once; slow down a little." });
      return;
    }
    const message = parseClientMessage(typeof raw === "string" ? raw : new ArrayBuffer(0));
    if (!message) {
      this.send(connection, { type: "refused", error: "That message is not understood." });
      return;
    }
    const state = await this.load();
    if (!state) return;
    if (message.type === "resync") {
      this.send(connection, { type: "snapshot", state: view(state), you: memberId });
      return;
    }
    if (message.type === "signal") {
      relaySignal(this.getConnections<ConnectionState>(), connection, memberId, message.to, message.signal);
      return;
    }
    const refused = await this.handle(memberId, message);
    if (refused) this.send(connection, { type: "refused", error: refused });
  }

  /** What someone at the table asked, from a socket or a form: done, or the refusal. */
  private async handle(memberId: string, message: TableAction): Promise<string | null> {
    switch (message.type) {
      case "changeDeck":
        return this.changeDeck(memberId, message.deckId);
      case "say":
        await this.say(memberId, message.text);
        return null;
      case "endReading":
        return (await this.clock.endBy(memberId)) ? null : "Only the client and the reader of a paid reading can end it.";
      case "command":
        return this.act(memberId, message.command);
    }
  }

  private async act(memberId: string, command: RoomCommand): Promise<string | null> {
    let decision = decide(this.state!, memberId, command, Math.random, Date.now());
    if (decision.ok && command.type === "interpret") {
      // The AI writes for the person who asked: it counts against their allowance, one at a time.
      if (this.askingAi) decision = { ok: false, error: INTERPRETATION_BUSY };
      else {
        this.askingAi = true;
        try {
          const allowed = await allowAiHelper(createDatabase(this.env.DB), memberId);
          decision = allowed ? decide(this.state!, memberId, command, Math.random, Date.now()) : { ok: false, error: AI_HELPER_BUSY_MESSAGE };
        } finally {
          this.askingAi = false;
        }
      }
    }
    if (!decision.ok) return decision.error;
    // D1 answers for seats and for a priced deck's turned cards: it holds them before anyone hears of them.
    const standing = decision.events.some((event) => event.type === "removed" || event.type === "lockSet" || event.type === "revealed");
    await this.commit(decision.events, { mirror: standing ? "now" : "soon" });
    for (const event of decision.events) {
      if (event.type === "removed") this.closeMember(event.id, "You were removed from this reading.");
      if (event.type === "interpretationStarted") this.ctx.waitUntil(this.interpret());
    }
    return null;
  }

  /** A line of chat from someone at the table, kept and told to everyone; the room names the sender. */
  private async say(memberId: string, text: string) {
    const entry = await this.chat.say(this.state, memberId, text);
    if (entry) this.tellEveryone([JSON.stringify({ type: "chat", entries: [entry], replace: false } satisfies ServerMessage)]);
  }

  /** Writes the interpretation for the table (room/interpretation.ts). */
  private interpret() {
    return writeInterpretation({ env: this.env, readingId: this.name, state: () => this.state!, commit: (events, options) => this.commit(events, options) });
  }

  private closeMember(memberId: string, reason: string) {
    for (const connection of this.getConnections<ConnectionState>()) {
      if (connection.state?.memberId !== memberId) continue;
      this.send(connection, { type: "closed", reason });
      connection.close(4403, "removed");
    }
  }

  /**
   * An hour after the last action: a room nobody sits in is closed (its row marked inactive, its
   * storage cleared); one with people still connected is looked at again later.
   */
  async onAlarm() {
    const state = await this.load();
    if (!state) return;
    if (this.clock.active) {
      await this.clock.tick();
      // A paid reading is never closed for quiet: its clock ends it (and writes its figures), and
      // until then keeps the alarm set. A video-only reading touches nothing on the table.
      return;
    }
    const now = Date.now();
    const connected = [...this.getConnections()].length > 0;
    if (now - state.lastActivityAt < ACTIVITY_WINDOW_MS || connected) {
      await this.armAlarm(Math.max(state.lastActivityAt + ACTIVITY_WINDOW_MS, now + RECHECK_MS));
      return;
    }
    if (this.mirrorTimer) clearTimeout(this.mirrorTimer);
    this.mirrorTimer = null;
    await closeRoom(createDatabase(this.env.DB), this.name, now);
    this.state = null;
    await this.ctx.storage.deleteAll();
  }

  async onClose(connection: Connection<ConnectionState>) {
    await this.leave(connection);
  }

  async onError(connection: Connection<ConnectionState>) {
    await this.leave(connection);
  }

  private async leave(connection: Connection<ConnectionState>) {
    const memberId = connection.state?.memberId;
    if (this.over) return;
    const state = await this.load();
    if (!memberId || !state) return;
    const decision = decideLeave(state, memberId, Date.now());
    if (decision.ok) await this.commit(decision.events);
    if (this.clock.active) await this.clock.departed(memberId, connection.id, Date.now());
  }

  /**
   * Sets the alarm for the idle check at `idleAt`, or sooner when the paid reading's clock has
   * something due: one alarm serves both, and each look re-arms it.
   */
  private async armAlarm(idleAt: number) {
    const clockAt = this.clock.dueAt(Date.now());
    await this.ctx.storage.setAlarm(clockAt === null ? idleAt : Math.min(idleAt, clockAt));
  }

  private idleAt() {
    return Math.max((this.state?.lastActivityAt ?? Date.now()) + ACTIVITY_WINDOW_MS, Date.now() + 1000);
  }

  /** What the billing clock may do in this room: tell its tabs, end the reading, use its storage. */
  private clockRoom(): ClockRoom {
    return {
      env: () => this.env,
      readingId: () => this.name,
      storage: this.ctx.storage,
      waitUntil: (work) => this.ctx.waitUntil(work),
      sockets: () => [...this.getConnections<ConnectionState>()].map((connection) => ({ id: connection.id, memberId: connection.state?.memberId })),
      tell: (messageFor) => {
        for (const connection of this.getConnections<ConnectionState>()) {
          const message = messageFor(connection.state?.memberId);
          if (message) this.send(connection, message);
        }
      },
      table: () => this.state,
      rearm: () => this.armAlarm(this.idleAt()),
      ending: () => {
        this.over = true;
      },
      close: (reasonFor) => this.closeForGood(reasonFor),
    };
  }

  /** A paid reading ended: every tab is closed with its person's words, the table mirrored a last time, and the room closed. */
  private async closeForGood(reasonFor: (memberId: string | undefined) => string) {
    for (const connection of this.getConnections<ConnectionState>()) {
      this.send(connection, { type: "closed", reason: reasonFor(connection.state?.memberId) });
      connection.close(4000, "reading ended");
    }
    if (this.mirrorTimer) clearTimeout(this.mirrorTimer);
    this.mirrorTimer = null;
    const db = createDatabase(this.env.DB);
    if (this.state) await mirrorRoom(db, this.name, this.state, this.deckLaidBy).catch(() => undefined);
    await closeRoom(db, this.name, Date.now());
    this.state = null;
  }
}
