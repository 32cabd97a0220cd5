import { asc, desc, eq, and } from "drizzle-orm";
import { readerLevels, users } from "../../db/schema";
import type { Database } from "../db.server";
import { isReaderOnline } from "./presence";

const readerColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  avatarUrl: users.avatarUrl,
  bio: users.bio,
  pricePerMinuteCents: users.customPricePerMinute,
  isOnline: users.isOnline,
  lastSeenAt: users.lastSeenAt,
  createdAt: users.createdAt,
  levelName: readerLevels.name,
  levelRank: readerLevels.rankOrder,
};

function withPresence<T extends { isOnline: boolean; lastSeenAt: number | null }>(reader: T, now: number) {
  const { isOnline, ...rest } = reader;
  return { ...rest, online: isReaderOnline({ isOnline, lastSeenAt: reader.lastSeenAt }, now) };
}

/** Every reader with a public profile, highest level first. */
export async function listReaders(db: Database, now = Date.now()) {
  const rows = await db
    .select(readerColumns)
    .from(users)
    .leftJoin(readerLevels, eq(readerLevels.id, users.levelId))
    .where(eq(users.isReader, true))
    .orderBy(desc(readerLevels.rankOrder), asc(users.username));
  return rows.filter((r) => r.username).map((r) => withPresence(r, now));
}

export type ReaderSummary = Awaited<ReturnType<typeof listReaders>>[number];

export async function getReaderByUsername(db: Database, username: string, now = Date.now()) {
  const [row] = await db
    .select(readerColumns)
    .from(users)
    .leftJoin(readerLevels, eq(readerLevels.id, users.levelId))
    .where(and(eq(users.isReader, true), eq(users.username, username)))
    .limit(1);
  return row ? withPresence(row, now) : null;
}
