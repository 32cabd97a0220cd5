import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db.server";
import { newId, randomToken } from "~/lib/crypto";
import { QUIZ_BANK, QUIZ_TOPICS, type BankQuestion } from "./quiz-bank.server";
import { quizAttempts, readerApplications, readerCertificates, readerProfiles, users } from "../../db/schema";
import { FIRST_LEVEL, nextLevel } from "./levels";
import { readerStanding, reviewReaderLevel } from "./levels.server";
import { APPLICATION_FIRST, PASS_PERCENT, QUIZ_COOLDOWN_MS, QUIZ_MINUTES, QUIZ_QUESTIONS, type GradedAttempt } from "./quiz";

/** Grace for the time a submission spends on the wire. */
const SUBMIT_GRACE_MS = 5_000;

/** A question as the attempt keeps it: the bank question it came from, the choices as shown and the right one's index. */
type StoredQuestion = { prompt: string; choices: string[]; correct: number; topic: string; id?: string };
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

/** A bank question as one attempt shows it: the right answer among three of its wrong ones, in a fresh order. */
function asked(question: BankQuestion): StoredQuestion {
  const choices = shuffle([question.right, ...shuffle(question.wrong).slice(0, 3)]);
  return { id: question.id, prompt: question.prompt, choices, correct: choices.indexOf(question.right), topic: question.topic };
}

/**
 * A fresh set of questions from the bank: every topic at least `QUIZ_QUESTIONS / topics / 2` times
 * (so no attempt is all of one kind), the rest at random, none twice, in a random order.
 */
export function drawQuestions(count = QUIZ_QUESTIONS): StoredQuestion[] {
  const perTopic = Math.max(1, Math.floor(count / QUIZ_TOPICS.length / 2));
  const pool = shuffle(QUIZ_BANK);
  const chosen = QUIZ_TOPICS.flatMap((topic) => pool.filter((q) => q.topic === topic).slice(0, perTopic));
  const rest = pool.filter((q) => !chosen.includes(q)).slice(0, count - chosen.length);
  return shuffle([...chosen, ...rest]).map(asked);
}

/** A reader's quiz standing: the retake page shows it, since the higher levels ask for a higher mark. */
export type ReaderMark = { certificateId: string | null; levelName: string; bestPercent: number; next: { name: string; minQuizPercent: number } | null };

export type QuizState =
  | { kind: "no-application" }
  | { kind: "ready"; reader: ReaderMark | null }
  | { kind: "cooldown"; retryAt: number; last: GradedAttempt | null; reader: ReaderMark | null }
  | { kind: "running"; attemptId: string; deadlineAt: number; questions: QuizQuestion[]; reader: ReaderMark | null };

const publicQuestions = (stored: StoredQuestion[]): QuizQuestion[] => stored.map(({ prompt, choices }) => ({ prompt, choices }));

function graded(row: typeof quizAttempts.$inferSelect): GradedAttempt | null {
  if (row.submittedAt == null || row.score == null) return null;
  const stored = JSON.parse(row.questions) as StoredQuestion[];
  const answers = JSON.parse(row.answers ?? "[]") as Array<number | null>;
  return {
    score: row.score,
    total: stored.length,
    passed: !!row.passed,
    // Topics only: naming the right answers would hand the bank to anyone who fails on purpose.
    missedTopics: Object.entries(
      stored.reduce<Record<string, number>>((missed, q, i) => (answers[i] === q.correct ? missed : { ...missed, [q.topic]: (missed[q.topic] ?? 0) + 1 }), {}),
    ).map(([topic, count]) => ({ topic, count })),
  };
}

async function latestAttempt(db: Database, userId: string) {
  return db.query.quizAttempts.findFirst({ where: eq(quizAttempts.userId, userId), orderBy: desc(quizAttempts.startedAt) });
}

async function readerMark(db: Database, userId: string): Promise<ReaderMark | null> {
  const [standing, certificate] = await Promise.all([
    readerStanding(db, userId),
    db.query.readerCertificates.findFirst({
      where: and(eq(readerCertificates.userId, userId), isNull(readerCertificates.revokedAt)),
      orderBy: desc(readerCertificates.issuedAt),
    }),
  ]);
  if (!standing?.isReader) return null;
  const next = nextLevel(standing.level);
  return {
    certificateId: certificate?.id ?? null,
    levelName: standing.level.name,
    bestPercent: Math.floor(standing.bestQuizPercent),
    next: next && { name: next.name, minQuizPercent: next.minQuizPercent },
  };
}

const hasApplication = async (db: Database, userId: string) =>
  !!(await db.query.readerApplications.findFirst({ where: eq(readerApplications.userId, userId), columns: { userId: true } }));

export async function quizState(db: Database, user: { id: string }, now = Date.now()): Promise<QuizState> {
  const [reader, last, applied] = await Promise.all([readerMark(db, user.id), latestAttempt(db, user.id), hasApplication(db, user.id)]);
  if (last && last.submittedAt == null && now <= last.deadlineAt) {
    return { kind: "running", attemptId: last.id, deadlineAt: last.deadlineAt, questions: publicQuestions(JSON.parse(last.questions)), reader };
  }
  if (!reader && !applied) return { kind: "no-application" };
  const retryAt = last ? last.startedAt + QUIZ_COOLDOWN_MS : 0;
  if (last && now < retryAt) return { kind: "cooldown", retryAt, last: graded(last), reader };
  return { kind: "ready", reader };
}

/**
 * The statements that make a member a reader at the first level: the application becomes the public
 * profile (name, bio, price, specialties, languages, years), and a reader without one gets an empty profile.
 */
function becomeReader(db: Database, userId: string, now: number) {
  const application = (column: "display_name" | "bio" | "price_per_minute") =>
    sql`(SELECT ${sql.identifier(column)} FROM reader_applications WHERE user_id = ${userId})`;
  return [
    db
      .update(users)
      .set({
        isReader: true,
        levelId: sql`COALESCE(${users.levelId}, ${FIRST_LEVEL.id})`,
        fullName: sql`COALESCE(${application("display_name")}, ${users.fullName})`,
        bio: sql`COALESCE(${application("bio")}, ${users.bio})`,
        // Never below the first level's floor, whatever an older draft said.
        customPricePerMinute: sql`MAX(COALESCE(${application("price_per_minute")}, ${users.customPricePerMinute}, ${FIRST_LEVEL.maxPricePerMinute}), ${FIRST_LEVEL.minPricePerMinute})`,
        updatedAt: now,
      })
      .where(eq(users.id, userId)),
    // An insert from a select names every column of the table, in order.
    db
      .insert(readerProfiles)
      .select(sql`SELECT user_id, specialties, languages, years_of_practice, 0, 0, 0, 0, ${now}, 0, '', 0 FROM reader_applications WHERE user_id = ${userId}`)
      .onConflictDoNothing(),
    db.insert(readerProfiles).values({ userId, updatedAt: now }).onConflictDoNothing(),
  ] as const;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; status: 403 | 404 | 409; message: string };

/**
 * Starts an attempt unless one is running or the last began less than a day ago. A member needs a saved
 * application first; a reader may retake the quiz to raise their best mark.
 */
export async function startAttempt(db: Database, user: { id: string; isGuest: boolean }, now = Date.now()): Promise<Outcome<string>> {
  if (user.isGuest) return { ok: false, status: 403, message: "Create an account before taking the reader quiz." };
  const person = await db.query.users.findFirst({ where: eq(users.id, user.id), columns: { isReader: true } });
  if (!person?.isReader && !(await hasApplication(db, user.id))) return { ok: false, status: 409, message: APPLICATION_FIRST };
  const id = newId();
  const questions = JSON.stringify(drawQuestions());
  // One statement: inserts only when no attempt of this person started within the last 24 hours.
  const result = await db.run(sql`INSERT INTO quiz_attempts (id, user_id, questions, started_at, deadline_at)
    SELECT ${id}, ${user.id}, ${questions}, ${now}, ${now + QUIZ_MINUTES * 60_000}
    WHERE NOT EXISTS (SELECT 1 FROM quiz_attempts WHERE user_id = ${user.id} AND started_at > ${now - QUIZ_COOLDOWN_MS})`);
  if (!result.meta.changes) return { ok: false, status: 409, message: "You can take the quiz once every 24 hours." };
  return { ok: true, value: id };
}

export type Submitted = GradedAttempt & {
  /** The new reader's certificate, when this attempt made them one. */
  certificateId: string | null;
  /** For a reader after this attempt: their best mark, and the level they were promoted to, if any. */
  reader: { bestPercent: number; promotedTo: string | null } | null;
};

/** Grades an attempt once. Late, repeated or foreign submissions are refused. */
export async function submitAttempt(
  db: Database,
  user: { id: string },
  attemptId: string,
  answers: Array<number | null>,
  now = Date.now(),
  env?: Env,
): Promise<Outcome<Submitted>> {
  const [row, person] = await Promise.all([
    db.query.quizAttempts.findFirst({ where: and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, user.id)) }),
    db.query.users.findFirst({ where: eq(users.id, user.id), columns: { isReader: true } }),
  ]);
  if (!row) return { ok: false, status: 404, message: "That quiz attempt was not found." };
  if (row.submittedAt != null) return { ok: false, status: 409, message: "This attempt has already been submitted." };
  if (now > row.deadlineAt + SUBMIT_GRACE_MS)
    return {
      ok: false,
      status: 409,
      message: "Time ran out before your answers arrived, so this attempt does not count. You may try again 24 hours after you started.",
    };
  const stored = JSON.parse(row.questions) as StoredQuestion[];
  const chosen = stored.map((q, i) => {
    const a = answers[i];
    return a != null && Number.isInteger(a) && a >= 0 && a < q.choices.length ? a : null;
  });
  const score = stored.reduce((sum, q, i) => sum + (chosen[i] === q.correct ? 1 : 0), 0);
  const passed = score * 100 >= PASS_PERCENT * stored.length;
  // A reader's retake only records the mark: they keep their level and certificate whatever it is.
  const certify = passed && !person?.isReader;
  const certificateId = certify ? randomToken(12) : null;
  const grade = db
    .update(quizAttempts)
    .set({ submittedAt: now, score, passed, answers: JSON.stringify(chosen) })
    .where(and(eq(quizAttempts.id, row.id), isNull(quizAttempts.submittedAt)))
    .returning({ id: quizAttempts.id });
  if (!certify) {
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
  if (!person?.isReader && !certify) return { ok: true, value: { ...result, certificateId, reader: null } };
  const promoted = await reviewReaderLevel(db, user.id, now, env);
  const standing = await readerStanding(db, user.id);
  return {
    ok: true,
    value: { ...result, certificateId, reader: { bestPercent: Math.floor(standing?.bestQuizPercent ?? 0), promotedTo: promoted?.name ?? null } },
  };
}
