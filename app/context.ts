import type { AppConfig } from "./env.server";
import type { Database } from "./db.server";
import type { CurrentUser } from "./auth/user.server";
import type { PageReads } from "./lib/page-reads.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Cloudflare.Env; ctx: ExecutionContext };
    db: Database;
    config: AppConfig;
    /** The signed-in user of this request, looked up once however many loaders ask. */
    currentUser: () => Promise<CurrentUser | null>;
    /** The same lookup when a loader or action has asked for it already, else undefined (never looks up). */
    askedUser: () => Promise<CurrentUser | null> | undefined;
    /**
     * Reads that travel in one batch with the session's check and every other loader's first reads
     * (`me` is the person, in SQL): a member's page in one round trip (lib/page-reads.server.ts).
     */
    read: PageReads["read"];
    /** Set-Cookie headers the Worker adds to whatever response this request ends with. */
    responseCookies: string[];
    /** The Content-Security-Policy nonce this response's inline scripts carry. */
    cspNonce: string;
    /** The time zone of a person without a stored one: where Cloudflare places their connection, else UTC (read on first use). */
    timeZone: string;
  }
}

export {};
