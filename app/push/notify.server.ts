// The one way the app sends a push: `notify(target, event)` picks who gets it and what it says, and
// hands the sending to `waitUntil`, so the request or room event that caused it never waits on a push
// service (decision 0061).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { creatorFollows, deckListings, deckPurchases, decks, pushSettings, pushSubscriptions, readerFollows, users, wishlistItems } from "../../db/schema";
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { formatMoney } from "../lib/format";
import type { ReadingMode } from "../paid-readings/rules";
import { createMailer } from "../mail/mail.server";
import { noticeMessage, type Notice } from "../mail/notices.server";
import { saleNotice } from "../marketplace/sale-notice";
import { newDeckNotice, wishedDeckNotice, wishNewsWords, type WishNews } from "../marketplace/follow-notices";
import { readerOnlineNotice } from "../readers/follower-notices";
import { stopNoticesToken, STOP_NOTICES_PATH } from "../readers/notice-links.server";
import { deliver, type Delivery, type Device } from "./delivery.server";
import type { PushKind, PushMessage } from "./messages";
import { mayPushTo } from "./pace.server";
import { messageNotice, onlyUnread } from "../messages/notices.server";
import { messagePreview } from "../messages/preview";
import { settingColumn } from "./subscriptions.server";
import { log } from "../observe/log.server";

/** A follower hears of a reader coming online at most once in this long, by push or by e-mail. */
export const READER_ONLINE_GAP_MS = 3 * 60 * 60 * 1000;

/** A follower hears of one creator's new decks, and a person of one wished deck, at most once in this long. */
export const FOLLOW_NOTICE_GAP_MS = 24 * 60 * 60 * 1000;

export type PushEvent =
  | {
      kind: "reading-request";
      requestId: string;
      readerId: string;
      clientId: string;
      clientName: string;
      pricePerMinuteCents: number;
      mode: ReadingMode;
      ttlMs: number;
    }
  | { kind: "reader-online"; readerId: string; origin: string }
  | { kind: "deck-ready"; deckId: string }
  | { kind: "sale"; deckId: string; grossCents: number; currency: string; origin: string }
  | { kind: "daily-card"; userId: string }
  | { kind: "learn-reminder"; userId: string }
  | { kind: "booking"; userId: string; bookingId: string; title: string; body: string }
  | { kind: "guarantee-claim"; readerId: string; readingId: string; title: string; body: string }
  | { kind: "message"; threadId: string; messageId: string; senderId: string; recipientId: string; senderName: string; body: string; origin: string }
  | { kind: "new-deck"; deckId: string; creatorId: string; origin: string }
  | { kind: "wished-deck"; deckId: string; news: WishNews; origin: string };

/**
 * The setting (and pace) an event goes by: its own kind, except a claim on a reader's guarantee,
 * which is news of their paid readings, as a request is.
 */
const settingOf = (event: PushEvent): PushKind =>
  event.kind === "guarantee-claim" ? "reading-request" : event.kind === "learn-reminder" ? "daily-card" : event.kind;

/** Where a push's work runs: the database, the configuration and the runtime's `waitUntil`. */
export type PushTarget = { db: Database; config: AppConfig; waitUntil: (work: Promise<unknown>) => void };

/** A route's target. */
export function pushTargetOf(context: AppLoadContext): PushTarget {
  return { db: context.db, config: context.config, waitUntil: (work) => context.cloudflare.ctx.waitUntil(work) };
}

type Addressed = {
  to: string[];
  message: PushMessage;
  delivery: Delivery;
  /** Each person's own message, where it differs from `message` (a link only they may use). */
  messageFor?: (userId: string) => Promise<PushMessage>;
  /** The e-mail for someone the push does not reach (or, with `alsoByMail`, for everyone): null for none. */
  mailFor?: (person: { id: string; email: string }) => Promise<Notice | null>;
  /** E-mail goes to everyone addressed, not only to those without a device. */
  alsoByMail?: boolean;
  /** E-mail goes only to those who have the kind turned on (as `alsoByMail` does). */
  mailWithKindOn?: boolean;
};

const DAY_SECONDS = 24 * 60 * 60;

/** Who hears of the event and what it says; nobody when the event is not (or no longer) one to tell. */
async function address(db: Database, config: AppConfig, event: PushEvent, now: number): Promise<Addressed | null> {
  switch (event.kind) {
    case "reading-request":
      return {
        to: [event.readerId],
        message: {
          kind: event.kind,
          title: "Paid reading request",
          body: `${event.clientName} asks for a ${event.mode} reading at ${formatMoney(event.pricePerMinuteCents)} a minute.`,
          url: `/readings/requests/${event.requestId}`,
          tag: `reading-request-${event.requestId}`,
          actions: [
            { action: "accept", title: "Accept" },
            { action: "decline", title: "Decline" },
          ],
        },
        // The request lapses unanswered after its time: a later push would be worthless.
        delivery: { urgency: "high", ttlSeconds: Math.max(1, Math.floor(event.ttlMs / 1000)) },
      };
    case "reader-online": {
      // Claimed in one statement, so two rooms waking at once cannot both tell a follower, and a
      // follower told by push is not told again by e-mail: one gap for both.
      const [reader, followers] = await db.batch([
        db
          .select({ username: users.username, name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})` })
          .from(users)
          .where(eq(users.id, event.readerId)),
        db
          .update(readerFollows)
          .set({ lastNotifiedAt: now })
          .where(
            and(
              eq(readerFollows.readerId, event.readerId),
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
        kind: event.kind,
        title: `${who.name} is online`,
        body: "They can take a reading now.",
        url: `/readers/${username}`,
        tag: `reader-online-${username}`,
      };
      const stopPath = async (userId: string) => `${STOP_NOTICES_PATH}/${await stopNoticesToken(config.authSecret, userId, event.readerId)}`;
      return {
        to: followers.map((row) => row.followerId),
        message,
        messageFor: async (userId) => ({ ...message, actions: [{ action: "stop", title: "Stop these", url: await stopPath(userId) }] }),
        mailFor: async (person) =>
          readerOnlineNotice({
            to: person.email,
            name: who.name,
            origin: event.origin,
            username,
            unsubscribeUrl: `${event.origin}${await stopPath(person.id)}`,
          }),
        delivery: { urgency: "normal", ttlSeconds: 15 * 60 },
      };
    }
    case "deck-ready": {
      const deck = await db.query.decks.findFirst({ columns: { creatorId: true, title: true, status: true }, where: eq(decks.id, event.deckId) });
      if (!deck?.creatorId || deck.status !== "ready") return null;
      return {
        to: [deck.creatorId],
        message: {
          kind: event.kind,
          title: "Your deck is ready",
          body: `“${deck.title}” has all its cards.`,
          url: `/collection/${event.deckId}`,
          tag: `deck-ready-${event.deckId}`,
        },
        delivery: { urgency: "low", ttlSeconds: DAY_SECONDS },
      };
    }
    case "sale": {
      const [row] = await db
        .select({ sellerId: deckListings.sellerId, title: decks.title })
        .from(deckListings)
        .innerJoin(decks, eq(decks.id, deckListings.deckId))
        .where(eq(deckListings.deckId, event.deckId));
      if (!row) return null;
      const price = formatMoney(event.grossCents, event.currency);
      return {
        to: [row.sellerId],
        message: {
          kind: event.kind,
          title: "You made a sale",
          body: `Someone bought “${row.title}” for ${price}.`,
          url: "/sales",
          tag: `sale-${event.deckId}`,
        },
        mailFor: async (person) => saleNotice({ to: person.email, title: row.title, price, origin: event.origin }),
        alsoByMail: true,
        delivery: { urgency: "normal", ttlSeconds: DAY_SECONDS },
      };
    }
    case "daily-card":
      return {
        to: [event.userId],
        message: {
          kind: event.kind,
          title: "Your card of the day",
          body: "A card is waiting for you, whenever you have a minute.",
          url: "/today",
          tag: "daily-card",
        },
        // A reminder that arrives after the day has moved on says nothing worth hearing.
        delivery: { urgency: "low", ttlSeconds: 6 * 60 * 60 },
      };
    case "learn-reminder":
      // A reminder to learn goes by the card of the day's setting: both are the day's own small habit.
      return {
        to: [event.userId],
        message: {
          kind: settingOf(event),
          title: "A few minutes with your cards",
          body: "Your flashcards are waiting, whenever you have a moment.",
          url: "/learn",
          tag: "learn-reminder",
        },
        delivery: { urgency: "low", ttlSeconds: 6 * 60 * 60 },
      };
    case "booking":
      return {
        to: [event.userId],
        message: { kind: event.kind, title: event.title, body: event.body, url: `/bookings/${event.bookingId}`, tag: `booking-${event.bookingId}` },
        // A reminder is worth nothing once the reading has begun.
        delivery: { urgency: "high", ttlSeconds: 60 * 60 },
      };
    case "guarantee-claim":
      return {
        to: [event.readerId],
        message: { kind: settingOf(event), title: event.title, body: event.body, url: `/readings/${event.readingId}`, tag: `guarantee-${event.readingId}` },
        delivery: { urgency: "normal", ttlSeconds: DAY_SECONDS },
      };
    case "message":
      return {
        to: [event.recipientId],
        message: {
          kind: event.kind,
          title: `${event.senderName} wrote to you`,
          body: messagePreview(event.body),
          url: `/messages/${event.threadId}`,
          tag: `message-${event.threadId}`,
        },
        delivery: { urgency: "normal", ttlSeconds: DAY_SECONDS },
        mailWithKindOn: true,
        // One e-mail while messages wait unread: the first of them, not one per message.
        mailFor: async (person) => ((await onlyUnread(db, event)) ? messageNotice(event, person.email) : null),
      };
    case "new-deck":
      return addressNewDeck(db, event, now);
    case "wished-deck":
      return addressWishedDeck(db, event, now);
  }
}

/** Off for a person who turned the kind off; no settings row means on. */
const kindIsOn = (kind: PushKind, userId: SQL) =>
  sql`not exists (select 1 from ${pushSettings} where ${pushSettings.userId} = ${userId} and ${settingColumn(kind)} = 0)`;

/**
 * A creator's deck has just gone into the marketplace: their followers who have the kind on and
 * have not heard of this creator in a day are claimed in one UPDATE (so two listings at once, or
 * push and e-mail, cannot tell anyone twice), while the deck is still in the marketplace.
 */
async function addressNewDeck(db: Database, event: Extract<PushEvent, { kind: "new-deck" }>, now: number): Promise<Addressed | null> {
  const listed = sql`exists (select 1 from ${deckListings} where ${deckListings.deckId} = ${event.deckId} and ${deckListings.sellerId} = ${event.creatorId} and ${deckListings.visible} = 1)`;
  const [deck, followers] = await db.batch([
    db
      .select({
        title: decks.title,
        priceCents: deckListings.priceCents,
        currency: deckListings.currency,
        creator: sql<string>`coalesce(nullif(${users.fullName}, ''), '@' || ${users.username})`,
      })
      .from(deckListings)
      .innerJoin(decks, eq(decks.id, deckListings.deckId))
      .innerJoin(users, eq(users.id, deckListings.sellerId))
      .where(and(eq(deckListings.deckId, event.deckId), eq(deckListings.sellerId, event.creatorId))),
    db
      .update(creatorFollows)
      .set({ lastNotifiedAt: now })
      .where(
        and(
          eq(creatorFollows.creatorId, event.creatorId),
          or(isNull(creatorFollows.lastNotifiedAt), lte(creatorFollows.lastNotifiedAt, now - FOLLOW_NOTICE_GAP_MS)),
          kindIsOn("new-deck", sql`${creatorFollows.followerId}`),
          listed,
        ),
      )
      .returning({ followerId: creatorFollows.followerId }),
  ]);
  const row = deck[0];
  if (!row || followers.length === 0) return null;
  const price = row.priceCents === 0 ? "Free" : formatMoney(row.priceCents, row.currency);
  return {
    to: followers.map((follower) => follower.followerId),
    message: {
      kind: event.kind,
      title: `New from ${row.creator}`,
      body: `“${row.title}” is in the marketplace: ${price}.`,
      url: `/marketplace/${event.deckId}`,
      tag: `new-deck-${event.creatorId}`,
    },
    delivery: { urgency: "low", ttlSeconds: DAY_SECONDS },
    mailWithKindOn: true,
    mailFor: async (person) => newDeckNotice({ to: person.email, creator: row.creator, title: row.title, price, origin: event.origin, deckId: event.deckId }),
  };
}

/**
 * News of a wished deck: those who wished for it, have the kind on, have not heard of it in a day
 * and do not hold it already, claimed in one UPDATE. Every kind of wish news goes this way.
 */
async function addressWishedDeck(db: Database, event: Extract<PushEvent, { kind: "wished-deck" }>, now: number): Promise<Addressed | null> {
  const [deck, wishers] = await db.batch([
    db
      .select({ title: decks.title })
      .from(deckListings)
      .innerJoin(decks, eq(decks.id, deckListings.deckId))
      .where(and(eq(deckListings.deckId, event.deckId), eq(deckListings.visible, true))),
    db
      .update(wishlistItems)
      .set({ lastNotifiedAt: now })
      .where(
        and(
          eq(wishlistItems.deckId, event.deckId),
          or(isNull(wishlistItems.lastNotifiedAt), lte(wishlistItems.lastNotifiedAt, now - FOLLOW_NOTICE_GAP_MS)),
          kindIsOn("wished-deck", sql`${wishlistItems.userId}`),
          sql`exists (select 1 from ${deckListings} where ${deckListings.deckId} = ${event.deckId} and ${deckListings.visible} = 1)`,
          sql`not exists (select 1 from ${deckPurchases} where ${deckPurchases.deckId} = ${event.deckId} and ${deckPurchases.buyerId} = ${wishlistItems.userId})`,
        ),
      )
      .returning({ userId: wishlistItems.userId }),
  ]);
  const row = deck[0];
  if (!row || wishers.length === 0) return null;
  const words = wishNewsWords(event.news, row.title);
  return {
    to: wishers.map((wisher) => wisher.userId),
    message: { kind: event.kind, title: words.title, body: words.body, url: `/marketplace/${event.deckId}`, tag: `wished-deck-${event.deckId}` },
    delivery: { urgency: "low", ttlSeconds: DAY_SECONDS },
    mailWithKindOn: true,
    mailFor: async (person) => wishedDeckNotice({ to: person.email, title: row.title, news: event.news, origin: event.origin, deckId: event.deckId }),
  };
}

/** Who a push comes from, where someone other than the recipient chose to send it: paced per sender too. */
function senderOf(event: PushEvent): string | null {
  if (event.kind === "reading-request") return event.clientId;
  if (event.kind === "reader-online") return event.readerId;
  if (event.kind === "new-deck") return event.creatorId;
  if (event.kind === "message") return event.senderId;
  return null;
}

/** The devices of `userIds` whose owners have this kind turned on (no settings row: on). */
async function devicesFor(db: Database, kind: PushKind, userIds: string[]): Promise<(Device & { userId: string })[]> {
  const devices: (Device & { userId: string })[] = [];
  // A bound parameter per person: chunks stay under D1's hundred.
  for (let i = 0; i < userIds.length; i += 90) {
    const rows = await db
      .select({
        id: pushSubscriptions.id,
        userId: pushSubscriptions.userId,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .leftJoin(pushSettings, eq(pushSettings.userId, pushSubscriptions.userId))
      .where(and(inArray(pushSubscriptions.userId, userIds.slice(i, i + 90)), sql`coalesce(${settingColumn(kind)}, 1) = 1`));
    devices.push(...rows);
  }
  return devices;
}

/** The e-mail addresses of `userIds` that have one (guests have none), for the kind's setting when `kindOn` asks. */
async function mailboxesOf(db: Database, kind: PushKind, userIds: string[], kindOn: boolean): Promise<{ id: string; email: string }[]> {
  const people: { id: string; email: string }[] = [];
  for (let i = 0; i < userIds.length; i += 90) {
    const rows = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .leftJoin(pushSettings, eq(pushSettings.userId, users.id))
      .where(
        and(inArray(users.id, userIds.slice(i, i + 90)), sql`${users.email} is not null`, kindOn ? sql`coalesce(${settingColumn(kind)}, 1) = 1` : undefined),
      );
    people.push(...rows.filter((row): row is { id: string; email: string } => row.email !== null));
  }
  return people;
}

/** The e-mails of an event, sent in turn; a mail service that fails is logged and the rest still go. */
async function mailThose(target: Omit<PushTarget, "waitUntil">, addressed: Addressed, people: { id: string; email: string }[]) {
  if (!addressed.mailFor || people.length === 0) return;
  const mailer = createMailer(target.config, target.db);
  for (const person of people) {
    const notice = await addressed.mailFor(person);
    if (!notice) continue;
    await mailer.send(noticeMessage(notice)).catch((error: unknown) => {
      log.error("notice mail failed", { subject: notice.subject, error });
    });
  }
}

/**
 * Everything after the caller has answered: who, what, and the sending. A push goes to the devices
 * of those who have the kind on, as far as the kind's pace allows (pace.server.ts); an event that
 * also mails (a sale) mails everyone with the kind on, and a reader coming online mails those of
 * their followers no device of theirs would tell.
 */
export async function sendPushNow(target: Omit<PushTarget, "waitUntil">, event: PushEvent, now = Date.now()) {
  const push = target.config.push;
  // Kinds that also mail go on without a push service; the others have nothing to send.
  if (!push && event.kind !== "reader-online" && event.kind !== "sale" && event.kind !== "message" && event.kind !== "new-deck" && event.kind !== "wished-deck")
    return [];
  const addressed = await address(target.db, target.config, event, now);
  if (!addressed || addressed.to.length === 0) return [];
  const kind = settingOf(event);
  const devices = push ? await devicesFor(target.db, kind, addressed.to) : [];
  if (addressed.mailFor) {
    const reached = new Set(devices.map((device) => device.userId));
    const unreached = addressed.alsoByMail ? addressed.to : addressed.to.filter((id) => !reached.has(id));
    await mailThose(target, addressed, await mailboxesOf(target.db, kind, unreached, addressed.alsoByMail === true || addressed.mailWithKindOn === true));
  }
  if (!push || devices.length === 0) return [];
  const allowed = await mayPushTo(
    target.db,
    kind,
    devices.map((device) => device.userId),
    senderOf(event),
    now,
  );
  const paced = devices.filter((device) => allowed.has(device.userId));
  if (paced.length === 0) return [];
  if (!addressed.messageFor) return deliver(target.db, push, paced, addressed.message, addressed.delivery);
  const messageFor = addressed.messageFor;
  const outcomes = await Promise.all(paced.map(async (device) => deliver(target.db, push, [device], await messageFor(device.userId), addressed.delivery)));
  return outcomes.flat();
}

/** Tells the people concerned, after the caller's answer: never awaited, never failing the caller. */
export function notify(target: PushTarget, event: PushEvent): void {
  target.waitUntil(
    // Started on a later turn of the event loop, so the caller's own work and its answer come first:
    // nobody waits for a push, and its reads are not the request's.
    new Promise((resolve) => setTimeout(resolve, 0))
      .then(() => sendPushNow(target, event))
      .catch((error) => {
        log.error("push failed", { kind: event.kind, error });
      }),
  );
}
