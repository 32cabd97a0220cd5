/**
 * The journal taken away and brought back: the whole journal as JSON (which imports again) and as
 * CSV (for a spreadsheet). Importing is idempotent: an entry already in the journal, or imported
 * before, is not added twice.
 */
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { decks, readingJournal } from "../../db/schema";
import type { Database } from "../db.server";
import { sha256Hex } from "../lib/crypto";
import { FULL_DECK } from "../tarot/cards";
import { MAX_PHYSICAL_DECK_NAME } from "./physical-log";
import { JOURNAL_MOODS, MAX_TAG_LENGTH, MAX_TAGS } from "./practice";

export const EXPORT_FORMAT = "arcanum-journal";
export const EXPORT_VERSION = 1;
export { IMPORT_MAX_BYTES } from "./practice";
export const IMPORT_MAX_ENTRIES = 5_000;

const CARD_KEYS = new Set(FULL_DECK.map((card) => card.key));

const exportedCard = lazySchema(() =>
  z.object({
    key: z.string().refine((key) => CARD_KEYS.has(key), "an unknown card"),
    name: z.string().max(80),
    position: z.number().int().min(0).max(100),
    positionName: z.string().max(120),
    reversed: z.boolean(),
  }),
);

const exportedEntry = lazySchema(() =>
  z.object({
    id: z.string().min(1).max(64),
    createdAt: z.number().int().min(0).max(8_640_000_000_000),
    question: z.string().max(2_000).nullable(),
    spreadId: z.string().min(1).max(64),
    spreadName: z.string().min(1).max(120),
    deckId: z.string().max(64).nullable(),
    cards: z.array(exportedCard).max(100),
    interpretation: z.string().max(20_000).nullable(),
    notes: z.string().max(5_000),
    tags: z.array(z.string().min(1).max(MAX_TAG_LENGTH)).max(MAX_TAGS).default([]),
    mood: z.enum(JOURNAL_MOODS).nullable().default(null),
    /** The physical deck's name, for a reading logged by hand (absent from files written before it existed). */
    physicalDeck: z.string().trim().min(1).max(MAX_PHYSICAL_DECK_NAME).nullable().default(null),
  }),
);
export type ExportedEntry = z.infer<typeof exportedEntry>;

const exportFile = lazySchema(() =>
  z.object({
    format: z.literal(EXPORT_FORMAT, { message: "This is not an Arcanum journal file." }),
    version: z.literal(EXPORT_VERSION, { message: "This journal file comes from a newer Arcanum; it cannot be read here." }),
    entries: z.array(exportedEntry).max(IMPORT_MAX_ENTRIES, `A file may hold at most ${IMPORT_MAX_ENTRIES} readings.`),
  }),
);

/** Every entry of the person's journal, oldest first, as the export holds it. */
export async function exportEntries(db: Database, userId: string): Promise<ExportedEntry[]> {
  const rows = await db
    .select({
      id: readingJournal.id,
      createdAt: readingJournal.createdAt,
      question: readingJournal.question,
      spreadId: readingJournal.spreadId,
      spreadName: readingJournal.spreadName,
      deckId: readingJournal.deckId,
      cards: readingJournal.cards,
      interpretation: readingJournal.interpretation,
      notes: readingJournal.notes,
      tags: readingJournal.tags,
      mood: readingJournal.mood,
      physicalDeck: readingJournal.physicalDeck,
    })
    .from(readingJournal)
    .where(eq(readingJournal.userId, userId))
    .orderBy(readingJournal.createdAt);
  return rows.map((row) => ({ ...row, mood: (JOURNAL_MOODS as readonly string[]).includes(row.mood ?? "") ? (row.mood as ExportedEntry["mood"]) : null }));
}

export function exportJson(entries: ExportedEntry[], now = Date.now()): string {
  return JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: new Date(now).toISOString(), entries }, null, 2);
}

/** A CSV cell: quoted, and a leading =, +, - or @ defused so a spreadsheet never runs it as a formula. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const CSV_COLUMNS = ["date", "question", "spread", "deck", "cards", "tags", "mood", "notes", "interpretation"] as const;

/** The journal as CSV, one reading a row; `deckTitles` names the decks by id. */
export function exportCsv(entries: ExportedEntry[], deckTitles: Map<string, string>): string {
  const rows = entries.map((entry) =>
    [
      new Date(entry.createdAt).toISOString(),
      entry.question ?? "",
      entry.spreadName,
      entry.physicalDeck ?? (entry.deckId ? (deckTitles.get(entry.deckId) ?? "") : "Classic deck"),
      entry.cards.map((card) => `${card.positionName}: ${card.name}${card.reversed ? " (reversed)" : ""}`).join("; "),
      entry.tags.join(", "),
      entry.mood ?? "",
      entry.notes,
      entry.interpretation ?? "",
    ]
      .map(cell)
      .join(","),
  );
  // A byte-order mark, so spreadsheets read the file as UTF-8.
  return `\uFEFF${[CSV_COLUMNS.join(","), ...rows].join("\r\n")}\r\n`;
}

/** The titles of the decks the entries name. */
export async function deckTitlesOf(db: Database, entries: ExportedEntry[]): Promise<Map<string, string>> {
  const ids = [...new Set(entries.map((entry) => entry.deckId).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: decks.id, title: decks.title }).from(decks).where(inArray(decks.id, ids));
  return new Map(rows.map((row) => [row.id, row.title]));
}

export type ImportResult = { ok: true; added: number; skipped: number } | { ok: false; message: string };

/** The file's text as a journal export, or why it is not one. */
export function parseExport(text: string): { ok: true; entries: ExportedEntry[] } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: "This file is not JSON. Choose a journal file exported from Arcanum (.json)." };
  }
  const parsed = exportFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where =
      issue.path[0] === "entries" && typeof issue.path[1] === "number"
        ? ` (reading ${issue.path[1] + 1}${issue.path[2] ? `, ${String(issue.path[2])}` : ""})`
        : "";
    return { ok: false, message: `${issue.message}${where}` };
  }
  return { ok: true, entries: parsed.data.entries };
}

/**
 * The id an imported entry takes in this journal: its own when the entry is this person's already
 * (then it is skipped), else one made from the person and the original id, so the same file
 * imported again finds what it added the first time.
 */
export async function importedId(userId: string, originalId: string): Promise<string> {
  return `imported-${(await sha256Hex(`${userId}:${originalId}`)).slice(0, 32)}`;
}

const CHUNK = 40;

/** Adds the file's readings that are not in the journal yet. */
export async function importEntries(db: Database, userId: string, entries: ExportedEntry[], now = Date.now()): Promise<ImportResult> {
  if (entries.length === 0) return { ok: true, added: 0, skipped: 0 };
  const candidates = await Promise.all(entries.map(async (entry) => ({ entry, id: await importedId(userId, entry.id) })));
  const ids = [...new Set(candidates.flatMap(({ entry, id }) => [entry.id, id]))];
  const deckIds = [...new Set(entries.map((entry) => entry.deckId).filter((id): id is string => Boolean(id)))];
  const [existing, knownDecks] = await Promise.all([
    chunked(ids, (part) =>
      db
        .select({ id: readingJournal.id })
        .from(readingJournal)
        .where(and(eq(readingJournal.userId, userId), inArray(readingJournal.id, part))),
    ),
    chunked(deckIds, (part) => db.select({ id: decks.id }).from(decks).where(inArray(decks.id, part))),
  ]);
  const have = new Set(existing.map((row) => row.id));
  const deckExists = new Set(knownDecks.map((row) => row.id));
  const fresh = candidates.filter(({ entry, id }) => !have.has(entry.id) && !have.has(id));
  // Two copies of one reading in the same file count once.
  const unique = [...new Map(fresh.map((candidate) => [candidate.id, candidate])).values()];
  let added = 0;
  for (let i = 0; i < unique.length; i += CHUNK) {
    const statements = unique.slice(i, i + CHUNK).map(({ entry, id }) =>
      db
        .insert(readingJournal)
        .values({
          id,
          userId,
          sessionId: null,
          deckId: entry.deckId && deckExists.has(entry.deckId) ? entry.deckId : null,
          question: entry.question,
          spreadId: entry.spreadId,
          spreadName: entry.spreadName,
          cards: entry.cards,
          interpretation: entry.interpretation,
          notes: entry.notes,
          tags: [...new Set(entry.tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))],
          mood: entry.mood,
          physicalDeck: entry.physicalDeck,
          createdAt: entry.createdAt,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: readingJournal.id })
        .returning({ id: readingJournal.id }),
    );
    const [first, ...rest] = statements;
    const results = await db.batch([first!, ...rest]);
    added += results.reduce((sum, rows) => sum + rows.length, 0);
  }
  return { ok: true, added, skipped: entries.length - added };
}

async function chunked<T>(values: string[], read: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += 90) out.push(...(await read(values.slice(i, i + 90))));
  return out;
}
