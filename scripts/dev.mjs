// `npm run dev`: build, migrate, seed, and serve the whole Worker (Remix, D1, R2, Durable Objects) on PORT (default 8787).
import { build, prepareState, startServer } from "./local-app.mjs";

const port = Number(process.env.PORT || 8787);
if (!process.argv.includes("--no-build")) build();
prepareState();
const server = await startServer({ port });
console.log(`\n  Arcanum is running at http://localhost:${port}\n  Sign in with demo@example.com; the link arrives at http://localhost:${port}/dev/mailbox\n`);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
