/**
 * The reader quiz: questions drawn on the server with the answers kept there, the clock fixed at the
 * start, one attempt a day, forged and replayed submissions refused, a pass making a reader with a
 * certificate; and the level ladder's price ceilings and promotion thresholds.
 */
import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { LEVELS, priceProblem, qualifyingLevel } from "../../app/readers/levels";
import { promoteReader, setReaderPrice } from "../../app/readers/levels.server";
import { QUIZ_QUESTIONS } from "../../app/readers/quiz";
import { quizAttempts, readerApplications, readerCertificates, users } from "../../db/schema";
import { get, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);

async function member() {
  const id = newId();
  await db().insert(users).values({ id, email: `${id}@example.com`, username: `q_${id.slice(0, 10)}` });
  return { id, cookie: await signInAs(id) };
}

type Stored = { prompt: string; choices: string[]; correct: number };

async function started(person: { id: string; cookie: string }) {
  const response = await post("/tarot-quiz", { intent: "start" }, { cookie: person.cookie });
  expect(response.status).toBe(302);
  const row = await db().query.quizAttempts.findFirst({ where: eq(quizAttempts.userId, person.id), orderBy: desc(quizAttempts.startedAt) });
  return { row: row!, questions: JSON.parse(row!.questions) as Stored[] };
}

const answerForm = (attempt: string, answers: number[]) => ({ intent: "submit", attempt, ...Object.fromEntries(answers.map((a, i) => [`q${i}`, String(a)])) });

describe("reader quiz", () => {
  it("never sends the answer key, in the page or its data", async () => {
    const person = await member();
    const { row, questions } = await started(person);
    expect(questions).toHaveLength(QUIZ_QUESTIONS);
    for (const path of ["/tarot-quiz", "/tarot-quiz.data"]) {
      const response = await get(path, { cookie: person.cookie });
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toContain(row.id);
      expect(body).toContain(questions[0]!.choices[0]!.replace(/'/g, "&#x27;").replace(/&(?!#)/g, "&amp;").slice(0, 3));
      expect(body).not.toMatch(/correct/i);
      expect(body).not.toContain(row.questions);
    }
  });

  it("keeps the clock on reload and allows one attempt a day", async () => {
    const person = await member();
    const { row } = await started(person);
    const again = await post("/tarot-quiz", { intent: "start" }, { cookie: person.cookie });
    expect(again.status).toBe(409);
    const after = await db().query.quizAttempts.findMany({ where: eq(quizAttempts.userId, person.id) });
    expect(after).toHaveLength(1);
    expect(after[0]!.deadlineAt).toBe(row.deadlineAt);
  });

  it("refuses a late submission", async () => {
    const person = await member();
    const { row, questions } = await started(person);
    await db().update(quizAttempts).set({ startedAt: row.startedAt - 3_600_000, deadlineAt: Date.now() - 60_000 }).where(eq(quizAttempts.id, row.id));
    const response = await post("/tarot-quiz", answerForm(row.id, questions.map((q) => q.correct)), { cookie: person.cookie });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Time ran out");
    const user = await db().query.users.findFirst({ where: eq(users.id, person.id) });
    expect(user!.isReader).toBe(false);
  });

  it("refuses someone else's attempt and a replay, and a pass makes a reader with one certificate", async () => {
    const person = await member();
    const stranger = await member();
    const { row, questions } = await started(person);
    const form = answerForm(row.id, questions.map((q) => q.correct));
    expect((await post("/tarot-quiz", form, { cookie: stranger.cookie })).status).toBe(404);
    const passed = await post("/tarot-quiz", form, { cookie: person.cookie });
    expect(passed.status).toBe(200);
    expect((await passed.text()).replace(/<!-- -->/g, "")).toContain(`You scored ${QUIZ_QUESTIONS} of ${QUIZ_QUESTIONS}`);
    expect((await post("/tarot-quiz", form, { cookie: person.cookie })).status).toBe(409);
    const user = await db().query.users.findFirst({ where: eq(users.id, person.id) });
    expect(user!.isReader).toBe(true);
    expect(user!.levelId).toBe(LEVELS[0]!.id);
    const certificates = await db().query.readerCertificates.findMany({ where: eq(readerCertificates.userId, person.id) });
    expect(certificates).toHaveLength(1);
    expect(certificates[0]!.id).not.toBe(row.id);
  });

  it("a fail shows the score, what was missed and when to try again; forged answers are ignored", async () => {
    const person = await member();
    const { row, questions } = await started(person);
    const wrong = questions.map((q) => (q.correct + 1) % q.choices.length);
    const bad = await post("/tarot-quiz", { ...answerForm(row.id, wrong), q0: "not-a-number" }, { cookie: person.cookie });
    expect(bad.status).toBe(400);
    const failed = await post("/tarot-quiz", answerForm(row.id, wrong), { cookie: person.cookie });
    expect(failed.status).toBe(200);
    const html = (await failed.text()).replace(/<!-- -->/g, "");
    expect(html).toContain(`You scored 0 of ${QUIZ_QUESTIONS}`);
    expect(html).toContain("Right answer:");
    const page = (await (await get("/tarot-quiz", { cookie: person.cookie })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("You may try again after");
    const user = await db().query.users.findFirst({ where: eq(users.id, person.id) });
    expect(user!.isReader).toBe(false);
  });

  it("asks a guest to create an account", async () => {
    const guest = newId();
    await db().insert(users).values({ id: guest });
    const cookie = await signInAs(guest);
    expect((await post("/tarot-quiz", { intent: "start" }, { cookie })).status).toBe(403);
    expect(await (await get("/tarot-quiz", { cookie })).text()).toContain("Create an account");
  });
});

describe("reader levels", () => {
  it("refuses a price above the level's ceiling", () => {
    expect(priceProblem("level-apprentice", 199)).toBeNull();
    expect(priceProblem("level-apprentice", 200)).toContain("at most $1.99 a minute");
    expect(priceProblem("level-oracle", 999)).toBeNull();
  });

  it("promotes at the thresholds", () => {
    expect(qualifyingLevel({ readings: 24, rating: 5, bestQuizPercent: 100 }).name).toBe("Apprentice");
    expect(qualifyingLevel({ readings: 25, rating: 4.3, bestQuizPercent: 80 }).name).toBe("Adept");
    expect(qualifyingLevel({ readings: 100, rating: 4.6, bestQuizPercent: 84 }).name).toBe("Adept");
    expect(qualifyingLevel({ readings: 300, rating: 4.8, bestQuizPercent: 90 }).name).toBe("Oracle");
  });

  it("the server refuses a price above the ceiling and promotes a qualifying reader, never down", async () => {
    const person = await member();
    expect((await setReaderPrice(db(), person.id, 100)).ok).toBe(false);
    const { row, questions } = await started(person);
    await post("/tarot-quiz", answerForm(row.id, questions.map((q) => q.correct)), { cookie: person.cookie });
    const refused = await setReaderPrice(db(), person.id, 250);
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect(refused.message).toContain("at most $1.99");
    expect((await setReaderPrice(db(), person.id, 150)).ok).toBe(true);
    expect(await promoteReader(db(), person.id, { readings: 24, rating: 5 })).toBeNull();
    expect(await promoteReader(db(), person.id, { readings: 100, rating: 4.7 })).toBe("level-master");
    expect(await promoteReader(db(), person.id, { readings: 30, rating: 4.4 })).toBeNull();
    const user = await db().query.users.findFirst({ where: eq(users.id, person.id) });
    expect(user!.levelId).toBe("level-master");
    expect((await setReaderPrice(db(), person.id, 650)).ok).toBe(true);
  });
});

describe("reader application", () => {
  it("saves a draft, refuses a price above the first level's ceiling, and leads to the quiz", async () => {
    const person = await member();
    const form = { intent: "save", displayName: "Wren", bio: "I have read cards for friends for years.", specialty: "Decisions", otherSpecialties: "Dreams", languages: "English", yearsOfPractice: "4", price: "2.50" };
    const refused = await post("/become-reader", form, { cookie: person.cookie });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("at most $1.99 a minute");
    const saved = await post("/become-reader", { ...form, price: "1.25" }, { cookie: person.cookie });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/tarot-quiz");
    const row = await db().query.readerApplications.findFirst({ where: eq(readerApplications.userId, person.id) });
    expect(row).toMatchObject({ displayName: "Wren", pricePerMinute: 125, specialties: JSON.stringify(["Decisions", "Dreams"]) });
  });
});
