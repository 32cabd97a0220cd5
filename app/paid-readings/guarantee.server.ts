/**
 * A client claims the satisfaction guarantee on a paid reading (the terms: guarantee.ts). The claim,
 * the client's balance line and balance, the reader's ledger line and the reading's refunded total
 * are written in one batch whose first statement holds every rule, so a claim outside them writes
 * nothing and two claims sent at once make one.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { guaranteeClaims, paidReadings, readingWallets, sellerLedger, users, walletEntries } from "../../db/schema";
import { personNameSql } from "../auth/person-name.server";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { formatMoney } from "../lib/format";
import { lazySchema } from "../lib/lazy-schema";
import { sendNotice, type NoticeTarget } from "../mail/notices.server";
import { notify } from "../push/notify.server";
import { guaranteeClaimNews } from "./news.server";
import {
  GUARANTEE_CAP_CENTS,
  GUARANTEE_MESSAGES,
  GUARANTEE_ONCE_IN_MS,
  GUARANTEE_REASON_KEYS,
  GUARANTEE_REASONS,
  GUARANTEE_WINDOW_MS,
  GUARANTEE_WORDS_MAX,
  GUARANTEE_WORDS_MIN,
  guaranteeClaimedText,
  guaranteeStatus,
  type GuaranteeReason,
} from "./guarantee";

type Statement = BatchItem<"sqlite">;

export const guaranteeForm = lazySchema(() =>
  z.object({
    reason: z.enum(GUARANTEE_REASON_KEYS, { error: GUARANTEE_MESSAGES.reason }),
    words: z
      .string({ error: GUARANTEE_MESSAGES.words })
      .trim()
      .min(GUARANTEE_WORDS_MIN, GUARANTEE_MESSAGES.words)
      .max(GUARANTEE_WORDS_MAX, GUARANTEE_MESSAGES.words),
  }),
);

export type GuaranteeClaimed = { ok: true; message: string; creditCents: number; readerShareCents: number; notice: ReaderNotice };
type Refused = { ok: false; status: number; message: string };

type ReaderNotice = {
  readerId: string;
  readingId: string;
  /** Null for a reader without an e-mail address: they hear of it by push only. */
  email: string | null;
  readerName: string;
  clientName: string;
  reason: GuaranteeReason;
  creditCents: number;
  readerShareCents: number;
};

const nameOf = (id: SQL) => personNameSql(id, "a client");

/** The credit of a claim on this reading, as SQL over `paid_readings`: what is left of its charge, up to the cap. */
const creditSql = sql`MIN(${paidReadings.chargedCents} - ${paidReadings.refundedCents}, ${GUARANTEE_CAP_CENTS})`;

/** When the client last claimed the guarantee, as SQL (null when never). */
export const lastClaimAtSql = (clientId: string | SQL) =>
  sql<number | null>`(SELECT max(${guaranteeClaims.createdAt}) FROM ${guaranteeClaims} WHERE ${guaranteeClaims.clientId} = ${clientId})`;

/** The claim on a reading, as SQL: its credit, null when there is none. */
export const claimCreditSql = (readingId: SQL) =>
  sql<number | null>`(SELECT ${guaranteeClaims.creditCents} FROM ${guaranteeClaims} WHERE ${guaranteeClaims.paidReadingId} = ${readingId})`;

/** The claim on a reading, as SQL: what of it the reader's earning gave back, null when there is none. */
export const claimReaderShareSql = (readingId: SQL) =>
  sql<number | null>`(SELECT ${guaranteeClaims.readerShareCents} FROM ${guaranteeClaims} WHERE ${guaranteeClaims.paidReadingId} = ${readingId})`;

/**
 * The client claims the guarantee on a reading of theirs. Every rule is in the claim's INSERT …
 * SELECT (theirs, ended, something charged and not refunded, within the window, no claim of theirs
 * in the last 30 days), the reading's id is unique among claims, and every other statement is
 * written only if that claim row exists, all in one batch.
 */
export async function claimGuarantee(
  db: Database,
  clientId: string,
  readingId: string,
  input: { reason: GuaranteeReason; words: string },
  now = Date.now(),
): Promise<GuaranteeClaimed | Refused> {
  const id = readingId.slice(0, 64);
  const claimId = newId();
  const reference = `guarantee:${id}`;
  const claimed = sql`EXISTS (SELECT 1 FROM ${guaranteeClaims} WHERE ${guaranteeClaims.id} = ${claimId})`;
  const claimCredit = sql`(SELECT ${guaranteeClaims.creditCents} FROM ${guaranteeClaims} WHERE ${guaranteeClaims.id} = ${claimId})`;
  const statements: Statement[] = [
    db
      .insert(guaranteeClaims)
      .select(
        sql`SELECT ${claimId}, ${paidReadings.id}, ${paidReadings.clientId}, ${paidReadings.readerId}, ${input.reason}, ${input.words},
                   ${creditSql}, ${creditSql} - MIN(${paidReadings.feeCents}, ${creditSql}), ${now}
            FROM ${paidReadings}
            WHERE ${paidReadings.id} = ${id} AND ${paidReadings.clientId} = ${clientId} AND ${paidReadings.status} = 'ended'
              AND ${paidReadings.endedAt} IS NOT NULL AND ${paidReadings.endedAt} >= ${now - GUARANTEE_WINDOW_MS}
              AND ${paidReadings.chargedCents} - ${paidReadings.refundedCents} > 0
              AND NOT EXISTS (SELECT 1 FROM ${guaranteeClaims} WHERE ${guaranteeClaims.clientId} = ${clientId} AND ${guaranteeClaims.createdAt} > ${now - GUARANTEE_ONCE_IN_MS})`,
      )
      .onConflictDoNothing(),
    db
      .insert(readingWallets)
      .select(sql`SELECT ${clientId}, 0, ${now} WHERE ${claimed}`)
      .onConflictDoNothing(),
    db
      .insert(walletEntries)
      .select(
        sql`SELECT ${newId()}, ${clientId}, 'guarantee', ${guaranteeClaims.creditCents}, ${id}, NULL, NULL, ${reference},
                   'Satisfaction guarantee: reading with ' || ${nameOf(sql`${guaranteeClaims.readerId}`)}, ${now}
            FROM ${guaranteeClaims} WHERE ${guaranteeClaims.id} = ${claimId}`,
      )
      .onConflictDoNothing(),
    db
      .update(readingWallets)
      .set({ balanceCents: sql`${readingWallets.balanceCents} + ${claimCredit}`, updatedAt: now })
      .where(and(eq(readingWallets.userId, clientId), claimed)),
    db
      .insert(sellerLedger)
      .select(
        sql`SELECT ${newId()}, ${guaranteeClaims.readerId}, 'guarantee', NULL, NULL, -${guaranteeClaims.creditCents},
                   -(${guaranteeClaims.creditCents} - ${guaranteeClaims.readerShareCents}), -${guaranteeClaims.readerShareCents}, ${reference}, ${now}, ${id}
            FROM ${guaranteeClaims} WHERE ${guaranteeClaims.id} = ${claimId}`,
      )
      .onConflictDoNothing(),
    // What a claim gave back counts as refunded: a staff refund afterwards gives back only the rest.
    db
      .update(paidReadings)
      .set({ refundedCents: sql`${paidReadings.refundedCents} + ${claimCredit}`, refundedAt: now })
      .where(and(eq(paidReadings.id, id), claimed)),
  ];
  const results = await db.batch([
    ...statements,
    db
      .select({
        status: paidReadings.status,
        chargedCents: paidReadings.chargedCents,
        refundedCents: paidReadings.refundedCents,
        endedAt: paidReadings.endedAt,
        mine: sql<number>`${claimed}`,
        thisReadingCents: claimCreditSql(sql`${paidReadings.id}`),
        readerShareCents: claimReaderShareSql(sql`${paidReadings.id}`),
        lastClaimAt: sql<
          number | null
        >`(SELECT max(${guaranteeClaims.createdAt}) FROM ${guaranteeClaims} WHERE ${guaranteeClaims.clientId} = ${clientId} AND ${guaranteeClaims.id} <> ${claimId})`,
        readerId: paidReadings.readerId,
        readerEmail: sql<string | null>`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${paidReadings.readerId})`,
        readerName: nameOf(sql`${paidReadings.readerId}`),
        clientName: nameOf(sql`${paidReadings.clientId}`),
      })
      .from(paidReadings)
      .where(and(eq(paidReadings.id, id), eq(paidReadings.clientId, clientId))),
  ] as unknown as [Statement, ...Statement[]]);
  const [row] = results.at(-1) as {
    status: string;
    chargedCents: number;
    refundedCents: number;
    endedAt: number | null;
    mine: number;
    thisReadingCents: number | null;
    readerShareCents: number | null;
    lastClaimAt: number | null;
    readerId: string;
    readerEmail: string | null;
    readerName: string;
    clientName: string;
  }[];
  if (!row) return { ok: false, status: 404, message: GUARANTEE_MESSAGES.notFound };
  if (row.mine && row.thisReadingCents !== null) {
    const creditCents = Number(row.thisReadingCents);
    const readerShareCents = Number(row.readerShareCents ?? 0);
    return {
      ok: true,
      message: guaranteeClaimedText(creditCents),
      creditCents,
      readerShareCents,
      notice: {
        readerId: row.readerId,
        readingId: id,
        email: row.readerEmail,
        readerName: row.readerName,
        clientName: row.clientName,
        reason: input.reason,
        creditCents,
        readerShareCents,
      },
    };
  }
  if (row.thisReadingCents !== null) return { ok: false, status: 409, message: GUARANTEE_MESSAGES.claimed };
  // The reading as it was before: a claim made now would not have moved its refunded total.
  const status = guaranteeStatus(row, { thisReadingCents: null, lastClaimAt: row.lastClaimAt }, now);
  return { ok: false, status: 409, message: status.kind === "closed" ? status.why : GUARANTEE_MESSAGES.claimed };
}

/**
 * The reader is told of a claim on their reading by e-mail (the reason chosen and what their
 * earning gave back; the client's own words are for staff) and by push, as their settings for
 * paid reading news allow.
 */
export function sendGuaranteeNotice(target: NoticeTarget, notice: ReaderNotice, readingUrl: string) {
  notify(
    target,
    guaranteeClaimNews({
      readerId: notice.readerId,
      readingId: notice.readingId,
      title: "A client claimed the satisfaction guarantee",
      body:
        notice.readerShareCents > 0
          ? `${notice.clientName} was credited ${formatMoney(notice.creditCents)}; your earning gave back ${formatMoney(notice.readerShareCents)}.`
          : `${notice.clientName} was credited ${formatMoney(notice.creditCents)}, all from the platform's fee.`,
    }),
  );
  if (!notice.email) return;
  sendNotice(target, {
    to: notice.email,
    subject: `${notice.clientName} claimed the satisfaction guarantee on a reading`,
    heading: "A client claimed the satisfaction guarantee",
    paragraphs: [
      `${notice.clientName} claimed the satisfaction guarantee on their reading with you, and was credited ${formatMoney(notice.creditCents)}.`,
      notice.readerShareCents > 0
        ? `The platform gave up its fee on the reading first; your earning from it gave back the rest, ${formatMoney(notice.readerShareCents)}.`
        : "The platform's fee on the reading covered the whole credit: your earning is unchanged.",
      "Their review, if they leave one, counts as any other. Staff see every claim.",
    ],
    rows: [
      { label: "Reason", value: GUARANTEE_REASONS[notice.reason] },
      { label: "Credited to the client", value: formatMoney(notice.creditCents) },
      { label: "From your earning", value: formatMoney(notice.readerShareCents) },
    ],
    action: { label: "See the reading", url: readingUrl },
  });
}

/** How far back staff count a reader's claims, to see repeated ones. */
const READER_CLAIMS_WINDOW_MS = 90 * 24 * 60 * 60_000;

/** The latest claims, newest first, for staff: who, with whom, why, the credit and the reader's share, and the reader's claims of the last 90 days. */
export async function recentGuaranteeClaims(db: Database, now = Date.now(), limit = 100) {
  const rows = await db
    .select({
      id: guaranteeClaims.id,
      paidReadingId: guaranteeClaims.paidReadingId,
      clientName: nameOf(sql`${guaranteeClaims.clientId}`),
      readerName: nameOf(sql`${guaranteeClaims.readerId}`),
      reason: guaranteeClaims.reason,
      words: guaranteeClaims.words,
      creditCents: guaranteeClaims.creditCents,
      readerShareCents: guaranteeClaims.readerShareCents,
      createdAt: guaranteeClaims.createdAt,
      readerClaims: sql<number>`(SELECT count(*) FROM ${guaranteeClaims} c WHERE c.reader_id = "guarantee_claims"."reader_id" AND c.created_at > ${now - READER_CLAIMS_WINDOW_MS})`,
    })
    .from(guaranteeClaims)
    .orderBy(sql`${guaranteeClaims.createdAt} DESC`)
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    reasonText: GUARANTEE_REASONS[row.reason as GuaranteeReason] ?? row.reason,
    readerClaims: Number(row.readerClaims),
  }));
}
