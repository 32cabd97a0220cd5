import { PRESENCE_ROOM, VERIFIED_READER_HEADER, type VerifiedReader } from "../readers/presence-messages";
import { ROOM_MEMBER_HEADER, roomMemberFor } from "../reading-room/room-store.server";
import { eq } from "drizzle-orm";
import { decks } from "../../db/schema";
import { createDatabase } from "../db.server";
import { getCurrentUser } from "../auth/user.server";
import { isSameOrigin } from "../auth/origin";

/** The parties there are: `/parties/<party>/<room>`. */
export const PARTIES = ["reader-presence", "deck-generator", "reading-room", "user-channel"] as const;

/** The rooms that exist, by URL: `/parties/<party>/<room>`. */
const ROOMS: Record<(typeof PARTIES)[number], (room: string) => boolean> = {
  "reader-presence": (room) => room === PRESENCE_ROOM,
  "deck-generator": (room) => /^[A-Za-z0-9_-]{1,64}$/.test(room),
  "reading-room": (room) => /^[A-Za-z0-9_-]{1,64}$/.test(room),
  "user-channel": (room) => /^[A-Za-z0-9_-]{1,64}$/.test(room),
};

/**
 * Gatekeeper for every socket: same-origin only, known rooms only, and identity taken from the
 * session cookie, never from what the browser claims. Returns the request to forward, or a refusal.
 */
export async function gatePartyRequest(request: Request, env: Env): Promise<Request | Response> {
  const [, , party = "", room = "", ...rest] = new URL(request.url).pathname.split("/");
  if (rest.length > 0 || !(PARTIES as readonly string[]).includes(party) || !ROOMS[party as (typeof PARTIES)[number]](room))
    return new Response("Unknown room", { status: 404 });
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
    return new Response("This room only speaks WebSocket", { status: 426 });
  }
  if (!isSameOrigin(request)) return new Response("Cross-origin sockets are not allowed", { status: 403 });

  if (party === "deck-generator") {
    // A deck's progress is its owner's business only.
    const db = createDatabase(env.DB);
    const user = await getCurrentUser(db, request);
    const deck = await db.query.decks.findFirst({ columns: { creatorId: true }, where: eq(decks.id, room) });
    if (!user || !deck || deck.creatorId !== user.id) return new Response("Not your deck", { status: 403 });
  }

  if (party === "user-channel") {
    // A person's channel is theirs alone, and only members have one.
    const user = await getCurrentUser(createDatabase(env.DB), request);
    if (!user || user.isGuest || user.id !== room) return new Response("Not your channel", { status: 403 });
  }

  const headers = new Headers(request.headers);
  headers.delete(VERIFIED_READER_HEADER);
  headers.delete(ROOM_MEMBER_HEADER);

  if (party === "reading-room") {
    // A seat in the reading (the host's, or one taken through an invite) is needed to sit at the table.
    const db = createDatabase(env.DB);
    const user = await getCurrentUser(db, request);
    const member = user ? await roomMemberFor(db, room, user) : null;
    if (!member) return new Response("Not a participant of this reading", { status: 403 });
    headers.set(ROOM_MEMBER_HEADER, JSON.stringify(member));
  }
  if (new URL(request.url).searchParams.get("as") === "reader") {
    const user = await getCurrentUser(createDatabase(env.DB), request);
    if (!user?.isReader || !user.username) return new Response("Only readers can go online", { status: 403 });
    if (!user.readerAvailable) return new Response("Choose to be available on your reader dashboard first", { status: 409 });
    headers.set(VERIFIED_READER_HEADER, JSON.stringify({ id: user.id, username: user.username } satisfies VerifiedReader));
  }
  return new Request(request, { headers });
}
