/**
 * A deck's pictures come from a secret of its own: the public painting route, given everything the
 * marketplace shows of a priced deck, paints none of its cards again, and the secret is never sent.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ART_STYLES, paintCardBackSvg, paintCardSvg, paintDeckCardSvg, resolveStyle } from "../../app/art/local-art";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { FULL_DECK, MAJOR_ARCANA } from "../../app/tarot/cards";
import { cards, deckListings, decks, subscriptions, users } from "../../db/schema";
import { get, post, signInAs, waitForDeck } from "./helpers";

const db = () => createDatabase(env.DB);

const THEME = "Lanterns at dusk";
const STYLE = "woodcut";

async function newMember(plan?: "creator") {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com`, username: `p_${id.slice(0, 10)}` });
  if (plan)
    await db()
      .insert(subscriptions)
      .values({ userId: id, subscriptionStatus: "active", priceId: `price_${plan}_monthly`, currentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400 });
  return { id, cookie: await signInAs(id) };
}

type Made = { deckId: string; title: string; secret: string; seller: { id: string; cookie: string }; stored: Map<string, string>; locked: string[] };

/** A Major Arcana deck made by the local painter through the create form, then listed at $4.99. */
async function pricedDeck(): Promise<Made> {
  const seller = await newMember("creator");
  const created = await post(
    "/create-deck",
    { intent: "create", theme: THEME, style: STYLE, kind: "major_arcana", quality: "medium" },
    { cookie: seller.cookie },
  );
  expect(created.status).toBe(302);
  const deckId = created.headers.get("location")!.split("/").pop()!;
  const deck = await waitForDeck(deckId);
  expect(deck.status).toBe("ready");
  const listed = await post(
    `/collection/${deckId}`,
    { intent: "list", price: "4.99", description: "Warm light in the dark", tags: "lanterns" },
    { cookie: seller.cookie },
  );
  expect(listed.status).toBeLessThan(400);
  const listing = (await db().query.deckListings.findFirst({ where: eq(deckListings.deckId, deckId) }))!;
  expect(listing.priceCents).toBe(499);
  const rows = await db().select({ key: cards.cardKey, imageKey: cards.imageKey, status: cards.status }).from(cards).where(eq(cards.deckId, deckId));
  expect(rows).toHaveLength(22);
  const stored = new Map<string, string>();
  for (const row of rows) {
    expect(row.status).toBe("ready");
    stored.set(row.key, await (await env.MEDIA.get(row.imageKey!))!.text());
  }
  const [secretRow] = await db().select({ secret: decks.paintingSecret }).from(decks).where(eq(decks.id, deckId));
  return {
    deckId,
    title: deck.title,
    secret: secretRow?.secret ?? "",
    seller,
    stored,
    locked: rows.map((row) => row.key).filter((key) => !listing.previewCardKeys.includes(key)),
  };
}

let made: Made;
beforeAll(async () => {
  made = await pricedDeck();
}, 60_000);

/** Parameters the route might be tried with beside the card, theme and style. */
const EXTRAS = (deckId: string): Record<string, string>[] => [{}, { variant: "0" }, { deck: deckId }];
const cardUrl = (params: Record<string, string>) => `/art/card.svg?${new URLSearchParams(params)}`;

describe("a priced deck painted by the local painter", () => {
  it("shows its theme and style in the marketplace, but no public painting of them gives back any of its cards", async () => {
    const page = await (await get(`/marketplace/${made.deckId}`)).text();
    expect(page).toContain(THEME);
    expect(made.locked.length).toBeGreaterThan(0);
    // Everything public about the deck, in every way a face's address could be written.
    const themes = [THEME, THEME.toLowerCase(), ` ${THEME} `, made.title];
    const styles = [STYLE, resolveStyle(STYLE), "Woodcut", ""];
    // Every spelling for the preview card (which anyone may have painted) and a locked card; the plain one for every card.
    const spelled = new Set(["major-17", made.locked[0]!]);
    for (const card of MAJOR_ARCANA) {
      const stored = made.stored.get(card.key)!;
      const all = spelled.has(card.key);
      for (const theme of all ? themes : [THEME])
        for (const style of all ? styles : [STYLE])
          for (const extra of all ? EXTRAS(made.deckId) : [{}]) {
            const response = await get(cardUrl({ key: card.key, theme, style, ...extra }));
            const body = await response.text();
            expect(body, `${card.key} as ${theme} · ${style} answered ${response.status}`).not.toBe(stored);
          }
      // Nor does the painter itself, run by anyone with the deck's public facts.
      for (const variant of [0, 1, 2, 3])
        expect(paintCardSvg({ card, theme: THEME, style: STYLE, variant }), `${card.key} painted in public, variant ${variant}`).not.toBe(stored);
    }
  });

  it("was painted from its own secret, which a repaint uses too", async () => {
    expect(made.secret).toMatch(/^[0-9a-f]{32}$/);
    const star = MAJOR_ARCANA.find((card) => card.key === "major-17")!;
    expect(await paintDeckCardSvg({ card: star, theme: THEME, style: STYLE }, made.secret)).toBe(made.stored.get("major-17"));
    // Another secret, another deck: the same theme and style are not the same pictures.
    expect(await paintDeckCardSvg({ card: star, theme: THEME, style: STYLE }, "0".repeat(32))).not.toBe(made.stored.get("major-17"));
    const repaint = await paintDeckCardSvg({ card: star, theme: THEME, style: STYLE, variant: 1 }, made.secret);
    expect(repaint).not.toBe(made.stored.get("major-17"));
    expect(repaint).not.toBe(paintCardSvg({ card: star, theme: THEME, style: STYLE, variant: 1 }));
  });

  it("never sends its painting secret, to a visitor, a buyer-to-be or its owner", async () => {
    const visitor = await newMember();
    const pages: [string, string | undefined][] = [
      [`/marketplace/${made.deckId}`, undefined],
      [`/marketplace/${made.deckId}.data`, undefined],
      [`/marketplace/${made.deckId}`, visitor.cookie],
      [`/marketplace/${made.deckId}.data`, visitor.cookie],
      [`/marketplace/${made.deckId}/share.png`, undefined],
      [`/marketplace?${new URLSearchParams({ q: "lanterns" })}`, undefined],
      [`/marketplace.data?${new URLSearchParams({ q: "lanterns" })}`, undefined],
      [`/checkout/${made.deckId}`, visitor.cookie],
      [`/collection/${made.deckId}`, made.seller.cookie],
      [`/collection/${made.deckId}.data`, made.seller.cookie],
      [`/collection/${made.deckId}/cards/major-05`, made.seller.cookie],
      [`/collection/${made.deckId}/cards/major-05.data`, made.seller.cookie],
      ["/collection", made.seller.cookie],
      ["/collection.data", made.seller.cookie],
      [`/reading-room/${made.deckId}`, made.seller.cookie],
      [`/reading-room/${made.deckId}`, visitor.cookie],
    ];
    let answered = 0;
    for (const [path, cookie] of pages) {
      const response = await get(path, { cookie });
      const body = new TextDecoder("latin1").decode(await response.arrayBuffer());
      if (response.status === 200) answered++;
      expect(body.toLowerCase(), path).not.toContain(made.secret);
      expect(body, path).not.toMatch(/painting_?secret/i);
    }
    expect(answered).toBeGreaterThanOrEqual(12);
  }, 120_000);
});

describe("the public painting route", () => {
  it("paints every card of the classic deck, as readings without a deck show them", async () => {
    for (const card of FULL_DECK.filter((_, i) => i % 7 === 0)) {
      const response = await get(cardUrl({ key: card.key, theme: "Classic tarot", style: "art nouveau" }));
      expect(response.status, card.key).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml");
      expect(await response.text()).toBe(paintCardSvg({ card, theme: "Classic tarot", style: "art nouveau" }));
    }
  });

  it("paints the create form's preview card in any theme and style, and no other card of a theme", async () => {
    const star = MAJOR_ARCANA.find((card) => card.key === "major-17")!;
    for (const style of ART_STYLES) {
      const preview = await get(cardUrl({ key: "major-17", theme: THEME, style }));
      expect(preview.status, style).toBe(200);
      const body = await preview.text();
      expect(body).not.toBe(made.stored.get("major-17"));
      // Nor the Star of a deck painted before decks had secrets: that was the public painting of its theme.
      expect(body).not.toBe(paintCardSvg({ card: star, theme: THEME, style }));
      expect(body).toContain("<title>The Star</title>");
    }
    for (const key of ["major-00", "major-16", "major-18", "cups-queen"]) {
      const refused = await get(cardUrl({ key, theme: THEME, style: STYLE }));
      expect(refused.status, key).toBe(404);
    }
    // The classic deck is the classic look only: its theme in another style is not painted either.
    expect((await get(cardUrl({ key: "major-00", theme: "Classic tarot", style: STYLE }))).status).toBe(404);
    expect((await get(cardUrl({ key: "no-such-card", theme: THEME }))).status).toBe(400);
  });

  it("paints a deck's back from its theme and style, and the back is none of its faces", async () => {
    const response = await get(`/art/back.svg?${new URLSearchParams({ theme: THEME, style: STYLE })}`);
    expect(response.status).toBe(200);
    const back = await response.text();
    expect(back).toBe(paintCardBackSvg({ theme: THEME, style: STYLE }));
    for (const stored of made.stored.values()) expect(back).not.toBe(stored);
  });
});
