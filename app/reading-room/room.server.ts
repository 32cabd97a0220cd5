import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { and, eq, or } from "drizzle-orm";
import { readingSessions, sessionParticipants } from "../../db/schema";
import { displayName } from "../auth/display-name";
import { requireUser } from "../auth/guard.server";
import type { Database } from "../db.server";
import { getViewableDeck } from "../decks/queries.server";
import { newId } from "../lib/crypto";

/** A reading the user hosts or sits in; null for anyone else. */
async function findOwnReading(db: Database, sessionId: string, userId: string) {
  const [row] = await db
    .select({ id: readingSessions.id, createdAt: readingSessions.createdAt, hostUserId: readingSessions.hostUserId, step: readingSessions.readingStep })
    .from(readingSessions)
    .leftJoin(
      sessionParticipants,
      and(eq(sessionParticipants.sessionId, readingSessions.id), eq(sessionParticipants.userId, userId)),
    )
    .where(and(eq(readingSessions.id, sessionId), or(eq(readingSessions.hostUserId, userId), eq(sessionParticipants.userId, userId))))
    .limit(1);
  return row ?? null;
}

export async function loadReadingRoom({ request, params, context }: LoaderFunctionArgs) {
  const user = await context.currentUser();
  const sessionId = new URL(request.url).searchParams.get("session");
  let reading = null;
  if (sessionId) {
    const found = user ? await findOwnReading(context.db, sessionId.slice(0, 64), user.id) : null;
    if (!found) throw new Response("Reading not found", { status: 404 });
    reading = { id: found.id, createdAt: found.createdAt, isHost: found.hostUserId === user?.id };
  }
  const canStart = Boolean(user);
  if (!params.deckId) return { deck: null, reading, canStart };
  const deck = await getViewableDeck(context.db, params.deckId, user?.id ?? null);
  if (!deck) throw new Response("Deck not found", { status: 404 });
  return {
    deck: { id: deck.id, title: deck.title, creator: deck.creatorUsername, cards: deck.cards.slice(0, 5) },
    reading,
    canStart,
  };
}

/** Starts a reading hosted by the user (a guest too), with the host's seat, and opens it. */
export async function readingRoomAction({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const deckId = params.deckId ?? null;
  if (deckId && !(await getViewableDeck(context.db, deckId, user.id))) throw new Response("Deck not found", { status: 404 });
  const id = newId();
  const now = Date.now();
  await context.db.batch([
    context.db.insert(readingSessions).values({ id, hostUserId: user.id, originalHostUserId: user.id, deckId, createdAt: now, updatedAt: now, lastActivityAt: now }),
    context.db.insert(sessionParticipants).values({
      id: newId(),
      sessionId: id,
      userId: user.id,
      name: displayName(user),
      isHost: true,
      joinedAt: now,
      lastSeenAt: now,
    }),
  ]);
  const path = new URL(request.url).pathname;
  throw redirect(`${path}?session=${id}`);
}
