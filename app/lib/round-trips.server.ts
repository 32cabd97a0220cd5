// Counting a request's round trips to D1 and R2, in test and benchmark runs
// (COUNT_ROUND_TRIPS=1). A distant user pays for every round trip that has to wait for the one
// before it, so the figure that matters is the sequential one: a call that starts while another is
// still out travels with it and costs no extra wait. Each route declares a budget
// (`handle.roundTrips`); tests/worker/round-trips.test.ts holds every page to it.

export type RoundTrips = {
  /** Calls that started while no other call was out: the waits a distant user feels. */
  sequential: number;
  /** Every call. */
  total: number;
  inFlight: number;
};

export const ROUND_TRIPS_HEADER = "x-round-trips";

export function newRoundTrips(): RoundTrips {
  return { sequential: 0, total: 0, inFlight: 0 };
}

function track<T>(trips: RoundTrips, call: () => Promise<T>): Promise<T> {
  if (trips.inFlight === 0) trips.sequential++;
  trips.total++;
  trips.inFlight++;
  let result: Promise<T>;
  try {
    result = call();
  } catch (error) {
    trips.inFlight--;
    throw error;
  }
  return result.finally(() => {
    trips.inFlight--;
  });
}

const realStatements = new WeakMap<object, D1PreparedStatement>();

function countedStatement(statement: D1PreparedStatement, trips: RoundTrips): D1PreparedStatement {
  const counted = {
    bind: (...values: unknown[]) => countedStatement(statement.bind(...values), trips),
    first: (column?: string) => track(trips, () => (column === undefined ? statement.first() : statement.first(column))),
    all: () => track(trips, () => statement.all()),
    run: () => track(trips, () => statement.run()),
    raw: (options?: { columnNames?: boolean }) => track(trips, () => statement.raw(options as { columnNames: true })),
  } as unknown as D1PreparedStatement;
  realStatements.set(counted, statement);
  return counted;
}

/** The database binding, counting each query, batch and exec as one round trip. */
export function countedD1(d1: D1Database, trips: RoundTrips): D1Database {
  return {
    prepare: (query: string) => countedStatement(d1.prepare(query), trips),
    batch: (statements: D1PreparedStatement[]) => track(trips, () => d1.batch(statements.map((s) => realStatements.get(s) ?? s))),
    exec: (query: string) => track(trips, () => d1.exec(query)),
    dump: () => track(trips, () => d1.dump()),
    withSession: (constraint?: string) => d1.withSession(constraint),
  } as unknown as D1Database;
}

/** The media bucket, counting each call as one round trip. */
export function countedR2(bucket: R2Bucket, trips: RoundTrips): R2Bucket {
  return new Proxy(bucket, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => track(trips, () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
    },
  });
}

/**
 * The bindings of one request, D1 and R2 counting into `trips`. Durable Object stubs are not
 * wrapped: their RPC calls cannot pass through a proxy.
 */
export function countedEnv(env: Env, trips: RoundTrips): Env {
  return {
    ...env,
    DB: countedD1(env.DB, trips),
    MEDIA: countedR2(env.MEDIA, trips),
  };
}

/** "3 of 4": sequential round trips of all of them. */
export function formatRoundTrips(trips: RoundTrips): string {
  return `${trips.sequential} of ${trips.total}`;
}
