/**
 * The records that outlive a person's account: money, the records of it, and staff's audit trail
 * (decisions 0028 and 0092). While any of them names a user, the user row stays, emptied of the
 * person; migration 0044 makes the database itself refuse to delete such a row, so no money row can
 * cascade away whatever code deletes users. A table added here needs its line in a migration's
 * trigger too (tests/worker/accounts-delete.test.ts holds the two together).
 */
import { sql } from "drizzle-orm";

export const KEPT_RECORDS = [
  { table: "payment_receipts", column: "user_id" },
  { table: "deck_purchases", column: "buyer_id" },
  { table: "seller_ledger", column: "seller_id" },
  { table: "payouts", column: "seller_id" },
  { table: "seller_accounts", column: "user_id" },
  { table: "wallet_entries", column: "user_id" },
  { table: "wallet_holds", column: "user_id" },
  { table: "paid_readings", column: "client_id" },
  { table: "paid_readings", column: "reader_id" },
  { table: "reader_bookings", column: "client_id" },
  { table: "reader_bookings", column: "reader_id" },
  { table: "written_requests", column: "client_id" },
  { table: "written_requests", column: "reader_id" },
  { table: "staff_actions", column: "staff_id" },
  { table: "refund_claims", column: "staff_id" },
  { table: "guarantee_claims", column: "client_id" },
  { table: "guarantee_claims", column: "reader_id" },
] as const;

/** Whether a kept record names the user, as SQL. */
export function namedByKeptRecord(userId: string) {
  return sql.join(
    KEPT_RECORDS.map(({ table, column }) => sql`EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${userId})`),
    sql` OR `,
  );
}
