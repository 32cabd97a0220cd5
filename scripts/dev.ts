// `npm run dev`: build, migrate, seed, and serve the whole Worker (Remix, D1, R2, Durable Objects) on PORT (default 8787).
import { devVariables, fileVariables } from "./dev-variables";
import { build, prepareState, startServer } from "./local-app.mjs";

let variables: ReturnType<typeof devVariables>;
try {
  // A bad value stops the start here, with the message the Worker would answer every request with.
  variables = devVariables(process.env, fileVariables());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (variables.fromEnvironment.length > 0) console.log(`From the environment: ${variables.fromEnvironment.join(", ")}`);

const port = Number(process.env.PORT || 8787);
if (!process.argv.includes("--no-build")) build();
prepareState();
const server = await startServer({ port, vars: variables.vars, testScheduled: true });
console.log(`\n  Arcanum is running at http://localhost:${port}\n  Sign in with demo@example.com; the link arrives at http://localhost:${port}/dev/mailbox\n  Run the periodic jobs now with \`npm run jobs\`\n`);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
