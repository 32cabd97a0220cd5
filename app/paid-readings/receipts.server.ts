/**
 * Receipts by e-mail for paid readings: one for each paid reading (and again when a tip is added to
 * it). They tell the client only what the reading's receipt already shows them. A top-up's receipt
 * is the payments module's, as for every payment (docs/decisions/0100).
 */
import { and, eq, sql } from "drizzle-orm";
import { paidReadings, users, walletEntries } from "../../db/schema";
import { personNameSql } from "../auth/person-name.server";
import type { Database } from "../db.server";
import { formatMoney } from "../lib/format";
import { sendNotice, type NoticeTarget } from "../mail/notices.server";

const nameOf = (id: ReturnType<typeof sql>) => personNameSql(id, "your reader");

/** The figures a reading's receipt shows its client: minutes, price, total, tips, and the top-ups made while it ran. */
export async function readingReceiptFigures(db: Database, readingId: string) {
  const [row] = await db
    .select({
      clientEmail: sql<string | null>`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${paidReadings.clientId})`,
      readerName: nameOf(sql`${paidReadings.readerId}`),
      minutes: paidReadings.minutesBilled,
      freeMinutes: paidReadings.freeMinutes,
      pricePerMinuteCents: paidReadings.pricePerMinuteCents,
      chargedCents: paidReadings.chargedCents,
      startedAt: paidReadings.startedAt,
      tipCents: tipCentsOf(sql`${paidReadings.id}`),
      topUps: topUpsDuring,
    })
    .from(paidReadings)
    .where(eq(paidReadings.id, readingId))
    .limit(1);
  return row ? { ...row, tipCents: Number(row.tipCents), topUps: topUpList(row.topUps) } : null;
}

/** What the client tipped on a reading, in cents. */
export const tipCentsOf = (readingId: ReturnType<typeof sql>) =>
  sql<number>`coalesce((SELECT -sum(${walletEntries.amountCents}) FROM ${walletEntries} WHERE ${walletEntries.paidReadingId} = ${readingId} AND ${walletEntries.kind} = 'tip'), 0)`;

/** The client's top-ups that reached the balance while the reading ran, oldest first, as "cents,cents". */
export const topUpsDuring = sql<
  string | null
>`(SELECT group_concat(amount_cents) FROM (SELECT ${walletEntries.amountCents} AS amount_cents FROM ${walletEntries}
  WHERE ${walletEntries.userId} = ${paidReadings.clientId} AND ${walletEntries.kind} = 'top-up' AND ${paidReadings.startedAt} IS NOT NULL
    AND ${walletEntries.createdAt} >= ${paidReadings.startedAt} AND ${walletEntries.createdAt} <= coalesce(${paidReadings.endedAt}, ${walletEntries.createdAt})
  ORDER BY ${walletEntries.createdAt}))`;

export const topUpList = (raw: string | null) =>
  raw
    ? raw
        .split(",")
        .map(Number)
        .filter((n) => Number.isFinite(n))
    : [];

/** The reading's receipt, to its client. */
export async function sendReadingReceipt(target: NoticeTarget, readingId: string) {
  const figures = await readingReceiptFigures(target.db, readingId);
  if (!figures?.clientEmail || figures.startedAt === null) return;
  const paidMinutes = Math.max(0, figures.minutes - figures.freeMinutes);
  const rows = [
    { label: "Minutes", value: String(figures.minutes) },
    ...(figures.minutes > paidMinutes ? [{ label: "Free minutes", value: String(figures.minutes - paidMinutes) }] : []),
    { label: "Price per minute", value: formatMoney(figures.pricePerMinuteCents) },
    { label: "Total", value: formatMoney(figures.chargedCents) },
    ...(figures.tipCents > 0 ? [{ label: "Tip", value: formatMoney(figures.tipCents) }] : []),
    ...figures.topUps.map((cents) => ({ label: "Top-up during the reading", value: formatMoney(cents) })),
  ];
  sendNotice(target, {
    to: figures.clientEmail,
    subject: figures.tipCents > 0 ? `Your reading with ${figures.readerName}, with your tip` : `Your reading with ${figures.readerName}`,
    heading: `Your reading with ${figures.readerName}`,
    paragraphs: [
      `Here is what your reading with ${figures.readerName} came to. It was paid from your reading balance, by the started minute.`,
      ...(figures.tipCents > 0 ? ["Thank you for your tip: it goes to your reader, less the same platform fee as the reading's minutes."] : []),
    ],
    rows,
  });
}

/** The client's live paid reading, if any: its room hears of a top-up. */
export async function liveReadingOf(db: Database, clientId: string) {
  const [row] = await db
    .select({ id: paidReadings.id })
    .from(paidReadings)
    .where(and(eq(paidReadings.clientId, clientId), eq(paidReadings.status, "live")))
    .limit(1);
  return row?.id ?? null;
}
