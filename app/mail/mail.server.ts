import { desc, eq } from "drizzle-orm";
import { outboxMessages } from "../../db/schema";
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { newId } from "../lib/crypto";

/** `link` is the message's main link (the dev mailbox offers it as a button); `headers` go to the mail service as they are. */
export type MailMessage = { to: string; subject: string; text: string; html: string; link?: string; headers?: Record<string, string> };

export interface Mailer {
  readonly kind: "resend" | "outbox";
  send(message: MailMessage): Promise<void>;
}

export class MailError extends Error {}

/** Sends through Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email). */
export class ResendMailer implements Mailer {
  readonly kind = "resend";
  constructor(
    private readonly apiKey: string,
    private readonly from: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async send(message: MailMessage) {
    const response = await this.fetcher("https://api.resend.com/emails", {
      method: "POST",
      headers: { authorization: `Bearer ${this.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        from: this.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      }),
    });
    if (!response.ok) {
      const detail = await response.text().catch(() => "");
      throw new MailError(`The mail service refused the message (${response.status}): ${detail.slice(0, 200)}`);
    }
  }
}

/** Keeps mail in D1 for the development mailbox page: the whole sign-in flow works offline. */
export class OutboxMailer implements Mailer {
  readonly kind = "outbox";
  constructor(private readonly db: Database) {}

  async send(message: MailMessage) {
    await this.db.insert(outboxMessages).values({
      id: newId(),
      toAddress: message.to.toLowerCase(),
      subject: message.subject,
      text: message.text,
      link: message.link ?? null,
      createdAt: Date.now(),
    });
  }
}

/** Production with no mail service: nobody could read the outbox, so sending fails loudly instead. */
class UnconfiguredMailer implements Mailer {
  readonly kind = "outbox";
  async send(): Promise<void> {
    throw new MailError("No mail service is configured (RESEND_API_KEY)");
  }
}

export function createMailer(config: AppConfig, db: Database, fetcher: typeof fetch = fetch): Mailer {
  if (config.mail) return new ResendMailer(config.mail.apiKey, config.mail.from, fetcher);
  return config.isProduction ? new UnconfiguredMailer() : new OutboxMailer(db);
}

/** The newest messages of the local outbox, optionally for one address. */
export function listOutbox(db: Database, to?: string, limit = 50) {
  return db
    .select()
    .from(outboxMessages)
    .where(to ? eq(outboxMessages.toAddress, to.toLowerCase()) : undefined)
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit);
}
