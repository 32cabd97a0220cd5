/**
 * The reader quiz: questions drawn on the server from a bank written around situations and spreads,
 * with the answers kept there; a script that reads the site's public card data cannot pass it; the
 * clock fixed at the start, one attempt a day, an application first, forged and replayed submissions
 * refused, a pass making a reader with a certificate, and readers' retakes; and the level ladder's prices.
 */
import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { LEVELS, priceProblem, qualifyingLevel } from "../../app/readers/levels";
import { setReaderPrice } from "../../app/readers/levels.server";
import { PASS_PERCENT, QUIZ_QUESTIONS } from "../../app/readers/quiz";
import { QUIZ_BANK, QUIZ_TOPICS } from "../../app/readers/quiz-bank.server";
import { drawQuestions } from "../../app/readers/quiz.server";
import { quizAttempts, readerApplications, readerCertificates, users } from "../../db/schema";
import { answer } from "../e2e/tarot-expert";
import { decode } from "turbo-stream";
import { get, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);

async function member({ application = true } = {}) {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com`, username: `q_${id.slice(0, 10)}` });
  if (application) {
    await db().insert(readerApplications).values({
      userId: id,
      displayName: "Quiz Taker",
      bio: "Reading the cards for friends and family.",
      specialties: '["Decisions"]',
      languages: '["English"]',
      yearsOfPractice: 2,
      pricePerMinute: 150,
      updatedAt: Date.now(),
    });
  }
  return { id, cookie: await signInAs(id) };
}

type Stored = { id: string; prompt: string; choices: string[]; correct: number; topic: string };

async function started(person: { id: string; cookie: string }) {
  const response = await post("/tarot-quiz", { intent: "start" }, { cookie: person.cookie });
  expect(response.status).toBe(302);
  const row = await db().query.quizAttempts.findFirst({ where: eq(quizAttempts.userId, person.id), orderBy: desc(quizAttempts.startedAt) });
  return { row: row!, questions: JSON.parse(row!.questions) as Stored[] };
}

const answerForm = (attempt: string, answers: number[]) => ({ intent: "submit", attempt, ...Object.fromEntries(answers.map((a, i) => [`q${i}`, String(a)])) });

type CardInfo = Record<string, { name: string; upright: string[]; reversed: string[] }>;

/** A page's loader data, as its `.data` address sends it to the browser. */
async function pageData(path: string, cookie: string): Promise<unknown> {
  const response = await get(path, { cookie });
  expect(response.status).toBe(200);
  const decoded = await decode(response.body!);
  await decoded.done;
  return decoded.value;
}

function findKey(value: unknown, key: string): unknown {
  if (!value || typeof value !== "object") return undefined;
  if (key in value) return (value as Record<string, unknown>)[key];
  for (const inner of Object.values(value)) {
    const found = findKey(inner, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** What every reading-room page hands anyone at the table: each card's name and keywords upright and reversed. */
async function publicCardInfo(cookie: string): Promise<CardInfo> {
  const started = await post("/reading-room", {}, { cookie });
  expect(started.status).toBe(302);
  const session = new URL(started.headers.get("location")!, "http://localhost").searchParams.get("session")!;
  const data = await pageData(`/reading-room.data?session=${session}`, cookie);
  return findKey(data, "cardInfo") as CardInfo;
}

const stems = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 4)
      .map((w) => w.slice(0, 5)),
  );
const pathsOf = (svg: string) => new Set([...svg.matchAll(/\sd="([^"]+)"/g)].map((m) => m[1]!));
const SUIT_ELEMENTS: Record<string, string> = { Wands: "Fire", Cups: "Water", Swords: "Air", Pentacles: "Earth" };

/**
 * A script that answers from what the site shows everyone: the reading room's card data (names and
 * keywords; the order of the Major Arcana from the keys), the classic deck's pictures from
 * `/art/card.svg`, a table of suits and elements any page on tarot gives, and word matching for the
 * rest. It returns the index it picks for each question.
 */
async function scriptAnswers(
  questions: Array<{ prompt: string; choices: string[]; image?: unknown }>,
  info: CardInfo,
  cookie: string,
  { leastLike = false } = {},
): Promise<number[]> {
  const cards = Object.entries(info).map(([key, card]) => ({ key, ...card }));
  const byName = new Map(cards.map((card) => [card.name, card]));
  const picks: number[] = [];
  for (const q of questions) {
    const scores = q.choices.map(() => 0);
    const add = (i: number, points: number) => (scores[i] = (scores[i] ?? 0) + points);
    const image =
      typeof q.image === "string" ? q.image : typeof q.image === "object" && q.image ? `/tarot-quiz/image/${(q.image as { token: string }).token}` : null;
    if (image) {
      const shown = pathsOf(await (await get(image, { cookie })).text());
      for (const [i, choice] of q.choices.entries()) {
        const card = byName.get(choice);
        if (!card) continue;
        const classic = pathsOf(await (await get(`/art/card.svg?key=${card.key}&theme=Classic+tarot&style=art+nouveau`)).text());
        scores[i] = [...classic].filter((d) => shown.has(d)).length;
      }
    } else {
      const named = cards
        .filter((card) => q.prompt.includes(card.name))
        .sort((a, b) => b.name.length - a.name.length)
        .slice(0, 1);
      const reversed = /reversed/i.test(q.prompt);
      const known = new Set(
        [...(named.length ? named : cards)].flatMap((card) => (reversed ? card.reversed : [...card.upright, ...card.reversed])).flatMap((k) => [...stems(k)]),
      );
      for (const [i, choice] of q.choices.entries()) {
        for (const card of named) {
          if ([...card.upright, ...card.reversed].some((k) => k.toLowerCase() === choice.toLowerCase())) add(i, 100);
          const number = card.key.startsWith("major-") ? Number(card.key.slice(6)) : null;
          if (number !== null && /number/i.test(q.prompt) && choice === String(number)) add(i, 100);
          if (number !== null && /after/i.test(q.prompt) && byName.get(choice)?.key === `major-${String(number + 1).padStart(2, "0")}`) add(i, 100);
          const rank = card.name.split(" of ")[0]!;
          if (/court card/i.test(q.prompt) && choice.startsWith(`${rank} of`)) add(i, 100);
        }
        const suit = Object.keys(SUIT_ELEMENTS).find((s) => q.prompt.includes(`suit of ${s}`));
        if (suit && choice === SUIT_ELEMENTS[suit]) add(i, 100);
        add(i, [...stems(choice)].filter((w) => known.has(w)).length);
      }
    }
    // Or the opposite bet: the answer that looks least like the public data, if the right ones were written to avoid it.
    picks.push(leastLike && !image ? scores.indexOf(Math.min(...scores)) : scores.indexOf(Math.max(...scores)));
  }
  return picks;
}

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
      expect(body).toContain(
        questions[0]!.choices[0]!.replace(/'/g, "&#x27;")
          .replace(/&(?!#)/g, "&amp;")
          .slice(0, 3),
      );
      expect(body).not.toMatch(/correct/i);
      expect(body).not.toContain(row.questions);
      expect(body).not.toContain("topic");
      for (const q of questions) expect(body).not.toContain(`"${q.id}"`);
    }
  });

  it("draws twelve different questions from the bank an attempt, every topic in it, each with its right answer among four", () => {
    expect(QUIZ_BANK.length).toBeGreaterThanOrEqual(40);
    expect(new Set(QUIZ_BANK.map((q) => q.id)).size).toBe(QUIZ_BANK.length);
    expect(new Set(QUIZ_BANK.map((q) => q.prompt)).size).toBe(QUIZ_BANK.length);
    for (const q of QUIZ_BANK) {
      expect(q.wrong.length).toBeGreaterThanOrEqual(3);
      expect(q.wrong).not.toContain(q.right);
    }
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const questions = drawQuestions();
      expect(questions).toHaveLength(QUIZ_QUESTIONS);
      expect(new Set(questions.map((q) => q.prompt)).size).toBe(QUIZ_QUESTIONS);
      for (const topic of QUIZ_TOPICS) expect(questions.some((q) => q.topic === topic)).toBe(true);
      for (const q of questions) {
        expect(q.choices).toHaveLength(4);
        expect(new Set(q.choices).size).toBe(4);
        expect(q.choices[q.correct]).toBe(QUIZ_BANK.find((b) => b.prompt === q.prompt)!.right);
        // Someone who knows the material answers every one.
        expect(answer(q.prompt, q.choices)).toBe(q.correct);
        seen.add(q.prompt);
      }
    }
    // Every question of the bank turns up.
    expect(seen.size).toBe(QUIZ_BANK.length);
  });

  it("cannot be passed by a script that answers from the site's public card data", async () => {
    const person = await member();
    const info = await publicCardInfo(person.cookie);
    expect(Object.keys(info)).toHaveLength(78);

    // Through the site: start, read the questions from the page's data, answer, submit.
    expect((await post("/tarot-quiz", { intent: "start" }, { cookie: person.cookie })).status).toBe(302);
    const page = await pageData(`/tarot-quiz.data`, person.cookie);
    const state = findKey((page as Record<string, unknown>)["routes/_main.tarot-quiz"], "state") as {
      attemptId: string;
      questions: Array<{ prompt: string; choices: string[]; image?: string }>;
    };
    expect(state.questions).toHaveLength(QUIZ_QUESTIONS);
    const answers = await scriptAnswers(state.questions, info, person.cookie);
    const submitted = await post("/tarot-quiz", answerForm(state.attemptId, answers), { cookie: person.cookie });
    expect(submitted.status).toBe(200);
    const graded = await db().query.quizAttempts.findFirst({ where: eq(quizAttempts.id, state.attemptId) });
    expect(graded!.passed).toBe(false);
    expect((await db().query.users.findFirst({ where: eq(users.id, person.id) }))!.isReader).toBe(false);

    // Over many drawn attempts the script, and its opposite bet, do no better than guessing (a quarter
    // right, 3 of 12 on average): far below the pass mark, which guessing reaches about once in 2,600 tries.
    for (const leastLike of [false, true]) {
      let total = 0;
      for (let i = 0; i < 400; i++) {
        const questions = drawQuestions();
        const picked = await scriptAnswers(questions, info, person.cookie, { leastLike });
        total += questions.filter((q, n) => picked[n] === q.correct).length;
      }
      expect(total / 400).toBeLessThan(QUIZ_QUESTIONS * 0.35);
      expect(total / 400).toBeLessThan(((PASS_PERCENT / 100) * QUIZ_QUESTIONS) / 2);
    }
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
    const dayLater = async () =>
      db()
        .update(quizAttempts)
        .set({ startedAt: Date.now() - 25 * 3_600_000 })
        .where(eq(quizAttempts.userId, person.id));

    const cooling = (await (await get("/tarot-quiz", { cookie: person.cookie })).text()).replace(/<!-- -->/g, "");
    expect(cooling).toContain('Your best quiz mark is <span class="font-semibold">75%</span>');
    expect(cooling).toContain("The Adept level asks for 80%");
    expect(cooling).toContain("You may retake the quiz after");

    await dayLater();
    const ready = (await (await get("/tarot-quiz", { cookie: person.cookie })).text()).replace(/<!-- -->/g, "");
    expect(ready).toContain("Retake to raise your mark");
    const retake = await started(person);
    const raised = await post(
      "/tarot-quiz",
      answerForm(
        retake.row.id,
        retake.questions.map((q) => q.correct),
      ),
      { cookie: person.cookie },
    );
    expect(raised.status).toBe(200);
    expect((await raised.text()).replace(/<!-- -->/g, "")).toContain("Your best mark is now 100%.");

    await dayLater();
    const failing = await started(person);
    const failed = await post(
      "/tarot-quiz",
      answerForm(
        failing.row.id,
        failing.questions.map((q) => (q.correct + 1) % q.choices.length),
      ),
      { cookie: person.cookie },
    );
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
    await db()
      .update(quizAttempts)
      .set({ startedAt: row.startedAt - 3_600_000, deadlineAt: Date.now() - 60_000 })
      .where(eq(quizAttempts.id, row.id));
    const response = await post(
      "/tarot-quiz",
      answerForm(
        row.id,
        questions.map((q) => q.correct),
      ),
      { cookie: person.cookie },
    );
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Time ran out");
    const user = await db().query.users.findFirst({ where: eq(users.id, person.id) });
    expect(user!.isReader).toBe(false);
  });

  it("refuses someone else's attempt and a replay, and a pass makes a reader with one certificate", async () => {
    const person = await member();
    const stranger = await member();
    const { row, questions } = await started(person);
    const form = answerForm(
      row.id,
      questions.map((q) => q.correct),
    );
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
    // The topics missed, never the right answers: failing on purpose must not hand over the bank.
    for (const topic of new Set(questions.map((q) => q.topic))) expect(html).toContain(topic);
    for (const q of questions) expect(html).not.toContain(q.choices[q.correct]!.replace(/'/g, "&#x27;").replace(/"/g, "&quot;"));
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
    await post(
      "/tarot-quiz",
      answerForm(
        row.id,
        questions.map((q) => q.correct),
      ),
      { cookie: person.cookie },
    );
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
    const form = {
      intent: "save",
      displayName: "Wren",
      bio: "I have read cards for friends for years.",
      specialty: "Decisions",
      otherSpecialties: "Dreams",
      languages: "English",
      yearsOfPractice: "4",
      price: "2.50",
    };
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
