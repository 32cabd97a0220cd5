import type { Database } from "../db.server";
import { hitRateLimit, type RateLimitRule } from "../security/rate-limit.server";

/** AI help a person may ask for (theme ideas, descriptions, questions, a reading room's interpretation): 30 per 10 minutes. */
export const AI_HELPER_LIMIT: RateLimitRule = { limit: 30, windowMs: 10 * 60 * 1000 };

export const AI_HELPER_BUSY_MESSAGE = "You have asked for many suggestions and interpretations in a short time. Try again in a few minutes.";

/** Counts one helper request for the user; false once they are over the limit. */
export async function allowAiHelper(db: Database, userId: string) {
  const { allowed } = await hitRateLimit(db, `ai-helper:${userId}`, AI_HELPER_LIMIT);
  return allowed;
}
