/**
 * The flashcards a person learns with (decision 0107): the decks they may learn with, where they
 * stand with each card, and a grade kept exactly once. Each person learns each deck apart: the
 * classic deck (deck id null) or a ready deck of their own or one they bought, whose every card
 * they may see.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { cards, dailySettings, decks, flashcardReviews, flashcards } from "../../db/schema";
import type { Database } from "../db.server";
import { CLASSIC_STYLE, CLASSIC_THEME } from "../art/painted-card";
import { cardImageUrl, paintedCardUrl } from "../decks/images";
import { paidCopyExists } from "../marketplace/paid-copies.server";
import { claimStatement, earlierOutcome, holdsClaim, settleStatements, type Outcome, type SubmissionRef } from "../outbox/submission-keys.server";
import { newId } from "../lib/crypto";
import { isTimeZone, localDate, localMinute } from "../daily/draw";
import { learningDayStatement } from "./streak.server";
import { FULL_DECK, type TarotCard } from "../tarot/cards";
import { meaningOf, type CardMeaning } from "../tarot/meanings";
import { inScope, NEW_PER_DAY, type Grade, type Scope } from "./rules";
import { previewDue, schedule, type StoredMemory } from "./scheduler.server";

const DECK_ORDER = new Map(FULL_DECK.map((card, index) => [card.key, index]));
const CARD_BY_KEY = new Map(FULL_DECK.map((card) => [card.key, card]));

/** A deck the person may learn with: finished, and their own or one they bought. */
export const learnable = (userId: string): SQL => and(eq(decks.status, "ready"), or(eq(decks.creatorId, userId), paidCopyExists(decks.id, userId)))!;
/** A card that can be learnt: painted and stored. */
export const painted = and(eq(cards.status, "ready"), isNotNull(cards.imageKey))!;
const sameDeck = (deckId: string | null) => sql`${flashcards.deckId} is ${deckId}`;

const cover = alias(cards, "learn_cover");

/** The person's decks to learn with, newest first: their own and bought ones, with a picture to show. */
export async function learnableDecks(db: Database, userId: string) {
  const rows = await db
    .select({
      id: decks.id,
      title: decks.title,
      own: sql<number>`${decks.creatorId} = ${userId}`,
      coverImageKey: cover.imageKey,
      coverUpdatedAt: cover.updatedAt,
      cards: sql<number>`(select count(*) from ${cards} where ${cards.deckId} = ${decks.id} and ${cards.status} = 'ready' and ${cards.imageKey} is not null)`,
    })
    .from(decks)
    .leftJoin(cover, eq(cover.id, decks.coverCardId))
    .where(learnable(userId))
    .orderBy(desc(decks.createdAt));
  return rows
    .filter((row) => row.cards > 0)
    .map((row) => ({
      id: row.id,
      title: row.title,
      own: Boolean(row.own),
      cards: row.cards,
      coverUrl: cardImageUrl(row.coverImageKey, row.coverUpdatedAt ?? 0),
    }));
}

export type LearnableDeck = Awaited<ReturnType<typeof learnableDecks>>[number];

/** One card as a flashcard shows it: the picture on the front; the library's words and the deck's own on the back. */
export type Flashcard = {
  key: string;
  name: string;
  /** The deck's own title for the card, when it differs from the card's name. */
  deckName: string | null;
  imageUrl: string;
  /** The deck's own description of the card (null for the classic deck). */
  description: string | null;
  /** False when the owner wrote the description themselves. */
  descriptionByAi: boolean;
  meaning: CardMeaning;
};

type DeckCardRow = { key: string; name: string; description: string | null; descriptionByAi: boolean; imageUrl: string };

/** What learning a deck starts from, read in one round trip; null when the deck is not one the person may learn with. */
export type StudyDeck = {
  deckId: string | null;
  title: string;
  cards: DeckCardRow[];
  memories: Map<string, StoredMemory>;
  /** The person's day, at their own midnight (their daily card's time zone, else their request's). */
  day: { start: number; end: number; timeZone: string };
  /** New cards met today in this deck. */
  metToday: number;
};

/** The start and end of the person's day around `now`, in their time zone. */
export function dayAround(timeZone: string, now: number): { start: number; end: number; timeZone: string } {
  const start = now - localMinute(timeZone, now) * 60_000 - (now % 60_000);
  return { start, end: start + 86_400_000, timeZone };
}

const DAY_MS = 86_400_000;

const memoryColumns = {
  cardKey: flashcards.cardKey,
  due: flashcards.due,
  stability: flashcards.stability,
  difficulty: flashcards.difficulty,
  scheduledDays: flashcards.scheduledDays,
  learningSteps: flashcards.learningSteps,
  reps: flashcards.reps,
  lapses: flashcards.lapses,
  state: flashcards.state,
  lastReview: flashcards.lastReview,
};

/** The deck, its painted cards, where the person stands with each, their day and the new cards they met lately: one batch. */
export async function studyDeck(db: Database, userId: string, deckId: string | null, now: number, fallbackZone: string): Promise<StudyDeck | null> {
  const memories = db
    .select(memoryColumns)
    .from(flashcards)
    .where(and(eq(flashcards.userId, userId), sameDeck(deckId)));
  // The first grades of the last two days: which of them fall in today is known once the person's time zone is.
  const met = db
    .select({ at: flashcardReviews.reviewedAt })
    .from(flashcardReviews)
    .where(
      and(
        eq(flashcardReviews.userId, userId),
        sql`${flashcardReviews.deckId} is ${deckId}`,
        eq(flashcardReviews.state, "new"),
        gte(flashcardReviews.reviewedAt, now - 2 * DAY_MS),
      ),
    );
  const zone = db.select({ timeZone: dailySettings.timeZone }).from(dailySettings).where(eq(dailySettings.userId, userId)).limit(1);
  const shape = (rows: Awaited<typeof memories>, firsts: Awaited<typeof met>, [stored]: Awaited<typeof zone>) => {
    const day = dayAround(stored && isTimeZone(stored.timeZone) ? stored.timeZone : fallbackZone, now);
    return {
      memories: new Map(rows.map(({ cardKey, ...memory }) => [cardKey, memory])),
      day,
      metToday: firsts.filter((first) => first.at >= day.start).length,
    };
  };
  if (deckId === null) {
    const [rows, firsts, stored] = await db.batch([memories, met, zone]);
    const deckCards = FULL_DECK.map((card) => ({
      key: card.key,
      name: card.name,
      description: null,
      descriptionByAi: false,
      imageUrl: paintedCardUrl(card.key, CLASSIC_THEME, CLASSIC_STYLE),
    }));
    return { deckId, title: "Classic deck", cards: deckCards, ...shape(rows, firsts, stored) };
  }
  const [[deck], deckCards, rows, firsts, stored] = await db.batch([
    db
      .select({ title: decks.title })
      .from(decks)
      .where(and(eq(decks.id, deckId), learnable(userId)))
      .limit(1),
    db
      .select({
        key: cards.cardKey,
        name: sql<string>`coalesce(${cards.editedName}, ${cards.name})`,
        description: sql<string | null>`coalesce(${cards.editedDescription}, ${cards.description})`,
        descriptionByAi: sql<number>`${cards.editedDescription} is null`,
        imageKey: cards.imageKey,
        updatedAt: cards.updatedAt,
      })
      .from(cards)
      .where(and(eq(cards.deckId, deckId), painted))
      .orderBy(asc(cards.number)),
    memories,
    met,
    zone,
  ]);
  // The cards are read beside the deck and dropped unused when the deck is not the person's to learn with.
  if (!deck) return null;
  const shown = deckCards
    .map(({ imageKey, updatedAt, descriptionByAi, ...card }) => ({
      ...card,
      descriptionByAi: Boolean(descriptionByAi),
      imageUrl: cardImageUrl(imageKey, updatedAt)!,
    }))
    .sort((a, b) => (DECK_ORDER.get(a.key) ?? 99) - (DECK_ORDER.get(b.key) ?? 99));
  return { deckId, title: deck.title, cards: shown, ...shape(rows, firsts, stored) };
}

/** Today's learning of a deck in a scope: the counts, the next card, and when there is nothing left, when the next one is due. */
export type Session = {
  dueToday: number;
  newToday: number;
  /** Cards not met yet in the scope, beyond today's new ones. */
  unseen: number;
  next: { card: Flashcard; revision: number; previews: Record<Grade, number> } | null;
  /** When the next card comes due, when none is due now. */
  nextDueAt: number | null;
  /** The next card is a new one at the person's midnight: today's new cards are all met. */
  nextIsNew: boolean;
};

function flashcardOf(row: DeckCardRow, tarot: TarotCard): Flashcard {
  return {
    key: row.key,
    name: tarot.name,
    deckName: row.name.trim() && row.name.trim() !== tarot.name ? row.name.trim() : null,
    imageUrl: row.imageUrl,
    description: row.description?.trim() || null,
    descriptionByAi: row.descriptionByAi,
    meaning: meaningOf(tarot),
  };
}

/** Cards due now come first, the longest overdue first; then today's new cards, in the deck's order. */
export function sessionOf(study: StudyDeck, scope: Scope, now: number): Session {
  const { day } = study;
  const inPlay = study.cards.filter((card) => inScope(card.key, scope) && CARD_BY_KEY.has(card.key));
  const met = inPlay.filter((card) => study.memories.has(card.key));
  const unmet = inPlay.filter((card) => !study.memories.has(card.key));
  const dueOf = (card: DeckCardRow) => study.memories.get(card.key)!.due;
  const dueNow = met.filter((card) => dueOf(card) <= now).sort((a, b) => dueOf(a) - dueOf(b));
  const newToday = Math.min(unmet.length, Math.max(0, NEW_PER_DAY - study.metToday));
  const chosen = dueNow[0] ?? (newToday > 0 ? unmet[0] : undefined);
  const memory = chosen ? (study.memories.get(chosen.key) ?? null) : null;
  const waitingForTomorrow = unmet.length > 0 && newToday === 0;
  const later = [...met.map(dueOf), ...(waitingForTomorrow ? [day.end] : [])];
  const nextDueAt = chosen || later.length === 0 ? null : Math.min(...later);
  return {
    dueToday: met.filter((card) => dueOf(card) < day.end).length,
    newToday,
    unseen: unmet.length - newToday,
    next: chosen ? { card: flashcardOf(chosen, CARD_BY_KEY.get(chosen.key)!), revision: memory?.reps ?? 0, previews: previewDue(memory, now) } : null,
    nextDueAt,
    nextIsNew: waitingForTomorrow && nextDueAt === day.end && !met.some((card) => dueOf(card) <= day.end),
  };
}

export const GRADE_TEXTS = {
  notInDeck: "This card is not in the deck you are learning.",
  stale: "That card was graded already, perhaps in another tab. Here is the next one.",
} as const;

export type GradeInput = {
  userId: string;
  deckId: string | null;
  cardKey: string;
  revision: number;
  grade: Grade;
  key: string | null;
  now: number;
  /** The request's time zone, for the day of the streak when the person has none stored. */
  timeZone?: string;
};

/**
 * Grades a card: FSRS sets its next due date, and the review is logged. `revision` is the count of
 * reviews the page showed: a grade sent from an older page changes nothing (409). With a key the
 * grade counts once, whatever repeats or races it (decision 0060): claim, write, log and outcome
 * are one batch. `done` is where to go next. A deck the person may not learn with is a 404.
 */
export async function gradeCard(db: Database, input: GradeInput, done: string): Promise<Outcome> {
  const { userId, deckId, cardKey, revision, grade, now } = input;
  const [inDeck, [row], [stored]] = await Promise.all([
    deckId === null
      ? Promise.resolve(true)
      : db
          .select({ key: cards.cardKey })
          .from(cards)
          .innerJoin(decks, eq(decks.id, cards.deckId))
          .where(and(eq(cards.deckId, deckId), eq(cards.cardKey, cardKey), painted, learnable(userId)))
          .limit(1)
          .then((rows) => rows.length === 1),
    db
      .select(memoryColumns)
      .from(flashcards)
      .where(and(eq(flashcards.userId, userId), sameDeck(deckId), eq(flashcards.cardKey, cardKey)))
      .limit(1),
    db.select({ timeZone: dailySettings.timeZone }).from(dailySettings).where(eq(dailySettings.userId, userId)).limit(1),
  ]);
  if (!inDeck) return { status: 404, body: { ok: false, message: GRADE_TEXTS.notInDeck } };
  const memory = row ?? null;
  const { next, before } = schedule(memory, grade, now);
  const reviewId = newId();
  const ref: SubmissionRef | null = input.key ? { userId, key: input.key, action: "flashcard-grade" } : null;
  const claim = newId();
  const held = ref ? holdsClaim(ref, claim) : sql`1`;
  const card = and(eq(flashcards.userId, userId), sameDeck(deckId), eq(flashcards.cardKey, cardKey));
  const memoryValues = {
    due: next.due,
    stability: next.stability,
    difficulty: next.difficulty,
    scheduledDays: next.scheduledDays,
    learningSteps: next.learningSteps,
    reps: next.reps,
    lapses: next.lapses,
    state: next.state,
    lastReview: next.lastReview,
    lastReviewId: reviewId,
  };
  const landed = sql`exists (select 1 from ${flashcards} where ${flashcards.lastReviewId} = ${reviewId})`;
  const writes = [
    db
      .update(flashcards)
      .set(memoryValues)
      .where(and(card, eq(flashcards.reps, revision), held)),
    // A card's first grade makes its row; an insert from a select names every column of the table, in order.
    ...(revision === 0
      ? [
          db
            .insert(flashcards)
            .select(
              sql`select ${newId()}, ${userId}, ${deckId}, ${cardKey}, ${next.due}, ${next.stability}, ${next.difficulty}, ${next.scheduledDays}, ${next.learningSteps}, ${next.reps}, ${next.lapses}, ${next.state}, ${next.lastReview}, ${reviewId}, ${now} where ${held}`,
            )
            .onConflictDoNothing(),
        ]
      : []),
    db
      .insert(flashcardReviews)
      .select(
        sql`select ${reviewId}, ${userId}, ${deckId}, ${cardKey}, ${grade}, ${before.state}, ${before.stability}, ${before.difficulty}, ${before.scheduledDays}, ${before.learningSteps}, ${before.dueBefore}, ${next.due}, ${now} where ${landed}`,
      ),
    // The day counts toward the learning streak, on the person's own calendar (decision 0112).
    learningDayStatement(db, userId, localDate(stored && isTimeZone(stored.timeZone) ? stored.timeZone : (input.timeZone ?? "UTC"), now), landed),
  ] as const;
  const graded: Outcome = { status: 303, body: { location: done } };
  const stale: Outcome = { status: 409, body: { ok: false, message: GRADE_TEXTS.stale } };
  const written = db.select({ id: flashcards.id }).from(flashcards).where(eq(flashcards.lastReviewId, reviewId));
  if (!ref) {
    const results = await db.batch([...writes, written]);
    return (results.at(-1) as unknown[]).length === 1 ? graded : stale;
  }
  const [claimed, ...results] = await db.batch([claimStatement(db, ref, claim, now), ...writes, ...settleStatements(db, ref, claim, graded, landed), written]);
  if (claimed.length === 1) return (results.at(-1) as unknown[]).length === 1 ? graded : stale;
  const earlier = await earlierOutcome(db, ref);
  if (earlier === null) return gradeCard(db, input, done);
  if (earlier.kind === "conflict") return { status: 409, body: { ok: false, message: earlier.message } };
  return earlier.outcome;
}

/**
 * Cards the person missed elsewhere (a quiz, decision 0112) come due now in the deck's flashcards,
 * as statements for the caller's batch that take effect only where `when` holds. A card met before
 * keeps what FSRS knows of it and only its due date moves to now (never later); a card never met
 * gets a row as a new card due now, so the next review shows it first, outside the day's new cards.
 */
export function dueNowStatements(db: Database, userId: string, deckId: string | null, cardKeys: readonly string[], now: number, when: SQL) {
  const keys = [...new Set(cardKeys)];
  if (keys.length === 0) return [];
  return [
    db
      .update(flashcards)
      .set({ due: now })
      .where(and(eq(flashcards.userId, userId), sameDeck(deckId), inArray(flashcards.cardKey, keys), gt(flashcards.due, now), when)),
    // An insert from a select names every column of the table, in order; a card already met keeps its row.
    ...keys.map((cardKey) =>
      db
        .insert(flashcards)
        .select(sql`select ${newId()}, ${userId}, ${deckId}, ${cardKey}, ${now}, 0, 0, 0, 0, 0, 0, 'new', ${now}, '', ${now} where ${when}`)
        .onConflictDoNothing(),
    ),
  ];
}
