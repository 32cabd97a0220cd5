import type { DeckGenerator } from "../party/deck-generator";
import type { PrintJob } from "../party/print-job";
import type { ReaderPresence } from "../party/reader-presence";
import type { ReadingRoom } from "../party/reading-room";
import type { UserChannel } from "../party/user-channel";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      MEDIA: R2Bucket;
      ASSETS: Fetcher;
      ReaderPresence: DurableObjectNamespace<ReaderPresence>;
      DeckGenerator: DurableObjectNamespace<DeckGenerator>;
      ReadingRoom: DurableObjectNamespace<ReadingRoom>;
      UserChannel: DurableObjectNamespace<UserChannel>;
      PrintJob: DurableObjectNamespace<PrintJob>;
      APP_ENV?: string;
      AUTH_SECRET?: string;
      GOOGLE_CLIENT_ID?: string;
      GOOGLE_CLIENT_SECRET?: string;
      RESEND_API_KEY?: string;
      MAIL_FROM?: string;
      GEMINI_API_KEY?: string;
      AI_GATEWAY_ID?: string;
      CLOUDFLARE_ACCOUNT_ID?: string;
      GUEST_LIMIT_PER_HOUR?: string;
      STRIPE_SECRET_KEY?: string;
      STRIPE_WEBHOOK_SECRET?: string;
      STRIPE_CONNECT_WEBHOOK_SECRET?: string;
      VAPID_PUBLIC_KEY?: string;
      VAPID_PRIVATE_KEY?: string;
      VAPID_SUBJECT?: string;
      AI?: Ai;
      SENTRY_DSN?: string;
      ANALYTICS_READ_TOKEN?: string;
      /** Workers Analytics Engine, when bound: the app's metrics (app/observe/metrics.server.ts); absent, they go to D1. */
      METRICS?: AnalyticsEngineDataset;
      /** "1" in test and benchmark runs: each response says how many round trips it made (app/lib/round-trips.server.ts). */
      COUNT_ROUND_TRIPS?: string;
      /** Development only: milliseconds every D1 round trip of a page waits, as for a distant primary. */
      D1_LATENCY_MS?: string;
      /** "off" renders every page afresh, for measuring what a render costs (app/render/document-memo.server.ts). */
      RENDER_MEMO?: string;
    }
  }
  interface Env extends Cloudflare.Env {}
}

export {};
