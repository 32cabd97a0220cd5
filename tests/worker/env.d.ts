import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** An empty database of its own, for the migration test to build up step by step. */
      MIGRATION_DB: D1Database;
    }
  }
}
