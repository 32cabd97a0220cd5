/**
 * The credits page's reads: what a person has, what their plan gives at the next refresh, and
 * their ledger, newest first, a page at a time, each line with the deck or payment it belongs to.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { deckQuotaLedger, decks } from "../../db/schema";
import type { Database } from "../db.server";
import { PAYMENTS_PATH } from "../payments/receipt-link";
import { getPlanStanding } from "../entitlements/entitlements.server";
import { allowedQualities, planOfTier } from "../entitlements/entitlements";
import { getQuota, monthlyGrant } from "./credits.server";
import { creditsLeft, type CreditAmounts } from "../plans/cost";

export const LEDGER_PAGE_SIZE = 20;

export type CreditLine = {
  id: string;
  createdAt: number;
  description: string;
  change: CreditAmounts;
  /** The deck the line paid for or gave back, while it exists. */
  deckHref: string | null;
  /** Where the payment behind the line is listed with its receipt. */
  receiptHref: string | null;
};

/** References of lines that came from a payment: a purchase, a subscription's grant or renewal, a refund of one. */
function fromPayment(reference: string | null): boolean {
  if (!reference) return false;
  return /^(refund:)?checkout:|^subscription:|^renewal:/.test(reference);
}

/**
 * The deck a line names, in SQL: a charge is `deck:{id}` or `upgrade:{id}`, a later attempt adds
 * `#n`, and its refund puts `refund:` in front. Matched against the person's own decks only.
 */
function ledgerDeckMatch() {
  const l = deckQuotaLedger;
  const core = sql`(CASE WHEN ${l.referenceId} LIKE 'refund:%' THEN substr(${l.referenceId}, 8) ELSE ${l.referenceId} END)`;
  const base = sql`(CASE WHEN instr(${core}, '#') > 0 THEN substr(${core}, 1, instr(${core}, '#') - 1) ELSE ${core} END)`;
  return and(eq(decks.creatorId, l.userId), sql`${base} IN ('deck:' || ${decks.id}, 'upgrade:' || ${decks.id})`);
}

async function ledgerPage(db: Database, userId: string, page: number) {
  const l = deckQuotaLedger;
  const rows = await db
    .select({
      id: l.id,
      createdAt: l.createdAt,
      description: l.description,
      referenceId: l.referenceId,
      majorArcana: l.majorArcanaChange,
      completeDeck: l.completeDeckChange,
      deckId: decks.id,
    })
    .from(l)
    .leftJoin(decks, ledgerDeckMatch())
    .where(eq(l.userId, userId))
    .orderBy(desc(l.createdAt), desc(l.id))
    .limit(LEDGER_PAGE_SIZE + 1)
    .offset((page - 1) * LEDGER_PAGE_SIZE);
  const lines: CreditLine[] = rows.slice(0, LEDGER_PAGE_SIZE).map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    description: row.description,
    change: { majorArcana: row.majorArcana, completeDeck: row.completeDeck },
    deckHref: row.deckId ? `/collection/${row.deckId}` : null,
    receiptHref: fromPayment(row.referenceId) ? PAYMENTS_PATH : null,
  }));
  return { lines, hasOlder: rows.length > LEDGER_PAGE_SIZE };
}

/** Everything the credits page shows for one person; `page` counts from 1, newest lines first. */
export async function creditsOverview(db: Database, userId: string, page: number) {
  const [quota, standing, ledger] = await Promise.all([getQuota(db, userId), getPlanStanding(db, userId), ledgerPage(db, userId, page)]);
  const plan = standing.state === "subscribed" || standing.state === "payment_due" ? standing.planName : planOfTier(standing.tier).name;
  return {
    planName: plan,
    qualities: allowedQualities(standing.tier),
    left: creditsLeft(quota),
    nextRefreshDate: quota.nextRefreshDate,
    refreshGrant: monthlyGrant(quota.planType),
    rolloverCap: Math.max(0, quota.maxRolloverQuota),
    owed: { majorArcana: quota.majorArcanaOwed, completeDeck: quota.completeDeckOwed },
    page,
    ...ledger,
  };
}
