import type { AppLoadContext } from "@remix-run/cloudflare";
import { getCurrentUser } from "./auth/user.server";
import { createDatabase } from "./db.server";
import { readConfig } from "./env.server";

export function createLoadContext(request: Request, env: Env, ctx: ExecutionContext): AppLoadContext {
  const db = createDatabase(env.DB);
  let user: ReturnType<typeof getCurrentUser> | undefined;
  return {
    cloudflare: { env, ctx },
    db,
    config: readConfig(env),
    currentUser: () => (user ??= getCurrentUser(db, request)),
  };
}
