// Taking credits for a generation and giving them back when it failed, each with its ledger line in
// the same batch (credits.server.ts has the rules).
import { and, eq, lte, sql } from "drizzle-orm";
import { deckQuotaLedger, userDeckQuotas } from "../../db/schema";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { creditsLeft, type CreditAmounts } from "../plans/cost";
import { ensureRecord, selectRecord, DEFAULT_CONSUMPTION_DESCRIPTION, DEFAULT_REFUND_DESCRIPTION } from "./quota-record.server";
import { checkAmounts, ledgerRowWithId, selectLedgerLine, ledgerLineStatement } from "./ledger-line.server";
import { refreshStatements } from "./refresh.server";

export type ConsumeOptions = {
  /** Makes the charge idempotent: a second consumption with the same reference charges nothing. */
  referenceId: string;
  description?: string;
  now?: number;
};

export type ConsumeResult =
  | { ok: true; status: "charged" | "already_charged"; ledgerId: string; remaining: CreditAmounts }
  | { ok: false; status: "refused"; requested: CreditAmounts; remaining: CreditAmounts };

/**
 * Takes `amount` credits from the user, once per `referenceId`, as one D1 batch:
 * 1. the record is created with the defaults if missing, and refreshed if due;
 * 2. the ledger line (negative changes) is inserted only where the record has room for the whole
 *    amount and no line with this reference exists;
 * 3. the used counts grow only where that ledger line now exists.
 * A refusal writes nothing and is returned, never thrown. Repeating a reference that was charged
 * before reports `already_charged`, which counts as success.
 */
export async function consumeCredits(db: Database, userId: string, amount: CreditAmounts, options: ConsumeOptions): Promise<ConsumeResult> {
  checkAmounts(amount);
  const now = options.now ?? Date.now();
  const ledgerId = newId();
  const q = userDeckQuotas;
  const [, , , , , lines, records] = await db.batch([
    ensureRecord(db, userId, now),
    ...refreshStatements(db, now, newId(), { userId }),
    ledgerLineStatement(
      db,
      userId,
      {
        id: ledgerId,
        majorArcana: -amount.majorArcana,
        completeDeck: -amount.completeDeck,
        description: options.description ?? DEFAULT_CONSUMPTION_DESCRIPTION,
        referenceId: options.referenceId,
        now,
      },
      and(
        sql`${q.majorArcanaQuota} - ${q.majorArcanaUsed} >= ${amount.majorArcana}`,
        sql`${q.completeDeckQuota} - ${q.completeDeckUsed} >= ${amount.completeDeck}`,
      ),
    ),
    db
      .update(q)
      .set({
        majorArcanaUsed: sql`${q.majorArcanaUsed} + ${amount.majorArcana}`,
        completeDeckUsed: sql`${q.completeDeckUsed} + ${amount.completeDeck}`,
        updatedAt: now,
      })
      .where(and(eq(q.userId, userId), ledgerRowWithId(ledgerId))),
    selectLedgerLine(db, userId, options.referenceId),
    selectRecord(db, userId),
  ]);
  const line = lines[0];
  const record = records[0];
  const remaining = record ? creditsLeft(record) : { majorArcana: 0, completeDeck: 0 };
  if (line) return { ok: true, status: line.id === ledgerId ? "charged" : "already_charged", ledgerId: line.id, remaining };
  return { ok: false, status: "refused", requested: { ...amount }, remaining };
}

export type RefundResult = {
  status: "refunded" | "already_refunded" | "not_charged";
  /** Credits given back by this call (zero unless `refunded`). */
  refunded: CreditAmounts;
};

/** The reference of the ledger line that refunds the consumption `referenceId`. */
export const refundReference = (referenceId: string) => `refund:${referenceId}`;

/**
 * Gives back the credits a consumption took, for a generation that failed entirely. Once per
 * reference (its own ledger line, reference `refund:<ref>`); used counts never go below zero, so
 * after a refresh has already reset them the refund gives back only what is still counted.
 * The consumption's own line stays, so the same reference is not charged again.
 */
export async function refundCredits(
  db: Database,
  userId: string,
  referenceId: string,
  options: { description?: string; now?: number } = {},
): Promise<RefundResult> {
  const now = options.now ?? Date.now();
  const refundId = newId();
  const reference = refundReference(referenceId);
  const l = deckQuotaLedger;
  const q = userDeckQuotas;
  const changeOf = (column: typeof l.majorArcanaChange | typeof l.completeDeckChange) => sql<number>`(SELECT ${column} FROM ${l} WHERE ${l.id} = ${refundId})`;
  const [, , lines] = await db.batch([
    db
      .insert(l)
      .select(
        db
          .select({
            id: sql<string>`${refundId}`.as("id"),
            userId: l.userId,
            majorArcanaChange: sql<number>`MIN(-${l.majorArcanaChange}, ${q.majorArcanaUsed})`.as("major_arcana_change"),
            completeDeckChange: sql<number>`MIN(-${l.completeDeckChange}, ${q.completeDeckUsed})`.as("complete_deck_change"),
            description: sql<string>`${options.description ?? DEFAULT_REFUND_DESCRIPTION}`.as("description"),
            referenceId: sql<string>`${reference}`.as("reference_id"),
            createdAt: sql<number>`${now}`.as("created_at"),
          })
          .from(l)
          .innerJoin(q, eq(q.userId, l.userId))
          .where(and(eq(l.userId, userId), eq(l.referenceId, referenceId), lte(l.majorArcanaChange, 0), lte(l.completeDeckChange, 0))),
      )
      .onConflictDoNothing(),
    db
      .update(q)
      .set({
        majorArcanaUsed: sql`MAX(0, ${q.majorArcanaUsed} - ${changeOf(l.majorArcanaChange)})`,
        completeDeckUsed: sql`MAX(0, ${q.completeDeckUsed} - ${changeOf(l.completeDeckChange)})`,
        updatedAt: now,
      })
      .where(and(eq(q.userId, userId), ledgerRowWithId(refundId))),
    selectLedgerLine(db, userId, reference),
  ]);
  const line = lines[0];
  if (!line) return { status: "not_charged", refunded: { majorArcana: 0, completeDeck: 0 } };
  if (line.id !== refundId) return { status: "already_refunded", refunded: { majorArcana: 0, completeDeck: 0 } };
  return { status: "refunded", refunded: { majorArcana: line.majorArcanaChange, completeDeck: line.completeDeckChange } };
}
