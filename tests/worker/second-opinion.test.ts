/**
 * "Ask a reader about this reading" through the real stack: a client asks a reader about an entry of
 * their journal; the request carries the entry's own spread and cards (and the question and the AI's
 * interpretation only when the client shows them); the price leaves the balance; the reader answers
 * without drawing, earns at the fee rule, and the answer is shown on the same entry. Strangers, other
 * people's entries and offers for fewer cards than the reading are refused, moving no money.
 */
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { listOutbox } from "../../app/mail/mail.server";
import { readingFeeCents } from "../../app/paid-readings/rules";
import { SECOND_OPINION_MESSAGES, secondOpinionOffer } from "../../app/paid-readings/written";
import { FULL_DECK } from "../../app/tarot/cards";
import { cards as deckCards, readingJournal, readingRequests, users, writtenRequests } from "../../db/schema";
import { get, ORIGIN, post, signInAs } from "./helpers";
import { balance, earnings, ledgerSum, topUp } from "./wallet-fixtures";
import { ANSWER, newMember, newReader, offer, requestIdOf } from "./written-fixtures";

const db = () => createDatabase(env.DB);
const touched = new Set<string>();

afterEach(async () => {
  for (const id of touched) expect(await ledgerSum(id), `ledger of ${id}`).toBe(await balance(id));
  touched.clear();
});

const TABLE_QUESTION = "Should I take the offer in Lisbon?";
const AI_TEXT = "The cards lean toward the move: the Star in the middle speaks of hope kept alive.";
const MESSAGE = "The last card puzzles me: what does it say about the people I would leave?";

const card = (key: string, position: number, positionName: string, reversed = false) => ({
  key,
  name: FULL_DECK.find((c) => c.key === key)!.name,
  position,
  positionName,
  reversed,
});

/** A client with $40.00 and an AI reading of three cards in their journal. */
async function clientWithReading(cards = [card("major-16", 0, "Past"), card("major-17", 1, "Present"), card("major-09", 2, "Future", true)]) {
  const client = await newMember();
  touched.add(client.id);
  await topUp(client.id, 4000);
  const entryId = newId();
  await db().insert(readingJournal).values({
    id: entryId,
    userId: client.id,
    spreadId: "three-card",
    spreadName: "Past, Present, Future",
    cards,
    question: TABLE_QUESTION,
    interpretation: AI_TEXT,
  });
  return { client, entryId };
}

const askAbout = (client: { cookie: string }, entryId: string, offerId: string, form: Record<string, string> = {}) =>
  post(`/journal/${entryId}/ask`, { offerId, question: MESSAGE, key: newId(), ...form }, { cookie: client.cookie });

const request = async (id: string) => (await db().query.writtenRequests.findFirst({ where: eq(writtenRequests.id, id) }))!;

describe("a second opinion on a journal reading", () => {
  it("carries the entry's own cards, the question only when shown, and takes the price from the balance; the reader is told", async () => {
    const reader = await newReader();
    const offerId = await offer(reader, { price: "15" });
    const { client, entryId } = await clientWithReading();

    const page = await (await get(`/journal/${entryId}/ask`, { cookie: client.cookie })).text();
    expect(page).toContain("Vera Night");
    expect(page).toContain("$15.00");

    const response = await askAbout(client, entryId, offerId, { shareQuestion: "on" });
    expect(response.status).toBe(302);
    const id = requestIdOf(response);
    const row = await request(id);
    expect(row).toMatchObject({ kind: "second-opinion", journalEntryId: entryId, spreadId: "three-card", spreadName: "Past, Present, Future" });
    expect(row.cards).toEqual((await db().query.readingJournal.findFirst({ where: eq(readingJournal.id, entryId) }))!.cards);
    expect(row.readingQuestion).toBe(TABLE_QUESTION);
    // The AI's interpretation was not chosen: the reader does not get it.
    expect(row.sharedInterpretation).toBeNull();
    expect(await balance(client.id)).toBe(4000 - 1500);

    const seen = await (await get(`/written/${id}`, { cookie: reader.cookie })).text();
    expect(seen).toContain("The Tower");
    expect(seen).toContain("The Hermit");
    expect(seen).toContain(TABLE_QUESTION);
    expect(seen).toContain(MESSAGE.replace("'", "&#x27;").slice(0, 30));
    expect(seen).not.toContain(AI_TEXT);
    expect(seen).not.toContain("Open the private table");
    const mail = await listOutbox(db(), `${reader.id}@example.test`);
    expect(mail.map((m) => m.subject)).toContain("New written reading: Second opinion: Past, Present, Future");
  });

  it("shows the AI's interpretation when the client chooses to, and never their notes", async () => {
    const reader = await newReader();
    const offerId = await offer(reader);
    const { client, entryId } = await clientWithReading();
    await db().update(readingJournal).set({ notes: "Private: I am scared of the move." }).where(eq(readingJournal.id, entryId));
    const response = await askAbout(client, entryId, offerId, { shareInterpretation: "on" });
    expect(response.status).toBe(302);
    const row = await request(requestIdOf(response));
    expect(row.sharedInterpretation).toBe(AI_TEXT);
    expect(row.readingQuestion).toBeNull();
    const seen = await (await get(`/written/${row.id}`, { cookie: reader.cookie })).text();
    expect(seen).toContain(AI_TEXT);
    expect(seen).toContain("Written by AI");
    expect(seen).not.toContain("I am scared of the move");
  });

  it("is answered without a private table; the answer is shown on the same entry and the reader earns it at the fee rule", async () => {
    const reader = await newReader();
    const offerId = await offer(reader, { price: "15" });
    const { client, entryId } = await clientWithReading();
    const id = requestIdOf(await askAbout(client, entryId, offerId));

    const table = await post(`/written/${id}`, { intent: "table" }, { cookie: reader.cookie });
    expect(table.status).toBe(409);
    expect(await table.text()).toContain("drew this reading");

    const answered = await post(`/written/${id}`, { intent: "answer", answer: ANSWER }, { cookie: reader.cookie });
    expect(answered.status).toBe(200);
    expect((await request(id)).status).toBe("answered");
    const lines = await earnings(reader.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ grossCents: 1500, feeCents: readingFeeCents(1500), netCents: 1500 - readingFeeCents(1500) });
    // No second entry: the answer belongs to the reading it was asked about.
    expect(await db().select().from(readingJournal).where(eq(readingJournal.userId, client.id))).toHaveLength(1);
    const entry = await (await get(`/journal/${entryId}`, { cookie: client.cookie })).text();
    expect(entry).toContain(ANSWER);
    expect(entry).toContain("Written by your reader");
    expect(entry).toContain("Vera Night");
    // Sent twice, the answer is refused the second time and pays once.
    expect((await post(`/written/${id}`, { intent: "answer", answer: ANSWER }, { cookie: reader.cookie })).status).toBe(409);
    expect(await earnings(reader.id)).toHaveLength(1);
    const mail = await listOutbox(db(), `${client.id}@example.test`);
    expect(mail.map((m) => m.subject)).toContain("Your written reading is answered");
  });

  it("is priced at the reader's cheapest offer that lays as many cards as the reading, and refuses a smaller one", async () => {
    expect(
      secondOpinionOffer(
        [
          { spreadId: "single", priceCents: 500 },
          { spreadId: "celtic-cross", priceCents: 4000 },
          { spreadId: "three-card", priceCents: 1500 },
        ],
        3,
      ),
    ).toEqual({
      spreadId: "three-card",
      priceCents: 1500,
    });
    expect(secondOpinionOffer([{ spreadId: "single", priceCents: 500 }], 3)).toBeNull();

    const small = await newReader();
    const single = await offer(small, { title: "One card", spreadId: "single", price: "5" });
    const { client, entryId } = await clientWithReading();
    const page = await (await get(`/journal/${entryId}/ask`, { cookie: client.cookie })).text();
    expect(page).not.toContain(single);
    const refused = await askAbout(client, entryId, single);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(SECOND_OPINION_MESSAGES.tooSmall.slice(0, 40));
    expect(await balance(client.id)).toBe(4000);
  });

  it("is refused on another person's entry, shown to no one but the two, and never to a stranger", async () => {
    const reader = await newReader();
    const offerId = await offer(reader);
    const { client, entryId } = await clientWithReading();
    const stranger = await newMember("stranger");
    touched.add(stranger.id);
    await topUp(stranger.id, 4000);

    expect((await get(`/journal/${entryId}/ask`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await askAbout(stranger, entryId, offerId)).status).toBe(404);
    expect(await balance(stranger.id)).toBe(4000);
    expect(await db().select().from(writtenRequests).where(eq(writtenRequests.clientId, stranger.id))).toHaveLength(0);

    const id = requestIdOf(await askAbout(client, entryId, offerId));
    expect((await get(`/written/${id}`, { cookie: stranger.cookie })).status).toBe(404);
    // Another reader cannot answer it either.
    const other = await newReader();
    expect((await post(`/written/${id}`, { intent: "answer", answer: ANSWER }, { cookie: other.cookie })).status).toBe(404);
    // The entry's owner sees where it stands on the entry.
    const entry = await (await get(`/journal/${entryId}`, { cookie: client.cookie })).text();
    expect(entry).toContain("Waiting for the reader");
  });
});

describe("a live second opinion", () => {
  const DEMO = "seed-user-demo";
  const DEMO_DECK = "seed-deck-autumn-lanterns";

  /** A reader online now at $1.00 a minute. */
  async function liveReader() {
    const reader = await newReader();
    await db().update(users).set({ customPricePerMinute: 100, isOnline: true, lastSeenAt: Date.now() }).where(eq(users.id, reader.id));
    return reader;
  }

  it("opens the reading with the entry's cards face up in their places, the question only when shown, on the client's own deck", async () => {
    const reader = await liveReader();
    const client = { id: DEMO, cookie: await signInAs(DEMO) };
    await topUp(client.id, 2000);
    const laid = [card("major-16", 0, "Past"), card("major-17", 1, "Present"), card("major-09", 2, "Future", true)];
    const entryId = newId();
    await db().insert(readingJournal).values({
      id: entryId,
      userId: DEMO,
      deckId: DEMO_DECK,
      spreadId: "three-card",
      spreadName: "Past, Present, Future",
      cards: laid,
      question: TABLE_QUESTION,
      interpretation: AI_TEXT,
    });

    // The ask page offers the readers online, each with a link that names the entry; the booking page says what the table will hold.
    expect(await (await get(`/journal/${entryId}/ask`, { cookie: client.cookie })).text()).toContain(`/readers/${reader.username}/book?entry=${entryId}`);
    expect(await (await get(`/readers/${reader.username}/book?entry=${entryId}`, { cookie: client.cookie })).text()).toContain(
      "These cards are on the table, face up",
    );

    const asked = await post(`/readers/${reader.username}/book`, { mode: "chat", question: "", entryId, shareQuestion: "on" }, { cookie: client.cookie });
    expect(asked.status).toBe(302);
    const requestId = asked.headers.get("location")!.split("/").pop()!;
    expect(await db().query.readingRequests.findFirst({ where: eq(readingRequests.id, requestId) })).toMatchObject({
      journalEntryId: entryId,
      shareQuestion: true,
      shareInterpretation: false,
    });
    const accepted = await post(`/readings/requests/${requestId}`, { intent: "accept" }, { cookie: reader.cookie });
    expect(accepted.status).toBe(302);
    const readingId = new URL(accepted.headers.get("location")!, ORIGIN).searchParams.get("session")!;

    const state = (await (await getServerByName(env.ReadingRoom, readingId)).snapshot(reader.id))!;
    expect(state.table.map(({ key, position, reversed, revealed }) => ({ key, position, reversed, revealed }))).toEqual(
      laid.map(({ key, position, reversed }) => ({ key, position, reversed, revealed: true })),
    );
    expect(state).toMatchObject({ spreadId: "three-card", deckId: DEMO_DECK, step: "drawn", question: TABLE_QUESTION });
    // The AI's interpretation was not chosen: the table has none.
    expect(state.interpretation.text).toBe("");
    expect(state.pile).toHaveLength(state.cards.length - 3);
    // The reader sees the client's own painting of a card on the table.
    const [painted] = await db()
      .select({ imageKey: deckCards.imageKey })
      .from(deckCards)
      .where(and(eq(deckCards.deckId, DEMO_DECK), eq(deckCards.cardKey, "major-16")));
    expect((await get(`/media/${painted!.imageKey}`, { cookie: reader.cookie })).status).toBe(200);
    // The entry links to the live reading about it.
    const entryPage = await (await get(`/journal/${entryId}`, { cookie: client.cookie })).text();
    expect(entryPage).toContain("A live reading with Vera Night about these cards");
    expect(entryPage).toContain(`/readings/${readingId}`);
  });

  it("is refused for an entry that is not the client's, asking nobody", async () => {
    const reader = await liveReader();
    const { entryId } = await clientWithReading();
    const stranger = await newMember("stranger");
    touched.add(stranger.id);
    await topUp(stranger.id, 2000);
    expect((await get(`/readers/${reader.username}/book?entry=${entryId}`, { cookie: stranger.cookie })).status).toBe(404);
    const refused = await post(`/readers/${reader.username}/book`, { mode: "chat", question: "", entryId }, { cookie: stranger.cookie });
    expect(refused.status).toBe(404);
    expect(await db().select().from(readingRequests).where(eq(readingRequests.clientId, stranger.id))).toHaveLength(0);
  });
});
