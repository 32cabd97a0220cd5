/**
 * The card of the day (decision 0065): one card a day for each person, from the deck they chose,
 * at their own midnight. The card is derived, not stored, so every device agrees; what is stored is
 * the person's time zone, deck and reminder, and the days they kept their card in the journal,
 * which make the streak.
 */
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { cards, dailyCards, dailySettings, decks, readingJournal } from "../../db/schema";
import { CLASSIC_STYLE, CLASSIC_THEME } from "../art/painted-card";
import type { Database } from "../db.server";
import { cardBackUrl, cardImageUrl, paintedCardUrl } from "../decks/images";
import { newId } from "../lib/crypto";
import { readShape, type Me } from "../lib/page-reads.server";
import { collectionDeck } from "../decks/queries.server";
import { deckBackOf, deckBackUrl } from "../decks/card-back";
import { FULL_DECK, type TarotCard } from "../tarot/cards";
import { meaningOf } from "../tarot/meanings";
import { drawOfTheDay, pickOf } from "./draw";
import { isTimeZone, localDate, localMinute, streakOf, type LocalDate } from "../lib/calendar";
import { learningDayStatement, learningDaysQuery } from "../learn/streak.server";

const CLASSIC_KEYS = FULL_DECK.map((card) => card.key);
const CARD_BY_KEY = new Map(FULL_DECK.map((card) => [card.key, card]));

/** A deck the person may draw their card from: one of their own or one they bought, and finished. */
const usableDeck = collectionDeck;

/** How many kept days are read to count a streak: more than a year of them. */
const KEPT_DAYS_READ = 400;

/** What the card of the day needs of the person, in one batch with the session's check (a page adds these to its own reads). */
export function dailyReads(db: Database, me: Me) {
  return [
    db.select().from(dailySettings).where(eq(dailySettings.userId, me)),
    db
      .select({
        localDate: dailyCards.localDate,
        cardKey: dailyCards.cardKey,
        reversed: dailyCards.reversed,
        deckId: dailyCards.deckId,
        journalId: dailyCards.journalId,
      })
      .from(dailyCards)
      .where(eq(dailyCards.userId, me))
      .orderBy(desc(dailyCards.localDate))
      .limit(KEPT_DAYS_READ),
    // The chosen deck's painted cards, when the person may still draw from it.
    db
      .select({
        deckId: decks.id,
        title: decks.title,
        key: cards.cardKey,
        imageKey: cards.imageKey,
        updatedAt: cards.updatedAt,
        theme: decks.theme,
        artStyle: decks.artStyle,
        cardBack: decks.cardBack,
        backImageKey: decks.backImageKey,
        deckUpdatedAt: decks.updatedAt,
      })
      .from(dailySettings)
      .innerJoin(decks, eq(decks.id, dailySettings.deckId))
      .innerJoin(cards, and(eq(cards.deckId, decks.id), eq(cards.status, "ready"), isNotNull(cards.imageKey)))
      .where(and(eq(dailySettings.userId, me), usableDeck(me))),
  ] as const;
}

/** The same reads for one person by id, on their own (keeping the card, the tests). */
export async function readDaily(db: Database, userId: string): Promise<DailyRows> {
  return (await db.batch(dailyReads(db, sql`${userId}` as Me))) as unknown as DailyRows;
}

/** The reads of a page that shows the card of the day (home, `/today`). */
export const DAILY = readShape((db, me) => dailyReads(db, me));

/** The same, with the decks the person may choose from (the `/today` page's settings). */
export const DAILY_WITH_CHOICES = readShape((db, me) => [
  ...dailyReads(db, me),
  db.select({ id: decks.id, title: decks.title }).from(decks).where(usableDeck(me)).orderBy(desc(decks.createdAt)).limit(100),
  // The learning streak's days (decision 0112).
  learningDaysQuery(db, me),
]);

export type DailyRows = [
  (typeof dailySettings.$inferSelect)[],
  { localDate: string; cardKey: string; reversed: boolean; deckId: string | null; journalId: string | null }[],
  {
    deckId: string;
    title: string;
    key: string;
    imageKey: string | null;
    updatedAt: number;
    theme: string;
    artStyle: string | null;
    cardBack: string | null;
    backImageKey: string | null;
    deckUpdatedAt: number;
  }[],
];

/**
 * How far the person took the day's card (decision 0108): face down until they turn it over, then
 * turned while they say what they see, then read once they kept it or chose to see the meaning.
 */
export type DailyStage = "face-down" | "turned" | "read";

/** Reflection prompts, for a card upright and reversed; the day's one names one of the side's keywords. */
const PROMPTS = {
  upright: [
    (word: string) => `Where might ${word} show up in your day today?`,
    (word: string) => `What would change if you met today with ${word}?`,
    (word: string) => `What small step toward ${word} could you take before tonight?`,
    (word: string) => `What is ${word} asking of you right now?`,
  ],
  reversed: [
    (word: string) => `Where might ${word} be quietly shaping your day?`,
    (word: string) => `What would help you meet ${word} with more ease today?`,
    (word: string) => `If ${word} loosened its hold a little, what would you do differently?`,
    (word: string) => `What is ${word} asking you to notice?`,
  ],
};

export type DailyCard = {
  date: LocalDate;
  timeZone: string;
  /** The deck it was drawn from; null for the classic deck. */
  deck: { id: string; title: string } | null;
  card: TarotCard;
  reversed: boolean;
  imageUrl: string;
  /** The deck's back, shown while the card is face down. */
  backUrl: string;
  stage: DailyStage;
  keywords: string[];
  meaning: string;
  prompt: string;
  /** Set once the person kept today's card: its journal entry. */
  kept: { journalId: string | null } | null;
  /** Days in a row kept, today or yesterday included. */
  streak: number;
};

/** The person's card for the day of `now` in their time zone (stored, else `fallbackZone`). */
export function dailyCardOf(userId: string, rows: DailyRows, fallbackZone: string, now: number): DailyCard {
  const [[settings], kept, deckCards] = rows;
  const timeZone = settings && isTimeZone(settings.timeZone) ? settings.timeZone : fallbackZone;
  const date = localDate(timeZone, now);
  const deck = deckCards[0] ? { id: deckCards[0].deckId, title: deckCards[0].title } : null;
  const faces = new Map(deckCards.map((row) => [row.key, cardImageUrl(row.imageKey, row.updatedAt)!]));
  const today = kept.find((row) => row.localDate === date);
  // A kept card stays the day's card whatever changes after; otherwise the day's arithmetic decides.
  const drawn = today
    ? { key: today.cardKey, reversed: today.reversed, deckId: today.deckId }
    : { ...drawOfTheDay({ userId, date, deckId: deck?.id ?? null, keys: deck ? [...faces.keys()] : CLASSIC_KEYS })!, deckId: deck?.id ?? null };
  const card = CARD_BY_KEY.get(drawn.key) ?? FULL_DECK[0]!;
  const face = drawn.deckId && drawn.deckId === deck?.id ? faces.get(card.key) : undefined;
  const side = meaningOf(card)[drawn.reversed ? "reversed" : "upright"];
  const prompts = PROMPTS[drawn.reversed ? "reversed" : "upright"];
  const pick = pickOf(`${userId}|${date}|prompt`, prompts.length);
  const fromDeck = drawn.deckId && drawn.deckId === deck?.id ? deckCards[0]! : null;
  const stage: DailyStage = today || settings?.readOn === date ? "read" : settings?.turnedOn === date ? "turned" : "face-down";
  return {
    date,
    timeZone,
    deck: fromDeck ? deck : null,
    card,
    reversed: drawn.reversed,
    imageUrl: face ?? paintedCardUrl(card.key, CLASSIC_THEME, CLASSIC_STYLE),
    backUrl: fromDeck
      ? deckBackUrl(fromDeck, deckBackOf({ cardBack: fromDeck.cardBack, backImageKey: fromDeck.backImageKey, updatedAt: fromDeck.deckUpdatedAt }))
      : cardBackUrl(CLASSIC_THEME, CLASSIC_STYLE),
    stage,
    keywords: side.keywords,
    meaning: side.meaning,
    prompt: prompts[pick]!(side.keywords[0] ?? "this card"),
    kept: today ? { journalId: today.journalId } : null,
    streak: streakOf(
      kept.map((row) => row.localDate),
      date,
    ),
  };
}

/**
 * What a page may show of the day's card: its meaning, keywords and question only once the person
 * has read it, so the page (and the data it carries) holds nothing they have not asked to see.
 */
export function dailyCardView(day: DailyCard) {
  const { card, timeZone: _zone, ...rest } = day;
  const view = { ...rest, card: { key: card.key, name: card.name } };
  return day.stage === "read" ? view : { ...view, keywords: [], meaning: "", prompt: "" };
}

/**
 * Turns the day's card over (`turn`), or shows its meaning (`read`, which turns it too), for the
 * rest of the person's day; the time zone in use is stored with it when they had none.
 */
export async function advanceDailyCard(db: Database, userId: string, fallbackZone: string, step: "turn" | "read", now = Date.now()) {
  const day = dailyCardOf(userId, await readDaily(db, userId), fallbackZone, now);
  const set = step === "read" ? { turnedOn: day.date, readOn: day.date } : { turnedOn: day.date };
  await db.batch([
    db
      .insert(dailySettings)
      .values({ userId, timeZone: day.timeZone, ...set, updatedAt: now })
      .onConflictDoUpdate({ target: dailySettings.userId, set }),
    // A turned card is a day of learning (decision 0112).
    learningDayStatement(db, userId, day.date),
  ]);
  return { date: day.date };
}

export const SAVED_MESSAGE = "Kept in your journal.";

export const keepForm = lazySchema(() =>
  z.object({
    notes: z.string().trim().max(5000, "Keep your note under 5000 characters").default(""),
  }),
);

/**
 * Keeps the day's card in the journal with the note (again the same day: the note is replaced).
 * The time zone in use is stored with it when the person had none, so their other devices count
 * the same days. One batch of reads, one of writes.
 */
export async function keepDailyCard(db: Database, userId: string, fallbackZone: string, notes: string, now = Date.now()) {
  const day = dailyCardOf(userId, await readDaily(db, userId), fallbackZone, now);
  const journalId = day.kept?.journalId ?? newId();
  const entry = {
    deckId: day.deck?.id ?? null,
    question: day.prompt,
    spreadId: "single",
    spreadName: "Card of the day",
    cards: [{ key: day.card.key, name: day.card.name, position: 0, positionName: "Card of the day", reversed: day.reversed }],
    interpretation: null,
    notes,
    updatedAt: now,
  };
  await db.batch([
    db
      .insert(readingJournal)
      .values({ id: journalId, userId, sessionId: null, ...entry, createdAt: now })
      .onConflictDoUpdate({
        target: readingJournal.id,
        set: { notes, notesRevision: sql`${readingJournal.notesRevision} + 1`, notesForm: null, notesFormSend: 0, updatedAt: now },
      }),
    db
      .insert(dailyCards)
      .values({ userId, localDate: day.date, cardKey: day.card.key, reversed: day.reversed, deckId: entry.deckId, journalId, savedAt: now })
      .onConflictDoUpdate({ target: [dailyCards.userId, dailyCards.localDate], set: { journalId } }),
    db.insert(dailySettings).values({ userId, timeZone: day.timeZone, updatedAt: now }).onConflictDoNothing(),
    learningDayStatement(db, userId, day.date),
  ]);
  return { journalId, date: day.date };
}

const timeOfDay = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const settingsForm = lazySchema(() =>
  z.object({
    timeZone: z.string().trim().refine(isTimeZone, "Choose a time zone from the list"),
    deckId: z.string().trim().max(64).default(""),
    reminder: z
      .string()
      .trim()
      .default("")
      .refine((value) => value === "" || timeOfDay.test(value), "Give the time as hours and minutes, like 08:30"),
  }),
);

/** Minutes after midnight from `HH:MM`; null for no reminder. */
export function reminderMinuteOf(value: string): number | null {
  const match = timeOfDay.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** `HH:MM` for the form from minutes after midnight. */
export function reminderTime(minute: number | null | undefined): string {
  if (minute === null || minute === undefined) return "";
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/** Stores the person's time zone, deck and reminder; a deck they may not draw from is refused (false). */
export async function saveDailySettings(db: Database, userId: string, input: z.infer<typeof settingsForm>, now = Date.now()): Promise<boolean> {
  const deckId = input.deckId || null;
  if (deckId) {
    const [deck] = await db
      .select({ id: decks.id })
      .from(decks)
      .where(and(eq(decks.id, deckId), usableDeck(userId)))
      .limit(1);
    if (!deck) return false;
  }
  const values = { timeZone: input.timeZone, deckId, reminderMinute: reminderMinuteOf(input.reminder), updatedAt: now };
  await db
    .insert(dailySettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: dailySettings.userId, set: values });
  return true;
}

/**
 * The people whose reminder is due at `now` (their chosen time has passed today, their card is not
 * kept yet, no reminder went today), each claimed in one conditional statement so two runs of the
 * job cannot both remind anyone.
 */
export async function claimDueReminders(db: Database, now: number): Promise<string[]> {
  const rows = await db
    .select({
      userId: dailySettings.userId,
      timeZone: dailySettings.timeZone,
      reminderMinute: dailySettings.reminderMinute,
      remindedOn: dailySettings.remindedOn,
    })
    .from(dailySettings)
    .where(isNotNull(dailySettings.reminderMinute));
  const due = rows.flatMap((row) => {
    if (!isTimeZone(row.timeZone)) return [];
    const today = localDate(row.timeZone, now);
    if (row.remindedOn === today || localMinute(row.timeZone, now) < row.reminderMinute!) return [];
    return [{ userId: row.userId, today }];
  });
  const claimed: string[] = [];
  for (let i = 0; i < due.length; i += 50) {
    const chunk = due.slice(i, i + 50);
    const claim = ({ userId, today }: (typeof chunk)[number]) =>
      db
        .update(dailySettings)
        .set({ remindedOn: today })
        .where(
          and(
            eq(dailySettings.userId, userId),
            sql`coalesce(${dailySettings.remindedOn}, '') <> ${today}`,
            sql`not exists (select 1 from ${dailyCards} where ${dailyCards.userId} = ${userId} and ${dailyCards.localDate} = ${today})`,
          ),
        )
        .returning({ userId: dailySettings.userId });
    const [first, ...rest] = chunk;
    const results = await db.batch([claim(first!), ...rest.map(claim)]);
    for (const result of results) claimed.push(...result.map((row) => row.userId));
  }
  return claimed;
}
