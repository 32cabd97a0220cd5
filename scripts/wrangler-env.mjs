// Environment that keeps wrangler offline and inside the project (no metrics, no lookup of request.cf, no files in $HOME).
import { fileURLToPath } from "node:url";
import path from "node:path";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const wranglerBin = path.join(projectRoot, "node_modules", "wrangler", "bin", "wrangler.js");

export function wranglerEnv(extra = {}) {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    XDG_CONFIG_HOME: path.join(projectRoot, ".xdg"),
    ...extra,
  };
}
