/**
 * Text the AI wrote says so wherever people's words are shown too: a card's description carries
 * the label until its owner writes their own.
 */
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WRITTEN_BY_AI } from "../../app/components/written-by-ai";
import { createDatabase } from "../../app/db.server";
import { cards } from "../../db/schema";
import { get, signInAs } from "./helpers";

const DECK = "seed-deck-autumn-lanterns";
const PAGE = `/collection/${DECK}/cards/major-00`;

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
});
