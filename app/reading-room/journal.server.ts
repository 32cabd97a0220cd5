/**
 * The reading journal: every finished reading is kept for each person who sat at the table, with
 * their own notes, and can be shared as a read-only link. A paid reading's record is the client's
 * and the reader's alike: its link works only while both of them share it.
 */
import { and, eq, getTableColumns, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { readingJournal } from "../../db/schema";
import type { InterpretationBy } from "../ai/authorship";
import type { Database } from "../db.server";
import { newId, randomToken } from "../lib/crypto";
import { deleteMediaUnder } from "../media/media.server";
import { claimStatement, earlierOutcome, holdsClaim, settleStatements, type Outcome, type SubmissionRef } from "../outbox/submission-keys.server";
import { sendKey } from "../outbox/protocol";
import { sharePicturePrefix } from "../media/picture-style";
import { FULL_DECK } from "../tarot/cards";
import type { EntrySharing } from "./journal-sharing";
import { spreadOf, type RoomState } from "./state";

const CARD_NAMES = new Map(FULL_DECK.map((card) => [card.key, card.name]));

export const notesForm = lazySchema(() =>
  z.object({
    notes: z.string().max(5000, "Keep your notes under 5000 characters"),
    /** The count of saves the page showed; a page drawn before this field existed sends none. */
    revision: z.coerce.number().int().min(0).optional(),
    /** Which send of the page's form this is (decision 0127); a page without JavaScript sends none. */
    send: z.coerce.number().int().min(0).max(1_000_000).optional(),
  }),
);

/** The reading as the journal keeps it. */
export function journalContent(state: RoomState) {
  const spread = spreadOf(state);
  return {
    deckId: state.deckId,
    question: state.question || null,
    spreadId: state.spreadId,
    spreadName: spread?.name ?? state.spreadId,
    cards: [...state.table]
      .sort((a, b) => a.position - b.position)
      .map((card) => ({
        key: card.key,
        name: CARD_NAMES.get(card.key) ?? card.key,
        position: card.position,
        positionName: spread?.positions[card.position]?.name ?? `Card ${card.position + 1}`,
        reversed: card.reversed,
      })),
    interpretation: state.interpretation.text || null,
    // A copy of the positions: the entry reads the same after its spread is changed or deleted.
    layout: spread && !spread.freeLayout ? spread.positions.map(({ name, meaning, x, y, rotation }) => ({ name, meaning, x, y, rotation })) : null,
  };
}

/**
 * Keeps the finished reading in the journal of everyone at the table. Asking again in the same
 * reading updates each entry and keeps the notes written so far.
 */
export async function saveToJournals(db: Database, sessionId: string, state: RoomState, now = Date.now(), { evenWithoutCards = false } = {}) {
  const content = journalContent(state);
  const people = state.members.map((member) => member.id);
  // A free table with nothing drawn is no reading; a paid reading is kept whatever was on the table.
  if (people.length === 0 || (content.cards.length === 0 && !evenWithoutCards)) return;
  const upsert = (userId: string) =>
    db
      .insert(readingJournal)
      .values({ id: newId(), userId, sessionId, ...content, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [readingJournal.userId, readingJournal.sessionId], set: { ...content, updatedAt: now } });
  const [first, ...rest] = people;
  await db.batch([upsert(first!), ...rest.map(upsert)]);
}

/** Whether the client (`c`) or the reader (`r`) of the entry's paid reading shares their own entry of it. */
const agreed = (who: "client_id" | "reader_id") =>
  sql.raw(`EXISTS (SELECT 1 FROM reading_journal o WHERE o.session_id = p.id AND o.user_id = p.${who} AND o.share_id IS NOT NULL)`);

/**
 * True when the entry's link may work: it is not of a paid reading, or both the client and the
 * reader of that reading share their own entry of it (the first to share asks, the other agrees).
 */
export const linkAgreed = sql<boolean>`NOT EXISTS (SELECT 1 FROM paid_readings p WHERE p.id = ${readingJournal.sessionId} AND NOT (${agreed("client_id")} AND ${agreed("reader_id")}))`;

/** Where the person stands in the entry's paid reading: null when it was not one. */
const paidRole = sql<
  "client" | "reader" | "guest" | null
>`(SELECT CASE WHEN p.client_id = ${readingJournal.userId} THEN 'client' WHEN p.reader_id = ${readingJournal.userId} THEN 'reader' ELSE 'guest' END FROM paid_readings p WHERE p.id = ${readingJournal.sessionId})`;

/** Whether the other side of the entry's paid reading shares it (for a guest at it: both do). */
const otherAgreed = sql<boolean>`(SELECT CASE WHEN p.client_id = ${readingJournal.userId} THEN ${agreed("reader_id")} WHEN p.reader_id = ${readingJournal.userId} THEN ${agreed("client_id")} ELSE ${agreed("client_id")} AND ${agreed("reader_id")} END FROM paid_readings p WHERE p.id = ${readingJournal.sessionId})`;

/**
 * Who wrote the entry's interpretation: the reader when the entry is the client's copy of an answered
 * written reading (answerWritten keeps it under the private table's id), the AI at the table otherwise.
 */
export const interpretationBy = sql<InterpretationBy>`(CASE WHEN EXISTS (SELECT 1 FROM written_requests w WHERE w.room_id = ${readingJournal.sessionId} AND w.client_id = ${readingJournal.userId} AND w.status = 'answered') THEN 'reader' ELSE 'ai' END)`;

/** The person's entry, with where its sharing stands, in one query. */
export async function getJournalEntry(db: Database, userId: string, id: string) {
  const [row] = await db
    .select({ ...getTableColumns(readingJournal), paidRole, otherAgreed, interpretationBy })
    .from(readingJournal)
    .where(and(eq(readingJournal.id, id), eq(readingJournal.userId, userId)))
    .limit(1);
  if (!row) return null;
  const { paidRole: role, otherAgreed: agreedByOther, ...entry } = row;
  const sharing: EntrySharing = role ? { kind: "paid", role, asked: entry.shareId !== null, agreed: Boolean(agreedByOther) } : { kind: "own" };
  return { ...entry, sharing };
}

export const NOTES_SAVED = "Notes saved.";
export const NOTES_STALE = "These notes were changed since this page was opened, so this older text was not saved. Reload the reading to see them.";
/** The entry page's one form saves the notes with the tags and mood beside them. */
export const ENTRY_SAVED = "Your notes, tags and mood are saved.";
export const ENTRY_STALE = "This reading's notes were changed since this page was opened, so nothing here was saved. Reload the reading to see them.";

/** A send of the page's form that lands after a later send of the same page: the later words stay. */
export const NOTES_SUPERSEDED = "These notes were sent again from this page since, and the newer words are the ones saved.";

/**
 * What one save of an entry writes: the notes, and the tags and mood when the form carries them.
 * `send` numbers the sends of one drawn form (0, 1, 2…; decision 0127).
 */
export type EntryWords = { notes: string; revision?: number; send?: number; tags?: string[]; mood?: string | null };

/**
 * Saves the person's notes on an entry. `revision` is the count of saves the page showed: a save
 * against an older count (a note sent late from a phone's outbox) is refused rather than written
 * over newer notes, unless every save since was an earlier send of this same form (its key): then
 * this send builds on them. An earlier send of the form that lands after a later one writes
 * nothing (decision 0127). With a key, each send happens once and a repeat answers as the first
 * did (decision 0060): claim, write and outcome are one batch.
 */
export async function saveNotes(db: Database, userId: string, id: string, input: EntryWords, key: string | null): Promise<Outcome> {
  const withTags = input.tags !== undefined;
  const send = key ? (input.send ?? 0) : 0;
  const saved: Outcome = { status: 200, body: { ok: true, message: withTags ? ENTRY_SAVED : NOTES_SAVED } };
  const stale = withTags ? ENTRY_STALE : NOTES_STALE;
  const mine = and(eq(readingJournal.id, id), eq(readingJournal.userId, userId));
  const ownEarlierSend = key ? and(eq(readingJournal.notesForm, key), lt(readingJournal.notesFormSend, send)) : undefined;
  const based = input.revision === undefined ? undefined : or(eq(readingJournal.notesRevision, input.revision), ownEarlierSend);
  const current = and(mine, based);
  // One statement writes all of it: a stale page saves none of its fields, a current one all of them.
  const tagsAndMood = withTags ? { tags: input.tags, mood: input.mood ?? null } : {};
  const write = (claimHeld?: SQL) =>
    db
      .update(readingJournal)
      .set({
        notes: input.notes,
        ...tagsAndMood,
        notesRevision: sql`${readingJournal.notesRevision} + 1`,
        notesForm: key,
        notesFormSend: send,
        updatedAt: Date.now(),
      })
      .where(claimHeld ? and(current, claimHeld) : current)
      .returning({ id: readingJournal.id });
  /** Which form and send saved the notes last, and the notes; undefined when the entry is not this person's. */
  const lastSave = async () =>
    (
      await db
        .select({ form: readingJournal.notesForm, send: readingJournal.notesFormSend, notes: readingJournal.notes })
        .from(readingJournal)
        .where(mine)
        .limit(1)
    )[0];
  const refusal = async (): Promise<Outcome> => {
    const row = await lastSave();
    if (!row) return { status: 404, body: { ok: false, message: "Reading not found" } };
    if (key && row.form === key && row.send > send) return { status: 200, body: { ok: true, message: NOTES_SUPERSEDED } };
    return { status: 409, body: { ok: false, message: stale } };
  };
  if (!key) return (await write()).length === 1 ? saved : refusal();
  // The first send of a form claims its key as it always did; a later send claims a key of its own.
  const ref: SubmissionRef = { userId, key: sendKey(key, send), action: "journal-notes" };
  const claim = newId();
  const done = sql`exists (select 1 from ${readingJournal} where ${readingJournal.id} = ${id} and ${readingJournal.userId} = ${userId} and ${readingJournal.notesForm} = ${key} and ${readingJournal.notesFormSend} = ${send} and ${readingJournal.notes} = ${input.notes})`;
  const [claimed, updated] = await db.batch([
    claimStatement(db, ref, claim, Date.now()),
    write(holdsClaim(ref, claim)),
    ...settleStatements(db, ref, claim, saved, done),
  ]);
  if (claimed.length === 1) return updated.length === 1 ? saved : refusal();
  const earlier = await earlierOutcome(db, ref);
  if (earlier === null) return saveNotes(db, userId, id, input, key);
  if (earlier.kind === "conflict") return { status: 409, body: { ok: false, message: earlier.message } };
  // The entry page's form numbers every send once its script runs: one without a number was posted
  // without it, and sent again with its spent key only by the person, from the page the browser's
  // Back brought back (the outbox, which repeats a lost answer's request, needs the script). While
  // this form saved the notes last, other words are what they typed since: the form's next send,
  // saved rather than answered "saved" and dropped. The same words, or a post after another page
  // saved, answer as the first did (decision 0127).
  if (withTags && input.send === undefined && earlier.outcome.status === 200) {
    const row = await lastSave();
    if (row?.form === key && row.notes !== input.notes) return saveNotes(db, userId, id, { ...input, send: row.send + 1 }, key);
  }
  return earlier.outcome;
}

/**
 * Shares or stops sharing an entry; null when it is not this person's. A link that stops working
 * takes its preview pictures with it (a new share gets a new link): `picturesGone` settles when they
 * are deleted, so the caller can wait for it beside its next read.
 */
export async function setSharing(db: Database, bucket: R2Bucket, userId: string, id: string, shared: boolean) {
  const before = shared
    ? null
    : await db.query.readingJournal.findFirst({ columns: { shareId: true }, where: and(eq(readingJournal.id, id), eq(readingJournal.userId, userId)) });
  const rows = await db
    .update(readingJournal)
    .set({ shareId: shared ? sql`coalesce(${readingJournal.shareId}, ${randomToken(16)})` : null, updatedAt: Date.now() })
    .where(and(eq(readingJournal.id, id), eq(readingJournal.userId, userId)))
    .returning({ shareId: readingJournal.shareId });
  const row = rows[0];
  if (!row) return null;
  const picturesGone = before?.shareId ? deleteMediaUnder(bucket, sharePicturePrefix(`readings/${before.shareId}`)) : Promise.resolve();
  return { ...row, picturesGone };
}

/** A shared entry as anyone with the link sees it: the reading, never the notes; a paid reading's only once both its people share it. */
export async function getSharedReading(db: Database, shareId: string) {
  const [entry] = await db
    .select({
      deckId: readingJournal.deckId,
      question: readingJournal.question,
      spreadId: readingJournal.spreadId,
      spreadName: readingJournal.spreadName,
      layout: readingJournal.layout,
      cards: readingJournal.cards,
      interpretation: readingJournal.interpretation,
      interpretationBy,
      createdAt: readingJournal.createdAt,
    })
    .from(readingJournal)
    .where(and(eq(readingJournal.shareId, shareId.slice(0, 64)), linkAgreed))
    .limit(1);
  return entry ?? null;
}
