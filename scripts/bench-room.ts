// `npm run bench:room`: the reading room's delivery times alone (scripts/room-delivery.ts), against
// the built Worker's own runtime: no debugger, and not through wrangler's dev proxy, which relays
// every frame through one more process (docs/decisions/0088). Writes bench-results/room.json.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { prepareState } from "./local-app.mjs";
import { measureRoomDelivery, saveRoomDelivery, startRoomServer } from "./room-delivery";

const state = mkdtempSync(path.join(tmpdir(), "arcanum-bench-room-"));
prepareState(state);
const server = await startRoomServer(state);
try {
  saveRoomDelivery(await measureRoomDelivery(server.url));
  console.log("saved bench-results/room.json");
} finally {
  await server.stop();
  rmSync(state, { recursive: true, force: true });
}
