/**
 * The readers list and a reader's profile: each filter and sort, pagination that keeps the query,
 * bad query values answered with the defaults, the Start button only while the reader is online,
 * the booking page for members only, and never an e-mail or a user id in a page or its data.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { formatLastSeen } from "../../app/readers/format";
import { quizAttempts, readerCertificates, readerProfiles, users } from "../../db/schema";
import { SEED_USERS } from "../../scripts/seed/seed-data";
import { CookieJar, get, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Seed = {
  username: string;
  specialties: string[];
  languages: string[];
  price: number | null;
  level: string;
  rating: [sum: number, count: number];
  readings: number;
  /** How long ago the reader's tab last beat, with the online flag; null: never seen. */
  seen: { ago: number; flagged: boolean } | null;
  joinedAgo: number;
};

const READERS: Seed[] = [
  {
    username: "rl_amber",
    specialties: ["Love and relationships", "Decisions"],
    languages: ["English", "Portuguese"],
    price: 120,
    level: "level-apprentice",
    rating: [0, 0],
    readings: 0,
    seen: { ago: MINUTE, flagged: true },
    joinedAgo: 5 * DAY,
  },
  {
    username: "rl_basil",
    specialties: ["Career and money"],
    languages: ["English"],
    price: 250,
    level: "level-adept",
    rating: [45, 10],
    readings: 30,
    seen: { ago: 3 * HOUR, flagged: false },
    joinedAgo: 10 * DAY,
  },
  // Flagged online, but silent for longer than the window: offline.
  {
    username: "rl_cedar",
    specialties: ["Shadow work", "Spiritual growth", "Love and relationships", "Decisions"],
    languages: ["Italian", "English"],
    price: 650,
    level: "level-master",
    rating: [98, 20],
    readings: 150,
    seen: { ago: 6 * MINUTE, flagged: true },
    joinedAgo: 20 * DAY,
  },
  {
    username: "rl_dahlia",
    specialties: ["Yes or no questions", "Career and money"],
    languages: ["Portuguese"],
    price: 90,
    level: "level-apprentice",
    rating: [38, 10],
    readings: 12,
    seen: { ago: 4 * MINUTE, flagged: true },
    joinedAgo: 2 * DAY,
  },
  {
    username: "rl_ember",
    specialties: ["Love and relationships"],
    languages: ["English"],
    price: 399,
    level: "level-adept",
    rating: [4, 1],
    readings: 1,
    seen: null,
    joinedAgo: 1 * DAY,
  },
];
const NAMED = new Set(READERS.map((r) => r.username));
const FILLERS = Array.from({ length: 14 }, (_, i) => `rl_fill_${String(i).padStart(2, "0")}`);
const idOf = (username: string) => `rl-user-${username.replaceAll("_", "-")}-7f3a9c`;
const emailOf = (username: string) => `${username}.hidden@example.org`;

/** Basil's picture is one we store, under his user id. */
const BASIL_AVATAR = `avatars/${idOf("rl_basil")}/profile-rl-basil-1.png`;
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

let seeded: Promise<void> | null = null;

/** The readers of this file (once per file; the statements skip rows that exist, should storage outlive a test). */
function seedReaders() {
  seeded ??= (async () => {
    const now = Date.now();
    // Fourteen more readers, all speaking Welsh (and nobody else does), to fill two pages.
    const rows: Seed[] = [
      ...READERS,
      ...FILLERS.map((username, i): Seed => ({
        username,
        specialties: ["Decisions"],
        languages: ["Welsh"],
        price: 100 + i,
        level: "level-apprentice",
        rating: [0, 0],
        readings: 0,
        seen: null,
        joinedAgo: 30 * DAY,
      })),
    ];
    // One statement a row: D1 takes at most 100 bound values a statement.
    const people = [
      ...rows.map((r) => ({
        id: idOf(r.username),
        email: emailOf(r.username),
        username: r.username,
        fullName: `Reader ${r.username.slice(3)}`,
        bio: `Readings by ${r.username.slice(3)}, with care and candour.`,
        avatarUrl: r.username === "rl_cedar" ? "https://images.example.org/cedar.png" : r.username === "rl_basil" ? `/media/${BASIL_AVATAR}` : null,
        isReader: true,
        customPricePerMinute: r.price,
        levelId: r.level,
        isOnline: r.seen?.flagged ?? false,
        lastSeenAt: r.seen ? now - r.seen.ago : null,
        createdAt: now - r.joinedAgo,
      })),
      // Someone with a username who is not a reader.
      { id: idOf("rl_plain"), email: emailOf("rl_plain"), username: "rl_plain", fullName: "Plain Member" },
    ];
    const [first, ...others] = [
      ...people.map((person) => db().insert(users).values(person).onConflictDoNothing()),
      ...rows.map((r) =>
        db()
          .insert(readerProfiles)
          .values({
            userId: idOf(r.username),
            specialties: JSON.stringify(r.specialties),
            languages: JSON.stringify(r.languages),
            yearsOfPractice: 4,
            available: true,
            completedReadings: r.readings,
            ratingSum: r.rating[0],
            ratingCount: r.rating[1],
          })
          .onConflictDoNothing(),
      ),
      // Cedar became a reader an hour ago (the certificate, not the account, says when); a newer certificate was revoked.
      db()
        .insert(quizAttempts)
        .values(
          ["rl-attempt-1", "rl-attempt-2"].map((id) => ({ id, userId: idOf("rl_cedar"), questions: "[]", startedAt: now - 2 * HOUR, deadlineAt: now - HOUR })),
        )
        .onConflictDoNothing(),
      db()
        .insert(readerCertificates)
        .values([
          { id: "rl-cert-standing", userId: idOf("rl_cedar"), attemptId: "rl-attempt-1", score: 18, total: 20, issuedAt: now - HOUR },
          {
            id: "rl-cert-revoked",
            userId: idOf("rl_cedar"),
            attemptId: "rl-attempt-2",
            score: 19,
            total: 20,
            issuedAt: now - 30 * MINUTE,
            revokedAt: now - 10 * MINUTE,
          },
        ])
        .onConflictDoNothing(),
    ];
    await db().batch([first!, ...others]);
    await env.MEDIA.put(BASIL_AVATAR, PNG_BYTES, { httpMetadata: { contentType: "image/png" } });
  })();
  return seeded;
}

const unescape = (html: string) => html.replaceAll("&amp;", "&").replaceAll("<!-- -->", "");

/** The list page's readers, in order, by username. */
async function listed(search: string) {
  const response = await visit(`/readers${search}`);
  expect(response.status, search).toBe(200);
  const html = unescape(await response.text());
  const usernames = [...html.matchAll(/data-reader="([^"]+)"/g)].map((m) => m[1]!);
  return { html, usernames, named: usernames.filter((u) => NAMED.has(u)) };
}

/** The named readers in the order of the list, across all its pages. */
async function listedOnEveryPage(search: string) {
  const names: string[] = [];
  for (let page = 1; page < 10; page++) {
    const { html, named } = await listed(`${search}${search ? "&" : "?"}page=${page}`);
    names.push(...named);
    if (!html.includes('rel="next"')) break;
  }
  return names;
}

describe("the readers list", () => {
  it("sorts by each order, the recommended one by default", async () => {
    await seedReaders();
    const expected: Record<string, string[]> = {
      "": ["rl_dahlia", "rl_amber", "rl_cedar", "rl_basil", "rl_ember"],
      "?sort=recommended": ["rl_dahlia", "rl_amber", "rl_cedar", "rl_basil", "rl_ember"],
      "?sort=price-low": ["rl_dahlia", "rl_amber", "rl_basil", "rl_ember", "rl_cedar"],
      "?sort=price-high": ["rl_cedar", "rl_ember", "rl_basil", "rl_amber", "rl_dahlia"],
      "?sort=top-rated": ["rl_cedar", "rl_basil", "rl_ember", "rl_dahlia", "rl_amber"],
      "?sort=most-readings": ["rl_cedar", "rl_basil", "rl_dahlia", "rl_ember", "rl_amber"],
      "?sort=newest": ["rl_cedar", "rl_ember", "rl_dahlia", "rl_amber", "rl_basil"],
    };
    for (const [search, order] of Object.entries(expected)) {
      expect(await listedOnEveryPage(search), search).toEqual(order);
    }
  });

  it("filters by online now, specialty, language, price and rating, alone and together", async () => {
    await seedReaders();
    const expected: Record<string, string[]> = {
      "?online=1": ["rl_dahlia", "rl_amber"],
      "?specialty=Love+and+relationships": ["rl_amber", "rl_cedar", "rl_ember"],
      "?language=Portuguese": ["rl_dahlia", "rl_amber"],
      "?language=portuguese": ["rl_dahlia", "rl_amber"],
      "?min=1&max=4": ["rl_amber", "rl_basil", "rl_ember"],
      "?min=4&max=1": ["rl_amber", "rl_basil", "rl_ember"],
      "?max=1": ["rl_dahlia"],
      "?rating=4.5": ["rl_cedar", "rl_basil"],
      "?rating=4": ["rl_cedar", "rl_basil", "rl_ember"],
      "?online=1&language=Portuguese&rating=3": ["rl_dahlia"],
      "?specialty=Career+and+money&sort=price-high": ["rl_basil", "rl_dahlia"],
    };
    for (const [search, names] of Object.entries(expected)) {
      const { named, usernames } = await listed(search);
      expect(named, search).toEqual(names);
      if (search === "?online=1") expect(usernames, "every reader shown is online").toEqual(names);
    }
    const { html } = await listed("?language=Portuguese");
    expect(html).toMatch(/<option value="Portuguese" selected="">Portuguese<\/option>/);
    expect(html).toContain('<option value="Italian">Italian</option>');
  });

  it("pages twelve at a time with links that keep the query", async () => {
    await seedReaders();
    const first = await listed("?language=Welsh&sort=price-low");
    expect(first.usernames).toEqual(FILLERS.slice(0, 12));
    expect(first.html).toContain("14 readers · showing 1–12");
    expect(first.html).toContain('href="/readers?language=Welsh&sort=price-low&page=2"');
    const second = await listed("?language=Welsh&sort=price-low&page=2");
    expect(second.usernames).toEqual(FILLERS.slice(12));
    expect(second.html).toContain("14 readers · showing 13–14");
    expect(second.html.match(/<a[^>]*rel="prev"[^>]*>/)?.[0]).toContain('href="/readers?language=Welsh&sort=price-low"');
    const past = await listed("?language=Welsh&page=9");
    expect(past.usernames).toEqual([]);
    expect(past.html).toContain('href="/readers?language=Welsh"');
  });

  it("answers bad query values with the defaults, never an error", async () => {
    await seedReaders();
    const defaults = await listed("");
    for (const search of [
      "?sort=cheapest&page=-3",
      "?min=abc&max=%F0%9F%94%AE&rating=7",
      "?specialty=Astrology&online=maybe",
      "?language=Klingon",
      "?page=1e99&rating=4.25",
      `?language=${"x".repeat(500)}`,
    ]) {
      const { usernames } = await listed(search);
      expect(usernames, search).toEqual(defaults.usernames);
    }
    expect((await get("/readers.data?sort=nope&page=zero")).status).toBe(200);
  });

  it("shows the empty state with a way to clear the filters", async () => {
    await seedReaders();
    const { html, usernames } = await listed("?language=Italian&max=1");
    expect(usernames).toEqual([]);
    expect(html).toContain("No readers match");
    expect(html).toMatch(/href="\/readers"[^>]*>Clear filters</);
  });

  it("shows each card's level, first three specialties, languages, rating or New, and price", async () => {
    await seedReaders();
    const { html } = await listed("?sort=top-rated&specialty=Shadow+work");
    const card = html.slice(html.indexOf('data-reader="rl_cedar"'));
    expect(card).toContain("Master");
    expect(card).toContain("Shadow work");
    expect(card).toContain("+1 more");
    expect(card).toContain("Italian · English");
    expect(card).toContain("4.9");
    expect(card).toContain("150 readings");
    expect(card).toContain("$6.50/min");
    const amber = (await listed("?online=1")).html;
    expect(amber.slice(amber.indexOf('data-reader="rl_amber"'))).toMatch(/>New</);
  });
});

describe("a reader's profile", () => {
  it("shows the Start a reading button only while the reader is online, and when an offline one was last seen", async () => {
    await seedReaders();
    const amber = unescape(await (await visit("/readers/rl_amber")).text());
    expect(amber).toContain('href="/readers/rl_amber/book"');
    expect(amber).toContain("Start a reading");
    expect(amber).toContain("Online now");
    const basil = unescape(await (await visit("/readers/rl_basil")).text());
    expect(basil).not.toContain("/readers/rl_basil/book");
    expect(basil).toContain("Last online 3 hours ago");
    const cedar = unescape(await (await visit("/readers/rl_cedar")).text());
    expect(cedar).not.toContain("/readers/rl_cedar/book");
    expect(cedar).toContain("Last online 6 minutes ago");
    const ember = unescape(await (await visit("/readers/rl_ember")).text());
    expect(ember).not.toContain("Last online");
  });

  it("says when a reader was last online in the largest whole unit", () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(formatLastSeen(now - 20_000, now)).toBe("just now");
    expect(formatLastSeen(now - MINUTE, now)).toBe("1 minute ago");
    expect(formatLastSeen(now - 59 * MINUTE, now)).toBe("59 minutes ago");
    expect(formatLastSeen(now - 3 * HOUR - 5 * MINUTE, now)).toBe("3 hours ago");
    expect(formatLastSeen(now - DAY, now)).toBe("1 day ago");
    expect(formatLastSeen(now - 45 * DAY, now)).toBe("1 month ago");
    expect(formatLastSeen(now - 800 * DAY, now)).toBe("2 years ago");
    expect(formatLastSeen(now + MINUTE, now)).toBe("just now");
  });

  it("shows the profile's facts, the standing certificate, no reviews yet, and meta tags with the avatar", async () => {
    await seedReaders();
    const html = unescape(await (await visit("/readers/rl_cedar")).text());
    for (const text of [
      "Reader cedar",
      "@rl_cedar",
      "Master reader",
      "$6.50/min",
      "Readings by cedar",
      "Shadow work · Spiritual growth · Love and relationships · Decisions",
      "Italian · English",
      "4 years",
      "No reviews yet",
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toContain('href="/certificate/rl-cert-standing"');
    expect(html).toContain("Verified certificate");
    expect(html).not.toContain("rl-cert-revoked");
    expect(html).toContain('<meta property="og:title" content="Reader cedar — Tarot reader on Arcanum"/>');
    expect(html).toMatch(/<meta property="og:description" content="Readings by cedar, with care and candour\. \$6\.50\/min\."\/>/);
    expect(html).toContain('<meta property="og:image" content="https://images.example.org/cedar.png"/>');
    expect(html).toMatch(/<meta name="description" content="Readings by cedar/);
  });

  it("answers 404 for someone who is not a reader and for an unknown name", async () => {
    await seedReaders();
    expect((await visit("/readers/rl_plain")).status).toBe(404);
    expect((await visit("/readers/no_such_reader")).status).toBe(404);
    expect((await get("/readers/rl_plain.data")).status).toBe(404);
  });
});

describe("a reader's avatar", () => {
  it("is served by username, so the stored picture's address (which holds the user id) never reaches the page", async () => {
    await seedReaders();
    const html = unescape(await (await visit("/readers/rl_basil")).text());
    expect(html).toContain('src="/readers/rl_basil/avatar/profile-rl-basil-1.png"');
    expect(html).toContain('<meta property="og:image" content="http://localhost/readers/rl_basil/avatar/profile-rl-basil-1.png"/>');
    const list = unescape(await (await visit("/readers?sort=top-rated&specialty=Career+and+money")).text());
    expect(list).toContain('src="/readers/rl_basil/avatar/profile-rl-basil-1.png"');
    const picture = await get("/readers/rl_basil/avatar/profile-rl-basil-1.png");
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(PNG_BYTES);
    // Only the reader's current picture, and only a reader's.
    expect((await get("/readers/rl_basil/avatar/profile-other.png")).status).toBe(404);
    expect((await get("/readers/rl_amber/avatar/profile-rl-basil-1.png")).status).toBe(404);
    expect((await get("/readers/rl_plain/avatar/profile-rl-basil-1.png")).status).toBe(404);
  });
});

describe("starting a reading", () => {
  it("shows a member the reader, the price, the free minutes and what their balance covers; a non-reader is not found", async () => {
    await seedReaders();
    const cookie = await signInAs("seed-user-demo");
    const response = await visit("/readers/rl_amber/book", { cookie });
    expect(response.status).toBe(200);
    const html = unescape(await response.text());
    expect(html).toContain("Reader amber");
    expect(html).toContain("$1.20/min");
    // The demo member's $20.57 (a $20 top-up, and what their reading with Mira left of an earlier $25) covers the three free minutes and seventeen at $1.20.
    expect(html).toContain("First 3 free");
    expect(html).toMatch(/20(<!-- -->)? minutes/);
    expect(html).toContain("Cards and video");
    expect((await visit("/readers/rl_plain/book", { cookie })).status).toBe(404);
    expect((await visit("/readers/no_such_reader/book", { cookie })).status).toBe(404);
  });

  it("sends a guest to create an account first, and a visitor to sign in", async () => {
    await seedReaders();
    const guest = new CookieJar();
    guest.take(await visit("/", { headers: { "cf-connecting-ip": "192.0.2.141" } }));
    const response = await visit("/readers/rl_amber/book", { cookie: guest.header() });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/signup?redirectTo=${encodeURIComponent("/readers/rl_amber/book")}`);
    const visitor = await get("/readers/rl_amber/book");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("what reader pages tell", () => {
  it("never sends a reader's e-mail or user id, in a page or its data", async () => {
    await seedReaders();
    const secrets = [
      ...[...READERS.map((r) => r.username), ...FILLERS, "rl_plain"].flatMap((u) => [idOf(u), emailOf(u)]),
      ...SEED_USERS.filter((u) => u.isReader).flatMap((u) => [u.id!, u.email!]),
    ];
    const member = await signInAs("seed-user-demo");
    const paths = [
      "/readers",
      "/readers.data",
      "/readers?language=Welsh&page=2",
      "/readers.data?language=Welsh&page=2",
      "/readers?sort=newest&online=1",
      "/readers/rl_cedar",
      "/readers/rl_cedar.data",
      "/readers/rl_basil",
      "/readers/rl_basil.data",
      "/readers/rl_amber",
      "/readers/rl_amber.data",
      "/readers/ines_duval",
      "/readers/ines_duval.data",
      "/readers/rl_amber/book",
      "/readers/rl_amber/book.data",
      "/readers/mira_solenne/book",
      "/readers/mira_solenne/book.data",
    ];
    for (const path of paths) {
      for (const cookie of path.includes("/book") ? [member] : [undefined, member]) {
        const response = path.includes(".data") ? await get(path, { cookie }) : await visit(path, { cookie });
        expect(response.status, path).toBe(200);
        const body = await response.text();
        for (const secret of secrets) expect(body.includes(secret), `${secret} in ${path}`).toBe(false);
      }
    }
  });
});
