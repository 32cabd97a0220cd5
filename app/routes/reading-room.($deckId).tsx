import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { ReadingRoomError, ReadingRoomPage, roomMeta } from "~/reading-room/room-page";
import { loadReadingRoom } from "~/reading-room/room.server";
import type { PageHandle } from "~/lib/page-handle";

/**
 * Round trips: a reading's page reads the person, finds the reading, then asks the room's Durable
 * Object for its table (partyserver names the room first: two calls), then reads its deck's art
 * (decision 0132: the count had missed the room's naming, hidden by the decks read beside the reading); opening a
 * room checks the deck, writes the reading and the host's seat; a table's form finds the person's
 * seat and hands the room its message.
 */
export const handle: PageHandle = { roundTrips: 5, actionRoundTrips: 8 };
export { readingRoomAction as action } from "~/reading-room/room.server";

export const loader = (args: LoaderFunctionArgs) => loadReadingRoom(args);
/** A tip sent from a paid reading's bar changes nothing this page loaded: the room itself tells the bar the balance left. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.startsWith("/readings/") ? false : defaultShouldRevalidate;
export const meta = roomMeta;
export const ErrorBoundary = ReadingRoomError;
export default ReadingRoomPage;
