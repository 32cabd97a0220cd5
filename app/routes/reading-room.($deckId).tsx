import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ReadingRoomError, ReadingRoomPage, roomMeta } from "~/reading-room/room-page";
import { loadReadingRoom } from "~/reading-room/room.server";
import type { PageHandle } from "~/lib/page-handle";

/** Round trips: opening a room checks that the deck may be laid, writes the reading and the host's seat, then asks the room's Durable Object for the table before showing it. */
export const handle: PageHandle = { roundTrips: 6, actionRoundTrips: 8 };
export { readingRoomAction as action } from "~/reading-room/room.server";

export const loader = (args: LoaderFunctionArgs) => loadReadingRoom(args);
export const meta = roomMeta;
export const ErrorBoundary = ReadingRoomError;
export default ReadingRoomPage;
