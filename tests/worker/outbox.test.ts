/**
 * Forms that can wait in a phone's outbox carry a key: the same key sent twice, or twice at once,
 * takes effect once (one note, one review, one deck and one charge); another key is another effect;
 * one person's key never answers for another; a late note never overwrites newer notes. A send that
 * says it comes from the outbox gets the action's word as JSON (decision 0060).
 */
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { accountTag } from "../../app/outbox/outbox.server";
import { OTHER_ACCOUNT_MESSAGE } from "../../app/outbox/protocol";
import { NOTES_SAVED, NOTES_STALE } from "../../app/reading-room/journal.server";
import { SUBMISSION_KEY_TTL_MS } from "../../app/outbox/submission-keys.server";
import { runPeriodicJobs } from "../../app/jobs/periodic.server";
import { deckQuotaLedger, deckReviews, decks, readingJournal, submissionKeys, userDeckQuotas, users } from "../../db/schema";
import { CookieJar, get, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);

async function person() {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com`, username: `o_${id.slice(0, 10).replace(/[^a-z0-9]/g, "")}` });
  return { id, cookie: await signInAs(id) };
}

async function entryOf(userId: string) {
  const id = newId();
  await db()
    .insert(readingJournal)
    .values({
      id,
      userId,
      spreadId: "single",
      spreadName: "Single card",
      cards: [{ key: "major-17", name: "The Star", position: 0, positionName: "The answer", reversed: false }],
    });
  return id;
}

const notesOf = async (entryId: string) =>
  (await db().query.readingJournal.findFirst({ columns: { notes: true, notesRevision: true }, where: eq(readingJournal.id, entryId) }))!;

const saveNotes = (entryId: string, cookie: string, form: Record<string, string>, headers?: Record<string, string>) =>
  post(`/journal/${entryId}`, { intent: "notes", ...form }, { cookie, headers });

const outbox = async (userId: string) => ({ "x-arcanum-outbox": "1", "x-arcanum-outbox-account": await accountTag(userId) });

describe("journal notes with a key", () => {
  it("saves once for the same key sent twice and twice at once, and a late note never overwrites newer ones", async () => {
    const me = await person();
    const entryId = await entryOf(me.id);

    // The page the person opened shows a fresh key and the count of saves it was drawn from.
    const html = await (await get(`/journal/${entryId}`, { cookie: me.cookie })).text();
    expect(html).toContain('data-outbox="journal-notes"');
    const key = /name="submissionKey" value="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain('name="revision" value="0"');

    const first = await saveNotes(entryId, me.cookie, { notes: "The star, again.", revision: "0", submissionKey: key });
    expect(first.status).toBe(200);
    const again = await saveNotes(entryId, me.cookie, { notes: "The star, again.", revision: "0", submissionKey: key });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(NOTES_SAVED);
    expect(await notesOf(entryId)).toEqual({ notes: "The star, again.", notesRevision: 1 });

    // Twice at once with a new key: one save.
    const together = newId();
    const both = await Promise.all([1, 2].map(() => saveNotes(entryId, me.cookie, { notes: "Hope after the storm.", revision: "1", submissionKey: together })));
    expect(both.map((response) => response.status)).toEqual([200, 200]);
    expect(await notesOf(entryId)).toEqual({ notes: "Hope after the storm.", notesRevision: 2 });

    // A note written against an older page (a phone's outbox sending late) is refused, not written over the newer one.
    const late = await saveNotes(entryId, me.cookie, { notes: "Written on the train.", revision: "1", submissionKey: newId() }, await outbox(me.id));
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ ok: false, status: 409, message: NOTES_STALE, held: false });
    // And the first key replayed now answers as it did, changing nothing.
    const replayed = await saveNotes(entryId, me.cookie, { notes: "The star, again.", revision: "0", submissionKey: key }, await outbox(me.id));
    expect(await replayed.json()).toEqual({ ok: true, status: 200, message: NOTES_SAVED, held: false });
    expect(await notesOf(entryId)).toEqual({ notes: "Hope after the storm.", notesRevision: 2 });
  });

  it("keeps keys per person: another person's same key is their own save, and nobody reaches another's entry", async () => {
    const me = await person();
    const other = await person();
    const mine = await entryOf(me.id);
    const theirs = await entryOf(other.id);
    const key = newId();
    expect((await saveNotes(mine, me.cookie, { notes: "Mine.", revision: "0", submissionKey: key })).status).toBe(200);
    // The same key from someone else is not a replay of mine: it saves their own notes.
    expect((await saveNotes(theirs, other.cookie, { notes: "Theirs.", revision: "0", submissionKey: key })).status).toBe(200);
    expect((await notesOf(theirs)).notes).toBe("Theirs.");
    // Nor does anything of theirs reach my entry.
    expect((await saveNotes(mine, other.cookie, { notes: "Not yours.", revision: "1", submissionKey: newId() })).status).toBe(404);
    expect(await notesOf(mine)).toEqual({ notes: "Mine.", notesRevision: 1 });
  });

  it("holds a send written under another account, and refuses one from nobody, as JSON", async () => {
    const me = await person();
    const other = await person();
    const entryId = await entryOf(me.id);
    const wrong = await saveNotes(entryId, other.cookie, { notes: "Mine.", revision: "0", submissionKey: newId() }, await outbox(me.id));
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toEqual({ ok: false, status: 409, message: OTHER_ACCOUNT_MESSAGE, held: true });
    const nobody = await post(
      `/journal/${entryId}`,
      { intent: "notes", notes: "Mine.", submissionKey: newId() },
      { headers: { ...(await outbox(me.id)), "user-agent": "Googlebot" } },
    );
    expect(nobody.status).toBe(401);
    expect(((await nobody.json()) as { held: boolean }).held).toBe(true);
    expect((await notesOf(entryId)).notesRevision).toBe(0);
    // A malformed key is bad input, not a failure.
    expect((await saveNotes(entryId, me.cookie, { notes: "x", submissionKey: "short" })).status).toBe(400);
  });
});

async function newGuest() {
  const jar = new CookieJar();
  jar.take(await visit("/", { headers: { "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250)}` } }));
  return jar;
}

const createDeck = (cookie: string, form: Record<string, string>, headers?: Record<string, string>) =>
  post(
    "/create-deck",
    { intent: "create", theme: "Moonlit tides", style: "watercolour", kind: "major_arcana", quality: "medium", ...form },
    { cookie, headers },
  );

async function creatorOf(location: string) {
  const deckId = location.split("/").pop()!;
  return (await db().query.decks.findFirst({ columns: { creatorId: true }, where: eq(decks.id, deckId) }))!.creatorId;
}

describe("a deck request with a key", () => {
  it("makes one deck and takes one credit for the same key sent twice, or twice at once; another key makes another", async () => {
    const jar = await newGuest();
    const page = await (await get("/create-deck", { cookie: jar.header() })).text();
    expect(page).toContain('data-outbox="create-deck"');
    const key = /name="submissionKey" value="([^"]+)"/.exec(page)![1]!;

    const first = await createDeck(jar.header(), { submissionKey: key });
    expect(first.status).toBe(302);
    const location = first.headers.get("location")!;
    const userId = await creatorOf(location);
    await db().update(userDeckQuotas).set({ majorArcanaQuota: 5 }).where(eq(userDeckQuotas.userId, userId));

    const again = await createDeck(jar.header(), { submissionKey: key });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(location);

    const together = newId();
    const both = await Promise.all([1, 2].map(() => createDeck(jar.header(), { submissionKey: together, theme: "Desert caravans" })));
    expect(both.map((response) => response.status)).toEqual([302, 302]);
    expect(both[0]!.headers.get("location")).toBe(both[1]!.headers.get("location"));
    expect(both[0]!.headers.get("location")).not.toBe(location);

    const another = await createDeck(jar.header(), { submissionKey: newId(), theme: "Winter orchards" });
    expect(another.status).toBe(302);

    const made = await db()
      .select({ n: sql<number>`count(*)` })
      .from(decks)
      .where(eq(decks.creatorId, userId));
    expect(made[0]!.n).toBe(3);
    const charges = await db().select().from(deckQuotaLedger).where(eq(deckQuotaLedger.userId, userId));
    expect(charges.filter((line) => line.majorArcanaChange < 0)).toHaveLength(3);
    expect((await db().query.userDeckQuotas.findFirst({ where: eq(userDeckQuotas.userId, userId) }))!.majorArcanaUsed).toBe(3);
  });

  it("tells the outbox why a request was refused, and lets the key be used once the reason is gone", async () => {
    const jar = await newGuest();
    const first = await createDeck(jar.header(), { submissionKey: newId() });
    const userId = await creatorOf(first.headers.get("location")!);
    const key = newId();
    const refused = await createDeck(jar.header(), { submissionKey: key, theme: "Desert caravans" }, await outbox(userId));
    expect(refused.status).toBe(402);
    const answer = (await refused.json()) as { ok: boolean; status: number; message: string };
    expect(answer).toMatchObject({ ok: false, status: 402 });
    expect(answer.message).toMatch(/credit/i);
    // Sent from the outbox and taken, a deck request answers with its redirect to the new deck.
    await db().update(userDeckQuotas).set({ majorArcanaQuota: 2 }).where(eq(userDeckQuotas.userId, userId));
    const retried = await createDeck(jar.header(), { submissionKey: key, theme: "Desert caravans" }, await outbox(userId));
    expect(retried.status).toBe(302);
    expect(retried.headers.get("location")).toMatch(/^\/collection\//);
  });
});

describe("a review with a key", () => {
  it("posts one review for the same key sent twice", async () => {
    const seller = await person();
    const deckId = newId();
    await db().insert(decks).values({ id: deckId, creatorId: seller.id, title: "Moths", theme: "Moths", status: "ready" });
    expect((await post(`/collection/${deckId}`, { intent: "list", price: "0" }, { cookie: seller.cookie })).status).toBe(200);
    const buyer = await person();
    expect((await post(`/checkout/${deckId}`, {}, { cookie: buyer.cookie })).status).toBe(302);
    const page = await (await get(`/marketplace/${deckId}`, { cookie: buyer.cookie })).text();
    expect(page).toContain('data-outbox="review"');
    const key = /name="submissionKey" value="([^"]+)"/.exec(page)![1]!;
    const form = { intent: "review", rating: "4", body: "Gentle and strange.", submissionKey: key };
    const first = await post(`/marketplace/${deckId}`, form, { cookie: buyer.cookie });
    const again = await post(`/marketplace/${deckId}`, form, { cookie: buyer.cookie, headers: await outbox(buyer.id) });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { message: string }).message).toContain("Thank you");
    expect(await db().select().from(deckReviews).where(eq(deckReviews.deckId, deckId))).toHaveLength(1);
  });
});

describe("old keys", () => {
  it("are swept by the periodic jobs after 30 days", async () => {
    const me = await person();
    const now = Date.now();
    await db()
      .insert(submissionKeys)
      .values([
        {
          userId: me.id,
          key: "old-key-0000000000",
          action: "journal-notes",
          claim: newId(),
          outcomeStatus: 200,
          outcomeBody: "{}",
          createdAt: now - SUBMISSION_KEY_TTL_MS - 1000,
        },
        { userId: me.id, key: "new-key-0000000000", action: "journal-notes", claim: newId(), outcomeStatus: 200, outcomeBody: "{}", createdAt: now },
      ]);
    await runPeriodicJobs(db(), now, null);
    const left = await db().select({ key: submissionKeys.key }).from(submissionKeys).where(eq(submissionKeys.userId, me.id));
    expect(left.map((row) => row.key)).toEqual(["new-key-0000000000"]);
  });
});
