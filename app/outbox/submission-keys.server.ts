/**
 * Forms that can wait (journal notes, a review, a deck request) carry a key the server rendered into
 * the page. The first post with a key takes effect; a repeat, or one that arrives at the same moment,
 * gets the first one's outcome back and changes nothing (decision 0060). The claim-and-wait scheme is
 * the personal API's (decision 0056), kept per person and per action, for 30 days.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { and, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { submissionKeys } from "../../db/schema";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";

/** How long a key's outcome is kept: longer than any phone stays offline with a form in its outbox. */
export const SUBMISSION_KEY_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The hidden field that carries the key. */
/** The pauses before each look at an answer still under way: about four seconds in all (the API's idempotency keys wait the same). */
export const ANSWER_WAITS_MS = [25, 50, 100, 200, 400, 800, 1200, 1200];

export const SUBMISSION_KEY_FIELD = "submissionKey";

export const submissionKeyField = lazySchema(() =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, "This form's key is not valid: reload the page and send it again.")
    .optional(),
);

export type SubmissionAction = "journal-notes" | "review" | "create-deck" | "flashcard-grade";
export type SubmissionRef = { userId: string; key: string; action: SubmissionAction };

/** What a post answered, kept so a repeat answers the same: a redirect's target or the action's data. */
export type Outcome = { status: number; body: Record<string, unknown> };

export const KEY_USED_ELSEWHERE = "This form was already sent for something else. Reload the page and send it again.";
export const STILL_SENDING = "This was sent a moment ago and is still being handled. Look again in a moment.";

/** A fresh key for a form the server is drawing. */
export function newSubmissionKey(): string {
  return newId();
}

/** The key of a posted form, when it carries one; a malformed key is a 400 like any other bad field. */
export function keyOf(form: Record<string, unknown>): { ok: true; key: string | null } | { ok: false; message: string } {
  const parsed = submissionKeyField.safeParse(form[SUBMISSION_KEY_FIELD] || undefined);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  return { ok: true, key: parsed.data ?? null };
}

/** Claims the key for this request (or takes over an expired one); returns the row when claimed. */
export function claimStatement(db: Database, ref: SubmissionRef, claim: string, now: number) {
  return db
    .insert(submissionKeys)
    .values({ ...ref, claim, createdAt: now })
    .onConflictDoUpdate({
      target: [submissionKeys.userId, submissionKeys.key],
      set: { action: ref.action, claim, outcomeStatus: null, outcomeBody: null, createdAt: now },
      setWhere: lt(submissionKeys.createdAt, now - SUBMISSION_KEY_TTL_MS),
    })
    .returning({ claim: submissionKeys.claim });
}

/** True inside a statement of the same batch only when this request holds the key. */
export function holdsClaim(ref: SubmissionRef, claim: string): SQL {
  return sql`exists (select 1 from ${submissionKeys} where ${submissionKeys.userId} = ${ref.userId} and ${submissionKeys.key} = ${ref.key} and ${submissionKeys.claim} = ${claim})`;
}

/**
 * Closes a claim in the same batch as its effect: the outcome is kept when `done` holds, and the
 * key is let go otherwise, so a refused post can be sent again once the reason is gone.
 */
export function settleStatements(db: Database, ref: SubmissionRef, claim: string, outcome: Outcome, done: SQL) {
  const mine = and(eq(submissionKeys.userId, ref.userId), eq(submissionKeys.key, ref.key), eq(submissionKeys.claim, claim));
  return [
    db
      .update(submissionKeys)
      .set({ outcomeStatus: outcome.status, outcomeBody: JSON.stringify(outcome.body) })
      .where(and(mine, done)),
    db.delete(submissionKeys).where(and(mine, isNull(submissionKeys.outcomeStatus))),
  ] as const;
}

/** The outcome of a key another request claimed: waits while it is under way, null when it was let go. */
export async function earlierOutcome(
  db: Database,
  ref: SubmissionRef,
): Promise<{ kind: "outcome"; outcome: Outcome } | { kind: "conflict"; message: string } | null> {
  for (let attempt = 0; ; attempt++) {
    const [row] = await db
      .select({ action: submissionKeys.action, status: submissionKeys.outcomeStatus, body: submissionKeys.outcomeBody })
      .from(submissionKeys)
      .where(and(eq(submissionKeys.userId, ref.userId), eq(submissionKeys.key, ref.key)))
      .limit(1);
    if (!row) return null;
    if (row.action !== ref.action) return { kind: "conflict", message: KEY_USED_ELSEWHERE };
    if (row.status !== null && row.body !== null)
      return { kind: "outcome", outcome: { status: row.status, body: JSON.parse(row.body) as Record<string, unknown> } };
    const wait = ANSWER_WAITS_MS[attempt];
    if (wait === undefined) return { kind: "conflict", message: STILL_SENDING };
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * Runs `work` once per key: the request that claims it runs it and keeps a successful outcome; a
 * refusal (4xx) or a failure lets the key go, since it changed nothing. Without a key, `work` runs.
 */
export async function submitOnce(db: Database, ref: SubmissionRef | null, work: () => Promise<Outcome>): Promise<Outcome> {
  if (!ref) return work();
  const now = Date.now();
  const claim = newId();
  const claimed = await claimStatement(db, ref, claim, now);
  if (claimed.length === 0) {
    const earlier = await earlierOutcome(db, ref);
    if (earlier === null) return submitOnce(db, ref, work);
    if (earlier.kind === "conflict") return { status: 409, body: { ok: false, message: earlier.message } };
    return earlier.outcome;
  }
  const mine = and(eq(submissionKeys.userId, ref.userId), eq(submissionKeys.key, ref.key), eq(submissionKeys.claim, claim));
  let outcome: Outcome;
  try {
    outcome = await work();
  } catch (error) {
    await db.delete(submissionKeys).where(mine);
    throw error;
  }
  if (outcome.status >= 400) await db.delete(submissionKeys).where(mine);
  else
    await db
      .update(submissionKeys)
      .set({ outcomeStatus: outcome.status, outcomeBody: JSON.stringify(outcome.body) })
      .where(mine);
  return outcome;
}

/** An outcome as the action's answer: a redirect is thrown as Remix expects, data carries its status. */
export function answerWith<T extends Record<string, unknown>>(outcome: Outcome) {
  if (outcome.status >= 300 && outcome.status < 400 && typeof outcome.body.location === "string") throw redirect(outcome.body.location, outcome.status);
  return data(outcome.body as T, { status: outcome.status });
}

/** Drops keys older than 30 days (the periodic jobs). */
export async function deleteExpiredSubmissionKeys(db: Database, now: number) {
  await db.delete(submissionKeys).where(lt(submissionKeys.createdAt, now - SUBMISSION_KEY_TTL_MS));
}
