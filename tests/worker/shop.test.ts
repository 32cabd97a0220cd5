/**
 * A creator's shop through the real stack: anyone can open `/shop/{username}`, which shows the
 * creator and exactly the decks they have in the marketplace (an unlisted or hidden one is not in
 * the window), their buyers' rating and a share preview; deck pages link to it; an unknown or
 * suspended creator has no shop.
 */
import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { deckListings, decks, users } from "../../db/schema";
import { get, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);
const LUNA = "seed-user-luna";
const textOf = async (response: Response) =>
  (await response.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** Luna's decks as the marketplace shows them (listed and visible), and the others of hers. */
async function lunasDecks() {
  const rows = await db()
    .select({ id: decks.id, title: decks.title, visible: sql<number>`coalesce(${deckListings.visible}, 0)` })
    .from(decks)
    .leftJoin(deckListings, and(eq(deckListings.deckId, decks.id), eq(deckListings.status, "listed")))
    .where(eq(decks.creatorId, LUNA));
  return { shown: rows.filter((row) => Number(row.visible) === 1), hidden: rows.filter((row) => Number(row.visible) !== 1) };
}

describe("a creator's shop", () => {
  it("shows the creator and exactly the decks they have in the marketplace, with a share preview", async () => {
    const { shown } = await lunasDecks();
    expect(shown.length).toBeGreaterThan(1);
    // One of them taken out of the marketplace leaves the window.
    const [out, ...stay] = shown;
    await db().update(deckListings).set({ status: "unlisted" }).where(eq(deckListings.deckId, out!.id));
    const response = await get("/shop/luna_vale");
    expect(response.status).toBe(200);
    const page = await textOf(response);
    const luna = (await db().query.users.findFirst({ where: eq(users.id, LUNA) }))!;
    expect(page).toContain(luna.fullName!);
    if (luna.bio) expect(page).toContain(luna.bio.split("\n")[0]!);
    for (const deck of stay) expect(page).toContain(`href="/marketplace/${deck.id}"`);
    expect(page).not.toContain(`href="/marketplace/${out!.id}"`);
    expect(page).toContain(`${stay.length} ${stay.length === 1 ? "deck" : "decks"} in the marketplace`);
    expect(page).toMatch(/<meta property="og:image" content="[^"]+\/marketplace\/[^"]+\/share\.png"/);
    expect(page).toMatch(/<meta property="og:url" content="[^"]*\/shop\/luna_vale"/);
  });

  it("is linked from the creator's deck pages", async () => {
    const { shown } = await lunasDecks();
    const page = await textOf(await get(`/marketplace/${shown[0]!.id}`));
    expect(page).toContain('href="/shop/luna_vale"');
    expect(page).toContain("Visit");
  });

  it("does not exist for an unknown or a suspended creator", async () => {
    expect((await get("/shop/nobody_by_that_name")).status).toBe(404);
    await db().update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, LUNA));
    // Read as a member: visitors are served a shared copy that lives a few seconds (app/cache/public-pages.server.ts).
    expect((await get("/shop/luna_vale", { cookie: await signInAs("seed-user-demo") })).status).toBe(404);
  });
});
