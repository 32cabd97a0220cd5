/**
 * Text the AI wrote says so wherever people's words are shown too: a card's description carries
 * the label until its owner writes their own, and a reading's interpretation carries it when the AI
 * wrote it. A reader's written answer is never called the AI's, on its page, in the client's journal
 * or on the entry's shared link.
 */
import { env } from "cloudflare:test";
import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WRITTEN_BY_A_READER, WRITTEN_BY_AI, WRITTEN_BY_YOUR_READER } from "../../app/ai/authorship";
import { createDatabase } from "../../app/db.server";
import { cards, readingJournal, writtenRequests } from "../../db/schema";
import { get, post, signInAs } from "./helpers";
import { ANSWER, answered } from "./written-fixtures";

const DECK = "seed-deck-autumn-lanterns";
const PAGE = `/collection/${DECK}/cards/major-00`;
const db = () => createDatabase(env.DB);

/** The page's HTML, without React's text separators. */
const page = async (path: string, cookie?: string) => {
  const response = await get(path, cookie ? { cookie } : {});
  expect(response.status, path).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
};

/** Shares the entry from its journal page, as its owner does; the link's path. */
async function shareLink(cookie: string, entryId: string) {
  expect((await post(`/journal/${entryId}`, { intent: "share" }, { cookie })).status).toBe(200);
  const entry = await db().query.readingJournal.findFirst({ columns: { shareId: true }, where: eq(readingJournal.id, entryId) });
  return `/shared/${entry!.shareId}`;
}

describe("the AI's words, labelled", () => {
  it("labels a card's written description as the AI's, and not once its owner wrote their own", async () => {
    const cookie = await signInAs("seed-user-demo");
    const before = await get(PAGE, { cookie });
    expect(before.status).toBe(200);
    expect(await before.text()).toContain(WRITTEN_BY_AI);

    await createDatabase(env.DB)
      .update(cards)
      .set({ editedDescription: "The lantern I carried home the night the leaves turned." })
      .where(and(eq(cards.deckId, DECK), eq(cards.cardKey, "major-00")));
    const after = await (await get(PAGE, { cookie })).text();
    expect(after).toContain("The lantern I carried home");
    expect(after).not.toContain(WRITTEN_BY_AI);
  });

  it("never labels a reader's written answer as the AI's: on its page, in the client's journal, or on the shared link", async () => {
    const { client, requestId } = await answered();
    const { roomId } = (await db().query.writtenRequests.findFirst({ columns: { roomId: true }, where: eq(writtenRequests.id, requestId) }))!;
    const entry = await db().query.readingJournal.findFirst({
      columns: { id: true },
      where: and(eq(readingJournal.userId, client.id), eq(readingJournal.sessionId, roomId!)),
    });
    const link = await shareLink(client.cookie, entry!.id);
    for (const [path, cookie, label] of [
      [`/written/${requestId}`, client.cookie, WRITTEN_BY_YOUR_READER],
      [`/journal/${entry!.id}`, client.cookie, WRITTEN_BY_YOUR_READER],
      [link, undefined, WRITTEN_BY_A_READER],
    ] as const) {
      const html = await page(path, cookie);
      expect(html, path).toContain(ANSWER);
      expect(html, path).toContain(label);
      expect(html, path).not.toContain(WRITTEN_BY_AI);
    }
  });

  it("labels an interpretation the AI wrote as the AI's, in the journal and on the shared link", async () => {
    const cookie = await signInAs("seed-user-demo");
    const [entry] = await db()
      .select({ id: readingJournal.id, interpretation: readingJournal.interpretation })
      .from(readingJournal)
      .where(and(eq(readingJournal.userId, "seed-user-demo"), isNotNull(readingJournal.interpretation)))
      .limit(1);
    const link = await shareLink(cookie, entry!.id);
    for (const [path, viewer] of [
      [`/journal/${entry!.id}`, cookie],
      [link, undefined],
    ] as const) {
      const html = await page(path, viewer);
      expect(html, path).toContain(entry!.interpretation!.slice(0, 60));
      expect(html, path).toContain(WRITTEN_BY_AI);
      expect(html, path).not.toContain(WRITTEN_BY_A_READER);
      expect(html, path).not.toContain(WRITTEN_BY_YOUR_READER);
    }
  });
});
