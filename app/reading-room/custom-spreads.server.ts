/**
 * Spreads of a person's own, kept in D1: made, changed and deleted by their owner only; read by
 * anyone who holds the link (the id is unguessable). Every definition is checked by the one schema
 * in custom-spreads.ts before it is written.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { customSpreads } from "../../db/schema";
import type { Database } from "../db.server";
import { randomToken } from "../lib/crypto";
import { checkSpread, CUSTOM_PREFIX, CUSTOM_SPREAD_ID, laidSpread, type CustomSpreadDefinition, type LaidSpread, type SpreadProblems } from "./custom-spreads";

export type SavedSpread = CustomSpreadDefinition & { id: string; ownerId: string; createdAt: number; updatedAt: number };

/** How many spreads one person may keep. */
export const SPREADS_PER_PERSON = 100;

const columns = {
  id: customSpreads.id,
  ownerId: customSpreads.ownerId,
  name: customSpreads.name,
  description: customSpreads.description,
  positions: customSpreads.positions,
  createdAt: customSpreads.createdAt,
  updatedAt: customSpreads.updatedAt,
};

type Row = {
  id: string;
  ownerId: string;
  name: string;
  description: string | null;
  positions: CustomSpreadDefinition["positions"];
  createdAt: number;
  updatedAt: number;
};
const saved = (row: Row): SavedSpread => ({
  ...row,
  description: row.description ?? "",
  positions: row.positions.map((p) => ({ ...p, rotated: Boolean(p.rotated) })),
});

/** The person's own spreads, the latest changed first. */
export async function spreadsOf(db: Database, ownerId: string): Promise<SavedSpread[]> {
  const rows = await db
    .select(columns)
    .from(customSpreads)
    .where(eq(customSpreads.ownerId, ownerId))
    .orderBy(desc(customSpreads.updatedAt))
    .limit(SPREADS_PER_PERSON);
  return rows.map(saved);
}

/** A spread by its link; anyone who holds the link may read it. */
export async function spreadByLink(db: Database, id: string): Promise<SavedSpread | null> {
  if (!CUSTOM_SPREAD_ID.test(id)) return null;
  const [row] = await db.select(columns).from(customSpreads).where(eq(customSpreads.id, id)).limit(1);
  return row ? saved(row) : null;
}

/** A spread the person owns; null when it is not there or someone else's (both answered as not found). */
export async function ownSpread(db: Database, id: string, ownerId: string): Promise<SavedSpread | null> {
  if (!CUSTOM_SPREAD_ID.test(id)) return null;
  const [row] = await db
    .select(columns)
    .from(customSpreads)
    .where(and(eq(customSpreads.id, id), eq(customSpreads.ownerId, ownerId)))
    .limit(1);
  return row ? saved(row) : null;
}

/** The spread a room names `custom:<id>`, laid in table units; null when it is gone or was never valid. */
export async function laidCustomSpread(db: Database, roomSpreadId: string): Promise<LaidSpread | null> {
  if (!roomSpreadId.startsWith(CUSTOM_PREFIX)) return null;
  const found = await spreadByLink(db, roomSpreadId.slice(CUSTOM_PREFIX.length));
  if (!found) return null;
  const checked = checkSpread(found);
  return checked.ok ? laidSpread(found.id, checked.spread) : null;
}

export type SaveOutcome = { ok: true; id: string } | { ok: false; status: 400 | 404; problems: SpreadProblems };

/** Adds a spread to the person's own; refused with the form's problems when the definition is not valid. */
export async function createSpread(db: Database, ownerId: string, input: unknown, now = Date.now()): Promise<SaveOutcome> {
  const checked = checkSpread(input);
  if (!checked.ok) return { ok: false, status: 400, problems: checked.problems };
  const id = randomToken(12);
  const { name, description, positions } = checked.spread;
  // One statement, so two saves at once cannot pass the limit together.
  const result = await db.run(sql`
    INSERT INTO custom_spreads (id, owner_id, name, description, positions, created_at, updated_at)
    SELECT ${id}, ${ownerId}, ${name}, ${description || null}, ${JSON.stringify(positions)}, ${now}, ${now}
    WHERE (SELECT count(*) FROM custom_spreads WHERE owner_id = ${ownerId}) < ${SPREADS_PER_PERSON}`);
  if (!result.meta.changes) return { ok: false, status: 400, problems: { form: `You can keep up to ${SPREADS_PER_PERSON} spreads; delete one first.` } };
  return { ok: true, id };
}

/** Changes the owner's spread; someone else's (or a missing one) is not found. */
export async function updateSpread(db: Database, ownerId: string, id: string, input: unknown, now = Date.now()): Promise<SaveOutcome> {
  const checked = checkSpread(input);
  if (!checked.ok) return { ok: false, status: 400, problems: checked.problems };
  const { name, description, positions } = checked.spread;
  const changed = await db
    .update(customSpreads)
    .set({ name, description: description || null, positions, updatedAt: now })
    .where(and(eq(customSpreads.id, id), eq(customSpreads.ownerId, ownerId)))
    .returning({ id: customSpreads.id });
  return changed.length > 0 ? { ok: true, id } : { ok: false, status: 404, problems: {} };
}

/** Deletes the owner's spread; false when it is not theirs. Readings and journal entries keep their own copy. */
export async function deleteSpread(db: Database, ownerId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(customSpreads)
    .where(and(eq(customSpreads.id, id), eq(customSpreads.ownerId, ownerId)))
    .returning({ id: customSpreads.id });
  return gone.length > 0;
}
