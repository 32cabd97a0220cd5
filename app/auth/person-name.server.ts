import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { users } from "../../db/schema";

/**
 * A person's name as SQL, for a statement that names someone by their id: their full name, else
 * their username, else `fallback` (an account whose name is gone, such as a deleted one). The SQL
 * twin of `personName` in display-name.ts; the `users` table is aliased so any statement can hold it.
 */
export const personNameSql = (id: SQLWrapper, fallback: string): SQL<string> =>
  sql<string>`(SELECT coalesce(nullif(u.full_name, ''), u.username, ${fallback}) FROM ${users} u WHERE u.id = ${id})`;
