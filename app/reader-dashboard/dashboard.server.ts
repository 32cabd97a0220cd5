import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import type { Database } from "~/db.server";
import { readerCertificates, readerProfiles, users } from "../../db/schema";
import { INTRODUCTION_MAX, SPECIALTIES } from "../readers/application";
import { applicationForm } from "../readers/application.server";
import { levelById, nextLevel, priceProblem, thresholdsOf, type ReaderLevel, type ReaderStats } from "../readers/levels";
import { readerStanding } from "../readers/levels.server";

/** What a reader edits on the dashboard: the application's fields, with the price capped by their level instead of the first. */
const profileForm = lazySchema(() =>
  applicationForm.extend({
    introduction: z.string().trim().max(INTRODUCTION_MAX, `Keep the introduction under ${INTRODUCTION_MAX} characters.`).default(""),
    price: z.coerce
      .number({ error: "Enter a price such as 1.50." })
      .min(0, "The price cannot be negative.")
      .max(10_000, "Enter a price a minute, such as 1.50."),
  }),
);
export type ProfileInput = z.infer<typeof profileForm>;

export function parseReaderProfile(formData: FormData) {
  const chosen = formData
    .getAll("specialty")
    .map(String)
    .filter((s) => (SPECIALTIES as readonly string[]).includes(s));
  const written = String(formData.get("otherSpecialties") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return profileForm.safeParse({
    displayName: formData.get("displayName") ?? "",
    bio: formData.get("bio") ?? "",
    specialties: [...new Set([...chosen, ...written])],
    languages: formData.get("languages") ?? "",
    yearsOfPractice: formData.get("yearsOfPractice") || undefined,
    price: formData.get("price") || undefined,
    // Plain text on one or two lines: line breaks become spaces.
    introduction: String(formData.get("introduction") ?? "").replace(/\s+/g, " "),
  });
}

type Progress = { label: string; have: string; need: string; met: boolean };

/** How far a reader is from the next level: each threshold with what they have, or null at the top. */
export function progressToNext(level: ReaderLevel, stats: ReaderStats) {
  const next = nextLevel(level);
  if (!next) return null;
  const met = Object.fromEntries(thresholdsOf(next, stats).map((threshold) => [threshold.key, threshold.met]));
  const steps: Progress[] = [
    { label: "Different clients with a counted reading", have: String(stats.clients), need: String(next.minClients), met: met.clients! },
    { label: "Average rating", have: stats.rating === null ? "no ratings yet" : stats.rating.toFixed(2), need: next.minRating.toFixed(1), met: met.rating! },
    { label: "Best quiz mark", have: `${Math.floor(stats.bestQuizPercent)}%`, need: `${next.minQuizPercent}%`, met: met.quiz! },
  ];
  return { next: { name: next.name, minPricePerMinute: next.minPricePerMinute, maxPricePerMinute: next.maxPricePerMinute }, steps };
}

/** Everything the dashboard shows a reader about themselves; null for someone who is not a reader. */
export async function readerDashboard(db: Database, userId: string) {
  const [[row], standing, [certificate]] = await Promise.all([
    db
      .select({
        username: users.username,
        fullName: users.fullName,
        bio: users.bio,
        avatarUrl: users.avatarUrl,
        price: users.customPricePerMinute,
        specialties: readerProfiles.specialties,
        languages: readerProfiles.languages,
        yearsOfPractice: readerProfiles.yearsOfPractice,
        available: readerProfiles.available,
        introduction: readerProfiles.introduction,
      })
      .from(users)
      .leftJoin(readerProfiles, eq(readerProfiles.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1),
    readerStanding(db, userId),
    db
      .select({ id: readerCertificates.id })
      .from(readerCertificates)
      .where(and(eq(readerCertificates.userId, userId), isNull(readerCertificates.revokedAt)))
      .orderBy(desc(readerCertificates.issuedAt))
      .limit(1),
  ]);
  if (!row || !standing?.isReader) return null;
  const { level, readings, clients, rating, ratingCount } = standing;
  return {
    username: row.username,
    displayName: row.fullName ?? row.username ?? "",
    bio: row.bio ?? "",
    introduction: row.introduction ?? "",
    avatarUrl: row.avatarUrl,
    price: row.price,
    specialties: JSON.parse(row.specialties ?? "[]") as string[],
    languages: JSON.parse(row.languages ?? "[]") as string[],
    yearsOfPractice: row.yearsOfPractice ?? 0,
    available: !!row.available,
    level: { name: level.name, minPricePerMinute: level.minPricePerMinute, maxPricePerMinute: level.maxPricePerMinute },
    stats: { readings, clients, rating, ratingCount },
    progress: progressToNext(level, standing),
    certificateId: certificate?.id ?? null,
  };
}

type Outcome = { ok: true } | { ok: false; status: 400 | 403 | 409; field: string; message: string };

/**
 * Saves a reader's public profile. The price stays within the level's floor and ceiling: checked here
 * with a clear message, and again inside both statements, which only apply while the level is the one checked.
 */
export async function updateReaderProfile(db: Database, userId: string, input: ProfileInput): Promise<Outcome> {
  const reader = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { isReader: true, levelId: true } });
  if (!reader?.isReader) return { ok: false, status: 403, field: "", message: "Only readers have a reader profile." };
  const price = Math.round(input.price * 100);
  const problem = priceProblem(reader.levelId, price);
  if (problem) return { ok: false, status: 400, field: "price", message: problem };
  const { minPricePerMinute: floor, maxPricePerMinute: ceiling } = levelById(reader.levelId);
  const now = Date.now();
  const sameLevel = reader.levelId ? eq(users.levelId, reader.levelId) : isNull(users.levelId);
  const stillFits = sql`EXISTS (SELECT 1 FROM ${users} WHERE ${and(eq(users.id, userId), eq(users.isReader, true), sameLevel)} AND ${price} BETWEEN ${floor} AND ${ceiling})`;
  const values = {
    specialties: JSON.stringify(input.specialties),
    languages: JSON.stringify(input.languages),
    yearsOfPractice: input.yearsOfPractice,
    introduction: input.introduction,
    updatedAt: now,
  };
  const [saved] = await db.batch([
    db
      .update(users)
      .set({ fullName: input.displayName, bio: input.bio, customPricePerMinute: price, updatedAt: now })
      .where(and(eq(users.id, userId), stillFits))
      .returning({ id: users.id }),
    // An insert from a select names every column of the table, in order.
    db
      .insert(readerProfiles)
      .select(
        sql`SELECT id, ${values.specialties}, ${values.languages}, ${values.yearsOfPractice}, 0, 0, 0, 0, ${now}, 0, ${values.introduction}, 0 FROM users WHERE id = ${userId} AND ${stillFits}`,
      )
      .onConflictDoUpdate({ target: readerProfiles.userId, set: values }),
  ]);
  if (!saved.length) return { ok: false, status: 409, field: "price", message: "Your level changed meanwhile; please check your price and save again." };
  return { ok: true };
}
