import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../../app/db.server";

/**
 * Many rows of one table in one statement: the rows travel as a single JSON value that SQLite
 * unpacks with `json_each`, so D1's cap of 100 bound values a statement does not cut the seed into
 * hundreds of statements. Each value goes through its column's own mapping first (booleans as 0/1,
 * JSON columns as text), as drizzle's own insert would write it; a column no row names gets its
 * default. Rows that exist are left alone.
 */
export function insertRows<T extends SQLiteTable>(db: Database, table: T, rows: readonly T["$inferInsert"][]) {
  const named = new Set(rows.flatMap((row) => Object.entries(row).flatMap(([key, value]) => (value === undefined ? [] : [key]))));
  // Drizzle's insert from a select names every column of the table, in the table's order.
  const columns = Object.entries(getTableColumns(table)).filter(([, column]) => !(column as { shouldDisableInsert?: () => boolean }).shouldDisableInsert?.());
  const given = columns.filter(([key]) => named.has(key));
  const payload = rows.map((row) =>
    given.map(([key, column]) => {
      const value = (row as Record<string, unknown>)[key];
      return value === undefined || value === null ? null : column.mapToDriverValue(value);
    }),
  );
  const values = columns.map(([key, column]) => {
    const index = given.findIndex(([name]) => name === key);
    if (index >= 0) return sql.raw(`json_extract(value, '$[${index}]')`);
    if (is(column.default, SQL)) return column.default;
    if (column.default !== undefined) return sql`${column.mapToDriverValue(column.default)}`;
    if (column.defaultFn) throw new Error(`insertRows: give ${table._.name}.${column.name}, whose default is made in JavaScript`);
    return sql`NULL`;
  });
  // `WHERE true` lets SQLite read ON CONFLICT as the insert's clause rather than the select's.
  return db
    .insert(table)
    .select(sql`SELECT ${sql.join(values, sql`, `)} FROM json_each(${JSON.stringify(payload)}) WHERE true`)
    .onConflictDoNothing();
}
