import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ReadingRoomError, ReadingRoomPage, roomMeta } from "~/reading-room/room-page";
import { loadReadingRoom } from "~/reading-room/room.server";
import type { PageHandle } from "~/lib/page-handle";

/** Round trips: it opens a reading room as /reading-room does. */
export const handle: PageHandle = { roundTrips: 5 };
export { readingRoomAction as action } from "~/reading-room/room.server";

export const loader = (args: LoaderFunctionArgs) => loadReadingRoom(args);
export const meta = roomMeta;
export const ErrorBoundary = ReadingRoomError;
export default ReadingRoomPage;
