/**
 * The stored state of a browser test's app (its local database and media bucket), opened in the
 * test's own process for one use and closed again: sessions for seeded members, rows a test needs
 * that no page makes quickly, and what the bucket holds. Opening it here, rather than in a script
 * of its own, spares each use a Node process and a TypeScript compile (docs/decisions/0093).
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { startSession } from "../../app/auth/session.server";
import { createDatabase, type Database } from "../../app/db.server";
import { paidReadings, readingJournal, readingSessions } from "../../db/schema";
import { openLocalBindings, whileUnlocked, type LocalBindings } from "../../scripts/local-bindings";
import { projectRoot } from "../../scripts/wrangler-env.mjs";

/** Opens the state in `folder` (an app's `--persist-to`), hands it to `use`, and closes it whatever happens. */
async function withLocalState<T>(folder: string, use: (env: LocalBindings, db: Database) => Promise<T>): Promise<T> {
  // wrangler offline and quiet, its files inside the project, as scripts/wrangler-env.mjs has it for a process of its own.
  process.env.WRANGLER_SEND_METRICS = "false";
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
  process.env.XDG_CONFIG_HOME ??= path.join(projectRoot, ".xdg");
  process.env.WRANGLER_LOG ??= "error";
  const bindings = await openLocalBindings(folder);
  try {
    return await use(bindings.env, createDatabase(bindings.env.DB));
  } finally {
    await bindings.dispose();
  }
}

/**
 * Starts a session for each seeded member named (`{ name: userId }`) straight in the database, so
 * tests that are not about signing in do not spend the sign-in rate limits; returns `{ name: token }`.
 */
export function memberSessions(folder: string, wanted: Record<string, string>): Promise<Record<string, string>> {
  return withLocalState(folder, async (_, db) => {
    const tokens: Record<string, string> = {};
    for (const [name, userId] of Object.entries(wanted)) {
      // The app's own sign-in step; the request only tells it the local app is plain HTTP.
      const { token } = await whileUnlocked(() => startSession(db, new Request("http://localhost/"), userId, "member"));
      tokens[name] = token;
    }
    return tokens;
  });
}

/** The keys the media bucket holds under `prefix`, read from the stored state, not through the app. */
export function storedMediaKeys(folder: string, prefix: string): Promise<string[]> {
  return withLocalState(folder, async (env) => {
    const keys: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await env.MEDIA.list({ prefix, cursor });
      keys.push(...page.objects.map((object) => object.key));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    return keys;
  });
}

/** Puts a finished free reading into one person's journal; returns the entry's id. */
export function journalEntryFor(folder: string, userId: string): Promise<string> {
  return withLocalState(folder, async (_, db) => {
    const id = randomUUID();
    const at = Date.UTC(2026, 2, 12, 9, 30);
    // The running app holds the same database: a write it has locked for a moment is tried again.
    await whileUnlocked(() =>
      db.insert(readingJournal).values({
        id,
        userId,
        spreadId: "single",
        spreadName: "Single card",
        question: "What does the morning ask of me?",
        cards: [{ key: "major-17", name: "The Star", position: 0, positionName: "The answer", reversed: false }],
        createdAt: at,
        updatedAt: at,
      }),
    );
    return id;
  });
}

/** An ended paid reading between a client and a reader, kept in both journals as the room leaves it; returns the two entries' ids. */
export function paidReadingInJournals(folder: string, clientId: string, readerId: string, question: string): Promise<{ client: string; reader: string }> {
  return withLocalState(folder, async (_, db) => {
    const id = randomUUID();
    const now = Date.now();
    const entry = (userId: string) => ({
      id: randomUUID(),
      userId,
      sessionId: id,
      spreadId: "single",
      spreadName: "Single card",
      question,
      cards: [{ key: "major-17", name: "The Star", position: 0, positionName: "The answer", reversed: false }],
      createdAt: now,
      updatedAt: now,
    });
    const client = entry(clientId);
    const reader = entry(readerId);
    await whileUnlocked(() =>
      db.batch([
        db
          .insert(readingSessions)
          .values({ id, hostUserId: readerId, originalHostUserId: readerId, isActive: false, createdAt: now, updatedAt: now, lastActivityAt: now }),
        db.insert(paidReadings).values({
          id,
          requestId: randomUUID(),
          clientId,
          readerId,
          mode: "chat",
          pricePerMinuteCents: 100,
          freeMinutes: 0,
          status: "ended",
          minutesBilled: 4,
          chargedCents: 400,
          feePercent: 30,
          feeCents: 120,
          netCents: 280,
          createdAt: now,
          startedAt: now - 240_000,
          endedAt: now,
        }),
        db.insert(readingJournal).values([client, reader]),
      ]),
    );
    return { client: client.id, reader: reader.id };
  });
}
