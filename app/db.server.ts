import { AsyncLocalStorage } from "node:async_hooks";
import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm";
import { DrizzleD1Database } from "drizzle-orm/d1";
import { SQLiteD1Session } from "drizzle-orm/d1/session";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "../db/schema";

export type Database = DrizzleD1Database<typeof schema>;

// What drizzle() works out from the schema on every call, worked out once per isolate.
const dialect = new SQLiteAsyncDialect();
const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };

function drizzleOver(d1: D1Database): Database {
  const session = new SQLiteD1Session(d1, dialect, relational, {});
  return new DrizzleD1Database("async", dialect, session, relational) as Database;
}

const byBinding = new WeakMap<D1Database, Database>();

/** The drizzle database over a D1 binding, made once per binding (Durable Objects, jobs and tests). */
export function createDatabase(d1: D1Database | D1DatabaseSession): Database {
  let db = byBinding.get(d1 as D1Database);
  if (!db) {
    db = drizzleOver(d1 as D1Database);
    byBinding.set(d1 as D1Database, db);
  }
  return db;
}

/*
 * Requests read through a D1 session of their own (decision 0041), so their binding is new each
 * time, and building a drizzle database over it cost a tenth of a member's page. Instead one
 * database serves every request of the isolate, and each statement goes to the binding of the
 * request it runs in, kept in async context (docs/decisions/0047-members-pages.md).
 */
const requestBinding = new AsyncLocalStorage<D1Database>();

/** Runs `work` with `d1` as the binding of `requestDatabase` for everything `work` starts. */
export function withRequestBinding<T>(d1: D1Database, work: () => T): T {
  return requestBinding.run(d1, work);
}

/** The binding of the request running now. */
export function currentBinding(): D1Database {
  const d1 = requestBinding.getStore();
  if (!d1) throw new Error("The request database was used outside a request (withRequestBinding).");
  return d1;
}

/** A statement of the request database: made on the request's binding when it is bound or run. */
class RequestStatement {
  constructor(readonly query: string) {}
  private real() {
    return currentBinding().prepare(this.query);
  }
  bind(...values: unknown[]) {
    return this.real().bind(...values);
  }
  first(column?: string) {
    return column === undefined ? this.real().first() : this.real().first(column);
  }
  all() {
    return this.real().all();
  }
  raw(options?: { columnNames?: boolean }) {
    return this.real().raw(options as { columnNames: true });
  }
  run() {
    return this.real().run();
  }
}

const requestClient = {
  prepare: (query: string) => new RequestStatement(query),
  batch: (statements: (D1PreparedStatement | RequestStatement)[]) => {
    const d1 = currentBinding();
    return d1.batch(statements.map((statement) => (statement instanceof RequestStatement ? d1.prepare(statement.query) : statement)));
  },
  exec: (query: string) => currentBinding().exec(query),
  dump: () => currentBinding().dump(),
  withSession: (constraint?: string) => currentBinding().withSession(constraint),
} as unknown as D1Database;

/** The database of whichever request is running: every loader and action reads and writes through it. */
export const requestDatabase: Database = drizzleOver(requestClient);
