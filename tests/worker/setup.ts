import { abortAllDurableObjects, applyD1Migrations, env, runInDurableObject } from "cloudflare:test";
import { afterAll } from "vitest";
import { createDatabase } from "../../app/db.server";
import { seedDemoData } from "../../scripts/seed/seed-data";
import { PRESENCE_ROOM } from "../../app/readers/presence-messages";
import { roundTripsSeen } from "./helpers";
import { haveSeededState, keepSeededState, restoreSeededState } from "./seeded-state";
import { forgetIsolateCopies } from "../../app/lib/isolate-copy.server";

// Test files run one after another in each runtime, with the modules already loaded
// (docs/decisions/0048-worker-tests-call-the-handler.md). Each file still starts from the same
// state: every Durable Object stopped and the presence room's storage wiped, the demo data as the
// first file seeded it (put back by difference, docs/decisions/0093), and caches of its own.

/** Tables a test may write: not SQLite's or D1's own, and not the search index's shadow tables (the index itself is emptied). */
async function appTables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations'",
  ).all<{ name: string; sql: string | null }>();
  const virtual = results.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql ?? "")).map((table) => table.name);
  return results.map((table) => table.name).filter((name) => !virtual.some((index) => name.startsWith(`${index}_`)));
}

/** Rows whose deletion the database refuses while kept records name them (migration 0044): emptied last. */
const KEEPERS = ["reading_sessions", "users"];

async function emptyDatabase() {
  const tables = await appTables();
  const ordered = [...tables.filter((name) => !KEEPERS.includes(name)), ...KEEPERS.filter((name) => tables.includes(name))];
  await env.DB.batch([env.DB.prepare("PRAGMA defer_foreign_keys = on"), ...ordered.map((name) => env.DB.prepare(`DELETE FROM "${name}"`))]);
}

/** Empties the bucket; fails, naming what stayed, rather than going round for ever when something will not go. */
async function emptyBucket(bucket: R2Bucket) {
  for (let round = 0; round < 20; round++) {
    const listed = await bucket.list({ limit: 1000 });
    if (listed.objects.length === 0) return;
    await bucket.delete(listed.objects.map((object) => object.key));
  }
  const left = await bucket.list({ limit: 5 });
  throw new Error(`The media bucket would not empty between test files; still there: ${left.objects.map((object) => JSON.stringify(object.key)).join(", ")}`);
}

/**
 * The edge cache cannot be emptied from inside the runtime, so each file opens caches of its own
 * under the same names: a shared copy of a public page one file stored is never served to another.
 */
function cachesOfThisFile() {
  const storage = globalThis.caches as CacheStorage & { openShared?: CacheStorage["open"] };
  storage.openShared ??= storage.open.bind(storage);
  const file = crypto.randomUUID();
  storage.open = (name: string) => storage.openShared!(`${name}/${file}`);
}

/**
 * Stops what the previous file left running in the rooms (a deck still painting, a reader's grace
 * before going offline) and wipes the storage of the one room every file reaches by the same name:
 * readers' presence. The other rooms are named by deck and reading ids each file makes anew, and
 * wiping every room ever made would cost more with each file.
 */
async function resetDurableObjects() {
  await abortAllDurableObjects();
  await runInDurableObject(env.ReaderPresence.get(env.ReaderPresence.idFromName(PRESENCE_ROOM)), async (_instance, state) => {
    await state.storage.deleteAlarm();
    await state.storage.deleteAll();
  });
  await abortAllDurableObjects();
}

cachesOfThisFile();
// Nor a copy of shared data an isolate keeps for a few seconds (app/lib/isolate-copy.server.ts).
forgetIsolateCopies();
await resetDurableObjects();
if (haveSeededState()) {
  await restoreSeededState();
} else {
  // The run's first file: the database and bucket as the pool made them, seeded once and kept.
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await Promise.all([emptyDatabase(), emptyBucket(env.MEDIA)]);
  await seedDemoData(createDatabase(env.DB), env.MEDIA);
  await keepSeededState();
}

// Every request of the file was held to its route's round-trip budget as it was made (helpers'
// app.fetch); the file ends by printing the most each route waited, against its budget.
roundTripsSeen.clear();
afterAll(() => {
  if (roundTripsSeen.size === 0) return;
  const rows = [...roundTripsSeen].sort(([a], [b]) => a.localeCompare(b)).map(([route, seen]) => `${route.padEnd(64)} ${seen.sequential} of ${seen.budget}`);
  console.log(`Round trips in a row, the most seen (of the route's budget):\n  ${rows.join("\n  ")}`);
});
