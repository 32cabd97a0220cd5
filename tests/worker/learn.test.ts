/**
 * Learning the cards with one's own deck (decision 0107): FSRS's schedule for a known run of grades
 * at known moments; a grade that counts once whatever repeats or races it; today's due and new
 * counts; and nobody learns with a deck that is not theirs to use.
 */
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { gradeCard, sessionOf, studyDeck } from "../../app/learn/flashcards.server";
import { NEW_PER_DAY, type Grade } from "../../app/learn/rules";
import { accountTag } from "../../app/outbox/outbox.server";
import { MAJOR_ARCANA } from "../../app/tarot/cards";
import { decks, flashcardReviews, flashcards, users } from "../../db/schema";
import { get, lanternDeck, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);

async function person() {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com`, username: `l_${id.slice(0, 10).replace(/[^a-z0-9]/g, "")}` });
  return { id, cookie: await signInAs(id) };
}

/** A ready private deck of `count` painted Major Arcana cards, The Fool first. */

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const MINUTE = 60_000;

const grade = (userId: string, deckId: string | null, cardKey: string, g: Grade, now: number, revision: number, key: string | null = null) =>
  gradeCard(db(), { userId, deckId, cardKey, revision, grade: g, key, now }, "/learn");

const reviewsOf = (userId: string, cardKey: string) =>
  db()
    .select()
    .from(flashcardReviews)
    .where(and(eq(flashcardReviews.userId, userId), eq(flashcardReviews.cardKey, cardKey)));

describe("the schedule", () => {
  it("brings a card back when FSRS says, for a known run of grades at known moments", async () => {
    const me = await person();
    const deckId = await lanternDeck(me.id, 1);
    // Each grade is given the moment the card falls due. The dates are FSRS-6 with the weights,
    // retention (0.9) and learning steps (1 and 10 minutes) of app/learn/scheduler.server.ts.
    const run: [Grade, string][] = [
      ["good", "2026-01-05T09:10:00.000Z"],
      ["good", "2026-01-07T09:10:00.000Z"],
      ["good", "2026-01-18T09:10:00.000Z"],
      ["again", "2026-01-18T09:20:00.000Z"],
      ["good", "2026-01-20T09:20:00.000Z"],
      ["easy", "2026-01-28T09:20:00.000Z"],
      ["hard", "2026-02-13T09:20:00.000Z"],
    ];
    let now = T0;
    for (const [index, [g, expected]] of run.entries()) {
      expect((await grade(me.id, deckId, "major-00", g, now, index)).status).toBe(303);
      const row = (await db().query.flashcards.findFirst({ where: and(eq(flashcards.userId, me.id), eq(flashcards.deckId, deckId)) }))!;
      expect(new Date(row.due).toISOString(), `after ${g} (grade ${index + 1})`).toBe(expected);
      now = row.due;
    }
    const row = (await db().query.flashcards.findFirst({ where: and(eq(flashcards.userId, me.id), eq(flashcards.deckId, deckId)) }))!;
    expect({ reps: row.reps, lapses: row.lapses, state: row.state, scheduledDays: row.scheduledDays }).toEqual({
      reps: 7,
      lapses: 1,
      state: "review",
      scheduledDays: 16,
    });
    expect(row.stability).toBeCloseTo(16.1274, 3);
    expect(row.difficulty).toBeCloseTo(7.653, 3);
    const log = await reviewsOf(me.id, "major-00");
    expect(log.map((one) => one.grade).sort()).toEqual(run.map(([g]) => g).sort());
    expect(log.filter((one) => one.state === "new")).toHaveLength(1);
  });
});

describe("today's cards", () => {
  it("counts what is due today and the new cards left, and shows the longest-waiting card first", async () => {
    const me = await person();
    const deckId = await lanternDeck(me.id, 6);
    const before = sessionOf((await studyDeck(db(), me.id, deckId, T0, "UTC"))!, "major", T0);
    expect({ due: before.dueToday, new: before.newToday, next: before.next?.card.key }).toEqual({ due: 0, new: 6, next: "major-00" });
    expect(before.next?.card.description).toBe("The Fool, lit by a paper lantern.");
    expect(before.next?.card.meaning.upright.keywords).toContain("beginnings");

    await grade(me.id, deckId, "major-00", "good", T0, 0); // back at 09:10
    await grade(me.id, deckId, "major-01", "easy", T0, 0); // back in days
    await grade(me.id, deckId, "major-02", "again", T0, 0); // back at 09:01
    const later = sessionOf((await studyDeck(db(), me.id, deckId, T0 + 2 * MINUTE, "UTC"))!, "major", T0 + 2 * MINUTE);
    expect({ due: later.dueToday, new: later.newToday, next: later.next?.card.key, revision: later.next?.revision }).toEqual({
      due: 2,
      new: 3,
      next: "major-02",
      revision: 1,
    });

    // The same day in Tokyo ends at 15:00 UTC; the 09:10 card is still today's there.
    const tokyo = (await studyDeck(db(), me.id, deckId, T0 + 2 * MINUTE, "Asia/Tokyo"))!;
    expect(tokyo.day.end).toBe(Date.UTC(2026, 0, 5, 15, 0, 0));
    expect(sessionOf(tokyo, "major", T0 + 2 * MINUTE).dueToday).toBe(2);
  });

  it("brings in at most the day's new cards, then says when the next card is due", async () => {
    const me = await person();
    for (const [index, card] of MAJOR_ARCANA.slice(0, NEW_PER_DAY).entries()) await grade(me.id, null, card.key, "easy", T0 + index * MINUTE, 0);
    const now = T0 + NEW_PER_DAY * MINUTE;
    const session = sessionOf((await studyDeck(db(), me.id, null, now, "UTC"))!, "major", now);
    expect({ due: session.dueToday, new: session.newToday, unseen: session.unseen, next: session.next }).toEqual({
      due: 0,
      new: 0,
      unseen: 22 - NEW_PER_DAY,
      next: null,
    });
    // Tomorrow's new cards come at the person's midnight, before any card met today comes back.
    expect(session.nextDueAt).toBe(Date.UTC(2026, 0, 6));
    expect(session.nextIsNew).toBe(true);
    const all = sessionOf((await studyDeck(db(), me.id, null, now, "UTC"))!, "all", now);
    expect(all.unseen).toBe(78 - NEW_PER_DAY);
  });
});

describe("a grade", () => {
  const page = async (path: string, cookie: string) => {
    const response = await get(path, { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    return {
      html,
      key: /name="submissionKey" value="([^"]+)"/.exec(html)?.[1],
      card: /data-card="([^"]+)"/.exec(html)?.[1],
      revision: /name="revision" value="(\d+)"/.exec(html)?.[1],
    };
  };

  it("counts once when the same key is sent twice, or twice at once", async () => {
    const me = await person();
    const deckId = await lanternDeck(me.id, 5);
    const learn = await page(`/learn?deck=${deckId}&scope=major`, me.cookie);
    expect(learn.html).toMatch(/data-testid="due-count">0</);
    expect(learn.html).toMatch(/data-testid="new-count">5</);

    const first = await page(`/learn/${deckId}?scope=major`, me.cookie);
    // Without JavaScript: the answer is a <details>, the grade a plain form posting back to this address, scope and all.
    const gradeTag = /<form[^>]*data-outbox="flashcard-grade"[^>]*>/.exec(first.html)?.[0];
    expect(gradeTag).toContain('method="post"');
    expect(gradeTag).toContain(`action="/learn/${deckId}?scope=major"`);
    expect(first.html).toMatch(/<details[^>]*data-answer/);
    expect(first.html).toContain("Show the answer");
    expect(first.html).toContain("The Fool, lit by a paper lantern.");
    expect({ card: first.card, revision: first.revision }).toEqual({ card: "major-00", revision: "0" });
    const send = (form: Record<string, string>) => post(`/learn/${deckId}?scope=major`, form, { cookie: me.cookie });
    const form = { card: "major-00", revision: "0", grade: "easy", submissionKey: first.key! };
    const sent = await send(form);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/learn/${deckId}?scope=major`);
    const again = await send(form);
    expect(again.status).toBe(303);
    expect(await reviewsOf(me.id, "major-00")).toHaveLength(1);

    // The same grade sent again under another key (a second tab, an outbox that re-keyed it) is stale: the page had moved on.
    const stale = await send({ ...form, submissionKey: newId() });
    expect(stale.status).toBe(409);
    expect(await reviewsOf(me.id, "major-00")).toHaveLength(1);

    const second = await page(`/learn/${deckId}?scope=major`, me.cookie);
    expect(second.card).toBe("major-01");
    const both = await Promise.all([1, 2].map(() => send({ card: "major-01", revision: "0", grade: "easy", submissionKey: second.key! })));
    expect(both.map((response) => response.status)).toEqual([303, 303]);
    expect(await reviewsOf(me.id, "major-01")).toHaveLength(1);
    const row = await db().query.flashcards.findFirst({ where: and(eq(flashcards.userId, me.id), eq(flashcards.cardKey, "major-01")) });
    expect(row?.reps).toBe(1);

    // A grade kept offline and sent by the outbox (its own key, the account it was written under) counts once however often it is sent.
    const third = await page(`/learn/${deckId}?scope=major`, me.cookie);
    const outbox = { "x-arcanum-outbox": "1", "x-arcanum-outbox-account": await accountTag(me.id) };
    const replay = { card: third.card!, revision: "0", grade: "easy", submissionKey: crypto.randomUUID() };
    for (let i = 0; i < 2; i++) expect((await post(`/learn/${deckId}?scope=major`, replay, { cookie: me.cookie, headers: outbox })).status).toBe(303);
    expect(await reviewsOf(me.id, third.card!)).toHaveLength(1);

    const after = await page(`/learn?deck=${deckId}&scope=major`, me.cookie);
    expect(after.html).toMatch(/data-testid="new-count">2</);
  });

  it("counts on /learn what the review counts: due today, new today, and whether a card waits now", async () => {
    const me = await person();
    const deckId = await lanternDeck(me.id, 6);
    const now = Date.now();
    await grade(me.id, deckId, "major-00", "again", now - 5 * MINUTE, 0); // due a minute later: waiting now
    await grade(me.id, deckId, "major-01", "easy", now - 5 * MINUTE, 0); // back in days
    const learn = await page(`/learn?deck=${deckId}&scope=major`, me.cookie);
    const session = sessionOf((await studyDeck(db(), me.id, deckId, Date.now(), "UTC"))!, "major", Date.now());
    expect({ due: session.dueToday, new: session.newToday }).toEqual({ due: 1, new: 4 });
    expect(learn.html).toMatch(new RegExp(`data-testid="due-count">${session.dueToday}<`));
    expect(learn.html).toMatch(new RegExp(`data-testid="new-count">${session.newToday}<`));
    expect(learn.html).toMatch(new RegExp(`href="/learn/${deckId}\\?scope=major"[^>]*>Review<`));
    // Learnt something: the reminder is offered.
    expect(learn.html).toContain('data-testid="learn-reminder"');
  });

  it("refuses a malformed grade", async () => {
    const me = await person();
    const deckId = await lanternDeck(me.id, 1);
    const response = await post(`/learn/${deckId}`, { card: "major-00", revision: "0", grade: "perfect", submissionKey: newId() }, { cookie: me.cookie });
    expect(response.status).toBe(400);
    expect(await db().select().from(flashcards).where(eq(flashcards.userId, me.id))).toEqual([]);
  });
});

describe("whose deck", () => {
  it("refuses another person's private deck (404) and an unknown one, and sends nobody to sign in", async () => {
    const owner = await person();
    const other = await person();
    const deckId = await lanternDeck(owner.id, 3);
    expect((await get(`/learn/${deckId}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await get(`/learn/${deckId}`, { cookie: other.cookie })).status).toBe(404);
    expect((await get(`/learn?deck=${deckId}`, { cookie: other.cookie })).status).toBe(404);
    const graded = await post(`/learn/${deckId}`, { card: "major-00", revision: "0", grade: "good", submissionKey: newId() }, { cookie: other.cookie });
    expect(graded.status).toBe(404);
    expect(await db().select().from(flashcards).where(eq(flashcards.deckId, deckId))).toEqual([]);
    // A public deck of someone else's is for the shop and the reading room, not to learn with unbought.
    await db().update(decks).set({ isPublic: true }).where(eq(decks.id, deckId));
    expect((await get(`/learn/${deckId}`, { cookie: other.cookie })).status).toBe(404);
    expect((await get("/learn/no-such-deck", { cookie: other.cookie })).status).toBe(404);
    const nobody = await get(`/learn/${deckId}`);
    expect(nobody.status).toBe(302);
    expect(nobody.headers.get("location")).toMatch(/^\/login/);
  });

  it("offers the person's own decks and the classic deck to learn with", async () => {
    const me = await person();
    const deckId = await lanternDeck(me.id, 2);
    const html = await (await get("/learn", { cookie: me.cookie })).text();
    expect(html).toContain(`value="${deckId}"`);
    expect(html).toContain('value="classic"');
    expect(html).toMatch(/data-testid="new-count">2</);
    expect((await get("/learn/classic?scope=all", { cookie: me.cookie })).status).toBe(200);
  });

  it("opens on the person's newest deck of their own, a deck named, or the classic deck", async () => {
    const me = await person();
    const newCount = async (path: string) => /data-testid="new-count">(\d+)</.exec(await (await get(path, { cookie: me.cookie })).text())?.[1];
    // Nothing of their own yet: the classic deck, its first day's ten new cards.
    expect(await newCount("/learn")).toBe(String(NEW_PER_DAY));
    const older = await lanternDeck(me.id, 2);
    await db().update(decks).set({ createdAt: T0 }).where(eq(decks.id, older));
    const newer = await lanternDeck(me.id, 3);
    // A deck still being painted, newer still, has nothing to learn: it is passed over.
    await db().insert(decks).values({ id: newId(), creatorId: me.id, title: "Unpainted", theme: "Fog", status: "ready" });
    expect(await newCount("/learn")).toBe("3");
    expect(await newCount(`/learn?deck=${older}`)).toBe("2");
    expect(await newCount(`/learn?deck=${newer}`)).toBe("3");
    expect(await newCount("/learn?deck=classic")).toBe(String(NEW_PER_DAY));
  });
});
