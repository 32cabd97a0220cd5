/**
 * Every form action, fed hostile and random input: huge strings, unicode, wrong types, injection
 * strings, missing, unknown and duplicated fields, other body encodings. None may answer 500; a
 * refusal must say why in words; a refused request must leave the data as it was. The marketplace's
 * forms answer only 2xx, 3xx, 400, 403, 404 or 409 (or 415 from the body gate for what is not a form
 * at all), and whatever they accept leaves every marketplace row within its rules.
 */
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { readForm } from "../../app/lib/read-form.server";
import { STAFF_MEMBER_ID } from "../../scripts/seed/seed-data";
import { cards, deckReviews, decks, readingJournal, subscriptions, users } from "../../db/schema";
import { MINIMUM_PAYOUT_CENTS } from "../../app/marketplace/earnings.server";
import { REPORT_DETAILS_MAX, REPORT_REASONS } from "../../app/marketplace/reports";
import { REPLY_MAX, REVIEW_MAX } from "../../app/marketplace/reviews.server";
import { isApiPath } from "../../app/api/paths";
import { PAYMENT_WEBHOOK_PATH } from "../../app/payments/paths";
import { FORM_BODY_LIMIT, UPLOAD_BODY_LIMIT } from "../../app/worker/request-body.server";
import * as build from "remix-build";
import { app, CookieJar, ORIGIN, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);
const OWNER_ID = "seed-user-sage";

/** Strings an attacker or a careless client sends. */
const HOSTILE = [
  "",
  " ",
  "\u0000",
  "'; DROP TABLE decks; --",
  '" OR 1=1 --',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "{{7*7}}",
  "${7*7}",
  "../../../../etc/passwd",
  "%2e%2e%2f%2e%2e%2f",
  "javascript:alert(1)",
  "//evil.example",
  "\r\nSet-Cookie: hacked=1",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "99999999999999999999999",
  "true",
  "[object Object]",
  '{"$gt":""}',
  "🂠🃏🂡".repeat(50),
  "\u202Ereversed",
  "Z̸̢͕͎̈́a̷̛͚l̵̘̈g̸͇͝o̶͔͐",
  "a".repeat(5001),
  "é".repeat(20_000),
];

const value = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 300 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 0, maxLength: 2000 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

type Target = {
  name: string;
  path: () => Promise<string>;
  /** The fields the action reads; `intent` values are tried among random ones. */
  fields: Record<string, readonly string[]>;
};

/** A form: some known fields (known values or hostile ones), some unknown fields, some repeated. */
function formFor(target: Target) {
  const known = Object.entries(target.fields).map(([name, good]) =>
    fc.option(fc.tuple(fc.constant(name), good.length > 0 ? fc.oneof(fc.constantFrom(...good), value) : value), { nil: undefined }),
  );
  return fc
    .record({
      known: fc.tuple(...known),
      extra: fc.array(fc.tuple(fc.constantFrom("intent", "__proto__", "constructor", "id", "userId", "creatorId", "isPublic", "x"), value), { maxLength: 3 }),
      repeat: fc.boolean(),
      encoding: fc.constantFrom("urlencoded", "urlencoded", "urlencoded", "multipart", "json", "garbage"),
    })
    .map(({ known, extra, repeat, encoding }) => {
      const pairs = [...known.filter((pair): pair is [string, string] => pair !== undefined), ...extra];
      if (repeat && pairs.length > 0) pairs.push([pairs[0]![0], "second value"]);
      return { pairs, encoding };
    });
}

function bodyOf({ pairs, encoding }: { pairs: [string, string][]; encoding: string }): { body: BodyInit; contentType?: string } {
  if (encoding === "multipart") {
    const form = new FormData();
    for (const [name, v] of pairs) form.append(name, v);
    if (pairs.length % 2 === 0) form.append("avatar", new File([new Uint8Array([0x3c, 0x73, 0x76, 0x67])], "x.svg", { type: "image/svg+xml" }));
    return { body: form };
  }
  if (encoding === "json") return { body: JSON.stringify(Object.fromEntries(pairs)), contentType: "application/json" };
  if (encoding === "garbage") return { body: new Uint8Array([0xff, 0xfe, 0x00, 0x25, 0x25, 0x3d, 0x26]), contentType: "application/x-www-form-urlencoded" };
  return { body: new URLSearchParams(pairs).toString(), contentType: "application/x-www-form-urlencoded" };
}

/**
 * A fingerprint of the data a form can change; equal before and after a refused request. Deck and
 * card times are left out: a repaint accepted earlier goes on painting in the background.
 */
async function fingerprint() {
  const [row] = await db().all<Record<string, number>>(sql`SELECT
    (SELECT COUNT(*) FROM decks) AS decks,
    (SELECT group_concat(title || is_public, '|') FROM decks WHERE creator_id = ${OWNER_ID}) AS deck_titles,
    (SELECT COUNT(*) FROM cards) AS cards,
    (SELECT COUNT(*) FROM users) AS users, (SELECT TOTAL(updated_at) FROM users) AS users_at,
    (SELECT COUNT(*) FROM reading_journal) AS journal, (SELECT TOTAL(updated_at) FROM reading_journal) AS journal_at,
    (SELECT group_concat(notes || ifnull(share_id, '-'), '|') FROM reading_journal WHERE user_id = ${OWNER_ID}) AS journal_notes,
    (SELECT COUNT(*) FROM user_deck_quotas) AS quotas, (SELECT TOTAL(major_arcana_used + complete_deck_used) FROM user_deck_quotas) AS used,
    (SELECT COUNT(*) FROM deck_quota_ledger) AS ledger,
    (SELECT COUNT(*) FROM reading_sessions) AS readings,
    (SELECT COUNT(*) FROM reading_invites) AS invites,
    (SELECT COUNT(*) FROM session_participants) AS seats`);
  return row;
}

let tried = 0;

const setup = {} as { cookie: string; deckId: string; journalId: string; readingId: string };

const TARGETS: Target[] = [
  {
    name: "deck page",
    path: async () => `/collection/${setup.deckId}`,
    fields: {
      intent: ["rename", "publish", "unpublish", "regenerate", "upgrade", "buy-explorer", "retry", "delete"],
      title: ["A title"],
      card: ["major-00", "minor-wands-01"],
      confirm: ["delete"],
    },
  },
  {
    name: "create deck",
    path: async () => "/create-deck",
    fields: {
      intent: ["suggest", "elaborate", "create"],
      theme: ["Moonlit tides"],
      title: [],
      description: [],
      style: ["woodcut"],
      kind: ["major_arcana", "complete"],
      quality: ["medium", "high"],
    },
  },
  { name: "journal entry", path: async () => `/journal/${setup.journalId}`, fields: { intent: ["notes", "share", "unshare"], notes: ["kept"] } },
  {
    name: "sign in",
    path: async () => "/login",
    fields: { email: ["fuzz@example.com"], fullName: [], mode: ["sign-in", "create"], intent: ["send", "merge"], redirectTo: ["/collection"] },
  },
  {
    name: "sign up",
    path: async () => "/signup",
    fields: { email: ["fuzz@example.com"], fullName: ["Fuzz"], mode: ["create"], intent: ["send", "merge"], redirectTo: [] },
  },
  {
    name: "profile",
    path: async () => "/profile",
    fields: {
      intent: ["profile", "avatar", "remove-avatar", "create-token", "revoke-token"],
      username: ["fuzz_user"],
      fullName: [],
      bio: [],
      name: [],
      scope: ["read", "read_write"],
      tokenId: [],
    },
  },
  { name: "suggested questions", path: async () => "/api/questions", fields: { category: ["love", "career"], count: ["4"] } },
  { name: "Google sign-in", path: async () => "/auth/google", fields: { redirectTo: ["/"] } },
  {
    name: "reading room",
    path: async () => `/reading-room?session=${setup.readingId}`,
    fields: { intent: ["invite"], type: ["participant", "spectator-video"], maxUses: ["3"] },
  },
  { name: "theme", path: async () => "/theme", fields: { theme: ["light", "dark", "toggle"], redirectTo: ["/"] } },
  { name: "invitation", path: async () => "/invite/participant/not-an-invite", fields: {} },
];

beforeAll(async () => {
  setup.cookie = await signInAs(OWNER_ID);
  setup.deckId = newId();
  await db().insert(decks).values({ id: setup.deckId, creatorId: OWNER_ID, title: "Fuzzed deck", theme: "Fuzz", status: "ready" });
  await db()
    .insert(cards)
    .values({ id: `${setup.deckId}-major-00`, deckId: setup.deckId, cardKey: "major-00", name: "The Fool", arcana: "major", number: 0, status: "ready" });
  setup.journalId = newId();
  await db().insert(readingJournal).values({ id: setup.journalId, userId: OWNER_ID, spreadId: "single", spreadName: "Single card", cards: [] });
  const opened = await post("/reading-room", {}, { cookie: setup.cookie });
  setup.readingId = new URL(opened.headers.get("location")!, ORIGIN).searchParams.get("session")!;
});

afterAll(() => {
  console.log(`form fuzzing: ${tried} hostile or random submissions to ${TARGETS.length + MARKET_TARGETS.length + 1} actions`);
});

describe("form actions under hostile input never answer 500, say why they refuse, and change nothing when they refuse", () => {
  it.each(TARGETS.map((target) => [target.name, target] as const))(
    "%s",
    async (_, target) => {
      await fc.assert(
        fc.asyncProperty(formFor(target), async (form) => {
          tried++;
          const before = await fingerprint();
          const { body, contentType } = bodyOf(form);
          const response = await app.fetch(`${ORIGIN}${await target.path()}`, {
            method: "POST",
            redirect: "manual",
            body,
            headers: {
              host: "localhost",
              origin: ORIGIN,
              cookie: setup.cookie,
              "cf-connecting-ip": `198.18.${tried % 250}.1`,
              ...(contentType ? { "content-type": contentType } : {}),
            },
          });
          const text = await response.text();
          const where = `${target.name} ${JSON.stringify(form).slice(0, 300)}`;
          // 502 and 503 are deliberate: an outside service (mail, Google) is unreachable or not set up.
          expect(response.status < 500 || [502, 503].includes(response.status), `${where}: ${response.status}`).toBe(true);
          if (response.status >= 400) {
            expect(text.trim().length, `${where}: a refusal says why`).toBeGreaterThan(0);
            expect(await fingerprint(), `${where}: a refusal changed data`).toEqual(before);
          }
        }),
        { numRuns: 40, seed: 20261123 },
      );
    },
    120_000,
  );

  it("sign out", async () => {
    // Signing out ends a session, so it is fuzzed with sessions of its own.
    await fc.assert(
      fc.asyncProperty(formFor({ name: "sign out", path: async () => "/logout", fields: { redirectTo: ["/"] } }), async (form) => {
        tried++;
        const jar = new CookieJar();
        jar.take(await visit("/", { headers: { "cf-connecting-ip": "198.19.0.1" } }));
        const { body, contentType } = bodyOf(form);
        const response = await app.fetch(`${ORIGIN}/logout`, {
          method: "POST",
          redirect: "manual",
          body,
          headers: { host: "localhost", origin: ORIGIN, cookie: jar.header(), ...(contentType ? { "content-type": contentType } : {}) },
        });
        await response.arrayBuffer();
        expect([302, 400, 415]).toContain(response.status);
      }),
      { numRuns: 20, seed: 20261123 },
    );
  }, 120_000);
});

/** The marketplace's people and decks: a seller with a listed deck and a free one, a buyer who reviewed it, a reporter, the staff. */
const market = {} as {
  seller: string;
  buyer: string;
  reporter: string;
  staff: string;
  sellerId: string;
  pricedDeckId: string;
  freeDeckId: string;
  reviewId: string;
};

async function member(plan?: "creator") {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com`, username: `f_${id.slice(0, 10)}` });
  if (plan) {
    await db()
      .insert(subscriptions)
      .values({ userId: id, subscriptionStatus: "active", priceId: "price_creator_monthly", currentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400 });
  }
  return { id, cookie: await signInAs(id) };
}

async function sellerDeck(sellerId: string, title: string) {
  const deckId = newId();
  await db().insert(decks).values({ id: deckId, creatorId: sellerId, title, theme: "Fuzz", status: "ready" });
  for (const [number, key] of ["major-00", "major-01", "major-02"].entries()) {
    await db()
      .insert(cards)
      .values({ id: `${deckId}-${key}`, deckId, cardKey: key, name: `Card ${number}`, arcana: "major", number, status: "ready" });
  }
  return deckId;
}

/** A stored report: the reason's label, then the reporter's words, if any. */
const REPORT_REASON_MAX = Math.max(...Object.values(REPORT_REASONS).map((label) => label.length)) + 2 + REPORT_DETAILS_MAX;

const MARKET_DECKS = () => [market.pricedDeckId, market.freeDeckId];

/** What the marketplace's forms can change, for these decks and people; equal before and after a refusal. */
async function marketFingerprint() {
  const [row] = await db().all<Record<string, unknown>>(sql`SELECT
    (SELECT group_concat(deck_id || price_cents || description || tags || preview_card_keys || licence || status || ifnull(hidden_at, '-') || ifnull(hidden_reason, '-') || featured || sales_count || rating_sum || rating_count || updated_at, '|')
      FROM deck_listings WHERE deck_id IN (${market.pricedDeckId}, ${market.freeDeckId})) AS listings,
    (SELECT group_concat(id || rating || body || ifnull(reply, '-') || updated_at, '|') FROM deck_reviews WHERE deck_id IN (${market.pricedDeckId}, ${market.freeDeckId})) AS reviews,
    (SELECT group_concat(id || reason || status || ifnull(resolved_by, '-'), '|') FROM deck_reports WHERE deck_id IN (${market.pricedDeckId}, ${market.freeDeckId})) AS reports,
    (SELECT COUNT(*) FROM deck_purchases) AS purchases,
    (SELECT group_concat(id || amount_cents || status, '|') FROM payouts WHERE seller_id = ${market.sellerId}) AS payouts,
    (SELECT group_concat(account_id || payouts_enabled, '|') FROM seller_accounts WHERE user_id = ${market.sellerId}) AS accounts,
    (SELECT COUNT(*) FROM seller_ledger) AS ledger,
    (SELECT COUNT(*) FROM local_payment_objects) AS provider_objects`);
  return row;
}

/** Rows outside the marketplace's rules: prices, licences, tags, counters, texts, payouts, balances. */
async function corruptMarketRows() {
  return db().all<Record<string, unknown>>(sql`
    SELECT 'listing' AS kind, deck_id AS id FROM deck_listings WHERE deck_id IN (${market.pricedDeckId}, ${market.freeDeckId}) AND (
      typeof(price_cents) <> 'integer' OR price_cents < 0 OR price_cents > 100000 OR (price_cents > 0 AND price_cents < 50)
      OR status NOT IN ('listed', 'unlisted') OR licence NOT IN ('personal', 'commercial')
      OR NOT json_valid(tags) OR json_array_length(tags) > 8 OR NOT json_valid(preview_card_keys) OR json_array_length(preview_card_keys) > 10
      OR length(description) > 2000 OR sales_count < 0
      OR (hidden_at IS NULL) <> (hidden_reason IS NULL)
      OR rating_count <> (SELECT COUNT(*) FROM deck_reviews r WHERE r.deck_id = deck_listings.deck_id)
      OR rating_sum <> (SELECT TOTAL(rating) FROM deck_reviews r WHERE r.deck_id = deck_listings.deck_id))
    UNION ALL
    SELECT 'review', id FROM deck_reviews WHERE deck_id IN (${market.pricedDeckId}, ${market.freeDeckId}) AND (
      rating NOT BETWEEN 1 AND 5 OR length(body) > ${REVIEW_MAX} OR length(reply) > ${REPLY_MAX} OR (reply IS NULL) <> (replied_at IS NULL))
    UNION ALL
    SELECT 'report', id FROM deck_reports WHERE deck_id IN (${market.pricedDeckId}, ${market.freeDeckId}) AND (
      NOT (${sql.join(
        Object.values(REPORT_REASONS).map((label) => sql`reason = ${label} OR substr(reason, 1, ${label.length + 2}) = ${`${label}: `}`),
        sql` OR `,
      )})
      OR length(reason) > ${REPORT_REASON_MAX} OR status NOT IN ('open', 'actioned', 'dismissed'))
    UNION ALL
    SELECT 'payout', id FROM payouts WHERE seller_id = ${market.sellerId} AND (amount_cents < ${MINIMUM_PAYOUT_CENTS} OR status NOT IN ('pending', 'paid', 'failed'))
    UNION ALL
    SELECT 'balance', seller_id FROM seller_ledger WHERE seller_id = ${market.sellerId} GROUP BY seller_id HAVING SUM(net_cents) < 0`);
}

const MARKET_TARGETS: (Target & { cookie: () => string })[] = [
  {
    name: "listing: list, edit, unlist",
    cookie: () => market.seller,
    path: async () => `/collection/${market.pricedDeckId}`,
    fields: {
      intent: ["list", "unlist"],
      price: ["4.99", "0", "0.49", "1000.01"],
      description: ["Warm light"],
      tags: ["lanterns, autumn"],
      preview: ["major-00", "major-77"],
      licence: ["personal", "commercial"],
    },
  },
  {
    name: "review",
    cookie: () => market.buyer,
    path: async () => `/marketplace/${market.freeDeckId}`,
    fields: { intent: ["review", "edit-review"], rating: ["1", "5", "0", "6", "4.5"], body: ["Lovely deck"] },
  },
  {
    name: "reply to a review",
    cookie: () => market.seller,
    path: async () => `/marketplace/${market.freeDeckId}`,
    // Read when the form is made, after the review exists.
    get fields() {
      return { intent: ["reply"], review: [market.reviewId], reply: ["Thank you"] };
    },
  },
  {
    name: "report",
    cookie: () => market.reporter,
    path: async () => `/marketplace/${market.freeDeckId}/report`,
    fields: { reason: Object.keys(REPORT_REASONS), details: ["Copied from a book"] },
  },
  {
    name: "staff reports: hide, unhide, dismiss",
    cookie: () => market.staff,
    path: async () => "/staff/reports",
    get fields() {
      return { intent: ["hide", "unhide", "dismiss", "feature", "unfeature"], deckId: MARKET_DECKS(), reason: ["Copied art"] };
    },
  },
  {
    name: "staff listings: feature, unfeature, hide, unhide",
    cookie: () => market.staff,
    path: async () => "/staff/listings",
    get fields() {
      return { intent: ["feature", "unfeature", "hide", "unhide", "dismiss"], deckId: MARKET_DECKS(), reason: ["Misleading"] };
    },
  },
  { name: "payout request", cookie: () => market.seller, path: async () => "/sales", fields: { intent: ["payout", "onboard"] } },
  {
    name: "local payout onboarding",
    cookie: () => market.seller,
    path: async () => "/sales/onboarding/local",
    fields: { intent: ["complete"], country: ["US", "GB"], holderName: ["Ada Lantern"] },
  },
];

/** A form's answers: done, sent on, or refused with the reason; 415 is the body gate's answer to what is not a form. */
const MARKET_STATUSES = [400, 403, 404, 409, 415];

describe("the marketplace's forms under hostile input answer 2xx, 3xx, 400, 403, 404 or 409, and leave no corrupt row", () => {
  beforeAll(async () => {
    const seller = await member("creator");
    market.seller = seller.cookie;
    market.sellerId = seller.id;
    market.pricedDeckId = await sellerDeck(seller.id, "Fuzzed lanterns");
    market.freeDeckId = await sellerDeck(seller.id, "Fuzzed tides");
    const listPriced = await post(`/collection/${market.pricedDeckId}`, { intent: "list", price: "4.99", description: "For sale" }, { cookie: seller.cookie });
    const listFree = await post(`/collection/${market.freeDeckId}`, { intent: "list", price: "0", description: "Free" }, { cookie: seller.cookie });
    expect([listPriced.status, listFree.status]).toEqual([200, 200]);
    const buyer = await member();
    market.buyer = buyer.cookie;
    expect((await post(`/checkout/${market.freeDeckId}`, {}, { cookie: buyer.cookie })).status).toBe(302);
    expect((await post(`/marketplace/${market.freeDeckId}`, { intent: "review", rating: "4", body: "Bright" }, { cookie: buyer.cookie })).status).toBe(200);
    market.reviewId = (await db().query.deckReviews.findFirst({ where: eq(deckReviews.deckId, market.freeDeckId) }))!.id;
    market.reporter = (await member()).cookie;
    market.staff = await signInAs(STAFF_MEMBER_ID);
  });

  it.each(MARKET_TARGETS.map((target) => [target.name, target] as const))(
    "%s",
    async (_, target) => {
      await fc.assert(
        fc.asyncProperty(formFor(target), async (form) => {
          tried++;
          const before = await marketFingerprint();
          const { body, contentType } = bodyOf(form);
          const response = await app.fetch(`${ORIGIN}${await target.path()}`, {
            method: "POST",
            redirect: "manual",
            body,
            headers: {
              host: "localhost",
              origin: ORIGIN,
              cookie: target.cookie(),
              "cf-connecting-ip": `198.20.${tried % 250}.1`,
              ...(contentType ? { "content-type": contentType } : {}),
            },
          });
          const text = await response.text();
          const where = `${target.name} ${JSON.stringify(form).slice(0, 300)}`;
          expect(response.status < 400 || MARKET_STATUSES.includes(response.status), `${where}: ${response.status} ${text.slice(0, 200)}`).toBe(true);
          if (response.status >= 400) {
            expect(text.trim().length, `${where}: a refusal says why`).toBeGreaterThan(0);
            expect(await marketFingerprint(), `${where}: a refusal changed data`).toEqual(before);
          }
          expect(await corruptMarketRows(), `${where}: left a corrupt row`).toEqual([]);
        }),
        { numRuns: 30, seed: 20261123 },
      );
    },
    120_000,
  );
});

/** Actions that take a form, each with the most its body may carry. */
const OVERSIZE_TARGETS: [string, () => string, number][] = [
  ["sign in", () => "/login", FORM_BODY_LIMIT],
  ["theme", () => "/theme", FORM_BODY_LIMIT],
  ["deck page", () => `/collection/${setup.deckId}`, FORM_BODY_LIMIT],
  ["journal entry", () => `/journal/${setup.journalId}`, FORM_BODY_LIMIT],
  ["reading room", () => `/reading-room?session=${setup.readingId}`, FORM_BODY_LIMIT],
  ["profile upload", () => "/profile", UPLOAD_BODY_LIMIT],
];

/** A body streamed in chunks with no declared length; `pulled` says how much of it was read. */
function chunkedBody(bytes: number, chunkBytes: number) {
  const chunk = new Uint8Array(chunkBytes).fill(0x61);
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= bytes) return controller.close();
      const size = Math.min(chunkBytes, bytes - pulled);
      pulled += size;
      controller.enqueue(size === chunkBytes ? chunk : chunk.slice(0, size));
    },
  });
  return { body, pulled: () => pulled };
}

describe("chunked and over-limit bodies are refused with 413, read to their end, and the next request answers at once", () => {
  it.each(OVERSIZE_TARGETS)(
    "%s",
    async (_, path, limit) => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 3 * limit }), fc.constantFrom(1024, 16 * 1024, 64 * 1024, 256 * 1024), async (over, chunkBytes) => {
          tried++;
          const before = await fingerprint();
          const bytes = limit + over;
          const upload = chunkedBody(bytes, chunkBytes);
          const response = await app.fetch(`${ORIGIN}${path()}`, {
            method: "POST",
            redirect: "manual",
            body: upload.body,
            // @ts-expect-error workerd's RequestInit takes duplex for streamed bodies
            duplex: "half",
            headers: {
              host: "localhost",
              origin: ORIGIN,
              cookie: setup.cookie,
              "content-type": "application/x-www-form-urlencoded",
              "transfer-encoding": "chunked",
            },
          });
          const where = `${path()} ${bytes} bytes in chunks of ${chunkBytes}`;
          expect(response.status, where).toBe(413);
          expect(await response.text(), where).toMatch(/too large/);
          // A body left half read holds its connection; the refusal reads it through, keeping none of it.
          expect(upload.pulled(), where).toBe(bytes);
          expect(await fingerprint(), `${where}: a refusal changed data`).toEqual(before);
          // The next request, from the same person, is answered at once.
          const next = await app.fetch(`${ORIGIN}${path()}`, {
            redirect: "manual",
            headers: { host: "localhost", cookie: setup.cookie },
            signal: AbortSignal.timeout(2_000),
          });
          await next.arrayBuffer();
          expect(next.status, `${where}: the next request`).toBeLessThan(500);
          const health = await app.fetch(`${ORIGIN}/healthz`, { signal: AbortSignal.timeout(2_000) });
          expect(await health.text()).toBe("ok");
        }),
        { numRuns: 6, seed: 20261123 },
      );
    },
    120_000,
  );
});

/** Every route of the build that has an action, as a path to post to (index routes need `?index`). */
function actionPaths(): { id: string; path: string }[] {
  const routes = build.routes as Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: { action?: unknown } }>;
  const pathOf = (id: string): string => {
    const route = routes[id]!;
    return [route.parentId ? pathOf(route.parentId) : "", route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.values(routes)
    .filter((route) => route.module.action)
    .map((route) => {
      const path = `/${pathOf(route.id)}`
        .replace(/:deckId/g, setup.deckId)
        .replace(/:entryId/g, setup.journalId)
        .replace(/:readingId/g, setup.readingId)
        .replace(/:[A-Za-z]+/g, "not-a-real-id");
      return { id: route.id, path: route.index ? `${path}?index` : path };
    });
}

/** Requests that carry no form: nothing at all, an empty body without a type, a body without a type. */
const FORMLESS: [string, () => { body?: BodyInit; headers?: Record<string, string> }, number, RegExp][] = [
  ["no body and no content type", () => ({}), 400, /Nothing was sent/],
  ["an empty body without a content type", () => ({ body: new Uint8Array(0), headers: { "content-length": "0" } }), 400, /Nothing was sent/],
  ["a body without a content type", () => ({ body: new TextEncoder().encode("intent=delete") }), 415, /Send this as a form/],
];

describe("every action refuses a request that carries no form with a 4xx that says why, and answers an empty form without a server error", () => {
  it("knows every action of the app", () => {
    // The build's routes are the list: a new action is covered the day it is added.
    expect(actionPaths().length).toBeGreaterThanOrEqual(25);
  });

  it.each(FORMLESS)(
    "%s",
    async (_, request, status, words) => {
      for (const { id, path } of actionPaths()) {
        // The payment webhook and the JSON API read bodies of their own (tested with them).
        if (path === PAYMENT_WEBHOOK_PATH || isApiPath(path)) continue;
        for (const target of [path, path.replace(/^([^?]*?)\/?(\?.*)?$/, (_, p: string, q?: string) => `${p === "" ? "/_root" : p}.data${q ?? ""}`)]) {
          tried++;
          const before = await fingerprint();
          const { body, headers } = request();
          const response = await app.fetch(`${ORIGIN}${target}`, {
            method: "POST",
            redirect: "manual",
            body,
            headers: { host: "localhost", origin: ORIGIN, cookie: setup.cookie, ...headers },
          });
          const where = `${id} (${target})`;
          expect(response.status, where).toBe(status);
          expect(await response.text(), where).toMatch(words);
          expect(await fingerprint(), `${where}: a refusal changed data`).toEqual(before);
        }
      }
    },
    60_000,
  );

  it("an empty form", async () => {
    for (const { id, path } of actionPaths()) {
      if (path === PAYMENT_WEBHOOK_PATH || isApiPath(path)) continue;
      tried++;
      const before = await fingerprint();
      const response = await app.fetch(`${ORIGIN}${path}`, {
        method: "POST",
        redirect: "manual",
        body: "",
        headers: {
          host: "localhost",
          origin: ORIGIN,
          cookie: setup.cookie,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": "0",
          "cf-connecting-ip": `198.18.${tried % 250}.9`,
        },
      });
      const text = await response.text();
      // 502 and 503 are deliberate: an outside service (mail, Google) is unreachable or not set up.
      expect(response.status < 500 || [502, 503].includes(response.status), `${id}: ${response.status} ${text.slice(0, 200)}`).toBe(true);
      if (response.status >= 400) {
        expect(text.trim().length, `${id}: a refusal says why`).toBeGreaterThan(0);
        expect(await fingerprint(), `${id}: a refusal changed data`).toEqual(before);
      }
    }
  }, 60_000);

  it("the payment webhook refuses an empty or unsigned event with 400", async () => {
    for (const [, request] of FORMLESS) {
      const { body, headers } = request();
      const response = await app.fetch(`${ORIGIN}${PAYMENT_WEBHOOK_PATH}`, { method: "POST", body, headers: { host: "localhost", ...headers } });
      expect(response.status).toBe(400);
      expect((await response.text()).trim().length).toBeGreaterThan(0);
    }
  });
});

describe("readForm: one schema per action, keyed on intent", () => {
  const pageForm = z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("rename"), title: z.string().trim().min(1, "Give it a title") }),
    z.object({ intent: z.literal("delete") }),
  ]);
  const sent = (fields: Record<string, string>) => new Request(ORIGIN, { method: "POST", body: new URLSearchParams(fields) });

  it("hands the action the branch the button named, with that branch's fields typed", async () => {
    const read = await readForm(sent({ intent: "rename", title: "  Moon  ", extra: "ignored" }), pageForm);
    expect(read.ok && read.data).toEqual({ intent: "rename", title: "Moon" });
  });

  it("names an intent it does not know, or a missing one, apart from a field's own refusal", async () => {
    for (const [fields, intent] of [
      [{ intent: "drop" }, "drop"],
      [{}, null],
    ] as const) {
      const read = await readForm(sent(fields), pageForm);
      expect(read.ok ? null : [read.unknownIntent, read.intent]).toEqual([true, intent]);
    }
    const blank = await readForm(sent({ intent: "rename", title: " " }), pageForm);
    expect(blank.ok ? null : [blank.unknownIntent, blank.intent, blank.field, blank.message]).toEqual([false, "rename", "title", "Give it a title"]);
  });
});
