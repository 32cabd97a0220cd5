import type { Connection, ConnectionContext, WSMessage } from "partyserver";
import { ObservedServer } from "./observed";
import { z } from "zod";
import { lazySchema } from "../app/lib/lazy-schema";
import { createDatabase } from "../app/db.server";
import { readConfig } from "../app/env.server";
import { notify } from "../app/push/notify.server";
import { readerOnlineNews } from "../app/readers/online-news.server";
import { demoReadersToKeep, keepDemoReadersOnline, recordReaderPresence, settleReaderPresence } from "../app/readers/presence.server";
import {
  AWAY_CLOSE_CODE,
  SILENT_CLOSE_CODE,
  VERIFIED_READER_HEADER,
  type PresenceClientMessage,
  type PresenceServerMessage,
  type VerifiedReader,
} from "../app/readers/presence-messages";

const presenceClientMessage: z.ZodType<PresenceClientMessage> = lazySchema(() => z.object({ type: z.literal("heartbeat") }));

/** A listener has no reader; a reader's tab carries who it is, which tab it is, and when it was last heard. */
type ConnectionState = { readerId: string | null; username: string | null; tab: string | null; heardAt: number; writtenAt: number };

/** Minimum gap between two last-seen writes for one tab. */
const HEARTBEAT_WRITE_GAP_MS = 30_000;
const MAX_MESSAGE_BYTES = 256;
/** Readers whose last tab closed, waiting out the grace before they are announced offline. */
const LEAVING_KEY = "leaving";
type Leaving = Record<string, { readerId: string; at: number }>;

const readerTag = (readerId: string) => `reader:${readerId}`;

/**
 * Who of the readers is online right now. A reader's tab connects as a reader (verified by the Worker)
 * and beats every minute; everyone else listens. A reader is online while any of their tabs is open and
 * heard from within the window; two tabs count once. A reader whose last tab closes is announced offline
 * after a short grace, so a reload does not blink them off and on for everyone watching.
 */
export class ReaderPresence extends ObservedServer<Env> {
  static override options = { hibernate: true };

  /**
   * The demo readers kept online without a tab (reader id to username): in a local build running in
   * development only, read again at every wake (decision 0099). Always empty in production.
   */
  private demoReaders = new Map<string, string>();

  private get timings() {
    return readConfig(this.env).readerPresence;
  }

  private readerConnections(): Array<Connection<ConnectionState>> {
    return [...this.getConnections<ConnectionState>()].filter((c) => c.state?.readerId && c.state.username);
  }

  private onlineUsernames(except?: string): Set<string> {
    return new Set([
      ...this.readerConnections()
        .filter((c) => c.id !== except)
        .map((c) => c.state!.username!),
      ...this.demoReaders.values(),
    ]);
  }

  /** On every wake, presence is recounted from the sockets still open, not from what D1 last heard. */
  override async onStart() {
    if (__LOCAL_BUILD__ && readConfig(this.env).appEnv === "development") {
      this.demoReaders = new Map((await demoReadersToKeep(createDatabase(this.env.DB))).map((reader) => [reader.id, reader.username]));
    }
    const live = new Map(this.readerConnections().map((c) => [c.state!.readerId!, c.state!.username!]));
    for (const [id, username] of this.demoReaders) live.set(id, username);
    const leaving = await this.leaving();
    // A reader within their grace still counts as online until the alarm decides.
    for (const [username, entry] of Object.entries(leaving)) live.set(entry.readerId, username);
    await settleReaderPresence(createDatabase(this.env.DB), [...live.keys()], Date.now());
    await this.scheduleAlarm();
  }

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const reader = verifiedReader(ctx.request);
    return reader ? [readerTag(reader.id)] : [];
  }

  private send(connection: Connection, message: PresenceServerMessage) {
    connection.send(JSON.stringify(message));
  }

  private announce(message: PresenceServerMessage) {
    this.broadcast(JSON.stringify(message));
  }

  override async onConnect(connection: Connection<ConnectionState>, ctx: ConnectionContext) {
    const reader = verifiedReader(ctx.request);
    const now = Date.now();
    const tab = new URL(ctx.request.url).searchParams.get("tab");
    const wasOnline = reader ? this.onlineUsernames(connection.id).has(reader.username) : true;
    connection.setState({
      readerId: reader?.id ?? null,
      username: reader?.username ?? null,
      tab: tab && /^[A-Za-z0-9_-]{8,64}$/.test(tab) ? tab : null,
      heardAt: now,
      writtenAt: now,
    });
    const leaving = await this.leaving();
    const returning = reader ? leaving[reader.username] : undefined;
    if (reader && returning) {
      delete leaving[reader.username];
      await this.ctx.storage.put(LEAVING_KEY, leaving);
    }
    const snapshot = new Set([...this.onlineUsernames(), ...Object.keys(leaving)]);
    this.send(connection, { type: "snapshot", online: [...snapshot] });
    if (!reader) return;
    await recordReaderPresence(createDatabase(this.env.DB), reader.id, true, now);
    if (!wasOnline && !returning) {
      this.announce({ type: "online", username: reader.username });
      // Their followers hear of it by push or e-mail, after this connection is settled.
      const origin = new URL(ctx.request.url).origin;
      notify(
        { db: createDatabase(this.env.DB), config: readConfig(this.env), waitUntil: (work) => this.ctx.waitUntil(work) },
        readerOnlineNews(reader.id, origin),
      );
    }
    await this.scheduleAlarm();
  }

  override async onMessage(connection: Connection<ConnectionState>, message: WSMessage) {
    if (typeof message !== "string" || message.length > MAX_MESSAGE_BYTES) return;
    let data: unknown;
    try {
      data = JSON.parse(message);
    } catch {
      return;
    }
    const parsed = presenceClientMessage.safeParse(data);
    const state = connection.state;
    if (!parsed.success || !state?.readerId) return;
    const now = Date.now();
    const write = now - state.writtenAt >= HEARTBEAT_WRITE_GAP_MS;
    connection.setState({ ...state, heardAt: now, writtenAt: write ? now : state.writtenAt });
    if (write) await recordReaderPresence(createDatabase(this.env.DB), state.readerId, true, now);
  }

  override async onClose(connection: Connection<ConnectionState>) {
    await this.leave(connection, { grace: true });
  }

  override async onError(connection: Connection<ConnectionState>) {
    await this.leave(connection, { grace: true });
  }

  /**
   * Called by the Worker: the tab `tab` of this reader said goodbye (its page is unloading), or, without
   * a tab, the reader chose to be away, which closes all of their tabs' reader sockets at once.
   */
  async dismiss(readerId: string, tab: string | null) {
    // A demo reader who chooses to be away stays away: the next wake reads their choice again.
    const demo = tab === null ? this.demoReaders.get(readerId) : undefined;
    const hadTab = [...this.getConnections(readerTag(readerId))].length > 0;
    if (demo !== undefined) this.demoReaders.delete(readerId);
    for (const connection of this.getConnections<ConnectionState>(readerTag(readerId))) {
      if (tab !== null && connection.state?.tab !== tab) continue;
      connection.close(AWAY_CLOSE_CODE, tab ? "Tab closed" : "Away");
      await this.leave(connection, { grace: tab !== null });
    }
    if (tab === null) await this.settleLeaving(Date.now(), readerId);
    if (demo !== undefined && !hadTab) {
      await recordReaderPresence(createDatabase(this.env.DB), readerId, false, Date.now());
      this.announce({ type: "offline", username: demo });
    }
  }

  private async leaving(): Promise<Leaving> {
    return (await this.ctx.storage.get<Leaving>(LEAVING_KEY)) ?? {};
  }

  private async leave(connection: Connection<ConnectionState>, { grace }: { grace: boolean }) {
    const readerId = connection.state?.readerId;
    const username = connection.state?.username;
    if (!readerId || !username) return;
    // Forget the socket, so that a later close event for it changes nothing.
    connection.setState({ ...connection.state!, readerId: null, username: null });
    if (this.onlineUsernames(connection.id).has(username)) return;
    const leaving = await this.leaving();
    leaving[username] = { readerId, at: Date.now() + (grace ? this.timings.graceMs : 0) };
    await this.ctx.storage.put(LEAVING_KEY, leaving);
    if (grace && this.timings.graceMs > 0) await this.scheduleAlarm();
    else await this.settleLeaving(Date.now());
  }

  /** Readers whose grace is over (or `readerId`, at once) and who have no tab open are offline. */
  private async settleLeaving(now: number, readerId?: string) {
    const leaving = await this.leaving();
    const online = this.onlineUsernames();
    const gone: Array<{ username: string; readerId: string }> = [];
    for (const [username, entry] of Object.entries(leaving)) {
      if (online.has(username)) delete leaving[username];
      else if (entry.at <= now || entry.readerId === readerId) {
        delete leaving[username];
        gone.push({ username, readerId: entry.readerId });
      }
    }
    await this.ctx.storage.put(LEAVING_KEY, leaving);
    const db = createDatabase(this.env.DB);
    for (const reader of gone) {
      await recordReaderPresence(db, reader.readerId, false, now);
      this.announce({ type: "offline", username: reader.username });
    }
  }

  /** Closes the tabs not heard from within the window (asleep, frozen, cut off), then settles who has left. */
  override async onAlarm() {
    const now = Date.now();
    if (__LOCAL_BUILD__ && this.demoReaders.size > 0) await keepDemoReadersOnline(createDatabase(this.env.DB), [...this.demoReaders.keys()], now);
    for (const connection of this.readerConnections()) {
      if (now - connection.state!.heardAt <= this.timings.windowMs) continue;
      connection.close(SILENT_CLOSE_CODE, "No heartbeat");
      await this.leave(connection, { grace: false });
    }
    await this.settleLeaving(now);
    await this.scheduleAlarm();
  }

  /** The next moment something may change: a grace running out, or the quietest tab falling out of the window. */
  private async scheduleAlarm() {
    const times = [
      ...Object.values(await this.leaving()).map((entry) => entry.at),
      ...this.readerConnections().map((c) => c.state!.heardAt + this.timings.windowMs + 1),
      // The demo readers' heartbeat, beaten by the room itself.
      ...(this.demoReaders.size > 0 ? [Date.now() + this.timings.heartbeatMs] : []),
    ];
    if (!times.length) {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    const next = Math.max(Date.now(), Math.min(...times));
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next || current < Date.now()) await this.ctx.storage.setAlarm(next);
  }
}

function verifiedReader(request: Request): VerifiedReader | null {
  const header = request.headers.get(VERIFIED_READER_HEADER);
  if (!header) return null;
  try {
    return JSON.parse(header) as VerifiedReader;
  } catch {
    return null;
  }
}
