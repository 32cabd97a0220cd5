/**
 * A learner's quiz (decision 0112): each attempt's questions are drawn here, on the server, when it
 * starts, from the cards the person may see (their chosen deck's painted cards, or the classic deck),
 * and kept with the attempt, so a reload shows the same questions and the answers are checked
 * against what was asked. Answers count once: the first request that sends them claims the attempt,
 * and the rest of its batch (the answers, the missed cards made due in the flashcards) checks it.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { cards, decks, learnQuizAttempts, learnQuizQuestions } from "../../db/schema";
import type { Database } from "../db.server";
import { CLASSIC_STYLE, CLASSIC_THEME } from "../art/painted-card";
import { cardImageUrl, paintedCardUrl } from "../decks/images";
import { newId } from "../lib/crypto";
import { SPREADS } from "../reading-room/spreads";
import { FULL_DECK, type TarotCard } from "../tarot/cards";
import { meaningOf } from "../tarot/meanings";
import { dueNowStatements, learnable, painted } from "./flashcards.server";
import { attemptPath, inTopic, QUESTIONS_PER_QUIZ, QUIZ_TEXTS, type QuizTopic } from "./quiz";
import type { Outcome } from "../outbox/submission-keys.server";

const CARD_BY_KEY = new Map(FULL_DECK.map((card) => [card.key, card]));

export type QuizKind = "picture" | "meaning" | "reversed" | "position";
export type QuizChoice = { value: string; label: string };
/** A question as drawn and kept: `answer` is the value of the right choice. */
export type DrawnQuestion = { kind: QuizKind; cardKey: string | null; prompt: string; choices: QuizChoice[]; answer: string };

/** A whole number in [0, n), from the platform's cryptographic source. */
function randomBelow(n: number): number {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  return value! % n;
}

function shuffled<T>(items: readonly T[], random: (n: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const CHOICES = 4;

/** The right choice and three others whose labels differ from it and from each other, in a random order. */
function choicesOf(right: QuizChoice, others: readonly QuizChoice[], random: (n: number) => number): QuizChoice[] {
  const picked: QuizChoice[] = [right];
  for (const other of shuffled(others, random)) {
    if (picked.length === CHOICES) break;
    if (other.value !== right.value && !picked.some((one) => one.label === other.label)) picked.push(other);
  }
  return shuffled(picked, random);
}

const keywordsOf = (card: TarotCard, side: "upright" | "reversed") => meaningOf(card)[side].keywords.slice(0, 3).join(", ");

/** Cards close to this one (its suit, or the Major Arcana), whose names make the picture question a real choice. */
const neighboursOf = (card: TarotCard) => FULL_DECK.filter((other) => other.key !== card.key && other.suit === card.suit && other.arcana === card.arcana);

function cardQuestion(kind: Exclude<QuizKind, "position">, card: TarotCard, random: (n: number) => number): DrawnQuestion {
  if (kind === "picture") {
    const choices = choicesOf(
      { value: card.key, label: card.name },
      neighboursOf(card).map((other) => ({ value: other.key, label: other.name })),
      random,
    );
    return { kind, cardKey: card.key, prompt: "Which card is this?", choices, answer: card.key };
  }
  const side = kind === "meaning" ? "upright" : "reversed";
  const choices = choicesOf(
    { value: card.key, label: keywordsOf(card, side) },
    FULL_DECK.filter((other) => other.key !== card.key).map((other) => ({ value: other.key, label: keywordsOf(other, side) })),
    random,
  );
  const prompt = kind === "meaning" ? `What does ${card.name} speak of, upright?` : `What does ${card.name} speak of, reversed?`;
  return { kind, cardKey: card.key, prompt, choices, answer: card.key };
}

/** Spreads with positions enough for four different answers. */
const POSITION_SPREADS = SPREADS.filter((spread) => !spread.freeLayout && spread.positions.length >= CHOICES);
const firstSentence = (text: string) => /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;

function positionQuestion(random: (n: number) => number, asked: Set<string>): DrawnQuestion {
  const all = POSITION_SPREADS.flatMap((spread) => spread.positions.map((position) => ({ spread, position })));
  const fresh = all.filter(({ spread, position }) => !asked.has(`${spread.id}:${position.index}`));
  const { spread, position } = (fresh.length > 0 ? fresh : all)[random((fresh.length > 0 ? fresh : all).length)]!;
  const value = (index: number) => `${spread.id}:${index}`;
  asked.add(value(position.index));
  const choices = choicesOf(
    { value: value(position.index), label: firstSentence(position.meaning) },
    spread.positions.map((other) => ({ value: value(other.index), label: firstSentence(other.meaning) })),
    random,
  );
  return {
    kind: "position",
    cardKey: null,
    prompt: `In the ${spread.name}, what does the “${position.name}” position speak to?`,
    choices,
    answer: value(position.index),
  };
}

/** The kinds of an attempt's questions: the spreads' topic asks only about positions; a group of cards only about its cards. */
function kindsFor(topic: QuizTopic, count: number, random: (n: number) => number): QuizKind[] {
  if (topic === "spreads") return Array.from({ length: count }, () => "position" as const);
  const mix: QuizKind[] =
    topic === "all"
      ? ["picture", "picture", "picture", "meaning", "meaning", "meaning", "reversed", "reversed", "position", "position"]
      : ["picture", "picture", "picture", "picture", "meaning", "meaning", "meaning", "reversed", "reversed", "reversed"];
  // A shorter quiz takes a random share of the mix.
  const order = shuffled(mix, random);
  return Array.from({ length: count }, (_, i) => order[i % order.length]!);
}

/**
 * An attempt's questions about the topic, from `keys`: the cards the person may see in the chosen
 * deck. Each card is asked about once before any is asked again.
 */
export function drawQuestions(
  keys: readonly string[],
  topic: QuizTopic,
  count = QUESTIONS_PER_QUIZ,
  random: (n: number) => number = randomBelow,
): DrawnQuestion[] {
  const pool = keys.map((key) => CARD_BY_KEY.get(key)).filter((card): card is TarotCard => card !== undefined && inTopic(card, topic));
  const kinds = kindsFor(topic, count, random).map((kind) => (kind !== "position" && pool.length === 0 ? "position" : kind));
  let order: TarotCard[] = [];
  const asked = new Set<string>();
  return kinds.map((kind) => {
    if (kind === "position") return positionQuestion(random, asked);
    if (order.length === 0) order = shuffled(pool, random);
    return cardQuestion(kind, order.pop()!, random);
  });
}

/** The cards of the deck the person may see and so be asked about: the classic deck's, or a deck's painted ones when it is theirs to learn with. */
function deckCardsQuery(db: Database, userId: string, deckId: string) {
  return db
    .select({ key: cards.cardKey, imageKey: cards.imageKey, updatedAt: cards.updatedAt })
    .from(cards)
    .innerJoin(decks, eq(decks.id, cards.deckId))
    .where(and(eq(cards.deckId, deckId), painted, learnable(userId)));
}

export type StartInput = { userId: string; attemptId: string; deckId: string | null; topic: QuizTopic; size?: number; now: number };

/**
 * Starts an attempt under the id the page drew: its questions are drawn and kept with it in one
 * batch. The same id sent again (a double press, a reload of the post) finds the attempt made and
 * goes to it; an id that is someone else's changes nothing. A deck the person may not learn with is a 404.
 */
export async function startQuiz(db: Database, input: StartInput): Promise<Outcome> {
  const { userId, attemptId, deckId, topic, size = QUESTIONS_PER_QUIZ, now } = input;
  const keys = deckId === null ? FULL_DECK.map((card) => card.key) : (await deckCardsQuery(db, userId, deckId)).map((row) => row.key);
  if (deckId !== null && keys.length === 0) return { status: 404, body: { ok: false, message: "Deck not found" } };
  const inGroup = keys.flatMap((key) => CARD_BY_KEY.get(key) ?? []).filter((card) => inTopic(card, topic));
  if (topic !== "spreads" && inGroup.length === 0) return { status: 400, body: { ok: false, message: QUIZ_TEXTS.noCards } };
  const questions = drawQuestions(keys, topic, size);
  const mine = sql`exists (select 1 from ${learnQuizAttempts} where ${learnQuizAttempts.id} = ${attemptId} and ${learnQuizAttempts.userId} = ${userId} and ${learnQuizAttempts.createdAt} = ${now})`;
  const [made] = await db.batch([
    db
      .insert(learnQuizAttempts)
      .values({ id: attemptId, userId, deckId, topic, questionCount: questions.length, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: learnQuizAttempts.id }),
    // Questions go with the attempt this request made; under an id already taken they find nothing to join.
    ...questions.map((question, position) =>
      db
        .insert(learnQuizQuestions)
        .select(
          sql`select ${attemptId}, ${position}, ${question.kind}, ${question.cardKey}, ${question.prompt}, ${JSON.stringify(question.choices)}, ${question.answer}, null where ${mine}`,
        )
        .onConflictDoNothing(),
    ),
  ]);
  const started: Outcome = { status: 303, body: { location: attemptPath(attemptId) } };
  if (made.length === 1) return started;
  const [earlier] = await db
    .select({ id: learnQuizAttempts.id })
    .from(learnQuizAttempts)
    .where(and(eq(learnQuizAttempts.id, attemptId), eq(learnQuizAttempts.userId, userId)));
  return earlier ? started : { status: 409, body: { ok: false, message: QUIZ_TEXTS.otherAttempt } };
}

/** A question as a page shows it: before the attempt is answered, nothing says which choice is right. */
export type ShownQuestion = {
  position: number;
  kind: QuizKind;
  prompt: string;
  choices: QuizChoice[];
  /** The picture to name, for a picture question. */
  imageUrl: string | null;
  /** Once answered: the card asked about, the choice made, the right one. */
  result: { card: { key: string; name: string } | null; chosen: string | null; answer: string; right: boolean } | null;
};

export type QuizAttempt = {
  id: string;
  deckId: string | null;
  deckTitle: string;
  topic: QuizTopic;
  createdAt: number;
  answeredAt: number | null;
  score: number | null;
  questions: ShownQuestion[];
  /** The missed cards, made due now in the deck's flashcards. */
  missed: { key: string; name: string }[];
};

/** The person's attempt with its questions and the pictures they may see, in one batch; null when it is not theirs. */
export async function readAttempt(db: Database, userId: string, attemptId: string): Promise<QuizAttempt | null> {
  const [[attempt], rows, pictures] = await db.batch([
    db
      .select({
        id: learnQuizAttempts.id,
        deckId: learnQuizAttempts.deckId,
        deckTitle: decks.title,
        topic: learnQuizAttempts.topic,
        createdAt: learnQuizAttempts.createdAt,
        answeredAt: learnQuizAttempts.answeredAt,
        score: learnQuizAttempts.score,
      })
      .from(learnQuizAttempts)
      .leftJoin(decks, eq(decks.id, learnQuizAttempts.deckId))
      .where(and(eq(learnQuizAttempts.id, attemptId), eq(learnQuizAttempts.userId, userId))),
    db
      .select({
        position: learnQuizQuestions.position,
        kind: learnQuizQuestions.kind,
        cardKey: learnQuizQuestions.cardKey,
        prompt: learnQuizQuestions.prompt,
        choices: learnQuizQuestions.choices,
        answer: learnQuizQuestions.answer,
        chosen: learnQuizQuestions.chosen,
      })
      .from(learnQuizQuestions)
      .innerJoin(learnQuizAttempts, eq(learnQuizAttempts.id, learnQuizQuestions.attemptId))
      .where(and(eq(learnQuizQuestions.attemptId, attemptId), eq(learnQuizAttempts.userId, userId)))
      .orderBy(asc(learnQuizQuestions.position)),
    // The attempt's deck's pictures, only while the deck is still the person's to learn with.
    db
      .select({ key: cards.cardKey, imageKey: cards.imageKey, updatedAt: cards.updatedAt })
      .from(learnQuizAttempts)
      .innerJoin(decks, eq(decks.id, learnQuizAttempts.deckId))
      .innerJoin(cards, eq(cards.deckId, decks.id))
      .where(and(eq(learnQuizAttempts.id, attemptId), eq(learnQuizAttempts.userId, userId), painted, learnable(userId))),
  ]);
  if (!attempt) return null;
  const faces = new Map(pictures.map((row) => [row.key, cardImageUrl(row.imageKey, row.updatedAt)!]));
  const answered = attempt.answeredAt !== null;
  const pictureOf = (key: string) => (attempt.deckId === null ? paintedCardUrl(key, CLASSIC_THEME, CLASSIC_STYLE) : (faces.get(key) ?? null));
  const questions = rows.map((row): ShownQuestion => {
    const card = row.cardKey ? (CARD_BY_KEY.get(row.cardKey) ?? null) : null;
    return {
      position: row.position,
      kind: row.kind,
      prompt: row.prompt,
      choices: JSON.parse(row.choices) as QuizChoice[],
      imageUrl: row.kind === "picture" && row.cardKey ? pictureOf(row.cardKey) : null,
      result: answered ? { card: card && { key: card.key, name: card.name }, chosen: row.chosen, answer: row.answer, right: row.chosen === row.answer } : null,
    };
  });
  const missed = [
    ...new Map(
      questions
        .filter((question) => question.result && !question.result.right && question.result.card)
        .map((question) => [question.result!.card!.key, question.result!.card!]),
    ).values(),
  ];
  return {
    id: attempt.id,
    deckId: attempt.deckId,
    deckTitle: attempt.deckId === null ? "Classic deck" : (attempt.deckTitle ?? "Your deck"),
    topic: attempt.topic as QuizTopic,
    createdAt: attempt.createdAt,
    answeredAt: attempt.answeredAt,
    score: attempt.score,
    questions,
    missed,
  };
}

export type AnswerInput = { userId: string; attemptId: string; answers: Record<number, string | undefined>; now: number };

/**
 * Scores the attempt with its answers, once: the first request claims the attempt with its score,
 * and the answers and the missed cards' new due dates (through the flashcards' own module) are kept
 * in the same batch only where that claim is this request's. A repeat, or a second tab, goes to the
 * result unchanged. Another person's attempt, or none, is a 404; an answer missing or not among its
 * question's choices is a 400 and keeps nothing.
 */
export async function answerQuiz(db: Database, input: AnswerInput): Promise<Outcome> {
  const { userId, attemptId, answers, now } = input;
  const [[attempt], rows] = await db.batch([
    db
      .select({ deckId: learnQuizAttempts.deckId, answeredAt: learnQuizAttempts.answeredAt })
      .from(learnQuizAttempts)
      .where(and(eq(learnQuizAttempts.id, attemptId), eq(learnQuizAttempts.userId, userId))),
    db
      .select({
        position: learnQuizQuestions.position,
        cardKey: learnQuizQuestions.cardKey,
        choices: learnQuizQuestions.choices,
        answer: learnQuizQuestions.answer,
      })
      .from(learnQuizQuestions)
      .innerJoin(learnQuizAttempts, eq(learnQuizAttempts.id, learnQuizQuestions.attemptId))
      .where(and(eq(learnQuizQuestions.attemptId, attemptId), eq(learnQuizAttempts.userId, userId)))
      .orderBy(asc(learnQuizQuestions.position)),
  ]);
  if (!attempt) return { status: 404, body: { ok: false, message: "Quiz not found" } };
  const result: Outcome = { status: 303, body: { location: attemptPath(attemptId) } };
  if (attempt.answeredAt !== null) return result;
  const chosen = rows.map((row) => answers[row.position]);
  if (chosen.some((value) => value === undefined)) return { status: 400, body: { ok: false, message: QUIZ_TEXTS.unanswered } };
  const valid = rows.every((row, i) => (JSON.parse(row.choices) as QuizChoice[]).some((choice) => choice.value === chosen[i]));
  if (!valid) return { status: 400, body: { ok: false, message: QUIZ_TEXTS.notAChoice } };
  const score = rows.filter((row, i) => chosen[i] === row.answer).length;
  const missed = rows.filter((row, i) => chosen[i] !== row.answer && row.cardKey !== null).map((row) => row.cardKey!);
  const claim = newId();
  const claimed = sql`exists (select 1 from ${learnQuizAttempts} where ${learnQuizAttempts.id} = ${attemptId} and ${learnQuizAttempts.answerClaim} = ${claim})`;
  await db.batch([
    db
      .update(learnQuizAttempts)
      .set({ score, answeredAt: now, answerClaim: claim })
      .where(and(eq(learnQuizAttempts.id, attemptId), eq(learnQuizAttempts.userId, userId), isNull(learnQuizAttempts.answeredAt))),
    ...rows.map((row, i) =>
      db
        .update(learnQuizQuestions)
        .set({ chosen: chosen[i]! })
        .where(and(eq(learnQuizQuestions.attemptId, attemptId), eq(learnQuizQuestions.position, row.position), claimed)),
    ),
    ...dueNowStatements(db, userId, attempt.deckId, missed, now, claimed),
  ]);
  return result;
}

/** The person's latest attempts, newest first, for the quiz's page. */
export async function recentAttempts(db: Database, userId: string, limit = 10) {
  const rows = await db
    .select({
      id: learnQuizAttempts.id,
      topic: learnQuizAttempts.topic,
      deckId: learnQuizAttempts.deckId,
      deckTitle: decks.title,
      questionCount: learnQuizAttempts.questionCount,
      score: learnQuizAttempts.score,
      createdAt: learnQuizAttempts.createdAt,
      answeredAt: learnQuizAttempts.answeredAt,
    })
    .from(learnQuizAttempts)
    .leftJoin(decks, eq(decks.id, learnQuizAttempts.deckId))
    .where(eq(learnQuizAttempts.userId, userId))
    .orderBy(desc(learnQuizAttempts.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, topic: row.topic as QuizTopic, deckTitle: row.deckId === null ? "Classic deck" : (row.deckTitle ?? "Your deck") }));
}
