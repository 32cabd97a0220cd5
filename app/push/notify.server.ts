// The one way the app sends a push: `notify(target, news)` hands the sending to `waitUntil`, so the
// request or room event that caused it never waits on a push service (decision 0061). What a push
// says, and who hears of it, is worded by the part of the product whose news it is (each
// `…News` builder beside its domain); this module only delivers: devices and settings, pace, the
// e-mail for those no device reaches.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { pushSettings, pushSubscriptions, users } from "../../db/schema";
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { createMailer } from "../mail/mail.server";
import { noticeMessage, type Notice } from "../mail/notices.server";
import { deliver, type Delivery, type Device } from "./delivery.server";
import type { PushKind, PushMessage } from "./messages";
import { mayPushTo } from "./pace.server";
import { settingColumn } from "./subscriptions.server";
import { log } from "../observe/log.server";
import { inBackground } from "../lib/round-trips.server";

/** Where a push's work runs: the database, the configuration and the runtime's `waitUntil`. */
export type PushTarget = { db: Database; config: AppConfig; waitUntil: (work: Promise<unknown>) => void };

/** A route's target. */
export function pushTargetOf(context: AppLoadContext): PushTarget {
  return { db: context.db, config: context.config, waitUntil: (work) => context.cloudflare.ctx.waitUntil(work) };
}

/** Who hears of a piece of news, what it says, and how it travels. */
export type PushAddress = {
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

/** A piece of news to tell, as its own part of the product words it. */
export type PushNews = {
  /** The setting (and pace) it goes by. */
  kind: PushKind;
  /** Who chose to send it, where someone other than the recipient did: paced per sender too. */
  sender?: string;
  /** It may go by e-mail, so it goes on where no push service is set up. */
  mails?: boolean;
  /** Who hears of it and what it says; null when it is not (or no longer) one to tell. */
  address: (db: Database, config: AppConfig, now: number) => Promise<PushAddress | null>;
};

/** How long a push stays worth delivering when its news lasts the day. */
export const DAY_SECONDS = 24 * 60 * 60;

/** Off for a person who turned the kind off; no settings row means on. */
export const kindIsOn = (kind: PushKind, userId: SQL) =>
  sql`not exists (select 1 from ${pushSettings} where ${pushSettings.userId} = ${userId} and ${settingColumn(kind)} = 0)`;

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

/** The e-mails of a piece of news, sent in turn; a mail service that fails is logged and the rest still go. */
async function mailThose(target: Omit<PushTarget, "waitUntil">, addressed: PushAddress, people: { id: string; email: string }[]) {
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
 * of those who have the kind on, as far as the kind's pace allows (pace.server.ts); news that
 * also mails (a sale) mails everyone with the kind on, and a reader coming online mails those of
 * their followers no device of theirs would tell.
 */
export async function sendPushNow(target: Omit<PushTarget, "waitUntil">, news: PushNews, now = Date.now()) {
  const push = target.config.push;
  // News that also mails goes on without a push service; the rest has nothing to send.
  if (!push && !news.mails) return [];
  const addressed = await news.address(target.db, target.config, now);
  if (!addressed || addressed.to.length === 0) return [];
  const kind = news.kind;
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
    news.sender ?? null,
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
export function notify(target: PushTarget, news: PushNews): void {
  target.waitUntil(
    // Started on a later turn of the event loop, so the caller's own work and its answer come first:
    // nobody waits for a push, and its reads are not the request's (no loader's round trips either).
    inBackground(() => new Promise((resolve) => setTimeout(resolve, 0)).then(() => sendPushNow(target, news))).catch((error) => {
      log.error("push failed", { kind: news.kind, error });
    }),
  );
}
