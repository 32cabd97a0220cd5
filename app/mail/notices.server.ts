// Notices by e-mail: receipts, reminders and "something happened" messages. One plain layout for
// all of them, with an HTML part and a text part saying the same thing, and sending that never fails
// or holds up the request that caused it.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { createMailer, type MailMessage } from "./mail.server";
import { log } from "../observe/log.server";
import { inBackground } from "../lib/round-trips.server";

/** Where a notice's sending runs: a route's context or a Durable Object's own `waitUntil`. */
export type NoticeTarget = { db: Database; config: AppConfig; waitUntil: (work: Promise<unknown>) => void };

/** A route's target. */
export function noticeTargetOf(context: AppLoadContext): NoticeTarget {
  return { db: context.db, config: context.config, waitUntil: (work) => context.cloudflare.ctx.waitUntil(work) };
}

/** A label and its value, one line of a receipt. */
export type NoticeRow = { label: string; value: string };

export type Notice = {
  to: string;
  subject: string;
  /** The first line, as a heading. */
  heading: string;
  /** Paragraphs, in order; plain text (escaped here). */
  paragraphs: string[];
  /** Label and value rows, e.g. a receipt's lines. */
  rows?: NoticeRow[];
  /** The one thing to do next, as an absolute URL. */
  action?: { label: string; url: string };
  /** A one-click way to stop this kind of notice, as an absolute URL. */
  unsubscribeUrl?: string;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The message a notice becomes: accessible HTML (one column, real text, a language) and its text twin. */
export function noticeMessage(notice: Notice): MailMessage {
  const text = [
    notice.heading,
    "",
    ...notice.paragraphs.flatMap((p) => [p, ""]),
    ...(notice.rows?.length ? [...notice.rows.map((r) => `${r.label}: ${r.value}`), ""] : []),
    ...(notice.action ? [`${notice.action.label}: ${notice.action.url}`, ""] : []),
    "— Arcanum",
    ...(notice.unsubscribeUrl ? ["", `Stop these e-mails: ${notice.unsubscribeUrl}`] : []),
  ].join("\n");

  const rows = notice.rows?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:16px 0">${notice.rows
        .map(
          (r) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:normal;color:#555">${escapeHtml(r.label)}</th><td style="padding:4px 0">${escapeHtml(r.value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const action = notice.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(notice.action.url)}" style="background:#3b2a6b;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(notice.action.label)}</a></p>`
    : "";
  const unsubscribe = notice.unsubscribeUrl
    ? `<p style="font-size:13px;color:#555">Don't want these? <a href="${escapeHtml(notice.unsubscribeUrl)}">Stop these e-mails</a> in one click.</p>`
    : "";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(notice.subject)}</title></head><body style="font-family:Georgia,serif;font-size:16px;line-height:1.5;color:#1d1a24;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:22px">${escapeHtml(notice.heading)}</h1>${notice.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}${rows}${action}<p>— Arcanum</p>${unsubscribe}</body></html>`;

  return {
    to: notice.to,
    subject: notice.subject,
    text,
    html,
    link: notice.action?.url,
    headers: notice.unsubscribeUrl ? { "List-Unsubscribe": `<${notice.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : undefined,
  };
}

/**
 * Sends a notice after the response, through the configured mailer (the dev mailbox locally).
 * A notice is a courtesy: a mail service that fails is logged, and the action that caused it stands.
 */
export function sendNotice(target: NoticeTarget, notice: Notice) {
  const mailer = createMailer(target.config, target.db);
  target.waitUntil(
    inBackground(() => mailer.send(noticeMessage(notice))).catch((error: unknown) => {
      log.error("notice mail failed", { subject: notice.subject, error });
    }),
  );
}
