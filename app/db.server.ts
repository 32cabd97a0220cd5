import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../db/schema";

export type Database = DrizzleD1Database<typeof schema>;

const byBinding = new WeakMap<D1Database, Database>();

/** One drizzle instance per binding: building the relational schema on every request is wasted work. */
export function createDatabase(d1: D1Database): Database {
  let db = byBinding.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    byBinding.set(d1, db);
  }
  return db;
}
