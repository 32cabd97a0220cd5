import { and, desc, eq, ne, notInArray, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { pushSettings, pushSubscriptions, readerFollows, users } from "../../db/schema";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { PUSH_KINDS, type PushKind } from "./messages";
import { isPushServiceEndpoint } from "./push-services";

const base64Url = (min: number, max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+=*$/, "Not base64url")
    .min(min)
    .max(max);

/**
 * What a browser's PushManager gives for its subscription. The endpoint must be a browser's push
 * service; `testService` is the tests' own push service, which the configuration names outside
 * production only.
 */
export function subscriptionSchema(testService: string | null) {
  return z.object({
    endpoint: z
      .string()
      .max(2048)
      .refine((value) => isPushServiceEndpoint(value, testService), "A push endpoint is the address of a browser's push service"),
    p256dh: base64Url(86, 88),
    auth: base64Url(22, 24),
  });
}

/** Devices one account keeps; a new one beyond them replaces the account's oldest. */
export const MAX_DEVICES_PER_ACCOUNT = 10;

export type SubscriptionInput = z.infer<ReturnType<typeof subscriptionSchema>>;

/**
 * Keeps this browser's subscription for the account signed in on it, through this sign-in; the
 * same endpoint under another account moves to this one (one device, one person at a time). In the
 * same batch, the account's devices beyond the newest ten go, so no burst of saves leaves more; and
 * a reader asked for becomes a favourite with notices on.
 */
export async function saveSubscription(
  db: Database,
  userId: string,
  sessionId: string | null,
  input: SubscriptionInput,
  followReaderId: string | null,
  now = Date.now(),
) {
  // Saved again, a device counts as new: it is the one in use.
  const values = { userId, sessionId, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, failureCount: 0, createdAt: now };
  const save = db
    .insert(pushSubscriptions)
    .values({ id: newId(), ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  const others = and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, input.endpoint));
  const newestOthers = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(others)
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_DEVICES_PER_ACCOUNT - 1);
  const trim = db.delete(pushSubscriptions).where(and(others, notInArray(pushSubscriptions.id, newestOthers)));
  if (!followReaderId) {
    await db.batch([save, trim]);
    return;
  }
  await db.batch([
    save,
    trim,
    db
      .insert(readerFollows)
      .values({ followerId: userId, readerId: followReaderId, createdAt: now })
      // Asking again turns a favourite's notices back on.
      .onConflictDoUpdate({ target: [readerFollows.followerId, readerFollows.readerId], set: { notify: true } }),
  ]);
}

/** Forgets this browser's subscription, only when it is the account's own. */
export async function removeSubscription(db: Database, userId: string, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Signing out on a device ends its pushes: the subscriptions made through that sign-in go. */
export function forgetSessionSubscriptions(db: Database, sessionId: string) {
  return db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

/** A deleted account's devices, settings and follows (both ways), for the deletion's batch. */
export function forgetAccountPushStatements(db: Database, userId: string) {
  return [
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    db.delete(pushSettings).where(eq(pushSettings.userId, userId)),
    db.delete(readerFollows).where(or(eq(readerFollows.followerId, userId), eq(readerFollows.readerId, userId))),
  ] as const;
}

/** The reader a follow names, by username: only a reader can be followed. */
export async function readerToFollow(db: Database, username: string): Promise<string | null> {
  const row = await db.query.users.findFirst({ columns: { id: true }, where: and(eq(users.username, username), eq(users.isReader, true)) });
  return row?.id ?? null;
}

export type PushSettings = Record<PushKind, boolean>;

const COLUMN: Record<PushKind, "readingRequests" | "readerOnline" | "deckReady" | "sales" | "dailyCard" | "bookings" | "messages" | "newDecks" | "wishlist"> = {
  "reading-request": "readingRequests",
  "reader-online": "readerOnline",
  "deck-ready": "deckReady",
  sale: "sales",
  "daily-card": "dailyCard",
  booking: "bookings",
  message: "messages",
  "new-deck": "newDecks",
  "wished-deck": "wishlist",
};

/** The column that holds a kind's on/off setting. */
export const settingColumn = (kind: PushKind) => pushSettings[COLUMN[kind]];

/** What the profile page shows: each kind on or off, and how many of the person's devices take pushes. */
export async function pushPreferences(db: Database, userId: string): Promise<{ settings: PushSettings; devices: number }> {
  return pushPreferencesFrom(await db.batch(pushPreferencesQueries(db, userId)));
}

/** The statements behind `pushPreferences`, for a page that reads them beside others (`me` for the session's person). */
export const pushPreferencesQueries = (db: Database, userId: string | SQL) =>
  [
    db.select().from(pushSettings).where(eq(pushSettings.userId, userId)),
    db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
  ] as const;

/** The preferences from what `pushPreferencesQueries` read: a kind never set is on. */
export function pushPreferencesFrom([settings, devices]: readonly [(typeof pushSettings.$inferSelect)[], unknown[]]): {
  settings: PushSettings;
  devices: number;
} {
  const row = settings[0];
  return { settings: Object.fromEntries(PUSH_KINDS.map((kind) => [kind, row ? row[COLUMN[kind]] : true])) as PushSettings, devices: devices.length };
}

export async function savePushSettings(db: Database, userId: string, settings: PushSettings, now = Date.now()) {
  const values = {
    readingRequests: settings["reading-request"],
    readerOnline: settings["reader-online"],
    deckReady: settings["deck-ready"],
    sales: settings.sale,
    dailyCard: settings["daily-card"],
    bookings: settings.booking,
    messages: settings.message,
    newDecks: settings["new-deck"],
    wishlist: settings["wished-deck"],
    updatedAt: now,
  };
  await db
    .insert(pushSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: pushSettings.userId, set: values });
}
