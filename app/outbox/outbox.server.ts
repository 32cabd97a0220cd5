/**
 * The server's side of the outbox (decision 0060): which account a form was drawn for, who may send
 * a waiting form, and the one JSON answer a send from the outbox gets.
 */
import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { requireUser } from "../auth/guard.server";
import type { CurrentUser } from "../auth/user.server";
import { newSubmissionKey } from "./submission-keys.server";
import { OTHER_ACCOUNT_MESSAGE, OTHER_ACCOUNT_STATUS, OUTBOX_ACCOUNT_HEADER, OUTBOX_HEADER, type OutboxAnswer } from "./protocol";

/** An opaque name of the account, so a page can tell accounts apart without holding the id. */
export async function accountTag(userId: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`arcanum-outbox:${userId}`));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** What a form that can wait needs from its page's loader: a fresh key and the account it is for. */
export async function waitingFormFor(userId: string) {
  return { key: newSubmissionKey(), account: await accountTag(userId) };
}

export function isOutboxSend(request: Request): boolean {
  return request.headers.get(OUTBOX_HEADER) === "1";
}

/**
 * The person posting. A send from the outbox is never bounced to the sign-in page (its answer would
 * look like a success): it is refused as unauthorised, or as written under another account.
 */
export async function requireSender(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  if (!isOutboxSend(request)) return requireUser(request, context);
  const user = await context.currentUser();
  if (!user) throw data({ ok: false, message: "Sign in to send this." }, { status: 401 });
  const written = request.headers.get(OUTBOX_ACCOUNT_HEADER);
  if (written !== null && written !== (await accountTag(user.id))) throw data({ ok: false, message: OTHER_ACCOUNT_MESSAGE }, { status: OTHER_ACCOUNT_STATUS });
  return user;
}

function messageIn(value: unknown): string | null {
  if (typeof value === "string" && value.trim()) return value;
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.message === "string" && record.message.trim()) return record.message;
    if ("data" in record) return messageIn(record.data);
    if (record.errors && typeof record.errors === "object") {
      const first = Object.values(record.errors as Record<string, unknown>).find((error) => typeof error === "string" && error);
      if (typeof first === "string") return first;
    }
  }
  return null;
}

/**
 * A send from the outbox answered as JSON in place of the page: the action's status and its own
 * message (or the error's). Redirects never get here: the outbox reads a redirect as done.
 */
export function outboxAnswer(status: number, context: EntryContext): Response {
  const { actionData, errors } = context.staticHandlerContext;
  const found = [...Object.values(actionData ?? {}), ...Object.values(errors ?? {})].map(messageIn).find((message) => message !== null);
  const ok = status < 400;
  const message = found ?? (ok ? "Sent." : `The server refused this (${status}).`);
  const answer: OutboxAnswer = { ok, status, message, held: status === 401 || message === OTHER_ACCOUNT_MESSAGE };
  return new Response(JSON.stringify(answer), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "private, no-store" } });
}
