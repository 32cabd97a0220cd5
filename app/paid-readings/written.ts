/**
 * The rules of written readings that the server and the pages share: what an offer may be, what a
 * question and an answer must hold, and the words people see (decision 0082).
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { SPREADS, type SpreadId } from "../reading-room/spreads";

/** The answer times a reader can promise, in hours. */
export const WRITTEN_ANSWER_HOURS = [24, 48, 72] as const;
export const WRITTEN_TITLE_MAX = 80;
export const WRITTEN_QUESTION_MIN = 10;
export const WRITTEN_QUESTION_MAX = 1000;
export const WRITTEN_ANSWER_MIN = 50;
export const WRITTEN_ANSWER_MAX = 5000;
export const WRITTEN_PRICE_MIN_CENTS = 100;
export const WRITTEN_PRICE_MAX_CENTS = 50_000;
/** An average answer time is shown once this many written readings were answered. */
export const WRITTEN_AVERAGE_MIN_ANSWERED = 3;

/** The built-in spreads an offer can name (the free layout has no fixed cards, so it is not one). */
export const WRITTEN_SPREADS = SPREADS.filter((spread) => spread.id !== "free");
const spreadIds = WRITTEN_SPREADS.map((spread) => spread.id) as [SpreadId, ...SpreadId[]];

/** Written readings one client may ask in any 24 hours, of one reader and in all: each e-mails the reader (decision 0090). */
export const WRITTEN_LIMITS = { perReader: 3, inAll: 10 } as const;
export const WRITTEN_LIMIT_WINDOW_MS = 24 * 60 * 60_000;

export const WRITTEN_MESSAGES = {
  title: `Give the offer a title of up to ${WRITTEN_TITLE_MAX} characters.`,
  spread: "Choose one of the spreads.",
  price: "Set a price from $1.00 to $500.00.",
  hours: "Choose 24, 48 or 72 hours.",
  question: `Write your question in ${WRITTEN_QUESTION_MIN} to ${WRITTEN_QUESTION_MAX} characters.`,
  answer: `Write an answer of at least ${WRITTEN_ANSWER_MIN} characters (at most ${WRITTEN_ANSWER_MAX}).`,
  balance: "Your balance does not cover this reading. Top up first.",
  self: "You cannot ask yourself for a reading.",
  guest: "Create an account to ask for a written reading: your balance and readings stay with you.",
  offerGone: "This offer is no longer available.",
  notFound: "Written reading not found",
  noCards: "Draw the cards at the private table and turn every one over before sending the answer.",
  notAsked: "This written reading is no longer waiting for an answer.",
  late: "The time to answer has passed: the client was refunded.",
  tooManyWithReader: `You have asked this reader for ${WRITTEN_LIMITS.perReader} written readings in the last 24 hours. You can ask them again tomorrow.`,
  tooMany: `You have asked for ${WRITTEN_LIMITS.inAll} written readings in the last 24 hours. You can ask again tomorrow.`,
} as const;

/** Dollars as typed ("25", "25.50", "$25") to cents; NaN when it is not a price. */
function centsOf(typed: string): number {
  const match = /^\$?(\d{1,5})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0")) : NaN;
}

export const offerForm = lazySchema(() =>
  z.object({
    title: z.string().trim().min(3, WRITTEN_MESSAGES.title).max(WRITTEN_TITLE_MAX, WRITTEN_MESSAGES.title),
    spreadId: z.enum(spreadIds, { error: WRITTEN_MESSAGES.spread }),
    price: z
      .string()
      .max(12)
      .transform((typed) => centsOf(typed))
      .refine((cents) => Number.isInteger(cents) && cents >= WRITTEN_PRICE_MIN_CENTS && cents <= WRITTEN_PRICE_MAX_CENTS, WRITTEN_MESSAGES.price),
    hours: z.coerce
      .number()
      .int()
      .refine((hours) => (WRITTEN_ANSWER_HOURS as readonly number[]).includes(hours), WRITTEN_MESSAGES.hours),
  }),
);
export type OfferInput = z.infer<typeof offerForm>;

export const askForm = lazySchema(() =>
  z.object({
    offerId: z.string().min(1, WRITTEN_MESSAGES.offerGone).max(64),
    question: z.string().trim().min(WRITTEN_QUESTION_MIN, WRITTEN_MESSAGES.question).max(WRITTEN_QUESTION_MAX, WRITTEN_MESSAGES.question),
    key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "This form's key is not valid: reload the page and send it again."),
  }),
);

export const answerForm = lazySchema(() =>
  z.object({
    answer: z.string().trim().min(WRITTEN_ANSWER_MIN, WRITTEN_MESSAGES.answer).max(WRITTEN_ANSWER_MAX, WRITTEN_MESSAGES.answer),
  }),
);

/* Second opinions (decision 0104) --------------------------------------------------------------- */

export const SECOND_OPINION_MESSAGES = {
  entry: "Reading not found",
  noCards: "This reading has no cards for a reader to look at.",
  ownReading: "This is a reading you gave: a second opinion is asked by the client.",
  noTable: "The client drew this reading's cards already: read them on the request's page and answer there.",
  tooSmall: "This offer is for fewer cards than your reading has: choose a reader whose offer covers every card.",
  question: `Tell the reader what you would like them to look at, in ${WRITTEN_QUESTION_MIN} to ${WRITTEN_QUESTION_MAX} characters.`,
} as const;

/** How many cards an offer's spread lays: a second opinion may use it for a reading of as many cards or fewer. */
export function offerCardCount(spreadId: string): number {
  return WRITTEN_SPREADS.find((spread) => spread.id === spreadId)?.positions.length ?? 0;
}

/**
 * The offer a second opinion on `cardCount` cards is priced at: the reader's cheapest active offer
 * that lays at least as many cards (a Celtic Cross is not read at a one-card price); none when no
 * offer of theirs is big enough.
 */
export function secondOpinionOffer<T extends { spreadId: string; priceCents: number }>(offers: T[], cardCount: number): T | null {
  return offers.filter((offer) => offerCardCount(offer.spreadId) >= cardCount).sort((a, b) => a.priceCents - b.priceCents)[0] ?? null;
}

/** A checkbox as a form sends it: present (any value) when ticked. */
export const ticked = z.preprocess((value) => value !== undefined && value !== null && value !== "", z.boolean());

export const secondOpinionForm = lazySchema(() =>
  z.object({
    offerId: z.string().min(1, WRITTEN_MESSAGES.offerGone).max(64),
    question: z.string().trim().min(WRITTEN_QUESTION_MIN, SECOND_OPINION_MESSAGES.question).max(WRITTEN_QUESTION_MAX, SECOND_OPINION_MESSAGES.question),
    shareQuestion: ticked,
    shareInterpretation: ticked,
    key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "This form's key is not valid: reload the page and send it again."),
  }),
);
export type SecondOpinionInput = z.infer<typeof secondOpinionForm>;

export type WrittenStatus = "asked" | "answered" | "refunded" | "cancelled";

/** The status as the client and the reader read it; an unanswered one past its deadline is expired for the reader. */
export function writtenStatusLabel(status: WrittenStatus, role: "client" | "reader", overdue: boolean): string {
  if (status === "answered") return "Answered";
  if (status === "refunded") return role === "reader" ? "Expired: not answered in time" : "Refunded: not answered in time";
  if (status === "cancelled") return "Cancelled";
  if (overdue) return role === "reader" ? "Expired: not answered in time" : "Past its deadline: the refund is on its way";
  return role === "reader" ? "Waiting for your answer" : "Waiting for the reader's answer";
}

/** An answer time in hours as people read it: "5 hours", "1 day 3 hours", "under an hour". */
export function answerTimeText(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  if (hours < 1) return "under an hour";
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (days === 0) return part(hours, "hour");
  return rest === 0 ? part(days, "day") : `${part(days, "day")} ${part(rest, "hour")}`;
}
