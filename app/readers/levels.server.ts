import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db.server";
import { tellAccountChanged } from "../auth/account-channel.server";
import { randomToken } from "../lib/crypto";
import { quizAttempts, readerCertificates, readerProfiles, users } from "../../db/schema";
import { levelById, LEVELS, priceProblem, qualifyingLevel, type ReaderLevel } from "./levels";

type Outcome = { ok: true; message: string } | { ok: false; status: 400 | 403 | 404; message: string };

/** Sets a reader's price per minute (cents), within their level's floor and ceiling. */
export async function setReaderPrice(db: Database, userId: string, pricePerMinute: number): Promise<Outcome> {
  if (!Number.isInteger(pricePerMinute) || pricePerMinute < 0) return { ok: false, status: 400, message: "Enter a price of zero or more." };
  const reader = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { isReader: true, levelId: true } });
  if (!reader) return { ok: false, status: 404, message: "Reader not found." };
  if (!reader.isReader) return { ok: false, status: 403, message: "Only readers set a price per minute." };
  const problem = priceProblem(reader.levelId, pricePerMinute);
  if (problem) return { ok: false, status: 400, message: problem };
  // The bounds are checked again in the statement, so a level change in between cannot let a price slip past them.
  const { minPricePerMinute: floor, maxPricePerMinute: ceiling } = levelById(reader.levelId);
  const [saved] = await db
    .update(users)
    .set({ customPricePerMinute: pricePerMinute, updatedAt: Date.now() })
    .where(
      and(
        eq(users.id, userId),
        eq(users.isReader, true),
        sql`${pricePerMinute} BETWEEN ${floor} AND ${ceiling}`,
        reader.levelId ? eq(users.levelId, reader.levelId) : sql`${users.levelId} IS NULL`,
      ),
    )
    .returning({ id: users.id });
  if (!saved) return { ok: false, status: 400, message: "Your level changed meanwhile; please try again." };
  return { ok: true, message: "Price saved." };
}

/** A graded attempt's mark in percent, as SQL: right answers over the number of questions drawn. */
const attemptPercent = sql<number>`${quizAttempts.score} * 100.0 / json_array_length(${quizAttempts.questions})`;

/**
 * What decides a reader's level, read from the database: counted readings, different clients and
 * weighing ratings (kept by the paid readings on `reader_profiles`, decision 0051) and the best mark
 * of any graded quiz attempt.
 */
export type ReaderStanding = {
  isReader: boolean;
  level: ReaderLevel;
  /** Counted paid readings, shown on the profile. */
  readings: number;
  /** Different clients with a counted reading: what the ladder climbs on. */
  clients: number;
  /** Average rating, or null before the first one. */
  rating: number | null;
  ratingCount: number;
  bestQuizPercent: number;
};

export async function readerStanding(db: Database, userId: string): Promise<ReaderStanding | null> {
  const [[row], [best]] = await Promise.all([
    db
      .select({
        isReader: users.isReader,
        levelId: users.levelId,
        completedReadings: readerProfiles.completedReadings,
        countedClients: readerProfiles.countedClients,
        ratingSum: readerProfiles.ratingSum,
        ratingCount: readerProfiles.ratingCount,
      })
      .from(users)
      .leftJoin(readerProfiles, eq(readerProfiles.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({ percent: sql<number | null>`MAX(${attemptPercent})` })
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, userId)),
  ]);
  if (!row) return null;
  const ratingCount = row.ratingCount ?? 0;
  return {
    isReader: !!row.isReader,
    level: levelById(row.levelId),
    readings: row.completedReadings ?? 0,
    clients: row.countedClients ?? 0,
    rating: ratingCount ? row.ratingSum! / ratingCount : null,
    ratingCount,
    bestQuizPercent: best?.percent ?? 0,
  };
}

/**
 * Moves a reader up to the highest level they qualify for, never down, and issues a certificate of the
 * new level in the same batch. The move is one guarded statement (only from a lower level), so two
 * reviews at once promote once; the certificate is written only when that statement moved the reader.
 * Returns the new level, or null when nothing changed.
 */
export async function promoteReader(db: Database, userId: string, now = Date.now()): Promise<ReaderLevel | null> {
  const standing = await readerStanding(db, userId);
  if (!standing?.isReader) return null;
  const target = qualifyingLevel(standing);
  if (target.rankOrder <= standing.level.rankOrder) return null;
  const lower = LEVELS.filter((level) => level.rankOrder < target.rankOrder).map((level) => level.id);
  const evidence = await certificateAttempt(db, userId);
  // The price rises to the new level's floor when it was below.
  const move = db
    .update(users)
    .set({ levelId: target.id, customPricePerMinute: sql`MAX(COALESCE(${users.customPricePerMinute}, 0), ${target.minPricePerMinute})`, updatedAt: now })
    .where(
      and(
        eq(users.id, userId),
        eq(users.isReader, true),
        sql`(${users.levelId} IS NULL OR ${users.levelId} IN (${sql.join(
          lower.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
      ),
    )
    .returning({ id: users.id });
  if (!evidence) {
    const [moved] = await move;
    return moved ? target : null;
  }
  const certificateId = randomToken(12);
  // The certificate is inserted only if the move just happened: the reader is at the target level and no
  // certificate of that level exists yet for them.
  const [moved] = await db.batch([
    move,
    db.insert(readerCertificates).select(
      // An insert from a select names every column of the table, in the schema's order.
      sql`SELECT ${certificateId}, ${userId}, ${evidence.attemptId}, ${evidence.score}, ${evidence.total}, ${target.id}, COALESCE(full_name, username, ''), ${now}, NULL, NULL
        FROM users WHERE id = ${userId} AND level_id = ${target.id}
        AND NOT EXISTS (SELECT 1 FROM reader_certificates WHERE user_id = ${userId} AND level_id = ${target.id})`,
    ),
  ]);
  return moved.length ? target : null;
}

/**
 * The attempt a promotion's certificate cites: the reader's best graded one, whose mark met the new level's
 * (the promotion was decided on it). An attempt backs one certificate per level, so the pass that made
 * someone a reader can back their later levels too.
 */
async function certificateAttempt(db: Database, userId: string) {
  const [best] = await db
    .select({ id: quizAttempts.id, score: quizAttempts.score, total: sql<number>`json_array_length(${quizAttempts.questions})` })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), sql`${quizAttempts.score} IS NOT NULL`))
    .orderBy(desc(attemptPercent), desc(quizAttempts.startedAt))
    .limit(1);
  if (!best || best.score == null) return null;
  return { attemptId: best.id, score: best.score, total: best.total };
}

/**
 * Looks at a reader's standing and promotes them when they qualify: called after each graded quiz
 * attempt of a reader, and by the paid readings after a completed reading or a new rating. With `env`,
 * the reader's open tabs are told, so they show the new level.
 */
export async function reviewReaderLevel(db: Database, userId: string, now = Date.now(), env?: Env): Promise<ReaderLevel | null> {
  const promoted = await promoteReader(db, userId, now);
  if (promoted && env) await tellAccountChanged(env, userId, "reader");
  return promoted;
}
