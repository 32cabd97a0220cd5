// `node scripts/prepare-state.mjs DIR`: a fresh local state in DIR (every migration and the demo
// data, as `npm run dev` makes it), which `npm test` prepares once for the runs that start from
// one: the browser tests' apps and the restore drill (`freshState` in local-app.mjs).
import path from "node:path";
import { prepareStateFolder } from "./local-app.mjs";

const folder = process.argv[2];
if (!folder) {
  console.error("Usage: node scripts/prepare-state.mjs DIR");
  process.exit(2);
}
prepareStateFolder(path.resolve(folder));
console.log(`Prepared a fresh state in ${folder}.`);
