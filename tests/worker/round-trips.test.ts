/**
 * The render path of members' pages. The round-trip budget: each page, as a signed-in member sees
 * it, may wait on D1, R2 and Durable Objects at most its route's `handle.roundTrips` times in a row
 * (2 when the route says nothing). The Worker counts them in test runs (app/lib/round-trips.server.ts)
 * and says "sequential of total" in a header; the members' pages are printed here, so a change that
 * adds a wait shows. Every other request of the worker tests is held to its route's budget too
 * (helpers' app.fetch, decision 0050). The page reads that make one round trip of a page (app/lib/page-reads.server.ts), and the
 * render memo that serves a page whose data did not change (app/render/document-memo.server.ts).
 */
import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionPerson } from "../../app/auth/session.server";
import { createDatabase } from "../../app/db.server";
import { pageReads, readShape, type Me, type Slots } from "../../app/lib/page-reads.server";
import { documentMemoKey } from "../../app/render/document-memo.server";
import type { EntryContext } from "@remix-run/cloudflare";
import {
  budgetFor,
  countedD1,
  countFor,
  countingBuild,
  distantD1,
  newRoundTrips,
  parseRoundTripBudget,
  ROUND_TRIPS_BUDGET_HEADER,
  ROUND_TRIPS_HEADER,
  sharedCall,
  type RoundTrips,
} from "../../app/lib/round-trips.server";
import type { ServerBuild } from "@remix-run/cloudflare";
import { decks, readingJournal, users } from "../../db/schema";
import { eq } from "drizzle-orm";
import { signInAs, visit } from "./helpers";

const OWNER = "seed-user-demo";
const OWN_DECK = "seed-deck-autumn-lanterns";
const PUBLIC_DECK = "seed-deck-celestial-tides";

type Page = { route: string; path: () => string };

let readerName = "";

const PAGES: Page[] = [
  { route: "routes/_main._index", path: () => "/" },
  { route: "routes/_main.marketplace._index", path: () => "/marketplace" },
  { route: "routes/_main.marketplace._index", path: () => "/marketplace?q=moon&kind=complete&sort=top-rated&max=20" },
  { route: "routes/_main.marketplace.$deckId", path: () => `/marketplace/${PUBLIC_DECK}` },
  { route: "routes/_main.collection._index", path: () => "/collection" },
  { route: "routes/_main.collection.$deckId", path: () => `/collection/${OWN_DECK}` },
  { route: "routes/_main.collection.$deckId_.print", path: () => `/collection/${OWN_DECK}/print` },
  { route: "routes/_main.journal._index", path: () => "/journal" },
  { route: "routes/_main.spreads._index", path: () => "/spreads" },
  { route: "routes/_main.journal._index", path: () => "/journal?q=star&card=major-17&mood=calm" },
  { route: "routes/_main.pricing", path: () => "/pricing" },
  { route: "routes/_main.developers", path: () => "/developers" },
  { route: "routes/_main.profile", path: () => "/profile" },
  { route: "routes/_main.sales", path: () => "/sales" },
  { route: "routes/_main.subscription._index", path: () => "/subscription" },
  { route: "routes/_main.create-deck", path: () => "/create-deck" },
  { route: "routes/_main.credits", path: () => "/credits" },
  { route: "routes/_main.readers._index", path: () => "/readers" },
  { route: "routes/_main.balance", path: () => "/balance" },
  { route: "routes/_main.balance", path: () => "/balance?topped=no-such-checkout" },
  { route: "routes/_main.readers.$username", path: () => `/readers/${readerName}` },
  { route: "routes/_main.become-reader", path: () => "/become-reader" },
  { route: "routes/_main.today", path: () => "/today" },
  { route: "routes/_main.cards._index", path: () => "/cards" },
  { route: "routes/_main.cards.$key", path: () => "/cards/major-00" },
  { route: "routes/_main.guides._index", path: () => "/guides" },
  { route: "routes/_main.guides.$slug", path: () => "/guides/how-to-read" },
  { route: "routes/reading-room.($deckId)", path: () => `/reading-room/${OWN_DECK}` },
];

let cookie = "";

beforeAll(async () => {
  cookie = await signInAs(OWNER);
  const reader = await createDatabase(env.DB).query.users.findFirst({ columns: { username: true }, where: eq(users.isReader, true) });
  readerName = reader!.username!;
});

describe("round trips of members' pages", () => {
  it("stays within each page's budget", async () => {
    const rows: string[] = [];
    const over: string[] = [];
    for (const page of PAGES) {
      const path = page.path();
      const response = await visit(path, { cookie });
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
      const counted = response.headers.get(ROUND_TRIPS_HEADER);
      expect(counted, path).toMatch(/^\d+ of \d+$/);
      const [sequential, total] = counted!.split(" of ").map(Number) as [number, number];
      // The budget as the Worker applies it, named with the route that answered.
      const named = parseRoundTripBudget(response.headers.get(ROUND_TRIPS_BUDGET_HEADER));
      expect(named, path).toMatchObject({ kind: "loader", routeId: page.route });
      const budget = named!.budget;
      rows.push(`${path.padEnd(64)} ${String(sequential).padStart(2)} in a row, ${String(total).padStart(2)} in all (budget ${budget})`);
      if (sequential > budget) over.push(`${path}: ${sequential} > ${budget}`);
    }
    console.log(`Round trips of a member's pages:\n  ${rows.join("\n  ")}`);
    expect(over).toEqual([]);
  });

  it("reads the readers list in one wait, and a page past the last one in two", async () => {
    // The languages on offer and the page of readers with their count travel beside the session: one wait.
    const response = await visit("/readers", { cookie });
    await response.arrayBuffer();
    expect(response.headers.get(ROUND_TRIPS_HEADER)!.split(" of ")[0]).toBe("1");
    // Only a page past the last one asks again, for the count.
    const past = await visit("/readers?page=40", { cookie });
    await past.arrayBuffer();
    expect(past.headers.get(ROUND_TRIPS_HEADER)!.split(" of ")[0]).toBe("2");
  });
});

describe("the counting and the distant database", () => {
  it("counts calls that travel together as one wait, and one batch as one call", async () => {
    const trips = newRoundTrips();
    const counted = createDatabase(countedD1(env.DB, trips));
    await Promise.all([counted.query.users.findFirst(), counted.query.decks.findFirst()]);
    expect(trips).toMatchObject({ sequential: 1, total: 2, inFlight: 0 });
    await counted.batch([counted.select().from(users).limit(1), counted.select().from(users).limit(2)]);
    expect(trips).toMatchObject({ sequential: 2, total: 3, inFlight: 0 });
  });

  it("makes every round trip wait as long as asked, and answers the same", async () => {
    const near = createDatabase(env.DB);
    const far = createDatabase(distantD1(env.DB, 60));
    const started = Date.now();
    const [fromFar] = await far.select({ id: users.id }).from(users).where(eq(users.id, OWNER));
    await far.batch([far.select().from(users).limit(1), far.select().from(users).limit(1)]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(120);
    const [fromNear] = await near.select({ id: users.id }).from(users).where(eq(users.id, OWNER));
    expect(fromFar).toEqual(fromNear);
  });
});

/**
 * A page with a root and a leaf route whose loaders run side by side, as the router runs them,
 * each counted on its own chain; what it waited on, as the Worker names it. `loaders` is given the
 * database (`d1`, the real local one unless said) as the request's count sees it.
 */
async function loadersSideBySide(loaders: (db: D1Database) => { root: () => Promise<unknown>; leaf: () => Promise<unknown> }, d1: D1Database = env.DB) {
  const trips = newRoundTrips();
  const { root, leaf } = loaders(countedD1(d1, trips));
  const build = {
    routes: {
      root: { id: "root", module: { loader: root } },
      "routes/leaf": { id: "routes/leaf", parentId: "root", module: { loader: leaf, handle: { roundTrips: 1 } } },
    },
  } as unknown as ServerBuild;
  const counting = countingBuild(build);
  const context = {};
  countFor(context, trips);
  const load = (id: string) => (counting.routes[id]!.module.loader as (args: { context: object }) => Promise<unknown>)({ context });
  await Promise.all([load("root"), load("routes/leaf")]);
  return { trips, budget: budgetFor(trips, build.routes)! };
}

/** A turn of the event loop: whatever was let go runs as far as its next wait. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A promise the test opens when it chooses: work that is not a round trip (a hash, a render). */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A database whose every query answers only when the test says so, to order calls exactly. */
function heldD1() {
  const held = new Map<string, () => void>();
  const d1 = {
    prepare: (query: string) => {
      const statement = { bind: () => statement, first: () => new Promise((resolve) => held.set(query, () => resolve(null))) };
      return statement;
    },
  } as unknown as D1Database;
  return { d1, answer: (query: string) => held.get(query)!() };
}
const ask = (db: D1Database) => db.prepare("select 1 as one").first();
const chains = (trips: RoundTrips) => trips.served.map((served) => served.chain.sequential);

describe("each loader's own chain of waits", () => {
  it("does not count a sibling loader's call made while this one was busy between its waits", async () => {
    const { d1, answer } = heldD1();
    const rootWorks = gate();
    const leafStarts = gate();
    const loaded = loadersSideBySide(
      (db) => ({
        root: async () => {
          await db.prepare("root's first").first();
          // Work of its own between two waits (a hash, a render).
          await rootWorks.opened;
          await db.prepare("root's second").first();
        },
        leaf: async () => {
          await leafStarts.opened;
          await db.prepare("leaf's").first();
        },
      }),
      d1,
    );
    await turn();
    answer("root's first");
    await turn();
    // While the root works, the leaf's whole call goes out and comes back.
    leafStarts.open();
    await turn();
    answer("leaf's");
    await turn();
    rootWorks.open();
    await turn();
    answer("root's second");
    const { trips, budget } = await loaded;
    // Counted as "a call started with nothing out", the leaf's call made a third wait in a row.
    expect(budget).toMatchObject({ kind: "loader", routeId: "routes/leaf", sequential: 2, budget: 1 });
    expect(chains(trips)).toEqual([2, 1]);
    expect(trips.total).toBe(3);
  });

  it("does not count a call a loader left running once it has answered", async () => {
    const { d1, answer } = heldD1();
    const later = gate();
    const loaded = loadersSideBySide(
      (db) => ({
        root: async () => undefined,
        leaf: async () => {
          await db.prepare("the leaf's row").first();
          // Something handed on, not waited for: it goes out after the page has its answer.
          void later.opened.then(() => db.prepare("left running").first());
        },
      }),
      d1,
    );
    await turn();
    answer("the leaf's row");
    const { trips } = await loaded;
    expect(chains(trips)).toEqual([0, 1]);
    later.open();
    await turn();
    answer("left running");
    await turn();
    expect(trips.total).toBe(2);
    expect(chains(trips)).toEqual([0, 1]);
  });

  it("counts a batch of page reads as a wait of every loader whose read travels in it", async () => {
    const { trips, budget } = await loadersSideBySide((db) => {
      const reads = pageReads(
        () => db,
        createDatabase(env.DB),
        sessionPerson(async () => null, Date.now()),
      );
      const read = () => reads.read(() => [createDatabase(env.DB).select({ id: users.id }).from(users).limit(1)]);
      return {
        root: read,
        leaf: async () => {
          await read();
          await ask(db);
        },
      };
    });
    // The root's read sent the batch; the leaf waited on it, then asked once more.
    expect(trips.total).toBe(2);
    expect(budget.sequential).toBe(2);
    expect(chains(trips)).toEqual([1, 2]);
  });

  it("counts a shared call's waits on each loader that asks for it before it is done", async () => {
    let calls = 0;
    // The person, looked up once for the request: two waits in a row (a lapsed session's guest).
    const person = sharedCall(async () => {
      calls += 1;
      await ask(countedDb!);
      await ask(countedDb!);
      return "someone";
    });
    let countedDb: D1Database | undefined;
    const { trips, budget } = await loadersSideBySide((db) => {
      countedDb = db;
      return {
        root: () => person.get(),
        leaf: async () => {
          await person.get();
          await ask(db);
        },
      };
    });
    expect(calls).toBe(1);
    expect(trips.total).toBe(3);
    // The leaf waits on both of the person's calls, then on its own.
    expect(budget.sequential).toBe(3);
    expect(chains(trips)).toEqual([2, 3]);
    // Asked again once done, it is the same answer and no wait.
    expect(await person.get()).toBe("someone");
    expect(person.made()).toBeDefined();
  });

  it("counts no second wait for a loader that read its own row beside the shared call, then asks for it while it is out", async () => {
    const { d1, answer } = heldD1();
    let countedDb: D1Database | undefined;
    const person = sharedCall(() => countedDb!.prepare("the person").first());
    const loaded = loadersSideBySide((db) => {
      countedDb = db;
      return {
        root: () => person.get(),
        leaf: async () => {
          await db.prepare("the certificate").first();
          await person.get();
        },
      };
    }, d1);
    await turn();
    // The leaf's row comes back first; it asks for the person, whose lookup went out beside its read.
    answer("the certificate");
    await turn();
    answer("the person");
    const { trips, budget } = await loaded;
    expect(trips.total).toBe(2);
    expect(budget.sequential).toBe(1);
    expect(chains(trips)).toEqual([1, 1]);
  });
});

describe("page reads", () => {
  const db = () => createDatabase(env.DB);
  const ownDecks = (me: Me) => db().select({ id: decks.id }).from(decks).where(eq(decks.creatorId, me));
  const nobody = () => sessionPerson(async () => null, Date.now());

  it("sends every read asked for before the batch leaves in one call, each answered with its own rows", async () => {
    const trips = newRoundTrips();
    const counted = countedD1(env.DB, trips);
    const reads = pageReads(() => counted, db(), nobody());
    const [[first], [second, third]] = await Promise.all([
      reads.read(() => [db().select({ id: users.id }).from(users).where(eq(users.id, OWNER))]),
      reads.read(() => [db().select({ id: decks.id }).from(decks).where(eq(decks.id, OWN_DECK)), db().all<{ n: number }>(sql`select ${41} + ${1} as n`)]),
    ]);
    expect(trips).toMatchObject({ sequential: 1, total: 1 });
    expect(first).toEqual([{ id: OWNER }]);
    expect(second).toEqual([{ id: OWN_DECK }]);
    expect(third).toEqual([{ n: 42 }]);
    // A read asked for after the batch left goes in the next one.
    await reads.read(() => [db().select({ id: users.id }).from(users).limit(1)]);
    expect(trips).toMatchObject({ sequential: 2, total: 2 });
  });

  it("names the person of a live session only: a lapsed or unknown session finds nothing of theirs", async () => {
    const sessionId = "page-reads-session";
    const now = Date.now();
    await db().run(sql`insert into auth_sessions (id, user_id, created_at, expires_at) values (${sessionId}, ${OWNER}, ${now}, ${now + 60_000})`);
    const readAs = (id: string | null, at: number) =>
      pageReads(
        () => env.DB,
        db(),
        sessionPerson(async () => id, at),
      ).read((me) => [ownDecks(me)]);
    const [live] = await readAs(sessionId, now);
    expect(live.map((row) => row.id)).toContain(OWN_DECK);
    expect((await readAs(sessionId, now + 120_000))[0]).toEqual([]);
    expect((await readAs("no-such-session", now))[0]).toEqual([]);
    expect((await readAs(null, now))[0]).toEqual([]);
  });

  it("builds a shape's SQL once, then reads it with each request's values and person", async () => {
    let builds = 0;
    const shape = readShape((db, me, { deckId }: Slots<{ deckId: string }>) => {
      builds += 1;
      return [
        db
          .select({ id: decks.id, mine: sql<number>`${decks.creatorId} = ${me}` })
          .from(decks)
          .where(eq(decks.id, deckId)),
      ];
    });
    const sessionId = "page-reads-shape-session";
    const now = Date.now();
    await db().run(sql`insert into auth_sessions (id, user_id, created_at, expires_at) values (${sessionId}, ${OWNER}, ${now}, ${now + 60_000})`);
    const owner = pageReads(
      () => env.DB,
      db(),
      sessionPerson(async () => sessionId, now),
    );
    const stranger = pageReads(() => env.DB, db(), nobody());
    const [[own], [other], [missing]] = await Promise.all([
      owner.read(shape, { deckId: OWN_DECK }),
      owner.read(shape, { deckId: PUBLIC_DECK }),
      owner.read(shape, { deckId: "no-such-deck" }),
    ]);
    expect(own).toEqual([{ id: OWN_DECK, mine: 1 }]);
    expect(other).toEqual([{ id: PUBLIC_DECK, mine: 0 }]);
    expect(missing).toEqual([]);
    // Nobody's session: the same statement, and `me` finds no one.
    const [asStranger] = await stranger.read(shape, { deckId: OWN_DECK });
    expect(asStranger).toEqual([{ id: OWN_DECK, mine: null }]);
    expect(builds).toBe(1);
  });

  it("fails every read of a batch whose statement fails, and the next batch still goes", async () => {
    const reads = pageReads(() => env.DB, db(), nobody());
    const good = reads.read(() => [db().select({ id: users.id }).from(users).limit(1)]);
    const bad = reads.read(() => [db().all(sql`select * from no_such_table`)]);
    await expect(good).rejects.toThrow();
    await expect(bad).rejects.toThrow(/no_such_table/);
    const [[row]] = await reads.read(() => [db().select({ id: users.id }).from(users).where(eq(users.id, OWNER))]);
    expect(row).toEqual({ id: OWNER });
  });
});

describe("the render memo", () => {
  const MEMO = "x-render-memo";
  const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")![1]!;

  it("serves a repeat of the same data from the first render, with the new response's nonce on its scripts", async () => {
    // An address of its own (the address is part of the key), so the first answer is a render.
    const path = `/journal?fresh=${crypto.randomUUID()}`;
    const first = await visit(path, { cookie });
    const firstHtml = await first.text();
    expect(first.headers.get(MEMO)).toBe("miss");
    const second = await visit(path, { cookie });
    const secondHtml = await second.text();
    expect(second.headers.get(MEMO)).toBe("hit");
    const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
    expect(secondNonce).not.toBe(firstNonce);
    expect(secondHtml).not.toContain(firstNonce);
    expect(secondHtml).toContain(`nonce="${secondNonce}"`);
    expect(secondHtml.split(secondNonce).join("N")).toBe(firstHtml.split(firstNonce).join("N"));
    // Characters outside ASCII (the page's dashes and quotes) come back as they were sent.
    expect(secondHtml).toMatch(/[^ -~\s]/u);
  });

  it("serves a repeat from the first render on the members' pages that declare it", async () => {
    for (const path of ["/", "/marketplace", "/collection", "/journal", "/pricing", "/readers", "/balance", "/sales"]) {
      const first = await visit(path, { cookie });
      expect(first.status, path).toBe(200);
      await first.arrayBuffer();
      const second = await visit(path, { cookie });
      await second.arrayBuffer();
      expect(second.headers.get(MEMO), path).toBe("hit");
    }
  });

  it("renders again when the data changed, and never gives one person's page to another", async () => {
    await visit("/journal", { cookie });
    const entryId = `memo-${Date.now()}`;
    await createDatabase(env.DB)
      .insert(readingJournal)
      .values({ id: entryId, userId: OWNER, question: "Will the memo notice this reading?", spreadId: "single", spreadName: "Single card", cards: [] });
    const after = await visit("/journal", { cookie });
    expect(after.headers.get(MEMO)).toBe("miss");
    expect(await after.text()).toContain("Will the memo notice this reading?");

    // Another member asking for the same address has other data: their own render.
    const other = await signInAs("seed-user-theo");
    await visit("/journal", { cookie: other });
    const theirs = await visit("/journal", { cookie: other });
    expect(theirs.headers.get(MEMO)).toBe("hit");
    expect(await theirs.text()).not.toContain("Will the memo notice this reading?");
  });

  it("keys a render by its data exactly: values JSON would write alike get keys of their own", () => {
    const keyOf = (data: unknown, path = "/journal") =>
      documentMemoKey(new Request(`http://localhost${path}`), 200, {
        staticHandlerContext: {
          matches: [{ route: { id: "routes/_main.journal._index" } }],
          loaderData: { "routes/_main.journal._index": data },
          errors: null,
          actionData: null,
        },
        routeModules: { "routes/_main.journal._index": { handle: { renderMemo: true } } },
      } as unknown as EntryContext);
    const plain = keyOf({ entries: [{ id: "a", at: 1 }] });
    expect(plain).toBe(keyOf({ entries: [{ id: "a", at: 1 }] }));
    expect(plain).not.toBe(keyOf({ entries: [{ id: "a", at: 2 }] }));
    expect(plain).not.toBe(keyOf({ entries: [{ id: "a", at: 1 }] }, "/journal?page=2"));
    const when = new Date(1_700_000_000_000);
    const distinct = [{ v: when }, { v: when.toISOString() }, { v: undefined }, {}, { v: null }, { v: Number.NaN }, { v: Number.POSITIVE_INFINITY }].map(
      (data) => keyOf(data),
    );
    expect(new Set(distinct).size).toBe(distinct.length);
    // Data whose rendering it cannot vouch for is never memoised.
    expect(keyOf({ later: Promise.resolve(1) })).toBeNull();
    expect(keyOf({ seen: new Map() })).toBeNull();
  });

  it("is used only by pages that declare it, and never for an error", async () => {
    const credits = await visit("/credits", { cookie });
    expect(credits.status).toBe(200);
    expect(credits.headers.get(MEMO)).toBeNull();
    await credits.arrayBuffer();
    const missing = await visit("/collection/no-such-deck", { cookie });
    expect(missing.status).toBe(404);
    expect(missing.headers.get(MEMO)).toBeNull();
    await missing.arrayBuffer();
  });
});
