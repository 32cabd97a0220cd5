// One round trip to D1 for a page (docs/decisions/0047-members-pages.md). A page's loaders run
// side by side, and each used to wait for the session's user before it could ask for its own
// rows: two round trips in a row, and two or more calls. Here every read the loaders ask for as
// they start goes to D1 in one batch, with the session's check; a read that needs the person
// names them as `me`, the user id of the request's live session written in SQL, so it needs no
// earlier answer. A session that is not live makes `me` NULL: such a read finds nothing.
//
// `me` is written with placeholders, filled with the request's session when the batch leaves, so
// a page's reads can be written once for the isolate: a `ReadShape` is built into SQL on its first
// use and only filled afterwards (building drizzle's SQL was a fifth of a member page's time).
import { fillPlaceholders, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Database } from "../db.server";
import { currentWaiters, onBehalfOf } from "./round-trips.server";

/** The user id of the request's live session, as SQL; NULL without one. */
export type Me = SQL<string | null>;

type Reads = Readonly<[BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>;

/** A statement as drizzle prepares it: its SQL, its values (placeholders among them), and how its answer is read. */
type Statement = {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch: boolean): unknown;
};

/** What drizzle's queries and raw statements offer its own batch. */
type Batchable = { _prepare(): Statement };

/** The placeholders a shape is written with, one per value it is read with. */
export type Slots<V extends Record<string, unknown>> = { [K in keyof V]: Placeholder<K & string, V[K]> };

/**
 * A page's reads written once for the isolate: `build` is called with `me` and a placeholder for
 * each value, the first time the shape is read; later reads only fill in the values.
 */
export type ReadShape<V extends Record<string, unknown>, T extends Reads> = {
  build: (db: Database, me: Me, slots: Slots<V>) => T;
  statements?: Statement[];
};

/** Declares a shape (at module level, so the isolate keeps it): see `ReadShape`. */
export function readShape<V extends Record<string, unknown> = Record<never, never>, T extends Reads = Reads>(
  build: (db: Database, me: Me, slots: Slots<V>) => T,
): ReadShape<V, T> {
  return { build };
}

const slots = new Proxy({} as Record<string, Placeholder>, { get: (_, name) => sql.placeholder(String(name)) });

type Waiting = {
  statements: () => Statement[];
  values: Record<string, unknown>;
  resolve: (results: unknown[]) => void;
  reject: (error: unknown) => void;
  /** The loader that asked, whose wait the batch is in counting runs. */
  waiters: ReturnType<typeof currentWaiters>;
};

export type PageReads = {
  /**
   * Reads in the request's next batch: a shape with its values, or queries built for this request
   * by `build`. Reads asked for before the batch leaves (all of a page's loaders, as they start)
   * travel together; a later one starts the next batch.
   */
  read<V extends Record<string, unknown>, T extends Reads>(shape: ReadShape<V, T>, values: V): Promise<BatchResponse<T>>;
  read<T extends Reads>(build: (me: Me) => T): Promise<BatchResponse<T>>;
};

/** Who a request's reads are for: `me` in SQL, and the values of the placeholders it is written with. */
export type Person = { me: Me; values: () => Promise<Record<string, unknown>> };

/**
 * The reads of one request. The person's values are asked for when the first batch is put
 * together: by then every loader has started (the router calls them one after another in one go)
 * and asked for what it needs.
 */
export function pageReads(d1: () => D1Database, db: Database, person: Person): PageReads {
  let waiting: Waiting[] = [];
  let leaving: Promise<void> | null = null;

  async function send() {
    // Everyone who asked before the batch leaves is in it; whatever goes wrong, each hears of it.
    const settled = await person.values().then(
      (values) => ({ values }),
      (error: unknown) => ({ error }),
    );
    const batch = waiting;
    waiting = [];
    leaving = null;
    try {
      if ("error" in settled) throw settled.error;
      const built = batch.map((reader) => reader.statements());
      // The person's values come last: no page value can stand in for whom the reads are about.
      const items = built.flatMap((statements, i) => statements.map((statement) => ({ statement, values: { ...batch[i]!.values, ...settled.values } })));
      const results = await onBehalfOf(
        batch.map((reader) => reader.waiters),
        () => batchOf(d1(), items),
      );
      let at = 0;
      batch.forEach((reader, i) => {
        const count = built[i]!.length;
        reader.resolve(results.slice(at, at + count));
        at += count;
      });
    } catch (error) {
      for (const reader of batch) reader.reject(error);
    }
  }

  function statementsOf(items: readonly BatchItem<"sqlite">[]): Statement[] {
    return items.map((item) => (item as unknown as Batchable)._prepare());
  }

  function enqueue(statements: () => Statement[], values: Record<string, unknown>) {
    return new Promise<unknown[]>((resolve, reject) => {
      waiting.push({ statements, values, resolve, reject, waiters: currentWaiters() });
      leaving ??= send();
    });
  }

  return {
    read(shapeOrBuild: ReadShape<Record<string, unknown>, Reads> | ((me: Me) => Reads), values: Record<string, unknown> = {}) {
      if (typeof shapeOrBuild === "function") return enqueue(() => statementsOf(shapeOrBuild(person.me)), {});
      const shape = shapeOrBuild;
      return enqueue(() => (shape.statements ??= statementsOf(shape.build(db, person.me, slots))), values);
    },
  } as PageReads;
}

/**
 * drizzle's D1 batch, for queries and raw `sql` statements alike: drizzle's own cannot take a raw
 * statement with values (drizzle-orm#2277), and a page's reads have both. Each statement is bound
 * to its values, placeholders filled, and each answer is read as drizzle reads a batch's.
 */
async function batchOf(d1: D1Database, items: { statement: Statement; values: Record<string, unknown> }[]): Promise<unknown[]> {
  const statements = items.map(({ statement, values }) => {
    const { sql, params } = statement.getQuery();
    return d1.prepare(sql).bind(...fillPlaceholders(params, values));
  });
  const results = await d1.batch(statements);
  return results.map((result, i) => items[i]!.statement.mapResult(result, true));
}
