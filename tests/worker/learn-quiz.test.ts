/**
 * The learner's quiz, lessons and streak (decision 0112): questions drawn per attempt on the server,
 * only from cards the person may see; answers scored once whatever repeats them; a missed card due
 * now in the deck's flashcards; nobody sees another person's attempt; each person's own lessons
 * read; the learning streak on the person's calendar; the reminder to learn once a day when on.
 */
import { env } from "cloudflare:test";
import { and, eq, isNull } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { advanceDailyCard } from "../../app/daily/daily.server";
import { readConfig } from "../../app/env.server";
import { learningDaysQuery, learningStreak, sendLearnReminders } from "../../app/learn/streak.server";
import { decryptMessage, fromBase64Url, toBase64Url } from "../../app/push/web-push.server";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { gradeCard, sessionOf, studyDeck } from "../../app/learn/flashcards.server";
import { drawQuestions } from "../../app/learn/quiz.server";
import { MAJOR_ARCANA } from "../../app/tarot/cards";
import { dailySettings, deckPurchases, flashcards, learningDays, learnQuizAttempts, learnQuizQuestions, lessonReads, users } from "../../db/schema";
import { get, lanternDeck, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);

async function person() {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com`, username: `q_${id.slice(0, 10).replace(/[^a-z0-9]/g, "")}` });
  return { id, cookie: await signInAs(id) };
}

/** Starts an attempt through the page, as a person without JavaScript would; returns its id. */
async function start(cookie: string, deck: string, topic = "all") {
  const page = await (await get(`/learn/quiz?deck=${deck}&topic=${topic}`, { cookie })).text();
  const attempt = /name="attempt" value="([^"]+)"/.exec(page)?.[1];
  expect(attempt).toBeTruthy();
  const started = await post("/learn/quiz", { attempt: attempt!, deck, topic }, { cookie });
  return { attempt: attempt!, started };
}

const questionsOf = (attemptId: string) =>
  db().select().from(learnQuizQuestions).where(eq(learnQuizQuestions.attemptId, attemptId)).orderBy(learnQuizQuestions.position);

/** Answers every question: right ones where `right(position)` says so, a wrong choice elsewhere. */
async function answersFor(attemptId: string, right: (position: number) => boolean) {
  const rows = await questionsOf(attemptId);
  return Object.fromEntries(
    rows.map((row) => {
      const choices = JSON.parse(row.choices) as { value: string }[];
      return [`q${row.position}`, right(row.position) ? row.answer : choices.find((choice) => choice.value !== row.answer)!.value];
    }),
  );
}

describe("an attempt's questions", () => {
  it("are drawn on the server for each attempt, kept with it, and shown without their answers", async () => {
    const me = await person();
    const first = await start(me.cookie, "classic");
    expect(first.started.status).toBe(303);
    expect(first.started.headers.get("location")).toBe(`/learn/quiz/${first.attempt}`);
    const second = await start(me.cookie, "classic");
    const [one, two] = await Promise.all([questionsOf(first.attempt), questionsOf(second.attempt)]);
    expect(one).toHaveLength(10);
    expect(two).toHaveLength(10);
    // Drawn anew: ten questions about 78 cards and the spreads' positions do not repeat by chance.
    expect(one.map((q) => `${q.kind}:${q.cardKey}:${q.answer}`)).not.toEqual(two.map((q) => `${q.kind}:${q.cardKey}:${q.answer}`));
    expect(new Set(one.map((q) => q.kind))).toEqual(new Set(["picture", "meaning", "reversed", "position"]));
    for (const question of one) {
      const choices = JSON.parse(question.choices) as { value: string; label: string }[];
      expect(choices).toHaveLength(4);
      expect(choices.map((choice) => choice.value)).toContain(question.answer);
      expect(new Set(choices.map((choice) => choice.label)).size).toBe(4);
    }
    // The page asks the questions without saying which choice is right, and a reload shows the same ones.
    const html = await (await get(`/learn/quiz/${first.attempt}`, { cookie: me.cookie })).text();
    const again = await (await get(`/learn/quiz/${first.attempt}`, { cookie: me.cookie })).text();
    expect(html.match(/data-testid="quiz-question"/g)).toHaveLength(10);
    expect(html).toContain(one[0]!.prompt);
    expect(html).not.toMatch(/"answer"/);
    expect(again.match(/type="radio"[^>]*value="[^"]+"/g)).toEqual(html.match(/type="radio"[^>]*value="[^"]+"/g));
  });

  it("come only from the cards the person may see: a priced deck's pictures once bought, never before", async () => {
    const maker = await person();
    const buyer = await person();
    const deckId = await lanternDeck(maker.id, 3, 500);
    // Not bought: the deck is not theirs to be quizzed on, and nothing is kept.
    const refused = await start(buyer.cookie, deckId, "major");
    expect(refused.started.status).toBe(404);
    expect(await db().select().from(learnQuizAttempts).where(eq(learnQuizAttempts.userId, buyer.id))).toEqual([]);

    await db()
      .insert(deckPurchases)
      .values({ id: newId(), deckId, buyerId: buyer.id, sellerId: maker.id, grossCents: 500, feePercent: 10, feeCents: 50, netCents: 450 });
    const bought = await start(buyer.cookie, deckId, "major");
    expect(bought.started.status).toBe(303);
    const questions = await questionsOf(bought.attempt);
    expect(questions).toHaveLength(10);
    // Only the three painted cards of the deck are asked about, each before any comes again.
    expect(new Set(questions.map((q) => q.cardKey))).toEqual(new Set(["major-00", "major-01", "major-02"]));
    const html = await (await get(`/learn/quiz/${bought.attempt}`, { cookie: buyer.cookie })).text();
    if (questions.some((q) => q.kind === "picture")) expect(html).toContain(`/media/card-images/${deckId}/`);
    expect(html).not.toContain("/art/card.svg");

    // The suits' quiz of a deck without suit cards has nothing to ask: a clear 400, nothing kept.
    const empty = await start(buyer.cookie, deckId, "cups");
    expect(empty.started.status).toBe(400);
    expect(await empty.started.text()).toContain("no painted cards in that group");
  });

  it("draws a group's questions from the group's cards only", () => {
    const keys = MAJOR_ARCANA.map((card) => card.key).concat(["cups-ace", "cups-02", "swords-king"]);
    const cups = drawQuestions(keys, "cups");
    expect(cups.every((q) => q.cardKey?.startsWith("cups-"))).toBe(true);
    const spreads = drawQuestions(keys, "spreads");
    expect(spreads.every((q) => q.kind === "position" && q.cardKey === null)).toBe(true);
    expect(new Set(spreads.map((q) => q.answer)).size).toBe(10);
  });

  it("is one attempt however often the start is sent, and an attempt's id taken by someone else starts nothing", async () => {
    const me = await person();
    const other = await person();
    const page = await (await get("/learn/quiz", { cookie: me.cookie })).text();
    const attempt = /name="attempt" value="([^"]+)"/.exec(page)![1]!;
    const form = { attempt, deck: "classic", topic: "major" };
    const both = await Promise.all([1, 2].map(() => post("/learn/quiz", form, { cookie: me.cookie })));
    expect(both.map((response) => response.status)).toEqual([303, 303]);
    expect(await db().select().from(learnQuizAttempts).where(eq(learnQuizAttempts.userId, me.id))).toHaveLength(1);
    expect(await questionsOf(attempt)).toHaveLength(10);
    const taken = await post("/learn/quiz", form, { cookie: other.cookie });
    expect(taken.status).toBe(409);
    expect(await questionsOf(attempt)).toHaveLength(10);
  });
});

describe("answering", () => {
  it("scores once under a double submit, keeps the answers and shows what was right and wrong", async () => {
    const me = await person();
    const { attempt } = await start(me.cookie, "classic", "major");
    const answers = await answersFor(attempt, (position) => position % 2 === 0);
    const all = await answersFor(attempt, () => true);
    // Two sends at once, with different answers (a double tap after a change of mind): one of them counts, whole.
    const both = await Promise.all([answers, all].map((form) => post(`/learn/quiz/${attempt}`, form, { cookie: me.cookie })));
    expect(both.map((response) => response.status)).toEqual([303, 303]);
    const [raced] = await db().select().from(learnQuizAttempts).where(eq(learnQuizAttempts.id, attempt));
    expect([5, 10]).toContain(raced!.score);
    expect((await questionsOf(attempt)).filter((q) => q.chosen === q.answer)).toHaveLength(raced!.score!);
    const score = raced!.score!;
    // A later send with other answers (a second tab, the back button) changes nothing.
    expect((await post(`/learn/quiz/${attempt}`, await answersFor(attempt, () => false), { cookie: me.cookie })).status).toBe(303);
    const [row] = await db().select().from(learnQuizAttempts).where(eq(learnQuizAttempts.id, attempt));
    expect(row!.score).toBe(score);
    expect((await questionsOf(attempt)).filter((q) => q.chosen === q.answer)).toHaveLength(score);
    const html = await (await get(`/learn/quiz/${attempt}`, { cookie: me.cookie })).text();
    expect(html).toContain(`data-testid="quiz-score">${score}<`);
    expect(html.match(/data-right="yes"/g)).toHaveLength(score);
    expect(html.match(/data-right="no"/g) ?? []).toHaveLength(10 - score);
    if (score < 10) expect(html).toContain("The answer:");
    const list = await (await get("/learn/quiz", { cookie: me.cookie })).text();
    expect(list).toContain(`${score} / 10`);
  });

  it("refuses an attempt with a question unanswered or an answer not among its choices, and keeps nothing", async () => {
    const me = await person();
    const { attempt } = await start(me.cookie, "classic");
    const answers = await answersFor(attempt, () => true);
    const { q3: _left, ...missing } = answers;
    const partial = await post(`/learn/quiz/${attempt}`, missing, { cookie: me.cookie });
    expect(partial.status).toBe(400);
    expect(await partial.text()).toContain("Answer every question");
    const odd = await post(`/learn/quiz/${attempt}`, { ...answers, q3: "major-99" }, { cookie: me.cookie });
    expect(odd.status).toBe(400);
    const [row] = await db().select().from(learnQuizAttempts).where(eq(learnQuizAttempts.id, attempt));
    expect(row!.answeredAt).toBeNull();
    expect((await questionsOf(attempt)).every((q) => q.chosen === null)).toBe(true);
  });

  it("makes a missed card due now in that deck's flashcards, whether met before or new", async () => {
    const me = await person();
    const deckId = await lanternDeck(me.id, 3);
    // The Fool was learnt well: due in days.
    expect(
      (await gradeCard(db(), { userId: me.id, deckId, cardKey: "major-00", revision: 0, grade: "easy", key: null, now: Date.now() - 60_000 }, "/learn")).status,
    ).toBe(303);
    const { attempt } = await start(me.cookie, deckId, "major");
    const questions = await questionsOf(attempt);
    const answers = await answersFor(attempt, () => false);
    const before = Date.now();
    expect((await post(`/learn/quiz/${attempt}`, answers, { cookie: me.cookie })).status).toBe(303);
    const rows = await db()
      .select()
      .from(flashcards)
      .where(and(eq(flashcards.userId, me.id), eq(flashcards.deckId, deckId)));
    const missed = new Set(questions.map((q) => q.cardKey));
    expect(new Set(rows.map((row) => row.cardKey))).toEqual(missed);
    for (const row of rows) expect(row.due).toBeLessThanOrEqual(Date.now());
    for (const row of rows) expect(row.due).toBeGreaterThanOrEqual(before);
    // What FSRS knew of The Fool is kept; only when it comes back moved.
    const fool = rows.find((row) => row.cardKey === "major-00")!;
    expect({ reps: fool.reps, state: fool.state }).toEqual({ reps: 1, state: "review" });
    // The review shows the missed cards first, all due now, and a missed new card grades as a first review.
    const now = Date.now();
    const session = sessionOf((await studyDeck(db(), me.id, deckId, now, "UTC"))!, "major", now);
    expect(session.dueToday).toBe(3);
    expect(session.next?.card.key).toBeTruthy();
    const fresh = rows.find((row) => row.state === "new")!;
    const graded = await gradeCard(db(), { userId: me.id, deckId, cardKey: fresh.cardKey, revision: 0, grade: "good", key: null, now }, "/learn");
    expect(graded.status).toBe(303);
    const after = (await db().query.flashcards.findFirst({ where: and(eq(flashcards.userId, me.id), eq(flashcards.cardKey, fresh.cardKey)) }))!;
    expect({ reps: after.reps, state: after.state, due: after.due }).toEqual({ reps: 1, state: "learning", due: now + 10 * 60_000 });
    // The classic deck's flashcards are another deck's: untouched.
    expect(
      await db()
        .select()
        .from(flashcards)
        .where(and(eq(flashcards.userId, me.id), isNull(flashcards.deckId))),
    ).toEqual([]);
  });
});

describe("whose attempt", () => {
  it("is the person's alone: another person's attempt is a 404 to read and to answer, and a visitor is asked to sign in", async () => {
    const me = await person();
    const other = await person();
    const { attempt } = await start(me.cookie, "classic");
    const answers = await answersFor(attempt, () => true);
    expect((await get(`/learn/quiz/${attempt}`, { cookie: other.cookie })).status).toBe(404);
    expect((await post(`/learn/quiz/${attempt}`, answers, { cookie: other.cookie })).status).toBe(404);
    const [row] = await db().select().from(learnQuizAttempts).where(eq(learnQuizAttempts.id, attempt));
    expect(row!.answeredAt).toBeNull();
    expect((await get(`/learn/quiz/${newId()}`, { cookie: me.cookie })).status).toBe(404);
    expect((await get("/learn/quiz/not%20an%20id", { cookie: me.cookie })).status).toBe(404);
    const nobody = await get("/learn/quiz");
    expect(nobody.status).toBe(302);
    expect(nobody.headers.get("location")).toMatch(/^\/login/);
    const theirs = await (await get("/learn/quiz", { cookie: other.cookie })).text();
    expect(theirs).not.toContain(attempt);
  });
});

describe("the lessons' path", () => {
  const lessonsPage = async (cookie: string) => {
    const response = await get("/learn/lessons", { cookie });
    expect(response.status).toBe(200);
    return response.text();
  };
  const readOnPage = (html: string) => [...html.matchAll(/data-lesson="([^"]+)" data-read="yes"/g)].map((match) => match[1]);

  it("marks a lesson read for the person alone, shows the progress, and marks it unread again", async () => {
    const me = await person();
    const other = await person();
    expect(await lessonsPage(me.cookie)).toContain("0 of 11 lessons read");
    const marked = await post("/learn/lessons", { lesson: "guide:reversals", intent: "read" }, { cookie: me.cookie });
    expect(marked.status).toBe(303);
    expect(marked.headers.get("location")).toBe("/learn/lessons#basics");
    // Twice is the same as once.
    expect((await post("/learn/lessons", { lesson: "guide:reversals", intent: "read" }, { cookie: me.cookie })).status).toBe(303);
    await post("/learn/lessons", { lesson: "cards:cups", intent: "read" }, { cookie: me.cookie });
    const mine = await lessonsPage(me.cookie);
    expect(readOnPage(mine)).toEqual(["guide:reversals", "cards:cups"]);
    expect(mine).toContain("2 of 11 lessons read");
    expect(mine).toContain("1 of 2 read");
    // Another person's path is their own: untouched by mine, and theirs does not touch mine.
    expect(readOnPage(await lessonsPage(other.cookie))).toEqual([]);
    await post("/learn/lessons", { lesson: "guide:reversals", intent: "unread" }, { cookie: other.cookie });
    expect(readOnPage(await lessonsPage(me.cookie))).toEqual(["guide:reversals", "cards:cups"]);
    expect(await db().select().from(lessonReads).where(eq(lessonReads.userId, other.id))).toEqual([]);
    await post("/learn/lessons", { lesson: "guide:reversals", intent: "unread" }, { cookie: me.cookie });
    expect(readOnPage(await lessonsPage(me.cookie))).toEqual(["cards:cups"]);
    // A lesson that is not on the path is refused, and keeps nothing.
    const odd = await post("/learn/lessons", { lesson: "guide:nothing", intent: "read" }, { cookie: me.cookie });
    expect(odd.status).toBe(400);
    expect(await db().select().from(lessonReads).where(eq(lessonReads.userId, me.id))).toHaveLength(1);
    const nobody = await get("/learn/lessons");
    expect(nobody.status).toBe(302);
    expect(nobody.headers.get("location")).toMatch(/^\/login/);
  });

  it("closes each group with a short quiz drawn from that group's cards", async () => {
    const me = await person();
    const html = await lessonsPage(me.cookie);
    // Each group's quiz form: its hidden fields, as the page drew them.
    const forms = [...html.matchAll(/<form[^>]*action="\/learn\/quiz"[^>]*>([\s\S]*?)<\/form>/g)].map((match) =>
      Object.fromEntries([...match[1]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((field) => [field[1], field[2]])),
    );
    expect(forms.map((form) => form.topic)).toEqual(["all", "major", "wands", "cups", "swords", "pentacles", "spreads"]);
    const cups = forms.find((form) => form.topic === "cups")!;
    expect(cups).toMatchObject({ deck: "classic", size: "5" });
    const started = await post("/learn/quiz", cups, { cookie: me.cookie });
    expect(started.status).toBe(303);
    const questions = await questionsOf(cups.attempt!);
    expect(questions).toHaveLength(5);
    expect(questions.every((q) => q.cardKey?.startsWith("cups-"))).toBe(true);
    const spreads = forms.find((form) => form.topic === "spreads")!;
    await post("/learn/quiz", spreads, { cookie: me.cookie });
    expect((await questionsOf(spreads.attempt!)).every((q) => q.kind === "position")).toBe(true);
    // Its result shows on the path once answered.
    await post(`/learn/quiz/${cups.attempt}`, await answersFor(cups.attempt!, () => true), { cookie: me.cookie });
    expect(await lessonsPage(me.cookie)).toContain("Last time 5 of 5");
  });
});

describe("the learning streak", () => {
  const streakAt = async (userId: string, zone: string, now: number) => learningStreak(await learningDaysQuery(db(), userId), zone, now);
  const at = (iso: string) => Date.parse(iso);

  it("counts the person's own days with a review or a turned card, across their midnight, and breaks on a missed day", async () => {
    const me = await person();
    await db().insert(dailySettings).values({ userId: me.id, timeZone: "Asia/Tokyo" });
    const review = (cardKey: string, now: number) =>
      gradeCard(db(), { userId: me.id, deckId: null, cardKey, revision: 0, grade: "good", key: null, now, timeZone: "UTC" }, "/learn");
    // 23:30 on 1 March in Tokyo, then 00:30 on 2 March there: two days, though one in UTC.
    await review("major-00", at("2026-03-01T14:30:00Z"));
    expect(await streakAt(me.id, "Asia/Tokyo", at("2026-03-01T14:40:00Z"))).toBe(1);
    await review("major-01", at("2026-03-01T15:30:00Z"));
    expect(await streakAt(me.id, "Asia/Tokyo", at("2026-03-01T15:40:00Z"))).toBe(2);
    // 3 March: the card of the day turned over, no flashcard.
    await advanceDailyCard(db(), me.id, "UTC", "turn", at("2026-03-03T01:00:00Z"));
    expect(await streakAt(me.id, "Asia/Tokyo", at("2026-03-03T02:00:00Z"))).toBe(3);
    // Still three all through 4 March while the day is open; gone on 5 March, after a missed day.
    expect(await streakAt(me.id, "Asia/Tokyo", at("2026-03-04T14:00:00Z"))).toBe(3);
    expect(await streakAt(me.id, "Asia/Tokyo", at("2026-03-04T15:30:00Z"))).toBe(0);
    await review("major-02", at("2026-03-05T00:00:00Z"));
    expect(await streakAt(me.id, "Asia/Tokyo", at("2026-03-05T01:00:00Z"))).toBe(1);
    const days = await db().select().from(learningDays).where(eq(learningDays.userId, me.id));
    expect(days.map((day) => day.localDate).sort()).toEqual(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-05"]);
  });

  it("is shown on /learn and /today, and the reminder is offered on /learn only after a first review", async () => {
    const me = await person();
    const learn = async () => (await get("/learn", { cookie: me.cookie })).text();
    const before = await learn();
    expect(before).toMatch(/data-testid="learning-streak" data-days="0"/);
    expect(before).not.toContain('data-testid="learn-reminder"');
    const page = await (await get("/learn/classic?scope=major", { cookie: me.cookie })).text();
    const key = /name="submissionKey" value="([^"]+)"/.exec(page)![1]!;
    expect(
      (await post("/learn/classic?scope=major", { card: "major-00", revision: "0", grade: "good", submissionKey: key }, { cookie: me.cookie })).status,
    ).toBe(303);
    const after = await learn();
    expect(after).toMatch(/data-testid="learning-streak" data-days="1"/);
    expect(after).toContain('data-testid="learn-reminder"');
    expect(await (await get("/today", { cookie: me.cookie })).text()).toMatch(/data-testid="learning-streak" data-days="1"/);
  });
});

describe("the reminder to learn", () => {
  afterEach(() => vi.restoreAllMocks());
  const at = (iso: string) => Date.parse(iso);

  it("goes by push once a day at the chosen time, not on a day already learnt, and not when off", async () => {
    const config = readConfig(env as unknown as Env);
    const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
    const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
    const privateKey = fromBase64Url(((await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey).d!);
    const auth = crypto.getRandomValues(new Uint8Array(16));
    const me = await person();
    const endpoint = `https://push.test/send/${newId()}`;
    const subscribed = await post(
      "/push/subscription",
      { intent: "subscribe", endpoint, p256dh: toBase64Url(publicKey), auth: toBase64Url(auth) },
      { cookie: me.cookie },
    );
    expect(subscribed.status).toBe(200);
    await db().insert(dailySettings).values({ userId: me.id, timeZone: "Asia/Tokyo" });
    const hits: Uint8Array[] = [];
    const real = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (new URL(request.url).origin !== "https://push.test") return real(input as RequestInfo, init);
      if (request.url === endpoint) hits.push(new Uint8Array(await request.arrayBuffer()));
      return new Response(null, { status: 201 });
    });
    // Off by default: nothing goes.
    expect(await sendLearnReminders(db(), config, at("2026-05-01T11:05:00Z"))).not.toContain(me.id);
    const set = await post("/learn/reminder", { reminder: "20:00" }, { cookie: me.cookie });
    expect(set.status).toBe(303);
    expect(set.headers.get("location")).toBe("/learn");
    expect((await post("/learn/reminder", { reminder: "25:00" }, { cookie: me.cookie })).status).toBe(400);
    // 19:50 in Tokyo: not yet. 20:05: the reminder. 20:20: not again the same day.
    expect(await sendLearnReminders(db(), config, at("2026-05-01T10:50:00Z"))).not.toContain(me.id);
    expect(await sendLearnReminders(db(), config, at("2026-05-01T11:05:00Z"))).toContain(me.id);
    expect(await sendLearnReminders(db(), config, at("2026-05-01T11:20:00Z"))).not.toContain(me.id);
    expect(hits).toHaveLength(1);
    const message = JSON.parse(new TextDecoder().decode(await decryptMessage(hits[0]!, { privateKey, publicKey, auth })));
    expect(message).toMatchObject({ url: "/learn", tag: "learn-reminder" });
    // The next day, a card reviewed before the time: no reminder.
    await gradeCard(
      db(),
      { userId: me.id, deckId: null, cardKey: "major-03", revision: 0, grade: "good", key: null, now: at("2026-05-02T09:00:00Z") },
      "/learn",
    );
    expect(await sendLearnReminders(db(), config, at("2026-05-02T11:05:00Z"))).not.toContain(me.id);
    // Turned off: none the day after.
    expect((await post("/learn/reminder", { reminder: "" }, { cookie: me.cookie })).status).toBe(303);
    expect(await sendLearnReminders(db(), config, at("2026-05-03T11:05:00Z"))).not.toContain(me.id);
    expect(hits).toHaveLength(1);
    // The card of the day's own reminder was never set, so it sent nothing all along.
    expect((await db().select().from(dailySettings).where(eq(dailySettings.userId, me.id)))[0]!.remindedOn).toBeNull();
  });
});
