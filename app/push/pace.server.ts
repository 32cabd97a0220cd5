// Whether a push may go to a person now: the one place every push passes, so that no kind can be
// used to ring someone at will (decision 0089). Each kind has a number a person may receive in a
// window, and where a push has a sender (a client asking a reader, a reader coming online), a
// number from that sender; the counts live in `rate_limits`, one upsert per person and rule.
import type { Database } from "../db.server";
import { rateLimitStatement, rateLimitVerdict, type RateLimitRule } from "../security/rate-limit.server";
import type { PushKind } from "./messages";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export type PushPace = { perRecipient: RateLimitRule; perSender?: RateLimitRule };

/** How many pushes of each kind a person may receive in a window, in all and from one sender. */
export const PUSH_PACE: Record<PushKind, PushPace> = {
  // The asking itself is paced (paid-readings/rules.ts); this holds whatever way a request is made.
  "reading-request": { perRecipient: { limit: 30, windowMs: HOUR_MS }, perSender: { limit: 6, windowMs: HOUR_MS } },
  // The follow's own gap is three hours (notify.server.ts); a person follows many readers.
  "reader-online": { perRecipient: { limit: 10, windowMs: HOUR_MS }, perSender: { limit: 1, windowMs: 3 * HOUR_MS } },
  "deck-ready": { perRecipient: { limit: 20, windowMs: HOUR_MS } },
  sale: { perRecipient: { limit: 20, windowMs: HOUR_MS } },
  "daily-card": { perRecipient: { limit: 2, windowMs: 20 * HOUR_MS } },
  booking: { perRecipient: { limit: 6, windowMs: HOUR_MS } },
  // Sending is paced too (messages/rules.ts); this holds a person's phone to a few rings an hour from one writer.
  message: { perRecipient: { limit: 30, windowMs: HOUR_MS }, perSender: { limit: 10, windowMs: HOUR_MS } },
  // The follow's own gap is a day per creator (notify.server.ts); a person follows many creators.
  "new-deck": { perRecipient: { limit: 10, windowMs: HOUR_MS }, perSender: { limit: 1, windowMs: 20 * HOUR_MS } },
  // Each wished deck tells a person at most once a day (notify.server.ts); a wishlist holds many decks.
  "wished-deck": { perRecipient: { limit: 10, windowMs: HOUR_MS } },
};

/** One batch of counting statements, in slices that keep a batch small; whether each hit is within its rule. */
async function hits(db: Database, keys: string[], rule: RateLimitRule, now: number): Promise<boolean[]> {
  const allowed: boolean[] = [];
  for (let i = 0; i < keys.length; i += 50) {
    const [first, ...rest] = keys.slice(i, i + 50).map((key) => rateLimitStatement(db, key, rule, now));
    const results = await db.batch([first!, ...rest]);
    for (const [row] of results) allowed.push(rateLimitVerdict(row, rule, now).allowed);
  }
  return allowed;
}

/**
 * Of `recipients`, those a push of `kind` from `sender` may reach now; each is counted. A push its
 * sender may no longer send is not counted against the person, so one sender cannot use up what
 * a person may receive from everyone.
 */
export async function mayPushTo(db: Database, kind: PushKind, recipients: string[], sender: string | null, now = Date.now()): Promise<Set<string>> {
  const pace = PUSH_PACE[kind];
  let candidates = [...new Set(recipients)];
  if (candidates.length === 0) return new Set();
  if (pace.perSender && sender !== null) {
    const fromSender = await hits(
      db,
      candidates.map((id) => `push:${kind}:${id}:${sender}`),
      pace.perSender,
      now,
    );
    candidates = candidates.filter((_, i) => fromSender[i]);
  }
  if (candidates.length === 0) return new Set();
  const inAll = await hits(
    db,
    candidates.map((id) => `push:${kind}:${id}`),
    pace.perRecipient,
    now,
  );
  return new Set(candidates.filter((_, i) => inAll[i]));
}
