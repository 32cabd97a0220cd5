import { READER_ONLINE_WINDOW_MS } from "../env.server";

/** A reader counts as online only if flagged online and seen within the window (five minutes). */
export function isReaderOnline(reader: { isOnline: boolean; lastSeenAt: number | null }, now: number): boolean {
  return reader.isOnline && reader.lastSeenAt !== null && now - reader.lastSeenAt <= READER_ONLINE_WINDOW_MS;
}
