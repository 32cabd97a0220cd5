// What the generated Env (types/worker-configuration.d.ts, `npm run types:worker`) cannot know from
// wrangler.toml: the variables, declared once by the zod schema in app/env.server.ts, and the
// optional bindings a deployment adds when it has them (Workers AI).
import type { EnvVariables } from "../app/env.server";

declare global {
  namespace Cloudflare {
    interface Env extends EnvVariables {
      AI?: Ai;
    }
  }
}

export {};
