/**
 * Readings done with a physical deck, logged by hand, and the journal in numbers: the log takes
 * the cards as people type them, refuses what cannot be a reading with the reason, adds one entry
 * however often the form is sent, and the entry is searched, filtered, exported and imported like
 * the others. The statistics count the person's own readings on their own calendar.
 */
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { exportEntries, importEntries } from "../../app/journal/export.server";
import { cardNamed } from "../../app/journal/physical-log";
import { journalSearchQuery } from "../../app/journal/search.server";
import { journalStats, percent } from "../../app/journal/stats";
import { newId } from "../../app/lib/crypto";
import { dailySettings, readingJournal, users } from "../../db/schema";
import { post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);

async function person() {
  const id = newId();
  await db()
    .insert(users)
    .values({
      id,
      email: `${id}@example.com`,
      username: `l_${id
        .slice(0, 10)
        .toLowerCase()
        .replace(/[^a-z0-9_]/g, "")}`,
      fullName: "Table Reader",
    });
  return { id, cookie: await signInAs(id) };
}

const html = async (path: string, cookie: string) => (await (await visit(path, { cookie })).text()).replaceAll("<!-- -->", "");

/** A three-card reading as the log form sends it. */
const threeCards = (key: string, extra: Record<string, string> = {}) => ({
  submissionKey: key,
  spread: "three-card",
  question: "Will the move to the coast go well?",
  deck: "Rider–Waite",
  day: "",
  "card-0": "the tower",
  "card-1": "Ace of cups",
  "reversed-1": "on",
  "card-2": "STAR",
  notes: "Shuffled on the kitchen table; the Tower jumped out first.",
  tags: "move, coast",
  mood: "hopeful",
  ...extra,
});

const entriesOf = (userId: string) => db().select().from(readingJournal).where(eq(readingJournal.userId, userId));

describe("logging a reading done with a physical deck", () => {
  it("keeps the cards as typed, in their positions, and opens the new entry", async () => {
    const me = await person();
    const key = newId();
    const answer = await post("/journal/log", threeCards(key), { cookie: me.cookie });
    expect(answer.status).toBe(302);
    const [entry] = await entriesOf(me.id);
    expect(answer.headers.get("location")).toBe(`/journal/${entry!.id}`);
    expect(entry).toMatchObject({
      spreadId: "three-card",
      spreadName: "Three cards",
      question: "Will the move to the coast go well?",
      physicalDeck: "Rider–Waite",
      deckId: null,
      sessionId: null,
      interpretation: null,
      tags: ["move", "coast"],
      mood: "hopeful",
      cards: [
        { key: "major-16", name: "The Tower", position: 0, positionName: "Past", reversed: false },
        { key: "cups-ace", name: "Ace of Cups", position: 1, positionName: "Present", reversed: true },
        { key: "major-17", name: "The Star", position: 2, positionName: "Future", reversed: false },
      ],
    });
    // The entry's page says which deck it was read with.
    const page = await html(`/journal/${entry!.id}`, me.cookie);
    expect(page).toContain("read with Rider–Waite");
    expect(page).toContain("Ace of Cups");
  });

  it("adds one entry however many times the same form is sent, and answers each time with it", async () => {
    const me = await person();
    const key = newId();
    const answers = await Promise.all([
      post("/journal/log", threeCards(key), { cookie: me.cookie }),
      post("/journal/log", threeCards(key), { cookie: me.cookie }),
    ]);
    const again = await post("/journal/log", threeCards(key), { cookie: me.cookie });
    const rows = await entriesOf(me.id);
    expect(rows).toHaveLength(1);
    for (const one of [...answers, again]) expect(one.headers.get("location")).toBe(`/journal/${rows[0]!.id}`);
    // Someone else's form key finds nothing of theirs: refused, and their entry untouched.
    const stranger = await person();
    const taken = await post("/journal/log", threeCards(key, { notes: "Not mine" }), { cookie: stranger.cookie });
    expect(taken.status).toBe(409);
    expect(await entriesOf(stranger.id)).toHaveLength(0);
    expect((await entriesOf(me.id))[0]!.notes).toContain("kitchen table");
  });

  it("refuses what cannot be a reading, naming the field and the reason, and keeps nothing", async () => {
    const me = await person();
    const cases: [Record<string, string>, string, string][] = [
      [{ "card-1": "The Queen of Hearts" }, "card-1", "“The Queen of Hearts” in position 2 · Present is not a tarot card"],
      [{ "card-2": "the tower" }, "card-2", "The Tower is in position 1 · Past already: a deck holds each card once."],
      [{ "card-2": "" }, "card-2", "Name the card in position 3 · Future."],
      [{ spread: "free" }, "spread", "Choose one of the spreads offered"],
      [{ day: "2999-01-01" }, "day", "A reading cannot be logged on a day still to come."],
      [{ day: "27/11/2026" }, "day", "Give the day as a date"],
      [{ mood: "furious" }, "mood", "Choose one of the moods offered"],
      [{ tags: "=cmd()" }, "tags", "Tags may hold letters, digits, spaces and hyphens"],
      [{ deck: "x".repeat(81) }, "deck", "Keep the deck's name under 81 characters"],
      [{ submissionKey: "short" }, "form", "This form's key is not valid"],
    ];
    for (const [change, field, message] of cases) {
      const answer = await post("/journal/log", threeCards(newId(), change), { cookie: me.cookie });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      const body = (await answer.text()).replaceAll("<!-- -->", "");
      expect(body).toContain(message.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
      expect(body).toContain(`id="${field}-problem"`);
      // What was typed is still in the form.
      expect(body).toContain("Shuffled on the kitchen table");
    }
    expect(await entriesOf(me.id)).toHaveLength(0);
    // Nobody signed in is sent to sign in first.
    const visitor = await post("/journal/log", threeCards(newId()));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login/);
  });

  it("dates a reading from an earlier day at that day's midday, the same day wherever the person is", async () => {
    const me = await person();
    await post("/journal/log", threeCards(newId(), { day: "2026-03-29" }), { cookie: me.cookie });
    const [entry] = await entriesOf(me.id);
    expect(entry!.createdAt).toBe(Date.parse("2026-03-29T12:00:00Z"));
  });

  it("is found by search and by the physical-deck filter, and leaves and comes back through the journal file", async () => {
    const me = await person();
    await post("/journal/log", threeCards(newId()), { cookie: me.cookie });
    const [logged] = await entriesOf(me.id);
    await db()
      .insert(readingJournal)
      .values({
        id: newId(),
        userId: me.id,
        spreadId: "single",
        spreadName: "Single card",
        cards: [{ key: "major-00", name: "The Fool", position: 0, positionName: "The card", reversed: false }],
      });
    const ids = async (filters: Parameters<typeof journalSearchQuery>[2]) => (await journalSearchQuery(db(), me.id, filters)).map((row) => row.id);
    expect(await ids({ q: "kitchen" })).toEqual([logged!.id]);
    expect(await ids({ deck: "physical" })).toEqual([logged!.id]);
    expect(await ids({ deck: "classic" })).not.toContain(logged!.id);
    expect(await html("/journal", me.cookie)).toContain("Your physical decks");

    const file = await exportEntries(db(), me.id);
    expect(file.find((one) => one.id === logged!.id)?.physicalDeck).toBe("Rider–Waite");
    const other = await person();
    expect(await importEntries(db(), other.id, file)).toEqual({ ok: true, added: 2, skipped: 0 });
    expect(await importEntries(db(), other.id, file)).toEqual({ ok: true, added: 0, skipped: 2 });
    const imported = await db()
      .select({ physicalDeck: readingJournal.physicalDeck })
      .from(readingJournal)
      .where(and(eq(readingJournal.userId, other.id), eq(readingJournal.notes, logged!.notes)));
    expect(imported).toEqual([{ physicalDeck: "Rider–Waite" }]);
  });

  it("knows the cards by the names people type", () => {
    expect(cardNamed("the fool")?.key).toBe("major-00");
    expect(cardNamed("Fool")?.key).toBe("major-00");
    expect(cardNamed("  wheel   of fortune ")?.key).toBe("major-10");
    expect(cardNamed("Jugement")).toBeNull();
    expect(cardNamed("Judgement")?.key).toBe("major-20");
    expect(cardNamed("queen of swords")?.key).toBe("swords-queen");
    expect(cardNamed("cups-07")?.name).toBe("Seven of Cups");
    expect(cardNamed("")).toBeNull();
  });
});

describe("the journal in numbers", () => {
  const at = (iso: string) => Date.parse(iso);
  const draw = (key: string, reversed = false) => ({ key, reversed });

  it("counts readings a month on the person's own calendar, and the cards, suits and shares drawn", () => {
    const now = at("2026-11-27T10:00:00Z");
    const readings = [
      // 20:00 UTC on 31 October is 1 November in Tokyo and still 31 October in Los Angeles.
      { createdAt: at("2026-10-31T20:00:00Z"), cards: [draw("major-17"), draw("cups-ace", true)] },
      { createdAt: at("2026-11-10T09:00:00Z"), cards: [draw("major-17", true), draw("major-16"), draw("swords-03")] },
      { createdAt: at("2026-06-15T12:00:00Z"), cards: [draw("major-17")] },
      // Older than the twelve months shown.
      { createdAt: at("2025-06-01T12:00:00Z"), cards: [draw("wands-king")] },
      // A card the deck does not know is not counted.
      { createdAt: at("2026-11-12T12:00:00Z"), cards: [draw("major-99")] },
    ];
    const tokyo = journalStats(readings, "Asia/Tokyo", now);
    const losAngeles = journalStats(readings, "America/Los_Angeles", now);
    const month = (stats: typeof tokyo, key: string) => stats.months.find((one) => one.month === key)?.count;
    expect(tokyo.months).toHaveLength(12);
    expect(tokyo.months[0]!.month).toBe("2025-12");
    expect(tokyo.months.at(-1)).toEqual({ month: "2026-11", label: "Nov 2026", count: 3 });
    expect(month(tokyo, "2026-10")).toBe(0);
    expect(month(losAngeles, "2026-10")).toBe(1);
    expect(month(losAngeles, "2026-11")).toBe(2);
    expect(month(tokyo, "2026-06")).toBe(1);
    expect(tokyo.earlier).toBe(1);
    expect(tokyo).toMatchObject({ readings: 5, draws: 7, majorDraws: 4, reversedDraws: 2 });
    expect(tokyo.topCards.slice(0, 2)).toEqual([
      { key: "major-17", name: "The Star", count: 3 },
      { key: "major-16", name: "The Tower", count: 1 },
    ]);
    expect(Object.fromEntries(tokyo.suits.map((suit) => [suit.id, suit.count]))).toEqual({ major: 4, wands: 1, cups: 1, swords: 1, pentacles: 0 });
    expect([percent(4, 7), percent(0, 0), percent(1, 300)]).toEqual(["57%", "0%", "under 1%"]);
  });

  it("is the person's own page, counted in the time zone they chose, with each chart's words", async () => {
    const me = await person();
    const other = await person();
    await db().insert(dailySettings).values({ userId: me.id, timeZone: "Asia/Tokyo", updatedAt: Date.now() });
    const star = [{ key: "major-17", name: "The Star", position: 0, positionName: "The card", reversed: true }];
    await db()
      .insert(readingJournal)
      .values([
        { id: newId(), userId: me.id, spreadId: "single", spreadName: "Single card", cards: star, createdAt: Date.now() },
        { id: newId(), userId: me.id, spreadId: "single", spreadName: "Single card", cards: star, createdAt: Date.now() - 1000 },
        { id: newId(), userId: other.id, spreadId: "single", spreadName: "Single card", cards: [{ ...star[0]!, key: "major-00", name: "The Fool" }] },
      ]);
    const page = await html("/journal/stats", me.cookie);
    expect(page).toContain("2 readings · 2 cards drawn");
    expect(page).toContain("Your most drawn card is The Star, 2 times in 2 draws.");
    expect(page).toContain("100% of your draws lay reversed (2 of 2).");
    expect(page).toContain("Months follow your calendar in Asia/Tokyo.");
    expect(page).not.toContain("The Fool");
    // Every chart is an image with a name and a description.
    expect(page.match(/<svg[^>]*role="img"[^>]*aria-labelledby="[a-z]+-title [a-z]+-summary"/g)?.length).toBe(5);
    // A journal without readings says so, and offers ways to start one.
    const empty = await html("/journal/stats", (await person()).cookie);
    expect(empty).toContain("No readings yet: the charts fill in as your journal does.");
  });
});
