/**
 * The satisfaction guarantee on paid live readings: its terms in one place, as numbers for the
 * server's rules and as the words the guarantee page and the receipt show.
 */
import { formatMoney } from "../lib/format";
import { READING_FEE_PERCENT } from "./rules";

/** A claim is made within this many hours of the reading's end. */
export const GUARANTEE_WINDOW_HOURS = 72;
export const GUARANTEE_WINDOW_MS = GUARANTEE_WINDOW_HOURS * 60 * 60_000;

/** One claim by a client in any this many days, whichever reader it was with. */
export const GUARANTEE_ONCE_IN_DAYS = 30;
export const GUARANTEE_ONCE_IN_MS = GUARANTEE_ONCE_IN_DAYS * 24 * 60 * 60_000;

/** The most one claim credits, in cents: what the reading charged, up to this. */
export const GUARANTEE_CAP_CENTS = 2500;

export const GUARANTEE_WORDS_MIN = 10;
export const GUARANTEE_WORDS_MAX = 500;

/** Why a client claims: a short fixed list, beside a few words of their own. */
export const GUARANTEE_REASONS = {
  "not-engaged": "The reader did not engage with my question",
  technical: "Connection or technical problems",
  generic: "The reading felt generic",
  other: "Other",
} as const;
export type GuaranteeReason = keyof typeof GUARANTEE_REASONS;
export const GUARANTEE_REASON_KEYS = Object.keys(GUARANTEE_REASONS) as [GuaranteeReason, ...GuaranteeReason[]];

/** What a claim credits: what is left of the reading's charge after any refund, up to the cap. */
export const guaranteeCreditCents = (chargedCents: number, refundedCents = 0) => Math.max(0, Math.min(chargedCents - refundedCents, GUARANTEE_CAP_CENTS));

/**
 * Who pays for a claim: the platform first gives up its fee on the reading (up to the credit), and
 * the reader's earning from that reading is reduced by the rest.
 */
export function guaranteeSplit(creditCents: number, readingFeeCents: number) {
  const platformCents = Math.max(0, Math.min(readingFeeCents, creditCents));
  return { platformCents, readerCents: creditCents - platformCents };
}

/** The terms as the guarantee page states them, line by line. */
export const GUARANTEE_TERMS = [
  `If a paid live reading was not what you hoped for, claim the satisfaction guarantee from its receipt within ${GUARANTEE_WINDOW_HOURS} hours of its end.`,
  `You get back what the reading charged you, up to ${formatMoney(GUARANTEE_CAP_CENTS)}, at once in your reading balance.`,
  `One claim in any ${GUARANTEE_ONCE_IN_DAYS} days, and one claim for a reading. A reading with no charged minutes (free minutes only) has nothing to claim.`,
  "Choose a reason and tell us in a few words what went wrong: staff read every claim, and your reader is told.",
  "Your review of the reading still stands and counts as any other.",
] as const;

/** Who pays for a claim, in the words the guarantee page and the readers' terms use. */
export const GUARANTEE_WHO_PAYS = `The platform gives up its ${READING_FEE_PERCENT} % fee on the reading first; the reader's earning from that reading is reduced by the rest of the credit.`;

export const GUARANTEE_MESSAGES = {
  notFound: "Reading not found",
  notEnded: "You can claim the guarantee once the reading has ended.",
  nothingCharged: "This reading charged you nothing, so there is nothing to claim.",
  windowOver: `The guarantee can be claimed within ${GUARANTEE_WINDOW_HOURS} hours of a reading's end; this one ended longer ago.`,
  claimed: "You have already claimed the guarantee for this reading.",
  recently: `You claimed the guarantee in the last ${GUARANTEE_ONCE_IN_DAYS} days: it can be claimed once in ${GUARANTEE_ONCE_IN_DAYS} days.`,
  reason: "Choose a reason.",
  words: `Tell us what went wrong in ${GUARANTEE_WORDS_MIN} to ${GUARANTEE_WORDS_MAX} characters.`,
} as const;

/** What the receipt says once a claim is made. */
export const guaranteeClaimedText = (creditCents: number) => `Claimed: ${formatMoney(creditCents)} credited to your balance.`;

/** Where a reading stands with the guarantee, for its client: claimed, open to a claim, or closed and why. */
export type GuaranteeStatus = { kind: "claimed"; creditCents: number } | { kind: "open"; creditCents: number; until: number } | { kind: "closed"; why: string };

/**
 * The guarantee's rules for one reading, as the receipt shows them and as a refused claim explains
 * itself; the claim's own statement holds the same rules inside the database (guarantee.server.ts).
 */
export function guaranteeStatus(
  reading: { status: string; chargedCents: number; refundedCents: number; endedAt: number | null },
  claims: { thisReadingCents: number | null; lastClaimAt: number | null },
  now: number,
): GuaranteeStatus {
  if (claims.thisReadingCents !== null) return { kind: "claimed", creditCents: claims.thisReadingCents };
  if (reading.status !== "ended" || reading.endedAt === null) return { kind: "closed", why: GUARANTEE_MESSAGES.notEnded };
  const creditCents = guaranteeCreditCents(reading.chargedCents, reading.refundedCents);
  if (creditCents <= 0) return { kind: "closed", why: GUARANTEE_MESSAGES.nothingCharged };
  if (now - reading.endedAt > GUARANTEE_WINDOW_MS) return { kind: "closed", why: GUARANTEE_MESSAGES.windowOver };
  if (claims.lastClaimAt !== null && now - claims.lastClaimAt < GUARANTEE_ONCE_IN_MS) return { kind: "closed", why: GUARANTEE_MESSAGES.recently };
  return { kind: "open", creditCents, until: reading.endedAt + GUARANTEE_WINDOW_MS };
}
