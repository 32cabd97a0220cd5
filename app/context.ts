import type { AppConfig } from "./env.server";
import type { Database } from "./db.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Cloudflare.Env; ctx: ExecutionContext };
    db: Database;
    config: AppConfig;
  }
}

export {};
