/**
 * Tips on a paid reading, from its free minutes on and after it: the client gives from their
 * balance, the reader earns it at the reading's fee rule (decision 0063). One tip per click: the
 * form's key makes a double submit one tip, and the balance never goes below zero, both decided
 * inside one batch.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BatchItem } from "drizzle-orm/batch";
import { getServerByName } from "partyserver";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { paidReadings, readingWallets, sellerLedger, walletEntries } from "../../db/schema";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { formatMoney } from "../lib/format";
import { availableCentsSql } from "./wallet.server";
import { paidReadingTakesTips, readingFeeCents, TIP_AMOUNTS_CENTS, TIP_MAX_CENTS, TIP_MIN_CENTS } from "./rules";

type Statement = BatchItem<"sqlite">;

export const TIP_MESSAGES = {
  amount: `Choose a tip, or type one from ${formatMoney(TIP_MIN_CENTS)} to ${formatMoney(TIP_MAX_CENTS)}.`,
  balance: "Your balance does not cover this tip. Top up first, or choose a smaller one.",
  notStarted: "You can tip once the reading has begun: the clock starts when you are both in the room.",
  notFound: "Reading not found",
} as const;

/** A fixed tip (its cents) or "custom" with an amount in dollars; `key` is the form's, one per rendering. */
export const tipForm = lazySchema(() =>
  z
    .object({
      amount: z.string().max(12),
      custom: z.string().trim().max(12).optional().default(""),
      key: z.string().min(8).max(64),
    })
    .transform((form, ctx) => {
      let cents = NaN;
      if (form.amount === "custom") {
        const typed = /^(\d{1,5})(?:[.,](\d{1,2}))?$/.exec(form.custom.replace(/^\$/, ""));
        if (typed) cents = Number(typed[1]) * 100 + Number((typed[2] ?? "0").padEnd(2, "0"));
      } else if ((TIP_AMOUNTS_CENTS as readonly number[]).includes(Number(form.amount))) cents = Number(form.amount);
      if (!Number.isInteger(cents) || cents < TIP_MIN_CENTS || cents > TIP_MAX_CENTS) {
        ctx.addIssue({ code: "custom", message: TIP_MESSAGES.amount, path: ["amount"] });
        return z.NEVER;
      }
      return { cents, key: form.key };
    }),
);

/** `live`: the tip was given while the reading still runs (its room shows the balance). */
type TipDone = { ok: true; message: string; cents: number; readerId: string; live: boolean } | { ok: false; status: number; message: string };

/**
 * The statements of one tip, for one batch: the client's balance line, written only while
 * `allowed` holds and the balance less holds covers it, once per reference; then the balance and
 * the reader's earning at the reading fee, both only if that line was written.
 */
function tipStatements(
  db: Database,
  tip: { clientId: string; cents: number; referenceId: string; readingId: string | null; readerId: SQL; allowed: SQL; note: string; now: number },
): Statement[] {
  const entryId = newId();
  const fee = readingFeeCents(tip.cents);
  const inserted = sql`EXISTS (SELECT 1 FROM ${walletEntries} WHERE ${walletEntries.id} = ${entryId})`;
  return [
    db
      .insert(walletEntries)
      .select(
        sql`SELECT ${entryId}, ${tip.clientId}, 'tip', ${-tip.cents}, ${tip.readingId}, NULL, NULL, ${tip.referenceId}, ${tip.note}, ${tip.now}
            WHERE ${tip.allowed} AND ${availableCentsSql(tip.clientId)} >= ${tip.cents}`,
      )
      .onConflictDoNothing(),
    db
      .update(readingWallets)
      .set({ balanceCents: sql`${readingWallets.balanceCents} - ${tip.cents}`, updatedAt: tip.now })
      .where(and(eq(readingWallets.userId, tip.clientId), inserted)),
    db
      .insert(sellerLedger)
      .select(
        sql`SELECT ${newId()}, ${tip.readerId}, 'tip', NULL, NULL, ${tip.cents}, ${fee}, ${tip.cents - fee}, ${tip.referenceId}, ${tip.now}, ${tip.readingId}
            WHERE ${inserted}`,
      )
      .onConflictDoNothing(),
  ];
}

/** Whether a tip with this reference was written (now or by an earlier press of the same form). */
const tipGiven = (referenceId: string) => sql<number>`EXISTS (SELECT 1 FROM ${walletEntries} WHERE ${walletEntries.referenceId} = ${referenceId})`;

/**
 * The client tips a reading of theirs once it has begun (`paidReadingTakesTips`): during its free
 * minutes, later in the room, or after it ended. The balance line, the balance and the reader's
 * earning move together, only while the balance covers it and only once per form key.
 */
export async function tipReading(db: Database, clientId: string, readingId: string, tip: { cents: number; key: string }, now = Date.now()): Promise<TipDone> {
  const referenceId = `tip:${readingId}:${tip.key}`;
  const statements = tipStatements(db, {
    clientId,
    cents: tip.cents,
    referenceId,
    readingId,
    readerId: sql`(SELECT ${paidReadings.readerId} FROM ${paidReadings} WHERE ${paidReadings.id} = ${readingId})`,
    allowed: sql`EXISTS (SELECT 1 FROM ${paidReadings} WHERE ${paidReadings.id} = ${readingId} AND ${paidReadings.clientId} = ${clientId} AND ${paidReadings.status} IN ('live', 'ended') AND ${paidReadings.startedAt} IS NOT NULL)`,
    note: "Tip for a reading",
    now,
  });
  const results = await db.batch([
    ...statements,
    db
      .select({
        status: paidReadings.status,
        startedAt: paidReadings.startedAt,
        readerId: paidReadings.readerId,
        given: tipGiven(referenceId),
      })
      .from(paidReadings)
      .where(and(eq(paidReadings.id, readingId.slice(0, 64)), eq(paidReadings.clientId, clientId))),
  ] as unknown as [Statement, ...Statement[]]);
  const [row] = results.at(-1) as { status: string; startedAt: number | null; readerId: string; given: number }[];
  if (!row) return { ok: false, status: 404, message: TIP_MESSAGES.notFound };
  if (row.given)
    return {
      ok: true,
      message: `Thank you: your tip of ${formatMoney(tip.cents)} went to your reader.`,
      cents: tip.cents,
      readerId: row.readerId,
      live: row.status === "live",
    };
  if (!paidReadingTakesTips(row)) return { ok: false, status: 409, message: TIP_MESSAGES.notStarted };
  return { ok: false, status: 409, message: TIP_MESSAGES.balance };
}

/** After a tip given in the room: the room takes the balance as it is now, as after a top-up, so its clock and warning see what is left. */
export async function afterLiveTip(context: AppLoadContext, readingId: string) {
  const room = await getServerByName(context.cloudflare.env.ReadingRoom, readingId);
  await room.fundsArrived();
}

/** The reference of a tip on a written reading: one per request and form key. */
const writtenTipReference = (requestId: string, key: string) => `tip:written:${requestId}:${key}`;

/**
 * What the client tipped on a written reading, in cents: the tip lines whose reference starts with
 * the request's prefix, found as a range of the unique reference (D1 refuses LIKE patterns over 50 bytes).
 */
export const writtenTipCentsOf = (requestId: SQL) =>
  sql<number>`coalesce((SELECT -sum(t.amount_cents) FROM ${walletEntries} t WHERE t.kind = 'tip' AND t.reference_id > 'tip:written:' || ${requestId} || ':' AND t.reference_id < 'tip:written:' || ${requestId} || ';'), 0)`;

/**
 * The client tips an answered written reading of theirs, as after a live one: from the balance,
 * to the reader's earnings at the same fee rule, once per form key. `request` is read in the batch.
 */
export async function tipWrittenReading(
  db: Database,
  clientId: string,
  request: { id: string; readerId: string; answered: SQL },
  tip: { cents: number; key: string },
  now = Date.now(),
): Promise<TipDone> {
  const referenceId = writtenTipReference(request.id, tip.key);
  const results = await db.batch([
    ...tipStatements(db, {
      clientId,
      cents: tip.cents,
      referenceId,
      readingId: null,
      readerId: sql`${request.readerId}`,
      allowed: request.answered,
      note: "Tip after a written reading",
      now,
    }),
    db.select({ answered: sql<number>`${request.answered}`, given: tipGiven(referenceId) }).from(sql`(SELECT 1)`),
  ] as unknown as [Statement, ...Statement[]]);
  const [row] = results[3] as { answered: number; given: number }[];
  if (row?.given)
    return {
      ok: true,
      message: `Thank you: your tip of ${formatMoney(tip.cents)} went to your reader.`,
      cents: tip.cents,
      readerId: request.readerId,
      live: false,
    };
  if (!row?.answered) return { ok: false, status: 409, message: "You can tip once the reading is answered." };
  return { ok: false, status: 409, message: TIP_MESSAGES.balance };
}
