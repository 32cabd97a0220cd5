/**
 * The reading room's ties to D1: who may enter a reading, what it starts with, and the mirror of
 * its state kept for listings and history. The room's Durable Object holds the truth.
 */
import { and, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { cards, deckListings, decks, paidReadings, readingJournal, readingRequests, readingSessions, sessionParticipants, users } from "../../db/schema";
import { hiddenByStaff, mayUseWholeDeck, publicCards } from "../marketplace/ownership.server";
import { paidCopyExists } from "../marketplace/paid-copies.server";
import { cardImageUrl } from "../decks/images";
import { deckBackOf, deckBackUrl } from "../decks/card-back";
import { personName } from "../auth/display-name";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { FULL_DECK } from "../tarot/cards";
import { levelById } from "../readers/levels";
import { seatStands } from "./seats.server";
import { spreadById } from "./spreads";
import { spreadOf, type LaidCards, type NewMember, type Role, type RoomState } from "./state";
import { keptSpread } from "./custom-spreads";
import { laidCustomSpread } from "./custom-spreads.server";

/** Set by the Worker's gate on a socket request: the verified person, as JSON. */
export const ROOM_MEMBER_HEADER = "x-arcanum-room-member";

export type RoomMemberClaim = NewMember;

const CARD_NAMES = new Map(FULL_DECK.map((card) => [card.key, card.name]));

/** The classic deck a reading uses when it names none: all 78 cards. */
export const CLASSIC_DECK_KEYS = FULL_DECK.map((card) => card.key);

/** A deck's painted card keys in tarot order, or the classic deck. */
export async function deckCardKeys(db: Database, deckId: string | null): Promise<string[]> {
  if (!deckId) return CLASSIC_DECK_KEYS;
  const rows = await db
    .select({ key: cards.cardKey })
    .from(cards)
    .where(and(eq(cards.deckId, deckId), eq(cards.status, "ready")));
  const have = new Set(rows.map((row) => row.key));
  return CLASSIC_DECK_KEYS.filter((key) => have.has(key));
}

/** What a new room starts from: its host and deck, from the reading's row. */
export async function loadRoomSeed(db: Database, sessionId: string) {
  const [row] = await db
    .select({
      hostUserId: readingSessions.originalHostUserId,
      currentHost: readingSessions.hostUserId,
      deckId: readingSessions.deckId,
      deckLaidBy: readingSessions.deckLaidBy,
      spreadId: readingSessions.selectedLayout,
    })
    .from(readingSessions)
    .where(eq(readingSessions.id, sessionId))
    .limit(1);
  if (!row) return null;
  const hostId = row.hostUserId ?? row.currentHost;
  const [seat] = await db
    .select({ name: sessionParticipants.name })
    .from(sessionParticipants)
    .where(and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.userId, hostId)))
    .limit(1);
  const host: NewMember = { id: hostId, name: seat?.name ?? "Host", avatarUrl: null, role: "host" };
  // A reading opened for practice starts with the spread its lesson names; one opened from a spread's link, with that spread.
  const [cards, customSpread] = await Promise.all([deckCardKeys(db, row.deckId), laidCustomSpread(db, row.spreadId ?? "")]);
  return { host, deckId: row.deckId, deckLaidBy: row.deckLaidBy, spreadId: spreadById(row.spreadId ?? "")?.id ?? null, customSpread, cards };
}

/**
 * What a paid reading's table opens with when its request named one of the client's journal entries
 * (a live second opinion, decision 0104): the entry's spread and cards, its question and AI
 * interpretation as the client chose, and its deck when the client may still read with it (laid by
 * them, so everyone at the table sees its pictures), else the classic deck. Null for any other room.
 */
export async function laidForRoom(db: Database, sessionId: string) {
  const [row] = await db
    .select({
      clientId: paidReadings.clientId,
      deckId: readingJournal.deckId,
      spreadId: readingJournal.spreadId,
      spreadName: readingJournal.spreadName,
      layout: readingJournal.layout,
      cards: readingJournal.cards,
      question: sql<string | null>`CASE WHEN ${readingRequests.shareQuestion} = 1 THEN ${readingJournal.question} END`,
      interpretation: sql<string | null>`CASE WHEN ${readingRequests.shareInterpretation} = 1 THEN ${readingJournal.interpretation} END`,
    })
    .from(paidReadings)
    .innerJoin(readingRequests, eq(readingRequests.id, paidReadings.requestId))
    .innerJoin(readingJournal, and(eq(readingJournal.id, readingRequests.journalEntryId), eq(readingJournal.userId, paidReadings.clientId)))
    .where(eq(paidReadings.id, sessionId))
    .limit(1);
  if (!row) return null;
  const deckCards = row.deckId ? await deckForReading(db, row.deckId, row.clientId) : null;
  const builtIn = spreadById(row.spreadId);
  const laid: LaidCards = {
    cards: row.cards.map(({ key, position, reversed }) => ({ key, position, reversed })),
    question: row.question,
    interpretation: row.interpretation,
  };
  return {
    laid,
    deck: deckCards ? { deckId: row.deckId, cards: deckCards, laidBy: row.clientId } : null,
    spreadId: builtIn?.id ?? null,
    // A spread of the client's own reads as the entry kept it, even once changed or deleted.
    customSpread: !builtIn && row.layout && row.layout.length > 0 ? keptSpread(row.spreadId, row.spreadName, row.layout) : null,
  };
}

/**
 * The person a socket belongs to, when they hold a seat in the reading (the host, or someone who
 * joined through an invite); null otherwise.
 */
export async function roomMemberFor(db: Database, sessionId: string, user: CurrentUser): Promise<RoomMemberClaim | null> {
  const [row] = await db
    .select({
      active: readingSessions.isActive,
      hostId: readingSessions.originalHostUserId,
      isHost: sessionParticipants.isHost,
      role: sessionParticipants.role,
      levelId: users.levelId,
    })
    .from(readingSessions)
    .innerJoin(sessionParticipants, and(eq(sessionParticipants.sessionId, readingSessions.id), eq(sessionParticipants.userId, user.id)))
    .innerJoin(users, eq(users.id, sessionParticipants.userId))
    .where(and(eq(readingSessions.id, sessionId), seatStands()))
    .limit(1);
  if (!row || !row.active) return null;
  const role: Role = row.isHost || row.hostId === user.id ? "host" : row.role === "host" ? "participant" : row.role;
  return { id: user.id, name: personName(user), avatarUrl: user.avatarUrl, role, readerLevel: user.isReader ? levelById(row.levelId).name : null };
}

/** The drawn cards as the interpreter reads them: name, position name, orientation. */
export function readingCards(state: RoomState) {
  const spread = spreadOf(state);
  return [...state.table]
    .sort((a, b) => a.position - b.position)
    .map((card) => ({
      name: CARD_NAMES.get(card.key) ?? card.key,
      position: spread?.positions[card.position]?.name ?? `Card ${card.position + 1}`,
      reversed: card.reversed,
    }));
}

/**
 * Copies the room's state to its D1 row, for listings, history and the page without JavaScript;
 * with it the lock and the removals, which `seatStands` reads. `deckLaidBy` is who laid the deck on
 * the table (undefined: unchanged).
 */
export async function mirrorRoom(db: Database, sessionId: string, state: RoomState, deckLaidBy?: string | null, written?: MirroredSeats) {
  const now = Date.now();
  const seen = new Map(state.members.map((member) => [member.id, member.lastSeenAt]));
  // A seat whose row already holds what it would be written with is left alone: a change to the table rewrites one row, not one per person.
  const seats = new Map(state.members.map((member) => [member.id, seatLine(member)]));
  const members = state.members.filter((member) => written?.get(member.id) !== seats.get(member.id));
  const removedLine = state.removed.join(",");
  const removedChanged = written?.get(REMOVED_LINE) !== removedLine;
  // D1 takes at most 100 bound values a statement.
  const removed = !removedChanged ? [] : Array.from({ length: Math.ceil(state.removed.length / 90) }, (_, i) => state.removed.slice(i * 90, i * 90 + 90));
  await db.batch([
    db
      .update(readingSessions)
      .set({
        hostUserId: state.controllerId,
        deckId: state.deckId,
        ...(deckLaidBy === undefined ? {} : { deckLaidBy }),
        lockedAt: state.locked ? sql`coalesce(${readingSessions.lockedAt}, ${state.lastActivityAt})` : null,
        readingStep: state.step,
        shuffledDeck: state.pile,
        selectedLayout: state.spreadId,
        question: state.question || null,
        // The ended reading's page lists these to everyone who sat there: a card never turned over stays unnamed.
        selectedCards: state.table
          .filter((card) => card.revealed)
          .sort((a, b) => a.position - b.position)
          .map((card) => ({ name: CARD_NAMES.get(card.key) ?? card.key, position: card.position, isReversed: card.reversed })),
        interpretation: state.interpretation.text || null,
        zoomLevel: state.view.zoom,
        lastActivityAt: state.lastActivityAt,
        updatedAt: now,
      })
      .where(eq(readingSessions.id, sessionId)),
    ...members.map((member) =>
      db
        .update(sessionParticipants)
        .set({
          isActive: member.connections > 0,
          lastSeenAt: seen.get(member.id) ?? now,
          name: member.name,
          arrivedAt: sql`coalesce(${sessionParticipants.arrivedAt}, ${member.lastSeenAt})`,
        })
        .where(and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.userId, member.id))),
    ),
    ...removed.map((ids) =>
      db
        .update(sessionParticipants)
        .set({ isActive: false, removedAt: sql`coalesce(${sessionParticipants.removedAt}, ${now})` })
        .where(and(eq(sessionParticipants.sessionId, sessionId), inArray(sessionParticipants.userId, ids))),
    ),
  ]);
  if (!written) return;
  for (const member of members) written.set(member.id, seats.get(member.id)!);
  if (removedChanged) written.set(REMOVED_LINE, removedLine);
}

/**
 * What the room last wrote to its seats' rows, by member id (and the removed list under its own
 * key): kept by the room between mirrors, so only what changed is written again.
 */
export type MirroredSeats = Map<string, string>;
const REMOVED_LINE = "\u0000removed";
const seatLine = (member: RoomState["members"][number]) => JSON.stringify([member.connections > 0, member.lastSeenAt, member.name]);

/** Marks a reading and its seats closed; its URL then says the reading has ended. */
export async function closeRoom(db: Database, sessionId: string, now: number) {
  await db.batch([
    db.update(readingSessions).set({ isActive: false, updatedAt: now }).where(eq(readingSessions.id, sessionId)),
    db.update(sessionParticipants).set({ isActive: false }).where(eq(sessionParticipants.sessionId, sessionId)),
  ]);
}

/**
 * The cards of a deck someone may read with: their own or a public one, with painted cards; the
 * classic deck for null. Null when the deck is not theirs to use.
 */
export async function deckForReading(db: Database, deckId: string | null, userId: string): Promise<string[] | null> {
  if (!deckId) return CLASSIC_DECK_KEYS;
  const [deck] = await db
    .select({ id: decks.id })
    .from(decks)
    .where(and(eq(decks.id, deckId), eq(decks.status, "ready")))
    .limit(1);
  if (!deck || !(await mayUseWholeDeck(db, deckId, userId))) return null;
  const keys = await deckCardKeys(db, deckId);
  return keys.length > 0 ? keys : null;
}

/** How many public decks of other people the table offers, newest first; one's own and bought decks are all offered. */
export const PUBLIC_DECKS_AT_TABLE = 40;

/** A deck the table may switch to, with the picture its tile shows and its painted back. */
export type TableDeck = {
  id: string;
  title: string;
  own: boolean;
  bought: boolean;
  /** Painted cards, as many as the pile will hold. */
  cards: number;
  /** The cover when the person may see it, else the first card anyone may see; null for none. */
  coverUrl: string | null;
  backUrl: string;
};

/**
 * Decks the person may switch the table to: every finished deck of their own or bought, then the
 * newest public decks of other people whose every card is open (a deck listed for a price is laid by
 * its owner or a buyer only). A tile shows only a picture this person may see (ownership's rule).
 */
export async function decksForTable(db: Database, userId: string): Promise<TableDeck[]> {
  const bought = sql<number>`${paidCopyExists(decks.id, userId)}`;
  const priced = sql`exists (select 1 from ${deckListings} where ${deckListings.deckId} = ${decks.id} and ${deckListings.priceCents} > 0)`;
  const cover = alias(cards, "cover");
  const columns = {
    id: decks.id,
    title: decks.title,
    theme: decks.theme,
    artStyle: decks.artStyle,
    cardBack: decks.cardBack,
    backImageKey: decks.backImageKey,
    updatedAt: decks.updatedAt,
    isPublic: decks.isPublic,
    own: eq(decks.creatorId, userId),
    bought,
    cards: sql<number>`(select count(*) from ${cards} where ${cards.deckId} = ${decks.id} and ${cards.status} = 'ready')`,
    coverKey: cover.cardKey,
    coverImageKey: cover.imageKey,
    coverUpdatedAt: cover.updatedAt,
  };
  const ready = eq(decks.status, "ready");
  const [held, open] = await Promise.all([
    db
      .select(columns)
      .from(decks)
      .leftJoin(cover, eq(cover.id, decks.coverCardId))
      .where(and(ready, or(eq(decks.creatorId, userId), bought)))
      .orderBy(desc(decks.createdAt)),
    db
      .select(columns)
      .from(decks)
      .leftJoin(cover, eq(cover.id, decks.coverCardId))
      .where(and(ready, ne(decks.creatorId, userId), sql`not ${bought}`, eq(decks.isPublic, true), sql`not ${priced}`, sql`not ${hiddenByStaff(decks.id)}`))
      .orderBy(desc(decks.createdAt))
      .limit(PUBLIC_DECKS_AT_TABLE),
  ]);
  // Someone else's deck shows its cover only where anyone may see it, else its first open card.
  const listings =
    open.length > 0
      ? await db
          .select()
          .from(deckListings)
          .where(
            inArray(
              deckListings.deckId,
              open.map((deck) => deck.id),
            ),
          )
      : [];
  const listingOf = new Map(listings.map((listing) => [listing.deckId, listing]));
  const faces = new Map<string, string | null>();
  const standIns: { deckId: string; key: string }[] = [];
  for (const deck of open) {
    const seen = publicCards(deck, listingOf.get(deck.id));
    if (seen === "all" || (deck.coverKey !== null && seen.has(deck.coverKey))) continue;
    faces.set(deck.id, null);
    const first = CLASSIC_DECK_KEYS.find((key) => seen.has(key));
    if (first) standIns.push({ deckId: deck.id, key: first });
  }
  if (standIns.length > 0) {
    const rows = await db
      .select({ deckId: cards.deckId, key: cards.cardKey, imageKey: cards.imageKey, updatedAt: cards.updatedAt })
      .from(cards)
      .where(
        and(
          inArray(
            cards.deckId,
            standIns.map((s) => s.deckId),
          ),
          eq(cards.status, "ready"),
        ),
      );
    for (const { deckId, key } of standIns) {
      const row = rows.find((r) => r.deckId === deckId && r.key === key);
      if (row) faces.set(deckId, cardImageUrl(row.imageKey, row.updatedAt));
    }
  }
  return [...held, ...open]
    .filter((deck) => deck.cards > 0)
    .map((deck) => ({
      id: deck.id,
      title: deck.title,
      own: Boolean(deck.own),
      bought: Boolean(deck.bought) && !deck.own,
      cards: Number(deck.cards),
      coverUrl: faces.has(deck.id) ? faces.get(deck.id)! : cardImageUrl(deck.coverImageKey, deck.coverUpdatedAt ?? 0),
      backUrl: deckBackUrl(deck, deckBackOf(deck)),
    }));
}

/** The title of the deck on the table, for the person leading with a deck someone else laid. */
export async function deckTitleOf(db: Database, deckId: string | null): Promise<string | null> {
  if (!deckId) return null;
  const [row] = await db.select({ title: decks.title }).from(decks).where(eq(decks.id, deckId)).limit(1);
  return row?.title ?? null;
}

/** The theme of the deck on the table, for the interpretation to speak of its world; null for the classic deck. */
export async function deckThemeOf(db: Database, deckId: string | null): Promise<string | null> {
  if (!deckId) return null;
  const [row] = await db.select({ theme: decks.theme }).from(decks).where(eq(decks.id, deckId)).limit(1);
  return row?.theme ?? null;
}
