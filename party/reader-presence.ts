import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { createDatabase } from "../app/db.server";
import { recordReaderPresence, settleReaderPresence } from "../app/readers/presence.server";
import { z } from "zod";
import { VERIFIED_READER_HEADER, type PresenceClientMessage, type PresenceServerMessage, type VerifiedReader } from "./presence-messages";

const presenceClientMessage: z.ZodType<PresenceClientMessage> = z.object({ type: z.literal("heartbeat") });

type ConnectionState = { readerId: string | null; username: string | null; lastWriteAt: number };

/** Minimum gap between two last-seen writes for one reader. */
const HEARTBEAT_WRITE_GAP_MS = 30_000;
const MAX_MESSAGE_BYTES = 256;

/**
 * Who of the readers is online right now. Readers' tabs connect as readers (verified by the Worker);
 * everyone else listens. Presence is the set of open reader connections, so it needs no storage of its own.
 */
export class ReaderPresence extends Server<Env> {
  static options = { hibernate: true };

  private onlineReaders(): Set<string> {
    const online = new Set<string>();
    for (const connection of this.getConnections<ConnectionState>()) {
      if (connection.state?.username) online.add(connection.state.username);
    }
    return online;
  }

  /** On every wake, presence is recounted from the sockets still open, not from what D1 last heard. */
  async onStart() {
    await settleReaderPresence(createDatabase(this.env.DB), [...this.onlineReaders()], Date.now());
  }

  private send(connection: Connection, message: PresenceServerMessage) {
    connection.send(JSON.stringify(message));
  }

  private announce(message: PresenceServerMessage) {
    this.broadcast(JSON.stringify(message));
  }

  async onConnect(connection: Connection<ConnectionState>, ctx: ConnectionContext) {
    const verified = ctx.request.headers.get(VERIFIED_READER_HEADER);
    const reader = verified ? (JSON.parse(verified) as VerifiedReader) : null;
    const readerId = reader?.id ?? null;
    const wasOnline = reader ? this.onlineReaders().has(reader.username) : true;
    connection.setState({ readerId, username: reader?.username ?? null, lastWriteAt: Date.now() });
    this.send(connection, { type: "snapshot", online: [...this.onlineReaders()] });
    if (readerId) {
      await recordReaderPresence(createDatabase(this.env.DB), readerId, true, Date.now());
      if (!wasOnline) this.announce({ type: "online", username: reader!.username });
    }
  }

  async onMessage(connection: Connection<ConnectionState>, message: WSMessage) {
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
    if (now - state.lastWriteAt < HEARTBEAT_WRITE_GAP_MS) return;
    connection.setState({ ...state, lastWriteAt: now });
    await recordReaderPresence(createDatabase(this.env.DB), state.readerId, true, now);
  }

  async onClose(connection: Connection<ConnectionState>) {
    await this.leave(connection);
  }

  async onError(connection: Connection<ConnectionState>) {
    await this.leave(connection);
  }

  private async leave(connection: Connection<ConnectionState>) {
    const readerId = connection.state?.readerId;
    const username = connection.state?.username;
    if (!readerId || !username) return;
    const stillOnline = [...this.getConnections<ConnectionState>()].some(
      (other) => other.id !== connection.id && other.state?.readerId === readerId,
    );
    if (stillOnline) return;
    await recordReaderPresence(createDatabase(this.env.DB), readerId, false, Date.now());
    this.announce({ type: "offline", username });
  }
}
