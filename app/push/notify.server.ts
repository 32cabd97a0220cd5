// The one way the app sends a push: `notify(target, event)` picks who gets it and what it says, and
// hands the sending to `waitUntil`, so the request or room event that caused it never waits on a push
// service (decision 0061).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { deckListings, decks, pushSettings, pushSubscriptions, readerFollows, users } from "../../db/schema";
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { formatMoney } from "../lib/format";
import type { ReadingMode } from "../paid-readings/rules";
import { deliver, type Delivery, type Device } from "./delivery.server";
import type { PushKind, PushMessage } from "./messages";
import { settingColumn } from "./subscriptions.server";

/** A follower hears of a reader coming online at most once in this long. */
export const READER_ONLINE_GAP_MS = 3 * 60 * 60 * 1000;

export type PushEvent =
  | { kind: "reading-request"; requestId: string; readerId: string; clientName: string; pricePerMinuteCents: number; mode: ReadingMode; ttlMs: number }
  | { kind: "reader-online"; readerId: string }
  | { kind: "deck-ready"; deckId: string }
  | { kind: "sale"; deckId: string; grossCents: number; currency: string }
  | { kind: "daily-card"; userId: string };

/** Where a push's work runs: the database, the configuration and the runtime's `waitUntil`. */
export type PushTarget = { db: Database; config: AppConfig; waitUntil: (work: Promise<unknown>) => void };

/** A route's target. */
export function pushTargetOf(context: AppLoadContext): PushTarget {
  return { db: context.db, config: context.config, waitUntil: (work) => context.cloudflare.ctx.waitUntil(work) };
}

type Addressed = { to: string[]; message: PushMessage; delivery: Delivery };

const DAY_SECONDS = 24 * 60 * 60;

/** Who hears of the event and what it says; nobody when the event is not (or no longer) one to tell. */
async function address(db: Database, event: PushEvent, now: number): Promise<Addressed | null> {
  switch (event.kind) {
    case "reading-request":
      return {
        to: [event.readerId],
        message: {
          kind: event.kind,
          title: "Paid reading request",
          body: `${event.clientName} asks for a ${event.mode === "video" ? "video" : "chat"} reading at ${formatMoney(event.pricePerMinuteCents)} a minute.`,
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
      // Claimed in one statement, so two rooms waking at once cannot both tell a follower.
      const [reader, followers] = await db.batch([
        db.select({ username: users.username, name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})` }).from(users).where(eq(users.id, event.readerId)),
        db
          .update(readerFollows)
          .set({ lastNotifiedAt: now })
          .where(and(eq(readerFollows.readerId, event.readerId), or(isNull(readerFollows.lastNotifiedAt), lte(readerFollows.lastNotifiedAt, now - READER_ONLINE_GAP_MS))))
          .returning({ followerId: readerFollows.followerId }),
      ]);
      const who = reader[0];
      if (!who?.username || followers.length === 0) return null;
      return {
        to: followers.map((row) => row.followerId),
        message: { kind: event.kind, title: `${who.name} is online`, body: "They can take a reading now.", url: `/readers/${who.username}`, tag: `reader-online-${who.username}` },
        delivery: { urgency: "normal", ttlSeconds: 15 * 60 },
      };
    }
    case "deck-ready": {
      const deck = await db.query.decks.findFirst({ columns: { creatorId: true, title: true, status: true }, where: eq(decks.id, event.deckId) });
      if (!deck?.creatorId || deck.status !== "ready") return null;
      return {
        to: [deck.creatorId],
        message: { kind: event.kind, title: "Your deck is ready", body: `“${deck.title}” has all its cards.`, url: `/collection/${event.deckId}`, tag: `deck-ready-${event.deckId}` },
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
      return {
        to: [row.sellerId],
        message: { kind: event.kind, title: "You made a sale", body: `Someone bought “${row.title}” for ${formatMoney(event.grossCents, event.currency)}.`, url: "/sales", tag: `sale-${event.deckId}` },
        delivery: { urgency: "normal", ttlSeconds: DAY_SECONDS },
      };
    }
    case "daily-card":
      return {
        to: [event.userId],
        message: { kind: event.kind, title: "Your card of the day", body: "A card is waiting for you, whenever you have a minute.", url: "/today", tag: "daily-card" },
        // A reminder that arrives after the day has moved on says nothing worth hearing.
        delivery: { urgency: "low", ttlSeconds: 6 * 60 * 60 },
      };
  }
}

/** The devices of `userIds` whose owners have this kind turned on (no settings row: on). */
async function devicesFor(db: Database, kind: PushKind, userIds: string[]): Promise<Device[]> {
  const devices: Device[] = [];
  // A bound parameter per person: chunks stay under D1's hundred.
  for (let i = 0; i < userIds.length; i += 90) {
    const rows = await db
      .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .leftJoin(pushSettings, eq(pushSettings.userId, pushSubscriptions.userId))
      .where(and(inArray(pushSubscriptions.userId, userIds.slice(i, i + 90)), sql`coalesce(${settingColumn(kind)}, 1) = 1`));
    devices.push(...rows);
  }
  return devices;
}

/** Everything after the caller has answered: who, what, and the sending. */
export async function sendPushNow(target: Omit<PushTarget, "waitUntil">, event: PushEvent, now = Date.now()) {
  const push = target.config.push;
  if (!push) return [];
  const addressed = await address(target.db, event, now);
  if (!addressed || addressed.to.length === 0) return [];
  const devices = await devicesFor(target.db, event.kind, addressed.to);
  if (devices.length === 0) return [];
  return deliver(target.db, push, devices, addressed.message, addressed.delivery);
}

/** Tells the people concerned, after the caller's answer: never awaited, never failing the caller. */
export function notify(target: PushTarget, event: PushEvent): void {
  if (!target.config.push) return;
  target.waitUntil(
    // Started on a later turn of the event loop, so the caller's own work and its answer come first:
    // nobody waits for a push, and its reads are not the request's.
    new Promise((resolve) => setTimeout(resolve, 0))
      .then(() => sendPushNow(target, event))
      .catch((error) => {
        console.error(JSON.stringify({ event: "push-failed", kind: event.kind, message: error instanceof Error ? error.message : String(error) }));
      }),
  );
}
