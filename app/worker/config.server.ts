import { readConfig, type AppConfig } from "../env.server";
import { log } from "../observe/log.server";

/** The configuration, or null when this deployment must not serve (a production Worker without its secret). */
export function configOrNull(env: Env): AppConfig | null {
  try {
    return readConfig(env);
  } catch (error) {
    log.error("configuration refused", { error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}
