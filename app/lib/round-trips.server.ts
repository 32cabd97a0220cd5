// Counting a request's round trips to D1 and R2 in test and benchmark runs, and making D1 feel far
// away in development
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

type Around = <T>(call: () => Promise<T>) => Promise<T>;

const realStatements = new WeakMap<object, D1PreparedStatement>();

function wrappedStatement(statement: D1PreparedStatement, around: Around): D1PreparedStatement {
  const wrapped = {
    bind: (...values: unknown[]) => wrappedStatement(statement.bind(...values), around),
    first: (column?: string) => around(() => (column === undefined ? statement.first() : statement.first(column))),
    all: () => around(() => statement.all()),
    run: () => around(() => statement.run()),
    raw: (options?: { columnNames?: boolean }) => around(() => statement.raw(options as { columnNames: true })),
  } as unknown as D1PreparedStatement;
  realStatements.set(wrapped, statement);
  return wrapped;
}

/** The database binding with `around` called for each query, batch and exec: each is one round trip. */
function wrappedD1(d1: D1Database, around: Around): D1Database {
  return {
    prepare: (query: string) => wrappedStatement(d1.prepare(query), around),
    batch: (statements: D1PreparedStatement[]) => around(() => d1.batch(statements.map((s) => realStatements.get(s) ?? s))),
    exec: (query: string) => around(() => d1.exec(query)),
    dump: () => around(() => d1.dump()),
    withSession: (constraint?: string) => d1.withSession(constraint),
  } as unknown as D1Database;
}

/** The database binding, counting each query, batch and exec as one round trip. */
export function countedD1(d1: D1Database, trips: RoundTrips): D1Database {
  return wrappedD1(d1, (call) => track(trips, call));
}

/**
 * The database as a distant user would feel it: every round trip waits `ms` first. A development
 * switch (D1_LATENCY_MS) so the cost of a far primary can be seen and measured on one machine.
 */
export function distantD1(d1: D1Database, ms: number): D1Database {
  return wrappedD1(d1, async (call) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return call();
  });
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
