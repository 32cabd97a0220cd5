/**
 * The seeded readers' practice, as the product would have recorded it: their clients, every ended
 * paid reading (its room, request, charge and the reader's ledger line) and every review, so the
 * numbers on a reader's card and page are counted from rows that exist (decision 0099). Also their
 * weekly hours and written-reading offers, and the demo reader who is online whenever Arcanum runs
 * locally.
 */
import { inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../../app/db.server";
import { READING_FEE_PERCENT } from "../../app/paid-readings/rules";
import {
  paidReadings,
  readerAvailability,
  readerProfiles,
  readingRequests,
  readingReviews,
  readingSessions,
  sellerLedger,
  users,
  writtenOffers,
} from "../../db/schema";
import { insertRows } from "./seed-rows";

type Statement = BatchItem<"sqlite">;

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;

/** The reader of the demo world who is online whenever the app runs locally (marked as a demo reader). */
export const DEMO_READER_ID = "seed-user-wren";

/**
 * Each seeded reader's practice: different clients, how many of them came back for a second reading
 * (a month or more later), and the stars of the reviews left (one per reviewing client). Their levels
 * (seed-data.ts) follow from these by the thresholds of app/readers/levels.ts.
 */
const READER_PRACTICE = [
  { readerId: "seed-user-orion", price: 149, startedDaysAgo: 40, clients: 7, returning: 1, stars: { 5: 3, 4: 3 } },
  { readerId: "seed-user-theo", price: 199, startedDaysAgo: 200, clients: 32, returning: 6, stars: { 5: 14, 4: 12, 3: 2 } },
  { readerId: "seed-user-mira", price: 349, startedDaysAgo: 700, clients: 128, returning: 22, stars: { 5: 80, 4: 30, 3: 2 } },
  { readerId: "seed-user-ines", price: 499, startedDaysAgo: 900, clients: 306, returning: 26, stars: { 5: 240, 4: 38, 3: 2 } },
  { readerId: DEMO_READER_ID, price: 129, startedDaysAgo: 30, clients: 3, returning: 0, stars: { 5: 2, 4: 1 } },
] as const;

/** Weekly hours, every day in the reader's own zone, wide enough that a visitor anywhere finds slots in the coming days. */
const READER_HOURS: Record<string, { timeZone: string; start: number; end: number; slotMinutes: number }> = {
  "seed-user-orion": { timeZone: "America/New_York", start: 8 * 60, end: 23 * 60, slotMinutes: 30 },
  "seed-user-mira": { timeZone: "Europe/Paris", start: 7 * 60, end: 22 * 60, slotMinutes: 60 },
  "seed-user-theo": { timeZone: "Europe/Berlin", start: 6 * 60, end: 21 * 60, slotMinutes: 30 },
  "seed-user-ines": { timeZone: "Europe/Paris", start: 9 * 60, end: 23 * 60, slotMinutes: 60 },
  [DEMO_READER_ID]: { timeZone: "UTC", start: 0, end: 24 * 60, slotMinutes: 30 },
};

/** Written readings each reader offers: a built-in spread at a fixed price, answered within 24, 48 or 72 hours. */
const READER_OFFERS: { readerId: string; title: string; spreadId: string; priceCents: number; answerHours: number }[] = [
  { readerId: "seed-user-orion", title: "One card for a decision", spreadId: "single", priceCents: 900, answerHours: 24 },
  { readerId: "seed-user-orion", title: "Career crossroads in three cards", spreadId: "three-card", priceCents: 1900, answerHours: 48 },
  { readerId: "seed-user-mira", title: "Love and relationship spread", spreadId: "relationship", priceCents: 3500, answerHours: 48 },
  { readerId: "seed-user-mira", title: "Past, present, future", spreadId: "three-card", priceCents: 2200, answerHours: 24 },
  { readerId: "seed-user-theo", title: "Unblocking a creative project", spreadId: "horseshoe", priceCents: 2900, answerHours: 72 },
  { readerId: "seed-user-ines", title: "The full Celtic Cross, written with care", spreadId: "celtic-cross", priceCents: 6500, answerHours: 72 },
  { readerId: DEMO_READER_ID, title: "A quick single card", spreadId: "single", priceCents: 500, answerHours: 24 },
];

const FIRST_NAMES = ["Ada", "Bea", "Cal", "Dina", "Eli", "Fay", "Gus", "Hana", "Ivo", "Juno", "Kai", "Lea", "Milo", "Nora", "Otto", "Pia", "Rey", "Sol"];
const LAST_NAMES = [
  "Abbott",
  "Brandt",
  "Costa",
  "Dalton",
  "Eriksen",
  "Flores",
  "Grant",
  "Holm",
  "Ibarra",
  "Jansen",
  "Kerr",
  "Lind",
  "Moreau",
  "Novak",
  "Okafor",
  "Price",
  "Quinn",
];

/** The clients of the demo world: enough different people for the most followed reader's level. */
export const SEED_CLIENT_COUNT = Math.max(...READER_PRACTICE.map((practice) => practice.clients));

const clientId = (n: number) => `seed-client-${String(n).padStart(3, "0")}`;

function clientRows(now: number) {
  return Array.from({ length: SEED_CLIENT_COUNT }, (_, n) => {
    const first = FIRST_NAMES[n % FIRST_NAMES.length]!;
    const last = LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]!;
    const joined = now - (1000 - n) * DAY;
    return {
      id: clientId(n),
      email: `${first}.${last}@example.net`.toLowerCase(),
      username: `${first}_${last}`.toLowerCase(),
      fullName: `${first} ${last}`,
      createdAt: joined,
      updatedAt: joined,
    };
  });
}

/** What clients wrote; a few leave the stars alone. */
const REVIEW_WORDS: Record<5 | 4 | 3, string[]> = {
  5: [
    "Clear, kind and precise. The Tower finally made sense to me.",
    "Exactly the push I needed. I left with three things to do this week.",
    "Warm and honest, never vague. I'll be back before my next big decision.",
    "The reading named what I had not dared to say out loud.",
    "Thoughtful from the first card to the last. Worth every minute.",
    "",
    "Gentle with the hard cards, direct with the easy ones.",
    "I came with a muddle and left with a plan.",
  ],
  4: [
    "Helpful and calm; I would have liked a little more time on the last card.",
    "Good reading, a bit brief on the outcome position.",
    "",
    "Practical advice, friendly manner.",
  ],
  3: ["Fine, but it felt rushed near the end."],
};

const REPLIES = [
  "Thank you for coming, and good luck with the move!",
  "Thank you: I hope the plan holds up.",
  "Glad it helped. Write to me when the news comes.",
];

/** A fixed sequence of numbers in [0, 1), so every seed lays the same history. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Reading = {
  id: string;
  readerId: string;
  clientId: string;
  price: number;
  startedAt: number;
  minutes: number;
  freeMinutes: number;
};

/** Every seeded reading, oldest ones first for each reader, and the reviews of them. */
function practiceRows(now: number) {
  const readings: Reading[] = [];
  const reviews: (typeof readingReviews.$inferInsert)[] = [];
  READER_PRACTICE.forEach((practice, index) => {
    const random = sequence(index + 1);
    const name = practice.readerId.replace("seed-user-", "");
    // Each reader's clients start at a different place in the list, so their clienteles overlap only in part.
    const theirs = Array.from({ length: practice.clients }, (_, i) => clientId((i + index * 61) % SEED_CLIENT_COUNT));
    const span = practice.startedDaysAgo - 2;
    const stars = Object.entries(practice.stars).flatMap(([star, count]) => Array.from({ length: count }, () => Number(star) as 5 | 4 | 3));
    theirs.forEach((client, i) => {
      const returning = i < practice.returning;
      // A returning client's first reading leaves room for a second one more than a month later.
      const firstAgo = returning ? 35 + random() * Math.max(1, span - 35) : 2 + random() * span;
      const visits = returning ? [firstAgo, firstAgo - 31 - random() * (firstAgo - 33)] : [firstAgo];
      visits.forEach((ago, visit) => {
        const minutes = 6 + Math.floor(random() * 25);
        const reading = {
          id: `seed-reading-${name}-${String(i).padStart(3, "0")}-${visit}`,
          readerId: practice.readerId,
          clientId: client,
          price: practice.price,
          startedAt: Math.round(now - ago * DAY),
          minutes,
          // The first reading with a reader starts with free minutes (app/paid-readings/rules.ts).
          freeMinutes: visit === 0 ? 3 : 0,
        };
        readings.push(reading);
        const star = visit === 0 ? stars[i] : undefined;
        if (star === undefined) return;
        const words = REVIEW_WORDS[star];
        const endedAt = reading.startedAt + minutes * MINUTE;
        const replied = i % 9 === 4;
        reviews.push({
          paidReadingId: reading.id,
          clientId: client,
          readerId: practice.readerId,
          rating: star,
          body: words[Math.floor(random() * words.length)]!,
          reply: replied ? REPLIES[i % REPLIES.length]! : null,
          repliedAt: replied ? endedAt + DAY : null,
          createdAt: endedAt + 2 * 60 * MINUTE,
          counted: true,
        });
      });
    });
  });
  return { readings, reviews };
}

/** The rows of ended paid readings, each with its room and the request it answered, as a live reading leaves them. */
export function endedReadingRows(readings: readonly Reading[]) {
  const sessions: (typeof readingSessions.$inferInsert)[] = [];
  const requests: (typeof readingRequests.$inferInsert)[] = [];
  const paid: (typeof paidReadings.$inferInsert)[] = [];
  const ledger: (typeof sellerLedger.$inferInsert)[] = [];
  for (const reading of readings) {
    const asked = reading.startedAt - 2 * MINUTE;
    const endedAt = reading.startedAt + reading.minutes * MINUTE;
    const charged = (reading.minutes - reading.freeMinutes) * reading.price;
    const fee = Math.round((charged * READING_FEE_PERCENT) / 100);
    sessions.push({
      id: reading.id,
      hostUserId: reading.readerId,
      originalHostUserId: reading.readerId,
      isActive: false,
      lastActivityAt: endedAt,
      createdAt: asked,
      updatedAt: endedAt,
    });
    requests.push({
      id: `${reading.id}-request`,
      clientId: reading.clientId,
      readerId: reading.readerId,
      mode: "chat",
      pricePerMinuteCents: reading.price,
      freeMinutes: reading.freeMinutes,
      status: "accepted",
      paidReadingId: reading.id,
      expiresAt: asked + 90_000,
      createdAt: asked,
      answeredAt: asked + 30_000,
    });
    paid.push({
      id: reading.id,
      requestId: `${reading.id}-request`,
      clientId: reading.clientId,
      readerId: reading.readerId,
      mode: "chat",
      pricePerMinuteCents: reading.price,
      freeMinutes: reading.freeMinutes,
      status: "ended",
      minutesBilled: reading.minutes,
      chargedCents: charged,
      feePercent: READING_FEE_PERCENT,
      feeCents: fee,
      netCents: charged - fee,
      endReason: "ended",
      startedAt: reading.startedAt,
      endedAt,
      createdAt: asked,
      counted: true,
    });
    ledger.push({
      id: `${reading.id}-earning`,
      sellerId: reading.readerId,
      kind: "reading",
      grossCents: charged,
      feeCents: fee,
      netCents: charged - fee,
      referenceId: `reading:${reading.id}`,
      createdAt: endedAt,
      paidReadingId: reading.id,
    });
  }
  return { sessions, requests, paid, ledger };
}

/**
 * The counters a reader's card and page show, set from the paid readings and reviews in the
 * database (decision 0051's rules: counted readings, different clients, counted ratings). Run after
 * the rows are written, so a seed over an older state corrects what that state claimed.
 */
export function recountReaders(db: Database, readerIds: readonly string[]) {
  const reader = sql.raw(`"reader_profiles"."user_id"`);
  return db
    .update(readerProfiles)
    .set({
      completedReadings: sql`(SELECT count(*) FROM ${paidReadings} WHERE ${paidReadings.readerId} = ${reader} AND ${paidReadings.counted} = 1)`,
      countedClients: sql`(SELECT count(DISTINCT ${paidReadings.clientId}) FROM ${paidReadings} WHERE ${paidReadings.readerId} = ${reader} AND ${paidReadings.counted} = 1)`,
      ratingCount: sql`(SELECT count(*) FROM ${readingReviews} WHERE ${readingReviews.readerId} = ${reader} AND ${readingReviews.counted} = 1)`,
      ratingSum: sql`(SELECT coalesce(sum(${readingReviews.rating}), 0) FROM ${readingReviews} WHERE ${readingReviews.readerId} = ${reader} AND ${readingReviews.counted} = 1)`,
    })
    .where(inArray(readerProfiles.userId, [...readerIds]));
}

/** Everything above as statements for the seed's one batch, with how many readings and reviews they write. */
export function readerWorldStatements(db: Database, now: number) {
  const insert = <T extends SQLiteTable>(table: T, rows: readonly T["$inferInsert"][]) => insertRows(db, table, rows);
  const { readings, reviews } = practiceRows(now);
  const rows = endedReadingRows(readings);
  return {
    statements: [
      insert(users, clientRows(now)),
      insert(readingSessions, rows.sessions),
      insert(readingRequests, rows.requests),
      insert(paidReadings, rows.paid),
      insert(sellerLedger, rows.ledger),
      insert(readingReviews, reviews),
      insert(
        readerAvailability,
        Object.entries(READER_HOURS).flatMap(([readerId, hours]) =>
          Array.from({ length: 7 }, (_, weekday) => ({
            id: `seed-hours-${readerId}-${weekday}`,
            readerId,
            weekday,
            startMinute: hours.start,
            endMinute: hours.end,
            slotMinutes: hours.slotMinutes,
            timeZone: hours.timeZone,
            createdAt: now - 30 * DAY,
          })),
        ),
      ),
      insert(
        writtenOffers,
        READER_OFFERS.map((offer, i) => ({ id: `seed-offer-${i}`, ...offer, active: true, createdAt: now - (20 - i) * DAY })),
      ),
    ] satisfies Statement[],
    readings: readings.length,
    reviews: reviews.length,
  };
}
