/**
 * A journal that grows: tags and a mood on each reading, full-text search over questions,
 * interpretations, notes, cards and tags, filters, and the journal as a file — exported as JSON
 * and CSV, imported again without duplicates, into the same account or another one.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { ENTRY_SAVED, ENTRY_STALE, NOTES_SUPERSEDED } from "../../app/reading-room/journal.server";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { exportCsv, exportEntries, importEntries, parseExport } from "../../app/journal/export.server";
import { journalSearchQuery } from "../../app/journal/search.server";
import { newId } from "../../app/lib/crypto";
import { decks, readingJournal, users } from "../../db/schema";
import { app, get, ORIGIN, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);

async function person(name = "Journal Keeper") {
  const id = newId();
  await db()
    .insert(users)
    .values({
      id,
      email: `${id}@example.com`,
      username: `k_${id
        .slice(0, 10)
        .toLowerCase()
        .replace(/[^a-z0-9_]/g, "")}`,
      fullName: name,
    });
  return { id, cookie: await signInAs(id) };
}

type Card = { key: string; name: string; position: number; positionName: string; reversed: boolean };
const card = (key: string, name: string, position: number, reversed = false): Card => ({
  key,
  name,
  position,
  positionName: ["Past", "Present", "Future"][position] ?? `Card ${position + 1}`,
  reversed,
});

async function entry(userId: string, values: Partial<typeof readingJournal.$inferInsert> & { cards?: Card[] } = {}) {
  const id = newId();
  await db()
    .insert(readingJournal)
    .values({ id, userId, spreadId: "single", spreadName: "Single card", cards: [card("major-17", "The Star", 0)], createdAt: Date.now(), ...values });
  return id;
}

const search = async (userId: string, filters: Parameters<typeof journalSearchQuery>[2]) =>
  (await journalSearchQuery(db(), userId, filters)).map((row) => row.id).sort();
const page = async (path: string, cookie: string) => (await (await visit(path, { cookie })).text()).replaceAll("<!-- -->", "");

describe("searching the journal", () => {
  it("finds readings by the words of their question, interpretation, notes, cards and tags, as they are typed", async () => {
    const me = await person();
    const other = await person();
    const byQuestion = await entry(me.id, { question: "Should I move to Lisbon?" });
    const byInterpretation = await entry(me.id, { interpretation: "## Overall Energy\nA season of harvest is coming." });
    const byNotes = await entry(me.id, { notes: "Drew this on the night train to Porto." });
    const byCard = await entry(me.id, {
      spreadId: "three-card",
      spreadName: "Past, Present, Future",
      cards: [card("major-16", "The Tower", 0, true), card("cups-03", "Three of Cups", 1)],
    });
    const byTag = await entry(me.id, { tags: ["new job"] });
    await entry(other.id, { question: "Should I move to Lisbon too?", notes: "Porto", tags: ["new job"] });

    expect(await search(me.id, { q: "lisbon" })).toEqual([byQuestion]);
    expect(await search(me.id, { q: "harvest" })).toEqual([byInterpretation]);
    expect(await search(me.id, { q: "night train" })).toEqual([byNotes]);
    expect(await search(me.id, { q: "tower reversed" })).toEqual([byCard]);
    expect(await search(me.id, { q: "new job" })).toEqual([byTag]);
    // The last word matches as the start of a word, for search while typing; accents do not matter.
    expect(await search(me.id, { q: "Lisb" })).toEqual([byQuestion]);
    expect(await search(me.id, { q: "pórto" })).toEqual([byNotes]);
    // Operators are words, never a syntax error.
    expect(await search(me.id, { q: 'NEAR( "star* OR' })).toEqual([]);
  });

  it("keeps the index in step with notes, tags and deletions", async () => {
    const me = await person();
    const id = await entry(me.id);
    expect(await search(me.id, { q: "lighthouse" })).toEqual([]);
    await db().update(readingJournal).set({ notes: "The lighthouse again." }).where(eq(readingJournal.id, id));
    expect(await search(me.id, { q: "lighthouse" })).toEqual([id]);
    await db()
      .update(readingJournal)
      .set({ tags: ["dreams"], mood: "hopeful" })
      .where(eq(readingJournal.id, id));
    expect(await search(me.id, { q: "dreams" })).toEqual([id]);
    expect(await search(me.id, { q: "hopeful" })).toEqual([id]);
    await db().delete(readingJournal).where(eq(readingJournal.id, id));
    expect(await search(me.id, { q: "lighthouse" })).toEqual([]);
  });

  it("filters by deck, spread, card, tag and mood, together with the words", async () => {
    const me = await person();
    const deckId = newId();
    await db().insert(decks).values({ id: deckId, creatorId: me.id, title: "Harbour Lights", theme: "harbour", status: "ready" });
    const mine = await entry(me.id, { deckId, tags: ["work"], mood: "calm", notes: "tide" });
    const threeCards = await entry(me.id, {
      spreadId: "three-card",
      spreadName: "Past, Present, Future",
      cards: [card("wands-01", "Ace of Wands", 0), card("major-17", "The Star", 1)],
      tags: ["work", "love"],
      notes: "tide",
    });
    const classic = await entry(me.id, { cards: [card("wands-01", "Ace of Wands", 0)], mood: "anxious" });

    expect(await search(me.id, { deck: deckId })).toEqual([mine]);
    expect(await search(me.id, { deck: "classic" })).toEqual([threeCards, classic].sort());
    expect(await search(me.id, { spread: "three-card" })).toEqual([threeCards]);
    expect(await search(me.id, { card: "wands-01" })).toEqual([threeCards, classic].sort());
    expect(await search(me.id, { tag: "work" })).toEqual([mine, threeCards].sort());
    expect(await search(me.id, { mood: "anxious" })).toEqual([classic]);
    expect(await search(me.id, { q: "tide", tag: "love" })).toEqual([threeCards]);
  });

  it("is the journal page's: a search without JavaScript lists what matches and counts it", async () => {
    const me = await person();
    await entry(me.id, { question: "Is the orchard ready?" });
    await entry(me.id, { question: "What of the harbour?" });
    const html = await page("/journal?q=orchard", me.cookie);
    expect(html).toContain("Is the orchard ready?");
    expect(html).not.toContain("What of the harbour?");
    expect(html).toContain("1 of 2 readings");
    // Another person's words find nothing of theirs here.
    const stranger = await person();
    expect(await page("/journal?q=orchard", stranger.cookie)).not.toContain("orchard ready");
  });
});

describe("tags and mood", () => {
  /** The entry as the database holds it. */
  const stored = (id: string) => db().query.readingJournal.findFirst({ where: eq(readingJournal.id, id) });

  it("are saved from the reading's page, cleaned, and refused with a clear message when they break the rules", async () => {
    const me = await person();
    const id = await entry(me.id);
    const saved = await post(`/journal/${id}`, { intent: "notes", notes: "", tags: " Love,  NEW   job, love ,", mood: "hopeful" }, { cookie: me.cookie });
    expect(saved.status).toBe(200);
    const row = await stored(id);
    expect(row).toMatchObject({ tags: ["love", "new job"], mood: "hopeful" });

    const tooMany = await post(
      `/journal/${id}`,
      { intent: "notes", notes: "Lost?", tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(","), mood: "" },
      { cookie: me.cookie },
    );
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain("At most 10 tags");
    const badMood = await post(`/journal/${id}`, { intent: "notes", notes: "Lost?", tags: "ok", mood: "furious" }, { cookie: me.cookie });
    expect(badMood.status).toBe(400);
    expect(await badMood.text()).toContain("Choose one of the moods offered");
    const badTag = await post(`/journal/${id}`, { intent: "notes", notes: "Lost?", tags: "<script>", mood: "" }, { cookie: me.cookie });
    expect(badTag.status).toBe(400);
    // A refused form writes none of its fields.
    expect(await stored(id)).toMatchObject({
      notes: "",
      tags: ["love", "new job"],
      mood: "hopeful",
    });

    // Someone else's reading is not found, and not changed.
    const stranger = await person();
    expect((await post(`/journal/${id}`, { intent: "notes", notes: "mine", tags: "mine", mood: "" }, { cookie: stranger.cookie })).status).toBe(404);
    expect(await stored(id)).toMatchObject({ notes: "", tags: ["love", "new job"] });
  });

  it("are saved with the notes by the page's one form, so a note typed before saving the tags is never lost", async () => {
    const me = await person();
    const id = await entry(me.id);
    const before = (await stored(id))!;
    // The page's form: every field of the entry, and its one button.
    const html = await page(`/journal/${id}`, me.cookie);
    expect(html.match(/<form[^>]*method="post"[^>]*data-outbox="journal-notes"[\s\S]*?<\/form>/)?.[0]).toMatch(
      /name="notes"[\s\S]*name="tags"[\s\S]*name="mood"[\s\S]*Save notes and tags/,
    );
    expect(html).not.toContain("Save tags");
    const saved = await post(
      `/journal/${id}`,
      { intent: "notes", revision: String(before.notesRevision), notes: "The orchard waits for spring.", tags: "orchard, patience", mood: "calm" },
      { cookie: me.cookie },
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(ENTRY_SAVED);
    expect(await stored(id)).toMatchObject({
      notes: "The orchard waits for spring.",
      tags: ["orchard", "patience"],
      mood: "calm",
      notesRevision: before.notesRevision + 1,
    });
    // A page opened before that save changes nothing, tags included, and says so.
    const stale = await post(
      `/journal/${id}`,
      { intent: "notes", revision: String(before.notesRevision), notes: "Older words.", tags: "older", mood: "" },
      { cookie: me.cookie },
    );
    expect(stale.status).toBe(409);
    expect((await stale.text()).replaceAll("&#x27;", "'")).toContain(ENTRY_STALE);
    expect(await stored(id)).toMatchObject({
      notes: "The orchard waits for spring.",
      tags: ["orchard", "patience"],
      mood: "calm",
    });
    // Notes alone (a note kept in a phone's outbox) leave the tags and mood as they are.
    const notesOnly = await post(`/journal/${id}`, { intent: "notes", notes: "Blossom by April." }, { cookie: me.cookie });
    expect(notesOnly.status).toBe(200);
    expect(await stored(id)).toMatchObject({
      notes: "Blossom by April.",
      tags: ["orchard", "patience"],
      mood: "calm",
    });
  });
});

describe("sharing an entry", () => {
  const stored = (id: string) => db().query.readingJournal.findFirst({ where: eq(readingJournal.id, id) });
  it("saves what was typed in the entry's form first, since the share button belongs to it; a stale page shares nothing", async () => {
    const me = await person();
    const id = await entry(me.id);
    const before = (await stored(id))!;
    // The share button is a button of the entry's one form: pressing it sends the notes, tags and mood too.
    const html = await page(`/journal/${id}`, me.cookie);
    expect(html).toMatch(/<form[^>]*id="journal-entry"[^>]*>[\s\S]*name="notes"[\s\S]*<\/form>/);
    expect(html).toMatch(/<button[^>]*form="journal-entry"[^>]*name="intent"[^>]*value="share"[^>]*>Make a read-only link/);
    const shared = await post(
      `/journal/${id}`,
      { intent: "share", revision: String(before.notesRevision), notes: "Typed, then shared.", tags: "shared", mood: "hopeful" },
      { cookie: me.cookie },
    );
    expect(shared.status).toBe(200);
    expect(await stored(id)).toMatchObject({ notes: "Typed, then shared.", tags: ["shared"], mood: "hopeful", notesRevision: before.notesRevision + 1 });
    expect((await stored(id))!.shareId).toBeTruthy();

    // A page opened before that save neither overwrites the notes nor stops the link.
    const stale = await post(
      `/journal/${id}`,
      { intent: "unshare", revision: String(before.notesRevision), notes: "Older words.", tags: "", mood: "" },
      { cookie: me.cookie },
    );
    expect(stale.status).toBe(409);
    expect((await stale.text()).replaceAll("&#x27;", "'")).toContain(ENTRY_STALE);
    expect(await stored(id)).toMatchObject({ notes: "Typed, then shared.", tags: ["shared"] });
    expect((await stored(id))!.shareId).toBeTruthy();
  });
});

describe("one page's sends of its notes", () => {
  const stored = (id: string) => db().query.readingJournal.findFirst({ where: eq(readingJournal.id, id) });
  /**
   * The entry's page as drawn: its form's key, and the fields every send of it carries; the page's
   * script numbers the sends (`send`), a page without it sends none (null).
   */
  async function drawn(id: string, cookie: string) {
    const html = await page(`/journal/${id}`, cookie);
    const form = /<form[^>]*id="journal-entry"[\s\S]*?<\/form>/.exec(html)![0];
    // Named by the script once it runs: the page as served has no number to send.
    expect(form).toContain('name="submissionKey"');
    expect(form).not.toContain('name="send"');
    const key = /name="submissionKey" value="([^"]+)"/.exec(html)![1]!;
    return (intent: "notes" | "share", send: number | null, notes: string) =>
      post(
        `/journal/${id}`,
        { intent, revision: "0", ...(send === null ? {} : { send: String(send) }), submissionKey: key, notes, tags: "winter, Hope", mood: "hopeful" },
        { cookie },
      );
  }

  it("saves a later send that carries the page's key before the page heard back, and shares with it", async () => {
    const me = await person();
    const id = await entry(me.id);
    const send = await drawn(id, me.cookie);
    expect((await send("notes", 0, "Hope, after the long winter.")).status).toBe(200);
    // "Saved" shows before the page has its new key: more typed, then the other button.
    const shared = await send("share", 1, "Hope, after the long winter. Then the thaw.");
    expect(shared.status).toBe(200);
    expect(await stored(id)).toMatchObject({
      notes: "Hope, after the long winter. Then the thaw.",
      tags: ["winter", "hope"],
      mood: "hopeful",
      notesRevision: 2,
    });
    expect((await stored(id))!.shareId).toBeTruthy();
    // Each send sent again answers as it did and changes nothing.
    expect(await (await send("notes", 0, "Hope, after the long winter.")).text()).toContain(ENTRY_SAVED);
    expect((await send("share", 1, "Hope, after the long winter. Then the thaw.")).status).toBe(200);
    expect(await stored(id)).toMatchObject({ notes: "Hope, after the long winter. Then the thaw.", notesRevision: 2 });
  });

  it("keeps the later send's words when the earlier one lands after it, or both land at once", async () => {
    const me = await person();
    const late = await entry(me.id);
    const send = await drawn(late, me.cookie);
    expect((await send("share", 1, "The thaw.")).status).toBe(200);
    const earlier = await send("notes", 0, "The long winter.");
    expect(earlier.status).toBe(200);
    expect(await earlier.text()).toContain(NOTES_SUPERSEDED);
    expect(await stored(late)).toMatchObject({ notes: "The thaw.", notesRevision: 1 });

    for (let round = 0; round < 3; round++) {
      const id = await entry(me.id);
      const both = await drawn(id, me.cookie);
      const answers = await Promise.all([both("notes", 0, "The long winter."), both("share", 1, "The thaw.")]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(await stored(id)).toMatchObject({ notes: "The thaw." });
      expect((await stored(id))!.shareId).toBeTruthy();
    }
  });

  it("still refuses a later send once another page saved in between, and shares nothing", async () => {
    const me = await person();
    const id = await entry(me.id);
    const send = await drawn(id, me.cookie);
    expect((await send("notes", 0, "Mine.")).status).toBe(200);
    const elsewhere = await post(
      `/journal/${id}`,
      { intent: "notes", revision: "1", notes: "From the other phone.", tags: "", mood: "" },
      { cookie: me.cookie },
    );
    expect(elsewhere.status).toBe(200);
    const after = await send("share", 1, "Mine, and more.");
    expect(after.status).toBe(409);
    expect((await after.text()).replaceAll("&#x27;", "'")).toContain(ENTRY_STALE);
    expect(await stored(id)).toMatchObject({ notes: "From the other phone.", shareId: null });
  });

  it("saves what a page without JavaScript sends again after the browser's Back with other words, and repeats nothing", async () => {
    const me = await person();
    const id = await entry(me.id);
    const send = await drawn(id, me.cookie);
    expect((await send("notes", null, "The long winter.")).status).toBe(200);
    // The same words again (a second click): answered as the first, nothing written.
    expect(await (await send("notes", null, "The long winter.")).text()).toContain(ENTRY_SAVED);
    expect(await stored(id)).toMatchObject({ notes: "The long winter.", notesRevision: 1 });
    // Back to the page, more typed, sent with the same key: saved, not answered "saved" and dropped.
    const again = await send("notes", null, "The long winter. Then the thaw.");
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(ENTRY_SAVED);
    expect(await stored(id)).toMatchObject({ notes: "The long winter. Then the thaw.", notesRevision: 2 });
    // And once more from the same page, after a second Back.
    expect((await send("share", null, "The long winter. Then the thaw. Then spring.")).status).toBe(200);
    expect(await stored(id)).toMatchObject({ notes: "The long winter. Then the thaw. Then spring.", notesRevision: 3 });
    expect((await stored(id))!.shareId).toBeTruthy();

    // The last words sent again (a second click): nothing more is written.
    expect((await send("share", null, "The long winter. Then the thaw. Then spring.")).status).toBe(200);
    expect(await stored(id)).toMatchObject({ notes: "The long winter. Then the thaw. Then spring.", notesRevision: 3 });
  });
});

/** Posts a file to the journal's import, as the page's form does. */
async function importFile(cookie: string, text: string, name = "journal.json") {
  const form = new FormData();
  form.set("journal", new File([text], name, { type: "application/json" }));
  return app.fetch(`${ORIGIN}/journal`, { method: "POST", body: form, redirect: "manual", headers: { cookie, origin: ORIGIN, host: "localhost" } });
}

describe("the journal as a file", () => {
  it("exports as JSON that imports again: nothing twice into the same account, everything once into another", async () => {
    const me = await person();
    const deckId = newId();
    await db().insert(decks).values({ id: deckId, creatorId: me.id, title: "Harbour Lights", theme: "harbour", status: "ready" });
    await entry(me.id, { question: "First", notes: "note one", tags: ["sea"], mood: "calm", deckId, createdAt: Date.UTC(2026, 0, 2) });
    await entry(me.id, {
      question: "Second",
      interpretation: "## Overall Energy\nSteady.",
      createdAt: Date.UTC(2026, 1, 3),
      cards: [card("major-16", "The Tower", 0, true)],
    });

    const exported = await get("/journal/export.json", { cookie: me.cookie });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="arcanum-journal-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(exported.headers.get("cache-control")).toBe("private, no-store");
    const text = await exported.text();

    const again = await importFile(me.cookie, text);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Nothing new: the 2 readings in this file are in your journal already.");
    expect(await db().$count(readingJournal, eq(readingJournal.userId, me.id))).toBe(2);

    const friend = await person();
    const first = await importFile(friend.cookie, text);
    expect(await first.text()).toContain("Imported 2 readings.");
    const second = await importFile(friend.cookie, text);
    expect(await second.text()).toContain("Nothing new");
    const theirs = await exportEntries(db(), friend.id);
    expect(theirs).toHaveLength(2);
    const mine = await exportEntries(db(), me.id);
    const strip = (rows: typeof mine) => rows.map(({ id: _id, ...rest }) => rest);
    // The same readings, with the deck kept where it still exists.
    expect(strip(theirs)).toEqual(strip(mine));
    expect(theirs[0]).toMatchObject({ question: "First", tags: ["sea"], mood: "calm", deckId });
    // And they are searchable at once.
    expect(await search(friend.id, { q: "tower" })).toHaveLength(1);
  });

  it("imports two files at once without doubling anything", async () => {
    const me = await person();
    await entry(me.id, { question: "Concurrent" });
    const text = await (await get("/journal/export.json", { cookie: me.cookie })).text();
    const friend = await person();
    const answers = await Promise.all([importFile(friend.cookie, text), importFile(friend.cookie, text)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await db().$count(readingJournal, eq(readingJournal.userId, friend.id))).toBe(1);
  });

  it("refuses what is not a journal file, with the reason, and changes nothing", async () => {
    const me = await person();
    const cases: [string, number, string][] = [
      ["not json", 422, "This file is not JSON."],
      [JSON.stringify({ format: "other", version: 1, entries: [] }), 422, "This is not an Arcanum journal file."],
      [JSON.stringify({ format: "arcanum-journal", version: 9, entries: [] }), 422, "newer Arcanum"],
      [
        JSON.stringify({
          format: "arcanum-journal",
          version: 1,
          entries: [
            {
              id: "x",
              createdAt: 1,
              question: null,
              spreadId: "single",
              spreadName: "Single",
              deckId: null,
              cards: [{ key: "major-99", name: "?", position: 0, positionName: "?", reversed: false }],
              interpretation: null,
              notes: "",
            },
          ],
        }),
        422,
        "an unknown card (reading 1, cards)",
      ],
    ];
    for (const [text, status, message] of cases) {
      const answer = await importFile(me.cookie, text);
      expect(answer.status).toBe(status);
      expect(await answer.text()).toContain(message);
    }
    const empty = new FormData();
    const none = await app.fetch(`${ORIGIN}/journal`, {
      method: "POST",
      body: empty,
      redirect: "manual",
      headers: { cookie: me.cookie, origin: ORIGIN, host: "localhost" },
    });
    expect(none.status).toBe(400);
    expect(await db().$count(readingJournal, eq(readingJournal.userId, me.id))).toBe(0);
  });

  it("exports CSV a spreadsheet opens safely: quoted, UTF-8, formulas defused", async () => {
    const me = await person();
    await entry(me.id, {
      question: '=HYPERLINK("http://evil")',
      notes: 'She said "yes",\nthen left',
      tags: ["a", "b"],
      cards: [card("major-16", "The Tower", 0, true)],
    });
    const answer = await get("/journal/export.csv", { cookie: me.cookie });
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const csv = await answer.text();
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("date,question,spread,deck,cards,tags,mood,notes,interpretation");
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain('"She said ""yes"",\nthen left"');
    expect(csv).toContain('"Past: The Tower (reversed)"');
    expect(csv).toContain('"Classic deck"');
    expect(exportCsv([], new Map())).toBe("\uFEFFdate,question,spread,deck,cards,tags,mood,notes,interpretation\r\n");
  });

  it("is the person's own: no export without an account's session, and a guest cannot import", async () => {
    const anonymous = await get("/journal/export.json");
    expect([302, 401, 403]).toContain(anonymous.status);
    expect(await anonymous.text()).not.toContain("arcanum-journal");
    expect(parseExport("{}")).toMatchObject({ ok: false });
    expect(await importEntries(db(), (await person()).id, [])).toEqual({ ok: true, added: 0, skipped: 0 });
  });
});
