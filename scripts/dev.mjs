// `npm run dev`: build, migrate, seed, and serve the whole Worker (Remix, D1, R2, Durable Objects) on PORT (default 8787).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { build, prepareState, projectRoot, startServer } from "./local-app.mjs";

// The app's variables from this environment and .dev.vars, checked as the Worker checks them
// (scripts/dev-variables.ts, in TypeScript like app/env.server.ts); a bad value stops the start here.
const checked = spawnSync(
  process.execPath,
  [path.join(projectRoot, "node_modules", "tsx", "dist", "cli.mjs"), path.join(projectRoot, "scripts", "dev-variables.ts")],
  {
    cwd: projectRoot,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  },
);
if (checked.status !== 0) process.exit(1);
const { vars, fromEnvironment } = JSON.parse(checked.stdout);
if (fromEnvironment.length > 0) console.log(`From the environment: ${fromEnvironment.join(", ")}`);

const port = Number(process.env.PORT || 8787);
if (!process.argv.includes("--no-build")) build();
prepareState();
const server = await startServer({ port, vars, testScheduled: true });
console.log(
  `\n  Arcanum is running at http://localhost:${port}\n  Sign in with demo@example.com; the link arrives at http://localhost:${port}/dev/mailbox\n  Run the periodic jobs now with \`npm run jobs\`\n`,
);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
