import type { Lobby } from "partyserver";
import { PRESENCE_ROOM, VERIFIED_READER_HEADER } from "../../party/presence-messages";
import { createDatabase } from "../db.server";
import { getCurrentUser } from "./user.server";
import { isSameOrigin } from "./origin";

/**
 * Gatekeeper for every socket: same-origin only, known rooms only, and identity taken from the
 * session cookie, never from what the browser claims.
 */
export async function authorizePartyConnection(request: Request, lobby: Lobby<Env>, env: Env) {
  if (!isSameOrigin(request)) return new Response("Cross-origin sockets are not allowed", { status: 403 });
  if (lobby.className !== "ReaderPresence" || lobby.name !== PRESENCE_ROOM) {
    return new Response("Unknown room", { status: 404 });
  }
  const headers = new Headers(request.headers);
  headers.delete(VERIFIED_READER_HEADER);
  if (new URL(request.url).searchParams.get("as") === "reader") {
    const user = await getCurrentUser(createDatabase(env.DB), request);
    if (!user?.isReader) return new Response("Only readers can go online", { status: 403 });
    headers.set(VERIFIED_READER_HEADER, user.id);
  }
  return new Request(request, { headers });
}
