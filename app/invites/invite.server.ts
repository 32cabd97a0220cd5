import { data, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, eq, gt, isNotNull, isNull, lt, notExists, or, sql } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { paidReadings, readingInvites, readingSessions, sessionParticipants, writtenRequests } from "../../db/schema";
import { personName } from "../auth/display-name";
import { requireUser } from "../auth/guard.server";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { newId, randomToken } from "../lib/crypto";

/** How an invitee joins: as a participant, a co-reader with control, or a spectator; with or without video. */
export const INVITE_TYPES = ["participant", "co-reader", "spectator", "participant-video", "co-reader-video", "spectator-video"] as const;
export type InviteType = (typeof INVITE_TYPES)[number];

/** An invitation lasts a day unless its uses run out first. */
export const INVITE_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const INVITE_MAX_USES_LIMIT = 50;

export const EXPIRED_MESSAGE = "This invitation has expired. Ask the host for a new link.";
export const USED_UP_MESSAGE = "This invitation has been used as many times as it allows. Ask the host for a new link.";
export const UNKNOWN_MESSAGE = "This invitation does not exist.";
export const LOCKED_MESSAGE = "The host has locked this reading: nobody new can join it now.";
export const REMOVED_MESSAGE = "The host removed you from this reading.";

export function inviteTypeOf(role: string, video: boolean): InviteType {
  return `${role}${video ? "-video" : ""}` as InviteType;
}

function parseType(type: InviteType) {
  const video = type.endsWith("-video");
  return { role: type.replace(/-video$/, "") as "participant" | "co-reader" | "spectator", video };
}

export const createInviteForm = lazySchema(() =>
  z.object({
    type: z.enum(INVITE_TYPES).default("participant"),
    maxUses: z.preprocess((v) => (v === "" || v == null ? undefined : v), z.coerce.number().int().min(1).max(INVITE_MAX_USES_LIMIT).optional()),
  }),
);

/** The invite link's path; the type is part of it so the page can say how the person will join. */
export function invitePath(invite: { id: string; role: string; video: boolean }) {
  return `/invite/${inviteTypeOf(invite.role, invite.video)}/${invite.id}`;
}

/** Makes an invitation to a reading the user hosts. */
export async function createInvite(db: Database, user: CurrentUser, sessionId: string, input: z.infer<typeof createInviteForm>, now = Date.now()) {
  const [reading] = await db
    .select({ id: readingSessions.id })
    .from(readingSessions)
    .where(
      and(
        eq(readingSessions.id, sessionId),
        eq(readingSessions.originalHostUserId, user.id),
        eq(readingSessions.isActive, true),
        // A paid reading is for its client and reader alone.
        sql`NOT EXISTS (SELECT 1 FROM ${paidReadings} WHERE ${paidReadings.id} = ${readingSessions.id})`,
        // So is the private table where a reader draws a written reading.
        sql`NOT EXISTS (SELECT 1 FROM ${writtenRequests} WHERE ${writtenRequests.roomId} = ${readingSessions.id})`,
      ),
    )
    .limit(1);
  if (!reading) return null;
  const { role, video } = parseType(input.type);
  const invite = {
    id: randomToken(18),
    sessionId,
    createdBy: user.id,
    role,
    video,
    maxUses: input.maxUses ?? null,
    uses: 0,
    expiresAt: now + INVITE_LIFETIME_MS,
    createdAt: now,
  };
  await db.insert(readingInvites).values(invite);
  return invite;
}

type InviteState = { ok: true; invite: typeof readingInvites.$inferSelect; hostName: string; locked: boolean } | { ok: false; status: number; message: string };

async function findInvite(db: Database, inviteId: string, now: number): Promise<InviteState> {
  const [row] = await db
    .select({ invite: readingInvites, active: readingSessions.isActive, lockedAt: readingSessions.lockedAt, hostName: sessionParticipants.name })
    .from(readingInvites)
    .innerJoin(readingSessions, eq(readingSessions.id, readingInvites.sessionId))
    .leftJoin(sessionParticipants, and(eq(sessionParticipants.sessionId, readingSessions.id), eq(sessionParticipants.isHost, true)))
    .where(eq(readingInvites.id, inviteId.slice(0, 64)))
    .limit(1);
  if (!row) return { ok: false, status: 404, message: UNKNOWN_MESSAGE };
  if (row.invite.expiresAt <= now || !row.active) return { ok: false, status: 410, message: EXPIRED_MESSAGE };
  if (row.invite.maxUses !== null && row.invite.uses >= row.invite.maxUses) return { ok: false, status: 410, message: USED_UP_MESSAGE };
  return { ok: true, invite: row.invite, hostName: row.hostName ?? "Your host", locked: row.lockedAt !== null };
}

/** The invite page: who invites, how the person will join, or why the link no longer works. */
export async function loadInvite({ params, context }: LoaderFunctionArgs) {
  if (params.type !== undefined && !(INVITE_TYPES as readonly string[]).includes(params.type)) {
    return data({ ok: false as const, message: "This invitation link is not valid." }, { status: 404 });
  }
  const found = await findInvite(context.db, params.inviteId ?? "", Date.now());
  if (!found.ok) return data({ ok: false as const, message: found.message }, { status: found.status });
  if (found.locked) return data({ ok: false as const, message: LOCKED_MESSAGE }, { status: 403 });
  const user = await context.currentUser();
  return {
    ok: true as const,
    hostName: found.hostName,
    role: found.invite.role,
    video: found.invite.video,
    expiresAt: found.invite.expiresAt,
    signedIn: Boolean(user),
  };
}

/**
 * Takes a seat through an invitation (a guest too). Someone already seated keeps their seat and
 * uses nothing; a new seat uses one of the link's uses, counted in the same statement that checks
 * them, so a link for three seats three people however fast they click.
 */
export async function acceptInvite(db: Database, user: CurrentUser, inviteId: string, now = Date.now()) {
  const found = await findInvite(db, inviteId, now);
  if (!found.ok) return found;
  const { invite } = found;
  const [seated] = await db
    .select({ id: sessionParticipants.id, removedAt: sessionParticipants.removedAt })
    .from(sessionParticipants)
    .where(and(eq(sessionParticipants.sessionId, invite.sessionId), eq(sessionParticipants.userId, user.id)))
    .limit(1);
  if (seated?.removedAt != null) return { ok: false as const, status: 403, message: REMOVED_MESSAGE };
  if (seated) return { ok: true as const, sessionId: invite.sessionId, video: invite.video };
  if (found.locked) return { ok: false as const, status: 403, message: LOCKED_MESSAGE };
  const seatId = newId();
  const [, seats] = await db.batch([
    db
      .update(readingInvites)
      .set({ uses: sql`${readingInvites.uses} + 1` })
      .where(
        and(
          eq(readingInvites.id, invite.id),
          gt(readingInvites.expiresAt, now),
          or(isNull(readingInvites.maxUses), lt(readingInvites.uses, readingInvites.maxUses)),
          // Checked in the same statement: a lock that lands between the look-up and the seat still holds.
          notExists(
            db
              .select({ id: readingSessions.id })
              .from(readingSessions)
              .where(and(eq(readingSessions.id, readingInvites.sessionId), or(isNotNull(readingSessions.lockedAt), eq(readingSessions.isActive, false)))),
          ),
        ),
      ),
    db
      .insert(sessionParticipants)
      .select(
        db
          .select({
            id: sql<string>`${seatId}`.as("id"),
            sessionId: readingInvites.sessionId,
            userId: sql<string>`${user.id}`.as("user_id"),
            anonymousId: sql<null>`NULL`.as("anonymous_id"),
            name: sql<string>`${personName(user)}`.as("name"),
            isHost: sql<boolean>`0`.as("is_host"),
            role: readingInvites.role,
            isActive: sql<boolean>`1`.as("is_active"),
            removedAt: sql<null>`NULL`.as("removed_at"),
            arrivedAt: sql<null>`NULL`.as("arrived_at"),
            joinedAt: sql<number>`${now}`.as("joined_at"),
            lastSeenAt: sql<number>`${now}`.as("last_seen_at"),
          })
          .from(readingInvites)
          // Only when the use was counted just now: the row's changes() is 1 in that case.
          .where(and(eq(readingInvites.id, invite.id), sql`changes() = 1`)),
      )
      .returning({ id: sessionParticipants.id }),
  ]);
  if (seats.length === 0) {
    const again = await findInvite(db, inviteId, now);
    if (again.ok && again.locked) return { ok: false as const, status: 403, message: LOCKED_MESSAGE };
    return { ok: false as const, status: 410, message: USED_UP_MESSAGE };
  }
  return { ok: true as const, sessionId: invite.sessionId, video: invite.video };
}

export async function acceptInviteAction({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const result = await acceptInvite(context.db, user, params.inviteId ?? "");
  if (!result.ok) return data({ ok: false as const, message: result.message }, { status: result.status });
  // A video invitation opens the room with the call starting.
  // A new document: only the reading room's own page may use the camera and microphone.
  throw redirectDocument(`/reading-room?session=${result.sessionId}${result.video ? "&video=1" : ""}`);
}
