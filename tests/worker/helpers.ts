import { createExecutionContext, env } from "cloudflare:test";
import { startSession } from "../../app/auth/session.server";
import { eq } from "drizzle-orm";
import { createDatabase } from "../../app/db.server";
import { cards, decks } from "../../db/schema";
import { MAJOR_ARCANA } from "../../app/tarot/cards";
import { newId } from "../../app/lib/crypto";
import worker from "../../workers/app";
import { parseRoundTripBudget, ROUND_TRIPS_BUDGET_HEADER } from "../../app/lib/round-trips.server";

/**
 * The Worker's own fetch handler, called as the runtime calls it, with the test's bindings (real
 * local D1, R2 and Durable Objects) and an execution context of its own. Going through the test
 * pool's `SELF` instead imports the Worker's module afresh for every request and grows slower with
 * each one (a few milliseconds at first, hundreds after a thousand requests in one file), which made
 * the request-heavy files most of the suite's time.
 */
export const app = {
  async fetch(input: string | Request, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init) as Request<unknown, IncomingRequestCfProperties>;
    const response = await worker.fetch(request, env as unknown as Env, createExecutionContext());
    holdToRoundTripBudget(request, response);
    return response;
  },
};

/** The largest count seen for each route's loader or action in this file: `kind routeId` → sequential. */
export const roundTripsSeen = new Map<string, { sequential: number; budget: number }>();

/**
 * Every request a test makes through the Worker is held to the round-trip budget of the route that
 * answered it (decision 0025): the Worker counts its sequential waits on D1, R2 and Durable Objects
 * and names the route and its budget. A request over its budget fails the test that made it.
 */
function holdToRoundTripBudget(request: Request, response: Response) {
  const budget = parseRoundTripBudget(response.headers.get(ROUND_TRIPS_BUDGET_HEADER));
  if (!budget) return;
  const key = `${budget.kind} ${budget.routeId}`;
  const seen = roundTripsSeen.get(key);
  if (!seen || seen.sequential < budget.sequential) roundTripsSeen.set(key, { sequential: budget.sequential, budget: budget.budget });
  if (budget.sequential > budget.budget) {
    const path = new URL(request.url).pathname;
    throw new Error(
      `${request.method} ${path} waited on ${budget.sequential} round trips in a row; the ${budget.kind} of ${budget.routeId} allows ${budget.budget}`,
    );
  }
}

export const ORIGIN = "http://localhost";

/** What Cloudflare tells the Worker of a request's connection (`request.cf`), as much as a test needs. */
export type RequestCf = { timezone?: string };

export function get(path: string, init: { cookie?: string; headers?: Record<string, string>; cf?: RequestCf } = {}) {
  return app.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    ...(init.cf ? { cf: init.cf } : {}),
    headers: { ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers },
  });
}

export function post(
  path: string,
  form: Record<string, string>,
  init: { cookie?: string; origin?: string | null; headers?: Record<string, string>; cf?: RequestCf } = {},
) {
  const origin = init.origin === undefined ? ORIGIN : init.origin;
  return app.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    ...(init.cf ? { cf: init.cf } : {}),
    body: new URLSearchParams(form),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      host: "localhost",
      ...(origin ? { origin } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
  });
}

/** The `name=value` part of a Set-Cookie header, ready to send back. */
export function cookieFrom(response: Response, name: string): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!header) throw new Error(`no ${name} cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return header.split(";")[0]!;
}

/** Starts a member session for a seeded user straight in the database and returns its cookie. */
export async function signInAs(userId: string): Promise<string> {
  const { token } = await startSession(createDatabase(env.DB), new Request(ORIGIN), userId, "member");
  return `arcanum_session=${token}`;
}

/** A browser-like page visit: a document request from a person's browser. */
export function visit(path: string, init: { cookie?: string; headers?: Record<string, string>; cf?: RequestCf } = {}) {
  return get(path, {
    cookie: init.cookie,
    cf: init.cf,
    headers: {
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
      accept: "text/html,application/xhtml+xml",
      "sec-fetch-dest": "document",
      "sec-fetch-mode": "navigate",
      ...init.headers,
    },
  });
}

/** Keeps cookies across requests like a browser does (name=value only; deletions honoured). */
export class CookieJar {
  private cookies = new Map<string, string>();

  take(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(name: string) {
    return this.cookies.get(name);
  }

  names() {
    return [...this.cookies.keys()];
  }

  set(name: string, value: string) {
    this.cookies.set(name, value);
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export const hasMainLayout = (html: string) => html.includes('aria-label="Main"') && html.includes("<footer");

/** Waits until a deck's generation has settled (ready or failed) and returns its row. */
export async function waitForDeck(deckId: string, timeoutMs = 30_000) {
  const db = createDatabase(env.DB);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const deck = await db.query.decks.findFirst({ where: eq(decks.id, deckId) });
    if (deck && deck.status !== "generating") return deck;
    if (Date.now() > deadline) throw new Error(`deck ${deckId} still generating`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The width and height a PNG's header gives; throws for anything that is not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((byte, i) => bytes[i] === byte)) throw new Error("not a PNG");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** A finished deck of one card (The Fool, its picture stored under the usual key) owned by `creatorId`, ready to be listed; returns its id. */
export async function oneCardDeck(creatorId: string, title: string): Promise<string> {
  const db = createDatabase(env.DB);
  const deckId = newId();
  await db.insert(decks).values({ id: deckId, creatorId, title, theme: "Lanterns", status: "ready" });
  await db.insert(cards).values({
    id: newId(),
    deckId,
    cardKey: "major-00",
    name: "The Fool",
    arcana: "major",
    number: 0,
    status: "ready",
    imageKey: `card-images/${deckId}/major_00.svg`,
  });
  return deckId;
}

/** A ready deck of `count` painted Major Arcana cards, The Fool first; priced and public when `priceCents` is given. */
export async function lanternDeck(creatorId: string, count: number, priceCents: number | null = null) {
  const deckId = newId();
  await createDatabase(env.DB)
    .insert(decks)
    .values({ id: deckId, creatorId, title: "Lantern Study", theme: "Lanterns", status: "ready", isPublic: priceCents !== null, priceCents });
  await createDatabase(env.DB)
    .insert(cards)
    .values(
      MAJOR_ARCANA.slice(0, count).map((card) => ({
        id: newId(),
        deckId,
        cardKey: card.key,
        name: card.name,
        arcana: "major" as const,
        number: card.number,
        status: "ready" as const,
        description: `${card.name}, lit by a paper lantern.`,
        imageKey: `card-images/${deckId}/${card.key}.svg`,
      })),
    );
  return deckId;
}
