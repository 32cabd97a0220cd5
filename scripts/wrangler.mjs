// Runs wrangler with the offline environment: `node scripts/wrangler.mjs <args>`.
import { spawnSync } from "node:child_process";
import { projectRoot, wranglerBin, wranglerEnv } from "./wrangler-env.mjs";

const result = spawnSync(process.execPath, [wranglerBin, ...process.argv.slice(2)], {
  cwd: projectRoot,
  env: wranglerEnv(),
  stdio: "inherit",
});
process.exit(result.status ?? 1);
