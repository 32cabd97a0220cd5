/** A reader counts as online only if flagged online and seen within the last five minutes. */
export const READER_ONLINE_WINDOW_MS = 5 * 60 * 1000;
export const READER_HEARTBEAT_MS = 60_000;

export function isReaderOnline(reader: { isOnline: boolean; lastSeenAt: number | null }, now: number): boolean {
  return reader.isOnline && reader.lastSeenAt !== null && now - reader.lastSeenAt <= READER_ONLINE_WINDOW_MS;
}
