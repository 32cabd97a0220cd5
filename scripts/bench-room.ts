// `npm run bench:room`: the reading room's delivery times alone (scripts/room-delivery.ts), against
// the built Worker's own runtime: no debugger, and not through wrangler's dev proxy, which relays
// every frame through one more process (docs/decisions/0088). Writes bench-results/room.json.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, prepareState, startServer } from "./local-app.mjs";
import { measureRoomDelivery, ROOM_SERVER_VARS, saveRoomDelivery } from "./room-delivery";

const state = mkdtempSync(path.join(tmpdir(), "arcanum-bench-room-"));
prepareState(state);
const server = await startServer({
  port: await freePort(),
  persistTo: state,
  logLevel: "error",
  stdio: "ignore",
  inspector: false,
  direct: true,
  vars: ROOM_SERVER_VARS,
});
try {
  console.log("Reading room: one action carried to every browser at the table");
  saveRoomDelivery(await measureRoomDelivery(server.url));
  console.log("saved bench-results/room.json");
} finally {
  await server.stop();
  rmSync(state, { recursive: true, force: true });
}
