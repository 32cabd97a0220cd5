// Favourite readers. A favourite is a `reader_follows` row; its `notify` flag is "notify me when
// online". Guests may keep favourites like members (a guest keeps everything on upgrade), but only an
// account with an e-mail can be told by e-mail (decision 0064).
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { readerFollows, users } from "../../db/schema";
import type { Database } from "../db.server";

export const favouriteIntents = ["favourite", "unfavourite", "notify-on", "notify-off"] as const;
export type FavouriteIntent = (typeof favouriteIntents)[number];

/** A favourite form's fields: what to do, and where to go back to when posted without JavaScript. */
export const favouriteFormSchema = lazySchema(() =>
  z.object({
    intent: z.enum(favouriteIntents, { error: "Say whether to favourite, unfavourite, or turn notices on or off." }),
    redirectTo: z.string().max(1000).optional(),
  }),
);

export type FavouriteOutcome = { ok: true; favourite: boolean; notify: boolean } | { ok: false; status: 400 | 404; error: string };

const readerByUsername = (db: Database, username: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), eq(users.isReader, true)))
    .limit(1);

/**
 * Applies one intent of `followerId` to the reader named `username`, in one round trip. Each intent
 * states the end it wants, so sending it twice changes nothing more: favouriting a favourite keeps
 * its notice setting, turning notices on makes the reader a favourite too.
 */
export async function changeFavourite(
  db: Database,
  followerId: string,
  username: string,
  intent: FavouriteIntent,
  now = Date.now(),
): Promise<FavouriteOutcome> {
  const reader = sql`(select ${users.id} from ${users} where ${users.username} = ${username} and ${users.isReader} = 1 and ${users.id} <> ${followerId})`;
  const write =
    intent === "unfavourite"
      ? db.delete(readerFollows).where(and(eq(readerFollows.followerId, followerId), sql`${readerFollows.readerId} = ${reader}`))
      : intent === "notify-off"
        ? db
            .update(readerFollows)
            .set({ notify: false })
            .where(and(eq(readerFollows.followerId, followerId), sql`${readerFollows.readerId} = ${reader}`))
        : (() => {
            // An insert from a select names every column of the table, in order.
            const insert = db.insert(readerFollows).select(sql`select ${followerId}, id, ${now}, null, 1 from ${users} where id = ${reader}`);
            return intent === "notify-on"
              ? insert.onConflictDoUpdate({ target: [readerFollows.followerId, readerFollows.readerId], set: { notify: true } })
              : insert.onConflictDoNothing();
          })();
  const [found, , state] = await db.batch([
    readerByUsername(db, username),
    write,
    db
      .select({ notify: readerFollows.notify })
      .from(readerFollows)
      .where(and(eq(readerFollows.followerId, followerId), sql`${readerFollows.readerId} = ${reader}`)),
  ]);
  const readerId = found[0]?.id;
  if (!readerId) return { ok: false, status: 404, error: "No such reader." };
  if (readerId === followerId) return { ok: false, status: 400, error: "You cannot favourite yourself." };
  const row = state[0];
  return { ok: true, favourite: row !== undefined, notify: row?.notify ?? false };
}

/** Turns off one reader's online notices for one person: what an unsubscribe link does. True when a favourite had them on. */
export async function stopReaderNotices(db: Database, followerId: string, readerId: string): Promise<boolean> {
  const rows = await db
    .update(readerFollows)
    .set({ notify: false })
    .where(and(eq(readerFollows.followerId, followerId), eq(readerFollows.readerId, readerId), eq(readerFollows.notify, true)))
    .returning({ readerId: readerFollows.readerId });
  return rows.length > 0;
}

/** The reader an unsubscribe link names, and whether that person still hears of them. */
export async function followOf(db: Database, followerId: string, readerId: string) {
  const [row] = await db
    .select({
      username: users.username,
      name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})`,
      notify: sql<number | null>`${readerFollows.notify}`,
    })
    .from(users)
    .leftJoin(readerFollows, and(eq(readerFollows.readerId, users.id), eq(readerFollows.followerId, followerId)))
    .where(eq(users.id, readerId))
    .limit(1);
  if (!row?.username) return null;
  return { username: row.username, name: row.name, notify: row.notify === 1 };
}
