// `npm run jobs`: runs the periodic jobs (the cron's scheduled handler) once in the app `npm run dev`
// serves on PORT (default 8787), and says whether they all succeeded. `npm run dev` opens `/__scheduled`
// for this; `/cdn-cgi/handler/scheduled` cannot reach a Worker with static assets under this wrangler (docs/decisions/0057).
const port = Number(process.env.PORT || 8787);
const url = `http://127.0.0.1:${port}/__scheduled?cron=${encodeURIComponent("*/15 * * * *")}`;
let response;
try {
  response = await fetch(url);
} catch {
  console.error(`Nothing answers on port ${port}: start the app with \`npm run dev\` (PORT=${port} if it is not the default) first.`);
  process.exit(1);
}
if (response.ok) {
  console.log("The periodic jobs ran.");
} else {
  console.error(`The periodic jobs did not all succeed (HTTP ${response.status}); the dev server's log says which failed.`);
  process.exit(1);
}
