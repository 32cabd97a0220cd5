// `npm run drill:restore`: the restore drill (docs/runbook.md). Seeds a local database in a temporary
// folder (or copies the one `npm test` prepared, ARCANUM_PREPARED_STATE), exports it with `wrangler d1 export --local`, applies every migration to a fresh database,
// imports the export's data, and checks that every table holds as many rows, the ledgers add up to the
// same sums and the schema is the same. The seeded database's migrations were applied in the seed's
// own process (scripts/seed/migrate-local.ts) and the restored one's by wrangler, so the last check also holds
// the two to the same result. Exits non-zero, naming what differs, when they do not.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freshState } from "./local-app.mjs";
import { projectRoot, wranglerBin, wranglerEnv } from "./wrangler-env.mjs";

const started = Date.now();
const folder = mkdtempSync(path.join(tmpdir(), "arcanum-drill-"));
// `wrangler d1 export --local` takes no --persist-to: it reads the state beside its configuration
// file (`.wrangler/state` in that file's folder). So the seeded database is made exactly there, beside
// a copy of wrangler.toml in the temporary folder.
const exportConfig = path.join(folder, "export", "wrangler.toml");
const source = path.join(folder, "export", ".wrangler", "state");
const restored = path.join(folder, "restored");
const dump = path.join(folder, "export.sql");

/** @param {string[]} args */
function wrangler(args) {
  const result = spawnSync(process.execPath, [wranglerBin, ...args], { cwd: projectRoot, env: wranglerEnv({ CI: "true" }), encoding: "utf8" });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/**
 * @param {string} persistTo
 * @param {string} sql
 * @returns {Record<string, any>[]}
 */
function query(persistTo, sql) {
  const output = wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql]);
  return JSON.parse(output.slice(output.indexOf("[")))[0].results;
}

/**
 * Every table the app writes: not SQLite's, D1's or the migrations' own, nor a search index and its shadow tables.
 * @param {string} persistTo
 * @returns {string[]}
 */
function tablesOf(persistTo) {
  const rows = query(
    persistTo,
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  );
  const virtual = rows.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql ?? "")).map((row) => row.name);
  return rows
    .map((row) => row.name)
    .filter((name) => !virtual.some((index) => name === index || name.startsWith(`${index}_`)))
    .sort();
}

/**
 * Row counts of every table, the sums each ledger must keep, and the schema (every table, index,
 * trigger and view with its statement, and the migrations applied), in one statement.
 * @param {string} persistTo
 * @param {string[]} tables
 * @returns {Record<string, number>}
 */
function figures(persistTo, tables) {
  const counts = tables.map((name) => `(SELECT count(*) FROM "${name}") AS "${name}"`).join(", ");
  const sums = [
    `(SELECT coalesce(sum(major_arcana_change), 0) FROM deck_quota_ledger) AS "credits ledger: Major Arcana"`,
    `(SELECT coalesce(sum(complete_deck_change), 0) FROM deck_quota_ledger) AS "credits ledger: complete deck"`,
    `(SELECT coalesce(sum(net_cents), 0) FROM seller_ledger) AS "sellers' ledger: net cents"`,
    `(SELECT coalesce(sum(amount_cents), 0) FROM wallet_entries) AS "reading balances' lines: cents"`,
    `(SELECT coalesce(sum(balance_cents), 0) FROM reading_wallets) AS "reading balances: cents"`,
  ].join(", ");
  const schema = [
    `(SELECT group_concat(type || ' ' || name || ': ' || coalesce(sql, ''), char(10)) FROM (SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE '_cf_%' ORDER BY type, name)) AS "schema"`,
    `(SELECT group_concat(name, ', ') FROM (SELECT name FROM d1_migrations ORDER BY id)) AS "migrations applied"`,
  ].join(", ");
  return query(persistTo, `SELECT ${counts}, ${sums}, ${schema}`)[0] ?? {};
}

try {
  console.log("Restore drill: a seeded database…");
  freshState(source);
  const tables = tablesOf(source);
  console.log(`Exporting ${tables.length} tables…`);
  // The data only, table by table (a search index is rebuilt by its triggers, not exported).
  mkdirSync(path.dirname(exportConfig), { recursive: true });
  copyFileSync(path.join(projectRoot, "wrangler.toml"), exportConfig);
  wrangler(["d1", "export", "DB", "--local", "--config", exportConfig, "--no-schema", "--output", dump, ...tables.flatMap((name) => ["--table", name])]);
  console.log("Applying every migration to a fresh database, then importing…");
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", restored]);
  // Rows arrive in the export's order, not the foreign keys': the keys are checked once all are in.
  writeFileSync(dump, `PRAGMA defer_foreign_keys = on;\n${readFileSync(dump, "utf8")}`);
  wrangler(["d1", "execute", "DB", "--local", "--persist-to", restored, "--file", dump]);
  const before = figures(source, tables);
  const after = figures(restored, tables);
  const differences = Object.keys(before).filter((key) => before[key] !== after[key]);
  if (differences.length > 0) {
    for (const key of differences) {
      if (key !== "schema") console.error(`  ${key}: ${before[key]} before, ${after[key]} after`);
      else {
        const [was, is] = [String(before[key]).split("\n"), String(after[key]).split("\n")];
        const first = was.findIndex((line, index) => line !== is[index]);
        console.error(`  schema, first difference:\n    before: ${was[first] ?? "(nothing)"}\n    after:  ${is[first] ?? "(nothing)"}`);
      }
    }
    throw new Error("The restored database differs from the exported one.");
  }
  const rows = tables.reduce((sum, name) => sum + Number(before[name]), 0);
  console.log(
    `Restore drill passed in ${((Date.now() - started) / 1000).toFixed(1)} s: ${rows} rows in ${tables.length} tables, every ledger sum and the schema match.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
