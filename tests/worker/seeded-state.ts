/**
 * The demo data as the first test file found it, kept for the rest of the run, and put back by
 * difference before each later file (docs/decisions/0093): rows a file added go, rows it changed or
 * removed come back, pictures likewise; a file that wrote nothing costs one read of each table and
 * one listing of the bucket. Kept in a module of its own, which the runtime loads once for every
 * file (docs/decisions/0048), unlike the setup file, which runs again for each.
 */
import { env } from "cloudflare:test";

type Row = Record<string, unknown>;
type Table = { name: string; columns: string[]; key: string[]; rows: Map<string, Row> };
type Picture = { key: string; etag: string; body: ArrayBuffer; httpMetadata?: R2HTTPMetadata; customMetadata?: Record<string, string> };

let tables: Table[] | null = null;
let pictures: Map<string, Picture> | null = null;

/** Tables a test may write, parents before children: not SQLite's or D1's own, and not a search index (its triggers keep it). */
async function appTables(): Promise<{ name: string; columns: string[]; key: string[] }[]> {
  const { results } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations'",
  ).all<{ name: string; sql: string | null }>();
  const virtual = results.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql ?? "")).map((table) => table.name);
  const names = results.map((table) => table.name).filter((name) => !virtual.some((index) => name === index || name.startsWith(`${index}_`)));
  const shapes = await env.DB.batch(names.map((name) => env.DB.prepare(`SELECT name, pk FROM pragma_table_info('${name}')`)));
  const parents = await env.DB.batch(names.map((name) => env.DB.prepare(`SELECT DISTINCT "table" AS parent FROM pragma_foreign_key_list('${name}')`)));
  const described = names.map((name, index) => {
    const columns = (shapes[index]!.results as { name: string; pk: number }[]).sort((a, b) => a.pk - b.pk);
    const key = columns.filter((column) => column.pk > 0).map((column) => column.name);
    return {
      name,
      columns: columns.map((column) => column.name),
      // A table without a primary key is told apart by its rowid.
      key: key.length > 0 ? key : ["rowid"],
      parents: (parents[index]!.results as { parent: string }[]).map((row) => row.parent).filter((parent) => parent !== name),
    };
  });
  // Parents first: a child is placed once every table it names is.
  const ordered: typeof described = [];
  const placed = new Set<string>();
  while (ordered.length < described.length) {
    const next = described.filter((table) => !placed.has(table.name) && table.parents.every((parent) => placed.has(parent) || !names.includes(parent)));
    if (next.length === 0)
      throw new Error(`The tables' foreign keys form a cycle: ${described.filter((table) => !placed.has(table.name)).map((table) => table.name)}`);
    for (const table of next) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered.map(({ name, columns, key }) => ({ name, columns, key }));
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const keyOf = (row: Row, key: string[]) => JSON.stringify(key.map((column) => row[column]));

async function readRows(shapes: { name: string; columns: string[]; key: string[] }[]): Promise<Table[]> {
  const answers = await env.DB.batch(
    shapes.map((table) => env.DB.prepare(`SELECT ${table.key.includes("rowid") ? "rowid, " : ""}* FROM ${quoted(table.name)}`)),
  );
  return shapes.map((table, index) => ({ ...table, rows: new Map((answers[index]!.results as Row[]).map((row) => [keyOf(row, table.key), row])) }));
}

async function listPictures(): Promise<R2Object[]> {
  const objects: R2Object[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ limit: 1000, cursor });
    objects.push(...page.objects);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return objects;
}

/** Whether the seeded state is kept yet: the first file seeds it, the later ones restore it. */
export const haveSeededState = () => tables !== null && pictures !== null;

/** Keeps the database and the bucket as they are now, as the state each later file starts from. */
export async function keepSeededState() {
  tables = await readRows(await appTables());
  pictures = new Map();
  for (const object of await listPictures()) {
    const stored = await env.MEDIA.get(object.key);
    pictures.set(object.key, {
      key: object.key,
      etag: object.etag,
      body: await stored!.arrayBuffer(),
      httpMetadata: stored!.httpMetadata,
      customMetadata: stored!.customMetadata,
    });
  }
}

/** Puts back the kept state: in the database, one batch of what differs; in the bucket, what was added, changed or removed. */
export async function restoreSeededState() {
  if (!tables || !pictures) throw new Error("No seeded state is kept yet");
  // A removal can take kept rows with it (a kept row a test pointed at a row of its own): look again until nothing differs.
  for (let round = 0; round < 3; round++) if (!(await restoreRows(tables))) break;
  await restorePictures(pictures);
}

/** Writes back, in one batch, every kept row that differs; false when none did. */
async function restoreRows(tables: Table[]) {
  const now = await readRows(tables);
  const removals: D1PreparedStatement[] = [];
  const puts: D1PreparedStatement[] = [];
  for (const [index, kept] of tables.entries()) {
    const current = now[index]!;
    const where = kept.key.map((column) => `${column === "rowid" ? "rowid" : quoted(column)} = ?`).join(" AND ");
    for (const [id, row] of current.rows) {
      if (!kept.rows.has(id)) removals.push(env.DB.prepare(`DELETE FROM ${quoted(kept.name)} WHERE ${where}`).bind(...kept.key.map((column) => row[column])));
    }
    const columns = kept.columns.map(quoted).join(", ");
    const marks = kept.columns.map(() => "?").join(", ");
    const conflict = kept.key.includes("rowid")
      ? ""
      : ` ON CONFLICT (${kept.key.map(quoted).join(", ")}) DO UPDATE SET ${kept.columns.map((column) => `${quoted(column)} = excluded.${quoted(column)}`).join(", ")}`;
    for (const [id, row] of kept.rows) {
      const seen = current.rows.get(id);
      if (seen && kept.columns.every((column) => seen[column] === row[column])) continue;
      const values = kept.columns.map((column) => row[column] ?? null);
      if (kept.key.includes("rowid")) {
        // Without a key to meet on: the changed row goes and its kept self comes back.
        if (seen) removals.push(env.DB.prepare(`DELETE FROM ${quoted(kept.name)} WHERE rowid = ?`).bind(row.rowid));
        puts.push(env.DB.prepare(`INSERT INTO ${quoted(kept.name)} (${columns}) VALUES (${marks})`).bind(...values));
      } else {
        puts.push(env.DB.prepare(`INSERT INTO ${quoted(kept.name)} (${columns}) VALUES (${marks})${conflict}`).bind(...values));
      }
    }
  }
  // Children's rows go before their parents' (a kept record refuses its user's deletion while it stands, migration 0044),
  // and the kept rows come back parents first, with the keys checked once all are in.
  removals.reverse();
  if (removals.length + puts.length === 0) return false;
  await env.DB.batch([env.DB.prepare("PRAGMA defer_foreign_keys = on"), ...removals, ...puts]);
  return true;
}

async function restorePictures(pictures: Map<string, Picture>) {
  const stored = await listPictures();
  const gone = stored.filter((object) => !pictures.has(object.key)).map((object) => object.key);
  for (let start = 0; start < gone.length; start += 1000) await env.MEDIA.delete(gone.slice(start, start + 1000));
  const present = new Map(stored.map((object) => [object.key, object.etag]));
  await Promise.all(
    [...pictures.values()]
      .filter((picture) => present.get(picture.key) !== picture.etag)
      .map((picture) => env.MEDIA.put(picture.key, picture.body, { httpMetadata: picture.httpMetadata, customMetadata: picture.customMetadata })),
  );
}
