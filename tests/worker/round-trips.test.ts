/**
 * The round-trip budget of members' pages: each page, as a signed-in member sees it, may wait on
 * D1 and R2 at most its route's `handle.roundTrips` times in a row (2 when the route says nothing). The Worker counts them in test runs (app/lib/round-trips.server.ts) and says
 * "sequential of total" in a header. The counts are printed, so a change that adds a wait shows.
 */
import { env } from "cloudflare:test";
import * as build from "remix-build";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { countedD1, distantD1, newRoundTrips, ROUND_TRIPS_HEADER } from "../../app/lib/round-trips.server";
import { users } from "../../db/schema";
import { eq } from "drizzle-orm";
import { signInAs, visit } from "./helpers";

const DEFAULT_BUDGET = 2;
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
  { route: "routes/_main.journal._index", path: () => "/journal" },
  { route: "routes/_main.pricing", path: () => "/pricing" },
  { route: "routes/_main.profile", path: () => "/profile" },
  { route: "routes/_main.sales", path: () => "/sales" },
  { route: "routes/_main.subscription._index", path: () => "/subscription" },
  { route: "routes/_main.create-deck", path: () => "/create-deck" },
  { route: "routes/_main.readers._index", path: () => "/readers" },
  { route: "routes/_main.readers.$username", path: () => `/readers/${readerName}` },
  { route: "routes/_main.become-reader", path: () => "/become-reader" },
  { route: "routes/reading-room.($deckId)", path: () => `/reading-room/${OWN_DECK}` },
];

function budgetOf(routeId: string): number {
  const route = (build.routes as Record<string, { module: { handle?: { roundTrips?: number } } } | undefined>)[routeId];
  if (!route) throw new Error(`${routeId} is not a route of the build`);
  return route.module.handle?.roundTrips ?? DEFAULT_BUDGET;
}

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
      const budget = budgetOf(page.route);
      rows.push(`${path.padEnd(64)} ${String(sequential).padStart(2)} in a row, ${String(total).padStart(2)} in all (budget ${budget})`);
      if (sequential > budget) over.push(`${path}: ${sequential} > ${budget}`);
    }
    console.log(`Round trips of a member's pages:\n  ${rows.join("\n  ")}`);
    expect(over).toEqual([]);
  });

  it("counts a page's waits, not the calls that travel together", async () => {
    // The collection's deck page reads the deck, its listing, credits and buyers at once: many calls, two waits.
    const response = await visit(`/collection/${OWN_DECK}`, { cookie });
    await response.arrayBuffer();
    const [sequential, total] = response.headers.get(ROUND_TRIPS_HEADER)!.split(" of ").map(Number) as [number, number];
    expect(sequential).toBeGreaterThanOrEqual(1);
    expect(total).toBeGreaterThan(sequential);
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
