/**
 * Who holds a seat at a reading, as D1 mirrors it: the one seat rule, and the tables a person sits
 * at that hold a given deck. Depends on nothing but the tables, so the marketplace's ownership rules
 * can ask it what a reader at a table may see without reaching the rest of the room.
 */
import { and, eq, isNotNull, isNull, or } from "drizzle-orm";
import { decks, readingSessions, sessionParticipants } from "../../db/schema";
import type { Database } from "../db.server";
import { paidCopyExists } from "../marketplace/paid-copies.server";
import { FULL_DECK } from "../tarot/cards";

/**
 * The one rule for a seat that still opens its reading (page, socket, pictures, invites), as the
 * room's `mayJoin` has it: the host's always; anyone else's unless the host removed them or the
 * room is locked and they never came to the table. The room's Durable Object writes removals, the
 * lock and who has come to the table to D1 before anyone hears of them.
 * Needs `session_participants` joined with `reading_sessions`.
 */
export function seatStands() {
  return or(
    eq(sessionParticipants.userId, readingSessions.originalHostUserId),
    and(
      isNull(sessionParticipants.removedAt),
      or(eq(sessionParticipants.isHost, true), isNull(readingSessions.lockedAt), isNotNull(sessionParticipants.arrivedAt)),
    ),
  )!;
}

/**
 * The open readings where the person has a standing seat and whose table holds this deck, laid
 * there by the deck's owner or by a buyer of it: `seated` when there is one, and `revealed` the
 * cards turned over on those tables (as mirrored, which a reveal is before anyone hears of it).
 * A host may read with a private deck of theirs and everyone at that table sees its pictures while
 * it lasts; a priced deck shows them only what is turned over (ownership decides). A deck someone
 * else laid while it was public is not shown once its owner hides it.
 */
const laidByBuyer = paidCopyExists(readingSessions.deckId, readingSessions.deckLaidBy);

/** Card names as the mirror writes them, back to card keys. */
const CARD_KEYS = new Map(FULL_DECK.map((card) => [card.name, card.key]));

export async function tablesWithDeck(db: Database, userId: string, deckId: string): Promise<{ seated: boolean; revealed: Set<string> }> {
  const rows = await db
    .select({ turned: readingSessions.selectedCards })
    .from(sessionParticipants)
    .innerJoin(readingSessions, eq(readingSessions.id, sessionParticipants.sessionId))
    .innerJoin(decks, and(eq(decks.id, readingSessions.deckId), or(eq(decks.creatorId, readingSessions.deckLaidBy), laidByBuyer)))
    .where(and(eq(sessionParticipants.userId, userId), eq(readingSessions.deckId, deckId), eq(readingSessions.isActive, true), seatStands()));
  const revealed = new Set(rows.flatMap((row) => (row.turned ?? []).map((card) => CARD_KEYS.get(card.name)).filter((key): key is string => Boolean(key))));
  return { seated: rows.length > 0, revealed };
}
