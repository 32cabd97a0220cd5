/**
 * The demo world tells the truth (decision 0099): every seeded reader's readings, clients and rating,
 * as their card, page and standing show them, are what the paid readings and reviews in the database
 * give; a reader shown with a rating has those reviews on their page; each holds the level the
 * thresholds give; each can be booked and asked in writing; and the demo member's pages have a history.
 */
import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { formatCount } from "../../app/lib/format";
import { averageRating } from "../../app/readers/directory";
import { qualifyingLevel } from "../../app/readers/levels";
import { readerStanding } from "../../app/readers/levels.server";
import { getPublicReader } from "../../app/readers/queries.server";
import { get, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);

type Counted = {
  id: string;
  username: string;
  levelId: string | null;
  readings: number;
  clients: number;
  ratingCount: number;
  ratingSum: number;
  reviews: number;
};

/** What the rows say of each reader, counted here by decision 0051's rules, apart from the counters the app keeps. */
async function countedFromRows(): Promise<Counted[]> {
  return db().all<Counted>(sql`
    SELECT u.id, u.username, u.level_id AS levelId,
      (SELECT count(*) FROM paid_readings p WHERE p.reader_id = u.id AND p.status = 'ended' AND p.counted = 1) AS readings,
      (SELECT count(DISTINCT p.client_id) FROM paid_readings p WHERE p.reader_id = u.id AND p.status = 'ended' AND p.counted = 1) AS clients,
      (SELECT count(*) FROM reading_reviews r JOIN paid_readings p ON p.id = r.paid_reading_id WHERE r.reader_id = u.id AND r.counted = 1 AND p.counted = 1) AS ratingCount,
      (SELECT coalesce(sum(r.rating), 0) FROM reading_reviews r JOIN paid_readings p ON p.id = r.paid_reading_id WHERE r.reader_id = u.id AND r.counted = 1 AND p.counted = 1) AS ratingSum,
      (SELECT count(*) FROM reading_reviews r WHERE r.reader_id = u.id) AS reviews
    FROM users u WHERE u.is_reader = 1 ORDER BY u.username`);
}

const pageText = async (path: string, cookie?: string) => (await (await get(path, { cookie })).text()).replaceAll("<!-- -->", "");

describe("the seeded readers' numbers", () => {
  it("are what their paid readings and reviews give, on the profile's data, the page, the list and their standing", async () => {
    const readers = await countedFromRows();
    expect(readers.map((r) => r.username)).toEqual(["ines_duval", "mira_solenne", "orion_hale", "theo_ashgrove", "wren_calloway"]);
    const list = await pageText("/readers?sort=top-rated");
    for (const rows of readers) {
      const shown = (await getPublicReader(db(), rows.username))!;
      const rating = averageRating(rows.ratingSum, rows.ratingCount);
      expect({ readings: shown.completedReadings, ratingCount: shown.ratingCount, rating: shown.rating }, rows.username).toEqual({
        readings: rows.readings,
        ratingCount: rows.ratingCount,
        rating,
      });
      const standing = (await readerStanding(db(), rows.id))!;
      expect({ clients: standing.clients, readings: standing.readings }, rows.username).toEqual({ clients: rows.clients, readings: rows.readings });

      // The page says the same, and shows the reviews behind the rating: the newest ten, and how many there are in all.
      const page = await pageText(`/readers/${rows.username}`);
      const readingsText = `${formatCount(rows.readings)} ${rows.readings === 1 ? "reading" : "readings"}`;
      expect(page, rows.username).toContain(readingsText);
      const card = list.slice(list.indexOf(`data-reader="${rows.username}"`));
      expect(card.slice(0, card.indexOf("</a>")), rows.username).toContain(readingsText);
      if (rating === null) {
        expect(page).toContain("New");
        continue;
      }
      expect(page, rows.username).toContain(`Rated </span>${rating.toFixed(1)}`);
      expect(card.slice(0, card.indexOf("</a>")), rows.username).toContain(`Rated </span>${rating.toFixed(1)}`);
      expect(page, rows.username).not.toContain("No reviews yet");
      expect(rows.reviews, `${rows.username}: reviews behind the rating`).toBeGreaterThanOrEqual(rows.ratingCount);
      const listed = page.slice(page.indexOf('data-testid="reader-reviews"'));
      expect(listed.match(/out of 5 stars/g)?.length ?? 0, rows.username).toBe(Math.min(rows.reviews, 10));
      if (rows.reviews > 10) expect(page, rows.username).toContain(`The 10 newest of ${formatCount(rows.reviews)} reviews.`);
    }
  });

  it("hold each reader at the level the thresholds give them, with a certificate of every level on the way", async () => {
    for (const rows of await countedFromRows()) {
      const standing = (await readerStanding(db(), rows.id))!;
      const level = qualifyingLevel({ clients: standing.clients, rating: standing.rating, bestQuizPercent: standing.bestQuizPercent });
      expect(level.id, rows.username).toBe(rows.levelId);
      const [{ certificates }] = (await db().all<{ certificates: number }>(
        sql`SELECT count(DISTINCT level_id) AS certificates FROM reader_certificates WHERE user_id = ${rows.id} AND revoked_at IS NULL`,
      )) as [{ certificates: number }];
      expect(certificates, rows.username).toBe(level.rankOrder);
    }
  });
});

describe("the seeded readers' offers", () => {
  it("let anyone book a time and ask for a written reading, and mark the demo reader as one", async () => {
    for (const username of ["ines_duval", "mira_solenne", "orion_hale", "theo_ashgrove", "wren_calloway"]) {
      const page = await pageText(`/readers/${username}`);
      expect(page, username).toContain('data-testid="book-a-time"');
      expect(page, username).toMatch(/Next available|Available now/);
      expect(page, username).toContain(`/readers/${username}/written`);
      expect(page.includes('data-testid="reader-demo"'), username).toBe(username === "wren_calloway");
    }
  });
});

describe("the demo member", () => {
  it("has a journal, a bought deck with its receipt, a favourite reader and a paid reading with its receipt", async () => {
    const cookie = await signInAs("seed-user-demo");
    const [counts] = await db().all<Record<string, number>>(sql`
      SELECT (SELECT count(*) FROM reading_journal WHERE user_id = 'seed-user-demo') AS journal,
        (SELECT count(*) FROM reading_journal WHERE user_id = 'seed-user-demo' AND spread_id LIKE 'custom:%') AS custom,
        (SELECT count(*) FROM deck_purchases d JOIN payment_receipts r ON r.checkout_id = d.checkout_id WHERE d.buyer_id = 'seed-user-demo' AND d.gross_cents = r.amount_cents) AS bought,
        (SELECT count(*) FROM reader_follows WHERE follower_id = 'seed-user-demo') AS favourites,
        (SELECT count(*) FROM paid_readings WHERE client_id = 'seed-user-demo' AND status = 'ended'
          AND charged_cents = -(SELECT sum(amount_cents) FROM wallet_entries w WHERE w.paid_reading_id = paid_readings.id AND w.kind = 'charge')) AS paid,
        (SELECT balance_cents FROM reading_wallets WHERE user_id = 'seed-user-demo') - (SELECT sum(amount_cents) FROM wallet_entries WHERE user_id = 'seed-user-demo') AS walletDrift`);
    expect(counts).toEqual({ journal: 13, custom: 1, bought: 1, favourites: 1, paid: 1, walletDrift: 0 });
    const stats = await pageText("/journal/stats", cookie);
    expect(stats).toContain("13");
    const search = await pageText("/journal?q=interview", cookie);
    expect(search).toContain("How do I prepare for the interview?");
  });
});
