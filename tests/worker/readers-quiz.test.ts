/**
 * The reader quiz: questions drawn on the server with the answers kept there, card pictures behind
 * per-attempt addresses, the clock fixed at the start, one attempt a day, an application first,
 * forged and replayed submissions refused, a pass making a reader with a certificate, and readers'
 * retakes; and the level ladder's price ceilings.
 */
import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { LETTERED_CARDS, paintCardSvg, paintUnlabelledCardSvg } from "../../app/art/local-art";
import { LEVELS, priceProblem, qualifyingLevel } from "../../app/readers/levels";
import { setReaderPrice } from "../../app/readers/levels.server";
import { MAX_IMAGE_QUESTIONS, QUIZ_QUESTIONS } from "../../app/readers/quiz";
import { drawQuestions } from "../../app/readers/quiz.server";
import { FULL_DECK } from "../../app/tarot/cards";
import { quizAttempts, readerApplications, readerCertificates, users } from "../../db/schema";
import { answer } from "../e2e/tarot-expert";
import { get, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);

async function member({ application = true } = {}) {
  const id = newId();
  await db().insert(users).values({ id, email: `${id}@example.com`, username: `q_${id.slice(0, 10)}` });
  if (application) {
    await db().insert(readerApplications).values({ userId: id, displayName: "Quiz Taker", bio: "Reading the cards for friends and family.", specialties: '["Decisions"]', languages: '["English"]', yearsOfPractice: 2, pricePerMinute: 150, updatedAt: Date.now() });
  }
  return { id, cookie: await signInAs(id) };
}

type Stored = { prompt: string; choices: string[]; correct: number; image?: { token: string; card: string } };

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
      for (const q of questions.filter((q) => q.image)) {
        const card = FULL_DECK.find((c) => c.key === q.image!.card)!;
        // The picture's address is its token; the card's key appears nowhere, and its name only as one of four choices.
        expect(body).toContain(`/tarot-quiz/image/${q.image!.token}`);
        expect(body).not.toContain(card.key);
        expect(body).not.toContain(`"${card.key}"`);
        expect(body).not.toMatch(/"card"\s*:/);
      }
    }
    const html = (await (await visit("/tarot-quiz", { cookie: person.cookie })).text()).replace(/<!-- -->/g, "");
    for (const q of questions.filter((q) => q.image)) {
      const name = FULL_DECK.find((c) => c.key === q.image!.card)!.name;
      const tag = html.match(new RegExp(`<img[^>]*/tarot-quiz/image/${q.image!.token}[^>]*>`))?.[0];
      expect(tag).toBeDefined();
      expect(tag).not.toContain(name);
      expect(tag).not.toContain(q.image!.card);
    }
  });

  it("draws at least one and at most two card pictures an attempt, none twice, with look-alike choices", () => {
    for (let i = 0; i < 300; i++) {
      const questions = drawQuestions();
      expect(questions).toHaveLength(QUIZ_QUESTIONS);
      const images = questions.filter((q) => q.image);
      expect(images.length).toBeGreaterThanOrEqual(1);
      expect(images.length).toBeLessThanOrEqual(MAX_IMAGE_QUESTIONS);
      expect(new Set(images.map((q) => q.image!.card)).size).toBe(images.length);
      expect(new Set(images.map((q) => q.image!.token)).size).toBe(images.length);
      for (const q of images) {
        expect(q.choices).toHaveLength(4);
        expect(q.choices[q.correct]).toBe(FULL_DECK.find((c) => c.key === q.image!.card)!.name);
        expect(LETTERED_CARDS.has(q.image!.card)).toBe(false);
      }
    }
  });

  it("pictures only cards whose art carries no words", () => {
    for (const card of FULL_DECK.filter((c) => !LETTERED_CARDS.has(c.key))) {
      expect(paintUnlabelledCardSvg({ card, theme: "Classic tarot", style: "art nouveau" }, "quiz"), card.key).not.toMatch(/<text/);
    }
    // The lettered ones would say what they are.
    for (const key of LETTERED_CARDS) {
      const card = FULL_DECK.find((c) => c.key === key)!;
      expect(paintUnlabelledCardSvg({ card, theme: "Classic tarot", style: "art nouveau" }, "quiz")).toMatch(/<text/);
    }
  });

  it("leaves someone who knows the cards but cannot place a picture above the pass mark", () => {
    for (let i = 0; i < 300; i++) {
      const questions = drawQuestions();
      const right = questions.filter((q) => answer(q.prompt, q.choices) === q.correct).length;
      expect(questions.filter((q) => !q.image).every((q) => answer(q.prompt, q.choices) === q.correct)).toBe(true);
      expect(right * 100).toBeGreaterThanOrEqual(70 * QUIZ_QUESTIONS);
      expect(right).toBeGreaterThanOrEqual(QUIZ_QUESTIONS - MAX_IMAGE_QUESTIONS);
    }
  });

  it("serves a question's picture to the person taking the attempt while it runs, naming no card, and to nobody else", async () => {
    const person = await member();
    const stranger = await member();
    const { row, questions } = await started(person);
    const asked = questions.find((q) => q.image)!;
    const card = FULL_DECK.find((c) => c.key === asked.image!.card)!;
    const path = `/tarot-quiz/image/${asked.image!.token}`;

    const shown = await get(path, { cookie: person.cookie });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/svg+xml");
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    const headers = JSON.stringify([...shown.headers]);
    expect(headers).not.toContain(card.key);
    const svg = await shown.text();
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(svg).not.toContain(card.key);
    expect(svg.toLowerCase()).not.toContain(card.name.toLowerCase());
    expect(svg).not.toMatch(/<text/);
    // The ids are not those of the labelled picture, which are made from the card's key.
    const labelled = paintCardSvg({ card, theme: "Classic tarot", style: "art nouveau" });
    const labelledIds = labelled.match(/clipPath id="([^"]+)w"/)![1]!;
    expect(svg).not.toContain(labelledIds);
    // Two requests draw different ids, so the document is no fixed fingerprint of the card.
    const again = await (await get(path, { cookie: person.cookie })).text();
    expect(again.match(/clipPath id="([^"]+)w"/)![1]).not.toBe(svg.match(/clipPath id="([^"]+)w"/)![1]);

    expect((await get(path, { cookie: stranger.cookie })).status).toBe(404);
    expect((await get(path)).status).toBe(404);
    expect((await get(`/tarot-quiz/image/${"x".repeat(16)}`, { cookie: person.cookie })).status).toBe(404);
    expect((await get("/tarot-quiz/image/not-a-token", { cookie: person.cookie })).status).toBe(404);

    await post("/tarot-quiz", answerForm(row.id, questions.map((q) => q.correct)), { cookie: person.cookie });
    expect((await get(path, { cookie: person.cookie })).status).toBe(404);
  });

  it("asks for a saved application before the quiz", async () => {
    const person = await member({ application: false });
    const refused = await post("/tarot-quiz", { intent: "start" }, { cookie: person.cookie });
    expect(refused.status).toBe(409);
    const body = await refused.text();
    expect(body).toContain("Save your reader application first.");
    expect(body).toContain('href="/become-reader"');
    expect(await db().query.quizAttempts.findFirst({ where: eq(quizAttempts.userId, person.id) })).toBeUndefined();
    const page = await (await get("/tarot-quiz", { cookie: person.cookie })).text();
    expect(page).toContain('href="/become-reader"');
    expect(page).not.toContain("Start the quiz");
  });

  it("lets a reader retake the quiz to raise their mark; a failed retake keeps them a reader", async () => {
    const person = await member();
    const first = await started(person);
    // 9 of 12 right: a pass at 75%.
    const nine = first.questions.map((q, i) => (i < 9 ? q.correct : (q.correct + 1) % q.choices.length));
    expect((await post("/tarot-quiz", answerForm(first.row.id, nine), { cookie: person.cookie })).status).toBe(200);
    const dayLater = async () => db().update(quizAttempts).set({ startedAt: Date.now() - 25 * 3_600_000 }).where(eq(quizAttempts.userId, person.id));

    const cooling = (await (await get("/tarot-quiz", { cookie: person.cookie })).text()).replace(/<!-- -->/g, "");
    expect(cooling).toContain("Your best quiz mark is <span class=\"font-semibold\">75%</span>");
    expect(cooling).toContain("The Adept level asks for 80%");
    expect(cooling).toContain("You may retake the quiz after");

    await dayLater();
    const ready = (await (await get("/tarot-quiz", { cookie: person.cookie })).text()).replace(/<!-- -->/g, "");
    expect(ready).toContain("Retake to raise your mark");
    const retake = await started(person);
    const raised = await post("/tarot-quiz", answerForm(retake.row.id, retake.questions.map((q) => q.correct)), { cookie: person.cookie });
    expect(raised.status).toBe(200);
    expect((await raised.text()).replace(/<!-- -->/g, "")).toContain("Your best mark is now 100%.");

    await dayLater();
    const failing = await started(person);
    const failed = await post("/tarot-quiz", answerForm(failing.row.id, failing.questions.map((q) => (q.correct + 1) % q.choices.length)), { cookie: person.cookie });
    expect(failed.status).toBe(200);
    const html = (await failed.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("You scored 0 of 12. Your best mark is now 100%.");
    expect(html).toContain("Your reader level stays as it is");

    const user = await db().query.users.findFirst({ where: eq(users.id, person.id) });
    expect(user).toMatchObject({ isReader: true, levelId: LEVELS[0]!.id });
    expect(await db().query.readerCertificates.findMany({ where: eq(readerCertificates.userId, person.id) })).toHaveLength(1);
    const page = (await (await get("/tarot-quiz", { cookie: person.cookie })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("100%");
    expect(page).toContain("That meets the 80% the Adept level asks for");
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
    expect(qualifyingLevel({ clients: 24, rating: 5, bestQuizPercent: 100 }).name).toBe("Apprentice");
    expect(qualifyingLevel({ clients: 25, rating: 4.3, bestQuizPercent: 80 }).name).toBe("Adept");
    expect(qualifyingLevel({ clients: 100, rating: 4.6, bestQuizPercent: 84 }).name).toBe("Adept");
    expect(qualifyingLevel({ clients: 300, rating: 4.8, bestQuizPercent: 90 }).name).toBe("Oracle");
  });

  it("the server refuses a price above the ceiling", async () => {
    const person = await member();
    expect((await setReaderPrice(db(), person.id, 100)).ok).toBe(false);
    const { row, questions } = await started(person);
    await post("/tarot-quiz", answerForm(row.id, questions.map((q) => q.correct)), { cookie: person.cookie });
    const refused = await setReaderPrice(db(), person.id, 250);
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect(refused.message).toContain("at most $1.99");
    expect((await setReaderPrice(db(), person.id, 150)).ok).toBe(true);
    await db().update(users).set({ levelId: "level-master" }).where(eq(users.id, person.id));
    expect((await setReaderPrice(db(), person.id, 650)).ok).toBe(true);
    expect((await setReaderPrice(db(), person.id, 700)).message).toContain("at most $6.99");
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
