import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db.server";
import { newId, randomToken } from "~/lib/crypto";
import { FULL_DECK, MAJOR_ARCANA, MINOR_ARCANA, type TarotCard } from "~/tarot/cards";
import { meaningOf } from "~/tarot/meanings";
import { LETTERED_CARDS, paintUnlabelledCardSvg } from "../art/local-art";
import { CLASSIC_STYLE, CLASSIC_THEME } from "../reading-room/deck-art.server";
import { quizAttempts, readerApplications, readerCertificates, readerProfiles, users } from "../../db/schema";
import { FIRST_LEVEL, nextLevel } from "./levels";
import { readerStanding, reviewReaderLevel } from "./levels.server";
import { APPLICATION_FIRST, MAX_IMAGE_QUESTIONS, PASS_PERCENT, QUIZ_COOLDOWN_MS, QUIZ_MINUTES, QUIZ_QUESTIONS, quizImagePath, type GradedAttempt } from "./quiz";

/** Grace for the time a submission spends on the wire. */
const SUBMIT_GRACE_MS = 5_000;

/**
 * A question as the attempt keeps it. A card-image question also keeps the card it shows and the
 * random token of its picture's address, which is all the page is given.
 */
type StoredQuestion = { prompt: string; choices: string[]; correct: number; topic: string; image?: { token: string; card: string } };
/** What the page receives: never the right answer, and for a picture only its opaque address. */
export type QuizQuestion = { prompt: string; choices: string[]; image?: string };

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

const IMAGE_PROMPT = "Which card of the classic deck is this?";

/** The cards a picture question may show: those whose art carries no words (which would name them). */
const PICTURED = FULL_DECK.filter((card) => !LETTERED_CARDS.has(card.key));

/** A card shown as its picture without numeral or title; the wrong choices look alike (same arcana, and a shared suit or rank). */
function imageQuestion(): StoredQuestion {
  const card = pick(PICTURED);
  const alike = card.arcana === "major" ? MAJOR_ARCANA : MINOR_ARCANA.filter((c) => c.suit === card.suit || c.number === card.number);
  const asked = question(IMAGE_PROMPT, card.name, shuffle(alike).map((c) => c.name), "card images");
  return { ...asked, image: { token: randomToken(12), card: card.key } };
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
  imageQuestion,
];
const IMAGE_KIND = GENERATORS.indexOf(imageQuestion);

/** What makes two questions the same: the prompt, or for a picture the card it shows. */
const sameness = (q: StoredQuestion) => (q.image ? `image:${q.image.card}` : q.prompt);

/** A fresh set of questions: each kind at least once, then random kinds, with at most `MAX_IMAGE_QUESTIONS` pictures. */
export function drawQuestions(count = QUIZ_QUESTIONS): StoredQuestion[] {
  const kinds = GENERATORS.map((_, i) => i);
  let images = 1;
  while (kinds.length < count) {
    const kind = randomInt(GENERATORS.length);
    if (kind === IMAGE_KIND && images++ >= MAX_IMAGE_QUESTIONS) continue;
    kinds.push(kind);
  }
  const seen = new Set<string>();
  const out: StoredQuestion[] = [];
  for (const kind of shuffle(kinds.slice(0, count))) {
    let q = GENERATORS[kind]!();
    for (let tries = 0; seen.has(sameness(q)) && tries < 10; tries++) q = GENERATORS[kind]!();
    seen.add(sameness(q));
    out.push(q);
  }
  return out;
}

/** A reader's quiz standing: the retake page shows it, since the higher levels ask for a higher mark. */
export type ReaderMark = { certificateId: string | null; levelName: string; bestPercent: number; next: { name: string; minQuizPercent: number } | null };

export type QuizState =
  | { kind: "no-application" }
  | { kind: "ready"; reader: ReaderMark | null }
  | { kind: "cooldown"; retryAt: number; last: GradedAttempt | null; reader: ReaderMark | null }
  | { kind: "running"; attemptId: string; deadlineAt: number; questions: QuizQuestion[]; reader: ReaderMark | null };

const publicQuestions = (stored: StoredQuestion[]): QuizQuestion[] =>
  stored.map(({ prompt, choices, image }) => (image ? { prompt, choices, image: quizImagePath(image.token) } : { prompt, choices }));

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

async function readerMark(db: Database, userId: string): Promise<ReaderMark | null> {
  const [standing, certificate] = await Promise.all([
    readerStanding(db, userId),
    db.query.readerCertificates.findFirst({ where: and(eq(readerCertificates.userId, userId), isNull(readerCertificates.revokedAt)), orderBy: desc(readerCertificates.issuedAt) }),
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
 * The picture of a card-image question: only for the attempt's owner, only while it runs, and only by the
 * token drawn for it. Painted from the classic deck without numeral or title, with random ids, so the
 * document names no card. Null otherwise.
 */
export async function quizCardImage(db: Database, userId: string, token: string, now = Date.now()): Promise<string | null> {
  const last = await latestAttempt(db, userId);
  if (!last || last.submittedAt != null || now > last.deadlineAt) return null;
  const shown = (JSON.parse(last.questions) as StoredQuestion[]).find((q) => q.image?.token === token)?.image;
  const card = shown && FULL_DECK.find((c) => c.key === shown.card);
  if (!card) return null;
  return paintUnlabelledCardSvg({ card, theme: CLASSIC_THEME, style: CLASSIC_STYLE }, `q${randomToken(6).replace(/[^A-Za-z0-9]/g, "x")}`);
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
        // Never below the first level's floor, whatever an older draft said.
        customPricePerMinute: sql`MAX(COALESCE(${application("price_per_minute")}, ${users.customPricePerMinute}, ${FIRST_LEVEL.maxPricePerMinute}), ${FIRST_LEVEL.minPricePerMinute})`,
        updatedAt: now,
      })
      .where(eq(users.id, userId)),
    // An insert from a select names every column of the table, in order.
    db
      .insert(readerProfiles)
      .select(
        sql`SELECT user_id, specialties, languages, years_of_practice, 0, 0, 0, 0, ${now}, 0 FROM reader_applications WHERE user_id = ${userId}`,
      )
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
  if (now > row.deadlineAt + SUBMIT_GRACE_MS) return { ok: false, status: 409, message: "Time ran out before your answers arrived, so this attempt does not count. You may try again 24 hours after you started." };
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
  return { ok: true, value: { ...result, certificateId, reader: { bestPercent: Math.floor(standing?.bestQuizPercent ?? 0), promotedTo: promoted?.name ?? null } } };
}
