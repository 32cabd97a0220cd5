/**
 * A reader's block of a client (decision 0089): set from one of the client's requests, lifted from
 * the dashboard. While it stands, the client can neither ask for a live reading, nor book a slot,
 * nor ask for a written reading of that reader; the refusal says the reader is not available to
 * them, not why. Each of those writes checks it in its own statement or just before it.
 */
import { and, desc, eq, sql, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { readerBlocks, readingRequests, users } from "../../db/schema";
import type { Database } from "../db.server";
import { PAID_READING_MESSAGES } from "./rules";

type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** "The reader has blocked this client", as a condition inside another statement. */
export const blockedSql = (readerId: string | SQLWrapper, clientId: string | SQLWrapper) =>
  sql`EXISTS (SELECT 1 FROM ${readerBlocks} WHERE ${readerBlocks.readerId} = ${readerId} AND ${readerBlocks.clientId} = ${clientId})`;

/** Whether the reader (an id, or a subquery naming one) has blocked the client. */
export async function isBlocked(db: Database, readerId: string | SQLWrapper, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ clientId: readerBlocks.clientId })
    .from(readerBlocks)
    .where(and(eq(readerBlocks.readerId, readerId), eq(readerBlocks.clientId, clientId)))
    .limit(1);
  return Boolean(row);
}

/**
 * The reader blocks the client of one of their requests: the block, and the client's request to
 * them still waiting declined, in one batch. Returns the client, whose tabs are to be told.
 */
export async function blockFromRequest(db: Database, readerId: string, requestId: string, now = Date.now()): Promise<Outcome<{ clientId: string }>> {
  const [request] = await db
    .select({ clientId: readingRequests.clientId })
    .from(readingRequests)
    .where(and(eq(readingRequests.id, requestId.slice(0, 64)), eq(readingRequests.readerId, readerId)))
    .limit(1);
  if (!request) return { ok: false, status: 404, message: PAID_READING_MESSAGES.notFound };
  await db.batch([
    db.insert(readerBlocks).values({ readerId, clientId: request.clientId, createdAt: now }).onConflictDoNothing(),
    db
      .update(readingRequests)
      .set({ status: "declined", answeredAt: now })
      .where(and(eq(readingRequests.clientId, request.clientId), eq(readingRequests.readerId, readerId), eq(readingRequests.status, "pending"))),
  ]);
  return { ok: true, value: { clientId: request.clientId } };
}

export const unblockForm = lazySchema(() =>
  z.object({
    clientId: z.string().trim().min(1, PAID_READING_MESSAGES.whichClient).max(64, PAID_READING_MESSAGES.whichClient),
  }),
);

/** The reader lifts their own block of the client; nothing when there is none. */
export async function unblock(db: Database, readerId: string, clientId: string) {
  await db.delete(readerBlocks).where(and(eq(readerBlocks.readerId, readerId), eq(readerBlocks.clientId, clientId)));
}

/** The clients the reader has blocked, the latest first, as the dashboard lists them. */
export async function blockedClientsOf(db: Database, readerId: string) {
  return db
    .select({
      clientId: readerBlocks.clientId,
      name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username}, 'A client')`,
      since: readerBlocks.createdAt,
    })
    .from(readerBlocks)
    .innerJoin(users, eq(users.id, readerBlocks.clientId))
    .where(eq(readerBlocks.readerId, readerId))
    .orderBy(desc(readerBlocks.createdAt))
    .limit(200);
}

export type BlockedClient = Awaited<ReturnType<typeof blockedClientsOf>>[number];
