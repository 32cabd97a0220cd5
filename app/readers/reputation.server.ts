/**
 * The reputation rules of decision 0051 as SQL conditions, so the statements that end a reading and
 * take its review decide inside their own batch, on the rows as they are then.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { paidReadings, readingReviews } from "../../db/schema";
import { COUNTED_MIN_PAID_MINUTES, COUNTED_MIN_PRICE_CENTS, REVIEW_WEIGHT_MS } from "./reputation";

type UserRef = SQL | SQLiteColumn | string;

/** The browsers (SHA-256 of their device cookie) an account was a guest on or signed in from. */
const devicesOf = (user: UserRef) =>
  sql`SELECT device_key_hash FROM device_members WHERE user_id = ${user} UNION SELECT device_key_hash FROM anonymous_users WHERE id = ${user} AND device_key_hash IS NOT NULL`;

/**
 * True when the two accounts have been used on one browser or have paid with one card: one
 * person's second account, as far as we can tell.
 */
export const likelyOnePerson = (a: UserRef, b: UserRef) =>
  sql<number>`(EXISTS (SELECT 1 FROM (${devicesOf(a)}) AS mine WHERE mine.device_key_hash IN (${devicesOf(b)}))
    OR EXISTS (SELECT 1 FROM payment_cards AS mine JOIN payment_cards AS theirs ON theirs.fingerprint = mine.fingerprint WHERE mine.user_id = ${a} AND theirs.user_id = ${b}))`;

/** Whether a paid reading (the row in scope) counts: long enough, priced at the floor or more, between strangers. */
export const readingCounts = sql<number>`(${paidReadings.chargedCents} > 0
  AND ${paidReadings.minutesBilled} - ${paidReadings.freeMinutes} >= ${COUNTED_MIN_PAID_MINUTES}
  AND ${paidReadings.pricePerMinuteCents} >= ${COUNTED_MIN_PRICE_CENTS}
  AND NOT ${likelyOnePerson(paidReadings.clientId, paidReadings.readerId)})`;

/** Whether the client already has a counted reading with this reader other than `readingId`. */
export const metCountedBefore = (readingId: string) =>
  sql<number>`EXISTS (SELECT 1 FROM paid_readings AS earlier WHERE earlier.reader_id = ${paidReadings.readerId} AND earlier.client_id = ${paidReadings.clientId} AND earlier.counted = 1 AND earlier.id <> ${readingId})`;

/** Whether a new review of `reading` by its client weighs in the rating: its reading counted, and no weighing review of that reader by that client in the period. */
export function reviewWeighs(reading: { id: string; clientId: string; readerId: string }, now: number) {
  return sql<number>`(EXISTS (SELECT 1 FROM ${paidReadings} WHERE ${paidReadings.id} = ${reading.id} AND ${paidReadings.counted} = 1)
    AND NOT EXISTS (SELECT 1 FROM ${readingReviews} WHERE ${readingReviews.readerId} = ${reading.readerId} AND ${readingReviews.clientId} = ${reading.clientId} AND ${readingReviews.counted} = 1 AND ${readingReviews.createdAt} > ${now - REVIEW_WEIGHT_MS}))`;
}
