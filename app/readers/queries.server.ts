import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { readerCertificates, readerFollows, readerLevels, readerProfiles, users } from "../../db/schema";
import { notSuspended } from "../auth/suspension.server";
import type { Database } from "../db.server";
import { averageRating, READERS_PAGE_SIZE, type ReaderSort } from "./directory";
import { readerOnlineSql } from "./presence.server";

// Reader pages are public: every query here names the public columns it reads, never the user's id
// or e-mail, and readers are told apart by username.

export type ReaderFilters = {
  online?: boolean;
  specialty?: string;
  language?: string;
  /** Inclusive price bounds in cents a minute. */
  minPriceCents?: number;
  maxPriceCents?: number;
  /** Lowest average rating, such as 4.5. */
  minRating?: number;
  sort?: ReaderSort;
  /** 1-based. */
  page?: number;
  /** Whose favourites the cards show, and with `mine`, the only readers listed: a user id, or `me` (app/lib/page-reads.server.ts). */
  viewerId?: string | SQLWrapper;
  mine?: boolean;
};

type ReaderRow = {
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
  pricePerMinuteCents: number | null;
  levelName: string | null;
  online: number;
  specialties: string;
  languages: string;
  introduction: string;
  /** 1 for a reader of the local demo world (decision 0099). */
  demo: number;
  lastSeenAt: number | null;
  completedReadings: number;
  ratingSum: number;
  ratingCount: number;
  /** The viewer's favourite: null when the reader is not one, else 1 or 0 for its online notices. */
  follow: number | null;
};

/** When a person became a reader: their first certificate, or the account's creation for readers made otherwise. */
const joinedAt = sql`coalesce((select min(${readerCertificates.issuedAt}) from ${readerCertificates} where ${readerCertificates.userId} = ${users.id}), ${users.createdAt})`;
const ratingAverage = sql`(case when coalesce(${readerProfiles.ratingCount}, 0) > 0 then ${readerProfiles.ratingSum} * 1.0 / ${readerProfiles.ratingCount} end)`;

/**
 * The orders of the list. Each ends with the username, which is unique, so pages never repeat or
 * skip a reader. Readers without a price or without a rating come after those with one.
 */
function orderBy(sort: ReaderSort, online: SQL): SQL {
  const byName = sql`${users.username} asc`;
  switch (sort) {
    case "recommended":
      return sql`${online} desc, coalesce(${readerLevels.rankOrder}, 0) desc, ${ratingAverage} is null, ${ratingAverage} desc, coalesce(${readerProfiles.completedReadings}, 0) desc, ${byName}`;
    case "price-low":
      return sql`${users.customPricePerMinute} is null, ${users.customPricePerMinute} asc, ${byName}`;
    case "price-high":
      return sql`${users.customPricePerMinute} is null, ${users.customPricePerMinute} desc, ${byName}`;
    case "top-rated":
      return sql`${ratingAverage} is null, ${ratingAverage} desc, coalesce(${readerProfiles.ratingCount}, 0) desc, ${byName}`;
    case "most-readings":
      return sql`coalesce(${readerProfiles.completedReadings}, 0) desc, ${ratingAverage} is null, ${ratingAverage} desc, ${byName}`;
    case "newest":
      return sql`${joinedAt} desc, ${byName}`;
  }
}

/** Readers with a public profile, narrowed by the visitor's filters. */
function whereClause(filters: ReaderFilters, online: SQL): SQL {
  const conditions: SQL[] = [sql`${users.isReader} = 1`, sql`${users.username} is not null`, notSuspended];
  if (filters.online) conditions.push(online);
  if (filters.mine) {
    conditions.push(
      sql`exists (select 1 from ${readerFollows} where ${readerFollows.followerId} = ${filters.viewerId ?? ""} and ${readerFollows.readerId} = ${users.id})`,
    );
  }
  if (filters.specialty) {
    conditions.push(sql`exists (select 1 from json_each(${readerProfiles.specialties}) where value = ${filters.specialty})`);
  }
  if (filters.language) {
    conditions.push(sql`exists (select 1 from json_each(${readerProfiles.languages}) where lower(value) = lower(${filters.language}))`);
  }
  if (filters.minPriceCents !== undefined) conditions.push(sql`${users.customPricePerMinute} >= ${filters.minPriceCents}`);
  if (filters.maxPriceCents !== undefined) conditions.push(sql`${users.customPricePerMinute} <= ${filters.maxPriceCents}`);
  if (filters.minRating !== undefined) {
    conditions.push(sql`${readerProfiles.ratingCount} > 0 and ${readerProfiles.ratingSum} >= ${filters.minRating} * ${readerProfiles.ratingCount}`);
  }
  return sql.join(conditions, sql` and `);
}

const fromReaders = sql`${users}
  left join ${readerProfiles} on ${readerProfiles.userId} = ${users.id}
  left join ${readerLevels} on ${readerLevels.id} = ${users.levelId}`;

/** An avatar we store sits under the owner's user id (`/media/avatars/{id}/{file}`); a reader's is served by username instead. */
const STORED_AVATAR = /^\/media\/avatars\/[^/]+\/([^/]+)$/;

export function publicAvatarUrl(username: string, avatarUrl: string | null): string | null {
  if (!avatarUrl) return null;
  const stored = STORED_AVATAR.exec(avatarUrl);
  // A picture kept elsewhere (an address from a sign-in provider) names no one of ours.
  return stored ? `/readers/${encodeURIComponent(username)}/avatar/${stored[1]}` : avatarUrl;
}

/** The media key of a reader's current avatar when `file` names it; null otherwise. */
export async function readerAvatarKey(db: Database, username: string, file: string): Promise<string | null> {
  const [reader] = await db
    .select({ id: users.id, avatarUrl: users.avatarUrl })
    .from(users)
    .where(and(eq(users.isReader, true), eq(users.username, username)))
    .limit(1);
  if (!reader?.avatarUrl || reader.avatarUrl !== `/media/avatars/${reader.id}/${file}`) return null;
  return reader.avatarUrl.slice("/media/".length);
}

/** The viewer's favourite state of the reader in the row, as a column. */
const followOf = (viewerId: string | SQLWrapper | undefined) =>
  viewerId
    ? sql`(select ${readerFollows.notify} from ${readerFollows} where ${readerFollows.followerId} = ${viewerId} and ${readerFollows.readerId} = ${users.id})`
    : sql`null`;

function toCard({ online, specialties, languages, ratingSum, ratingCount, avatarUrl, follow, demo, ...row }: ReaderRow) {
  return {
    ...row,
    demo: demo === 1,
    favourite: { favourite: follow !== null, notify: follow === 1 },
    avatarUrl: publicAvatarUrl(row.username, avatarUrl),
    online: online === 1,
    specialties: JSON.parse(specialties) as string[],
    languages: JSON.parse(languages) as string[],
    ratingCount,
    rating: averageRating(ratingSum, ratingCount),
  };
}

export type ReaderCard = ReturnType<typeof toCard>;

/**
 * A page of the readers list and the number of readers that match. One statement reads both; only a
 * page past the last one needs a second to count.
 */
export async function browseReaders(db: Database, filters: ReaderFilters, now = Date.now()) {
  return readersResult(db, filters, await readersQuery(db, filters, now), now);
}

/** The statement behind `browseReaders`, for a page that reads it beside the session. */
export function readersQuery(db: Database, filters: ReaderFilters, now: number) {
  const page = pageOf(filters);
  const online = readerOnlineSql(now);
  return db.all<ReaderRow & { total: number }>(sql`
    select ${users.username} as username, ${users.fullName} as fullName, ${users.avatarUrl} as avatarUrl,
      ${users.customPricePerMinute} as pricePerMinuteCents, ${readerLevels.name} as levelName, ${online} as online,
      coalesce(${readerProfiles.specialties}, '[]') as specialties, coalesce(${readerProfiles.languages}, '[]') as languages,
      coalesce(${readerProfiles.introduction}, '') as introduction, coalesce(${readerProfiles.demo}, 0) as demo, ${users.lastSeenAt} as lastSeenAt,
      coalesce(${readerProfiles.completedReadings}, 0) as completedReadings,
      coalesce(${readerProfiles.ratingSum}, 0) as ratingSum, coalesce(${readerProfiles.ratingCount}, 0) as ratingCount,
      ${followOf(filters.viewerId)} as follow,
      count(*) over () as total
    from ${fromReaders}
    where ${whereClause(filters, online)}
    order by ${orderBy(filters.sort ?? "recommended", online)}
    limit ${READERS_PAGE_SIZE} offset ${(page - 1) * READERS_PAGE_SIZE}`);
}

/** The list's page from the rows `readersQuery` read; a page past the last one asks for the count once more. */
export async function readersResult(db: Database, filters: ReaderFilters, rows: (ReaderRow & { total: number })[], now: number) {
  const page = pageOf(filters);
  const where = whereClause(filters, readerOnlineSql(now));
  const total =
    rows[0]?.total ?? (page === 1 ? 0 : ((await db.all<{ total: number }>(sql`select count(*) as total from ${fromReaders} where ${where}`))[0]?.total ?? 0));
  return {
    readers: rows.map(({ total: _, ...row }) => toCard(row)),
    total,
    page,
    pageCount: Math.ceil(total / READERS_PAGE_SIZE),
  };
}

const pageOf = (filters: ReaderFilters) => Math.max(1, Math.floor(filters.page ?? 1));

/** The languages readers offer, for the list's language filter. */
export function readerLanguagesQuery(db: Database) {
  return db.all<{ language: string }>(sql`
    select distinct l.value as language
    from ${users} join ${readerProfiles} on ${readerProfiles.userId} = ${users.id}, json_each(${readerProfiles.languages}) as l
    where ${users.isReader} = 1 and ${users.username} is not null
    order by l.value collate nocase`);
}

type ProfileRow = Omit<ReaderRow, "online"> & {
  bio: string | null;
  online: number;
  yearsOfPractice: number;
  certificateId: string | null;
};

/** A reader's public profile by username; null for an unknown name or someone who is not a reader. */
export async function getPublicReader(db: Database, username: string, now = Date.now(), viewerId?: string) {
  const online = readerOnlineSql(now);
  const [row] = await db.all<ProfileRow>(sql`
    select ${users.username} as username, ${users.fullName} as fullName, ${users.avatarUrl} as avatarUrl, ${users.bio} as bio,
      ${users.customPricePerMinute} as pricePerMinuteCents, ${readerLevels.name} as levelName,
      ${online} as online, ${users.lastSeenAt} as lastSeenAt,
      coalesce(${readerProfiles.specialties}, '[]') as specialties, coalesce(${readerProfiles.languages}, '[]') as languages,
      coalesce(${readerProfiles.yearsOfPractice}, 0) as yearsOfPractice,
      coalesce(${readerProfiles.introduction}, '') as introduction, coalesce(${readerProfiles.demo}, 0) as demo, ${followOf(viewerId)} as follow,
      coalesce(${readerProfiles.completedReadings}, 0) as completedReadings,
      coalesce(${readerProfiles.ratingSum}, 0) as ratingSum, coalesce(${readerProfiles.ratingCount}, 0) as ratingCount,
      (select c.id from ${readerCertificates} as c where c.user_id = ${users.id} and c.revoked_at is null
        order by c.issued_at desc limit 1) as certificateId
    from ${fromReaders}
    where ${users.isReader} = 1 and ${users.username} = ${username} and ${notSuspended}
    limit 1`);
  if (!row) return null;
  const { bio, yearsOfPractice, certificateId, ...card } = row;
  return { ...toCard(card), bio, yearsOfPractice, certificateId };
}

export type PublicReader = NonNullable<Awaited<ReturnType<typeof getPublicReader>>>;
