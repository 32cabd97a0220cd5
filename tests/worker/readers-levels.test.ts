/**
 * Readers climb the ladder on their own: a review reads the different clients of counted readings, the average rating and
 * the best quiz mark, promotes at each threshold and never below one, never down, and issues a
 * certificate of the new level; the dashboard's progress follows the same rule.
 */
import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { progressToNext } from "../../app/reader-dashboard/dashboard.server";
import { levelById, LEVELS, qualifyingLevel } from "../../app/readers/levels";
import { readerStanding, reviewReaderLevel } from "../../app/readers/levels.server";
import { quizAttempts, readerCertificates, readerProfiles, users } from "../../db/schema";
import { get, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);
const [APPRENTICE, ADEPT, MASTER, ORACLE] = LEVELS as [(typeof LEVELS)[0], (typeof LEVELS)[0], (typeof LEVELS)[0], (typeof LEVELS)[0]];

/** A graded attempt of `total` questions with `score` right, started `daysAgo` days ago. */
async function attempt(userId: string, score: number, total: number, daysAgo: number) {
  const id = newId();
  const startedAt = Date.now() - daysAgo * 86_400_000;
  const questions = JSON.stringify(Array.from({ length: total }, () => ({ prompt: "?", choices: ["a", "b"], correct: 0, topic: "test" })));
  await db()
    .insert(quizAttempts)
    .values({
      id,
      userId,
      questions,
      startedAt,
      deadlineAt: startedAt + 900_000,
      submittedAt: startedAt + 60_000,
      score,
      passed: score * 100 >= 70 * total,
      answers: "[]",
    });
  return id;
}

/** A reader at `levelId` who passed with `score` of 100 and holds that pass's certificate. */
async function reader(stats: { clients: number; ratingSum: number; ratingCount: number; score: number }, levelId = APPRENTICE.id) {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com`, username: `l_${id.slice(0, 10)}`, fullName: "Ladder Reader", isReader: true, levelId });
  await db()
    .insert(readerProfiles)
    .values({ userId: id, completedReadings: stats.clients, countedClients: stats.clients, ratingSum: stats.ratingSum, ratingCount: stats.ratingCount });
  const passed = await attempt(id, stats.score, 100, 30);
  await db().insert(readerCertificates).values({
    id: newId(),
    userId: id,
    attemptId: passed,
    score: stats.score,
    total: 100,
    levelId: APPRENTICE.id,
    holderName: "Ladder Reader",
    issuedAt: Date.now(),
  });
  return id;
}

const levelOf = async (id: string) => (await db().query.users.findFirst({ where: eq(users.id, id), columns: { levelId: true } }))!.levelId;
const certificatesOf = (id: string) =>
  db().query.readerCertificates.findMany({ where: eq(readerCertificates.userId, id), orderBy: desc(readerCertificates.issuedAt) });

describe("reader promotion", () => {
  it("does not promote just below any of the Adept's thresholds", async () => {
    // 25 clients, a 4.3 average (430 / 100) and an 80% mark, each in turn one step short.
    for (const short of [
      { clients: 24, ratingSum: 430, ratingCount: 100, score: 80 },
      { clients: 25, ratingSum: 429, ratingCount: 100, score: 80 },
      { clients: 25, ratingSum: 430, ratingCount: 100, score: 79 },
    ]) {
      const id = await reader(short);
      expect(await reviewReaderLevel(db(), id)).toBeNull();
      expect(await levelOf(id)).toBe(APPRENTICE.id);
      expect(await certificatesOf(id)).toHaveLength(1);
    }
  });

  it("promotes at the thresholds with a certificate of the new level, once, and never down", async () => {
    // Passed at 75%, then a retake at 80%.
    const id = await reader({ clients: 25, ratingSum: 430, ratingCount: 100, score: 75 });
    const eighty = await attempt(id, 80, 100, 5);
    expect((await reviewReaderLevel(db(), id))?.id).toBe(ADEPT.id);
    expect(await levelOf(id)).toBe(ADEPT.id);
    let certificates = await certificatesOf(id);
    expect(certificates).toHaveLength(2);
    expect(certificates[0]).toMatchObject({ levelId: ADEPT.id, attemptId: eighty, holderName: "Ladder Reader", score: 80, total: 100, revokedAt: null });
    expect(certificates[0]!.id).toMatch(/^[A-Za-z0-9_-]{16}$/);

    // A second review changes nothing.
    expect(await reviewReaderLevel(db(), id)).toBeNull();
    expect(await certificatesOf(id)).toHaveLength(2);

    // Fewer clients or a lower rating later never take a level away.
    await db().update(readerProfiles).set({ countedClients: 0, ratingSum: 100, ratingCount: 100 }).where(eq(readerProfiles.userId, id));
    expect(await reviewReaderLevel(db(), id)).toBeNull();
    expect(await levelOf(id)).toBe(ADEPT.id);

    // Master at 100 clients, 4.6 and 85%: the better retake is the one the certificate cites.
    await db().update(readerProfiles).set({ countedClients: 100, ratingSum: 460, ratingCount: 100 }).where(eq(readerProfiles.userId, id));
    expect(await reviewReaderLevel(db(), id)).toBeNull();
    const retake = await attempt(id, 85, 100, 1);
    expect((await reviewReaderLevel(db(), id))?.id).toBe(MASTER.id);
    certificates = await certificatesOf(id);
    expect(certificates).toHaveLength(3);
    expect(certificates[0]).toMatchObject({ levelId: MASTER.id, attemptId: retake, score: 85, total: 100 });
  });

  it("jumps straight to the highest level a reader qualifies for, showing the best mark", async () => {
    // The new certificate cites the best attempt, the 95% pass, over a later 90%.
    const id = await reader({ clients: 300, ratingSum: 480, ratingCount: 100, score: 95 });
    await attempt(id, 90, 100, 2);
    expect((await reviewReaderLevel(db(), id))?.id).toBe(ORACLE.id);
    const [newest, first] = await certificatesOf(id);
    expect(newest).toMatchObject({ levelId: ORACLE.id, attemptId: first!.attemptId, score: 95, total: 100 });
  });

  // An attempt backs one certificate per level: the pass that made someone a reader backs their promotions too.
  it("issues the new level's certificate on the pass itself when it is the only attempt", async () => {
    const id = await reader({ clients: 25, ratingSum: 450, ratingCount: 100, score: 92 });
    expect((await reviewReaderLevel(db(), id))?.id).toBe(ADEPT.id);
    const [newest, first] = await certificatesOf(id);
    expect(newest).toMatchObject({ levelId: ADEPT.id, attemptId: first!.attemptId, score: 92 });
    expect(first!.levelId).not.toBe(ADEPT.id);
    // Asked again, nothing more is issued.
    expect(await reviewReaderLevel(db(), id)).toBeNull();
    expect(await certificatesOf(id)).toHaveLength(2);
  });

  it("leaves members who are not readers alone", async () => {
    const id = newId();
    await db()
      .insert(users)
      .values({ id, email: `${id}@example.com`, username: `n_${id.slice(0, 10)}` });
    await attempt(id, 100, 100, 3);
    expect(await reviewReaderLevel(db(), id)).toBeNull();
    expect(await levelOf(id)).toBeNull();
  });

  it("promotes a qualifying reader after a graded retake, and the page says so", async () => {
    const id = await reader({ clients: 40, ratingSum: 450, ratingCount: 100, score: 75 });
    const cookie = await signInAs(id);
    expect((await post("/tarot-quiz", { intent: "start" }, { cookie })).status).toBe(302);
    const row = (await db().query.quizAttempts.findFirst({ where: eq(quizAttempts.userId, id), orderBy: desc(quizAttempts.startedAt) }))!;
    const questions = JSON.parse(row.questions) as Array<{ correct: number }>;
    const answered = await post(
      "/tarot-quiz",
      { intent: "submit", attempt: row.id, ...Object.fromEntries(questions.map((q, i) => [`q${i}`, String(q.correct)])) },
      { cookie },
    );
    expect(answered.status).toBe(200);
    const html = (await answered.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("You have been promoted to Adept");
    expect(await levelOf(id)).toBe(ADEPT.id);
    expect((await certificatesOf(id))[0]).toMatchObject({ levelId: ADEPT.id, attemptId: row.id, score: 12, total: 12 });
    // The dashboard now shows the way to Master.
    const dashboard = (await (await get("/reader-dashboard", { cookie })).text()).replace(/<!-- -->/g, "");
    expect(dashboard).toContain("To become a Master");
  });

  it("the dashboard's progress agrees with the promotion rule", async () => {
    const id = await reader({ clients: 25, ratingSum: 430, ratingCount: 100, score: 80 });
    const standing = (await readerStanding(db(), id))!;
    const progress = progressToNext(standing.level, standing)!;
    expect(progress.next.name).toBe(ADEPT.name);
    expect(progress.steps.every((step) => step.met)).toBe(true);
    expect(qualifyingLevel(standing).id).toBe(ADEPT.id);
    for (const short of [{ clients: 24 }, { rating: 4.29 }, { bestQuizPercent: 79 }]) {
      const stats = { ...standing, ...short };
      expect(progressToNext(levelById(APPRENTICE.id), stats)!.steps.every((step) => step.met)).toBe(false);
      expect(qualifyingLevel(stats).id).toBe(APPRENTICE.id);
    }
  });
});
