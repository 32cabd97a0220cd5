// Counting a request's round trips to D1, R2 and Durable Objects in test and benchmark runs
// (COUNT_ROUND_TRIPS=1), and making D1 feel far away in development (D1_LATENCY_MS). A distant user
// pays for every round trip that has to wait for the one before it, so the figure that matters is
// the sequential one: a call that starts while another is still out travels with it and costs no
// extra wait. Each route declares its budgets (`handle.roundTrips` for its page, `handle.
// actionRoundTrips` for its form posts); the Worker names, on each counted response, the route that
// answered and its budget, and the worker tests hold every request they make to it.
//
// A page's loaders run side by side, so each loader's and action's calls are counted on a chain of
// their own (decision 0132): a sibling's call made while this chain was busy with its own work is
// not one of its waits. What a batch of page reads or the session's user costs is counted on each
// chain that waits for it. The request waits on its action's chain, then its longest loader chain.
import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerBuild } from "@remix-run/cloudflare";

/**
 * One line of waits: a call counts as a new wait when it starts while none of the chain's calls is
 * out. Its followers wait on each of its calls too. A loader's or action's chain is `done` once it
 * has answered: what it left running (a notice's mail, handed to `waitUntil`) is nobody's wait.
 */
export type Chain = {
  sequential: number;
  inFlight: number;
  followers?: Chain[];
  done?: boolean;
  /** When, on the request's clock of starts and ends, the chain's calls last went out, and when none was left out. */
  outSince?: number;
  idleSince?: number;
};

/** A loader or action that ran for the request, and its own chain of waits. */
export type Served = { kind: "loader" | "action"; routeId: string; chain: Chain };

export type RoundTrips = Chain & {
  /** Every call. */
  total: number;
  /** The routes' loaders and actions that ran, in the order they started. */
  served: Served[];
  /** The calls made outside any loader or action counted before the routes began (a new guest's account). */
  beforeRoutes: number;
};

/** Which chains the calls made now are waited on by: set around each loader and action in counting runs. */
type Waiters = { trips: RoundTrips; chains: Chain[] };
const waitersOfCall = new AsyncLocalStorage<Waiters>();

/** Who waits on a call started here; undefined outside a counted loader or action. */
export function currentWaiters(): Waiters | undefined {
  return waitersOfCall.getStore();
}

/**
 * Runs `call` with its round trips counted on the chain of everyone in `waiters`: a batch that
 * carries the reads of several loaders is a wait in each of them.
 */
export function onBehalfOf<T>(waiters: readonly (Waiters | undefined)[], call: () => T): T {
  const known = waiters.filter((w): w is Waiters => w !== undefined);
  if (known.length === 0) return call();
  const chains = [...new Set(known.flatMap((w) => w.chains))];
  return waitersOfCall.run({ trips: known[0]!.trips, chains }, call);
}

/**
 * Runs `work` that is handed to `waitUntil`: the answer does not wait for it, so in counting runs
 * its calls are counted among all the request's calls but on no one's chain.
 */
export function inBackground<T>(work: () => T): T {
  const waiters = currentWaiters();
  return waiters ? waitersOfCall.run({ trips: waiters.trips, chains: [] }, work) : work();
}

/** A call made once for a request and shared by whoever asks: `get` makes it or joins it, `made` is it if made. */
export type SharedCall<T> = { get: () => Promise<T>; made: () => Promise<T> | undefined };

/**
 * `start`, called once; each later caller gets the same promise. In counting runs the shared work
 * has a chain of its own, followed by the loader that started it and by each that asks before it is
 * done: the call out when one asks, and every call after, are waits of theirs as well.
 */
export function sharedCall<T>(start: () => Promise<T>): SharedCall<T> {
  let promise: Promise<T> | undefined;
  let done = false;
  let own: Chain | undefined;
  return {
    get() {
      const waiters = currentWaiters();
      if (!promise) {
        if (waiters) {
          own = { sequential: 0, inFlight: 0, followers: [...waiters.chains] };
          promise = waitersOfCall.run({ trips: waiters.trips, chains: [own] }, start);
        } else {
          promise = start();
        }
        const settle = () => (done = true);
        promise.then(settle, settle);
      } else if (own && waiters && !done) {
        for (const chain of waiters.chains) follow(own, chain);
      }
      return promise;
    },
    made: () => promise,
  };
}

export const ROUND_TRIPS_HEADER = "x-round-trips";
/**
 * "1/2 loader routes/_main._index": the sequential round trips of the routes' own work, the budget
 * the answering route declares, for what, and which route. A new guest's account, made by the
 * Worker before any route runs (once a person), is not the route's.
 */
export const ROUND_TRIPS_BUDGET_HEADER = "x-round-trips-budget";

/** A page's budget when its route declares none: a member page waits at most twice (issue 18). */
export const PAGE_BUDGET = 2;
/**
 * A form post's budget when its route declares none: the action reads and checks, writes in one
 * batch, and, for a browser without JavaScript, the page is drawn again with it in the same request.
 */
export const ACTION_BUDGET = 4;

export function newRoundTrips(): RoundTrips {
  return { sequential: 0, total: 0, inFlight: 0, served: [], beforeRoutes: 0 };
}

/** Orders the moments chains go out and come back; only their order matters. */
let clock = 0;

function begin(chains: readonly Chain[]) {
  for (const chain of chains) {
    if (chain.inFlight === 0) {
      if (!chain.done) chain.sequential++;
      chain.outSince = ++clock;
    }
    chain.inFlight++;
    if (chain.followers) begin(chain.followers);
  }
}

function end(chains: readonly Chain[]) {
  for (const chain of chains) {
    chain.inFlight--;
    if (chain.inFlight === 0) chain.idleSince = ++clock;
    if (chain.followers) end(chain.followers);
  }
}

/**
 * `follower` waits on `chain` from now on: on the calls it has out, and on every later one. The
 * calls out now are a new wait of the follower's only if they went out while it had nothing out
 * itself, as the rule would have counted them had it been following from their start: a page
 * that read its own row beside the person's lookup, then asks for the person, waited once.
 */
function follow(chain: Chain, follower: Chain) {
  if (chain.inFlight > 0) {
    const overlapped = follower.idleSince !== undefined && follower.idleSince > chain.outSince!;
    if (follower.inFlight === 0 && !follower.done && !overlapped) follower.sequential++;
    follower.inFlight += chain.inFlight;
  }
  (chain.followers ??= []).push(follower);
}

function track<T>(trips: RoundTrips, call: () => Promise<T>): Promise<T> {
  const waiters = currentWaiters();
  // Outside the routes (and in a count of its own, such as the metrics'), the request's own chain.
  const chains = waiters?.trips === trips ? waiters.chains : [trips];
  trips.total++;
  begin(chains);
  let result: Promise<T>;
  try {
    // An RPC call answers with a thenable of its own; it is followed as a promise.
    result = Promise.resolve(call());
  } catch (error) {
    end(chains);
    throw error;
  }
  return result.finally(() => end(chains));
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
 * A Durable Object stub whose calls (`fetch` and RPC methods alike) each count as one round trip.
 * Methods are called on the stub itself, not through the proxy, and `then` is left alone so the
 * stub can still be returned from an async function.
 */
function countedStub<T extends object>(stub: T, trips: RoundTrips): T {
  return new Proxy(stub, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (property === "then" || typeof value !== "function") return value;
      // Reflect.apply, not value.apply: on an RPC stub every property, `apply` too, is a remote call.
      return (...args: unknown[]) => track(trips, () => Reflect.apply(value as (...a: unknown[]) => Promise<unknown>, target, args));
    },
  });
}

/** A Durable Object namespace whose stubs count their calls. Making an id or a stub is not a round trip. */
function countedNamespace<T extends object>(namespace: T, trips: RoundTrips): T {
  return new Proxy(namespace, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== "function") return value;
      const method = value as (...a: unknown[]) => unknown;
      if (property === "get" || property === "getByName") return (...args: unknown[]) => countedStub(Reflect.apply(method, target, args) as object, trips);
      return (...args: unknown[]) => Reflect.apply(method, target, args);
    },
  });
}

/** The bindings of one request, its calls to D1, R2 and the Durable Objects counting into `trips`. */
export function countedEnv(env: Env, trips: RoundTrips): Env {
  return {
    ...env,
    DB: countedD1(env.DB, trips),
    MEDIA: countedR2(env.MEDIA, trips),
    DeckGenerator: countedNamespace(env.DeckGenerator, trips),
    ReadingRoom: countedNamespace(env.ReadingRoom, trips),
    ReaderPresence: countedNamespace(env.ReaderPresence, trips),
    UserChannel: countedNamespace(env.UserChannel, trips),
  };
}

type RouteHandle = { roundTrips?: number; actionRoundTrips?: number };
type Routes = ServerBuild["routes"];

const tripsOfContext = new WeakMap<object, RoundTrips>();

/** Ties a request's load context to its count, so the routes' loaders and actions can say they ran and count their own waits. */
export function countFor(context: object, trips: RoundTrips) {
  trips.beforeRoutes = trips.sequential;
  tripsOfContext.set(context, trips);
}

/** The build with each route's loader and action noting, in the request's count, that it ran. */
export function countingBuild<B extends ServerBuild>(build: B): B {
  const routes: Routes = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = { ...route.module };
    for (const kind of ["loader", "action"] as const) {
      const handler = route.module[kind];
      if (!handler) continue;
      module[kind] = (args: { context: object }) => {
        const trips = tripsOfContext.get(args.context);
        if (!trips) return handler(args as never);
        const chain: Chain = { sequential: 0, inFlight: 0 };
        trips.served.push({ kind, routeId: id, chain });
        const answer = waitersOfCall.run({ trips, chains: [chain] }, () => handler(args as never));
        const answered = () => (chain.done = true);
        void Promise.resolve(answer).then(answered, answered);
        return answer;
      };
    }
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}

function depth(routes: Routes, id: string): number {
  let levels = 0;
  for (let route = routes[id]; route?.parentId; route = routes[route.parentId]) levels++;
  return levels;
}

/**
 * The waits of the request's routes: those made outside them since they began, its action's chain,
 * then the longest of its loaders' chains, which run side by side after the action.
 */
function routesSequential(trips: RoundTrips): number {
  const longest = (kind: Served["kind"]) => Math.max(0, ...trips.served.filter((s) => s.kind === kind).map((s) => s.chain.sequential));
  return trips.sequential - trips.beforeRoutes + longest("action") + longest("loader");
}

/** The request's waits: before its routes and in them. */
export function sequentialOf(trips: RoundTrips): number {
  return trips.beforeRoutes + routesSequential(trips);
}

/** A request's sequential round trips from its routes' start, and the budget it is held to. */
export type RouteBudget = { sequential: number; budget: number; kind: Served["kind"]; routeId: string };

/**
 * The budget that holds for a request: its action's, when an action ran (its page drawn again in
 * the same request included); otherwise the page's, declared by the deepest route whose loader ran.
 */
export function budgetFor(trips: RoundTrips, routes: Routes): RouteBudget | null {
  const handle = (id: string) => (routes[id]?.module.handle ?? {}) as RouteHandle;
  const sequential = routesSequential(trips);
  const action = trips.served.find((entry) => entry.kind === "action");
  if (action) return { kind: action.kind, routeId: action.routeId, sequential, budget: handle(action.routeId).actionRoundTrips ?? ACTION_BUDGET };
  const page = trips.served.filter((entry) => entry.kind === "loader").sort((a, b) => depth(routes, b.routeId) - depth(routes, a.routeId))[0];
  if (!page) return null;
  return { kind: page.kind, routeId: page.routeId, sequential, budget: handle(page.routeId).roundTrips ?? PAGE_BUDGET };
}

export function formatBudget(budget: RouteBudget): string {
  return `${budget.sequential}/${budget.budget} ${budget.kind} ${budget.routeId}`;
}

export function parseRoundTripBudget(header: string | null): RouteBudget | null {
  const match = header?.match(/^(\d+)\/(\d+) (loader|action) (\S+)$/);
  return match ? { sequential: Number(match[1]), budget: Number(match[2]), kind: match[3] as Served["kind"], routeId: match[4]! } : null;
}

/** "3 of 4": sequential round trips of all of them. */
export function formatRoundTrips(trips: RoundTrips): string {
  return `${sequentialOf(trips)} of ${trips.total}`;
}
