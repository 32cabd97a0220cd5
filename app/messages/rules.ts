/**
 * Messages after a reading (decision 0105): what a message may hold, how long a conversation stays
 * open and how fast one may write. The server and the pages share these; the words people see are here.
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";

/** A client and their reader may write about a reading for this long after it ended (or was answered). */
export const MESSAGE_WINDOW_DAYS = 30;
export const MESSAGE_WINDOW_MS = MESSAGE_WINDOW_DAYS * 24 * 60 * 60_000;
export const MESSAGE_MAX = 1000;

/** How many messages one person may send: in one conversation in an hour, and in all in a day. */
export const MESSAGE_LIMITS = { perConversationPerHour: 10, perDay: 60 } as const;

export const MESSAGE_REPORT_REASONS = {
  contact: "Asks to meet or pay outside Arcanum",
  abuse: "Rude, threatening or hateful",
  spam: "Spam or advertising",
  other: "Something else",
} as const;
export type MessageReportReason = keyof typeof MESSAGE_REPORT_REASONS;

export const MESSAGE_TEXTS = {
  empty: "Write a message first.",
  long: `Keep a message under ${MESSAGE_MAX} characters.`,
  contact:
    "Messages cannot carry e-mail addresses, phone numbers, links or other apps to talk on: they keep you both safe and every reading on Arcanum. Please take them out and send it again.",
  notFound: "Conversation not found",
  closed: `This conversation closed ${MESSAGE_WINDOW_DAYS} days after the reading. Book another reading to talk again.`,
  unavailable: "You cannot write to this person.",
  tooManyHere: `You have sent ${MESSAGE_LIMITS.perConversationPerHour} messages here in the last hour. Give them time to answer and write again later.`,
  tooMany: `You have sent ${MESSAGE_LIMITS.perDay} messages today. You can write again tomorrow.`,
  sent: "Sent.",
  reported: "Thank you: the message is reported and our team will look at it.",
  reportOwn: "You can only report a message you received.",
} as const;

/** Nine or more digits, allowing the spaces, dots, dashes, slashes and brackets people write phone numbers with. */
const PHONE = /(?:\+|\b)\d(?:[\s()./-]{0,3}\d){8,}/;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/i;
/** An address spelled out to slip past the first: "name at mail dot com". */
const EMAIL_SPELLED = /[a-z0-9._%+-]+\s*(?:\(at\)|\[at\]|\sat\s)\s*[a-z0-9-]+\s*(?:\(dot\)|\[dot\]|\sdot\s)\s*[a-z]{2,}/i;
/** Links, and the domains people type bare; short endings that are also words (it, in, me) are left out. */
const LINK = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|net|org|io|app|ly|gg|info|biz|xyz|site|online|shop)\b/i;
/** Apps to talk or pay on elsewhere; names that are also everyday words (signal, discord, zoom) only with "me". */
const ELSEWHERE =
  /\b(?:whats\s?app|telegram|viber|wechat|snapchat|instagram|insta|facebook|skype|paypal|venmo|cash\s?app|zelle|kik|(?:signal|discord|zoom|snap|line)\s+me)\b/i;
const HANDLE = /(?:^|\s)@[a-z][a-z0-9_.]{3,}/i;

/**
 * Whether the text carries a way to reach someone or pay them outside Arcanum: an e-mail address
 * (also written "at" and "dot"), a phone number of nine digits or more, a link or a domain, a handle,
 * or another app to talk or pay on. Dates and prices (eight digits or fewer) pass.
 */
export function carriesContactDetails(text: string): boolean {
  return [PHONE, EMAIL, EMAIL_SPELLED, LINK, ELSEWHERE, HANDLE].some((pattern) => pattern.test(text));
}

export const messageForm = lazySchema(() =>
  z.object({
    body: z
      .string()
      .trim()
      .min(1, MESSAGE_TEXTS.empty)
      .max(MESSAGE_MAX, MESSAGE_TEXTS.long)
      .refine((body) => !carriesContactDetails(body), MESSAGE_TEXTS.contact),
  }),
);

export const reportForm = lazySchema(() =>
  z.object({
    messageId: z.string().min(1).max(64),
    reason: z.enum(Object.keys(MESSAGE_REPORT_REASONS) as [MessageReportReason, ...MessageReportReason[]], { error: "Choose a reason." }),
  }),
);

/** When a conversation closes: the reading's end (or answer) and the window. */
export const closesAt = (openedAt: number) => openedAt + MESSAGE_WINDOW_MS;

/** Where the reading itself is read: a live reading's receipt, a written reading's page. */
export const readingPath = (kind: "live" | "written", id: string) => (kind === "live" ? `/readings/${id}` : `/written/${id}`);
