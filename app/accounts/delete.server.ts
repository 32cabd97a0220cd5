import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import {
  anonymousUsers,
  apiTokens,
  authSessions,
  checkoutSessions,
  customSpreads,
  deckListings,
  deckQuotaLedger,
  deckReports,
  decks,
  deviceMembers,
  guaranteeClaims,
  paidReadings,
  quizAttempts,
  readerApplications,
  readerBlocks,
  readerCertificates,
  readerProfiles,
  readingInvites,
  readingJournal,
  readingMessages,
  readingSessions,
  sessionParticipants,
  subscriptions,
  userDeckQuotas,
  userIdentities,
  users,
} from "../../db/schema";
import { personName } from "../auth/display-name";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import type { NoticeTarget } from "../mail/notices.server";
import { forgetAccountFollowStatements } from "../marketplace/follows.server";
import { paidCopyHeldByOthers } from "../marketplace/paid-copies.server";
import { deleteMediaUnder } from "../media/media.server";
import { sharePicturePrefix } from "../media/picture-style";
import { forgetAccountPushStatements } from "../push/subscriptions.server";
import { forgetCertificatePictures } from "../readers/certificate-storage.server";
import { forgetCuratedRow } from "../marketplace/browse.server";
import { departureHandlers } from "./departure-handlers.server";
import { namedByKeptRecord } from "./kept-records.server";

type Statement = BatchItem<"sqlite">;

export const DELETE_WORD = "DELETE";
export const CONFIRMATION_MISMATCH = `Type your e-mail address or the word ${DELETE_WORD} to confirm.`;
export const SUBSCRIPTION_STILL_RUNNING =
  "Your subscription is still running. Cancel it on the subscription page first, so that nothing is charged after your account is gone.";
export const PAID_READING_STILL_LIVE = "A paid reading of yours is still going on. End it first, then delete your account.";
/** What a kept record shows where the person's name was. */
export const DELETED_NAME = "Deleted member";

const confirmation = lazySchema(() => z.string().trim().min(1, CONFIRMATION_MISMATCH).max(320, CONFIRMATION_MISMATCH));

/** Subscription states in which the provider may still charge the person. */
const CHARGING = ["active", "trialing", "past_due", "unpaid", "incomplete", "paused"] as const;

export type DeleteAccountOutcome = { ok: true; deletedUser: boolean } | { ok: false; status: 400 | 409; field: "confirm" | "form"; message: string };

/** The typed confirmation: the account's e-mail address (any letter case) or the word DELETE. */
export function confirms(input: unknown, email: string | null): boolean {
  const parsed = confirmation.safeParse(input);
  if (!parsed.success) return false;
  if (parsed.data === DELETE_WORD) return true;
  return email !== null && parsed.data.toLowerCase() === email.toLowerCase();
}

/** A deck at least one other person holds a paid copy of: it stays for them (decision 0028). */
const boughtByOthers = (userId: string) => paidCopyHeldByOthers(decks.id, userId);

/** Any row that must outlive the person: a deck kept for its buyers, or a kept record (money, staff's trail). */
const mustKeepRow = (userId: string) => sql`(EXISTS (SELECT 1 FROM decks WHERE creator_id = ${userId}) OR ${namedByKeptRecord(userId)})`;

/** A paid reading's room: it stays as the record the reading hangs on, whoever hosted it. */
const isPaidReading = sql`EXISTS (SELECT 1 FROM paid_readings WHERE paid_readings.id = ${readingSessions.id})`;

/**
 * Deletes the person's account: decks nobody else bought (with their card images), their
 * picture, the readings they host, their seats, journal, credits, sign-ins, API tokens, profile, and
 * what made them a reader (application, quiz attempts, certificates, reader profile).
 * What is open with other people is settled first, in the same batch, by the parts of the product
 * that hold it (`departureHandlers`: booked readings cancelled and their holds settled, unanswered
 * written readings refunded, a reader's hours withdrawn), and the people it touched are told by
 * e-mail afterwards; or the deletion is refused, naming what is still open.
 * Decks others bought stay for those buyers, out of the marketplace and private; kept records
 * (kept-records.server.ts: money and its records) stay for the other person and the books. When
 * anything stays, the user row stays too, emptied of everything that names the person; otherwise
 * it goes. All rows change in one batch; images are removed after it, only for the decks it deleted.
 */
export async function deleteAccount(
  db: Database,
  bucket: R2Bucket,
  user: CurrentUser,
  input: { confirm: unknown },
  notices: NoticeTarget | null,
  now = Date.now(),
): Promise<DeleteAccountOutcome> {
  const row = await db.query.users.findFirst({ columns: { email: true, fullName: true, username: true }, where: eq(users.id, user.id) });
  if (!row) return { ok: false, status: 409, field: "form", message: "This account is already deleted." };
  if (!confirms(input.confirm, row.email)) return { ok: false, status: 400, field: "confirm", message: CONFIRMATION_MISMATCH };

  const id = user.id;
  const leaving = { id, name: personName(row) };
  const [subscription, live, certificates, shares, departures] = await Promise.all([
    db.query.subscriptions.findFirst({
      columns: { userId: true },
      where: and(eq(subscriptions.userId, id), inArray(subscriptions.subscriptionStatus, CHARGING), eq(subscriptions.cancelAtPeriodEnd, false)),
    }),
    db.query.paidReadings.findFirst({
      columns: { id: true },
      where: and(eq(paidReadings.status, "live"), or(eq(paidReadings.clientId, id), eq(paidReadings.readerId, id))),
    }),
    // Their certificates' stored pictures are found by id, so the ids are read before the rows go.
    db.select({ id: readerCertificates.id }).from(readerCertificates).where(eq(readerCertificates.userId, id)),
    // So are their shared readings', whose preview pictures go with them.
    db
      .select({ shareId: readingJournal.shareId })
      .from(readingJournal)
      .where(and(eq(readingJournal.userId, id), isNotNull(readingJournal.shareId))),
    Promise.all(departureHandlers.map((handler) => handler(db, leaving, now))),
  ]);
  if (subscription) return { ok: false, status: 409, field: "form", message: SUBSCRIPTION_STILL_RUNNING };
  if (live) return { ok: false, status: 409, field: "form", message: PAID_READING_STILL_LIVE };
  const refusal = departures.find((departure) => departure.refusal !== null)?.refusal;
  if (refusal) return { ok: false, status: 409, field: "form", message: refusal };

  const ownDeck = eq(decks.creatorId, id);
  // What is open with others is settled first, so the kept records it writes keep the user row.
  const settling = departures.flatMap((departure) => departure.statements);
  const removeDecks = db
    .delete(decks)
    .where(and(ownDeck, sql`NOT ${boughtByOthers(id)}`))
    .returning({ id: decks.id });
  const removeUser = db
    .delete(users)
    .where(and(eq(users.id, id), sql`NOT ${mustKeepRow(id)}`))
    .returning({ id: users.id });
  const results = await db.batch([
    ...settling,
    // Kept for buyers: out of the marketplace and no longer public.
    db
      .update(deckListings)
      .set({ status: "unlisted", updatedAt: now })
      .where(and(eq(deckListings.sellerId, id), sql`${deckListings.deckId} IN (SELECT id FROM decks WHERE ${ownDeck} AND ${boughtByOthers(id)})`)),
    db
      .update(decks)
      .set({ isPublic: false, updatedAt: now })
      .where(and(ownDeck, boughtByOthers(id))),
    removeDecks,
    // Readings they host end; other people's journal entries of them keep their text. Paid
    // readings stay: they are the other person's record too, and an accounting one.
    db.delete(readingSessions).where(and(eq(readingSessions.hostUserId, id), sql`NOT ${isPaidReading}`)),
    db.update(readingSessions).set({ originalHostUserId: null }).where(eq(readingSessions.originalHostUserId, id)),
    db.delete(sessionParticipants).where(eq(sessionParticipants.userId, id)),
    db.delete(readingInvites).where(eq(readingInvites.createdBy, id)),
    db.delete(readingJournal).where(eq(readingJournal.userId, id)),
    db.delete(deckReports).where(eq(deckReports.reporterId, id)),
    db.delete(deckQuotaLedger).where(eq(deckQuotaLedger.userId, id)),
    db.delete(userDeckQuotas).where(eq(userDeckQuotas.userId, id)),
    db.delete(subscriptions).where(eq(subscriptions.userId, id)),
    db.delete(checkoutSessions).where(eq(checkoutSessions.userId, id)),
    db.delete(authSessions).where(eq(authSessions.userId, id)),
    db.delete(userIdentities).where(eq(userIdentities.userId, id)),
    db.delete(deviceMembers).where(eq(deviceMembers.userId, id)),
    db.delete(anonymousUsers).where(eq(anonymousUsers.id, id)),
    // Their API tokens stop answering at once, whether or not the row stays (decision 0056).
    db.delete(apiTokens).where(eq(apiTokens.userId, id)),
    // A reader's profile, application, quiz attempts and certificates (which carry their name) go too.
    db.delete(readerProfiles).where(eq(readerProfiles.userId, id)),
    db.delete(readerApplications).where(eq(readerApplications.userId, id)),
    db.delete(readerCertificates).where(eq(readerCertificates.userId, id)),
    db.delete(quizAttempts).where(eq(quizAttempts.userId, id)),
    // Their spreads go, share links with them; tables and journals that laid one keep their own copy.
    db.delete(customSpreads).where(eq(customSpreads.ownerId, id)),
    // Their devices stop taking pushes, and nobody follows them any more.
    ...forgetAccountPushStatements(db, id),
    // Whom they follow, who follows them, and their wishlist: theirs alone (decision 0113).
    ...forgetAccountFollowStatements(db, id),
    // Blocks they set as a reader, or that were set on them, name nobody now.
    db.delete(readerBlocks).where(or(eq(readerBlocks.readerId, id), eq(readerBlocks.clientId, id))),
    // Their messages after readings go; the other person keeps what they wrote themselves.
    db.delete(readingMessages).where(eq(readingMessages.senderId, id)),
    // A guarantee claim stays as a money record; the client's own words about the reading go.
    db.update(guaranteeClaims).set({ words: "" }).where(eq(guaranteeClaims.clientId, id)),
    // Nothing left that must stay: the row goes. Otherwise it stays, naming nobody.
    db
      .update(users)
      .set({
        email: null,
        username: null,
        fullName: DELETED_NAME,
        avatarUrl: null,
        bio: null,
        isCreator: false,
        isReader: false,
        customPricePerMinute: null,
        levelId: null,
        isOnline: false,
        updatedAt: now,
      })
      .where(eq(users.id, id)),
    removeUser,
  ] as unknown as [Statement, ...Statement[]]);
  const removedDecks = results[settling.length + 2] as { id: string }[];
  const gone = results.at(-1) as { id: string }[];
  // Their listings are out of the marketplace: this isolate's copy of the home page's row goes.
  forgetCuratedRow();

  if (notices) {
    let at = 0;
    for (const departure of departures) {
      const own = results.slice(at, at + departure.statements.length);
      at += departure.statements.length;
      // Told after the response, off the request's path.
      if (departure.tell) notices.waitUntil(departure.tell(notices, own));
    }
  }

  for (const deck of removedDecks) {
    await deleteMediaUnder(bucket, `card-images/${deck.id}/`);
    await deleteMediaUnder(bucket, sharePicturePrefix(`decks/${deck.id}`));
  }
  for (const { shareId } of shares) await deleteMediaUnder(bucket, sharePicturePrefix(`readings/${shareId}`));
  await deleteMediaUnder(bucket, `avatars/${id}/`);
  for (const certificate of certificates) await forgetCertificatePictures(bucket, certificate.id);
  return { ok: true, deletedUser: gone.length === 1 };
}
