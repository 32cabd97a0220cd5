/**
 * What a message's notice says, by push and by e-mail (decision 0105), sent after the message is
 * saved; one e-mail while messages wait unread, not one per message.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { readingMessages } from "../../db/schema";
import type { Database } from "../db.server";
import type { Notice } from "../mail/notices.server";
import { DAY_SECONDS, type PushNews } from "../push/notify.server";
import { messagePreview } from "./preview";

type MessageEvent = { threadId: string; recipientId: string; senderName: string; body: string; origin: string };

/** A message just sent: its recipient hears of it by push, and by e-mail while it is the only one unread. */
export function messageNews(event: MessageEvent & { senderId: string }): PushNews {
  return {
    kind: "message",
    sender: event.senderId,
    mails: true,
    address: async (db) => ({
      to: [event.recipientId],
      message: {
        kind: "message",
        title: `${event.senderName} wrote to you`,
        body: messagePreview(event.body),
        url: `/messages/${event.threadId}`,
        tag: `message-${event.threadId}`,
      },
      delivery: { urgency: "normal", ttlSeconds: DAY_SECONDS },
      mailWithKindOn: true,
      // One e-mail while messages wait unread: the first of them, not one per message.
      mailFor: async (person) => ((await onlyUnread(db, event)) ? messageNotice(event, person.email) : null),
    }),
  };
}

/** Whether the message just sent is the only one waiting unread for the recipient in its conversation. */
export async function onlyUnread(db: Database, event: MessageEvent): Promise<boolean> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(readingMessages)
    .where(and(eq(readingMessages.threadId, event.threadId), sql`${readingMessages.senderId} <> ${event.recipientId}`, isNull(readingMessages.readAt)));
  return Number(row?.count ?? 0) === 1;
}

export function messageNotice(event: MessageEvent, to: string): Notice {
  return {
    to,
    subject: `${event.senderName} wrote to you about your reading`,
    heading: `${event.senderName} wrote to you`,
    paragraphs: [messagePreview(event.body), "Reply on Arcanum: messages about a reading stay open for 30 days after it."],
    action: { label: "Read and reply", url: `${event.origin}/messages/${event.threadId}` },
  };
}
