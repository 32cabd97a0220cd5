import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db.server";
import { quizAttempts, users } from "../../db/schema";
import { levelById, LEVELS, priceProblem, qualifyingLevel } from "./levels";

type Outcome = { ok: true; message: string } | { ok: false; status: 400 | 403 | 404; message: string };

/** Sets a reader's price per minute (cents), never above their level's ceiling. */
export async function setReaderPrice(db: Database, userId: string, pricePerMinute: number): Promise<Outcome> {
  if (!Number.isInteger(pricePerMinute) || pricePerMinute < 0) return { ok: false, status: 400, message: "Enter a price of zero or more." };
  const reader = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { isReader: true, levelId: true } });
  if (!reader) return { ok: false, status: 404, message: "Reader not found." };
  if (!reader.isReader) return { ok: false, status: 403, message: "Only readers set a price per minute." };
  const problem = priceProblem(reader.levelId, pricePerMinute);
  if (problem) return { ok: false, status: 400, message: problem };
  // The ceiling is checked again in the statement, so a level change in between cannot let a price slip past it.
  const ceiling = levelById(reader.levelId).maxPricePerMinute;
  const [saved] = await db
    .update(users)
    .set({ customPricePerMinute: pricePerMinute, updatedAt: Date.now() })
    .where(and(eq(users.id, userId), eq(users.isReader, true), sql`${pricePerMinute} <= ${ceiling}`, reader.levelId ? eq(users.levelId, reader.levelId) : sql`${users.levelId} IS NULL`))
    .returning({ id: users.id });
  if (!saved) return { ok: false, status: 400, message: "Your level changed meanwhile; please try again." };
  return { ok: true, message: "Price saved." };
}

/**
 * Moves a reader up to the highest level they qualify for, never down. `readings` counts completed
 * paid readings and `rating` is their average rating; the best quiz mark comes from their attempts.
 */
export async function promoteReader(db: Database, userId: string, stats: { readings: number; rating: number }): Promise<string | null> {
  const best = await db
    .select({ percent: sql<number>`MAX(${quizAttempts.score} * 100.0 / json_array_length(${quizAttempts.questions}))` })
    .from(quizAttempts)
    .where(eq(quizAttempts.userId, userId));
  const target = qualifyingLevel({ ...stats, bestQuizPercent: best[0]?.percent ?? 0 });
  const lower = LEVELS.filter((level) => level.rankOrder < target.rankOrder).map((level) => level.id);
  if (!lower.length) return null;
  const [moved] = await db
    .update(users)
    .set({ levelId: target.id, updatedAt: Date.now() })
    .where(and(eq(users.id, userId), eq(users.isReader, true), sql`(${users.levelId} IS NULL OR ${users.levelId} IN (${sql.join(lower.map((id) => sql`${id}`), sql`, `)}))`))
    .returning({ id: users.id });
  return moved ? target.id : null;
}
