/**
 * The personal API: tokens made and revoked on the profile page, kept hashed, refused when revoked
 * or when the plan ends; scopes, the rate limit, idempotent deck creation and the error shape.
 */
import { env } from "cloudflare:test";
import { and, eq, isNull, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { sha256Hex } from "../../app/lib/crypto";
import { MAX_TOKENS } from "../../app/api/tokens";
import { HIGH_QUALITY_COMPLETE_DECK_CREDITS } from "../../app/plans/cost";
import { apiTokens, deckListings, deckQuotaLedger, decks, subscriptions, userDeckQuotas, users } from "../../db/schema";
import { parseRoundTripBudget, ROUND_TRIPS_BUDGET_HEADER } from "../../app/lib/round-trips.server";
import { app, get, ORIGIN, post, signInAs, visit, waitForDeck } from "./helpers";

const db = () => createDatabase(env.DB);
const DAY = 24 * 60 * 60 * 1000;

/** A signed-in member with credits, on the Visionary plan unless told otherwise. */
async function member(plan: { priceId: string; status: "active" | "canceled" } | null = { priceId: "price_visionary_monthly", status: "active" }) {
  const id = `api-${crypto.randomUUID()}`;
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com`, username: id.slice(0, 20) });
  await db()
    .insert(userDeckQuotas)
    .values({ userId: id, planType: plan ? "visionary" : "free", majorArcanaQuota: 5, completeDeckQuota: 10, nextRefreshDate: Date.now() + 10 * DAY });
  if (plan)
    await db()
      .insert(subscriptions)
      .values({ userId: id, subscriptionStatus: plan.status, priceId: plan.priceId, currentPeriodEnd: Math.floor((Date.now() + 20 * DAY) / 1000) });
  return { id, cookie: await signInAs(id) };
}

/** Makes a token on the profile page, as a person does, and returns it as the page showed it. */
async function makeToken(cookie: string, scope: "read" | "read_write" = "read_write", name = "My script") {
  const response = await post("/profile", { intent: "create-token", name, scope }, { cookie });
  const html = await response.text();
  expect(response.status, html.slice(0, 200)).toBe(200);
  const token = /arcanum_pat_[A-Za-z0-9_-]{43}/.exec(html)?.[0];
  expect(token).toBeTruthy();
  return token!;
}

function api(path: string, token: string | null, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return app.fetch(`${ORIGIN}/api/v1${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
}

/** The answer's error, after checking it has the API's one shape. */
async function errorOf(response: Response) {
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(typeof body.error.code).toBe("string");
  expect(body.error.message.length).toBeGreaterThan(10);
  return { status: response.status, code: body.error.code };
}

const NEW_DECK = { theme: "Lanterns over a harbour", style: "woodcut", kind: "major_arcana" };

describe("API tokens", () => {
  it("shows a new token once, keeps only its hash, lists it and stops it when revoked", async () => {
    const { id, cookie } = await member();
    const token = await makeToken(cookie, "read", "Exporter");
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.userId, id));
    expect(row).toMatchObject({ name: "Exporter", scope: "read", tokenHash: await sha256Hex(token), prefix: token.slice(0, 18), revokedAt: null });
    expect(Object.values(row!)).not.toContain(token);

    // The page lists it by name and its first characters, never the whole token again.
    const page = await (await visit("/profile", { cookie })).text();
    expect(page).toContain("Exporter");
    expect(page).toContain(token.slice(0, 18));
    expect(page).not.toContain(token);

    expect((await api("/decks", token)).status).toBe(200);
    const revoked = await post("/profile", { intent: "revoke-token", tokenId: row!.id }, { cookie });
    expect(revoked.status).toBe(200);
    expect(await errorOf(await api("/decks", token))).toEqual({ status: 401, code: "unauthorized" });
    expect(await (await visit("/profile", { cookie })).text()).not.toContain("Exporter");
  });

  it("lets only a Visionary member make a token, and no one revoke another's", async () => {
    const creator = await member({ priceId: "price_creator_monthly", status: "active" });
    const refused = await post("/profile", { intent: "create-token", name: "Nope", scope: "read" }, { cookie: creator.cookie });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("API access is part of the Visionary plan.");
    expect(await db().select().from(apiTokens).where(eq(apiTokens.userId, creator.id))).toEqual([]);

    const owner = await member();
    await makeToken(owner.cookie);
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.userId, owner.id));
    const other = await member();
    expect((await post("/profile", { intent: "revoke-token", tokenId: row!.id }, { cookie: other.cookie })).status).toBe(404);
    expect((await db().select().from(apiTokens).where(eq(apiTokens.id, row!.id)))[0]!.revokedAt).toBeNull();
  });

  it("holds a person to 10 live tokens however many are made at once", async () => {
    const { id, cookie } = await member();
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) => post("/profile", { intent: "create-token", name: `Script ${i}`, scope: "read" }, { cookie })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_TOKENS);
    expect(statuses.filter((status) => status === 409)).toHaveLength(14 - MAX_TOKENS);
    expect(await answers.find((answer) => answer.status === 409)!.text()).toContain(`You have ${MAX_TOKENS} tokens already.`);
    const live = await db()
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, id), isNull(apiTokens.revokedAt)));
    expect(live).toHaveLength(MAX_TOKENS);
    // Revoking one makes room for one more, and no more.
    expect((await post("/profile", { intent: "revoke-token", tokenId: live[0]!.id }, { cookie })).status).toBe(200);
    await makeToken(cookie);
    expect((await post("/profile", { intent: "create-token", name: "One too many", scope: "read" }, { cookie })).status).toBe(409);
  });

  it("refuses a token once its owner's plan has ended, and takes it back when the plan does", async () => {
    const { id, cookie } = await member();
    const token = await makeToken(cookie);
    expect((await api("/decks", token)).status).toBe(200);
    await db().update(subscriptions).set({ subscriptionStatus: "canceled" }).where(eq(subscriptions.userId, id));
    expect(await errorOf(await api("/decks", token))).toEqual({ status: 403, code: "plan_required" });
    expect(await errorOf(await api("/decks", token, { method: "POST", body: NEW_DECK }))).toEqual({ status: 403, code: "plan_required" });
    await db().update(subscriptions).set({ subscriptionStatus: "active" }).where(eq(subscriptions.userId, id));
    expect((await api("/decks", token)).status).toBe(200);
  });
});

describe("the API", () => {
  it("lets a read token read and not write", async () => {
    const { id, cookie } = await member();
    const token = await makeToken(cookie, "read");
    expect(await errorOf(await api("/decks", token, { method: "POST", body: NEW_DECK, headers: { "idempotency-key": "read-only" } }))).toEqual({
      status: 403,
      code: "insufficient_scope",
    });
    expect(await db().select().from(decks).where(eq(decks.creatorId, id))).toEqual([]);
  });

  it("limits each token to 60 requests a minute, with Retry-After", async () => {
    const { cookie } = await member();
    const token = await makeToken(cookie, "read");
    const other = await makeToken(cookie, "read", "Second");
    for (let i = 0; i < 60; i++) expect((await api("/decks?limit=1", token)).status).toBe(200);
    const limited = await api("/decks?limit=1", token);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(await errorOf(limited)).toEqual({ status: 429, code: "rate_limited" });
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The limit is the token's: another token of the same person still answers.
    expect((await api("/decks?limit=1", other)).status).toBe(200);
  });

  it("makes one deck and one charge for two identical requests at once, and answers both alike", async () => {
    const { id, cookie } = await member();
    const token = await makeToken(cookie);
    const send = () =>
      api("/decks", token, { method: "POST", body: NEW_DECK, headers: { "idempotency-key": "harbour-1", origin: "https://elsewhere.example" } });
    const [first, second] = await Promise.all([send(), send()]);
    const bodies = [await first.text(), await second.text()];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(bodies[0]).toBe(bodies[1]);
    const { deck } = JSON.parse(bodies[0]!) as { deck: { id: string; status: string; cardsTotal: number; quality: string } };
    expect(deck).toMatchObject({ status: "generating", cardsTotal: 22, quality: "high" });
    expect(first.headers.get("location")).toBe(`${ORIGIN}/api/v1/decks/${deck.id}`);

    const made = await db().select().from(decks).where(eq(decks.creatorId, id));
    expect(made.map((d) => d.id)).toEqual([deck.id]);
    const charges = await db()
      .select()
      .from(deckQuotaLedger)
      .where(and(eq(deckQuotaLedger.userId, id), like(deckQuotaLedger.referenceId, "deck:%")));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ referenceId: `deck:${deck.id}`, majorArcanaChange: 0, completeDeckChange: -HIGH_QUALITY_COMPLETE_DECK_CREDITS });

    // Later: the same answer again; the same key with another body is a conflict and charges nothing.
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(bodies[0]);
    expect(
      await errorOf(
        await api("/decks", token, { method: "POST", body: { ...NEW_DECK, theme: "Something else" }, headers: { "idempotency-key": "harbour-1" } }),
      ),
    ).toEqual({ status: 409, code: "conflict" });
    expect(
      await db()
        .select()
        .from(deckQuotaLedger)
        .where(and(eq(deckQuotaLedger.userId, id), like(deckQuotaLedger.referenceId, "deck:%"))),
    ).toHaveLength(1);

    // Its cards and its progress, with absolute picture URLs the same token may fetch.
    await waitForDeck(deck.id);
    const status = (await (await api(`/decks/${deck.id}/status`, token)).json()) as Record<string, unknown>;
    expect(status).toEqual({ id: deck.id, status: "ready", cardsReady: 22, cardsFailed: 0, cardsTotal: 22 });
    const detail = (await (await api(`/decks/${deck.id}`, token)).json()) as {
      deck: { cards: { key: string; name: string; imageUrl: string | null; description: string | null }[] };
    };
    expect(detail.deck.cards).toHaveLength(22);
    expect(detail.deck.cards[0]).toMatchObject({ key: "major-00", name: "The Fool" });
    const picture = detail.deck.cards[0]!.imageUrl!;
    expect(picture.startsWith(`${ORIGIN}/media/card-images/${deck.id}/`)).toBe(true);
    // The deck is private: its pictures open for its owner's token, not for anyone else.
    const withToken = await app.fetch(picture, { headers: { authorization: `Bearer ${token}` } });
    expect(withToken.status).toBe(200);
    await withToken.arrayBuffer();
    expect((await get(new URL(picture).pathname + new URL(picture).search)).status).toBe(404);
    const list = (await (await api("/decks", token)).json()) as { decks: { id: string }[]; nextCursor: string | null };
    expect(list).toMatchObject({ decks: [{ id: deck.id }], nextCursor: null });
  });

  it("pages through decks with a cursor", async () => {
    const { id, cookie } = await member();
    const token = await makeToken(cookie, "read");
    const now = Date.now();
    for (let i = 0; i < 5; i++)
      await db()
        .insert(decks)
        .values({ id: `${id}-d${i}`, creatorId: id, title: `Deck ${i}`, theme: "Paged", status: "ready", createdAt: now - i * 1000 });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await (await api(`/decks?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, token)).json()) as {
        decks: { id: string }[];
        nextCursor: string | null;
      };
      seen.push(...page.decks.map((d) => d.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([0, 1, 2, 3, 4].map((i) => `${id}-d${i}`));
  });

  it("answers every refusal in one shape", async () => {
    const { cookie } = await member();
    const token = await makeToken(cookie);
    const stranger = await member();
    const theirs = await makeToken(stranger.cookie);
    await db()
      .insert(decks)
      .values({ id: `${stranger.id}-deck`, creatorId: stranger.id, title: "Theirs", theme: "Theirs", status: "ready" });

    expect(await errorOf(await api("/decks", null))).toEqual({ status: 401, code: "unauthorized" });
    expect(await errorOf(await api("/decks", "arcanum_pat_not-a-real-token"))).toEqual({ status: 401, code: "unauthorized" });
    expect(await errorOf(await api("/decks", null, { headers: { cookie } }))).toEqual({ status: 401, code: "unauthorized" });
    expect(await errorOf(await api(`/decks/${stranger.id}-deck`, token))).toEqual({ status: 404, code: "not_found" });
    expect((await api(`/decks/${stranger.id}-deck`, theirs)).status).toBe(200);
    expect(await errorOf(await api(`/decks/${stranger.id}-deck/status`, token))).toEqual({ status: 404, code: "not_found" });
    expect(await errorOf(await api("/no-such-thing", token))).toEqual({ status: 404, code: "not_found" });
    expect(await errorOf(await api("/decks?limit=500", token))).toEqual({ status: 422, code: "validation_failed" });
    expect(await errorOf(await api("/decks?cursor=nonsense", token))).toEqual({ status: 422, code: "validation_failed" });
    expect(await errorOf(await api("/decks", token, { method: "POST", body: { theme: "x", kind: "tiny" } }))).toEqual({
      status: 422,
      code: "validation_failed",
    });
    expect(await errorOf(await api("/decks", token, { method: "POST", body: "{not json" }))).toEqual({ status: 400, code: "invalid_request" });
    expect(await errorOf(await api("/decks", token, { method: "POST", body: NEW_DECK, headers: { "idempotency-key": "has spaces" } }))).toEqual({
      status: 400,
      code: "invalid_request",
    });
    expect(await errorOf(await api("/decks", token, { method: "POST", body: NEW_DECK, headers: { "content-type": "text/plain" } }))).toEqual({
      status: 415,
      code: "unsupported_media_type",
    });
    expect(await errorOf(await api(`/decks/${stranger.id}-deck`, token, { method: "DELETE" }))).toEqual({ status: 405, code: "method_not_allowed" });
    // A plan rule refuses as the create form does, before anything is charged.
    expect(await errorOf(await api("/decks", token, { method: "POST", body: { ...NEW_DECK, quality: "medium" } }))).toEqual({
      status: 400,
      code: "invalid_request",
    });
  });

  it("lets bearer calls through the cross-site gate, and nothing else", async () => {
    const { cookie } = await member();
    // A cookie-carrying post from another site is still refused before any route runs.
    const forged = await post("/profile", { intent: "create-token", name: "Forged", scope: "read_write" }, { cookie, origin: "https://elsewhere.example" });
    expect(forged.status).toBe(403);
    const noBearer = await app.fetch(`${ORIGIN}/api/v1/decks`, {
      method: "POST",
      headers: { cookie, origin: "https://elsewhere.example", "content-type": "application/json" },
      body: JSON.stringify(NEW_DECK),
    });
    expect(noBearer.status).toBe(403);
  });

  it("holds each API route to its round-trip budget", async () => {
    const { cookie } = await member();
    const token = await makeToken(cookie);
    const made = await api("/decks", token, { method: "POST", body: NEW_DECK, headers: { "idempotency-key": "budget" } });
    const { deck } = (await made.clone().json()) as { deck: { id: string } };
    const answers = [
      made,
      await api("/decks", token),
      await api(`/decks/${deck.id}`, token),
      await api(`/decks/${deck.id}/status`, token),
      await get("/api/v1/openapi.json"),
    ];
    const seen = answers.map((response) => parseRoundTripBudget(response.headers.get(ROUND_TRIPS_BUDGET_HEADER)));
    expect(seen.map((b) => b?.routeId)).toEqual([
      "routes/api.v1.decks",
      "routes/api.v1.decks",
      "routes/api.v1.decks_.$deckId",
      "routes/api.v1.decks_.$deckId_.status",
      "routes/api.v1.openapi[.json]",
    ]);
    for (const budget of seen) expect(budget!.sequential).toBeLessThanOrEqual(budget!.budget);
    console.log(`Round trips of the API:\n  ${seen.map((b) => `${b!.kind} ${b!.routeId}: ${b!.sequential}/${b!.budget}`).join("\n  ")}`);
    await waitForDeck(deck.id);
  });

  it("describes itself in OpenAPI 3.1 and on a readable page", async () => {
    const response = await get("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(["/decks", "/decks/{id}", "/decks/{id}/status"]);
    expect(Object.keys(doc.paths["/decks"]!).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.components.schemas.NewDeck!.properties!)).toEqual(expect.arrayContaining(["theme", "style", "kind", "quality"]));
    const page = await visit("/developers");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("/api/v1/decks/{id}/status");
    expect(html).toContain("Idempotency-Key");
  });
});

describe("the verified-creator badge", () => {
  it("shows beside a Visionary creator's name on their listings and deck page, and goes when the plan ends", async () => {
    const creator = await member();
    const viewer = await member(null);
    const word = `badge${crypto.randomUUID().slice(0, 8)}`;
    const deckId = `${creator.id}-listed`;
    await db()
      .insert(decks)
      .values({ id: deckId, creatorId: creator.id, title: `Listed ${word}`, theme: `Tides ${word}`, status: "ready", isPublic: true });
    await db().insert(deckListings).values({ deckId, sellerId: creator.id, priceCents: 0, description: word });

    const listing = await (await get(`/marketplace?q=${word}`, { cookie: viewer.cookie })).text();
    expect(listing).toContain(`Listed ${word}`);
    // Only this creator's deck matches the search: the one badge on the page is theirs.
    expect(listing.match(/Verified<span class="sr-only"> creator<\/span>/g)?.length).toBe(1);
    const page = await (await get(`/marketplace/${deckId}`, { cookie: viewer.cookie })).text();
    expect(page.match(/Verified creator</g)?.length).toBe(2);

    await db().update(subscriptions).set({ subscriptionStatus: "canceled" }).where(eq(subscriptions.userId, creator.id));
    const after = await (await get(`/marketplace?q=${word}`, { cookie: viewer.cookie })).text();
    expect(after).toContain(`Listed ${word}`);
    expect(after).not.toContain("Verified<span");
    expect(await (await get(`/marketplace/${deckId}`, { cookie: viewer.cookie })).text()).not.toContain("Verified creator<");
  });
});
