/**
 * People, as staff see them: found by e-mail or username, each with their plan, credits, reading
 * balance, purchases, readings and reports; credits granted with a reason; accounts suspended and
 * restored (the rule itself is in auth/suspension.server.ts). Every change writes its audit line in the
 * same batch.
 */
import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import {
  anonymousUsers,
  deckPurchases,
  deckReports,
  decks,
  paidReadings,
  paymentReceipts,
  readingReports,
  readingWallets,
  subscriptions,
  users,
} from "../../db/schema";
import { restoreStatement, suspendStatements } from "../auth/suspension.server";
import { creditsLeft, describeCredits, type CreditAmounts } from "../plans/cost";
import { defaultQuota, grantCreditStatements, selectRecord } from "../credits/credits.server";
import type { Database } from "../db.server";
import { auditStatement, recentStaffActions } from "./audit.server";
import { staffReason } from "./reason";

export type StaffOutcome = { ok: true; message: string } | { ok: false; status: number; message: string; field?: string };

/** A person's id in the console's addresses and forms. */
export const personIdSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
);

const searchSchema = lazySchema(() => z.string().trim().max(254).catch(""));

/** Members whose e-mail or username holds the words (a leading @ is forgiven), newest first. */
export async function findPeople(db: Database, query: string) {
  const q = searchSchema.parse(query).replace(/^@/, "").toLowerCase();
  if (q.length < 2) return [];
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      fullName: users.fullName,
      isReader: users.isReader,
      suspendedAt: users.suspendedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(or(sql`lower(${users.email}) like ${like} escape '\\'`, sql`lower(${users.username}) like ${like} escape '\\'`))
    .orderBy(desc(users.createdAt))
    .limit(30);
}

/** Everything the person's page shows, read in one round trip; null when there is no such member. */
/** Reports about decks, newest first: those a person made, or those made about their decks. */
function deckReportsWhere(db: Database, which: SQL) {
  return db
    .select({
      id: deckReports.id,
      deckId: deckReports.deckId,
      title: decks.title,
      reason: deckReports.reason,
      status: deckReports.status,
      createdAt: deckReports.createdAt,
    })
    .from(deckReports)
    .innerJoin(decks, eq(decks.id, deckReports.deckId))
    .where(which)
    .orderBy(desc(deckReports.createdAt))
    .limit(20);
}

export async function personOverview(db: Database, userId: string) {
  if (!personIdSchema.safeParse(userId).success) return null;
  const [people, guests, quotas, subscription, wallet, receipts, purchases, readings, deckReportsBy, readingReportsBy, reportsOfTheirDecks, actions] =
    await db.batch([
      db.select().from(users).where(eq(users.id, userId)),
      db.select({ id: anonymousUsers.id }).from(anonymousUsers).where(eq(anonymousUsers.id, userId)),
      selectRecord(db, userId),
      db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
      db.select({ balanceCents: readingWallets.balanceCents }).from(readingWallets).where(eq(readingWallets.userId, userId)),
      db.select().from(paymentReceipts).where(eq(paymentReceipts.userId, userId)).orderBy(desc(paymentReceipts.paidAt)).limit(20),
      db
        .select({
          id: deckPurchases.id,
          deckId: deckPurchases.deckId,
          title: decks.title,
          grossCents: deckPurchases.grossCents,
          status: deckPurchases.status,
          createdAt: deckPurchases.createdAt,
        })
        .from(deckPurchases)
        .innerJoin(decks, eq(decks.id, deckPurchases.deckId))
        .where(eq(deckPurchases.buyerId, userId))
        .orderBy(desc(deckPurchases.createdAt))
        .limit(20),
      db
        .select({
          id: paidReadings.id,
          clientId: paidReadings.clientId,
          readerId: paidReadings.readerId,
          status: paidReadings.status,
          minutes: paidReadings.minutesBilled,
          chargedCents: paidReadings.chargedCents,
          refundedCents: paidReadings.refundedCents,
          createdAt: paidReadings.createdAt,
        })
        .from(paidReadings)
        .where(or(eq(paidReadings.clientId, userId), eq(paidReadings.readerId, userId)))
        .orderBy(desc(paidReadings.createdAt))
        .limit(20),
      deckReportsWhere(db, eq(deckReports.reporterId, userId)),
      db
        .select({
          id: readingReports.id,
          paidReadingId: readingReports.paidReadingId,
          reason: readingReports.reason,
          resolvedAt: readingReports.resolvedAt,
          createdAt: readingReports.createdAt,
        })
        .from(readingReports)
        .where(eq(readingReports.reporterId, userId))
        .orderBy(desc(readingReports.createdAt))
        .limit(20),
      deckReportsWhere(db, eq(decks.creatorId, userId)),
      recentStaffActions(db, { target: `user:${userId}`, limit: 20 }),
    ]);
  const person = people[0];
  if (!person || guests.length > 0) return null;
  const quota = quotas[0] ?? defaultQuota(userId, Date.now());
  return {
    person: {
      id: person.id,
      email: person.email,
      username: person.username,
      fullName: person.fullName,
      isReader: person.isReader,
      isCreator: person.isCreator,
      createdAt: person.createdAt,
      suspendedAt: person.suspendedAt,
      suspendedReason: person.suspendedReason,
    },
    plan: {
      planType: quota.planType,
      subscription: subscription[0]
        ? {
            status: subscription[0].subscriptionStatus,
            priceId: subscription[0].priceId,
            periodEnd: subscription[0].currentPeriodEnd * 1000,
            cancelAtPeriodEnd: subscription[0].cancelAtPeriodEnd,
          }
        : null,
    },
    credits: creditsLeft(quota),
    balanceCents: wallet[0]?.balanceCents ?? 0,
    receipts,
    purchases,
    readings: readings.map((reading) => ({ ...reading, role: reading.clientId === userId ? ("client" as const) : ("reader" as const) })),
    reports: { deckReportsBy, readingReportsBy, reportsOfTheirDecks },
    actions,
  };
}

export const CREDIT_KINDS = { majorArcana: "Major Arcana", completeDeck: "complete deck" } as const;

export const grantForm = lazySchema(() =>
  z.object({
    kind: z.enum(["majorArcana", "completeDeck"], { error: "Choose which credits to grant." }),
    amount: z.coerce
      .number({ error: "Give a number of credits." })
      .int("Give a whole number of credits.")
      .min(1, "Grant one credit at least.")
      .max(50, "Grant at most 50 credits at once."),
    reason: staffReason,
    /** The form's own key: the same form sent twice grants once. */
    key: z
      .string()
      .trim()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
  }),
);

/** Grants credits with a reason: one ledger line through the credits module, and its audit line, in one batch. */
export async function grantCredits(db: Database, staffId: string, userId: string, form: FormData, now = Date.now()): Promise<StaffOutcome> {
  const parsed = grantForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, status: 400, message: issue?.message ?? "Check the form.", field: String(issue?.path[0] ?? "form") };
  }
  const { kind, amount, reason, key } = parsed.data;
  const amounts: CreditAmounts = { majorArcana: kind === "majorArcana" ? amount : 0, completeDeck: kind === "completeDeck" ? amount : 0 };
  const described = describeCredits(amounts);
  const [ensure, line, update] = grantCreditStatements(db, userId, amounts, {
    description: `Granted by Arcanum staff: ${reason}`,
    referenceId: `staff-grant:${key}`,
    now,
  });
  const [, , updated] = await db.batch([
    ensure,
    line,
    update,
    auditStatement(db, { id: `grant:${key}`, staffId, action: "grant-credits", target: `user:${userId}`, reason, outcome: `${described} granted`, now }),
  ]);
  if (updated.length === 0) return { ok: false, status: 409, message: "These credits were already granted." };
  return { ok: true, message: `${described} granted.` };
}

const suspensionForm = lazySchema(() => z.object({ reason: staffReason }));

/** Suspends a member with a reason: sessions end and listings leave the marketplace in the same batch. */
export async function suspendPerson(db: Database, staff: { id: string }, userId: string, form: FormData, now = Date.now()): Promise<StaffOutcome> {
  const parsed = suspensionForm.safeParse({ reason: form.get("reason") ?? undefined });
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "Say why.", field: "reason" };
  if (staff.id === userId) return { ok: false, status: 409, message: "Staff cannot suspend their own account." };
  const [suspend, endSessions] = suspendStatements(db, userId, parsed.data.reason, now);
  await db.batch([
    suspend,
    endSessions,
    auditStatement(db, {
      staffId: staff.id,
      action: "suspend",
      target: `user:${userId}`,
      reason: parsed.data.reason,
      outcome: "Suspended; sessions ended",
      now,
    }),
  ]);
  return { ok: true, message: "The account is suspended: signed out everywhere, not bookable, and its listings are out of the marketplace." };
}

/** Lifts a suspension, with a reason. */
export async function restorePerson(db: Database, staffId: string, userId: string, form: FormData, now = Date.now()): Promise<StaffOutcome> {
  const parsed = suspensionForm.safeParse({ reason: form.get("reason") ?? undefined });
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "Say why.", field: "reason" };
  await db.batch([
    restoreStatement(db, userId, now),
    auditStatement(db, { staffId, action: "restore", target: `user:${userId}`, reason: parsed.data.reason, outcome: "Restored", now }),
  ]);
  return { ok: true, message: "The account is restored. The person can sign in again." };
}

/** Whether a member with this id exists (not a guest), for the actions' 404. */
export async function memberExists(db: Database, userId: string): Promise<boolean> {
  if (!personIdSchema.safeParse(userId).success) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sql`not exists (select 1 from ${anonymousUsers} where ${anonymousUsers.id} = ${users.id})`));
  return Boolean(row);
}
