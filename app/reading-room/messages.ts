/**
 * What travels over a reading room's socket. Browsers send commands, validated here before the
 * room looks at them; the room sends the whole state once, then every event in order.
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import type { MeterView } from "../paid-readings/clock";
import { SPREAD_IDS } from "./spreads";
import { QUESTION_MAX, type RoomCommand, type RoomEvent, type RoomState } from "./state";

/** The longest chat message at the table. */
export const CHAT_MAX = 500;
/** How many chat messages a room keeps and sends to a newcomer. */
export const CHAT_KEPT = 100;

/** A line of the table's chat; the room names the sender. */
export type ChatEntry = { id: string; from: string; name: string; text: string; at: number };

/** Larger messages are refused unread (a video call's session description needs a few KB). */
export const MESSAGE_MAX_BYTES = 16_384;

const finite = lazySchema(() => z.number().finite());
const position = lazySchema(() => z.number().int().min(0).max(77));
const personId = lazySchema(() => z.string().min(1).max(64));

export const commandSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("shuffle") }),
    z.object({ type: z.literal("chooseSpread"), spreadId: z.enum(SPREAD_IDS as unknown as [string, ...string[]]) }),
    // The definition is checked by the room with the builder's own schema, so a refusal can say what is wrong.
    z.object({ type: z.literal("chooseCustomSpread"), spreadId: z.string().max(64), spread: z.unknown() }),
    z.object({ type: z.literal("setReversals"), on: z.boolean() }),
    z.object({ type: z.literal("draw"), pick: z.number().int().min(0).max(77).optional() }),
    z.object({ type: z.literal("reveal"), position }),
    z.object({ type: z.literal("revealAll") }),
    z.object({ type: z.literal("move"), position, x: finite, y: finite }),
    z.object({ type: z.literal("setQuestion"), question: z.string().max(QUESTION_MAX * 2) }),
    z.object({ type: z.literal("zoom"), zoom: finite, x: finite, y: finite }),
    z.object({ type: z.literal("handOver"), to: personId }),
    z.object({ type: z.literal("remove"), id: personId }),
    z.object({ type: z.literal("lock"), locked: z.boolean() }),
    z.object({ type: z.literal("reset") }),
    z.object({ type: z.literal("interpret") }),
  ]),
);

/** What video-call peers tell each other through the room; the room adds who sent it. */
export const signalSchema = lazySchema(() =>
  z.object({
    kind: z.enum(["join", "offer", "answer", "ice", "leave"]),
    /** The sender's call (one tab's join), and the receiver's call it is meant for. */
    call: z
      .string()
      .regex(/^[0-9a-f]{8,32}$/)
      .optional(),
    for: z
      .string()
      .regex(/^[0-9a-f]{8,32}$/)
      .optional(),
    sdp: z.string().max(12_000).optional(),
    candidate: z
      .object({
        candidate: z.string().max(1_000),
        sdpMid: z.string().max(64).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
        usernameFragment: z.string().max(256).nullable().optional(),
      })
      .optional(),
  }),
);
export type Signal = z.infer<typeof signalSchema>;

/** A browser's message: a command, a request for the whole state after a missed event, or a video-call signal. */
export const clientMessageSchema = lazySchema(() =>
  z.union([
    z.object({ type: z.literal("command"), command: commandSchema }),
    z.object({ type: z.literal("resync") }),
    z.object({ type: z.literal("signal"), to: z.union([z.literal("*"), personId]), signal: signalSchema }),
    z.object({ type: z.literal("changeDeck"), deckId: z.string().min(1).max(64).nullable() }),
    z.object({ type: z.literal("endReading") }),
    z.object({ type: z.literal("say"), text: z.string().trim().min(1).max(CHAT_MAX) }),
  ]),
);

export type ClientMessage =
  | { type: "command"; command: RoomCommand }
  | { type: "resync" }
  | { type: "signal"; to: string; signal: Signal }
  | { type: "changeDeck"; deckId: string | null }
  | { type: "endReading" }
  | { type: "say"; text: string };

/** What someone at the table asks of the room, through their socket or the page's forms without JavaScript. */
export type TableAction = Exclude<ClientMessage, { type: "resync" } | { type: "signal" }>;

/** Why a paid reading takes no form: its billing clock counts the minutes both people are connected. */
export const PAID_NEEDS_LIVE = "A paid reading is held live, while you are both connected: turn on JavaScript to take part in it.";

export type ServerMessage =
  | { type: "snapshot"; state: RoomState; you: string }
  | { type: "event"; version: number; event: RoomEvent }
  | { type: "refused"; error: string }
  | { type: "signal"; from: string; signal: Signal }
  | { type: "closed"; reason: string }
  | { type: "meter"; meter: MeterView }
  | { type: "chat"; entries: ChatEntry[]; replace: boolean };

/** Parses a raw socket message; null when it is too large, not JSON, or not a known message. */
export function parseClientMessage(raw: string | ArrayBuffer): ClientMessage | null {
  if (typeof raw !== "string" || raw.length > MESSAGE_MAX_BYTES) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = clientMessageSchema.safeParse(json);
  return parsed.success ? (parsed.data as ClientMessage) : null;
}
