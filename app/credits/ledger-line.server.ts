// The ledger line every change to a person's credits writes in its own batch, and the small checks
// the changes share (credits.server.ts has the rules).
import { and, eq, sql, type SQL } from "drizzle-orm";
import { deckQuotaLedger, userDeckQuotas } from "../../db/schema";
import type { Database } from "../db.server";
import type { CreditAmounts } from "../plans/cost";

/** Refuses an amount that is not a whole, non-negative number of each credit. */
export function checkAmounts(amounts: CreditAmounts) {
  for (const value of [amounts.majorArcana, amounts.completeDeck]) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Invalid credit amount: ${value}`);
  }
}

/** Holds where the ledger line `id` was written: the condition every change after its line carries. */
export const ledgerRowWithId = (id: string) => sql`EXISTS (SELECT 1 FROM ${deckQuotaLedger} WHERE ${deckQuotaLedger.id} = ${id})`;

/** The ledger line of `userId` with `referenceId`, if one was written. */
export function selectLedgerLine(db: Database, userId: string, referenceId: string) {
  return db
    .select()
    .from(deckQuotaLedger)
    .where(and(eq(deckQuotaLedger.userId, userId), eq(deckQuotaLedger.referenceId, referenceId)));
}

/**
 * The ledger line of a change to one user's record, computed from the record as the batch finds
 * it (changes and description may be SQL over it): written only where `where` holds and, with a
 * reference, once per reference. The statements after it change the record only where it exists.
 */
export function ledgerLineStatement(
  db: Database,
  userId: string,
  line: { id: string; majorArcana: number | SQL; completeDeck: number | SQL; description: string | SQL; referenceId: string | null; now: number },
  where?: SQL,
) {
  const q = userDeckQuotas;
  const once =
    line.referenceId === null
      ? undefined
      : sql`NOT EXISTS (SELECT 1 FROM ${deckQuotaLedger} WHERE ${deckQuotaLedger.userId} = ${userId} AND ${deckQuotaLedger.referenceId} = ${line.referenceId})`;
  const value = <T>(v: T | SQL) => (typeof v === "object" && v !== null ? (v as SQL) : sql`${v}`);
  return db
    .insert(deckQuotaLedger)
    .select(
      db
        .select({
          id: sql<string>`${line.id}`.as("id"),
          userId: q.userId,
          majorArcanaChange: sql<number>`${value(line.majorArcana)}`.as("major_arcana_change"),
          completeDeckChange: sql<number>`${value(line.completeDeck)}`.as("complete_deck_change"),
          description: sql<string>`${value(line.description)}`.as("description"),
          referenceId: sql<string | null>`${line.referenceId}`.as("reference_id"),
          createdAt: sql<number>`${line.now}`.as("created_at"),
        })
        .from(q)
        .where(and(eq(q.userId, userId), where, once)),
    )
    .onConflictDoNothing();
}
