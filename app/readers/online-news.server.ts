// A favourite reader coming online, as their followers hear of it (decision 0064): by push, and by
// e-mail to those no device of theirs reaches, at most once in a while for each reader.
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { readerFollows, users } from "../../db/schema";
import type { PushMessage } from "../push/messages";
import type { PushNews } from "../push/notify.server";
import { readerOnlineNotice } from "./follower-notices";
import { stopNoticesToken, STOP_NOTICES_PATH } from "./notice-links.server";

/** A follower hears of a reader coming online at most once in this long, by push or by e-mail. */
export const READER_ONLINE_GAP_MS = 3 * 60 * 60 * 1000;

export function readerOnlineNews(readerId: string, origin: string): PushNews {
  return {
    kind: "reader-online",
    sender: readerId,
    mails: true,
    address: async (db, config, now) => {
      // Claimed in one statement, so two rooms waking at once cannot both tell a follower, and a
      // follower told by push is not told again by e-mail: one gap for both.
      const [reader, followers] = await db.batch([
        db
          .select({ username: users.username, name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})` })
          .from(users)
          .where(eq(users.id, readerId)),
        db
          .update(readerFollows)
          .set({ lastNotifiedAt: now })
          .where(
            and(
              eq(readerFollows.readerId, readerId),
              eq(readerFollows.notify, true),
              or(isNull(readerFollows.lastNotifiedAt), lte(readerFollows.lastNotifiedAt, now - READER_ONLINE_GAP_MS)),
            ),
          )
          .returning({ followerId: readerFollows.followerId }),
      ]);
      const who = reader[0];
      if (!who?.username || followers.length === 0) return null;
      const username = who.username;
      const message: PushMessage = {
        kind: "reader-online",
        title: `${who.name} is online`,
        body: "They can take a reading now.",
        url: `/readers/${username}`,
        tag: `reader-online-${username}`,
      };
      const stopPath = async (userId: string) => `${STOP_NOTICES_PATH}/${await stopNoticesToken(config.authSecret, userId, readerId)}`;
      return {
        to: followers.map((row) => row.followerId),
        message,
        messageFor: async (userId) => ({ ...message, actions: [{ action: "stop", title: "Stop these", url: await stopPath(userId) }] }),
        mailFor: async (person) =>
          readerOnlineNotice({
            to: person.email,
            name: who.name,
            origin,
            username,
            unsubscribeUrl: `${origin}${await stopPath(person.id)}`,
          }),
        delivery: { urgency: "normal", ttlSeconds: 15 * 60 },
      };
    },
  };
}
