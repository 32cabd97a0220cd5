import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm";
import { DrizzleD1Database } from "drizzle-orm/d1";
import { SQLiteD1Session } from "drizzle-orm/d1/session";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "../db/schema";

export type Database = DrizzleD1Database<typeof schema>;

// What drizzle() works out from the schema on every call, worked out once per isolate: each request
// reads through a D1 session of its own (decision 0041), so a binding is new on every request.
const dialect = new SQLiteAsyncDialect();
const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };

const byBinding = new WeakMap<D1Database, Database>();

/** The drizzle database over a D1 binding (or a request's session of it), made once per binding. */
export function createDatabase(d1: D1Database | D1DatabaseSession): Database {
  let db = byBinding.get(d1 as D1Database);
  if (!db) {
    const session = new SQLiteD1Session(d1 as D1Database, dialect, relational, {});
    db = new DrizzleD1Database("async", dialect, session, relational) as Database;
    byBinding.set(d1 as D1Database, db);
  }
  return db;
}
