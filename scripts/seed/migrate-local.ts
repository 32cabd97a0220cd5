// The local database's migrations, applied as `wrangler d1 migrations apply DB --local` applies them,
// in the process that already holds the database: wrangler starts a runtime of its own for each
// file, 48 of them in about 35 s, where this takes a few (docs/decisions/0102).
import { readD1Migrations } from "@cloudflare/vitest-pool-workers";
import path from "node:path";
import { projectRoot } from "../wrangler-env.mjs";

/** wrangler's own table of applied migrations, made the way it makes it, so either can apply the next one. */
const MIGRATIONS_TABLE =
  "CREATE TABLE IF NOT EXISTS d1_migrations(\n\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,\n\t\tname       TEXT UNIQUE,\n\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL\n);";

/**
 * Applies each migration in `db/migrations` not yet listed in `d1_migrations`, in number order, each
 * with its entry in one batch (split into statements by wrangler's own splitter, as wrangler does),
 * so a migration that fails leaves neither its changes nor its entry. Returns the names applied.
 */
export async function applyMigrations(db: D1Database): Promise<string[]> {
  await db.prepare(MIGRATIONS_TABLE).run();
  const applied = new Set((await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>()).results.map((row) => row.name));
  const pending = (await readD1Migrations(path.join(projectRoot, "db", "migrations"))).filter((migration) => !applied.has(migration.name));
  for (const migration of pending) {
    try {
      await db.batch([...migration.queries.map((query) => db.prepare(query)), db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(migration.name)]);
    } catch (error) {
      throw new Error(`Migration ${migration.name} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return pending.map((migration) => migration.name);
}
