import { env } from "cloudflare:test";
import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AiService, PaintedImage } from "../../app/ai/ai.server";
import { createDatabase } from "../../app/db.server";
import {
  GUEST_NO_CREDITS_MESSAGE,
  NO_CREDITS_MESSAGE,
  RETRY_WHOLE_DECK_MESSAGE,
  settlePaidRun,
  titleFromTheme,
  UPGRADE_NEEDS_CREDIT_MESSAGE,
} from "../../app/decks/create.server";
import { runGeneration } from "../../app/decks/generation.server";
import { cardImageKey } from "../../app/decks/images";
import { newId } from "../../app/lib/crypto";
import { mapWithConcurrency } from "../../app/lib/pool";
import { EXPLORER_PLUS, formatPlanPrice } from "../../app/plans/catalogue";
import { MAJOR_ARCANA } from "../../app/tarot/cards";
import { meaningOf } from "../../app/tarot/meanings";
import { cardPictures, cards, deckQuotaLedger, decks, userDeckQuotas, users } from "../../db/schema";
import { DEMO_MEMBER_ID } from "../../scripts/seed/seed-data";
import { app, CookieJar, get, ORIGIN, post, signInAs, visit, waitForDeck } from "./helpers";
import { pictureOf } from "./svg-check";

const db = () => createDatabase(env.DB);
const picturesOf = (cardId: string) => db().select().from(cardPictures).where(eq(cardPictures.cardId, cardId)).orderBy(desc(cardPictures.createdAt));

async function newGuest() {
  const jar = new CookieJar();
  jar.take(await visit("/", { headers: { "cf-connecting-ip": `203.0.113.${Math.floor(Math.random() * 250)}` } }));
  return jar;
}

async function createDeck(cookie: string, form: Record<string, string> = {}) {
  return post("/create-deck", { intent: "create", theme: "Moonlit tides", style: "watercolour", kind: "major_arcana", quality: "medium", ...form }, { cookie });
}

const deckIdFrom = (response: Response) => response.headers.get("location")!.split("/").pop()!;

describe("creating a deck", () => {
  it("charges one credit, makes a private deck, and paints all 22 cards in the background", async () => {
    const jar = await newGuest();
    const response = await createDeck(jar.header());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/collection\/[0-9a-f-]{36}$/);
    const deckId = deckIdFrom(response);

    const deck = await waitForDeck(deckId);
    expect(deck).toMatchObject({ status: "ready", isPublic: false, kind: "major_arcana", theme: "Moonlit tides", artStyle: "watercolour" });
    const rows = await db().select().from(cards).where(eq(cards.deckId, deckId));
    expect(rows).toHaveLength(22);
    expect(rows.every((card) => card.status === "ready" && card.description && card.imageKey)).toBe(true);
    for (const card of MAJOR_ARCANA) {
      const key = cardImageKey(deckId, card.name, "svg");
      expect(rows.find((row) => row.cardKey === card.key)?.imageKey).toBe(key);
      expect(await env.MEDIA.head(key)).not.toBeNull();
    }
    expect(new Set(await Promise.all(rows.map(async (row) => (await env.MEDIA.get(row.imageKey!))!.text()))).size).toBe(22);
    expect(deck.coverCardId).toBe(rows.find((row) => row.cardKey === "major-00")!.id);

    const ledger = await db()
      .select()
      .from(deckQuotaLedger)
      .where(eq(deckQuotaLedger.referenceId, `deck:${deckId}`));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.majorArcanaChange).toBe(-1);

    // The deck page lists the cards with their images, and the card files are served.
    const page = await get(`/collection/${deckId}`, { cookie: jar.header() });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("The High Priestess");
    expect(html.match(/data-testid="deck-card"/g)).toHaveLength(22);
    // Each card leads to its own page, which has the deck's words for it and the classic meanings;
    // the deck page itself does not carry the meanings of all its cards.
    const star = rows.find((row) => row.cardKey === "major-17")!;
    expect(html).toContain(`href="/collection/${deckId}/cards/major-17"`);
    expect(html).not.toContain(meaningOf({ key: "major-17" }).upright.meaning);
    const cardPage = await get(`/collection/${deckId}/cards/major-17`, { cookie: jar.header() });
    expect(cardPage.status).toBe(200);
    const cardHtml = await cardPage.text();
    expect(cardHtml).toContain(escapedText(star.description!));
    expect(cardHtml).toContain(escapedText(meaningOf({ key: "major-17" }).upright.meaning));
    expect(cardHtml).toContain(`href="/collection/${deckId}/cards/major-18"`);
    const image = await get(`/media/${cardImageKey(deckId, "The Fool", "svg")}`, { cookie: jar.header() });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/svg+xml");
  });

  it("refuses a second deck without credits, with a clear message and nothing charged", async () => {
    const jar = await newGuest();
    const first = await createDeck(jar.header());
    await waitForDeck(deckIdFrom(first));
    const userId = (
      await db()
        .select({ id: decks.creatorId })
        .from(decks)
        .where(eq(decks.id, deckIdFrom(first)))
    )[0]!.id;
    const before = await db()
      .select({ n: sql<number>`count(*)` })
      .from(decks)
      .where(eq(decks.creatorId, userId));

    const second = await createDeck(jar.header(), { theme: "Desert caravans" });
    expect(second.status).toBe(402);
    expect(await second.text()).toContain(NO_CREDITS_MESSAGE);
    const after = await db()
      .select({ n: sql<number>`count(*)` })
      .from(decks)
      .where(eq(decks.creatorId, userId));
    expect(after[0]!.n).toBe(before[0]!.n);
    const quota = await db().query.userDeckQuotas.findFirst({ where: eq(userDeckQuotas.userId, userId) });
    expect(quota?.majorArcanaUsed).toBe(1);
    expect(await db().select().from(deckQuotaLedger).where(eq(deckQuotaLedger.userId, userId))).toHaveLength(1);
  });

  it.each([
    [{ theme: "" }, "Describe a theme of at least 3 characters"],
    [{ kind: "seventy" }, "Choose Major Arcana or the full deck"],
    [{ style: "custom", customStyle: "" }, "Choose an art style"],
  ])("answers bad input %j with 400 and a message", async (form, message) => {
    const jar = await newGuest();
    const response = await createDeck(jar.header(), form as Record<string, string>);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("keeps high quality for the plans that include it", async () => {
    const jar = await newGuest();
    const response = await createDeck(jar.header(), { quality: "high" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("High quality is part of the Creator and Visionary plans.");
  });

  it("sends a visitor to sign in, and hides a deck page from everyone but its owner", async () => {
    const response = await post("/create-deck", { intent: "create", theme: "x" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login/);
    const jar = await newGuest();
    const created = await createDeck(jar.header());
    const deckId = deckIdFrom(created);
    await waitForDeck(deckId);
    const other = await signInAs("seed-user-theo");
    expect((await get(`/collection/${deckId}`, { cookie: other })).status).toBe(404);
    expect((await post(`/collection/${deckId}`, { intent: "delete", confirm: "delete" }, { cookie: other })).status).toBe(404);
    expect((await get(`/media/${cardImageKey(deckId, "The Fool", "svg")}`, { cookie: other })).status).toBe(404);
  });
});

describe("a deck's owner", () => {
  async function ownDeck() {
    const jar = await newGuest();
    const created = await createDeck(jar.header(), { theme: "Autumn forest lanterns", style: "woodcut" });
    const deckId = deckIdFrom(created);
    await waitForDeck(deckId);
    const [row] = await db().select({ userId: decks.creatorId }).from(decks).where(eq(decks.id, deckId));
    return { jar, deckId, userId: row!.userId };
  }

  it("sees the first row of cards asked for at once, the first before anything else, and the rest as they come into view", async () => {
    const html = await (await get("/collection/seed-deck-autumn-lanterns", { cookie: await signInAs(DEMO_MEMBER_ID) })).text();
    const grid = html.slice(html.indexOf('aria-label="Cards"'));
    const pictures = [...grid.matchAll(/data-testid="deck-card"[^>]*>\s*<img ([^>]*)>/g)].map(([, attributes]) => attributes!);
    expect(pictures).toHaveLength(22);
    expect(pictures[0]).toContain('loading="eager"');
    expect(pictures[0]).toContain('fetchpriority="high"');
    expect(pictures[1]).toContain('loading="eager"');
    expect(pictures[1]).not.toContain("fetchpriority");
    for (const picture of pictures.slice(2)) expect(picture).toContain('loading="lazy"');
    // The page's own routes are not preloaded with their shared chunks (decision 0125), but the browser's copy of
    // the manifest keeps the chunks of the routes above it, so going to the collection fetches them together.
    const manifest = JSON.parse(/window\.__remixManifest = (\{[\s\S]*?\n\});/.exec(html)![1]!) as { routes: Record<string, { imports?: string[] }> };
    expect(manifest.routes["routes/_main.collection.$deckId"]!.imports ?? []).toEqual([]);
    expect(manifest.routes["routes/_main.collection._index"]!.imports!.length).toBeGreaterThan(0);
  });

  it("renames, publishes and makes the deck private again", async () => {
    const { jar, deckId, userId } = await ownDeck();
    // Making a deck public puts it in the marketplace, which needs an account rather than a guest's.
    await db()
      .update(users)
      .set({ email: `${userId}@example.com` })
      .where(eq(users.id, userId));
    expect((await post(`/collection/${deckId}`, { intent: "rename", title: "Lantern Walk" }, { cookie: jar.header() })).status).toBe(200);
    expect((await post(`/collection/${deckId}`, { intent: "rename", title: "" }, { cookie: jar.header() })).status).toBe(400);
    const page = await (await get(`/collection/${deckId}`, { cookie: jar.header() })).text();
    // The owner's actions come before the cards, not after them; publishing says what it means first.
    expect(page.indexOf('data-testid="deck-toolbar"')).toBeGreaterThan(0);
    expect(page.indexOf('data-testid="deck-toolbar"')).toBeLessThan(page.indexOf('aria-label="Cards"'));
    expect(page).toContain("A public deck is in the Marketplace for free");
    const published = await (await post(`/collection/${deckId}`, { intent: "publish" }, { cookie: jar.header() })).text();
    expect(published).toContain("The deck is public now: it is in the Marketplace for free");
    expect(published).toContain(`href="/marketplace/${deckId}"`);
    expect(await db().query.decks.findFirst({ where: eq(decks.id, deckId) })).toMatchObject({ title: "Lantern Walk", isPublic: true });
    // A title keeps the creator's capitals, or their lack.
    await post(`/collection/${deckId}`, { intent: "rename", title: "lantern walk at DUSK" }, { cookie: jar.header() });
    expect(await (await get(`/collection/${deckId}`, { cookie: jar.header() })).text()).toContain(">lantern walk at DUSK</h1>");
    await post(`/collection/${deckId}`, { intent: "unpublish" }, { cookie: jar.header() });
    expect((await db().query.decks.findFirst({ where: eq(decks.id, deckId) }))?.isPublic).toBe(false);
  });

  const cardRow = (deckId: string, key: string) => db().query.cards.findFirst({ where: and(eq(cards.deckId, deckId), eq(cards.cardKey, key)) });

  it("repaints one card as a new picture under a new address, counted once the picture is stored", async () => {
    const { jar, deckId } = await ownDeck();
    const before = (await cardRow(deckId, "major-16"))!;
    const firstPicture = await (await env.MEDIA.get(before.imageKey!))!.text();
    // Without JavaScript the card's button submits the page's one repaint form, with its card.
    const page = await (await get(`/collection/${deckId}`, { cookie: jar.header() })).text();
    const repaintForm = /<form[^>]*id="card-repaint"[^>]*>([\s\S]*?)<\/form>/.exec(page);
    expect(repaintForm?.[0]).toMatch(/method="post"/);
    expect(repaintForm?.[1]).toContain('name="intent" value="regenerate"');
    expect(page).toMatch(/<button type="submit" form="card-repaint" name="card" value="major-16"[^>]*aria-label="Paint The Tower again"/);
    const response = await post(`/collection/${deckId}`, { intent: "regenerate", card: "major-16" }, { cookie: jar.header() });
    expect(response.status).toBe(200);
    await waitForDeck(deckId);
    const after = (await cardRow(deckId, "major-16"))!;
    expect(after).toMatchObject({ status: "ready", regenerations: 1, repaintRequestedAt: null });
    expect(after.imageKey).not.toBe(before.imageKey);
    expect(after.updatedAt).toBeGreaterThan(before.updatedAt);
    const secondPicture = await (await env.MEDIA.get(after.imageKey!))!.text();
    // The pictures themselves differ, not only the ids a painting takes from its variant.
    expect(pictureOf(secondPicture)).not.toBe(pictureOf(firstPicture));
    // The old picture stays with the card, to be kept again, and the page shows the new one's address.
    expect(await env.MEDIA.get(before.imageKey!)).not.toBeNull();
    expect(await (await get(`/collection/${deckId}`, { cookie: jar.header() })).text()).toContain(`/media/${after.imageKey}`);
    // Two repaints of a card differ from each other too.
    await post(`/collection/${deckId}`, { intent: "regenerate", card: "major-16" }, { cookie: jar.header() });
    await waitForDeck(deckId);
    const third = (await cardRow(deckId, "major-16"))!;
    expect(third.regenerations).toBe(2);
    expect(pictureOf(await (await env.MEDIA.get(third.imageKey!))!.text())).not.toBe(pictureOf(secondPicture));
  });

  it("gives the deck's last repaint to one of two cards asked at once, and none after it", async () => {
    const { jar, deckId } = await ownDeck();
    // Four of the deck's five repaints are spent.
    await db()
      .update(cards)
      .set({ regenerations: 4 })
      .where(and(eq(cards.deckId, deckId), eq(cards.cardKey, "major-01")));
    const answers = await Promise.all(
      ["major-02", "major-03"].map((card) => post(`/collection/${deckId}`, { intent: "regenerate", card }, { cookie: jar.header() })),
    );
    expect(answers.map((a) => a.status).filter((s) => s === 200)).toHaveLength(1);
    expect([402, 409]).toContain(answers.map((a) => a.status).find((s) => s !== 200));
    await waitForDeck(deckId);
    const spent = await db()
      .select({ n: sql<number>`sum(${cards.regenerations})` })
      .from(cards)
      .where(eq(cards.deckId, deckId));
    expect(Number(spent[0]!.n)).toBe(5);
    const none = await post(`/collection/${deckId}`, { intent: "regenerate", card: "major-04" }, { cookie: jar.header() });
    expect(none.status).toBe(402);
  });

  it("repaints one card with its own words from the card's page, within the deck's theme", async () => {
    const { jar, deckId } = await ownDeck();
    const cardPage = `/collection/${deckId}/cards/major-16`;
    const before = (await cardRow(deckId, "major-16"))!;
    expect(await (await env.MEDIA.get(before.imageKey!))!.text()).not.toContain('data-subject="lighthouse"');
    // The owner's card page has the repaint form, its field bounded as the server bounds it.
    const page = await (await get(cardPage, { cookie: jar.header() })).text();
    expect(page).toMatch(/<input type="hidden" name="intent" value="repaint"\/>/);
    expect(page).toMatch(/<input[^>]*name="prompt"[^>]*maxLength="80"/i);
    const answer = await post(cardPage, { intent: "repaint", prompt: "  with a   lighthouse " }, { cookie: jar.header() });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Painting the card again, with a lighthouse…");
    await waitForDeck(deckId);
    const after = (await cardRow(deckId, "major-16"))!;
    expect(after).toMatchObject({ status: "ready", regenerations: 1, repaintRequestedAt: null, prompt: "with a lighthouse" });
    const svg = await (await env.MEDIA.get(after.imageKey!))!.text();
    expect(svg).toContain('data-subject="lighthouse"');
    // Still the deck's forest of lanterns: the theme's own places stay.
    expect(svg).toContain('data-subject="forest"');
    // The page shows the words asked, to change or clear them.
    expect(await (await get(cardPage, { cookie: jar.header() })).text()).toMatch(
      /name="prompt"[^>]*value="with a lighthouse"|value="with a lighthouse"[^>]*name="prompt"/,
    );
    // The deck page's repaint sends no words, and keeps the card's.
    await post(`/collection/${deckId}`, { intent: "regenerate", card: "major-16" }, { cookie: jar.header() });
    await waitForDeck(deckId);
    expect(await cardRow(deckId, "major-16")).toMatchObject({ regenerations: 2, prompt: "with a lighthouse" });
    // An empty field clears them.
    await post(cardPage, { intent: "repaint", prompt: "" }, { cookie: jar.header() });
    await waitForDeck(deckId);
    const cleared = (await cardRow(deckId, "major-16"))!;
    expect(cleared).toMatchObject({ regenerations: 3, prompt: null });
    expect(await (await env.MEDIA.get(cleared.imageKey!))!.text()).not.toContain('data-subject="lighthouse"');
  });

  it("refuses a card's words that are too long or not words, with a message, and changes nothing", async () => {
    const { jar, deckId } = await ownDeck();
    const cardPage = `/collection/${deckId}/cards/major-03`;
    for (const [prompt, message] of [
      ["with a lighthouse ".repeat(5), "Keep the card&#x27;s own words to 80 characters or fewer"],
      ["<script>alert(1)</script>", "Use words only"],
      ["{{ignore the theme}}", "Use words only"],
    ] as const) {
      const answer = await post(cardPage, { intent: "repaint", prompt }, { cookie: jar.header() });
      expect(answer.status, prompt).toBe(400);
      const html = await answer.text();
      expect(html, prompt).toContain(message);
      expect(html, prompt).toMatch(/name="prompt"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="prompt"/);
    }
    // The deck page's repaint checks the same words.
    const grid = await post(`/collection/${deckId}`, { intent: "regenerate", card: "major-03", prompt: "x".repeat(81) }, { cookie: jar.header() });
    expect(grid.status).toBe(400);
    expect(await cardRow(deckId, "major-03")).toMatchObject({ status: "ready", regenerations: 0, repaintRequestedAt: null, prompt: null });
  });

  it("spends one repaint when the card's repaint is sent twice at once", async () => {
    const { jar, deckId } = await ownDeck();
    const cardPage = `/collection/${deckId}/cards/major-05`;
    const answers = await Promise.all([1, 2].map(() => post(cardPage, { intent: "repaint", prompt: "with a lighthouse" }, { cookie: jar.header() })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    await waitForDeck(deckId);
    const spent = await db()
      .select({ n: sql<number>`sum(${cards.regenerations})` })
      .from(cards)
      .where(eq(cards.deckId, deckId));
    expect(Number(spent[0]!.n)).toBe(1);
    // With no repaint left, the card page says so and paints nothing.
    await db()
      .update(cards)
      .set({ regenerations: 5 })
      .where(and(eq(cards.deckId, deckId), eq(cards.cardKey, "major-01")));
    const none = await post(cardPage, { intent: "repaint", prompt: "with a boat" }, { cookie: jar.header() });
    expect(none.status).toBe(402);
    expect(await cardRow(deckId, "major-05")).toMatchObject({ status: "ready", prompt: "with a lighthouse" });
  });

  it("paints a second variant beside each repaint and keeps the card's earlier picture, the owner keeping either instead", async () => {
    const { jar, deckId } = await ownDeck();
    const cardPage = `/collection/${deckId}/cards/major-09`;
    const before = (await cardRow(deckId, "major-09"))!;
    expect(await picturesOf(before.id)).toEqual([]);
    expect(await (await get(cardPage, { cookie: jar.header() })).text()).not.toContain("Other pictures of this card");
    await post(cardPage, { intent: "repaint", prompt: "with a lighthouse" }, { cookie: jar.header() });
    await waitForDeck(deckId);
    const shown = (await cardRow(deckId, "major-09"))!;
    const kept = await picturesOf(before.id);
    expect(kept.map((p) => p.kind).sort()).toEqual(["earlier", "variant"]);
    const variant = kept.find((p) => p.kind === "variant")!;
    const earlier = kept.find((p) => p.kind === "earlier")!;
    expect(earlier.imageKey).toBe(before.imageKey);
    expect(variant.prompt).toBe("with a lighthouse");
    // Three pictures of the card, all stored and all different; the variant has the card's words in it too.
    const text = async (key: string) => (await env.MEDIA.get(key))!.text();
    const [a, b, c] = await Promise.all([shown.imageKey!, variant.imageKey, earlier.imageKey].map(text));
    expect(new Set([a, b, c].map((svg) => pictureOf(svg!))).size).toBe(3);
    expect(b).toContain('data-subject="lighthouse"');
    // One repaint spent for the two variants.
    expect(shown.regenerations).toBe(1);

    const page = await (await get(cardPage, { cookie: jar.header() })).text();
    expect(page).toContain("Other pictures of this card");
    expect(page.match(/>Keep this one</g)).toHaveLength(2);
    // Keeping the variant shows it on the card; the one shown takes its place; nothing is charged.
    const keep = { intent: "keep", picture: variant.id, shown: shown.imageKey! };
    const [first, second] = await Promise.all([post(cardPage, keep, { cookie: jar.header() }), post(cardPage, keep, { cookie: jar.header() })]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const after = (await cardRow(deckId, "major-09"))!;
    expect(after).toMatchObject({ imageKey: variant.imageKey, regenerations: 1, status: "ready" });
    expect((await picturesOf(before.id)).map((p) => p.imageKey).sort()).toEqual([earlier.imageKey, shown.imageKey].sort());
    expect(await (await get(`/collection/${deckId}`, { cookie: jar.header() })).text()).toContain(`/media/${variant.imageKey}`);
    // A choice from a page shown before it changes nothing.
    const stale = await post(cardPage, { intent: "keep", picture: earlier.id, shown: shown.imageKey! }, { cookie: jar.header() });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("The card&#x27;s picture changed since this page was shown");
    expect((await cardRow(deckId, "major-09"))!.imageKey).toBe(variant.imageKey);
    // Nor may a picture of another card be kept on this one.
    const elsewhere = await post(
      `/collection/${deckId}/cards/major-08`,
      { intent: "keep", picture: earlier.id, shown: after.imageKey! },
      { cookie: jar.header() },
    );
    expect(elsewhere.status).toBe(404);
  });

  it("keeps a card's six newest pictures, and deletes older ones from storage", async () => {
    const { jar, deckId } = await ownDeck();
    const card = (await cardRow(deckId, "major-12"))!;
    for (let i = 0; i < 4; i++) {
      expect((await post(`/collection/${deckId}`, { intent: "regenerate", card: "major-12" }, { cookie: jar.header() })).status).toBe(200);
      await waitForDeck(deckId);
    }
    const kept = await picturesOf(card.id);
    expect(kept).toHaveLength(6);
    const shown = (await cardRow(deckId, "major-12"))!.imageKey!;
    const stored = (await env.MEDIA.list({ prefix: `card-images/${deckId}/the_hanged_man` })).objects.map((o) => o.key).sort();
    expect(stored).toEqual([shown, ...kept.map((p) => p.imageKey)].sort());
    // The first picture was the oldest: it left with the pruning.
    expect(stored).not.toContain(card.imageKey);
  });

  it("upgrades to 78 cards with a complete-deck credit, making only the 56 missing cards", async () => {
    const { jar, deckId, userId } = await ownDeck();
    const refused = await post(`/collection/${deckId}`, { intent: "upgrade" }, { cookie: jar.header() });
    expect(refused.status).toBe(402);
    await db().update(userDeckQuotas).set({ completeDeckQuota: 1 }).where(eq(userDeckQuotas.userId, userId));
    const majorsBefore = await db().select().from(cards).where(eq(cards.deckId, deckId));

    const response = await post(`/collection/${deckId}`, { intent: "upgrade" }, { cookie: jar.header() });
    expect(response.status).toBe(200);
    const deck = await waitForDeck(deckId);
    expect(deck).toMatchObject({ status: "ready", kind: "complete" });
    const all = await db().select().from(cards).where(eq(cards.deckId, deckId));
    expect(all).toHaveLength(78);
    expect(all.filter((card) => card.arcana === "minor" && card.status === "ready")).toHaveLength(56);
    for (const major of majorsBefore) {
      expect(all.find((card) => card.id === major.id)?.updatedAt).toBe(major.updatedAt);
    }
    expect((await db().query.userDeckQuotas.findFirst({ where: eq(userDeckQuotas.userId, userId) }))?.completeDeckUsed).toBe(1);
    const again = await post(`/collection/${deckId}`, { intent: "upgrade" }, { cookie: jar.header() });
    expect(again.status).toBe(409);
  });

  it("deletes the deck, its cards and their images after confirmation", async () => {
    const { jar, deckId } = await ownDeck();
    expect((await post(`/collection/${deckId}`, { intent: "delete" }, { cookie: jar.header() })).status).toBe(400);
    const response = await post(`/collection/${deckId}`, { intent: "delete", confirm: "delete" }, { cookie: jar.header() });
    expect(response.status).toBe(302);
    expect(await db().query.decks.findFirst({ where: eq(decks.id, deckId) })).toBeUndefined();
    expect((await env.MEDIA.list({ prefix: `card-images/${deckId}/` })).objects).toHaveLength(0);
  });
});

describe("a missing complete-deck credit", () => {
  const explorerButton = `Complete it with Explorer Plus (${formatPlanPrice(EXPLORER_PLUS)})`;
  const unescape = (html: string) =>
    html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
  /** The part of a page from the element marked `testId` to `until`. */
  function block(html: string, testId: string, until: string) {
    const start = html.indexOf(`data-testid="${testId}"`);
    expect(start, `no ${testId} on the page`).toBeGreaterThan(-1);
    return unescape(html.slice(start, html.indexOf(until, start)));
  }

  async function newMember() {
    const id = newId();
    await db()
      .insert(users)
      .values({ id, email: `${id}@example.com`, username: `maker_${id.slice(0, 8)}` });
    return { id, cookie: await signInAs(id) };
  }

  it("refuses an upgrade with Explorer Plus offered next to the refusal, and the offer starts its checkout", async () => {
    const member = await newMember();
    const deckId = deckIdFrom(await createDeck(member.cookie));
    await waitForDeck(deckId);

    const refused = await post(`/collection/${deckId}`, { intent: "upgrade" }, { cookie: member.cookie });
    expect(refused.status).toBe(402);
    const offer = block(await refused.text(), "upgrade-refused", 'aria-label="Cards"');
    expect(offer).toContain(UPGRADE_NEEDS_CREDIT_MESSAGE);
    expect(offer).toContain('name="intent" value="buy-explorer"');
    expect(offer).toContain(explorerButton);
    expect(offer).toContain(`Explorer Plus is a one-off purchase that makes this deck’s ${EXPLORER_PLUS.cardCount} Minor Arcana`);
    expect((await db().query.decks.findFirst({ where: eq(decks.id, deckId) }))?.kind).toBe("major_arcana");

    const checkout = await post(`/collection/${deckId}`, { intent: "buy-explorer" }, { cookie: member.cookie });
    expect(checkout.status).toBe(302);
    expect(checkout.headers.get("location")).toMatch(/\/checkout\/local\//);
  });

  it("refuses a full deck with the ways to one: a Major Arcana deck completed with Explorer Plus, or a plan", async () => {
    const member = await newMember();
    const refused = await createDeck(member.cookie, { kind: "complete" });
    expect(refused.status).toBe(402);
    const ways = block(await refused.text(), "full-deck-refused", "</form>");
    expect(ways).toContain(NO_CREDITS_MESSAGE);
    expect(ways).toContain("A full deck needs a complete-deck credit.");
    expect(ways).toMatch(new RegExp(`Make a Major Arcana deck.*Explorer Plus.*a one-off \\${formatPlanPrice(EXPLORER_PLUS)}`, "s"));
    expect(ways).toContain('href="/pricing"');
    expect(ways).toContain('href="/collection"');
    expect(ways).not.toContain("Both need an account");
    // Nothing was charged, and the Major Arcana credit the way starts from is still there.
    expect(await db().select().from(deckQuotaLedger).where(eq(deckQuotaLedger.userId, member.id))).toHaveLength(0);
    expect((await createDeck(member.cookie, { kind: "major_arcana" })).status).toBe(302);
  });

  it("tells a guest that Explorer Plus and plans come with an account, and offers nothing for a second Major Arcana deck", async () => {
    const jar = await newGuest();
    const ways = block(await (await createDeck(jar.header(), { kind: "complete" })).text(), "full-deck-refused", "</form>");
    expect(ways).toContain(GUEST_NO_CREDITS_MESSAGE);
    expect(ways).toContain("Both need an account");
    expect(ways).toContain('href="/signup?redirectTo=%2Fcreate-deck"');

    await waitForDeck(deckIdFrom(await createDeck(jar.header())));
    const second = await createDeck(jar.header());
    expect(second.status).toBe(402);
    const refused = await second.text();
    expect(refused).not.toContain('data-testid="full-deck-refused"');
    // One message says it: not the estimate, the guest's note or the hint by the button as well.
    const shown = refused.replace(/<script\b[\s\S]*?<\/script>/g, "");
    expect(shown.split(NO_CREDITS_MESSAGE)).toHaveLength(2);
    expect(refused).not.toContain("Your credits as a guest are used up");
    expect(refused).not.toContain('data-testid="estimate"');
    expect(refused).not.toContain('data-testid="create-blocked"');
  });
});

describe("the generation run", () => {
  async function deckFor(theme: string) {
    const userId = `gen-${crypto.randomUUID()}`;
    const deckId = crypto.randomUUID();
    const d = db();
    await d.insert(users).values({ id: userId, email: `${userId}@example.com` });
    await d.insert(decks).values({ id: deckId, creatorId: userId, title: theme, theme, artStyle: "minimalist" });
    await d.insert(cards).values(
      MAJOR_ARCANA.slice(0, 8).map((card) => ({
        id: crypto.randomUUID(),
        deckId,
        cardKey: card.key,
        name: card.name,
        arcana: card.arcana,
        suit: card.suit,
        number: card.number,
      })),
    );
    return deckId;
  }

  const painted = (placeholder: boolean): PaintedImage => ({
    bytes: new TextEncoder().encode("<svg/>"),
    contentType: "image/svg+xml",
    ext: "svg",
    placeholder,
  });

  function fakeAi(paint: () => Promise<PaintedImage>, counter = { running: 0, peak: 0 }): AiService {
    return {
      kind: "local",
      suggestUsername: async () => null,
      describeCard: async ({ card }) => `About ${card.name}`,
      suggestThemes: async () => [],
      elaborateTheme: async (theme) => theme,
      suggestQuestions: async () => [],
      interpretReading: async () => "",
      async *streamReading() {},
      paintCard: async () => {
        counter.running++;
        counter.peak = Math.max(counter.peak, counter.running);
        try {
          return await paint();
        } finally {
          counter.running--;
        }
      },
    } as AiService;
  }

  it("runs at most the set number of cards at once", async () => {
    const deckId = await deckFor("Bounded");
    const counter = { running: 0, peak: 0 };
    const ai = fakeAi(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return painted(false);
    }, counter);
    const result = await runGeneration({ db: db(), bucket: env.MEDIA, ai, concurrency: 3 }, deckId);
    expect(result).toEqual({ status: "ready", made: 8, failed: 0 });
    expect(counter.peak).toBe(3);
  });

  it("spends a repaint only when its picture is stored: a repaint that fails keeps the card's picture and spends nothing", async () => {
    const deckId = await deckFor("Repainted");
    await runGeneration({ db: db(), bucket: env.MEDIA, ai: fakeAi(async () => painted(false)) }, deckId);
    const fool = async () => (await db().query.cards.findFirst({ where: and(eq(cards.deckId, deckId), eq(cards.cardKey, "major-00")) }))!;
    const kept = (await fool()).imageKey!;
    // A repaint under way, as the deck page asks for one.
    const hold = () =>
      db()
        .update(cards)
        .set({ status: "pending", repaintRequestedAt: Date.now() })
        .where(and(eq(cards.deckId, deckId), eq(cards.cardKey, "major-00")));
    const unchanged = { status: "ready", imageKey: kept, regenerations: 0, repaintRequestedAt: null };

    await hold();
    await runGeneration({ db: db(), bucket: env.MEDIA, ai: fakeAi(async () => Promise.reject(new Error("the painter is down"))) }, deckId);
    expect(await fool()).toMatchObject(unchanged);

    await hold();
    await runGeneration({ db: db(), bucket: env.MEDIA, ai: fakeAi(async () => painted(true)) }, deckId);
    expect(await fool()).toMatchObject(unchanged);
    // The placeholder is not kept: the card's own picture still stands.
    expect(await env.MEDIA.get(cardImageKey(deckId, "The Fool v1", "svg"))).toBeNull();
    expect(await env.MEDIA.get(kept)).not.toBeNull();

    await hold();
    await runGeneration({ db: db(), bucket: env.MEDIA, ai: fakeAi(async () => painted(false)) }, deckId);
    const repainted = await fool();
    expect(repainted).toMatchObject({ status: "ready", imageKey: cardImageKey(deckId, "The Fool v1", "svg"), regenerations: 1, repaintRequestedAt: null });
    // The picture it had stays with the card as an earlier one, beside the repaint's other variant.
    expect(await env.MEDIA.get(kept)).not.toBeNull();
    expect((await picturesOf(repainted.id)).map((p) => [p.kind, p.imageKey]).sort()).toEqual([
      ["earlier", kept],
      ["variant", cardImageKey(deckId, "The Fool v1002", "svg")],
    ]);
  });

  it("marks cards whose painting fell back to the placeholder as failed, and a deck with none made as failed", async () => {
    const deckId = await deckFor("Stormy");
    const result = await runGeneration({ db: db(), bucket: env.MEDIA, ai: fakeAi(async () => painted(true)) }, deckId);
    expect(result.status).toBe("failed");
    const rows = await db().select().from(cards).where(eq(cards.deckId, deckId));
    expect(rows.every((card) => card.status === "failed" && card.imageKey)).toBe(true);
  });

  it("resumes after an interruption, skipping the cards already made", async () => {
    const deckId = await deckFor("Resumed");
    let calls = 0;
    const flaky = fakeAi(async () => {
      calls++;
      if (calls > 5) throw new Error("the machine went away");
      return painted(false);
    });
    const first = await runGeneration({ db: db(), bucket: env.MEDIA, ai: flaky, concurrency: 1 }, deckId);
    expect(first.made).toBe(5);
    calls = -100;
    const second = await runGeneration({ db: db(), bucket: env.MEDIA, ai: flaky, concurrency: 1 }, deckId);
    expect(second).toEqual({ status: "ready", made: 3, failed: 0 });
  });

  it("settles every item of a pool even when some fail", async () => {
    const results = await mapWithConcurrency([1, 2, 3, 4], 2, async (n) => {
      if (n % 2 === 0) throw new Error(`even ${n}`);
      return n;
    });
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
  });
});

describe("a deck's card back", () => {
  it("is painted from the theme and style, the same every time, and cached for good", async () => {
    const first = await get("/art/back.svg?theme=Moonlit%20tides&style=woodcut");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/svg+xml");
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const svg = await first.text();
    expect(svg).toMatch(/^<svg[^>]+viewBox="0 0 600 800"/);
    expect(await (await get("/art/back.svg?theme=Moonlit%20tides&style=woodcut")).text()).toBe(svg);
    expect(await (await get("/art/back.svg?theme=Desert%20caravans&style=woodcut")).text()).not.toBe(svg);
  });

  it("needs a theme of reasonable length", async () => {
    expect((await get("/art/back.svg")).status).toBe(400);
    expect((await get(`/art/back.svg?theme=${"x".repeat(201)}`)).status).toBe(400);
  });
});

describe("a deck's progress socket", () => {
  const connect = (deckId: string, headers: Record<string, string>) =>
    app.fetch(`${ORIGIN}/parties/deck-generator/${deckId}`, { headers: { upgrade: "websocket", origin: ORIGIN, ...headers } });

  it("lets the owner follow every card to the finished deck, and no one else in", async () => {
    const jar = await newGuest();
    const deckId = deckIdFrom(await createDeck(jar.header()));

    const response = await connect(deckId, { cookie: jar.header() });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    const received: any[] = [];
    const finished = new Promise<void>((resolve) => {
      socket.addEventListener("message", (event) => {
        const message = JSON.parse(String(event.data));
        received.push(message);
        if ((message.type === "snapshot" && message.status === "ready") || (message.type === "deck" && message.status === "ready")) resolve();
      });
    });
    socket.accept();
    await finished;
    socket.close();
    expect(received[0]).toMatchObject({ type: "snapshot" });
    expect(received[0].cards).toHaveLength(22);
    // Whatever was live when the socket opened, every card ends ready with its image.
    const stages = new Map<string, { stage: string; imageUrl: string | null }>(received[0].cards.map((c: any) => [c.key, c]));
    for (const message of received.slice(1)) if (message.type === "card") stages.set(message.card.key, message.card);
    expect([...stages.values()].every((card) => card.stage === "ready" && card.imageUrl?.startsWith(`/media/card-images/${deckId}/`))).toBe(true);

    const stranger = await newGuest();
    expect((await connect(deckId, { cookie: stranger.header() })).status).toBe(403);
    expect((await connect(deckId, {})).status).toBe(403);
    expect((await connect(deckId, { cookie: jar.header(), origin: "https://evil.example" })).status).toBe(403);
    expect((await connect("not a deck", { cookie: jar.header() })).status).toBe(404);
  });
});

describe("a paid run that makes nothing", () => {
  async function failEverything(deckId: string, where = eq(cards.deckId, deckId)) {
    await db().update(cards).set({ status: "failed" }).where(where);
  }
  const ledgerOf = (userId: string) => db().select().from(deckQuotaLedger).where(eq(deckQuotaLedger.userId, userId));
  const quotaOf = async (userId: string) => (await db().query.userDeckQuotas.findFirst({ where: eq(userDeckQuotas.userId, userId) }))!;

  it("gives a new deck's credit back, keeps the deck as failed, and charges anew when it is tried again", async () => {
    const jar = await newGuest();
    const deckId = deckIdFrom(await createDeck(jar.header()));
    await waitForDeck(deckId);
    const [{ userId }] = (await db().select({ userId: decks.creatorId }).from(decks).where(eq(decks.id, deckId))) as [{ userId: string }];
    await failEverything(deckId);

    expect(await settlePaidRun(db(), env.MEDIA, deckId, { userId, reference: `deck:${deckId}` })).toBe("failed");
    expect((await quotaOf(userId)).majorArcanaUsed).toBe(0);
    expect((await db().query.decks.findFirst({ where: eq(decks.id, deckId) }))?.status).toBe("failed");
    // Settling again gives nothing more back.
    await settlePaidRun(db(), env.MEDIA, deckId, { userId, reference: `deck:${deckId}` });
    expect((await quotaOf(userId)).majorArcanaUsed).toBe(0);

    const page = await get(`/collection/${deckId}`, { cookie: jar.header() });
    expect(await page.text()).toContain("This deck could not be made");
    const single = await post(`/collection/${deckId}`, { intent: "regenerate", card: "major-00" }, { cookie: jar.header() });
    expect(single.status).toBe(409);
    expect(await single.text()).toContain(RETRY_WHOLE_DECK_MESSAGE.slice(0, 40));

    const retried = await post(`/collection/${deckId}`, { intent: "retry" }, { cookie: jar.header() });
    expect(retried.status).toBe(200);
    expect(await waitForDeck(deckId)).toMatchObject({ status: "ready" });
    expect((await quotaOf(userId)).majorArcanaUsed).toBe(1);
    const references = (await ledgerOf(userId)).map((line) => line.referenceId).sort();
    expect(references).toEqual([`deck:${deckId}`, `deck:${deckId}#2`, `refund:deck:${deckId}`]);
    // A deck that was made cannot be "tried again".
    expect((await post(`/collection/${deckId}`, { intent: "retry" }, { cookie: jar.header() })).status).toBe(409);
  });

  it("undoes an upgrade that made no card, so it can be bought again", async () => {
    const jar = await newGuest();
    const deckId = deckIdFrom(await createDeck(jar.header()));
    await waitForDeck(deckId);
    const [{ userId }] = (await db().select({ userId: decks.creatorId }).from(decks).where(eq(decks.id, deckId))) as [{ userId: string }];
    await db().update(userDeckQuotas).set({ completeDeckQuota: 1 }).where(eq(userDeckQuotas.userId, userId));
    expect((await post(`/collection/${deckId}`, { intent: "upgrade" }, { cookie: jar.header() })).status).toBe(200);
    await waitForDeck(deckId);
    await failEverything(deckId, and(eq(cards.deckId, deckId), eq(cards.arcana, "minor")));

    expect(await settlePaidRun(db(), env.MEDIA, deckId, { userId, reference: `upgrade:${deckId}` })).toBe("ready");
    const deck = await db().query.decks.findFirst({ where: eq(decks.id, deckId) });
    expect(deck).toMatchObject({ kind: "major_arcana", status: "ready" });
    const rows = await db().select().from(cards).where(eq(cards.deckId, deckId));
    expect(rows).toHaveLength(22);
    expect(await env.MEDIA.head(cardImageKey(deckId, "Queen of Cups", "svg"))).toBeNull();
    expect((await quotaOf(userId)).completeDeckUsed).toBe(0);

    expect((await post(`/collection/${deckId}`, { intent: "upgrade" }, { cookie: jar.header() })).status).toBe(200);
    expect(await waitForDeck(deckId)).toMatchObject({ kind: "complete", status: "ready" });
    expect((await quotaOf(userId)).completeDeckUsed).toBe(1);
    expect((await ledgerOf(userId)).some((line) => line.referenceId === `upgrade:${deckId}#2` && line.completeDeckChange === -1)).toBe(true);
  });
});

describe("AI helpers", () => {
  it("allow a person 30 suggestions in ten minutes, then ask them to wait", async () => {
    const jar = await newGuest();
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await post("/api/questions", { category: "career" }, { cookie: jar.header() })).status);
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(answers.slice(28)).toEqual([200, 200, 429]);
    expect((await post("/create-deck", { intent: "suggest" }, { cookie: jar.header() })).status).toBe(429);
    // Someone else is not held back.
    expect((await post("/api/questions", { category: "love" }, { cookie: (await newGuest()).header() })).status).toBe(200);
  });
});

describe("a deck's title from its theme", () => {
  it("keeps the creator's own capitals, only raising the first letter", () => {
    expect(titleFromTheme("cats ruling a neon Tokyo")).toBe("Cats ruling a neon Tokyo");
    expect(titleFromTheme("Moonlit tides")).toBe("Moonlit tides");
    expect(titleFromTheme("the iPhone oracle of NYC, in seven more words here")).toBe("The iPhone oracle of NYC");
    expect(titleFromTheme("  !!  ")).toBe("Untitled Deck");
  });
});

/** Text as React writes it into HTML. */
function escapedText(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}
