import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db.server";
import { newId, randomToken } from "~/lib/crypto";
import { FULL_DECK, MAJOR_ARCANA, MINOR_ARCANA, type TarotCard } from "~/tarot/cards";
import { meaningOf } from "~/tarot/meanings";
import { quizAttempts, readerCertificates, readerProfiles, users } from "../../db/schema";
import { FIRST_LEVEL } from "./levels";
import { PASS_PERCENT, QUIZ_COOLDOWN_MS, QUIZ_MINUTES, QUIZ_QUESTIONS, type GradedAttempt } from "./quiz";

/** Grace for the time a submission spends on the wire. */
const SUBMIT_GRACE_MS = 5_000;

type StoredQuestion = { prompt: string; choices: string[]; correct: number; topic: string };
/** What the page receives: never the right answer. */
export type QuizQuestion = { prompt: string; choices: string[] };

function randomInt(below: number): number {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return values[0]! % below;
}

function shuffle<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;

function question(prompt: string, right: string, wrong: string[], topic: string): StoredQuestion {
  const distractors = shuffle([...new Set(wrong.filter((w) => w !== right))]).slice(0, 3);
  const choices = shuffle([right, ...distractors]);
  return { prompt, choices, correct: choices.indexOf(right), topic };
}

const ELEMENTS: Record<string, string> = { wands: "Fire", cups: "Water", swords: "Air", pentacles: "Earth" };
const SPREAD_POSITIONS = [
  { prompt: "In a three-card Past–Present–Future spread, what does the middle card stand for?", right: "The present", wrong: ["The past", "The future", "The hidden influence"] },
  { prompt: "In the Celtic Cross, which position is the card laid across the first?", right: "The challenge", wrong: ["The outcome", "The distant past", "Hopes and fears"] },
  { prompt: "In the Celtic Cross, what does the tenth and last card show?", right: "The likely outcome", wrong: ["The querent's self-image", "The recent past", "The foundation"] },
  { prompt: "How many cards does the Celtic Cross use?", right: "Ten", wrong: ["Seven", "Twelve", "Five"] },
];

const keyword = (card: TarotCard, side: "upright" | "reversed") => meaningOf(card)[side].keywords[0]!;

const GENERATORS: Array<() => StoredQuestion> = [
  () => {
    const card = pick(FULL_DECK);
    const others = shuffle(FULL_DECK.filter((c) => c.key !== card.key)).slice(0, 8);
    return question(`Which keyword belongs to ${card.name} upright?`, keyword(card, "upright"), others.map((c) => keyword(c, "upright")), "upright meanings");
  },
  () => {
    const card = pick(FULL_DECK);
    const others = shuffle(FULL_DECK.filter((c) => c.key !== card.key)).slice(0, 8);
    return question(`Which keyword belongs to ${card.name} reversed?`, keyword(card, "reversed"), others.map((c) => keyword(c, "reversed")), "reversed meanings");
  },
  () => {
    const card = pick(MINOR_ARCANA);
    return question(`Which element is traditionally linked to the suit of ${card.name.split(" of ")[1]}?`, ELEMENTS[card.suit!]!, Object.values(ELEMENTS), "suits and elements");
  },
  () => {
    const card = pick(MAJOR_ARCANA);
    return question(`What number does ${card.name} carry in the Major Arcana?`, String(card.number), shuffle(MAJOR_ARCANA).map((c) => String(c.number)), "Major Arcana numbers");
  },
  () => {
    const card = pick(MAJOR_ARCANA.slice(0, -1));
    const next = MAJOR_ARCANA[card.number + 1]!;
    return question(`Which card comes right after ${card.name} in the Major Arcana?`, next.name, shuffle(MAJOR_ARCANA).map((c) => c.name), "Major Arcana order");
  },
  () => {
    const court = MINOR_ARCANA.filter((c) => c.number > 10);
    const card = pick(court);
    const rank = card.name.split(" of ")[0]!;
    return question(`Which of these is a court card of the same rank as ${card.name}?`, pick(court.filter((c) => c.name.startsWith(rank) && c.key !== card.key)).name, shuffle(court.filter((c) => !c.name.startsWith(rank))).map((c) => c.name), "court cards");
  },
  () => {
    const spread = pick(SPREAD_POSITIONS);
    return question(spread.prompt, spread.right, spread.wrong, "spread positions");
  },
];

/** A fresh set of questions: each kind at least once, then random kinds. */
export function drawQuestions(count = QUIZ_QUESTIONS): StoredQuestion[] {
  const kinds = [...GENERATORS.map((_, i) => i), ...Array.from({ length: Math.max(0, count - GENERATORS.length) }, () => randomInt(GENERATORS.length))];
  const seen = new Set<string>();
  const out: StoredQuestion[] = [];
  for (const kind of shuffle(kinds.slice(0, count))) {
    let q = GENERATORS[kind]!();
    for (let tries = 0; seen.has(q.prompt) && tries < 10; tries++) q = GENERATORS[kind]!();
    seen.add(q.prompt);
    out.push(q);
  }
  return out;
}

export type QuizState =
  | { kind: "reader"; certificateId: string | null }
  | { kind: "ready" }
  | { kind: "cooldown"; retryAt: number; last: GradedAttempt | null }
  | { kind: "running"; attemptId: string; deadlineAt: number; questions: QuizQuestion[] };


const publicQuestions = (stored: StoredQuestion[]): QuizQuestion[] => stored.map(({ prompt, choices }) => ({ prompt, choices }));

function graded(row: typeof quizAttempts.$inferSelect): GradedAttempt | null {
  if (row.submittedAt == null || row.score == null) return null;
  const stored = JSON.parse(row.questions) as StoredQuestion[];
  const answers = JSON.parse(row.answers ?? "[]") as Array<number | null>;
  return {
    score: row.score,
    total: stored.length,
    passed: !!row.passed,
    missed: stored.flatMap((q, i) => (answers[i] === q.correct ? [] : [{ prompt: q.prompt, chosen: answers[i] == null ? null : (q.choices[answers[i]!] ?? null), right: q.choices[q.correct]! }])),
  };
}

async function latestAttempt(db: Database, userId: string) {
  return db.query.quizAttempts.findFirst({ where: eq(quizAttempts.userId, userId), orderBy: desc(quizAttempts.startedAt) });
}

export async function quizState(db: Database, user: { id: string; isReader: boolean }, now = Date.now()): Promise<QuizState> {
  if (user.isReader) {
    const certificate = await db.query.readerCertificates.findFirst({ where: eq(readerCertificates.userId, user.id), orderBy: desc(readerCertificates.issuedAt) });
    return { kind: "reader", certificateId: certificate?.id ?? null };
  }
  const last = await latestAttempt(db, user.id);
  if (!last) return { kind: "ready" };
  if (last.submittedAt == null && now <= last.deadlineAt) {
    return { kind: "running", attemptId: last.id, deadlineAt: last.deadlineAt, questions: publicQuestions(JSON.parse(last.questions)) };
  }
  const retryAt = last.startedAt + QUIZ_COOLDOWN_MS;
  if (now < retryAt) return { kind: "cooldown", retryAt, last: graded(last) };
  return { kind: "ready" };
}

/**
 * The statements that make a member a reader at the first level: the application becomes the public
 * profile (name, bio, price, specialties, languages, years), and a reader without one gets an empty profile.
 */
function becomeReader(db: Database, userId: string, now: number) {
  const application = (column: "display_name" | "bio" | "price_per_minute") => sql`(SELECT ${sql.identifier(column)} FROM reader_applications WHERE user_id = ${userId})`;
  return [
    db
      .update(users)
      .set({
        isReader: true,
        levelId: sql`COALESCE(${users.levelId}, ${FIRST_LEVEL.id})`,
        fullName: sql`COALESCE(${application("display_name")}, ${users.fullName})`,
        bio: sql`COALESCE(${application("bio")}, ${users.bio})`,
        customPricePerMinute: sql`COALESCE(${application("price_per_minute")}, ${users.customPricePerMinute}, ${FIRST_LEVEL.maxPricePerMinute})`,
        updatedAt: now,
      })
      .where(eq(users.id, userId)),
    // An insert from a select names every column of the table, in order.
    db
      .insert(readerProfiles)
      .select(
        sql`SELECT user_id, specialties, languages, years_of_practice, 0, 0, 0, 0, ${now} FROM reader_applications WHERE user_id = ${userId}`,
      )
      .onConflictDoNothing(),
    db.insert(readerProfiles).values({ userId, updatedAt: now }).onConflictDoNothing(),
  ] as const;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; status: 403 | 404 | 409; message: string };

/** Starts an attempt unless one is running or the last began less than a day ago. */
export async function startAttempt(db: Database, user: { id: string; isReader: boolean; isGuest: boolean }, now = Date.now()): Promise<Outcome<string>> {
  if (user.isGuest) return { ok: false, status: 403, message: "Create an account before taking the reader quiz." };
  if (user.isReader) return { ok: false, status: 409, message: "You are already a reader." };
  const id = newId();
  const questions = JSON.stringify(drawQuestions());
  // One statement: inserts only when no attempt of this person started within the last 24 hours.
  const result = await db.run(sql`INSERT INTO quiz_attempts (id, user_id, questions, started_at, deadline_at)
    SELECT ${id}, ${user.id}, ${questions}, ${now}, ${now + QUIZ_MINUTES * 60_000}
    WHERE NOT EXISTS (SELECT 1 FROM quiz_attempts WHERE user_id = ${user.id} AND started_at > ${now - QUIZ_COOLDOWN_MS})`);
  if (!result.meta.changes) return { ok: false, status: 409, message: "You can take the quiz once every 24 hours." };
  return { ok: true, value: id };
}

/** Grades an attempt once. Late, repeated or foreign submissions are refused. */
export async function submitAttempt(
  db: Database,
  user: { id: string },
  attemptId: string,
  answers: Array<number | null>,
  now = Date.now(),
): Promise<Outcome<GradedAttempt & { certificateId: string | null }>> {
  const row = await db.query.quizAttempts.findFirst({ where: and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, user.id)) });
  if (!row) return { ok: false, status: 404, message: "That quiz attempt was not found." };
  if (row.submittedAt != null) return { ok: false, status: 409, message: "This attempt has already been submitted." };
  if (now > row.deadlineAt + SUBMIT_GRACE_MS) return { ok: false, status: 409, message: "Time ran out before your answers arrived, so this attempt does not count. You may try again 24 hours after you started." };
  const stored = JSON.parse(row.questions) as StoredQuestion[];
  const chosen = stored.map((q, i) => {
    const a = answers[i];
    return a != null && Number.isInteger(a) && a >= 0 && a < q.choices.length ? a : null;
  });
  const score = stored.reduce((sum, q, i) => sum + (chosen[i] === q.correct ? 1 : 0), 0);
  const passed = score * 100 >= PASS_PERCENT * stored.length;
  const certificateId = passed ? randomToken(12) : null;
  const grade = db
    .update(quizAttempts)
    .set({ submittedAt: now, score, passed, answers: JSON.stringify(chosen) })
    .where(and(eq(quizAttempts.id, row.id), isNull(quizAttempts.submittedAt)))
    .returning({ id: quizAttempts.id });
  if (!passed) {
    const [done] = await grade;
    if (!done) return { ok: false, status: 409, message: "This attempt has already been submitted." };
  } else {
    // Grading, the certificate and the reader flag in one batch. A racing second submission of the same
    // attempt fails the batch as a whole on the certificate's unique attempt id, and changes nothing.
    let done: Array<{ id: string }>;
    try {
      [done] = await db.batch([
        grade,
        db.insert(readerCertificates).values({
          id: certificateId!,
          userId: user.id,
          attemptId: row.id,
          score,
          total: stored.length,
          levelId: FIRST_LEVEL.id,
          holderName: sql`COALESCE((SELECT display_name FROM reader_applications WHERE user_id = ${user.id}), (SELECT COALESCE(full_name, username, '') FROM users WHERE id = ${user.id}))`,
          issuedAt: now,
        }),
        ...becomeReader(db, user.id, now),
      ]);
    } catch {
      return { ok: false, status: 409, message: "This attempt has already been submitted." };
    }
    if (!done.length) return { ok: false, status: 409, message: "This attempt has already been submitted." };
  }
  const result = graded({ ...row, submittedAt: now, score, passed, answers: JSON.stringify(chosen) })!;
  return { ok: true, value: { ...result, certificateId } };
}
