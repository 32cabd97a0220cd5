import { z } from "zod";

const schema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("production"),
});

export type AppConfig = {
  appEnv: z.infer<typeof schema>["APP_ENV"];
  isProduction: boolean;
};

let cached: { source: unknown; config: AppConfig } | undefined;

/** Validates the Worker's variables once per isolate; a misconfigured deploy fails loudly on its first request. */
export function readConfig(env: Cloudflare.Env): AppConfig {
  if (cached?.source === env) return cached.config;
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  const config: AppConfig = {
    appEnv: parsed.data.APP_ENV,
    isProduction: parsed.data.APP_ENV === "production",
  };
  cached = { source: env, config };
  return config;
}
