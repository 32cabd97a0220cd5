/**
 * Every migration, applied in order to a database that already holds data: rows are written after
 * the steps that make their tables, and each later step must carry them (no table loses a row, the
 * values stay), ending in the schema the app runs on, with listings' `visible` computed for the
 * rows that were there before the columns and views that compute it.
 */
import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const db = () => env.MIGRATION_DB;

async function tables(): Promise<string[]> {
  const { results } = await db()
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'",
    )
    .all<{ name: string }>();
  return results.map((row) => row.name);
}

/** Each table's rows, counted in one statement: a query per table for each of the many steps took most of the test's time. */
async function rowCounts(): Promise<Record<string, number>> {
  const names = await tables();
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const row = await db()
    .prepare(`SELECT ${names.map((name) => `(SELECT count(*) FROM ${quoted(name)}) AS ${quoted(name)}`).join(", ")}`)
    .first<Record<string, number>>();
  return Object.fromEntries(names.map((name) => [name, row?.[name] ?? 0]));
}

/** Rows written once the migration named by the key has made their tables, in the columns known then. */
const SEEDS: Record<string, string[]> = {
  "0000_init.sql": [
    "INSERT INTO users (id, email, username, full_name) VALUES ('m-seller', 'seller@example.com', 'seller', 'Sella Vance'), ('m-buyer', 'buyer@example.com', 'buyer', NULL)",
    "INSERT INTO decks (id, creator_id, title, theme, status, is_public) VALUES ('m-deck', 'm-seller', 'Migration Moons', 'Moons', 'ready', 1)",
    "INSERT INTO cards (id, deck_id, card_key, name, arcana, number, status, image_key) VALUES ('m-card', 'm-deck', 'major-00', 'The Fool', 'major', 0, 'ready', 'card-images/m-deck/major_00.svg')",
    "INSERT INTO user_deck_quotas (user_id, major_arcana_quota, complete_deck_quota, major_arcana_used, next_refresh_date) VALUES ('m-buyer', 3, 2, 1, 9999999999999)",
    "INSERT INTO deck_quota_ledger (id, user_id, major_arcana_change, complete_deck_change, description, reference_id) VALUES ('m-line-1', 'm-buyer', 3, 2, 'Opening grant', 'm-ref-1'), ('m-line-2', 'm-buyer', -1, 0, 'Deck generation', 'm-ref-2')",
  ],
  "0010_marketplace.sql": [
    // The migration may already have listed the public deck: the row is made or set either way.
    "INSERT INTO deck_listings (deck_id, seller_id, price_cents, description) VALUES ('m-deck', 'm-seller', 500, 'Moons in every phase') ON CONFLICT (deck_id) DO UPDATE SET price_cents = 500, description = 'Moons in every phase'",
  ],
};

describe("migrations", () => {
  it("apply one after another to a database holding data, and carry every row to the schema the app runs on", async () => {
    const migrations = env.TEST_MIGRATIONS;
    expect(migrations.length).toBeGreaterThan(30);
    let before: Record<string, number> = {};
    for (const [index, migration] of migrations.entries()) {
      await applyD1Migrations(db(), migrations.slice(0, index + 1));
      const after = await rowCounts();
      for (const [table, count] of Object.entries(before)) {
        if (table in after) expect(after[table], `${migration.name} kept the rows of ${table}`).toBeGreaterThanOrEqual(count);
      }
      const seeds = SEEDS[migration.name] ?? [];
      for (const statement of seeds) await db().prepare(statement).run();
      before = seeds.length > 0 ? await rowCounts() : after;
    }
    const applied = await db().prepare("SELECT name FROM d1_migrations ORDER BY id").all<{ name: string }>();
    expect(applied.results.map((row) => row.name)).toEqual(migrations.map((m) => m.name));

    // The seeded rows, as the app reads them now.
    const seller = await db().prepare("SELECT email, full_name, suspended_at FROM users WHERE id = 'm-seller'").first();
    expect(seller).toEqual({ email: "seller@example.com", full_name: "Sella Vance", suspended_at: null });
    const ledger = await db()
      .prepare("SELECT sum(major_arcana_change) AS major, sum(complete_deck_change) AS complete FROM deck_quota_ledger WHERE user_id = 'm-buyer'")
      .first();
    expect(ledger).toEqual({ major: 2, complete: 2 });
    const quota = await db()
      .prepare("SELECT major_arcana_quota, complete_deck_quota, major_arcana_used FROM user_deck_quotas WHERE user_id = 'm-buyer'")
      .first();
    expect(quota).toEqual({ major_arcana_quota: 3, complete_deck_quota: 2, major_arcana_used: 1 });
    // A listing made before the marketplace's later columns is in the shop, and leaves it when its seller is suspended.
    const listing = () => db().prepare("SELECT price_cents, visible FROM deck_listings WHERE deck_id = 'm-deck'").first();
    expect(await listing()).toEqual({ price_cents: 500, visible: 1 });
    await db().prepare("UPDATE users SET suspended_at = 1 WHERE id = 'm-seller'").run();
    expect(await listing()).toEqual({ price_cents: 500, visible: 0 });
    await db().prepare("UPDATE users SET suspended_at = NULL WHERE id = 'm-seller'").run();
    expect(await listing()).toEqual({ price_cents: 500, visible: 1 });
  }, 180_000);
});
