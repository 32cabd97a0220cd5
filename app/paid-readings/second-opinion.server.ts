/**
 * "Ask a reader about this reading" (decision 0104): a written reading asked about an entry already in
 * the client's journal. The reader reads the same spread and cards (and the question and the AI's
 * interpretation when the client shows them), and the answer is shown on that entry. Money, limits
 * and refunds are the written readings' own (written.server.ts).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { readerLevels, readerProfiles, readingRequests, users, writtenOffers, writtenRequests } from "../../db/schema";
import { notSuspended } from "../auth/suspension.server";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { getJournalEntry } from "../reading-room/journal.server";
import { publicAvatarUrl } from "../readers/queries.server";
import { averageRating } from "../readers/directory";
import { blockedSql } from "./blocks.server";
import { SECOND_OPINION_MESSAGES, WRITTEN_MESSAGES, offerCardCount, secondOpinionOffer, type SecondOpinionInput } from "./written";
import { askBatch, type AboutEntry, type Done } from "./written.server";

/** The journal entry a second opinion may be asked about: the client's own, with cards, and not a reading they gave as the reader. */
export async function entryToAskAbout(
  db: Database,
  clientId: string,
  entryId: string,
): Promise<Done<NonNullable<Awaited<ReturnType<typeof getJournalEntry>>>>> {
  const entry = await getJournalEntry(db, clientId, entryId);
  if (!entry) return { ok: false, status: 404, message: SECOND_OPINION_MESSAGES.entry };
  if (entry.sharing.kind === "paid" && entry.sharing.role === "reader") return { ok: false, status: 403, message: SECOND_OPINION_MESSAGES.ownReading };
  if (entry.cards.length === 0) return { ok: false, status: 400, message: SECOND_OPINION_MESSAGES.noCards };
  return { ok: true, value: entry };
}

/**
 * The active written offers a client could ask a second opinion at, every reader's: read beside the
 * entry, then narrowed by `readersFor` to the entry's size. The client, a reader who blocked them and
 * a suspended reader are left out.
 */
export async function secondOpinionOffers(db: Database, clientId: string) {
  return db
    .select({
      offerId: writtenOffers.id,
      title: writtenOffers.title,
      spreadId: writtenOffers.spreadId,
      priceCents: writtenOffers.priceCents,
      answerHours: writtenOffers.answerHours,
      username: sql<string>`${users.username}`,
      fullName: users.fullName,
      avatarUrl: users.avatarUrl,
      levelName: readerLevels.name,
      ratingSum: sql<number>`coalesce(${readerProfiles.ratingSum}, 0)`,
      ratingCount: sql<number>`coalesce(${readerProfiles.ratingCount}, 0)`,
    })
    .from(writtenOffers)
    .innerJoin(users, and(eq(users.id, writtenOffers.readerId), eq(users.isReader, true), notSuspended, sql`${users.username} IS NOT NULL`))
    .leftJoin(readerProfiles, eq(readerProfiles.userId, users.id))
    .leftJoin(readerLevels, eq(readerLevels.id, users.levelId))
    .where(and(eq(writtenOffers.active, true), sql`${writtenOffers.readerId} <> ${clientId}`, sql`NOT ${blockedSql(writtenOffers.readerId, clientId)}`))
    .orderBy(asc(writtenOffers.priceCents), asc(users.username));
}

/** Each reader once, with the offer a reading of `cardCount` cards would be priced at (their cheapest that lays as many or more), the cheapest first. */
export function readersFor(rows: Awaited<ReturnType<typeof secondOpinionOffers>>, cardCount: number) {
  const byReader = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) byReader.set(row.username, [...(byReader.get(row.username) ?? []), row]);
  return [...byReader.values()]
    .map((offers) => secondOpinionOffer(offers, cardCount))
    .filter((offer) => offer !== null)
    .map((offer) => ({
      offerId: offer.offerId,
      title: offer.title,
      priceCents: offer.priceCents,
      answerHours: offer.answerHours,
      username: offer.username,
      name: offer.fullName || offer.username,
      avatarUrl: publicAvatarUrl(offer.username, offer.avatarUrl),
      levelName: offer.levelName,
      rating: averageRating(Number(offer.ratingSum), Number(offer.ratingCount)),
      ratingCount: Number(offer.ratingCount),
    }))
    .sort((a, b) => a.priceCents - b.priceCents || a.name.localeCompare(b.name));
}

export type SecondOpinionReader = ReturnType<typeof readersFor>[number];

/**
 * The client asks a reader about their entry. The offer must lay as many cards as the entry has; the
 * interpretation is shown only when it is the AI's (a reader's words are not passed on to another).
 */
export async function askSecondOpinion(
  db: Database,
  client: CurrentUser,
  entryId: string,
  input: SecondOpinionInput,
  now = Date.now(),
): Promise<Done<{ id: string; readerId: string; created: boolean }>> {
  if (client.isGuest) return { ok: false, status: 403, message: WRITTEN_MESSAGES.guest };
  const [entry, [offer]] = await Promise.all([
    entryToAskAbout(db, client.id, entryId),
    db
      .select({ spreadId: writtenOffers.spreadId })
      .from(writtenOffers)
      .where(eq(writtenOffers.id, input.offerId.slice(0, 64)))
      .limit(1),
  ]);
  if (!entry.ok) return entry;
  if (!offer) return { ok: false, status: 404, message: WRITTEN_MESSAGES.offerGone };
  if (offerCardCount(offer.spreadId) < entry.value.cards.length) return { ok: false, status: 400, message: SECOND_OPINION_MESSAGES.tooSmall };
  return askBatch(db, client, input, now, aboutEntry(entry.value, input));
}

/**
 * What a request about `entry` carries, written or live: the question when the client chose it, and
 * the interpretation only when they chose it and the AI wrote it (never another reader's words).
 */
export function aboutEntry(
  entry: { id: string; interpretationBy: "ai" | "reader" },
  choices: { shareQuestion: boolean; shareInterpretation: boolean },
): AboutEntry {
  return { entryId: entry.id, shareQuestion: choices.shareQuestion, shareInterpretation: choices.shareInterpretation && entry.interpretationBy === "ai" };
}

/** The second opinions the client asked about one entry of theirs, the first asked first. */
export async function secondOpinionsOf(db: Database, clientId: string, entryId: string) {
  return db
    .select({
      id: writtenRequests.id,
      status: writtenRequests.status,
      askedAt: writtenRequests.askedAt,
      deadlineAt: writtenRequests.deadlineAt,
      answeredAt: writtenRequests.answeredAt,
      answer: writtenRequests.answer,
      readerName: sql<string>`(SELECT coalesce(nullif(u.full_name, ''), u.username, 'A reader') FROM ${users} u WHERE u.id = ${writtenRequests.readerId})`,
    })
    .from(writtenRequests)
    .where(and(eq(writtenRequests.journalEntryId, entryId), eq(writtenRequests.clientId, clientId), eq(writtenRequests.kind, "second-opinion")))
    .orderBy(asc(writtenRequests.askedAt));
}

export type SecondOpinion = Awaited<ReturnType<typeof secondOpinionsOf>>[number];

/** The live readings a reader accepted about one entry of the client's, the first first: each links to its receipt. */
export async function liveOpinionsOf(db: Database, clientId: string, entryId: string) {
  return db
    .select({
      readingId: sql<string>`${readingRequests.paidReadingId}`,
      at: readingRequests.answeredAt,
      readerName: sql<string>`(SELECT coalesce(nullif(u.full_name, ''), u.username, 'A reader') FROM ${users} u WHERE u.id = ${readingRequests.readerId})`,
    })
    .from(readingRequests)
    .where(
      and(
        eq(readingRequests.journalEntryId, entryId),
        eq(readingRequests.clientId, clientId),
        eq(readingRequests.status, "accepted"),
        sql`${readingRequests.paidReadingId} IS NOT NULL`,
      ),
    )
    .orderBy(asc(readingRequests.answeredAt));
}
