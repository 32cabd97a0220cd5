// One round trip to D1 for a page (docs/decisions/0047-members-pages.md). A page's loaders run
// side by side, and each used to wait for the session's user before it could ask for its own
// rows: two round trips in a row, and two or more calls. Here every read the loaders ask for as
// they start goes to D1 in one batch, with the session's check; a read that needs the person
// names them as `me`, the user id of the request's live session written in SQL, so it needs no
// earlier answer. A session that is not live makes `me` NULL: such a read finds nothing.
import type { SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";

/** The user id of the request's live session, as SQL; NULL without one. */
export type Me = SQL<string | null>;

type Reads = Readonly<[BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>;

type Waiting = {
  build: (me: Me) => Reads;
  resolve: (results: unknown[]) => void;
  reject: (error: unknown) => void;
};

export type PageReads = {
  /**
   * Reads `build`'s queries in the request's next batch. Reads asked for before the batch leaves
   * (all of a page's loaders, as they start) travel together; a later one starts the next batch.
   */
  read<T extends Reads>(build: (me: Me) => T): Promise<BatchResponse<T>>;
};

/**
 * The reads of one request. `me` is asked for when the first batch is put together: by then
 * every loader has started (the router calls them one after another in one go) and asked for
 * what it needs.
 */
export function pageReads(d1: () => D1Database, me: () => Promise<Me>): PageReads {
  let waiting: Waiting[] = [];
  let leaving: Promise<void> | null = null;

  async function send() {
    // Everyone who asked before the batch leaves is in it; whatever goes wrong, each hears of it.
    const person = me().then((value) => ({ value }), (error: unknown) => ({ error }));
    const settled = await person;
    const batch = waiting;
    waiting = [];
    leaving = null;
    try {
      if ("error" in settled) throw settled.error;
      const built = batch.map((reader) => reader.build(settled.value));
      const results = await batchOf(d1(), built.flat());
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

  return {
    read<T extends Reads>(build: (me: Me) => T) {
      return new Promise<BatchResponse<T>>((resolve, reject) => {
        waiting.push({ build, resolve: resolve as (results: unknown[]) => void, reject });
        leaving ??= send();
      });
    },
  };
}

/** What drizzle's queries and raw statements offer its own batch: their statement and how to read its answer. */
type Batchable = {
  _prepare(): { getQuery(): { sql: string; params: unknown[] }; mapResult(result: unknown, isFromBatch: boolean): unknown };
};

/**
 * drizzle's D1 batch, for queries and raw `sql` statements alike: drizzle's own cannot take a raw
 * statement with values (drizzle-orm#2277), and a page's reads have both. Each statement is made
 * from its query and bound to its values, and each answer is read as drizzle reads a batch's.
 */
async function batchOf(d1: D1Database, items: readonly BatchItem<"sqlite">[]): Promise<unknown[]> {
  const prepared = items.map((item) => (item as unknown as Batchable)._prepare());
  const statements = prepared.map((query) => {
    const { sql, params } = query.getQuery();
    return d1.prepare(sql).bind(...params);
  });
  const results = await d1.batch(statements);
  return results.map((result, i) => prepared[i]!.mapResult(result, true));
}
