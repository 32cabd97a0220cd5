/**
 * Every form action, fed hostile and random input: huge strings, unicode, wrong types, injection
 * strings, missing, unknown and duplicated fields, other body encodings. None may answer 500; a
 * refusal must say why in words; a refused request must leave the data as it was.
 */
import { env, SELF } from "cloudflare:test";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { cards, decks, readingJournal } from "../../db/schema";
import { CookieJar, ORIGIN, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);
const OWNER_ID = "seed-user-sage";

/** Strings an attacker or a careless client sends. */
const HOSTILE = [
  "",
  " ",
  "\u0000",
  "'; DROP TABLE decks; --",
  "\" OR 1=1 --",
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
  "{\"$gt\":\"\"}",
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
  { name: "deck page", path: async () => `/collection/${setup.deckId}`, fields: { intent: ["rename", "publish", "unpublish", "regenerate", "upgrade", "buy-explorer", "retry", "delete"], title: ["A title"], card: ["major-00", "minor-wands-01"], confirm: ["delete"] } },
  { name: "create deck", path: async () => "/create-deck", fields: { intent: ["suggest", "elaborate", "create"], theme: ["Moonlit tides"], title: [], description: [], style: ["woodcut"], kind: ["major_arcana", "complete"], quality: ["medium", "high"] } },
  { name: "journal entry", path: async () => `/journal/${setup.journalId}`, fields: { intent: ["notes", "share", "unshare"], notes: ["kept"] } },
  { name: "sign in", path: async () => "/login", fields: { email: ["fuzz@example.com"], fullName: [], mode: ["sign-in", "create"], intent: ["send", "merge"], redirectTo: ["/collection"] } },
  { name: "sign up", path: async () => "/signup", fields: { email: ["fuzz@example.com"], fullName: ["Fuzz"], mode: ["create"], intent: ["send", "merge"], redirectTo: [] } },
  { name: "profile", path: async () => "/profile", fields: { intent: ["profile", "avatar", "remove-avatar"], username: ["fuzz_user"], fullName: [], bio: [] } },
  { name: "suggested questions", path: async () => "/api/questions", fields: { category: ["love", "career"], count: ["4"] } },
  { name: "Google sign-in", path: async () => "/auth/google", fields: { redirectTo: ["/"] } },
  { name: "reading room", path: async () => `/reading-room?session=${setup.readingId}`, fields: { intent: ["invite"], type: ["participant", "spectator-video"], maxUses: ["3"] } },
  { name: "theme", path: async () => "/theme", fields: { theme: ["light", "dark", "toggle"], redirectTo: ["/"] } },
  { name: "invitation", path: async () => "/invite/participant/not-an-invite", fields: {} },
];

beforeAll(async () => {
  setup.cookie = await signInAs(OWNER_ID);
  setup.deckId = newId();
  await db().insert(decks).values({ id: setup.deckId, creatorId: OWNER_ID, title: "Fuzzed deck", theme: "Fuzz", status: "ready" });
  await db().insert(cards).values({ id: `${setup.deckId}-major-00`, deckId: setup.deckId, cardKey: "major-00", name: "The Fool", arcana: "major", number: 0, status: "ready" });
  setup.journalId = newId();
  await db().insert(readingJournal).values({ id: setup.journalId, userId: OWNER_ID, spreadId: "single", spreadName: "Single card", cards: [] });
  const opened = await post("/reading-room", {}, { cookie: setup.cookie });
  setup.readingId = new URL(opened.headers.get("location")!, ORIGIN).searchParams.get("session")!;
});

afterAll(() => {
  console.log(`form fuzzing: ${tried} hostile or random submissions to ${TARGETS.length + 1} actions`);
});

describe("form actions under hostile input never answer 500, say why they refuse, and change nothing when they refuse", () => {
  it.each(TARGETS.map((target) => [target.name, target] as const))("%s", async (_, target) => {
    await fc.assert(
      fc.asyncProperty(formFor(target), async (form) => {
        tried++;
        const before = await fingerprint();
        const { body, contentType } = bodyOf(form);
        const response = await SELF.fetch(`${ORIGIN}${await target.path()}`, {
          method: "POST",
          redirect: "manual",
          body,
          headers: { host: "localhost", origin: ORIGIN, cookie: setup.cookie, "cf-connecting-ip": `198.18.${tried % 250}.1`, ...(contentType ? { "content-type": contentType } : {}) },
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
  }, 120_000);

  it("sign out", async () => {
    // Signing out ends a session, so it is fuzzed with sessions of its own.
    await fc.assert(
      fc.asyncProperty(formFor({ name: "sign out", path: async () => "/logout", fields: { redirectTo: ["/"] } }), async (form) => {
        tried++;
        const jar = new CookieJar();
        jar.take(await visit("/", { headers: { "cf-connecting-ip": "198.19.0.1" } }));
        const { body, contentType } = bodyOf(form);
        const response = await SELF.fetch(`${ORIGIN}/logout`, {
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
