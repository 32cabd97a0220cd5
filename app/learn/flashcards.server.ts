/**
 * The flashcards a person learns with (decision 0107): the decks they may learn with, where they
 * stand with each card, and a grade kept exactly once. Each person learns each deck apart: the
 * classic deck (deck id null) or a ready deck of their own or one they bought, whose every card
 * they may see.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { cards, dailySettings, decks, flashcardReviews, flashcards } from "../../db/schema";
import type { Database } from "../db.server";
import { CLASSIC_STYLE, CLASSIC_THEME } from "../art/painted-card";
import { cardImageUrl, paintedCardUrl } from "../decks/images";
import { paidCopyExists } from "../marketplace/paid-copies.server";
import { claimStatement, earlierOutcome, holdsClaim, settleStatements, type Outcome, type SubmissionRef } from "../outbox/submission-keys.server";
import { newId } from "../lib/crypto";
import type { BatchResponse } from "drizzle-orm/batch";
import { readShape, type Slots } from "../lib/page-reads.server";
import { isTimeZone, localDate, localMinute } from "../lib/calendar";
import { learningDayStatement, learningDaysQuery } from "./streak.server";
import { FULL_DECK, type TarotCard } from "../tarot/cards";
import { meaningOf, type CardMeaning } from "../tarot/meanings";
import { inScope, NEW_PER_DAY, type Grade, type Scope } from "./rules";
import { previewDue, schedule, type StoredMemory } from "./scheduler.server";

const DECK_ORDER = new Map(FULL_DECK.map((card, index) => [card.key, index]));
const CARD_BY_KEY = new Map(FULL_DECK.map((card) => [card.key, card]));

/** A deck the person may learn with: finished, and their own or one they bought. */
export const learnable = (who: string | SQL): SQL => and(eq(decks.status, "ready"), or(eq(decks.creatorId, who), paidCopyExists(decks.id, who)))!;
/** A card that can be learnt: painted and stored. */
export const painted = and(eq(cards.status, "ready"), isNotNull(cards.imageKey))!;
/** A deck id as a value (null for the classic deck) or as SQL that finds it. */
type DeckOperand = string | null | SQL;
const sameDeck = (deckId: DeckOperand) => sql`${flashcards.deckId} is ${deckId}`;

const cover = alias(cards, "learn_cover");

/** The person's decks to learn with, newest first: their own and bought ones, with a picture to show. */
export async function learnableDecks(db: Database, userId: string) {
  return learnableFrom(await learnableQuery(db, userId));
}

/** The statement behind `learnableDecks`; `who` may be `me`. */
function learnableQuery(db: Database, who: string | SQL) {
  return db
    .select({
      id: decks.id,
      title: decks.title,
      own: sql<number>`${decks.creatorId} = ${who}`,
      coverImageKey: cover.imageKey,
      coverUpdatedAt: cover.updatedAt,
      cards: sql<number>`(select count(*) from ${cards} where ${cards.deckId} = ${decks.id} and ${cards.status} = 'ready' and ${cards.imageKey} is not null)`,
    })
    .from(decks)
    .leftJoin(cover, eq(cover.id, decks.coverCardId))
    .where(learnable(who))
    .orderBy(desc(decks.createdAt));
}

/** The decks `learnableQuery` read that have a painted card to learn. */
function learnableFrom(rows: Awaited<ReturnType<typeof learnableQuery>>) {
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
/** The classic deck's title where a learning page names the deck being learnt. */
const CLASSIC_TITLE = "Classic deck";

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

/**
 * What learning a deck reads: the deck (when it is one the person may learn with), its painted cards,
 * where the person stands with each, their chosen time zone and the new cards they met since `since`
 * (two days back).
 */
function studyQueries(db: Database, who: string, deck: string | null, since: number) {
  return [
    db
      .select({ title: decks.title })
      .from(decks)
      .where(and(sql`${decks.id} is ${deck}`, learnable(who)))
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
      .where(and(sql`${cards.deckId} = ${deck}`, painted))
      .orderBy(asc(cards.number)),
    db
      .select(memoryColumns)
      .from(flashcards)
      .where(and(eq(flashcards.userId, who), sameDeck(deck))),
    // The first grades of the last two days: which of them fall in today is known once the person's time zone is.
    db
      .select({ at: flashcardReviews.reviewedAt })
      .from(flashcardReviews)
      .where(
        and(
          eq(flashcardReviews.userId, who),
          sql`${flashcardReviews.deckId} is ${deck}`,
          eq(flashcardReviews.state, "new"),
          gte(flashcardReviews.reviewedAt, since),
        ),
      ),
    db.select({ timeZone: dailySettings.timeZone }).from(dailySettings).where(eq(dailySettings.userId, who)).limit(1),
  ] as const;
}

type StudyRows = BatchResponse<ReturnType<typeof studyQueries>>;

/** The deck as `studyQueries` read it: `deckId` null is the classic deck; null when the deck is not one the person may learn with. */
function studyFrom([[deck], deckCards, rows, firsts, [stored]]: StudyRows, deckId: string | null, now: number, fallbackZone: string): StudyDeck | null {
  const day = dayAround(stored && isTimeZone(stored.timeZone) ? stored.timeZone : fallbackZone, now);
  const standing = {
    memories: new Map(rows.map(({ cardKey, ...memory }) => [cardKey, memory])),
    day,
    metToday: firsts.filter((first) => first.at >= day.start).length,
  };
  if (deckId === null) {
    const classic = FULL_DECK.map((card) => ({
      key: card.key,
      name: card.name,
      description: null,
      descriptionByAi: false,
      imageUrl: paintedCardUrl(card.key, CLASSIC_THEME, CLASSIC_STYLE),
    }));
    return { deckId, title: CLASSIC_TITLE, cards: classic, ...standing };
  }
  // The cards are read beside the deck and dropped unused when the deck is not the person's to learn with.
  if (!deck) return null;
  const shown = deckCards
    .map(({ imageKey, updatedAt, descriptionByAi, ...card }) => ({
      ...card,
      descriptionByAi: Boolean(descriptionByAi),
      imageUrl: cardImageUrl(imageKey, updatedAt)!,
    }))
    .sort((a, b) => (DECK_ORDER.get(a.key) ?? 99) - (DECK_ORDER.get(b.key) ?? 99));
  return { deckId, title: deck.title, cards: shown, ...standing };
}

/** The deck, its painted cards, where the person stands with each, their day and the new cards they met lately: one batch. */
export async function studyDeck(db: Database, userId: string, deckId: string | null, now: number, fallbackZone: string): Promise<StudyDeck | null> {
  return studyFrom(await db.batch(studyQueries(db, userId, deckId, now - 2 * DAY_MS)), deckId, now, fallbackZone);
}

/**
 * The deck `/learn` opens on: the one named (`named` 1; `deck` null for the classic deck), else the
 * person's newest deck of their own with a painted card, else the classic deck (NULL).
 */
const openedDeck = (me: SQL, named: Placeholder, deck: Placeholder) => sql<string | null>`(CASE WHEN ${named} = 1 THEN ${deck} ELSE (
  SELECT d.id FROM decks d WHERE d.creator_id = ${me} AND d.status = 'ready'
    AND EXISTS (SELECT 1 FROM cards c WHERE c.deck_id = d.id AND c.status = 'ready' AND c.image_key IS NOT NULL)
  ORDER BY d.created_at DESC LIMIT 1) END)`;

/** A column of `/learn`'s one row: a list read as text, its items apart by commas (none: NULL). */
const listed = (query: SQL) => sql<string | null>`(SELECT group_concat(item, ',') FROM (${query}))`;

/**
 * `/learn`'s reads beside the session's check, in two statements: the person's decks, and one row
 * with what the page counts from (see `learnPageFrom`). The deck it opens on (see `openedDeck`)
 * and the person are found once in that row and named by the lists beside them, which carry only
 * what the counts need: the deck's card keys, the due time of each card met, today's first grades
 * and the learning days. A statement costs D1 more than its few rows do.
 */
export const LEARN_PAGE = readShape((db, me, { named, deck, since }: Slots<{ named: 0 | 1; deck: string | null; since: number }>) => {
  const who = sql<string | null>`opened.me`;
  const id = sql`opened.id`;
  const title = db
    .select({ title: decks.title })
    .from(decks)
    .where(and(sql`${decks.id} = ${id}`, learnable(who)))
    .limit(1);
  const study = db
    .select({
      id: sql<string | null>`${id}`,
      title: sql<string | null>`${title}`,
      cards: listed(sql`SELECT ${cards.cardKey} AS item FROM ${cards} WHERE ${cards.deckId} = ${id} AND ${painted}`),
      memories: listed(
        sql`SELECT ${flashcards.cardKey} || ' ' || ${flashcards.due} AS item FROM ${flashcards} WHERE ${flashcards.userId} = ${who} AND ${flashcards.deckId} IS ${id}`,
      ),
      // The first grades of the last two days: which of them fall in today is known once the person's time zone is.
      firsts: listed(
        sql`SELECT ${flashcardReviews.reviewedAt} AS item FROM ${flashcardReviews} WHERE ${flashcardReviews.userId} = ${who} AND ${flashcardReviews.deckId} IS ${id} AND ${flashcardReviews.state} = 'new' AND ${flashcardReviews.reviewedAt} >= ${since}`,
      ),
      days: listed(sql`SELECT local_date AS item FROM ${learningDaysQuery(db, who)}`),
      timeZone: sql<string | null>`${dailySettings.timeZone}`,
      reminder: sql<number | null>`${dailySettings.learnReminderMinute}`,
    })
    .from(sql`(SELECT ${me} AS me, ${openedDeck(me, named, deck)} AS id) AS opened`)
    .leftJoin(dailySettings, sql`${dailySettings.userId} = ${who}`);
  return [learnableQuery(db, me), study] as const;
});

/** The values `LEARN_PAGE` is read with: the deck named in the address (undefined: none; null: the classic deck). */
export const learnPageValues = (named: string | null | undefined, now: number) => ({
  named: named === undefined ? (0 as const) : (1 as const),
  deck: named ?? null,
  since: now - 2 * DAY_MS,
});

const itemsOf = (list: string | null) => (list === null ? [] : list.split(","));
const CLASSIC_KEYS = FULL_DECK.map((card) => card.key);

/** What `/learn` shows of a deck it may open: its title, the person's day, today's counts in the scope, the cards met and the learning days. */
type LearnPage = {
  decks: LearnableDeck[];
  study: {
    deckId: string | null;
    title: string;
    day: { start: number; end: number; timeZone: string };
    counts: Tally;
    /** Cards of the deck the person has met. */
    met: number;
    days: { localDate: string }[];
    /** The learning reminder's time, in minutes after midnight, or null. */
    reminder: number | null;
  } | null;
};

/** The person's decks and today's counts of the deck `/learn` opened on, from what `LEARN_PAGE` read; null study when a named deck is not theirs to learn. */
export function learnPageFrom(
  [listed, [row]]: BatchResponse<ReturnType<(typeof LEARN_PAGE)["build"]>>,
  scope: Scope,
  now: number,
  fallbackZone: string,
): LearnPage {
  const decks = learnableFrom(listed);
  const deckId = row?.id ?? null;
  if (!row || (deckId !== null && row.title === null)) return { decks, study: null };
  const day = dayAround(row.timeZone !== null && isTimeZone(row.timeZone) ? row.timeZone : fallbackZone, now);
  const due = new Map<string, number>();
  for (const item of itemsOf(row.memories)) {
    const space = item.indexOf(" ");
    due.set(item.slice(0, space), Number(item.slice(space + 1)));
  }
  const metToday = itemsOf(row.firsts).filter((at) => Number(at) >= day.start).length;
  return {
    decks,
    study: {
      deckId,
      title: deckId === null ? CLASSIC_TITLE : row.title!,
      day,
      counts: tallyOf(deckId === null ? CLASSIC_KEYS : itemsOf(row.cards), due, metToday, day, scope, now),
      met: due.size,
      days: itemsOf(row.days).map((localDate) => ({ localDate })),
      reminder: row.reminder,
    },
  };
}

/** Today's counts of a deck's cards in a scope: due today, new today, not met beyond today's, and whether one is there to review now. */
type Tally = { dueToday: number; newToday: number; unseen: number; now: boolean };

/**
 * Where the person stands today with the cards `keys` in a scope, knowing each met card's due time
 * (`due`) and the new cards met today: the rule of what is due and what is new, for the review and
 * for `/learn`'s counts. `dueNow` and `unmet` keep the order of `keys`.
 */
function standingOf(keys: readonly string[], due: ReadonlyMap<string, number>, metToday: number, day: { end: number }, scope: Scope, now: number) {
  const inPlay = keys.filter((key) => inScope(key, scope) && CARD_BY_KEY.has(key));
  const met = inPlay.filter((key) => due.has(key));
  const unmet = inPlay.filter((key) => !due.has(key));
  const dueNow = met.filter((key) => due.get(key)! <= now);
  const newToday = Math.min(unmet.length, Math.max(0, NEW_PER_DAY - metToday));
  const tally: Tally = {
    dueToday: met.filter((key) => due.get(key)! < day.end).length,
    newToday,
    unseen: unmet.length - newToday,
    now: dueNow.length > 0 || newToday > 0,
  };
  return { met, unmet, dueNow, tally };
}

const tallyOf = (...args: Parameters<typeof standingOf>): Tally => standingOf(...args).tally;

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
  const due = new Map([...study.memories].map(([key, memory]) => [key, memory.due]));
  const byKey = new Map(study.cards.map((card) => [card.key, card]));
  const { met, unmet, dueNow, tally } = standingOf(
    study.cards.map((card) => card.key),
    due,
    study.metToday,
    day,
    scope,
    now,
  );
  const dueOf = (key: string) => due.get(key)!;
  const first = [...dueNow].sort((a, b) => dueOf(a) - dueOf(b))[0] ?? (tally.newToday > 0 ? unmet[0] : undefined);
  const chosen = first === undefined ? undefined : byKey.get(first)!;
  const memory = chosen ? (study.memories.get(chosen.key) ?? null) : null;
  const waitingForTomorrow = unmet.length > 0 && tally.newToday === 0;
  const later = [...met.map(dueOf), ...(waitingForTomorrow ? [day.end] : [])];
  const nextDueAt = chosen || later.length === 0 ? null : Math.min(...later);
  return {
    dueToday: tally.dueToday,
    newToday: tally.newToday,
    unseen: tally.unseen,
    next: chosen ? { card: flashcardOf(chosen, CARD_BY_KEY.get(chosen.key)!), revision: memory?.reps ?? 0, previews: previewDue(memory, now) } : null,
    nextDueAt,
    nextIsNew: waitingForTomorrow && nextDueAt === day.end && !met.some((key) => dueOf(key) <= day.end),
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
