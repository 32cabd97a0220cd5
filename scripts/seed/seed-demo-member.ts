/**
 * What the demo member (demo@example.com) has done before their first visit: a journal of readings
 * over six weeks (tags, moods, notes, one laid in a spread of their own), a deck bought in the
 * marketplace with its receipt, a favourite reader, and a paid reading with Mira, charged minute by
 * minute from their reading balance, with its receipt and their review. Every figure on their pages
 * comes from these rows.
 */
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../app/db.server";
import { laidSpread, type CustomSpreadDefinition } from "../../app/reading-room/custom-spreads";
import { spreadById } from "../../app/reading-room/spreads";
import { FULL_DECK } from "../../app/tarot/cards";
import {
  checkoutSessions,
  customSpreads,
  deckPurchases,
  paidReadings,
  paymentReceipts,
  readerFollows,
  readingJournal,
  readingRequests,
  readingReviews,
  readingSessions,
  readingWallets,
  sellerLedger,
  sessionParticipants,
  walletEntries,
} from "../../db/schema";
import { endedReadingRows } from "./seed-readers";
import { insertRows } from "./seed-rows";

type Statement = BatchItem<"sqlite">;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const MEMBER = "seed-user-demo";

/** The member's own spread, made in the spread builder and used once in the journal below. */
const CROSSROADS: CustomSpreadDefinition = {
  name: "Crossroads",
  description: "Two paths, what each asks of me, and what I carry either way.",
  positions: [
    { name: "Where I stand", meaning: "The situation as it is today.", x: 3, y: 2, rotated: false },
    { name: "Left path", meaning: "What the first choice offers.", x: 1, y: 1, rotated: false },
    { name: "Its cost", meaning: "What the first choice asks of me.", x: 1, y: 3, rotated: false },
    { name: "Right path", meaning: "What the second choice offers.", x: 5, y: 1, rotated: false },
    { name: "Its cost", meaning: "What the second choice asks of me.", x: 5, y: 3, rotated: false },
    { name: "What I carry", meaning: "What stays with me whichever way I go.", x: 3, y: 0, rotated: false },
  ],
};
const CROSSROADS_ID = "seed-spread-crossroads";

const DESERT_MIRAGE = "seed-deck-desert-mirage";
const AUTUMN_LANTERNS = "seed-deck-autumn-lanterns";
const PURCHASE_CHECKOUT = "seed-checkout-demo-desert-mirage";

/** The paid reading with Mira: her first with the member, so its first three minutes were free. */
const MIRA_READING = { id: "seed-reading-demo-mira", readerId: "seed-user-mira", clientId: MEMBER, price: 349, minutes: 10, freeMinutes: 3 };

type Entry = {
  daysAgo: number;
  question: string;
  spreadId: string;
  deckId?: string;
  physicalDeck?: string;
  cards: [key: string, reversed?: boolean][];
  tags: string[];
  mood: string | null;
  notes: string;
  interpretation?: string;
};

const JOURNAL: Entry[] = [
  {
    daysAgo: 41,
    question: "What should I focus on this month?",
    spreadId: "single",
    cards: [["major-01"]],
    tags: ["work", "focus"],
    mood: "curious",
    notes: "The Magician: stop collecting tools, start using them.",
  },
  {
    daysAgo: 38,
    question: "How do I handle the conversation with my sister?",
    spreadId: "three-card",
    deckId: AUTUMN_LANTERNS,
    cards: [["cups-05"], ["cups-02"], ["major-14"]],
    tags: ["family"],
    mood: "anxious",
    notes: "Five of Cups for the old hurt. Temperance says go slowly. We talked on Sunday; it went better than I feared.",
  },
  {
    daysAgo: 34,
    question: "Is it time to change jobs?",
    spreadId: "three-card",
    cards: [["swords-08"], ["wands-03"], ["pentacles-08", true]],
    tags: ["work", "career"],
    mood: "uncertain",
    notes: "Eight of Swords again. The trap is mostly in my head.",
  },
  {
    daysAgo: 31,
    question: "Morning draw",
    spreadId: "single",
    physicalDeck: "Rider–Waite–Smith",
    cards: [["major-17"]],
    tags: ["daily"],
    mood: "hopeful",
    notes: "The Star on a grey morning.",
  },
  {
    daysAgo: 27,
    question: "Which offer should I take?",
    spreadId: `custom:${CROSSROADS_ID}`,
    cards: [["major-07"], ["wands-06"], ["pentacles-04"], ["cups-07"], ["swords-02", true], ["major-11"]],
    tags: ["work", "decision"],
    mood: "uncertain",
    notes:
      "Laid in my own Crossroads spread. The left path costs security (Four of Pentacles); the right is all daydreams (Seven of Cups). Justice stays with me either way: decide on the facts.",
  },
  {
    daysAgo: 24,
    question: "What does the week ahead hold?",
    spreadId: "three-card",
    deckId: DESERT_MIRAGE,
    cards: [["major-18"], ["major-02"], ["major-19"]],
    tags: ["weekly"],
    mood: "calm",
    notes: "First reading with Desert Mirage. The Moon and the Sun in one spread: what only seems so, and what is.",
  },
  {
    daysAgo: 20,
    question: "Where is my relationship with Sam going?",
    spreadId: "relationship",
    cards: [["cups-02"], ["wands-04"], ["major-06"], ["swords-03", true], ["cups-10"], ["pentacles-06"], ["major-21"]],
    tags: ["love"],
    mood: "hopeful",
    notes: "Mostly cups. The reversed Three of Swords feels like the old argument fading.",
  },
  {
    daysAgo: 16,
    question: "Morning draw",
    spreadId: "single",
    physicalDeck: "Rider–Waite–Smith",
    cards: [["wands-01"]],
    tags: ["daily"],
    mood: "joyful",
    notes: "Ace of Wands: said yes to the workshop.",
  },
  {
    daysAgo: 12,
    question: "Why do I keep putting off the application?",
    spreadId: "horseshoe",
    deckId: AUTUMN_LANTERNS,
    cards: [["major-12"], ["swords-04"], ["pentacles-02"], ["major-09"], ["wands-09"], ["cups-04"], ["major-20"]],
    tags: ["work", "procrastination"],
    mood: "sad",
    notes: "The Hanged Man in the past, the Hermit as advice. Waiting has been a choice, not a trap.",
  },
  {
    daysAgo: 8,
    question: "What can I be grateful for this week?",
    spreadId: "single",
    deckId: DESERT_MIRAGE,
    cards: [["pentacles-09"]],
    tags: ["gratitude", "weekly"],
    mood: "grateful",
    notes: "Nine of Pentacles: the garden, the quiet evenings.",
  },
  {
    daysAgo: 4,
    question: "How do I prepare for the interview?",
    spreadId: "three-card",
    cards: [["pentacles-03"], ["major-04"], ["wands-06"]],
    tags: ["work", "career"],
    mood: "hopeful",
    notes: "Three of Pentacles: bring the portfolio. The Emperor: structure the answers. Six of Wands to finish.",
    interpretation:
      "The Three of Pentacles asks you to show the work you have built with others; the Emperor asks for order in how you tell it; the Six of Wands is the recognition that follows when both are in place.",
  },
  {
    daysAgo: 1,
    question: "Morning draw",
    spreadId: "single",
    physicalDeck: "Rider–Waite–Smith",
    cards: [["major-10"]],
    tags: ["daily"],
    mood: "curious",
    notes: "Wheel of Fortune the day after the interview.",
  },
];

const CARD_NAME = new Map(FULL_DECK.map((card) => [card.key, card.name]));

function journalRows(now: number): (typeof readingJournal.$inferInsert)[] {
  const crossroads = laidSpread(CROSSROADS_ID, CROSSROADS);
  return JOURNAL.map((entry, i) => {
    const spread = entry.spreadId === crossroads.id ? crossroads : spreadById(entry.spreadId)!;
    const at = now - entry.daysAgo * DAY + 8 * HOUR;
    return {
      id: `seed-journal-demo-${String(i + 1).padStart(2, "0")}`,
      userId: MEMBER,
      sessionId: null,
      deckId: entry.deckId ?? null,
      question: entry.question,
      spreadId: spread.id,
      spreadName: spread.name,
      cards: entry.cards.map(([key, reversed], position) => ({
        key,
        name: CARD_NAME.get(key) ?? key,
        position,
        positionName: spread.positions[position]?.name ?? `Card ${position + 1}`,
        reversed: reversed ?? false,
      })),
      interpretation: entry.interpretation ?? null,
      notes: entry.notes,
      notesRevision: 1,
      shareId: null,
      tags: entry.tags,
      mood: entry.mood,
      physicalDeck: entry.physicalDeck ?? null,
      layout: spread.positions.map(({ name, meaning, x, y, rotation }) => ({ name, meaning, x, y, rotation })),
      createdAt: at,
      updatedAt: at + HOUR,
    };
  });
}

/** The member's rows, for the seed's one batch; the wallet's balance is set from its lines afterwards. */
export function demoMemberStatements(db: Database, now: number): Statement[] {
  const readingStart = now - 9 * DAY;
  const reading = { ...MIRA_READING, startedAt: readingStart };
  const rows = endedReadingRows([reading]);
  const readingEnd = readingStart + reading.minutes * 60_000;
  const charges = Array.from({ length: reading.minutes - reading.freeMinutes }, (_, i) => reading.freeMinutes + i);
  const purchasedAt = now - 25 * DAY;
  const price = 700;
  const deckFee = Math.round((price * 30) / 100);
  return [
    insertRows(db, customSpreads, [
      {
        id: CROSSROADS_ID,
        ownerId: MEMBER,
        name: CROSSROADS.name,
        description: CROSSROADS.description,
        positions: CROSSROADS.positions,
        createdAt: now - 28 * DAY,
        updatedAt: now - 28 * DAY,
      },
    ]),
    insertRows(db, readingJournal, journalRows(now)),
    // Desert Mirage, bought through the local checkout: the checkout, its receipt, the purchase and Luna's sale line.
    insertRows(db, checkoutSessions, [
      {
        id: PURCHASE_CHECKOUT,
        userId: MEMBER,
        kind: "deck",
        deckId: DESERT_MIRAGE,
        amountCents: price,
        currency: "usd",
        description: "Desert Mirage — Major Arcana deck by luna_vale",
        status: "complete",
        createdAt: purchasedAt - 60_000,
        completedAt: purchasedAt,
      },
    ]),
    insertRows(db, paymentReceipts, [
      {
        id: PURCHASE_CHECKOUT,
        userId: MEMBER,
        kind: "deck",
        description: "Desert Mirage — Major Arcana deck by luna_vale",
        amountCents: price,
        refundedCents: 0,
        currency: "usd",
        checkoutId: PURCHASE_CHECKOUT,
        paidAt: purchasedAt,
      },
    ]),
    insertRows(db, deckPurchases, [
      {
        id: "seed-purchase-demo-desert-mirage",
        deckId: DESERT_MIRAGE,
        buyerId: MEMBER,
        sellerId: "seed-user-luna",
        checkoutId: PURCHASE_CHECKOUT,
        grossCents: price,
        feePercent: 30,
        feeCents: deckFee,
        netCents: price - deckFee,
        currency: "usd",
        status: "paid",
        createdAt: purchasedAt,
      },
    ]),
    insertRows(db, sellerLedger, [
      {
        id: "seed-sale-demo-desert-mirage",
        sellerId: "seed-user-luna",
        kind: "sale",
        purchaseId: "seed-purchase-demo-desert-mirage",
        grossCents: price,
        feeCents: deckFee,
        netCents: price - deckFee,
        referenceId: `sale:${PURCHASE_CHECKOUT}`,
        createdAt: purchasedAt,
      },
    ]),
    insertRows(db, readerFollows, [{ followerId: MEMBER, readerId: "seed-user-mira", createdAt: now - 10 * DAY, notify: true }]),
    // The paid reading with Mira: the room with both seated, the request, the reading, her earning, each charged minute, the review.
    insertRows(db, walletEntries, [
      {
        id: "seed-top-up-demo-first",
        userId: MEMBER,
        kind: "top-up",
        amountCents: 2500,
        referenceId: "top-up:demo-first",
        description: "Top-up of $25.00",
        createdAt: readingStart - 2 * HOUR,
      },
      ...charges.map((minute) => ({
        id: `${reading.id}-minute-${minute}`,
        userId: MEMBER,
        kind: "charge" as const,
        amountCents: -reading.price,
        paidReadingId: reading.id,
        minute,
        referenceId: `reading:${reading.id}:minute:${minute}`,
        description: `Reading minute ${minute + 1}`,
        createdAt: readingStart + (minute + 1) * 60_000,
      })),
    ]),
    insertRows(db, readingSessions, rows.sessions),
    insertRows(db, sessionParticipants, [
      {
        id: `${reading.id}-reader`,
        sessionId: reading.id,
        userId: reading.readerId,
        name: "Mira Solenne",
        isHost: true,
        role: "host",
        isActive: false,
        arrivedAt: readingStart,
        joinedAt: readingStart,
        lastSeenAt: readingEnd,
      },
      {
        id: `${reading.id}-client`,
        sessionId: reading.id,
        userId: MEMBER,
        name: "Demo Seeker",
        isHost: false,
        role: "participant",
        isActive: false,
        arrivedAt: readingStart,
        joinedAt: readingStart,
        lastSeenAt: readingEnd,
      },
    ]),
    insertRows(db, readingRequests, rows.requests),
    insertRows(db, paidReadings, rows.paid),
    insertRows(db, sellerLedger, rows.ledger),
    insertRows(db, readingReviews, [
      {
        paidReadingId: reading.id,
        clientId: MEMBER,
        readerId: reading.readerId,
        rating: 5,
        body: "Mira listened first and read second. The Two of Cups finally made sense.",
        createdAt: readingEnd + HOUR,
        counted: true,
      },
    ]),
    insertRows(db, readingJournal, [
      {
        id: "seed-journal-demo-mira",
        userId: MEMBER,
        sessionId: reading.id,
        question: "Should I move in with Sam?",
        spreadId: "three-card",
        spreadName: "Three cards",
        cards: [
          { key: "cups-02", name: "Two of Cups", position: 0, positionName: "Past", reversed: false },
          { key: "major-06", name: "The Lovers", position: 1, positionName: "Present", reversed: false },
          { key: "pentacles-04", name: "Four of Pentacles", position: 2, positionName: "Future", reversed: true },
        ],
        interpretation: null,
        notes: "Paid reading with Mira. She said the reversed Four of Pentacles is about letting go of keeping score.",
        notesRevision: 1,
        tags: ["love", "reader"],
        mood: "calm",
        layout: spreadById("three-card")!.positions.map(({ name, meaning, x, y, rotation }) => ({ name, meaning, x, y, rotation })),
        createdAt: readingEnd,
        updatedAt: readingEnd + HOUR,
      },
    ]),
  ];
}

/** The member's reading balance as the sum of its lines (a seed over an older state adds lines to an older balance). */
export function demoWalletBalance(db: Database, now: number) {
  return db
    .insert(readingWallets)
    .values({
      userId: MEMBER,
      balanceCents: sql`(SELECT coalesce(sum(${walletEntries.amountCents}), 0) FROM ${walletEntries} WHERE ${walletEntries.userId} = ${MEMBER})`,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: readingWallets.userId,
      set: {
        balanceCents: sql`(SELECT coalesce(sum(${walletEntries.amountCents}), 0) FROM ${walletEntries} WHERE ${walletEntries.userId} = ${MEMBER})`,
        updatedAt: now,
      },
    });
}
