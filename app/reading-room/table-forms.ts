/**
 * The table's forms, for a page without JavaScript: one schema per intent, each read into the
 * message a socket would send, so the room's Durable Object decides both the same way.
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { CUSTOM_PREFIX } from "./custom-spreads";
import { CHAT_MAX, type TableAction } from "./messages";
import { spreadById, type SpreadId } from "./spreads";
import { QUESTION_MAX } from "./state";

/** The intents a table's form may post, beside the invite and the deck (which have forms of their own). */
export const TABLE_INTENTS = [
  "question",
  "spread",
  "reversals",
  "shuffle",
  "draw",
  "reveal",
  "revealAll",
  "gather",
  "interpret",
  "handOver",
  "remove",
  "lock",
  "say",
] as const;
export type TableIntent = (typeof TABLE_INTENTS)[number];

const SOMEONE = "Choose someone at the table.";
const person = () => z.string(SOMEONE).min(1, SOMEONE).max(64, SOMEONE);
const plain = <T extends TableIntent>(intent: T) => z.object({ intent: z.literal(intent) });

const schemas = {
  question: lazySchema(() =>
    z.object({
      intent: z.literal("question"),
      question: z.string("Write your question.").max(QUESTION_MAX, `Keep the question under ${QUESTION_MAX} characters.`),
    }),
  ),
  spread: lazySchema(() =>
    z.object({ intent: z.literal("spread"), spreadId: z.string("Choose a spread.").min(1, "Choose a spread.").max(80, "There is no such spread.") }),
  ),
  // A checkbox sends "on" when ticked and nothing when not.
  reversals: lazySchema(() => z.object({ intent: z.literal("reversals"), on: z.literal("on", "Tick the box or leave it empty.").optional() })),
  shuffle: lazySchema(() => plain("shuffle")),
  draw: lazySchema(() => plain("draw")),
  reveal: lazySchema(() =>
    z.object({ intent: z.literal("reveal"), position: z.coerce.number("Choose a card on the table.").int().min(0).max(77, "Choose a card on the table.") }),
  ),
  revealAll: lazySchema(() => plain("revealAll")),
  gather: lazySchema(() => plain("gather")),
  interpret: lazySchema(() => plain("interpret")),
  handOver: lazySchema(() => z.object({ intent: z.literal("handOver"), to: person() })),
  remove: lazySchema(() => z.object({ intent: z.literal("remove"), id: person() })),
  lock: lazySchema(() => z.object({ intent: z.literal("lock"), locked: z.enum(["true", "false"], "Say whether to lock the room.") })),
  say: lazySchema(() =>
    z.object({
      intent: z.literal("say"),
      text: z.string("Write a message first.").trim().min(1, "Write a message first.").max(CHAT_MAX, `Keep a message under ${CHAT_MAX} characters.`),
    }),
  ),
};

export function isTableIntent(intent: unknown): intent is TableIntent {
  return typeof intent === "string" && (TABLE_INTENTS as readonly string[]).includes(intent);
}

/** Where a page without JavaScript lands after a table's form: the chat after a line of it, the table after anything else. */
export const tableFormReturn = (intent: unknown) => (intent === "say" ? "#chat" : "#table");

/** A spread of someone's own, as the room lays it: found by its id (anyone holding its link may read it). */
export type FindSpread = (id: string) => Promise<{ name: string; description: string | null; positions: unknown } | null>;

/**
 * The socket's message for a posted form, or what is wrong with the form. Only the form's shape is
 * checked here: whether the person may do it, and whether it can be done now, is the room's to say.
 */
export async function tableActionOf(
  intent: TableIntent,
  form: Record<string, unknown>,
  findSpread: FindSpread,
): Promise<{ ok: true; action: TableAction } | { ok: false; error: string }> {
  const parsed = schemas[intent].safeParse(form);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "That form is not understood." };
  const data = parsed.data as Record<string, unknown>;
  const command = (command: Extract<TableAction, { type: "command" }>["command"]) => ({ ok: true as const, action: { type: "command" as const, command } });
  switch (intent) {
    case "question":
      return command({ type: "setQuestion", question: data.question as string });
    case "spread": {
      const id = data.spreadId as string;
      if (spreadById(id)) return command({ type: "chooseSpread", spreadId: id as SpreadId });
      const own = id.startsWith(CUSTOM_PREFIX) ? await findSpread(id.slice(CUSTOM_PREFIX.length)) : null;
      if (!own) return { ok: false, error: "There is no such spread." };
      return command({ type: "chooseCustomSpread", spreadId: id.slice(CUSTOM_PREFIX.length), spread: own });
    }
    case "reversals":
      return command({ type: "setReversals", on: data.on === "on" });
    case "shuffle":
      return command({ type: "shuffle" });
    case "draw":
      return command({ type: "draw" });
    case "reveal":
      return command({ type: "reveal", position: data.position as number });
    case "revealAll":
      return command({ type: "revealAll" });
    case "gather":
      return command({ type: "reset" });
    case "interpret":
      return command({ type: "interpret" });
    case "handOver":
      return command({ type: "handOver", to: data.to as string });
    case "remove":
      return command({ type: "remove", id: data.id as string });
    case "lock":
      return command({ type: "lock", locked: data.locked === "true" });
    case "say":
      return { ok: true, action: { type: "say", text: data.text as string } };
  }
}
