import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { AiService } from "../ai/ai.server";
import type { Database } from "../db.server";
import { acceptSuggestion, fallbackUsername, USERNAME_MAX } from "../lib/username";

async function isTaken(db: Database, username: string) {
  const row = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.username, username) });
  return Boolean(row);
}

/**
 * A free username for a new member: the AI's idea when it is valid, else the spec's fallback.
 * A taken name gets a number added; the unique index still has the last word on a race.
 */
export async function generateUsername(db: Database, ai: AiService, email: string, fullName?: string | null) {
  const suggested = acceptSuggestion(await ai.suggestUsername({ email, fullName }).catch(() => null));
  const base = suggested ?? fallbackUsername(email);
  if (!(await isTaken(db, base))) return base;
  for (let attempt = 0; attempt < 8; attempt++) {
    const suffix = String(Math.floor(Math.random() * 10_000));
    const candidate = `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
    if (!(await isTaken(db, candidate))) return candidate;
  }
  return `${base.slice(0, USERNAME_MAX - 8)}${crypto.randomUUID().slice(0, 8)}`;
}
