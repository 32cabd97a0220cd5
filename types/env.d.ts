import type { ReaderPresence } from "../party/reader-presence";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      MEDIA: R2Bucket;
      ASSETS: Fetcher;
      ReaderPresence: DurableObjectNamespace<ReaderPresence>;
      APP_ENV?: string;
    }
  }
  interface Env extends Cloudflare.Env {}
}

export {};
